"""``python -m engine.tools.bidding``: solve bidding situations, and fit the bidder's model to them
(:mod:`engine.tools.bidding`)::

    python -m engine.tools.bidding samples --deals 2400 --seed B1 --jobs 2 --out bids.jsonl
    python -m engine.tools.bidding fit --samples bids.jsonl --contracts 1000 --seed T3 --jobs 2
    python -m engine.tools.bidding speed
    python -m engine.tools.bidding passes --deals 8000 --seed E1 --jobs 2 --out passes.jsonl
    python -m engine.tools.bidding sweeps --deals 12000 --seed M1 --jobs 2 --out sweeps.jsonl

``samples`` solves the hands of seeded auctions (:mod:`.samples`); ``fit`` fits the model to them
(:mod:`.fit`), corrects it on contracts the strong player plays (:mod:`.table`) and writes
:mod:`engine.players.bid_model`; ``speed`` prints what reading the model costs per call;
``passes`` measures at the table the chance from which a bid is worth more than a pass, at each
turn of the auction (:mod:`.passes`), or reads again the tosses it saved (``--tosses``);
``sweeps`` measures how often a bid of two marks takes every trick at the table, against the
playouts' share (:mod:`.sweeps`), or reads again the bids it saved (``--sweeps``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Protocol, TextIO, TypeVar

from ...dominoes import mask_of
from ...game import Game
from ...observation import observe
from ...players.bid_features import LEVELS, features
from ...players.bidding import SHIPPED, Model, blend_inputs, earlier_calls
from ...players.strong_classic import prospects
from . import passes, samples, sweeps
from .fit import UNBLENDED, fit, fit_blend, log_loss, model_source
from .table import play_all

MODEL = Path("engine/players/bid_model.py")
_Found = TypeVar("_Found")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.bidding",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser("samples", help="solve the hands of seeded auctions")
    solve.add_argument("--deals", type=int, default=2400)
    solve.add_argument("--seed", default="B1")
    solve.add_argument("--jobs", type=int, default=1, help="processes")
    solve.add_argument("--out", type=Path, required=True)
    model = commands.add_parser("fit", help="fit the model, correct it at the table, write it")
    model.add_argument("--samples", type=Path, required=True)
    model.add_argument("--seed", default="T3", help="seed of the contracts played")
    model.add_argument("--contracts", type=int, default=1000,
                       help="deals whose auction and contract are played (half uncorrected)")
    model.add_argument("--jobs", type=int, default=1, help="processes")
    model.add_argument("--out", type=Path, default=MODEL)
    speed = commands.add_parser("speed", help="time the chances of seeded hands")
    speed.add_argument("--hands", type=int, default=300)
    for name, about, deals, seed, kept in (
            ("passes", "bid or pass near the threshold, by a coin", 8000, "E1", "tosses"),
            ("sweeps", "bids of two marks played out at the table", 12000, "M1", "sweeps")):
        measure = commands.add_parser(name, help=about)
        measure.add_argument("--deals", type=int, default=deals)
        measure.add_argument("--seed", default=seed)
        measure.add_argument("--jobs", type=int, default=1, help="processes")
        measure.add_argument("--out", type=Path, help=f"save the {kept} here")
        measure.add_argument(f"--{kept}", type=Path,
                             help=f"read saved {kept} instead of dealing")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if args.command == "passes":
        return _at_the_table(passes, args.tosses, args, out)
    if args.command == "sweeps":
        return _at_the_table(sweeps, args.sweeps, args, out)
    if args.command == "fit":
        return _fit(args, out)
    if args.command == "speed":
        return _speed(args.hands, out)
    started = time.perf_counter()
    found = tuple(samples.generate(args.seed, args.deals, max(1, args.jobs)))
    samples.Solved(args.seed, args.deals, found).save(args.out)
    print(f"{len(found)} situations from {args.deals} deals in "
          f"{time.perf_counter() - started:.1f} s -> {args.out}", file=out)
    return 0


def _fit(args: argparse.Namespace, out: TextIO) -> int:
    started = time.perf_counter()
    solved = samples.Solved.load(args.samples)
    found = solved.samples
    cut = len(found) * 4 // 5
    held = log_loss(fit(found[:cut]), found[cut:])
    print("held-out log-loss (fitted on 4/5, tested on 1/5): " + ", ".join(
        f"{level} {held[level]:.3f}" for level in (30, 32, 34, 36, 42)), file=out)
    fitted = fit(found)
    jobs = max(1, args.jobs)
    half = max(1, args.contracts // 2)
    # First with the solved chances as they are (too hopeful: many contracts, many set), then
    # with the blend they give, where the bidder will bid; the blend from both.
    first = list(play_all(Model(fitted.weights, UNBLENDED), f"{args.seed}:1", half, jobs))
    second = list(play_all(Model(fitted.weights, fit_blend(first)), f"{args.seed}:2", half,
                           jobs))
    played = first + second
    blend = fit_blend(played)
    made = sum(m for _, m in played)
    for name, contracts in (("solved chances alone", first), ("blended once", second)):
        print(f"{name}: {sum(m for _, m in contracts)} of {len(contracts)} contracts made",
              file=out)
    provenance = (f"the {len(found)} situations of ``samples --deals {solved.deals} --seed "
                  f"{solved.seed}``, blended on the {len(played)} contracts bid and played "
                  f"in ``--contracts {args.contracts} --seed {args.seed}`` ({made} made)")
    args.out.write_text(model_source(fitted, blend, provenance), encoding="utf-8")
    print(f"{fitted.rows} rows, {fitted.pooled} pooled; blend {blend}; "
          f"{time.perf_counter() - started:.1f} s -> {args.out}", file=out)
    return 0


class _AtTheTable(Protocol[_Found]):
    """A measure taken by playing seeded deals out (:mod:`.passes`, :mod:`.sweeps`)."""

    def generate(self, seed: str, deals: int, jobs: int = 1, /) -> Iterator[_Found]: ...

    def save(self, found: Iterable[_Found], path: Path, /) -> None: ...

    def load(self, path: Path, /) -> list[_Found]: ...

    def report(self, found: Sequence[_Found], /) -> list[str]: ...


def _at_the_table(measure: _AtTheTable[_Found], saved: Path | None, args: argparse.Namespace,
                  out: TextIO) -> int:
    """Deal and play (keeping what was found in ``--out``), or read again what was ``saved``;
    then the report."""
    started = time.perf_counter()
    if saved is not None:
        found = measure.load(saved)
    else:
        found = list(measure.generate(args.seed, args.deals, max(1, args.jobs)))
        if args.out is not None:
            measure.save(found, args.out)
    for line in measure.report(found):
        print(line, file=out)
    print(f"{time.perf_counter() - started:.1f} s", file=out)
    return 0


def _speed(hands: int, out: TextIO) -> int:
    """Each call reads the chances of every level under the hand's likeliest trumps, for the
    first call of a seeded game: the playouts, and the model's part alone."""
    whole, model = [], []
    for index in range(max(1, hands)):
        game = Game.new(f"speed:{index}")
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        started = time.perf_counter()
        found = prospects(observation)
        played = time.perf_counter()
        earlier = earlier_calls(observation)
        for outlook in found:
            x = features(mask_of(observation.hand), int(outlook.trump), earlier)
            for level in LEVELS:
                SHIPPED.chance(blend_inputs(SHIPPED, x, level, outlook))
        done = time.perf_counter()
        whole.append(done - started)
        model.append(done - played)
    for name, times in (("playouts and model", whole), ("model alone", model)):
        times.sort()
        print(f"{name}: median {times[len(times) // 2] * 1e3:.2f} ms, p95 "
              f"{times[len(times) * 95 // 100] * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms "
              f"({len(times)} hands)", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
