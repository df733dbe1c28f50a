"""Computer players under the house rules: they bid Splash, Plunge and Nello when their hands
call for it, and a Nello declarer ducks."""

from __future__ import annotations

import random

import pytest

from engine import Bid, BidKind, Deal, Domino, Game, NameTrump, Options, Pass, Trump, observe
from engine.hand import HandState
from engine.players import rules, strong
from tests.common import EAST, NORTH, SOUTH, WEST

N, E, S, W = NORTH, EAST, SOUTH, WEST
# North holds low tiles only (a Nello hand); East holds four doubles and sixes.
HANDS = ["0-0 1-1 2-2 0-1 0-2 1-2 1-3", "3-3 4-4 5-5 6-6 5-6 4-6 3-6",
         "0-5 0-6 1-5 1-6 2-3 2-4 2-5", "2-6 3-4 3-5 0-3 4-5 1-4 0-4"]
POLICIES = [rules.decide, strong.decide]


def game_with(options: Options) -> Game:
    hands = [[Domino.parse(t) for t in hand.split()] for hand in HANDS]
    game = Game.new("house players", options)
    return Game(game.seed, options, HandState.start(Deal.of(W, hands), options))


@pytest.mark.parametrize("decide", POLICIES)
def test_four_doubles_and_sixes_bid_a_plunge(decide: object) -> None:
    game = game_with(Options(splash=True, plunge=True)).apply(N, Pass())
    action = decide(observe(game, E), random.Random(1))  # type: ignore[operator]
    assert action == Bid(marks=4, kind=BidKind.PLUNGE)


@pytest.mark.parametrize("decide", POLICIES)
def test_a_low_hand_bids_and_declares_nello_and_ducks(decide: object) -> None:
    game = game_with(Options(nello=True))
    call = decide(observe(game, N), random.Random(1))  # type: ignore[operator]
    assert isinstance(call, Bid) and call.marks == 1
    game = game.apply(N, call).apply(E, Pass()).apply(S, Pass()).apply(W, Pass())
    named = decide(observe(game, N), random.Random(1))  # type: ignore[operator]
    assert isinstance(named, NameTrump) and named.trump is Trump.NELLO
    game = game.apply(N, named)
    lead = decide(observe(game, N), random.Random(1))  # type: ignore[operator]
    assert lead.tile == Domino.parse("0-1")  # the lowest lead
    game = game.apply(N, lead).apply(E, rules.decide(observe(game.apply(N, lead), E),
                                                      random.Random(2)))
    game = game.apply(W, rules.decide(observe(game, W), random.Random(3)))
    assert game.hand.tricks[0].winner != N


@pytest.mark.parametrize(("decide", "games", "moves"),
                         [(rules.decide, 3, 200), (strong.decide, 1, 100)])
def test_every_option_is_played_legally(decide: object, games: int, moves: int) -> None:
    """Games with every house rule on (the strong player's, tens of ms a move, is its first
    hundred moves: ``test_policies`` plays it under the house rules against every other policy
    too)."""
    options = Options(nello=True, splash=True, plunge=True, sevens=True, forced_bid=True)
    rng = random.Random(5)
    for seed in range(games):
        game = Game.new(f"legal {seed}", options)
        for _ in range(moves):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            action = decide(observe(game, seat), rng)  # type: ignore[operator]
            assert action in game.legal_actions()
            game = game.apply(seat, action)
