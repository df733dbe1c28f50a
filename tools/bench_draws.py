"""``python -m tools.bench_draws``: how long a tournament's draw takes to replay from its results.

A stored tournament keeps its results, not its draw (docs/TOURNAMENTS.md), so every step reads
the draw again by replaying them. For each format it plays a whole tournament of ``--entrants``
entrants with seeded random results, then replays the draw from those results ``--runs`` times
(uncached) and prints the median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.tournament import league
from bot.tournament.event import Format, Plan, begin, finished, playable, record
from bot.tournament.types import Game, Match, Result


def _result(match: Match, rng: random.Random) -> Result:
    """Match won by a side drawn at random, two games to none at 7 to 0–6."""
    winner = rng.choice(match.sides)
    game = Game(7, rng.randint(0, 6))
    if winner != match.first:
        game = Game(game.second, game.first)
    return league.match_result(match, [game, game], 2)


def replay_ms(format: Format, entrants: int, runs: int) -> tuple[int, float]:
    """The results of a whole tournament, and the median replay time of its draw."""
    rng = random.Random(format.value)
    plan = Plan(format, 2)
    draw = begin(plan, range(1, entrants + 1))
    results: list[Result] = []
    while not finished(draw):
        result = _result(rng.choice(playable(draw)), rng)
        results.append(result)
        draw = record(draw, result)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        replaying = begin(plan, range(1, entrants + 1))  # what ``replayed`` does, uncached
        for result in results:
            replaying = record(replaying, result)
        times.append((time.perf_counter() - started) * 1000)
        assert replaying == draw
    return len(results), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for format in Format:
        count, median = replay_ms(format, args.entrants, args.runs)
        print(f"{format.value:8} {args.entrants} entrants, {count:4} results:"
              f" replay median {median:.1f} ms")


if __name__ == "__main__":
    main()
