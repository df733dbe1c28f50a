"""One budget for what the bot sends in channels with its token, shared by all its processes.

Discord lets the whole bot (every process and shard on its token) make 50 requests a second,
interaction answers aside, and answers more with 429s that hold up every table for a while.
Before each channel request (a table message posted, edited or removed, a ping, a tile's face
made) a process takes a request of the current tenth of a second from the database all
processes share (PostgreSQL; the one process on an SQLite file counts in memory), so that
together they stay under :data:`LIMIT` in any one second, however it falls across the tenths.
When a tenth's requests run short, tables where members play go first: tables of computer
players alone may take only :data:`COMPUTERS_SHARE` of each, and within a process the table of
the higher priority that has waited longest goes first (a table waits for one request at a
time, so no table is starved by a busier one).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import time
from collections.abc import Callable
from enum import IntEnum

from .records import TableRecord
from .storage import Storage

log = logging.getLogger(__name__)

LIMIT = 45
"""Requests a second for the whole bot: Discord's 50, less room for what does not go through
the budget (commands synced at start, tile faces created once, a direct message now and then)."""
COMPUTERS_SHARE = 0.8
"""The part of each second that tables of computer players alone may take: the rest is kept
for tables where members play, whichever process serves them."""
SLOTS = 10
"""A second is handed out in tenths, each with its share of the limit: any second, wherever it
starts, then spans at most eleven of them (with whole seconds, the end of one and the start of
the next could together take twice the limit)."""
FORGET_EVERY = 60 * SLOTS
"""Tenths between two clean-ups of those gone by (a minute)."""


class Priority(IntEnum):
    """Who is waiting for a request: lower goes first."""

    MEMBERS = 0
    COMPUTERS = 1

    @classmethod
    def of(cls, table: TableRecord) -> Priority:
        return cls.MEMBERS if table.member_ids else cls.COMPUTERS


class ChannelBudget:
    """Hands out the bot's requests, a second at a time, in order of priority then arrival."""

    def __init__(self, storage: Storage, *, limit: int = LIMIT,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.limit = limit
        self._clock = clock
        self._waiting: list[tuple[Priority, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()
        self._arrived = asyncio.Event()
        self._dispatcher: asyncio.Task[None] | None = None
        self._forgotten = 0

    def cap(self, priority: Priority) -> int:
        """How many of a tenth's requests may have been taken when this priority takes one."""
        tenth = max(1, self.limit // (SLOTS + 1))
        return tenth if priority is Priority.MEMBERS else max(1, int(tenth * COMPUTERS_SHARE))

    async def spend(self, priority: Priority) -> None:
        """Until this process may send one request."""
        granted = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrivals), granted))
        self._arrived.set()
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch(), name="channel budget")
        await granted

    async def close(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            await asyncio.gather(self._dispatcher, return_exceptions=True)

    async def _dispatch(self) -> None:
        while self._waiting:
            priority, _, granted = self._waiting[0]
            if granted.done():  # granted, or its request given up
                heapq.heappop(self._waiting)
                continue
            now = self._clock() * SLOTS
            slot = int(now)
            try:
                await self._forget(slot)
                spent = await self.storage.spend_budget(slot, self.cap(priority))
            except Exception:
                # Better a request Discord may refuse than tables that wait for ever.
                log.exception("the channel budget could not be read; sending anyway")
                spent = True
            if spent:
                # Someone may have arrived ahead of it meanwhile: it leaves the queue once on
                # top, as a request given up does.
                if not granted.done():
                    granted.set_result(None)
                continue
            # This tenth is spent for this priority: until the next one, or until someone of a
            # higher priority arrives.
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), (slot + 1 - now) / SLOTS)

    async def _forget(self, slot: int) -> None:
        if slot - self._forgotten >= FORGET_EVERY:
            self._forgotten = slot
            await self.storage.forget_budget(slot - FORGET_EVERY)
