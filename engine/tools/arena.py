"""``python -m engine.arena``: play whole games between two policies and report how each did.

Policy A holds one side for a game and policy B every other side; game *i* gives A side
``i mod S`` of the variant's S sides (two teams in 42; three players in Moon, three teams in
140), so over a multiple of S games each policy sits in every seat equally and seat bias
cancels. Each seat draws from its own random generator, seeded from ``--seed``, the game and the
seat, so a run replays. ``--variant`` names the game (VARIANTS.md; 42 by default).

It prints games won with a 95% Wilson interval (against the share of 1/S that equal policies
would win), marks (or points) per game, contracts bid and made by each policy, and per-decision
latency (p50 / p95 / max) for each policy::

    python -m engine.arena --a engine.players.strong:decide --b engine.players.rules:decide \\
        --games 1000 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from ..game import Game
from ..observation import observe
from ..players import Policy, load_policy
from ..variants import FORTY_TWO, VARIANTS, Variant

_Z95 = 1.959963984540054
_SIDES = ("A", "B")


@dataclass(slots=True)
class GameRecord:
    """One game from the point of view of the two policies (index 0 is A, 1 is B)."""

    won: int
    marks: list[int]
    bid: list[int]
    made: list[int]
    hands: int
    redeals: int
    latencies: list[list[float]]


@dataclass(slots=True)
class Tally:
    games: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    marks: list[int] = field(default_factory=lambda: [0, 0])
    bid: list[int] = field(default_factory=lambda: [0, 0])
    made: list[int] = field(default_factory=lambda: [0, 0])
    hands: int = 0
    redeals: int = 0
    latencies: list[list[float]] = field(default_factory=lambda: [[], []])

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.won[record.won] += 1
        self.hands += record.hands
        self.redeals += record.redeals
        for side in (0, 1):
            self.marks[side] += record.marks[side]
            self.bid[side] += record.bid[side]
            self.made[side] += record.made[side]
            self.latencies[side].extend(record.latencies[side])


def play_game(policies: Sequence[Policy], seed: str, a_team: int,
              variant: Variant = FORTY_TWO) -> GameRecord:
    """One game; ``policies`` are A and B, A holding side ``a_team``, B the others."""
    game = Game.new(seed, variant=variant)
    seats = variant.seating.seats
    side_of = [0 if variant.seating.side_of[seat] == a_team else 1 for seat in seats]
    rngs = [random.Random(f"{seed}:seat:{seat}") for seat in seats]
    latencies: list[list[float]] = [[], []]
    bid = [0, 0]
    made = [0, 0]
    hands = redeals = 0
    clock = time.perf_counter
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        side = side_of[seat]
        observation = observe(game, seat)
        started = clock()
        action = policies[side](observation, rngs[seat])
        latencies[side].append(clock() - started)
        before = game.hand_number
        hand = game.hand
        game = game.apply(seat, action)
        if game.hand_number != before or game.is_over:
            finished = game.previous if game.previous is not None else hand
            hands += 1
            result = finished.result
            contract = finished.contract
            if result is not None and result.redeal:
                redeals += 1
            elif contract is not None and result is not None:
                declarers = side_of[contract.declarer]
                bid[declarers] += 1
                made[declarers] += int(result.made)
    assert game.winner is not None
    totals = game.standing.totals
    others = [total for side, total in enumerate(totals) if side != a_team]
    marks = [totals[a_team], sum(others) // len(others)]
    won = 0 if game.winner == a_team else 1
    return GameRecord(won, marks, bid, made, hands, redeals, latencies)


_worker_policies: list[Policy] = []


def _init_worker(paths: Sequence[str]) -> None:
    _worker_policies[:] = [load_policy(path) for path in paths]


def deal_of(seed: str, index: int, sides: int, duplicate: bool) -> tuple[str, int]:
    """Game ``index``'s seed and the side A holds. Every game has deals of its own and A
    changes sides from one to the next; in a duplicate run the deals repeat for each of the
    ``sides`` sides A may hold, so the luck of the deal cancels.

    >>> [deal_of("s", i, 2, True) for i in range(4)]
    [('s:d0', 0), ('s:d0', 1), ('s:d1', 0), ('s:d1', 1)]
    >>> deal_of("s", 3, 2, False)
    ('s:3', 1)
    """
    if duplicate:
        return f"{seed}:d{index // sides}", index % sides
    return f"{seed}:{index}", index % sides


def _play_indexed(job: tuple[str, int, str, bool]) -> GameRecord:
    seed, index, name, duplicate = job
    variant = VARIANTS[name]
    game_seed, a_side = deal_of(seed, index, variant.seating.side_count, duplicate)
    return play_game(_worker_policies, game_seed, a_side, variant)


def run(paths: Sequence[str], games: int, seed: str, jobs: int,
        variant: Variant = FORTY_TWO, duplicate: bool = False) -> Iterator[GameRecord]:
    """The records of ``games`` games, in any order when ``jobs`` > 1."""
    work = [(seed, index, variant.name, duplicate) for index in range(games)]
    if jobs <= 1:
        _init_worker(paths)
        yield from map(_play_indexed, work)
        return
    with multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(list(paths),)) as pool:
        yield from pool.imap_unordered(_play_indexed, work, chunksize=1)


def wilson(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson(65, 100)
    >>> round(low, 3), round(high, 3)
    (0.553, 0.736)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values`` (0 if there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def report(paths: Sequence[str], tally: Tally, seed: str, jobs: int, elapsed: float,
           variant: Variant = FORTY_TWO, duplicate: bool = False) -> str:
    """The printed summary of a run."""
    games = max(1, tally.games)
    low, high = wilson(tally.won[0], tally.games)
    b_low, b_high = wilson(tally.won[1], tally.games)
    sides = variant.seating.side_count
    game = "" if variant is FORTY_TWO else f", variant {variant.name}"
    if duplicate:
        game += f", duplicate (each deal played with A on each of the {sides} sides)"
    even = "" if sides == 2 else f" (1 side of {sides}: {1 / sides:.0%} at equal strength)"
    totals = "points" if variant.scoring.in_points else "marks"
    lines = [
        f"arena: {tally.games} games, seed {seed}, {jobs} job{'s' if jobs != 1 else ''}, "
        f"{elapsed:.1f} s{game}",
        f"  A = {paths[0]}{even}",
        f"  B = {paths[1]}",
        f"games won:    A {tally.won[0]} ({tally.won[0] / games:.1%}, 95% CI "
        f"{low:.1%}-{high:.1%})   B {tally.won[1]} ({tally.won[1] / games:.1%}, 95% CI "
        f"{b_low:.1%}-{b_high:.1%})",
        f"{totals}/game:".ljust(14) + f"A {tally.marks[0] / games:.2f}   "
        f"B {tally.marks[1] / games:.2f}",
        f"hands:        {tally.hands} ({tally.hands / games:.1f}/game), "
        f"{tally.redeals} all passed",
    ]
    for side in (0, 1):
        bid, made = tally.bid[side], tally.made[side]
        rate = f"{made / bid:.1%}" if bid else "-"
        lines.append(f"contracts {_SIDES[side]}:  bid {bid}, made {made} ({rate})")
    for side in (0, 1):
        values = tally.latencies[side]
        lines.append(
            f"latency {_SIDES[side]}:    p50 {percentile(values, 0.5) * 1000:.1f} ms   "
            f"p95 {percentile(values, 0.95) * 1000:.1f} ms   "
            f"max {max(values, default=0.0) * 1000:.1f} ms   ({len(values)} decisions)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--a", required=True, help="policy A, as package.module:function")
    parser.add_argument("--b", required=True, help="policy B, as package.module:function")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--variant", choices=list(VARIANTS), default="42",
                        help="the game played (default 42)")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal once with A on each side, so luck cancels")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    out = out or sys.stdout
    paths = [args.a, args.b]
    try:
        for path in paths:
            load_policy(path)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    tally = Tally()
    started = time.perf_counter()
    for record in run(paths, args.games, args.seed, args.jobs, variant, args.duplicate):
        tally.add(record)
    print(report(paths, tally, args.seed, args.jobs, time.perf_counter() - started, variant,
                 args.duplicate), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
