"""``python -m engine.latency``: how long a policy takes per decision, in every variant.

The policy plays every seat of whole games; each decision is timed in CPU time of this process
(one core, whatever else the machine runs), and the figures are printed per variant and phase —
median, p95 and max — against the budget a computer player keeps (median ≤ 100 ms, p95 ≤ 500 ms,
max ≤ 2 s)::

    python -m engine.latency --policy engine.players.strong:decide --games 4
    python -m engine.latency --variant moon --variant 42 --games 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from ..game import Game
from ..hand import Phase
from ..observation import observe
from ..players import Policy, load_policy
from ..variants import VARIANTS, Variant
from .arena import percentile

#: The budget per decision: median, p95 and max, in seconds.
BUDGET = (0.1, 0.5, 2.0)
_PHASES = {Phase.AUCTION: "auction", Phase.LEFTOVER: "leftover", Phase.DISCARD: "leftover",
           Phase.TRUMP: "trump", Phase.PLAY: "play"}


def timings(policy: Policy, variant: Variant, games: int, seed: str) -> dict[str, list[float]]:
    """CPU seconds of each decision of ``games`` games of ``policy`` in every seat, by phase."""
    found: dict[str, list[float]] = {}
    clock = time.process_time
    for index in range(games):
        game = Game.new(f"{seed}:{variant.name}:{index}", variant=variant)
        rngs = [random.Random(f"{seed}:{index}:{s}") for s in variant.seating.seats]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = observe(game, seat)
            started = clock()
            action = policy(observation, rngs[seat])
            found.setdefault(_PHASES.get(observation.phase, "other"), []).append(
                clock() - started)
            game = game.apply(seat, action)
    return found


def _line(name: str, values: Sequence[float]) -> str:
    p50, p95, top = percentile(values, 0.5), percentile(values, 0.95), max(values, default=0.0)
    within = p50 <= BUDGET[0] and p95 <= BUDGET[1] and top <= BUDGET[2]
    return (f"{name:<16}{len(values):>10}{p50 * 1000:>10.1f}{p95 * 1000:>10.1f}"
            f"{top * 1000:>10.1f}  {'within' if within else 'OVER'}")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.latency",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", default="engine.players.strong:decide",
                        help="the policy timed, as package.module:function")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS),
                        help="a game to time (repeatable; every variant by default)")
    parser.add_argument("--games", type=int, default=4, help="games per variant")
    parser.add_argument("--seed", default="latency")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    try:
        policy = load_policy(args.policy)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"latency of {args.policy}: {args.games} game(s) per variant, every seat, CPU time "
          f"per decision (ms); budget p50 {BUDGET[0] * 1000:.0f}, p95 {BUDGET[1] * 1000:.0f}, "
          f"max {BUDGET[2] * 1000:.0f}", file=out)
    print(f"{'variant/phase':<16}{'decisions':>10}{'p50':>10}{'p95':>10}{'max':>10}", file=out)
    for name in args.variant or list(VARIANTS):
        found = timings(policy, VARIANTS[name], args.games, args.seed)
        every = [value for values in found.values() for value in values]
        print(_line(name, every), file=out)
        for phase, values in found.items():
            print(_line(f"  {phase}", values), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
