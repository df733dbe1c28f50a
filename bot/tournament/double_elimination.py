"""Double elimination as the Sticks & Stones tournament at Hearne runs it (docs/TOURNAMENTS.md):
a team is out when it has lost two matches. Each round the unbeaten teams are paired among
themselves (the winners' bracket) and the teams with one loss among themselves (the losers'
bracket); an odd bracket gives one team a bye, and no team has more than one bye. The last
unbeaten team meets the last team with one loss in the grand final, played again (the reset)
when the unbeaten team loses it, so that nobody is out before two losses.

Byes alone cannot always keep to one a team: results can leave an odd bracket of teams that all
had one. So each round's shape is chosen ahead: counting only how many teams each bracket holds
and how many of them had a bye, :func:`_safe` explores every way the round's matches can end
and keeps a shape from which no sequence of results forces a second bye. When the only such
shape needs it, one unbeaten team meets one team with a loss before the final (a cross match,
:attr:`Stage.CROSS`), like an early grand final; every field of 2 to 128 teams starts safe.

Brackets are reseeded each round: within a bracket the highest seed meets the lowest it has not
met yet, byes go to the highest seed without one, and the teams that had a bye meet each other
when the chosen shape asks for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .pairing import Fresh, pair_off
from .types import Entrant, Match, Result, Stage

Counts = tuple[int, int, int, int]
"""A round's start, as far as byes go: unbeaten teams, those of them with a bye, teams with one
loss, those of them with a bye."""


@dataclass(frozen=True, slots=True)
class DoubleElimination:
    """A double elimination: the entrants in seed order, the rounds drawn so far (the last one
    in play, byes included) and the results recorded, in order."""

    entrants: tuple[Entrant, ...]
    rounds: tuple[tuple[Match, ...], ...]
    results: tuple[Result, ...] = ()


def start(entrants: Sequence[Entrant]) -> DoubleElimination:
    """A new double elimination between ``entrants``, the strongest first, its first round drawn."""
    seeded = tuple(entrants)
    if len(seeded) < 2 or len(set(seeded)) != len(seeded):
        raise ValueError(f"a tournament needs two or more distinct entrants: {seeded}")
    if not _safe((len(seeded), 0, 0, 0)):
        raise ValueError(f"{len(seeded)} teams cannot be kept to one bye each")
    state = DoubleElimination(seeded, ())
    return DoubleElimination(seeded, (_draw(state),))


def current_round(state: DoubleElimination) -> tuple[Match, ...]:
    """The round in play, byes included (the last round drawn, once the tournament is over)."""
    return state.rounds[-1]


def next_matches(state: DoubleElimination) -> tuple[Match, ...]:
    """The matches to play now: those of the round in play without a result."""
    number = len(state.rounds)
    done = set()
    for result in reversed(state.results):
        if result.match.round != number:
            break
        done.add(result.match.slot)
    return tuple(match for match in state.rounds[-1] if not match.bye and match.slot not in done)


def record(state: DoubleElimination, result: Result) -> DoubleElimination:
    """The tournament after ``result``; the next round is drawn when this one is complete."""
    if result.match not in next_matches(state):
        raise ValueError(f"{result.match} is not a match to play now")
    after = DoubleElimination(state.entrants, state.rounds, (*state.results, result))
    if next_matches(after) or finished(after):
        return after
    return DoubleElimination(after.entrants, (*after.rounds, _draw(after)), after.results)


def losses(state: DoubleElimination) -> dict[Entrant, int]:
    """Matches lost by each entrant."""
    lost = dict.fromkeys(state.entrants, 0)
    for result in state.results:
        if result.loser is not None:
            lost[result.loser] += 1
    return lost


def byes(state: DoubleElimination) -> dict[Entrant, int]:
    """Byes had by each entrant."""
    had = dict.fromkeys(state.entrants, 0)
    for match in (match for matches in state.rounds for match in matches if match.bye):
        had[match.first] += 1
    return had


def finished(state: DoubleElimination) -> bool:
    """One team is left with fewer than two losses."""
    return sum(1 for lost in losses(state).values() if lost < 2) == 1


def champion(state: DoubleElimination) -> Entrant | None:
    """The winner, once the tournament is over."""
    if not finished(state):
        return None
    return next(entrant for entrant, lost in losses(state).items() if lost < 2)


def placings(state: DoubleElimination) -> tuple[tuple[Entrant, ...], ...]:
    """The final places, best first: the champion, then the others by the round of their second
    loss, later first; teams out in the same round share a place (in seed order)."""
    winner = champion(state)
    if winner is None:
        raise ValueError("the tournament is not over")
    out: dict[Entrant, int] = {}
    lost = dict.fromkeys(state.entrants, 0)
    for result in state.results:
        if result.loser is not None:
            lost[result.loser] += 1
            if lost[result.loser] == 2:
                out[result.loser] = result.match.round
    rounds = sorted(set(out.values()), reverse=True)
    return ((winner,), *(tuple(entrant for entrant in state.entrants if out.get(entrant) == when)
                         for when in rounds))


# ----- the shape of a round, in counts ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Side:
    """How one bracket plays a round: a bye or not (always to a team without one), matches
    between two teams that had a bye, between one that had and one that had not, and between
    two that had not."""

    bye: bool
    holder_pairs: int
    mixed_pairs: int
    plain_pairs: int

    @property
    def pairs(self) -> int:
        return self.holder_pairs + self.mixed_pairs + self.plain_pairs


_IDLE = _Side(False, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class _Plan:
    """A round's shape: each bracket's side, the cross match if any (whether its unbeaten team
    and its team with a loss had a bye), and whether the lone unbeaten team waits for the
    losers' bracket (as in any double elimination: a wait, not a bye)."""

    winners: _Side
    losers: _Side
    cross: tuple[bool, bool] | None
    waits: bool


