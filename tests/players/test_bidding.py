"""The calibrated bidder (:mod:`engine.players.bidding`): the chances it reads, the call worth
most from where the auction and the game stand, and the trump its bid was made on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from engine import Game, observe
from engine.actions import Bid, Pass
from engine.deal import Deal
from engine.dominoes import Domino, mask_of
from engine.hand import HandState
from engine.observation import Observation
from engine.players import bidding, stakes, strong
from engine.players.bid_features import LEVELS, NAMES, Earlier, features
from engine.trumps import Trump
from tests.common import EAST, SOUTH, WEST

from .conftest import after_calls, at_marks


def hand(text: str) -> int:
    return mask_of(int(Domino.parse(t)) for t in text.split())


def test_the_features_count_what_a_player_counts() -> None:
    x = dict(zip(NAMES, features(hand("6-6 4-6 2-6 5-5 0-5 1-4 3-3"), 6,
                                 [Earlier(False, 30), Earlier(True, 0)]), strict=True))
    assert x["trumps"] == 3 and x["top trump"] == 1 and x["top three trumps"] == 2
    assert x["other doubles"] == 2  # the [5|5] and the [3|3]
    assert x["count"] == 6  # the [6|4] and [5|5], 10 each; the [5|0] and [4|1], 5 each
    assert x["exposed count"] == 2  # the [5|0] and the [4|1]: neither trump nor double
    assert x["voids"] == 2  # no two but a trump, no three but a double
    assert x["highest opposing bid"] == 0 and x["an opponent bid"] == 1
    assert x["partner passed"] == 1 and x["partner bid"] == 0


def first_to_call(mine: str, calls: Sequence[str] = ()) -> Observation:
    """South's observation holding ``mine`` (the other tiles dealt in order), first to call,
    or third after ``calls`` by North and East."""
    rest = [t for t in range(28) if t not in {int(Domino.parse(x)) for x in mine.split()}]
    others = [" ".join(str(Domino(t)) for t in rest[7 * i:7 * i + 7]) for i in range(3)]
    deal = Deal.of(int(WEST) if calls else int(EAST),
                   [tiles(others[0]), tiles(others[1]), tiles(mine), tiles(others[2])])
    game = replace(Game.new("hand-built"), hand=HandState.start(deal))
    for text in calls:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, Pass() if text == "pass" else Bid(int(text)))
    assert game.to_act == SOUTH
    return observe(game, SOUTH)


def tiles(text: str) -> list[Domino]:
    return [Domino.parse(t) for t in text.split()]


def test_a_higher_level_is_never_likelier_and_a_strong_hand_beats_a_weak_one() -> None:
    strong_hand = first_to_call("6-6 5-6 4-6 3-6 2-6 5-5 4-4")
    weak_hand = first_to_call("0-1 0-2 1-3 2-4 0-5 1-6 3-5")
    for observation in (strong_hand, weak_hand):
        for found in bidding.chances(observation):
            assert list(found.by_level) == sorted(found.by_level, reverse=True)
    best_strong = max(c.by_level[0] for c in bidding.chances(strong_hand))
    best_weak = max(c.by_level[0] for c in bidding.chances(weak_hand))
    assert best_strong > 0.9 > 0.3 > best_weak
    found = bidding.chances(strong_hand)
    assert max(found, key=lambda c: c.of(Bid(30))).trump is Trump.SIXES


def test_an_opponents_bid_makes_the_same_hand_less_likely_to_make_its_own() -> None:
    mine = "6-6 5-6 3-6 1-6 4-4 2-3 0-1"
    alone = max(c.of(Bid(32)) for c in bidding.chances(first_to_call(mine, ["pass", "pass"])))
    over = max(c.of(Bid(32)) for c in bidding.chances(first_to_call(mine, ["pass", "31"])))
    assert over < alone


# ----- the call, the chances set by hand -----------------------------------------------------

def fixed(by_level: dict[int, float]) -> list[bidding.Chances]:
    levels = tuple(by_level.get(level, 0.0) for level in LEVELS)
    return [bidding.Chances(Trump.SIXES, levels)]


def last_after_passes(calls: Sequence[str] = ("pass", "pass", "pass")) -> Observation:
    return after_calls(calls, "last to call")



def best_call(observation: Observation, monkeypatch: pytest.MonkeyPatch,
              by_level: dict[int, float]) -> object:
    monkeypatch.setattr(bidding, "chances", lambda observation, model: fixed(by_level))
    return bidding.weigh_calls(observation)[0].action


def test_last_to_call_bids_what_it_makes_more_often_than_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    observation = last_after_passes()
    assert best_call(observation, monkeypatch, {30: 0.55}) == Bid(30)
    assert best_call(observation, monkeypatch, {30: 0.45}) == Pass()


def test_behind_near_the_end_it_bids_the_marks_the_score_asks_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One mark at 0.9 is worth more than two at 0.6 on average; at 0 marks to 5, only two
    keep the game alive."""
    observation = last_after_passes(("pass",))
    chances = {**{level: 0.9 for level in LEVELS}, 42: 0.6}
    assert best_call(at_marks(observation, 0, 0), monkeypatch, chances) == Bid(30)
    assert best_call(at_marks(observation, 0, 5), monkeypatch, chances) == Bid(marks=2)


def test_over_an_opponents_bid_it_bids_what_beats_letting_them_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    observation = last_after_passes(("pass", "pass", "30"))
    threshold = 1 - stakes.CONTRACTS_MADE
    assert best_call(observation, monkeypatch, {31: threshold + 0.03}) == Bid(31)
    assert best_call(observation, monkeypatch, {31: threshold - 0.03}) == Pass()


def test_two_marks_are_bid_when_the_sweep_is_likely_enough(
        monkeypatch: pytest.MonkeyPatch) -> None:
    observation = last_after_passes(("pass",))
    sure = {level: 0.97 for level in LEVELS}
    assert best_call(observation, monkeypatch, sure) == Bid(marks=2)
    assert best_call(observation, monkeypatch, {**sure, 42: 0.3}) == Bid(30)


def test_the_dealer_who_must_bid_bids_the_bid_worth_most(
        monkeypatch: pytest.MonkeyPatch) -> None:
    observation = last_after_passes()
    forced = replace(observation, legal=tuple(a for a in observation.legal if a != Pass()))
    assert best_call(forced, monkeypatch, {30: 0.1}) == Bid(30)


# ----- the strong player ---------------------------------------------------------------------

def test_the_strong_player_never_bids_over_its_partner() -> None:
    observation = last_after_passes(("pass", "30", "pass"))
    assert strong.call(observation).action == Pass()
