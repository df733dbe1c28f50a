"""A game that outlives its table message: Discord caps the edits to messages older than an hour
(the double enforces it), so a table message 50 minutes old is posted afresh rather than
edited, and the old one removed; the game goes on from the new one."""

from __future__ import annotations

import datetime

import discord
import pytest

from tests.bot.conftest import LiveBot
from tests.bot.test_e2e_computers import alone_with_computers, table_message
from tools.discord_double import DiscordDouble


async def test_an_old_table_message_is_posted_afresh_never_edited(
        discord_double: DiscordDouble, live_bot: LiveBot, monkeypatch: pytest.MonkeyPatch) -> None:
    double = discord_double
    monkeypatch.setattr(discord.utils, "utcnow", lambda: datetime.datetime.fromtimestamp(
        double.now(), datetime.UTC))
    players = await alone_with_computers(double, live_bot)
    first = table_message(double)
    assert await players.step() is not None
    await players.quiet()
    assert table_message(double).id == first.id  # a young message is edited in place

    double.advance(minutes=55)
    await players.open_panels()  # the old panel's token has expired: a fresh one
    for _ in range(3):
        assert await players.step() is not None
    await players.quiet()
    second = table_message(double)
    assert second.id != first.id and first.deleted
    assert len(second.versions) > 1, "the new message is edited as the game goes on"
    assert double.world.old_message_edits == []
    assert not double.failed_interactions and not double.late_answers
