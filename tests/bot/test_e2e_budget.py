"""Busy tables within Discord's global budget: the stand-in answers a token's requests beyond
its limit with 429s, as Discord does; the bot's channel budget keeps them from ever coming."""

from __future__ import annotations

import contextlib

from bot.service import Refusal
from tests.bot.conftest import StartLiveBot
from tests.bot.e2e import action_count, latest_table_id
from tests.bot.test_e2e_computers import table_message
from tools.discord_double import DiscordDouble

TABLES = 6
LIMIT = 12
"""The stand-in's limit for this test: a few busy tables are enough to reach it."""


async def test_busy_tables_never_meet_the_global_limit(discord_double: DiscordDouble,
                                                     start_live_bot: StartLiveBot) -> None:
    double = discord_double
    channels = [double.add_channel(f"busy-{n}") for n in range(TABLES)]
    live = await start_live_bot()
    double.global_limit = LIMIT
    live.bot.budget.limit = LIMIT - 2
    eve = double.member("eve")
    tables = []
    for channel in channels:
        assert not (await eve.slash("42 new", where=channel, bots="all")).failed
        tables.append(latest_table_id(live.db))
    await double.wait_for(lambda: all(action_count(live.db, table) >= 12 for table in tables),
                          60, "every table to play on")
    for table in tables:
        with contextlib.suppress(Refusal):  # unless its game is over already
            await live.bot.service.end(table, eve.id, moderator=False)
    await live.idle()
    edits = [r for r in double.requests if r.method == "PATCH" and r.route.startswith(
        "/channels/")]
    assert len(edits) > 4 * LIMIT  # enough traffic to have met the limit
    assert not double.globally_limited, [f"{r.method} {r.route}" for r in double.globally_limited]


async def test_presses_on_the_table_message_draw_it_through_their_own_tokens(
        discord_double: DiscordDouble, start_live_bot: StartLiveBot) -> None:
    """Taking a seat or adding a computer player redraws the table message through the press's
    interaction, which Discord does not count against the bot's budget."""
    double = discord_double
    live = await start_live_bot()
    ana, bia = double.member("ana"), double.member("bia")
    assert not (await ana.slash("42 new")).failed
    await live.drawn()
    message = table_message(double)
    before, versions = len(double.requests), len(message.versions)
    assert not (await bia.click(message, label="Sit East")).failed
    assert not (await ana.click(message, label="Add bot South")).failed
    await live.drawn()
    assert len(message.versions) >= versions + 2
    assert str(bia.id) in str(message.latest.embeds) and "3 of 4 seats taken" in str(
        message.latest.embeds)
    edits = [f"{r.method} {r.route}" for r in double.requests[before:]
             if r.method == "PATCH"]
    assert edits and all(route.startswith("PATCH /webhooks/") for route in edits), edits