def _sides(size: int, holders: int) -> Iterator[_Side]:
    """The ways a bracket of ``size`` teams, ``holders`` of them with a bye, can play a round,
    the teams with a bye meeting each other first."""
    bye = size % 2 == 1
    if bye and holders == size:
        return
    plain = size - holders - bye
    for holder_pairs in range(holders // 2, -1, -1):
        mixed = holders - 2 * holder_pairs
        if mixed <= plain and (plain - mixed) % 2 == 0:
            yield _Side(bye, holder_pairs, mixed, (plain - mixed) // 2)


def _plans(counts: Counts) -> Iterator[_Plan]:
    """Every shape of the round, without a cross match first."""
    unbeaten, unbeaten_byes, beaten, beaten_byes = counts
    crosses: tuple[tuple[bool, bool] | None, ...] = (
        None, (True, True), (True, False), (False, True), (False, False))
    for cross in crosses:
        if cross is None:
            size, holders, other, other_holders = counts
        elif unbeaten and beaten:
            size, holders = unbeaten - 1, unbeaten_byes - cross[0]
            other, other_holders = beaten - 1, beaten_byes - cross[1]
            if not (0 <= holders <= size and 0 <= other_holders <= other):
                continue
        else:
            continue
        waits = cross is None and unbeaten == 1
        for winners in (_IDLE,) if waits else _sides(size, holders):
            for losers in _sides(other, other_holders):
                yield _Plan(winners, losers, cross, waits)


def _outcomes(plan: _Plan, counts: Counts) -> Iterator[Counts]:
    """The counts the next round can start with, over every way the matches can end."""
    winners, losers = plan.winners, plan.losers
    waiting = (1, counts[1]) if plan.waits else (0, 0)
    crossed: tuple[tuple[int, int, int, int], ...] = ((0, 0, 0, 0),)
    if plan.cross is not None:
        held_w, held_l = int(plan.cross[0]), int(plan.cross[1])
        crossed = ((1, held_w, 0, 0), (0, 0, 2, held_w + held_l))
    for kept_w in range(winners.mixed_pairs + 1):  # teams with a bye winning mixed matches
        for kept_l in range(losers.mixed_pairs + 1):
            for up, up_held, down, down_held in crossed:
                yield (winners.pairs + winners.bye + waiting[0] + up,
                       winners.holder_pairs + kept_w + winners.bye + waiting[1] + up_held,
                       losers.pairs + losers.bye + winners.pairs + down,
                       losers.holder_pairs + kept_l + losers.bye + winners.holder_pairs
                       + winners.mixed_pairs - kept_w + down_held)


@cache
def _safe(counts: Counts) -> bool:
    """Whether some shape of this round and of every round after it, whatever the results,
    keeps every team to one bye. Two teams left need no bye any more (the final, the reset)."""
    if counts[0] + counts[2] <= 2:
        return True
    return _choose(counts) is not None


@cache
def _choose(counts: Counts) -> _Plan | None:
    """The first shape of the round from which every result leaves a safe round."""
    for plan in _plans(counts):
        if all(_safe(after) for after in _outcomes(plan, counts)):
            return plan
    return None


# ----- drawing a round -------------------------------------------------------------------------

_Drawn = tuple[Stage, Entrant, Entrant | None]
"""A match of the round being drawn, before its slot: its stage and sides (None for a bye)."""


def _draw(state: DoubleElimination) -> tuple[Match, ...]:
    """The next round's matches and byes, for the state after the last round."""
    lost = losses(state)
    had_bye = {entrant for entrant, count in byes(state).items() if count}
    unbeaten = [entrant for entrant in state.entrants if lost[entrant] == 0]
    beaten = [entrant for entrant in state.entrants if lost[entrant] == 1]
    number = len(state.rounds) + 1
    if len(unbeaten) + len(beaten) == 2 and len(unbeaten) < 2:
        first, second = unbeaten + beaten
        last = state.rounds[-1][0].stage if state.rounds else None
        stage = Stage.RESET if not unbeaten and last is Stage.FINAL else Stage.FINAL
        return (Match(stage, number, 0, first, second),)
    counts = (len(unbeaten), len(had_bye.intersection(unbeaten)),
              len(beaten), len(had_bye.intersection(beaten)))
    plan = _choose(counts)
    if plan is None:  # start() refuses a tournament that could come here
        raise AssertionError(f"no round keeps every team to one bye from {counts}")
    met = {frozenset(match.sides) for matches in state.rounds for match in matches}

    def fresh(a: Entrant, b: Entrant) -> bool:
        return frozenset((a, b)) not in met

    seed = {entrant: index for index, entrant in enumerate(state.entrants)}
    drawn: list[_Drawn] = []
    cross: list[_Drawn] = []
    if plan.cross is not None:  # the lowest seed unbeaten and the highest beaten, new if can be
        ups = [e for e in reversed(unbeaten) if (e in had_bye) == plan.cross[0]]
        downs = [e for e in beaten if (e in had_bye) == plan.cross[1]]
        up, down = next(((a, b) for a in ups for b in downs if fresh(a, b)), (ups[0], downs[0]))
        unbeaten.remove(up)
        beaten.remove(down)
        cross.append((Stage.CROSS, up, down))
    if not plan.waits:
        drawn += _bracket(Stage.WINNERS, unbeaten, plan.winners, had_bye, fresh, seed)
    drawn += cross
    drawn += _bracket(Stage.LOSERS, beaten, plan.losers, had_bye, fresh, seed)
    return tuple(Match(stage, number, slot, first, second)
                 for slot, (stage, first, second) in enumerate(drawn))


def _bracket(stage: Stage, teams: list[Entrant], side: _Side, had_bye: set[Entrant],
             fresh: Fresh, seed: Mapping[Entrant, int]) -> list[_Drawn]:
    """One bracket's matches as the shape asks (byes last), the highest seed first in each."""
    holders = [team for team in teams if team in had_bye]
    plain = [team for team in teams if team not in had_bye]
    byes = [plain.pop(0)] if side.bye else []
    split = len(holders) - side.mixed_pairs
    pairs = list(pair_off(holders[:split], fresh, _fold))
    for holder in holders[split:]:
        opponent = next((team for team in reversed(plain) if fresh(holder, team)), plain[-1])
        plain.remove(opponent)
        pairs.append((holder, opponent))
    pairs += pair_off(plain, fresh, _fold)
    ordered = sorted(((a, b) if seed[a] < seed[b] else (b, a) for a, b in pairs),
                     key=lambda pair: seed[pair[0]])
    return [(stage, a, b) for a, b in ordered] + [(stage, team, None) for team in byes]


def _fold(top: Entrant, rest: Sequence[Entrant]) -> Sequence[Entrant]:
    """The highest seed left takes the lowest first."""
    return rest[::-1]
