"""The strong player's auction and widow in Moon (V-MOON-AUCTION, V-MOON-WIDOW, V-MOON-SCORE)."""

from __future__ import annotations

import random

from engine import Game, HandState, observe
from engine.actions import Bid, BidKind, Discard, NameTrump, Pass
from engine.dominoes import Domino
from engine.players import strong
from engine.trumps import Trump
from engine.variants import MOON
from tests.engine.variant_helpers import act, deal_of


def _game(state: HandState, score: tuple[int, int, int] = (0, 0, 0)) -> Game:
    return Game("s", state.options, state, marks=(0, 0, 0), score=score)


def _opening(hand: str, score: tuple[int, int, int] = (0, 0, 0)) -> object:
    state = HandState.start(deal_of(MOON, 0, {1: hand}))
    game = _game(state, score)
    return strong.decide(observe(game, game.hand.to_act), random.Random(3))  # type: ignore[arg-type]


def test_a_hand_that_takes_every_trick_bids_the_moon() -> None:
    assert _opening("6-6 5-6 4-6 3-6 2-6 5-5 4-4") == Bid(kind=BidKind.MOON)


def test_a_hand_without_tricks_passes() -> None:
    assert _opening("0-0 1-2 1-3 2-4 1-5 3-4 2-5") == Pass()


def test_a_fair_hand_bids_a_number_of_tricks() -> None:
    call = _opening("6-6 5-6 4-6 1-6 3-3 1-2 2-4")
    assert isinstance(call, Bid) and call.kind is BidKind.PLAIN


def test_the_declarer_lays_down_a_weak_tile_and_names_the_suit_it_holds() -> None:
    deal = deal_of(MOON, 0, {1: "6-6 5-6 4-6 3-6 1-2 5-5 4-4"}, leftover="2-6")
    state = act(HandState.start(deal), MOON, "1 bid:5 2 pass 0 pass")
    game = _game(state)
    rng = random.Random(5)
    choice = strong.decide(observe(game, game.hand.to_act), rng)  # type: ignore[arg-type]
    assert choice == Discard((Domino.parse("1-2"),))
    game = game.apply(game.hand.to_act, choice)  # type: ignore[arg-type]
    assert strong.decide(observe(game, game.hand.to_act), rng) == NameTrump(Trump.SIXES)  # type: ignore[arg-type]
