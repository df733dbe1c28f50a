"""One worker per key, which runs its job again if the key was marked while it ran.

Marking only says "out of date"; the worker then does the work for the *latest* state when it
gets to it. So runs for one key never overlap (no older result lands after a newer one), and a
burst of marks costs at most one more run. The table messages, open panels and turn pings are
drawn this way, and the computer players of each table take their turns this way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
Job = Callable[[], Awaitable[None]]


class KeyedWorkers(Generic[K]):
    """At most one running job per key; a key marked during a run is run once more after it.

    A job that raises is logged and does not stop its worker; once :meth:`close` is called,
    marks are ignored."""

    def __init__(self, label: str) -> None:
        self._label = label
        """Names each worker's task, and its failures in the log: ``{label} {key}``."""
        self._marked: set[K] = set()
        self._workers: dict[K, asyncio.Task[None]] = {}
        self._closed = False

    def mark(self, key: K, job: Job) -> None:
        """Run ``job`` for ``key`` now, or, if a run for ``key`` is under way, once more after
        it (with the job that worker was started with)."""
        if self._closed:
            return
        self._marked.add(key)
        if key not in self._workers:
            self._workers[key] = asyncio.get_running_loop().create_task(
                self._work(key, job), name=f"{self._label} {key}")

    def marked(self, key: K) -> bool:
        """Whether ``key`` is waiting for a run (a first one, or one more)."""
        return key in self._marked

    def __len__(self) -> int:
        """How many keys have a worker: running, or about to run again."""
        return len(self._workers)

    async def _work(self, key: K, job: Job) -> None:
        try:
            while key in self._marked:
                self._marked.discard(key)
                try:
                    await job()
                except Exception:
                    log.exception("%s %s failed", self._label, key)
        finally:
            self._workers.pop(key, None)

    async def wait(self, key: K) -> None:
        """Until ``key`` has no worker (if it is waiting or running)."""
        worker = self._workers.get(key)
        if worker is not None:
            await asyncio.gather(worker, return_exceptions=True)

    async def idle(self) -> None:
        """Until no key has a worker."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    async def close(self) -> None:
        """Stop: every worker is cancelled and waited for, and later marks are ignored."""
        self._closed = True
        workers = list(self._workers.values())
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
