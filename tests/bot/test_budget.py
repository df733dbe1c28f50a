"""The channel budget: processes on one database stay together within the limit in any second,
and tables where members play go before tables of computer players alone."""

from __future__ import annotations

import asyncio
import time

from bot.budget import ChannelBudget, Priority
from bot.storage import Storage, open_storage


async def test_processes_sharing_a_database_stay_within_the_limit(postgres_url: str) -> None:
    """Processes share PostgreSQL (one process holds an SQLite file)."""
    storage, other = await open_storage(postgres_url), await open_storage(postgres_url)
    budgets = [ChannelBudget(storage, limit=22), ChannelBudget(other, limit=22)]
    granted: list[float] = []

    async def send(budget: ChannelBudget) -> None:
        await budget.spend(Priority.MEMBERS)
        granted.append(time.time())

    try:
        await asyncio.gather(*(send(budgets[n % 2]) for n in range(50)))
    finally:
        for budget in budgets:
            await budget.close()
        await storage.close()
        await other.close()
    granted.sort()
    # In any second, wherever it starts; a grant is stamped once its task runs again, which a
    # busy machine may delay by a moment, so the window is shortened by that much.
    busiest = max(sum(1 for at in granted if start <= at < start + 0.9) for start in granted)
    assert len(granted) == 50 and busiest <= 22, busiest
    assert granted[-1] - granted[0] > 2  # 50 requests at 20 a second take over two seconds


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.5

    def __call__(self) -> float:
        return self.now


async def test_members_tables_go_first_when_a_tenth_runs_short(storage: Storage) -> None:
    """With 55 a second (5 a tenth), computer players' tables may take 4 a tenth: a fifth of
    theirs waits for the next tenth, while a member's table still gets the fifth of this one."""
    clock = Clock()
    budget = ChannelBudget(storage, limit=55, clock=clock)
    try:
        for _ in range(4):
            await budget.spend(Priority.COMPUTERS)
        computers = asyncio.create_task(budget.spend(Priority.COMPUTERS))
        await asyncio.sleep(0.05)
        assert not computers.done()
        await asyncio.wait_for(budget.spend(Priority.MEMBERS), 0.5)
        member = asyncio.create_task(budget.spend(Priority.MEMBERS))
        await asyncio.sleep(0.05)
        assert not member.done() and not computers.done()  # the second is spent
        order: list[str] = []
        member.add_done_callback(lambda _: order.append("member"))
        computers.add_done_callback(lambda _: order.append("computers"))
        clock.now += 0.1
        await asyncio.wait_for(asyncio.gather(member, computers), 2)
        assert order == ["member", "computers"]  # though the computers' came first
    finally:
        await budget.close()


async def test_a_budget_it_cannot_read_sends_rather_than_waits(storage: Storage) -> None:
    budget = ChannelBudget(storage, limit=5)
    await storage.close()
    try:
        await asyncio.wait_for(budget.spend(Priority.MEMBERS), 1)
    finally:
        await budget.close()


class SlowStorage:
    """A database that takes its time to answer, while others arrive."""

    def __init__(self, inner: Storage) -> None:
        self.inner = inner

    async def spend_budget(self, slot: int, cap: int) -> bool:
        await asyncio.sleep(0.02)
        return await self.inner.spend_budget(slot, cap)

    async def forget_budget(self, before: int) -> None:
        await self.inner.forget_budget(before)


async def test_whoever_arrives_while_the_database_answers_is_served_too(
        storage: Storage) -> None:
    budget = ChannelBudget(SlowStorage(storage), limit=550)  # type: ignore[arg-type]
    try:
        first = asyncio.create_task(budget.spend(Priority.COMPUTERS))
        await asyncio.sleep(0.005)  # the database is answering for the first
        await asyncio.wait_for(asyncio.gather(budget.spend(Priority.MEMBERS), first), 2)
    finally:
        await budget.close()


async def test_a_slot_gives_no_more_than_its_cap(storage: Storage) -> None:
    assert [await storage.spend_budget(7, 3) for _ in range(5)] == [True] * 3 + [False] * 2
    assert await storage.spend_budget(8, 3)
    await storage.forget_budget(8)
    assert [await storage.spend_budget(7, 3) for _ in range(4)] == [True] * 3 + [False]
