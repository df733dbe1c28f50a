"""Interactions nobody planned for, through the double: ids from older versions or tampered
with, commands a client has not resynced, values outside an option's choices, a panel clicked by
someone else. Each is answered privately with a sentence, changes nothing, and logs no error."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any

import pytest

from cogs.components import NotServed
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, Table, action_count
from tests.bot.test_e2e_refusals import Unchanged, refused
from tests.common import EAST
from tools.discord_double import DiscordDouble


def sub(name: str, **values: object) -> list[dict[str, Any]]:
    """A subcommand and its string options, as a client sends them."""
    return [{"type": 1, "name": name,
             "options": [{"type": 3, "name": key, "value": value}
                         for key, value in values.items()]}]


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The test's log, read when asked: pytest starts a new list of records for the test's
    call, so the list as it stood while this fixture was set up would stay empty."""
    caplog.set_level(logging.INFO)
    return caplog


def error_records(log: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in log.records if r.levelno >= logging.ERROR]


async def test_commands_and_ids_nobody_planned_for(discord_double: DiscordDouble,
                                                    live_bot: LiveBot,
                                                    errors: pytest.LogCaptureFixture) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    ana = table.north
    message = table.table_message()
    async with Unchanged(table):
        for options, words in (
                (sub("bogus"), "not one of mine any more"),
                (sub("join", seat="up"), "not a seat at this table"),
                (sub("leaderboard", game="chess"), "not one of the option's choices")):
            refused(await ana.raw_command("42", options), words)
        # Ids no button of today's has, on the message or not.
        for custom_id in ("42:deal:1", "42:hand", "42:a:1:1", "42:hand:12345678901234567890",
                          "42:sit:1:9", "42:hand:1:extra"):
            for carried in (True, False):
                text = refused(await ana.forge_click(message, custom_id, carried=carried),
                               "older version")
                assert f"/{table.table_message().id}" in text
        # Today's ids, on no component of the message: discord.py drops them, the cog answers.
        for custom_id in (f"42:rematch:{table.table_id}", f"42:hand:{2**63}"):
            refused(await ana.forge_click(message, custom_id, carried=False), "older version")
        # Today's shapes with values no table has.
        refused(await ana.forge_click(message, f"42:a:{table.table_id}:1:0:play:6-6:extra"),
                "not one of this table's")
        for custom_id in (f"42:hand:{2**63}", "42:hand:9999999999999999999", "42:review:0",
                          f"42:a:{2**63}:1:0:pass"):
            refused(await ana.forge_click(message, custom_id), "no longer exists")
    assert error_records(errors) == []
    assert not double.failed_interactions and not double.late_answers


async def test_a_click_while_the_tables_cog_is_unloaded_is_answered(
        discord_double: DiscordDouble, live_bot: LiveBot,
        caplog: pytest.LogCaptureFixture) -> None:
    """The buttons stay registered with discord.py while the Tables cog is unloaded (as in the
    middle of a reload): a click meanwhile is answered privately with an apology, and logged;
    once the cog is loaded again the same button works."""
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    bot = live_bot.bot
    await bot.unload_extension("cogs.tables")
    try:
        refused(await table.north.click(table.table_message(), label="Start"),
                "Something went wrong on my side")
    finally:
        await bot.load_extension("cogs.tables")
    assert [r for r in caplog.records if r.levelno >= logging.ERROR
            and r.exc_info is not None and isinstance(r.exc_info[1], NotServed)]
    await table.start()


async def test_an_old_id_in_a_channel_without_a_table(discord_double: DiscordDouble,
                                                       live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    message = table.table_message()
    refused(await table.north.slash("42 end"), "closed")
    refused(await table.north.forge_click(message, "42:oldverb:1"), "/42 new")


async def test_a_panel_answers_only_its_owner(discord_double: DiscordDouble,
                                              live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    found = await table.turn()
    assert found is not None
    owner, panel = found
    other = next(m for m in table.seats.values() if m is not owner)
    versions = len(panel.versions)
    before = action_count(live_bot.db, table.table_id)
    controls = PanelControls.of(panel)
    assert controls.pass_button is not None
    for custom_id in (controls.pass_button["custom_id"], f"42:refresh:{table.table_id}"):
        text = refused(await other.forge_click(panel, custom_id), "someone else's")
        assert "My hand" in text
    await table.quiet()
    assert len(panel.versions) == versions, "the owner's panel was redrawn for someone else"
    assert action_count(live_bot.db, table.table_id) == before
    # Its owner still plays from it.
    assert not (await table.act(owner, panel, lambda hand: ("pass",))).failed


async def test_the_lobby_refuses_each_thing_with_its_own_reason(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    message = table.table_message()
    start_id = f"42:start:{table.table_id}"
    bot_id = f"42:bot:{table.table_id}:{int(EAST)}"
    unbot_id = f"42:unbot:{table.table_id}:{int(EAST)}"
    await table.start()
    async with Unchanged(table):
        refused(await table.north.forge_click(message, start_id), "already started")
        refused(await table.north.forge_click(message, bot_id), "stand in for a player")
        refused(await table.north.forge_click(message, unbot_id), "keep their seats")
        refused(await table.seats[EAST].slash("42 leave"), "seats can't change")


async def test_a_table_under_unknown_rules_says_so_and_others_play_on(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    found = await table.turn()
    assert found is not None
    await table.act(*found, lambda hand: ("points", 30))
    await table.quiet()
    with sqlite3.connect(live_bot.db) as raw:
        raw.execute("UPDATE tables SET rules_version = 999 WHERE id = ?", (table.table_id,))
    message = table.table_message()
    cog: Any = live_bot.bot.get_cog("Tables")
    cog.service._live.clear()  # as after a restart: nothing of the game in memory
    await cog.messages.catch_up([table.table_id], asyncio.sleep(0))
    await table.quiet()
    assert "rules this version of the bot does not have" in (message.content or "")
    assert not message.embeds
    refused(await table.north.slash("42 hand"), "/42 end")
    # Another table, in another channel, is opened, played and unaffected.
    elsewhere = Table(double, live_bot.db, channel="table-1", idle=live_bot.idle)
    elsewhere.seats = {seat: double.member(f"{member.name}2") for seat, member in
                       elsewhere.seats.items()}
    elsewhere.by_id = {m.id: m for m in elsewhere.seats.values()}
    await elsewhere.open()
    await elsewhere.start()
    assert await elsewhere.turn() is not None
    # The table that can't go on can still be closed.
    asked = await table.north.slash("42 end")
    assert "The table is closed" in (await table.north.click(asked, label="End the game")).content
