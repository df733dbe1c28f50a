"""``python -m tools.bench_bots``: many tables of computer players at once; is the bot still quick?

It runs ``--tables`` tables of computer players (every seat of ``--game``'s table) through the
real :class:`TableService` on a real SQLite file, thinking in the real process pool with the
configured policy (the strong one by default) and pausing as in play, while it

- samples the event loop's lag: a coroutine sleeps 10 ms again and again, and every overshoot
  is time the loop could not answer anybody;
- plays a table of four simulated members at another channel, clicking every quarter second:
  how long their action takes to be applied and committed (what a button press waits for
  before Discord is answered), and how long opening a hand takes.

A finished game is followed by a rematch, so the load lasts the whole run. No Discord is
involved, but with ``--pictures`` (the default) every move draws the table's picture as the
bot does (``cogs.pictured``, in a thread; imported only then: every thinking process imports
this module again, and neither they nor a run with ``--no-pictures`` need the Discord layer).
Figures are printed at the end; the target is a lag under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.autoplay import Autoplay
from bot.config import DEFAULT_BOT_PAUSE, DEFAULT_BOT_POLICY, default_bot_workers
from bot.records import Status
from bot.service import Accepted, Fill, Refusal, TableService, TableSnapshot
from bot.storage import open_storage
from bot.thinking import PoolThinker, Thinker, decide_here
from engine import Observation
from engine.players import load_policy
from engine.players.hints import Hint
from engine.players.reasons import Explained
from engine.variants import FORTY_TWO, VARIANTS, Variant

GUILD = 42
CREATOR = 1
MEMBERS = (1001, 1002, 1003, 1004)
SAMPLE = 0.010
"""Seconds the lag sampler sleeps each time."""
CLICK_EVERY = 0.25
"""Seconds between two clicks of the simulated members."""
LAG_TARGET_MS = 50.0


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (0 when there is nothing).

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
    3.0
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


@dataclass
class Figures:
    lags: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    clicks: list[float] = field(default_factory=list)
    panels: list[float] = field(default_factory=list)
    pictures: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0


class TimedThinker:
    """The pool, with each decision's round trip (queue, pickling, thinking) timed."""

    def __init__(self, inner: Thinker, figures: Figures) -> None:
        self.inner, self.figures = inner, figures

    async def decide(self, observation: Observation, seed: str) -> str:
        started = time.perf_counter()
        try:
            return await self.inner.decide(observation, seed)
        finally:
            self.figures.decisions.append(time.perf_counter() - started)

    async def hint(self, observation: Observation) -> Hint:
        return await self.inner.hint(observation)

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained:
        return await self.inner.explain(observation, seed, hands)

    async def close(self) -> None:
        await self.inner.close()


async def sample_lag(lags: list[float], stop: asyncio.Event) -> None:
    """Until ``stop``: sleep 10 ms again and again, noting each overshoot in ``lags``."""
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(SAMPLE)
        lags.append(max(0.0, time.perf_counter() - started - SAMPLE))


async def members_table(service: TableService, channel: int, figures: Figures,
                        stop: asyncio.Event) -> None:
    """Four members playing by clicks, as fast as a quick person: each click is timed."""
    rules = load_policy("engine.players.rules:decide")
    table = (await service.open_table(GUILD, channel, MEMBERS[0], None)).table
    for user in MEMBERS[1:]:
        await service.join(table.id, user)
    await service.start(table.id, MEMBERS[0])
    table_id = table.id
    while not stop.is_set():
        await asyncio.sleep(CLICK_EVERY)
        snapshot = await service.snapshot(table_id)
        if snapshot.table.status is Status.FINISHED:
            for user in MEMBERS:  # everybody agrees, one press each
                rematch = await service.rematch(table_id, user)
            table_id = rematch.snapshot.table.id
            continue
        observation = snapshot.observation
        assert observation is not None and observation.to_act is not None
        user = MEMBERS[observation.to_act]
        started = time.perf_counter()
        panel = await service.panel(table_id, user)
        figures.panels.append(time.perf_counter() - started)
        text = decide_here(rules, panel.observation, f"member:{panel.count}")
        started = time.perf_counter()
        await service.act(table_id, user, panel.observation.hand_number, panel.count, text)
        figures.clicks.append(time.perf_counter() - started)


PictureHook = Callable[[TableSnapshot], Coroutine[Any, Any, None]]
"""Draws the table picture of a snapshot, as the bot would after a move."""


def picture_hook(figures: Figures) -> PictureHook:
    from cogs.pictured import table_reply
    from cogs.pictures import Pictures

    pictures = Pictures()

    async def draw(snapshot: TableSnapshot) -> None:
        started = time.perf_counter()
        await table_reply(snapshot, pictures)
        figures.pictures.append(time.perf_counter() - started)

    return draw


