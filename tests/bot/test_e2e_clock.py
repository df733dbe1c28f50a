"""R-NO-CLOCK through the double: a table opened with a move clock shows it, counts down each
member's move on the table and on their panel, and when a member's time runs out a computer
player makes that one move for them, the table says so, and the member stays seated."""

from __future__ import annotations

import asyncio

import pytest

from bot.records import Clock
from tests.bot.conftest import LiveBot
from tests.bot.e2e import action_count, latest_table_id, stored
from tests.bot.test_e2e_computers import table_message
from tests.common import NORTH
from tools.discord_double import DiscordDouble


async def test_a_member_out_of_time_has_that_move_made_and_stays_seated(
        discord_double: DiscordDouble, live_bot: LiveBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Clock, "seconds", property(lambda self: 2))
    double = discord_double
    ana = double.member("ana")
    opened = await ana.slash("42 new", bots="others", clock="brisk")
    assert not opened.failed, opened
    table_id = latest_table_id(live_bot.db)
    await live_bot.idle()
    panel = (await ana.click(table_message(double), label="My hand")).message
    assert panel is not None
    assert "⏱ 2 seconds a move" in table_message(double).embeds[0]["description"]

    def her_turn() -> bool:
        return ana.mention in (table_message(double).content or "")

    await double.wait_for(her_turn, 20, "ana's turn")
    assert "⏱ time runs out <t:" in table_message(double).content
    await double.wait_for(lambda: "runs out <t:" in str(panel.latest.embeds), 5,
                          "her panel to count down")
    count = action_count(live_bot.db, table_id)
    await double.wait_for(lambda: action_count(live_bot.db, table_id) > count, 10,
                          "her time to run out")
    assert stored(live_bot.db, table_id)[1][count][0] is NORTH
    await double.wait_for(lambda: "ran out of time" in str(table_message(double).embeds), 5,
                          "the table to say her time ran out")
    snapshot = await live_bot.bot.service.snapshot(table_id)
    assert NORTH not in snapshot.table.stand_ins  # one move made for her, nothing more
    assert snapshot.table.player(NORTH) is not None
    assert not double.failed_interactions and not double.late_answers


async def test_a_table_without_a_clock_waits_for_its_member(
        discord_double: DiscordDouble, live_bot: LiveBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Clock, "seconds", property(lambda self: 0))
    double = discord_double
    ana = double.member("ana")
    assert not (await ana.slash("42 new", bots="others")).failed
    table_id = latest_table_id(live_bot.db)
    await double.wait_for(lambda: ana.mention in (table_message(double).content or ""), 20,
                          "ana's turn")
    count = action_count(live_bot.db, table_id)
    await asyncio.sleep(1.0)
    await live_bot.idle()
    assert action_count(live_bot.db, table_id) == count
    assert "⏱" not in str(table_message(double).embeds) + table_message(double).content
