"""The keyed worker loop: one run at a time per key, marks during a run coalesce into one more
run, a failed run is logged and the key still works, and a closed loop runs nothing more."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.keyed import KeyedWorkers


class Gate:
    """A job that records each run and waits for the test to let it finish."""

    def __init__(self) -> None:
        self.runs = 0
        self.running = 0
        self.most_at_once = 0
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def __call__(self) -> None:
        self.runs += 1
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        self.started.set()
        try:
            await self.release.wait()
        finally:
            self.running -= 1

    async def next_run(self) -> None:
        await asyncio.wait_for(self.started.wait(), 1)
        self.started.clear()


async def test_marks_during_a_run_coalesce_into_one_more_run() -> None:
    workers: KeyedWorkers[str] = KeyedWorkers("test")
    job = Gate()
    workers.mark("a", job)
    await job.next_run()
    for _ in range(5):
        workers.mark("a", job)
    assert workers.marked("a") and len(workers) == 1
    job.release.set()
    await workers.wait("a")
    assert job.runs == 2 and job.most_at_once == 1
    assert not workers.marked("a") and len(workers) == 0


async def test_the_first_mark_s_job_runs_again() -> None:
    """A mark during a run asks for one more run of the worker's job, not of its own."""
    workers: KeyedWorkers[str] = KeyedWorkers("test")
    first, second = Gate(), Gate()
    workers.mark("a", first)
    await first.next_run()
    workers.mark("a", second)
    first.release.set()
    await workers.wait("a")
    assert (first.runs, second.runs) == (2, 0)


async def test_keys_run_apart_and_idle_waits_for_all() -> None:
    workers: KeyedWorkers[int] = KeyedWorkers("test")
    one, two = Gate(), Gate()
    workers.mark(1, one)
    workers.mark(2, two)
    await one.next_run()
    await two.next_run()
    assert len(workers) == 2
    idle = asyncio.create_task(workers.idle())
    one.release.set()
    await workers.wait(1)
    assert not idle.done()
    two.release.set()
    await asyncio.wait_for(idle, 1)
    assert len(workers) == 0
    await workers.wait(3)  # no worker: nothing to wait for


async def test_a_failed_run_is_logged_and_the_key_runs_again(
        caplog: pytest.LogCaptureFixture) -> None:
    workers: KeyedWorkers[str] = KeyedWorkers("drawing")
    runs: list[int] = []

    async def failing() -> None:
        runs.append(len(runs))
        if len(runs) == 1:
            workers.mark("a", failing)  # marked while it runs: runs again despite the error
            raise RuntimeError("broken")

    with caplog.at_level(logging.ERROR, logger="bot.keyed"):
        workers.mark("a", failing)
        await workers.wait("a")
    assert runs == [0, 1]
    assert [r.getMessage() for r in caplog.records] == ["drawing a failed"]
    workers.mark("a", failing)
    await workers.wait("a")
    assert runs == [0, 1, 2]


async def test_close_cancels_the_runs_and_ignores_later_marks() -> None:
    workers: KeyedWorkers[str] = KeyedWorkers("test")
    job = Gate()
    workers.mark("a", job)
    await job.next_run()
    workers.mark("a", job)
    await workers.close()
    assert job.running == 0 and len(workers) == 0
    workers.mark("b", job)
    assert len(workers) == 0
    await asyncio.sleep(0)
    assert job.runs == 1