async def bench(tables: int, seconds: float, pause: float, policy: str, workers: int,
                database: Path, pictures: bool = True, variant: Variant = FORTY_TWO) -> Figures:
    figures = Figures()
    draw = picture_hook(figures) if pictures else None
    drawing: set[asyncio.Task[None]] = set()
    storage = await open_storage(database)
    counter = itertools.count()
    service = TableService(storage, new_seed=lambda: f"bench-{next(counter)}")
    pool = PoolThinker(policy, workers)
    await pool.start()
    autoplay = Autoplay(service, TimedThinker(pool, figures), pause=pause)
    rematches: set[asyncio.Task[None]] = set()

    async def rematch(table_id: int) -> None:
        with contextlib.suppress(Refusal):  # the channel moved on meanwhile
            await service.rematch(table_id, CREATOR)

    def moved(accepted: Accepted) -> None:
        figures.moves += 1
        if draw is not None:
            task = asyncio.create_task(draw(accepted.snapshot))
            drawing.add(task)
            task.add_done_callback(drawing.discard)
        if accepted.snapshot.table.status is Status.FINISHED:
            figures.games += 1
            task = asyncio.create_task(rematch(accepted.snapshot.table.id))
            rematches.add(task)
            task.add_done_callback(rematches.discard)

    autoplay.listen(moved)
    stop = asyncio.Event()
    try:
        for channel in range(1, tables + 1):
            table = (await service.open_table(GUILD, channel, CREATOR, None, Fill.ALL,
                                              variant=variant)).table
            await service.start(table.id, CREATOR)
        sampler = asyncio.create_task(sample_lag(figures.lags, stop))
        members = asyncio.create_task(members_table(service, tables + 1, figures, stop))
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(sampler, members)
    finally:
        await autoplay.close()
        for task in [*rematches, *drawing]:
            task.cancel()
        await storage.close()
    return figures


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(figures: Figures, tables: int, seconds: float, pause: float, policy: str,
           workers: int, variant: Variant = FORTY_TWO) -> str:
    lag_max = max(figures.lags, default=0.0)
    verdict = "met" if lag_max * 1000 < LAG_TARGET_MS else "MISSED"
    lines = [
        f"bench_bots: {tables} tables of {variant.seating.count} computer players, game"
        f" {variant.name} ({policy}), {workers} worker"
        f"{'s' if workers != 1 else ''}, pause {pause:g} s, {seconds:g} s, "
        f"{os.cpu_count()} cores",
        f"  computer moves: {figures.moves} ({figures.moves / seconds:.1f}/s), "
        f"games finished: {figures.games}",
        f"  decisions (pool round trip, {len(figures.decisions)}): "
        f"p50 {ms(percentile(figures.decisions, 0.5))} · "
        f"p95 {ms(percentile(figures.decisions, 0.95))} · "
        f"max {ms(max(figures.decisions, default=0))}",
        f"  event loop lag ({len(figures.lags)} samples of {SAMPLE * 1000:g} ms sleeps): "
        f"p50 {ms(percentile(figures.lags, 0.5))} · p95 {ms(percentile(figures.lags, 0.95))} "
        f"· max {ms(lag_max)}",
        f"  a member's action at another table ({len(figures.clicks)}): "
        f"p50 {ms(percentile(figures.clicks, 0.5))} · max {ms(max(figures.clicks, default=0))}"
        f"; their hand ({len(figures.panels)}): p50 {ms(percentile(figures.panels, 0.5))} "
        f"· max {ms(max(figures.panels, default=0))}",
        f"  table pictures ({len(figures.pictures)}, drawn in a thread, cached by scene): "
        f"p50 {ms(percentile(figures.pictures, 0.5))} · "
        f"p95 {ms(percentile(figures.pictures, 0.95))}",
        f"  target: event loop lag under {LAG_TARGET_MS:g} ms — {verdict}",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_bots", description=__doc__
                                     .split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20,
                        help="tables of computer players (default 20)")
    parser.add_argument("--game", choices=list(VARIANTS), default="42",
                        help="the game the tables play, every seat a computer player"
                             " (default 42)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long to measure (default 30)")
    parser.add_argument("--pause", type=float, default=DEFAULT_BOT_PAUSE,
                        help=f"seconds before each computer move (default {DEFAULT_BOT_PAUSE})")
    parser.add_argument("--policy", default=DEFAULT_BOT_POLICY,
                        help=f"package.module:function (default {DEFAULT_BOT_POLICY})")
    parser.add_argument("--workers", type=int, default=default_bot_workers(),
                        help="thinking processes (default: the number of cores)")
    parser.add_argument("--pictures", action=argparse.BooleanOptionalAction, default=True,
                        help="draw each move's table picture as the bot does (default: yes)")
    parser.add_argument("--database", type=Path,
                        help="the SQLite file to use (default: a new one in a temporary folder)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.pause < 0 or args.workers < 1:
        parser.error("--tables and --workers must be at least 1, --seconds above 0, "
                     "--pause at least 0")
    try:
        load_policy(args.policy)
    except ValueError as error:
        parser.error(str(error))
    with tempfile.TemporaryDirectory(prefix="bench-bots-") as folder:
        database = args.database or Path(folder) / "bench.sqlite3"
        figures = asyncio.run(bench(args.tables, args.seconds, args.pause, args.policy,
                                    args.workers, database, args.pictures,
                                    VARIANTS[args.game]))
    print(report(figures, args.tables, args.seconds, args.pause, args.policy, args.workers,
                 VARIANTS[args.game]), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
