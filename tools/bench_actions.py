"""``python -m tools.bench_actions``: how many members' actions per second the bot accepts.

Members at ``--tables`` tables click as fast as the bot answers, each table's four members one
after another (panel, then action, as a button press does): every action goes through the real
:class:`TableService`, is applied by the engine and committed before the next. It runs on an
SQLite file in one process, then, with ``--postgres URL`` (an empty database it may fill), on
PostgreSQL in one process and in two processes at once (as two processes holding different
shards would), each with tables of its own. Printed for each run: accepted actions per second,
the commit latency (``append_action``: p50/p99) and the event loop's lag (p95, target under
50 ms). No Discord is involved: this is the storage and the service under load.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.records import Status
from bot.service import TableService
from bot.storage import Storage, open_storage
from bot.thinking import decide_here
from engine.players import load_policy
from tools.bench_bots import LAG_TARGET_MS, ms, percentile, sample_lag

MEMBERS = 4
RULES = "engine.players.rules:decide"


@dataclass
class Load:
    actions: int = 0
    commits: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    seconds: float = 0.0


class TimedCommits:
    """The storage, with each ``append_action`` (one transaction: an accepted action) timed."""

    def __init__(self, inner: Storage, load: Load) -> None:
        self._inner, self._load = inner, load

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        try:
            await self._inner.append_action(*args, **kwargs)
        finally:
            self._load.commits.append(time.perf_counter() - started)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


async def members_at(service: TableService, guild: int, channel: int, load: Load,
                     stop: asyncio.Event) -> None:
    """Four members at one table acting as soon as it is their turn; a new game after each."""
    rules = load_policy(RULES)
    users = [guild * 10 + seat for seat in range(1, MEMBERS + 1)]
    table_id = 0
    while not stop.is_set():
        if not table_id:
            table = (await service.open_table(guild, channel, users[0], None)).table
            for user in users[1:]:
                await service.join(table.id, user)
            await service.start(table.id, users[0])
            table_id = table.id
        snapshot = await service.snapshot(table_id)
        observation = snapshot.observation
        if snapshot.table.status is Status.FINISHED or observation is None:
            table_id = 0
            continue
        assert observation.to_act is not None
        user = users[observation.to_act]
        panel = await service.panel(table_id, user)
        text = decide_here(rules, panel.observation, f"member:{panel.count}")
        await service.act(table_id, user, panel.observation.hand_number, panel.count, text)
        load.actions += 1


async def run_load(target: Path | str, process: int, tables: int, seconds: float,
                   run: int) -> Load:
    """``tables`` tables in guild ``process + 1`` (a shard's servers of their own), for
    ``seconds``, in channels of their own (``run`` numbers the runs on one database)."""
    load = Load()
    storage = await open_storage(target)
    service = TableService(TimedCommits(storage, load),  # type: ignore[arg-type]
                           new_seed=lambda: f"bench-{process}-{time.perf_counter_ns()}")
    stop = asyncio.Event()
    first = run * 1_000_000 + process * 100_000 + 1
    try:
        sampler = asyncio.create_task(sample_lag(load.lags, stop))
        players = [asyncio.create_task(members_at(service, process + 1, channel, load, stop))
                   for channel in range(first, first + tables)]
        started = time.perf_counter()
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(sampler, *players)
        load.seconds = time.perf_counter() - started
    finally:
        await storage.close()
    return load


def _in_process(target: Path | str, process: int, tables: int, seconds: float, run: int,
                barrier: Any) -> Load:
    barrier.wait()  # every process starts its load at the same moment
    return asyncio.run(run_load(target, process, tables, seconds, run))


def measure(target: Path | str, processes: int, tables: int, seconds: float,
            run: int = 0) -> list[Load]:
    """The load in ``processes`` processes at once, each with ``tables`` tables."""
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, ProcessPoolExecutor(processes, mp_context=context) as pool:
        barrier = manager.Barrier(processes)
        runs = [pool.submit(_in_process, target, number, tables, seconds, run, barrier)
                for number in range(processes)]
        return [run.result() for run in runs]


def line(name: str, loads: list[Load]) -> str:
    actions = sum(load.actions for load in loads)
    rate = sum(load.actions / load.seconds for load in loads)
    commits = [c for load in loads for c in load.commits]
    lags = [lag for load in loads for lag in load.lags]
    each = " + ".join(f"{load.actions / load.seconds:.0f}" for load in loads)
    lag = percentile(lags, 0.95)
    verdict = "met" if lag * 1000 < LAG_TARGET_MS else "MISSED"
    return (f"  {name:<28} {rate:7.0f} actions/s" + (f" ({each})" if len(loads) > 1 else "")
            + f", {actions} in all · commit p50 {ms(percentile(commits, 0.5))}"
            f" p99 {ms(percentile(commits, 0.99))} · loop lag p95 {ms(lag)} ({verdict})")


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_actions",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20,
                        help="tables of four members in each process (default 20)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="how long each run lasts (default 10)")
    parser.add_argument("--postgres", metavar="URL",
                        help="an empty PostgreSQL database for the PostgreSQL runs")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0:
        parser.error("--tables must be at least 1 and --seconds above 0")
    print(f"bench_actions: {args.tables} tables of {MEMBERS} members per process, "
          f"{args.seconds:g} s per run", file=out)
    with tempfile.TemporaryDirectory(prefix="bench-actions-") as folder:
        sqlite_file = Path(folder) / "bench.sqlite3"
        print(line("SQLite, 1 process", measure(sqlite_file, 1, args.tables, args.seconds)),
              file=out)
    if args.postgres:
        for processes in (1, 2):
            loads = measure(args.postgres, processes, args.tables, args.seconds, processes)
            name = f"PostgreSQL, {processes} process{'es' if processes > 1 else ''}"
            print(line(name, loads), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
