"""Swiss rounds, for a server's evening (docs/TOURNAMENTS.md): a fixed number of rounds, each
pairing teams with the same number of wins so far, nobody out, no opponent met twice while that
can be avoided, and standings broken by Buchholz and Sonneborn–Berger.

Each round ranks the teams by wins (ties in the order of the draw) and pairs each score group
top half against bottom half, the Dutch way, an odd team floating down to the next group. The
fewest repeated meetings comes first (:func:`.pairing.pair_off`); an odd count gives one bye, to
the lowest-ranked team without one whose sitting out costs no extra repeat. Deterministic: the
first round's order is the entrants' order, or a draw by a seeded random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from . import league
from .pairing import Fresh, fresh_matching, pair_off
from .types import Entrant, Match, Result, Stage


@dataclass(frozen=True, slots=True)
class Swiss:
    """A Swiss tournament: the entrants in the order that breaks ties in pairing (the draw),
    the rounds to play, the rounds drawn (the last one in play, byes included) and the results
    recorded, byes' results included (:func:`.league.bye`)."""

    entrants: tuple[Entrant, ...]
    rounds_to_play: int
    rounds: tuple[tuple[Match, ...], ...]
    results: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """One team's line: match wins (a bye is a win) and losses, byes, the tie-breaks, and the
    marks of its games (a bye's at 7–4 a game)."""

    entrant: Entrant
    wins: int
    losses: int
    byes: int
    buchholz: int
    """The wins of every opponent met: how hard its evening was."""
    sonneborn_berger: int
    """The wins of every opponent it beat: whom its wins were against."""
    marks_for: int
    marks_against: int


def start(entrants: Sequence[Entrant], rounds: int, seed: int | None = None) -> Swiss:
    """A Swiss tournament of ``rounds`` rounds, its first drawn. The entrants' order ranks them
    for the first round and breaks ties after; with ``seed`` that order is drawn at random
    instead, the same for the same seed."""
    order = list(entrants)
    if len(order) < 2 or len(set(order)) != len(order):
        raise ValueError(f"a tournament needs two or more distinct entrants: {order}")
    if rounds < 1:
        raise ValueError(f"a Swiss tournament plays one round or more, not {rounds}")
    if seed is not None:
        random.Random(seed).shuffle(order)
    state = Swiss(tuple(order), rounds, ())
    return _drawn(state)


def next_matches(state: Swiss) -> tuple[Match, ...]:
    """The matches to play now: those of the round in play without a result."""
    done = {result.match.slot for result in state.results
            if result.match.round == len(state.rounds)}
    return tuple(match for match in state.rounds[-1] if match.slot not in done)


def record(state: Swiss, result: Result) -> Swiss:
    """The tournament after ``result``; the next round is drawn when this one is complete."""
    if result.match.bye or result.match not in next_matches(state):
        raise ValueError(f"{result.match} is not a match to play now")
    after = Swiss(state.entrants, state.rounds_to_play, state.rounds, (*state.results, result))
    if next_matches(after) or len(after.rounds) == after.rounds_to_play:
        return after
    return _drawn(after)


def finished(state: Swiss) -> bool:
    """Every round played."""
    return len(state.rounds) == state.rounds_to_play and not next_matches(state)


def wins(state: Swiss) -> dict[Entrant, int]:
    """Matches won by each entrant, a bye counting as a win."""
    won = dict.fromkeys(state.entrants, 0)
    for result in state.results:
        won[result.winner] += 1
    return won


def standings(state: Swiss) -> tuple[Standing, ...]:
    """The standings so far, best first: by wins, then Buchholz, then Sonneborn–Berger, then
    the marks difference, then the draw's order."""
    won = wins(state)
    lines = []
    for entrant in state.entrants:
        own = [result for result in state.results if entrant in result.match.sides]
        met = [result.match.other(entrant) for result in own]
        beaten = [result.loser for result in own if result.winner == entrant]
        marks = [result.marks(entrant) for result in own]
        lines.append(Standing(
            entrant=entrant,
            wins=won[entrant],
            losses=sum(1 for result in own if result.loser == entrant),
            byes=sum(1 for result in own if result.match.bye),
            buchholz=sum(won[opponent] for opponent in met if opponent is not None),
            sonneborn_berger=sum(won[opponent] for opponent in beaten if opponent is not None),
            marks_for=sum(scored for scored, _ in marks),
            marks_against=sum(against for _, against in marks)))
    return tuple(sorted(lines, key=lambda line: (
        -line.wins, -line.buchholz, -line.sonneborn_berger,
        line.marks_against - line.marks_for)))


def _drawn(state: Swiss) -> Swiss:
    """The state with its next round drawn, a bye's result recorded with it."""
    won = wins(state)
    ranked = sorted(state.entrants, key=lambda entrant: -won[entrant])  # stable: the draw's order
    met = {frozenset(match.sides) for matches in state.rounds for match in matches}

    def fresh(a: Entrant, b: Entrant) -> bool:
        return frozenset((a, b)) not in met

    def dutch(top: Entrant, rest: Sequence[Entrant]) -> list[Entrant]:
        """The top of a score group takes the top of its bottom half first, then down that half,
        then up the top half; then the groups below, in rank order."""
        group = [entrant for entrant in rest if won[entrant] == won[top]]
        below = [entrant for entrant in rest if won[entrant] != won[top]]
        half = (len(group) + 1) // 2
        return group[half - 1:] + group[:half - 1][::-1] + below

    number = len(state.rounds) + 1
    sitting: Entrant | None = None
    if len(ranked) % 2:
        sitting = _bye(state, ranked, fresh)
        ranked.remove(sitting)
    matches = [Match(Stage.SWISS, number, slot, first, second)
               for slot, (first, second) in enumerate(pair_off(ranked, fresh, dutch))]
    results = state.results
    if sitting is not None:
        matches.append(bye := Match(Stage.SWISS, number, len(matches), sitting))
        results = (*results, league.bye(bye))
    return Swiss(state.entrants, state.rounds_to_play, (*state.rounds, tuple(matches)), results)


def _bye(state: Swiss, ranked: list[Entrant], fresh: Fresh) -> Entrant:
    """Who sits out: among the teams with the fewest byes (none, until everyone has had one),
    the lowest-ranked whose sitting out leaves the most new meetings to be had."""
    had = dict.fromkeys(state.entrants, 0)
    for matches in state.rounds:
        for match in matches:
            if match.bye:
                had[match.first] += 1
    fewest = min(had.values())
    eligible = [entrant for entrant in reversed(ranked) if had[entrant] == fewest]
    most = len(fresh_matching(ranked, fresh))  # a maximum matching leaves someone out anyway
    best, best_size = eligible[0], -1
    for entrant in eligible:
        size = len(fresh_matching([e for e in ranked if e != entrant], fresh))
        if size == most:
            return entrant
        if size > best_size:
            best, best_size = entrant, size
    return best
