"""Fixtures shared by the bot's tests."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import TexasBot
from bot.config import Config
from bot.service import TableService
from bot.storage import Storage
from tests.discord_double import DiscordDouble
from tests.discord_double.fixtures import running_client


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "texas42.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


@dataclass
class LiveBot:
    """The bot running in the test's event loop against the double, on a real SQLite file."""

    bot: TexasBot
    db: Path
    seeds: list[str]
    """Seeds the next games take, first to last; random ones once this runs out."""

    async def idle(self) -> None:
        """Until every table message and open panel the bot meant to redraw is drawn."""
        cog: Any = self.bot.get_cog("Tables")
        await cog.messages.redrawer.idle()
        await cog.panels.redrawer.idle()


@pytest.fixture
async def live_bot(discord_double: DiscordDouble, tmp_path: Path) -> AsyncIterator[LiveBot]:
    db = tmp_path / "texas42.sqlite3"
    seeds: list[str] = []
    counter = itertools.count()

    def new_seed() -> str:
        return seeds.pop(0) if seeds else f"game-{next(counter)}"

    discord_double.add_channel("no-posting", bot_can_send=False)
    storage = await Storage.open(db)
    # Global commands, so that they can be tried in a DM too (the subprocess tests use a
    # development server instead).
    config = Config(token=discord_double.token, database=db)
    bot = TexasBot(config, TableService(storage, new_seed=new_seed), guild_ready_timeout=0.05)
    try:
        async with running_client(discord_double, bot):
            await discord_double.wait_for(lambda: discord_double.commands(), 5,
                                          "the commands to be synced")
            await asyncio.wait_for(bot.wait_until_ready(), 10)
            live = LiveBot(bot, db, seeds)
            yield live
            await live.idle()
    finally:
        await storage.close()
