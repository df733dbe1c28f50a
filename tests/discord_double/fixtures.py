"""pytest fixtures and helpers for tests that run a bot against the double
(:mod:`tools.discord_double`).

Register with ``pytest_plugins = ["tests.discord_double.fixtures"]`` in a conftest.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import discord
import pytest

from tools.discord_double import BotProcess, DiscordDouble
from tools.discord_double.launcher import point_discord_at

ClientT = TypeVar("ClientT", bound=discord.Client)
StartBot = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def discord_double() -> AsyncIterator[DiscordDouble]:
    """A running double; the test fails if the bot called a route the double does not know, or
    sent a body Discord's published API description does not allow (set ``double.strict =
    False`` to allow that)."""
    double = DiscordDouble()
    await double.start()
    try:
        yield double
    finally:
        await double.stop()
    if double.strict and double.unknown_requests:
        pytest.fail(
            "the bot called routes the double does not know: "
            + ", ".join(str(r) for r in double.unknown_requests)
        )
    if double.strict and double.invalid_bodies:
        pytest.fail(
            "the bot sent bodies Discord's API description does not allow: "
            + ", ".join(str(r) for r in double.invalid_bodies[:5])
        )


@contextlib.contextmanager
def discord_pointed_at(double: DiscordDouble) -> Iterator[None]:
    """Point this process's discord.py at ``double`` (REST and gateway) for the block."""
    undo = point_discord_at(double.url)
    try:
        yield
    finally:
        undo()


@contextlib.asynccontextmanager
async def running_client(
    double: DiscordDouble,
    client: ClientT,
    *,
    timeout: float = 10.0,
) -> AsyncIterator[ClientT]:
    """Run a discord.py client in this event loop until the block ends.

    Entered once the client has logged in, run its setup hook (command syncs happen there)
    and received READY and GUILD_CREATE; on exit the client is closed and any crash re-raised."""
    with discord_pointed_at(double):
        sessions = double.gateway.identifies
        task = asyncio.create_task(client.start(double.token), name="bot under test")

        def connected() -> bool:
            if task.done():
                task.result()  # re-raise why it stopped
                raise AssertionError("the client stopped before connecting")
            current = double.gateway.current
            return bool(double.gateway.identifies > sessions and current and current.ready)

        try:
            await double.wait_for(connected, timeout, "the client to connect")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout)


@pytest.fixture
async def start_bot_process(discord_double: DiscordDouble) -> AsyncIterator[StartBot]:
    """``await start_bot_process("bot", env={...})`` runs ``python -m bot`` against the double
    and waits until it is connected; every process still alive at teardown is killed."""
    started: list[BotProcess] = []

    async def start(
        module: str,
        *,
        env: Mapping[str, str] | None = None,
        args: Sequence[str] = (),
        timeout: float = 20.0,
        wait_for_sync: bool = False,
        ready_line: str | None = None,
        cwd: Path | None = None,
        shards: int = 1,
    ) -> BotProcess:
        process = BotProcess(discord_double, module, args=args, env=env, cwd=cwd)
        started.append(process)
        return await process.start(
            timeout=timeout, wait_for_sync=wait_for_sync, ready_line=ready_line, shards=shards
        )

    try:
        yield start
    finally:
        for process in started:
            if process.returncode is None and process.process is not None:
                await process.kill()
            process.close()


__all__: Sequence[Any] = [
    "BotProcess",
    "DiscordDouble",
    "discord_double",
    "discord_pointed_at",
    "running_client",
    "start_bot_process",
]
