"""Games of 42 played by a fast policy, and the battery's positions collected along them.

The rules of thumb (:func:`engine.players.rules.decide`) play every seat: a whole game takes a
few hundredths of a second, where the strong player would take half a minute, and the games
only have to be ordinary games of 42, not good ones. At each decision with a choice the seat's
view says which categories it could test (:mod:`.situation`); a play is then solved on the real
deal (:mod:`.real_deal`) and kept if the expected behaviour costs the contract nothing. Each
decision is kept in one category at most (the one with the fewest positions so far), each
category up to its cap, and each game gives a category a few positions at most, so that the
battery spreads over many games. Everything is seeded: the same arguments give the same file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...actions import Pass, Play
from ...game import Game
from ...observation import Observation, observe
from ...players import Policy, load_policy
from .battery import Battery, Category, Position, in_report_order
from .real_deal import costless_plays
from .situation import PlaySituation, describe, expected_plays, outbids_partner, play_candidates

POLICY = "engine.players.rules:decide"
#: Positions kept per category, and per category from one game.
CAP = 90
PER_GAME = 2


@dataclass(frozen=True, slots=True)
class Plan:
    """What to generate: how many games at most, from which seed, how many positions."""

    games: int
    seed: str
    cap: int = CAP
    per_game: int = PER_GAME


def generate(plan: Plan, policy_path: str = POLICY,
             progress: Callable[[int, dict[Category, int]], None] | None = None) -> Battery:
    """Play up to ``plan.games`` games and keep the positions found; stops once every category
    is full. ``progress`` hears after each game how many are kept per category."""
    policy = load_policy(policy_path)
    found: dict[Category, list[Position]] = {c: [] for c in Category}
    played = 0
    for index in range(plan.games):
        if all(len(kept) >= plan.cap for kept in found.values()):
            break
        _collect(f"{plan.seed}:{index}", policy, plan, found)
        played += 1
        if progress is not None:
            progress(played, {c: len(kept) for c, kept in found.items()})
    positions = in_report_order(p for kept in found.values() for p in kept)
    return Battery(positions, played, plan.seed, policy_path)


def _collect(seed: str, policy: Policy, plan: Plan,
             found: dict[Category, list[Position]]) -> None:
    """Play one game, adding what it offers to ``found``."""
    game = Game.new(seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(4)]
    actions: list[str] = []
    this_game = dict.fromkeys(Category, 0)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        open_to = [c for c in Category
                   if len(found[c]) < plan.cap and this_game[c] < plan.per_game]
        if open_to and len(observation.legal) > 1:
            kept = _position(game, observation, seed, actions, open_to, found)
            if kept is not None:
                found[kept.category].append(kept)
                this_game[kept.category] += 1
        action = policy(observation, rngs[seat])
        actions.append(str(action))
        game = game.apply(seat, action)


def _position(game: Game, observation: Observation, seed: str, actions: list[str],
              open_to: list[Category], found: dict[Category, list[Position]]) -> Position | None:
    """The position this decision gives, in the open category with the fewest so far."""
    seat = observation.seat
    assert seat is not None
    expected = expectations(game, observation, open_to)
    if not expected:
        return None
    order = list(Category)
    category = min(expected, key=lambda c: (len(found[c]), order.index(c)))
    return Position(seed, tuple(actions), seat, category, tuple(sorted(expected[category])),
                    describe(game, seat))


def expectations(game: Game, observation: Observation,
                 categories: Iterable[Category] = tuple(Category)
                 ) -> dict[Category, frozenset[str]]:
    """Of ``categories``, those the decision of ``observation`` (the seat to act in ``game``)
    tests, each with the actions right there: what the seat sees says which it could test,
    the real deal whether the expected behaviour costs nothing."""
    wanted = set(categories)
    expected: dict[Category, frozenset[str]] = {}
    if Category.NO_OUTBID_PARTNER in wanted and outbids_partner(observation):
        expected[Category.NO_OUTBID_PARTNER] = frozenset({str(Pass())})
    situation = PlaySituation.of(observation)
    if situation is None:
        return expected
    about = {c: tiles for c, tiles in play_candidates(situation).items() if c in wanted}
    costless = costless_plays(game, situation.legal) if about else None
    if costless is None:
        return expected
    for category, tiles in about.items():
        right = expected_plays(category, situation, tiles, costless)
        if right is not None:
            expected[category] = frozenset(str(a) for a in observation.legal
                                           if isinstance(a, Play) and a.tile in right)
    return expected
