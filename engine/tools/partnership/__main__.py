"""``python -m engine.tools.partnership``: generate the partnership battery, or measure a policy
on it (:mod:`engine.tools.partnership`)::

    python -m engine.tools.partnership generate --games 8000 --seed P1 \\
        --out tests/players/partnership.json
    python -m engine.tools.partnership measure --policy engine.players.strong:decide --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .battery import Battery, Category
from .generate import CAP, PER_GAME, POLICY, Plan, generate
from .measure import judge_all, report

DEFAULT_FILE = Path("tests/players/partnership.json")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.partnership",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="play games and collect the battery")
    make.add_argument("--games", type=int, default=8000, help="games at most")
    make.add_argument("--seed", default="P1")
    make.add_argument("--cap", type=int, default=CAP, help="positions per category")
    make.add_argument("--per-game", type=int, default=PER_GAME,
                      help="positions per category from one game")
    make.add_argument("--out", type=Path, default=DEFAULT_FILE)
    ask = commands.add_parser("measure", help="the share a policy gets right")
    ask.add_argument("--policy", default="engine.players.strong:decide")
    ask.add_argument("--battery", type=Path, default=DEFAULT_FILE)
    ask.add_argument("--jobs", type=int, default=1, help="processes")
    ask.add_argument("--category", action="append", choices=[c.value for c in Category],
                     help="measure only this category (repeatable)")
    ask.add_argument("--wrong", action="store_true", help="list the positions got wrong")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if args.command == "generate":
        return _generate(args, out)
    return _measure(args, out)


def _generate(args: argparse.Namespace, out: TextIO) -> int:
    started = time.perf_counter()
    battery = generate(Plan(args.games, args.seed, args.cap, args.per_game), POLICY)
    battery.save(args.out)
    counts = ", ".join(f"{c.value} {len(battery.of(c))}" for c in Category)
    print(f"{len(battery.positions)} positions from {battery.games} games in "
          f"{time.perf_counter() - started:.1f} s: {counts} -> {args.out}", file=out)
    return 0


def _measure(args: argparse.Namespace, out: TextIO) -> int:
    battery = Battery.load(args.battery)
    wanted = {Category(c) for c in args.category or [c.value for c in Category]}
    positions = [p for p in battery.positions if p.category in wanted]
    verdicts = judge_all(args.policy, positions, max(1, args.jobs))
    for line in report(args.policy, verdicts, args.wrong):
        print(line, file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
