"""Fixtures shared by the bot's tests."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from bot.app import TexasBot
from bot.autoplay import Autoplay
from bot.config import Config
from bot.service import TableService
from bot.storage import Storage, open_storage
from bot.thinking import PoolThinker, Thinker
from engine import Observation
from engine.players.hints import Hint
from engine.players.reasons import Explained
from tests.common import RULES_POLICY
from tests.discord_double.fixtures import running_client
from tools.discord_double import DiscordDouble


@pytest.fixture
async def storage(database: Path | str) -> AsyncIterator[Storage]:
    """The storage contract, on each backend in turn."""
    opened = await open_storage(database)
    try:
        yield opened
    finally:
        await opened.close()


class WatchedThinker:
    """The real pool, with a look before each decision: by then the move before it has been
    drawn, so a test can check what everybody saw after every single move, computer players'
    included, even with no pause between them."""

    def __init__(self, inner: Thinker) -> None:
        self.inner = inner
        self.before: list[Callable[[], Awaitable[None]]] = []

    async def decide(self, observation: Observation, seed: str) -> str:
        for look in list(self.before):
            await look()
        return await self.inner.decide(observation, seed)

    async def hint(self, observation: Observation) -> Hint:
        return await self.inner.hint(observation)

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained:
        return await self.inner.explain(observation, seed, hands)

    async def close(self) -> None:
        await self.inner.close()


@dataclass
class LiveBot:
    """The bot running in the test's event loop against the double, on a real SQLite file."""

    bot: TexasBot
    db: Path | str
    seeds: list[str]
    """Seeds the next games take, first to last; random ones once this runs out."""
    before_computer_moves: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    """Called before each computer player's decision, once what came before is drawn."""

    async def drawn(self) -> None:
        """Until every table message and open panel the bot meant to redraw is drawn."""
        cog: Any = self.bot.get_cog("Tables")
        await cog.messages.redrawer.idle()
        await cog.panels.redrawer.idle()
        await cog.pings.redrawer.idle()

    async def idle(self) -> None:
        """Until no computer player has a move pending and everything is drawn."""
        await self.bot.autoplay.idle()
        await self.drawn()


StartLiveBot = Callable[[], Awaitable[LiveBot]]


@pytest.fixture
async def start_live_bot(discord_double: DiscordDouble,
                         live_database: Path | str) -> AsyncIterator[StartLiveBot]:
    """Starts the bot in the test's event loop, once the test has put in its database what the
    bot should find there (a table mid-game, say); stopped at the end of the test."""
    async with contextlib.AsyncExitStack() as stack:

        async def start() -> LiveBot:
            return await stack.enter_async_context(running_live_bot(discord_double,
                                                                    live_database))

        yield start


@pytest.fixture
async def live_bot(start_live_bot: StartLiveBot) -> LiveBot:
    return await start_live_bot()


@contextlib.asynccontextmanager
async def running_live_bot(discord_double: DiscordDouble, db: Path | str, *,
                           pause: float = 0.0) -> AsyncIterator[LiveBot]:
    """The bot, its computer players pausing ``pause`` seconds before each move (none by
    default: the table message then shows every single move)."""
    seeds: list[str] = []
    counter = itertools.count()

    def new_seed() -> str:
        return seeds.pop(0) if seeds else f"game-{next(counter)}"

    discord_double.add_channel("no-posting", bot_can_send=False)
    storage = await open_storage(db)
    # Global commands, so that they can be tried in a DM too (the subprocess tests use a
    # development server instead).
    # The cheap rule-based policy, in one worker process.
    config = Config(token=discord_double.token, bot_pause=pause, bot_policy=RULES_POLICY,
                    bot_workers=1)
    config = replace(config, database=db) if isinstance(db, Path) else replace(
        config, database_url=db)
    service = TableService(storage, new_seed=new_seed)
    thinker = WatchedThinker(PoolThinker(config.bot_policy, config.bot_workers))
    autoplay = Autoplay(service, thinker, pause=config.bot_pause)
    bot = TexasBot(config, service, autoplay=autoplay, guild_ready_timeout=0.05)
    live = LiveBot(bot, db, seeds)

    async def look() -> None:
        await live.drawn()
        for callback in list(live.before_computer_moves):
            await callback()

    thinker.before.append(look)
    try:
        async with running_client(discord_double, bot):
            await discord_double.wait_for(lambda: discord_double.commands(), 5,
                                          "the commands to be synced")
            await asyncio.wait_for(bot.wait_until_ready(), 10)
            yield live
            await live.idle()
    finally:
        await storage.close()
