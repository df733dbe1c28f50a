"""Individual progressive play run as a tournament (docs/TOURNAMENTS.md): the players of a whist
schedule (:mod:`.whist`) meet round by round, each table one game, and are ranked by what they
scored themselves: each partners every other player once and opposes every other twice, so
nobody's total depends on one strong partner.

A table is a :class:`.types.Match` between two partnerships, each named by one
:data:`.types.Entrant` that packs its two players (:func:`pair`), so a table's result is an
ordinary result and the rest of the bot needs no other kind. A round opens once the one before
it is over.

>>> state = start((1, 2, 3, 4))
>>> [(partners(m.first), partners(m.second)) for m in next_matches(state)]
[((1, 2), (3, 4))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import league
from .types import Entrant, Match, Result, Stage
from .whist import WhistRound, schedule, supported

PAIR = 1_000
"""A partnership's entrant: ``PAIR * a + b`` for its players ``a < b`` (below :data:`PAIR`)."""


def pair(a: Entrant, b: Entrant) -> Entrant:
    """The entrant naming the partnership of players ``a`` and ``b``."""
    low, high = sorted((a, b))
    if not 0 < low < high < PAIR:
        raise ValueError(f"players {a} and {b} do not make a partnership")
    return PAIR * low + high


def partners(entrant: Entrant) -> tuple[Entrant, Entrant]:
    """The two players of a partnership's entrant."""
    return divmod(entrant, PAIR)


@dataclass(frozen=True, slots=True)
class Progressive:
    """The players (by seed), the whole schedule, and the tables' results so far, in order."""

    players: tuple[Entrant, ...]
    rounds: tuple[WhistRound, ...]
    results: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's line: tables played and won, marks scored (at most 7 a game) and conceded."""

    player: Entrant
    played: int
    wins: int
    marks_for: int
    marks_against: int


def start(players: Sequence[Entrant]) -> Progressive:
    """A progressive tournament between ``players``; ValueError for a count without a
    schedule (:func:`.whist.supported`)."""
    rounds = schedule(players)
    if rounds is None:
        raise ValueError(f"there is no progressive schedule for {len(players)} players")
    return Progressive(tuple(players), rounds)


def tables(state: Progressive, number: int) -> tuple[Match, ...]:
    """Round ``number``'s tables as matches, partnership against partnership."""
    return tuple(Match(Stage.PROGRESSIVE, number, slot, pair(*table.partners),
                       pair(*table.opponents))
                 for slot, table in enumerate(state.rounds[number - 1].tables))


def next_matches(state: Progressive) -> tuple[Match, ...]:
    """The tables of the first round not over, still to be played. Rounds are played in
    order and all have as many tables, so the round in play follows from the results' count."""
    per_round = len(state.rounds[0].tables)
    number = len(state.results) // per_round + 1
    if number > len(state.rounds):
        return ()
    done = {result.match for result in state.results[(number - 1) * per_round:]}
    return tuple(match for match in tables(state, number) if match not in done)


def record(state: Progressive, result: Result) -> Progressive:
    if result.match not in next_matches(state):
        raise ValueError(f"{result.match} is not a table to play now")
    return Progressive(state.players, state.rounds, (*state.results, result))


def finished(state: Progressive) -> bool:
    return not next_matches(state)


def standings(state: Progressive) -> tuple[PlayerStanding, ...]:
    """Best first: by marks scored (at most 7 a game), then tables won, then fewer marks
    conceded, then seed."""
    lines = {player: [0, 0, 0, 0] for player in state.players}
    for result in state.results:
        for side in result.match.sides:
            scored, against = result.marks(side, cap=league.CAP)
            for player in partners(side):
                line = lines[player]
                line[0] += 1
                line[1] += result.winner == side
                line[2] += scored
                line[3] += against
    ranked = sorted(state.players, key=lambda p: (-lines[p][2], -lines[p][1], lines[p][3]))
    return tuple(PlayerStanding(player, *lines[player]) for player in ranked)


__all__ = ["PAIR", "PlayerStanding", "Progressive", "finished", "next_matches", "pair",
           "partners", "record", "standings", "start", "supported", "tables"]
