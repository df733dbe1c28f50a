"""The strong player's auction in 42: the lowest points bid against a pass, decided by the
chance the seat's turn asks for (``strong_classic.call``), measured at the table for the strong
player (``strong.BID_FROM``); and two marks when the score makes them worth more."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from engine import Game, observe
from engine.actions import Bid, Pass
from engine.observation import Observation
from engine.options import Options
from engine.players import strong, strong_classic
from engine.players.strong_classic import Choice, Outlook, Turn, turn_of
from engine.trumps import Trump

from .conftest import after_calls, at_marks


def after(calls: Sequence[str]) -> Observation:
    return after_calls(calls, "turns")


def test_each_turn_of_the_auction_is_told_apart() -> None:
    assert [turn_of(after(calls)) for calls in ((), ("pass",), ("pass", "pass"),
                                                 ("pass", "pass", "pass"), ("30",),
                                                 ("pass", "pass", "31"))] == [
        Turn.FIRST, Turn.SECOND, Turn.THIRD, Turn.LAST, Turn.OVER, Turn.OVER]


def weighed_at(monkeypatch: pytest.MonkeyPatch, chance: float) -> None:
    """Every hand weighs the lowest bid at ``chance``."""
    def weigh(observation: Observation) -> Choice:
        lowest = next(a for a in observation.legal if isinstance(a, Bid))
        outlook = Outlook(Trump.SIXES, 5.0, [lowest.points] * 8)
        return Choice(lowest, chance, outlook, outlook)
    monkeypatch.setattr(strong_classic, "weigh", weigh)


@pytest.mark.parametrize("turn", list(Turn))
def test_a_bid_is_made_above_the_chance_its_turn_asks(monkeypatch: pytest.MonkeyPatch,
                                                      turn: Turn) -> None:
    calls = {Turn.FIRST: (), Turn.SECOND: ("pass",), Turn.THIRD: ("pass", "pass"),
             Turn.LAST: ("pass", "pass", "pass"), Turn.OVER: ("30",)}[turn]
    observation = after(calls)
    weighed_at(monkeypatch, 0.5)
    lowest = next(a for a in observation.legal if isinstance(a, Bid))
    asks: Mapping[Turn, float] = dict.fromkeys(Turn, 0.9)
    for player, call in ((strong_classic, strong_classic.call),
                         (strong, strong.call_to_the_score)):
        monkeypatch.setattr(player, "BID_FROM", {**asks, turn: 0.49})
        assert call(observation).action == lowest
        monkeypatch.setattr(player, "BID_FROM", {**asks, turn: 0.51})
        assert call(observation).action == Pass()


def test_the_strong_player_opens_on_chances_the_classic_player_passes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the auction, a bid was measured to be worth more than a pass well below the
    classic player's 0.62; over an opponent's bid, from about an even chance."""
    assert strong.BID_FROM[Turn.FIRST] < strong_classic.BID_FROM[Turn.FIRST]
    between = (strong.BID_FROM[Turn.FIRST] + strong_classic.BID_FROM[Turn.FIRST]) / 2
    weighed_at(monkeypatch, between)
    opening = after(())
    assert strong.auction_call(opening).action == Bid(30)
    assert strong_classic.auction_call(opening).action == Pass()
    assert all(0.4 <= chance <= 0.7 for chance in strong.BID_FROM.values())


def test_the_partner_holding_the_bid_is_never_bid_over() -> None:
    partner_holds = after(("pass", "30", "pass"))
    assert strong.auction_call(partner_holds).action == Pass()


def test_the_250_point_game_keeps_the_classic_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    """H-POINTS: the hint's call is the strong player's, which is the classic one there."""
    between = (strong.BID_FROM[Turn.FIRST] + strong_classic.BID_FROM[Turn.FIRST]) / 2
    weighed_at(monkeypatch, between)
    game = Game.new("turns", Options(points_game=True))
    seat = game.to_act
    assert seat is not None
    opening = observe(game, seat)
    assert strong.auction_call(opening).action == Pass()
    assert strong.decide(opening, random.Random(0)) == Pass()



def test_two_marks_are_bid_when_the_score_makes_them_worth_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sure points bid against an even chance of every trick: one mark on average, but when
    the others need one mark, two marks at half the chance are worth more."""
    def weigh(observation: Observation) -> Choice:
        sweeps = Outlook(Trump.SIXES, 6.0, [42] * 6 + [36] * 2)
        return Choice(Bid(30), 0.9, sweeps, sweeps)
    monkeypatch.setattr(strong_classic, "weigh", weigh)
    opening = after(())
    assert 0.45 < strong.sweep_chance(weigh(opening).sweeper) < 0.6
    assert strong.auction_call(at_marks(opening, 0, 0)).action == Bid(30)
    assert strong.auction_call(at_marks(opening, 5, 5)).action == Bid(30)
    assert strong.auction_call(at_marks(opening, 4, 6)).action == Bid(marks=2)
    assert strong.auction_call(at_marks(opening, 0, 6)).action == Bid(marks=2)
    assert strong_classic.auction_call(at_marks(opening, 4, 6)).action == Bid(30)


def test_the_playouts_share_of_sweeps_is_read_soberly() -> None:
    """Half the playouts taking every trick is about a one-in-three chance at the table."""
    half = Outlook(Trump.SIXES, 6.0, [42] * 4 + [36] * 4)
    assert 0.25 < strong.sweep_chance(half) < 0.45
    more = Outlook(Trump.SIXES, 6.0, [42] * 7 + [36])
    assert strong.sweep_chance(half) < strong.sweep_chance(more) < 0.875


def test_a_dealer_who_must_bid_weighs_two_marks_against_the_bid_not_a_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """H-FORCED-BID: after three passes the dealer must bid; at 4 marks to 6, a weak points bid is
    worth less than a long shot at two marks, though passing (were it open) would be worth more
    than either."""
    def weigh(observation: Observation) -> Choice:
        weak = Outlook(Trump.SIXES, 4.0, [42] * 1 + [30] * 2 + [20] * 5)
        return Choice(Bid(30), 0.2, weak, weak)
    monkeypatch.setattr(strong_classic, "weigh", weigh)
    game = Game.new("turns", Options(forced_bid=True))
    for _ in range(3):
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, Pass())
    dealer = game.to_act
    assert dealer is not None
    last = observe(game, dealer)
    assert Pass() not in last.legal
    chance = strong.sweep_chance(weigh(last).sweeper)
    assert 0.1 < chance < 0.25  # two marks win at 0.5 after; one mark at 0.25; a pass is 0.125
    assert strong.auction_call(at_marks(last, 4, 6)).action == Bid(marks=2)
    assert strong.auction_call(at_marks(last, 0, 0)).action == Bid(30)
