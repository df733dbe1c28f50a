"""Round-robin pools feeding a single elimination, as texas42.net runs them (docs/TOURNAMENTS.md):
pools of four, everyone meeting everyone in their pool once, marks summed at most 7 a game, the
top two of each pool into a bracket where each pool winner meets another pool's runner-up first.

Pools are dealt by seed in a snake (1 2 3 3 2 1 1 2 3 …), so each pool gets a fair share of the
strong teams and the sizes differ by one at most. Each pool plays the circle method: one team
stays, the others turn, and an odd pool gives each team one bye, scored 7–4 a game
(:func:`.league.bye`) for everyone alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import league, single_elimination
from .types import Entrant, Match, Result, Stage

POOL_SIZE = 4


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """Pools in play: the pools (each in seed order), every match of every round, byes
    included, the games that win a meeting, and the results recorded (byes' among them)."""

    pools: tuple[tuple[Entrant, ...], ...]
    matches: tuple[Match, ...]
    games_to_win: int = 1
    results: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class PoolStanding:
    """One team's line in its pool: meetings played (byes included), won, and marks for and
    against, each game's counted up to 7 (:data:`.league.CAP`)."""

    entrant: Entrant
    played: int
    wins: int
    marks_for: int
    marks_against: int


def make_pools(entrants: Sequence[Entrant], size: int = POOL_SIZE) -> tuple[tuple[Entrant, ...],
                                                                             ...]:
    """The pools for ``entrants`` in seed order: as many as pools of ``size`` need, dealt in a
    snake, so sizes differ by one at most and each pool is in seed order."""
    if size < 3:
        raise ValueError(f"a pool holds three teams or more, not {size}")
    if len(entrants) < 2 or len(set(entrants)) != len(entrants):
        raise ValueError(f"a tournament needs two or more distinct entrants: {entrants}")
    count = -(-len(entrants) // size)
    pools: list[list[Entrant]] = [[] for _ in range(count)]
    for index, entrant in enumerate(entrants):
        lap, place = divmod(index, count)
        pools[place if lap % 2 == 0 else count - 1 - place].append(entrant)
    return tuple(tuple(pool) for pool in pools)


def circle(pool: Sequence[Entrant]) -> tuple[tuple[tuple[Entrant, Entrant | None], ...], ...]:
    """The circle method's rounds for one pool: each round's pairs, the higher seed first, a bye
    as ``(team, None)`` when the pool is odd. Everyone meets everyone else exactly once."""
    places: list[Entrant | None] = list(pool)
    if len(places) % 2:
        places.append(None)
    rounds = []
    for _ in range(len(places) - 1):
        half = len(places) // 2
        pairs = []
        for a, b in zip(places[:half], reversed(places[half:]), strict=True):
            if a is None or (b is not None and pool.index(b) < pool.index(a)):
                a, b = b, a
            assert a is not None
            pairs.append((a, b))
        rounds.append(tuple(pairs))
        places = [places[0], places[-1], *places[1:-1]]
    return tuple(rounds)


def start(entrants: Sequence[Entrant], size: int = POOL_SIZE,
          games_to_win: int = 1) -> RoundRobin:
    """Pools for ``entrants`` (the strongest first), every round drawn, byes scored. A meeting
    is one game by default, as in texas42.net's pools."""
    pools = make_pools(entrants, size)
    schedules = [circle(pool) for pool in pools]
    matches: list[Match] = []
    for number in range(1, max(len(schedule) for schedule in schedules) + 1):
        pairs = [pair for schedule in schedules if number <= len(schedule)
                 for pair in schedule[number - 1]]
        matches += (Match(Stage.POOL, number, slot, first, second)
                    for slot, (first, second) in enumerate(pairs))
    results = tuple(league.bye(match, games_to_win) for match in matches if match.bye)
    return RoundRobin(pools, tuple(matches), games_to_win, results)


def next_matches(state: RoundRobin) -> tuple[Match, ...]:
    """The meetings to play now: in each pool, those of its earliest round not yet complete."""
    done = {result.match for result in state.results}
    playable: list[Match] = []
    for pool in state.pools:
        waiting = [match for match in state.matches
                   if match.first in pool and match not in done]
        if waiting:
            now = min(match.round for match in waiting)
            playable += (match for match in waiting if match.round == now)
    return tuple(sorted(playable, key=lambda match: (match.round, match.slot)))


def record(state: RoundRobin, result: Result) -> RoundRobin:
    """The pools after ``result``."""
    if result.match not in next_matches(state):
        raise ValueError(f"{result.match} is not a match to play now")
    return RoundRobin(state.pools, state.matches, state.games_to_win, (*state.results, result))


def finished(state: RoundRobin) -> bool:
    """Every meeting of every pool played."""
    return len(state.results) == len(state.matches)


def pool_standings(state: RoundRobin, pool: int) -> tuple[PoolStanding, ...]:
    """Pool number ``pool`` (from 0), best first: by marks (at most 7 a game), then meetings
    won, then fewer marks against, then seed; a tie still left is the tournament director's to
    break (texas42.net draws a domino, or plays one hand), by reordering the pool's seeds."""
    teams = state.pools[pool]
    lines = []
    for entrant in teams:
        own = [result for result in state.results if entrant in result.match.sides]
        marks = [result.marks(entrant, cap=league.CAP) for result in own]
        lines.append(PoolStanding(entrant, len(own),
                                  sum(1 for result in own if result.winner == entrant),
                                  sum(scored for scored, _ in marks),
                                  sum(against for _, against in marks)))
    return tuple(sorted(lines, key=lambda line: (-line.marks_for, -line.wins,
                                                 line.marks_against)))


def qualifiers(state: RoundRobin, advance: int = 2) -> tuple[tuple[Entrant, ...], ...]:
    """The top ``advance`` of every finished pool, by place: the winners, then the runners-up…"""
    if not finished(state):
        raise ValueError("the pools are not over")
    tables = [pool_standings(state, pool) for pool in range(len(state.pools))]
    return tuple(tuple(table[place].entrant for table in tables) for place in range(advance))


def knockout(state: RoundRobin) -> single_elimination.Knockout:
    """The single elimination the pools feed: their top two, each pool winner meeting another
    pool's runner-up first (:func:`.single_elimination.seeding_from_pools`)."""
    winners, runners_up = qualifiers(state)
    return single_elimination.start(single_elimination.seeding_from_pools(winners, runners_up))
