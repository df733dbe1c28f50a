"""Single elimination on a seeded bracket (docs/TOURNAMENTS.md): the bracket of the next power of
two, seeds placed so that the two best can meet only in the final, byes to the top seeds in the
first round (so no team has more than one). A match is drawn as soon as both its teams are known.

:func:`seeding_from_pools` seeds the teams that come out of round-robin pools, each pool winner
meeting a runner-up of another pool first (texas42.net) and two teams of one pool kept in
opposite halves, so that they meet again only in the final.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .types import Entrant, Match, Result, Stage


@dataclass(frozen=True, slots=True)
class Knockout:
    """A single elimination: the entrants in seed order and the results recorded, in order."""

    entrants: tuple[Entrant, ...]
    results: tuple[Result, ...] = ()


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds (0 the best) in bracket order for a bracket of ``size`` (a power of two): each
    first-round pair adds up to ``size - 1``, and each half holds the best of what is left."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket's size is a power of two, not {size}")
    order = [0]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) - 1 - top)]
    return tuple(order)


def start(entrants: Sequence[Entrant]) -> Knockout:
    """A new single elimination between ``entrants``, the strongest first."""
    seeded = tuple(entrants)
    if len(seeded) < 2 or len(set(seeded)) != len(seeded):
        raise ValueError(f"a tournament needs two or more distinct entrants: {seeded}")
    return Knockout(seeded)


def rounds(state: Knockout) -> tuple[tuple[Match, ...], ...]:
    """The matches drawn so far, round by round: the first round whole (byes included), later
    rounds only the matches whose two teams are known."""
    size = 1
    while size < len(state.entrants):
        size *= 2
    winner = {(result.match.round, result.match.slot): result.winner for result in state.results}
    seeds = bracket_order(size)
    slots: list[tuple[Entrant | None, Entrant | None]] = [
        (_entrant(state, seeds[2 * i]), _entrant(state, seeds[2 * i + 1]))
        for i in range(size // 2)]
    drawn: list[tuple[Match, ...]] = []
    number = 1
    while slots:
        matches = [_match(state, number, slot, a, b) for slot, (a, b) in enumerate(slots)]
        drawn.append(tuple(match for match in matches if match is not None))
        ahead = [None if match is None else match.first if match.bye
                 else winner.get((number, match.slot)) for match in matches]
        slots = [(ahead[2 * i], ahead[2 * i + 1]) for i in range(len(ahead) // 2)]
        number += 1
    return tuple(matches for matches in drawn if matches)


def next_matches(state: Knockout) -> tuple[Match, ...]:
    """The matches to play now: drawn, not byes, without a result."""
    done = {result.match for result in state.results}
    return tuple(match for matches in rounds(state) for match in matches
                 if not match.bye and match not in done)


def record(state: Knockout, result: Result) -> Knockout:
    """The bracket after ``result``."""
    if result.match not in next_matches(state):
        raise ValueError(f"{result.match} is not a match to play now")
    return Knockout(state.entrants, (*state.results, result))


def finished(state: Knockout) -> bool:
    return champion(state) is not None


def champion(state: Knockout) -> Entrant | None:
    """The final's winner, once it is played."""
    beaten = {result.loser for result in state.results}
    unbeaten = [entrant for entrant in state.entrants if entrant not in beaten]
    return unbeaten[0] if len(unbeaten) == 1 else None


def placings(state: Knockout) -> tuple[tuple[Entrant, ...], ...]:
    """The final places, best first: the champion, the runner-up, then the losers of each round
    before, sharing a place (in seed order)."""
    winner = champion(state)
    if winner is None:
        raise ValueError("the tournament is not over")
    out = {result.loser: result.match.round for result in state.results}
    last = sorted(set(out.values()), reverse=True)
    return ((winner,), *(tuple(entrant for entrant in state.entrants if out.get(entrant) == when)
                         for when in last))


def seeding_from_pools(winners: Sequence[Entrant],
                       runners_up: Sequence[Entrant]) -> tuple[Entrant, ...]:
    """The seed order of the pools' top two, pool by pool: the winners seeded first, in pool
    order; each runner-up in the half of the bracket its own winner is not in, so that its
    first opponent comes from another pool and its pool winner only in the final."""
    if len(winners) != len(runners_up) or not winners:
        raise ValueError("each pool sends a winner and a runner-up")
    pools = len(winners)
    size = 1
    while size < 2 * pools:
        size *= 2
    position = {seed: place for place, seed in enumerate(bracket_order(size))}

    def top(seed: int) -> bool:
        return position[seed] < size // 2

    upper = [seed for seed in range(pools, 2 * pools) if top(seed)]
    lower = [seed for seed in range(pools, 2 * pools) if not top(seed)]
    seeded: list[Entrant | None] = [*winners, *([None] * pools)]
    for pool, runner_up in enumerate(runners_up):
        seeded[(lower if top(pool) else upper).pop(0)] = runner_up
    return tuple(entrant for entrant in seeded if entrant is not None)


def _entrant(state: Knockout, seed: int) -> Entrant | None:
    return state.entrants[seed] if seed < len(state.entrants) else None


def _match(state: Knockout, number: int, slot: int, a: Entrant | None,
           b: Entrant | None) -> Match | None:
    """The match of this slot, the higher seed first; a bye when one side is empty (only in the
    first round, where the bracket's empty places are); None while a side is unknown."""
    if a is not None and b is not None:
        seed = state.entrants.index
        first, second = (a, b) if seed(a) < seed(b) else (b, a)
        return Match(Stage.KNOCKOUT, number, slot, first, second)
    alone = a if a is not None else b
    if number == 1 and alone is not None:
        return Match(Stage.KNOCKOUT, number, slot, alone)
    return None
