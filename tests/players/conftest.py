"""Shared helpers for the computer players' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from engine import Game, Observation, Seat, observe
from engine.actions import Bid, Pass
from engine.deal import Deal
from engine.errors import RuleError
from engine.hand import HandState
from engine.players import Policy


def after_calls(calls: Sequence[str], seed: str) -> Observation:
    """The seat to call in 42's first auction of ``seed`` after ``calls`` ("pass" or points)."""
    game = Game.new(seed)
    for text in calls:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, Pass() if text == "pass" else Bid(int(text)))
    seat = game.to_act
    assert seat is not None
    return observe(game, seat)


def at_marks(observation: Observation, ours: int, theirs: int) -> Observation:
    """``observation`` with the seat's side at ``ours`` marks and the others at ``theirs``."""
    seat = observation.seat
    assert seat is not None
    side = observation.variant.seating.side_of[seat]
    return replace(observation, marks=(ours, theirs) if side == 0 else (theirs, ours))


def decision_points(seed: str, policy: Policy, every: int = 1,
                    options_game: Game | None = None) -> Iterator[Game]:
    """The games met, one per decision, along a game played by ``policy`` in every seat."""
    game = options_game or Game.new(seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(4)]
    step = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if step % every == 0:
            yield game
        step += 1
        game = game.apply(seat, policy(observe(game, seat), rngs[seat]))


def twin(game: Game, seat: Seat, rng: random.Random) -> Game | None:
    """The same game with the other seats' unplayed tiles dealt differently, every action of
    the hand replayed: a game in which ``seat`` sees exactly the same, or ``None``."""
    hand = game.hand
    deal = hand.deal
    seats = game.variant.seating.seats
    played = {tile for call in hand.actions for tile in _tiles(call.action)}
    others = [s for s in seats if s != seat]
    pool = [t for s in others for t in deal.hands[s] if t not in played]
    held = [hand.hand_of(s) for s in seats]
    for _ in range(200):
        rng.shuffle(pool)
        dealt = iter(pool)
        hands = [list(deal.hands[s]) if s == seat else
                 [t if t in played else next(dealt) for t in deal.hands[s]] for s in seats]
        try:
            other = replace(game, hand=HandState.start(Deal.of(deal.dealer, hands), game.options))
            for call in hand.actions:
                other = other.apply(call.seat, call.action)
        except RuleError:
            continue
        if [other.hand.hand_of(s) for s in seats] != held:
            return other
    return None


def _tiles(action: object) -> tuple[int, ...]:
    tile = getattr(action, "tile", None)
    return () if tile is None else (tile,)


def seen_by(game: Game, seat: Seat) -> Observation:
    return observe(game, seat)
