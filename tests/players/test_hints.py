"""Hints (engine.players.hints): equal observations give equal hints, whatever lies unseen, and
the reason names what the suggested action does."""

from __future__ import annotations

import random

import pytest

from engine import Game, HandState, Seat, observe
from engine.actions import Bid, Pass, Play
from engine.dominoes import Domino
from engine.players import rules, strong
from engine.players.hints import Hint, Reason, explain, hint
from engine.players.strong_classic import Call, Outlook
from engine.trumps import Trump
from engine.variants import FORTY_TWO, MOON
from tests.engine.variant_helpers import act, deal_of

from .conftest import decision_points, twin


def _game(hands: dict[int, str], script: str) -> Game:
    state = act(HandState.start(deal_of(FORTY_TWO, 0, hands)), FORTY_TWO, script)
    return Game("s", state.options, state, marks=(0, 0), score=(0, 0))


def _hint(game: Game) -> Hint:
    seat = game.to_act
    assert seat is not None
    return hint(observe(game, seat))


def test_equal_observations_give_equal_hints_whatever_the_other_hands_hold() -> None:
    rng = random.Random(7)
    checked = 0
    for game in decision_points("hints", rules.decide, every=9):
        seat = game.to_act
        assert seat is not None
        other = twin(game, seat, rng)
        if other is None:
            continue
        assert observe(other, seat) == observe(game, seat)
        first = _hint(game)
        assert first == _hint(game) == _hint(other)
        assert first.action in game.legal_actions()
        checked += 1
        if checked == 8:
            break
    assert checked == 8


def test_the_only_legal_tile_is_the_only_play() -> None:
    game = _game({1: "6-6 5-6 4-6 3-6 2-6 1-6 0-5", 2: "0-6 1-1 2-2 3-3 4-4 5-5 0-1"},
                 "1 bid:30 2 pass 3 pass 0 pass 1 trump:6 1 play:6-6")
    assert _hint(game) == Hint(Play(Domino.parse("0-6")), Reason.ONLY_PLAY, Domino.parse("0-6"))


def test_following_names_what_the_tile_does_to_the_trick() -> None:
    game = _game({1: "6-6 5-6 4-6 3-6 2-6 1-6 0-6", 2: "2-2 0-1 0-2 0-3 0-4 1-2 1-3",
                  3: "5-5 0-0 1-1 1-4 1-5 2-3 2-4"},
                 "1 bid:30 2 pass 3 pass 0 pass 1 trump:6 1 play:6-6 2 play:2-2")
    seen = observe(game, Seat(3))  # the partner's [6|6] is winning
    for tile, reason in (("5-5", Reason.GIVE_COUNT), ("0-0", Reason.PLAY_LOW)):
        play = Play(Domino.parse(tile))
        assert explain(seen, play) == Hint(play, reason, Domino.parse(tile))
    game = _game({1: "0-1 5-6 4-6 3-6 2-6 1-6 0-6", 2: "2-2 1-2 0-2 0-3 0-4 1-1 1-3",
                  3: "5-5 0-0 3-3 1-4 1-5 2-3 2-4"},
                 "1 bid:30 2 pass 3 pass 0 pass 1 trump:6 1 play:0-1 2 play:1-3 3 play:1-4")
    seen = observe(game, Seat(0))  # an opponent's [4|1] wins a trick of ones; no one held
    found = {str(a.tile): explain(seen, a).reason for a in seen.legal if isinstance(a, Play)}
    assert found.pop("6-6") is Reason.TRUMP_IN
    assert set(found.values()) == {Reason.PLAY_LOW}


def test_the_declarer_draws_trumps_and_cashes_the_last_ones() -> None:
    game = _game({1: "6-6 5-6 4-6 3-6 5-5 4-4 3-3"},
                 "1 bid:30 2 pass 3 pass 0 pass 1 trump:6")
    found = _hint(game)
    assert found.tile is not None and found.tile.has(6)
    assert found.reason is Reason.DRAW_TRUMPS
    game = _game({1: "6-6 5-6 4-6 3-6 2-6 1-6 0-6"}, "1 bid:30 2 pass 3 pass 0 pass 1 trump:6")
    assert _hint(game).reason is Reason.LEAD_WINNER  # no trump is out: every six wins


def test_calls_name_their_reason_and_the_trump_of_a_bid() -> None:
    game = _game({1: "6-6 5-6 4-6 3-6 5-5 4-4 1-2"}, "")
    found = _hint(game)
    assert isinstance(found.action, Bid) and found.reason in (Reason.BID, Reason.BID_MARKS)
    assert found.trump is not None and int(found.trump) == 6
    game = _game({3: "0-0 0-1 1-2 0-3 2-4 1-5 0-2"}, "1 bid:30 2 pass")
    assert _hint(game) == Hint(Pass(), Reason.PASS_PARTNER)
    game = _game({1: "1-2 1-3 2-4 1-5 2-5 3-4 0-4"}, "")
    assert _hint(game) == Hint(Pass(), Reason.PASS_WEAK)


@pytest.mark.parametrize(("bid", "outlook", "reason"), [
    (Bid(30), Outlook(Trump.SIXES, 6.0, [36] * 8), Reason.BID),
    (Bid(30), Outlook(Trump.SIXES, 4.0, [30] * 2 + [20] * 6), Reason.BID_CLOSE),
    (Bid(marks=2), Outlook(Trump.SIXES, 7.0, [42] * 8), Reason.BID_MARKS),
    (Bid(marks=2), Outlook(Trump.SIXES, 6.0, [42] * 4 + [36] * 4), Reason.BID_MARKS_SCORE),
])
def test_a_bid_less_likely_made_than_not_says_why_it_is_bid(
        monkeypatch: pytest.MonkeyPatch, bid: Bid, outlook: Outlook, reason: Reason) -> None:
    """A bid's chance under one half: the measured auction still bids it (passing is worth
    less), or the score asks for marks; the hint does not call the hand strong."""
    monkeypatch.setattr(strong, "auction_call", lambda observation: Call(bid, outlook))
    found = _hint(_game({}, ""))
    assert found.reason is reason and found.trump is Trump.SIXES and found.chance is not None
    assert (found.chance >= 0.5) is (reason in (Reason.BID, Reason.BID_MARKS))


def test_a_seat_not_to_act_gets_no_hint() -> None:
    game = _game({}, "")
    with pytest.raises(ValueError):
        hint(observe(game, Seat(2)))


def test_hints_serve_every_variant() -> None:
    game = Game.new("moon hint", variant=MOON)
    seat = game.to_act
    assert seat is not None
    assert hint(observe(game, seat)).action in game.legal_actions()
