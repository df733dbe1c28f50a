"""Bad input and load through the double: every refusal is private and specific, answered in
time, and leaves the table as it was (R-ILLEGAL)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import Storage
from cogs.pictured import table_picture
from cogs.pictures import table_alt
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, Table, action_count, components, table_state
from tests.common import SOUTH
from tests.databases import on_both_backends
from tools.discord_double import DiscordDouble, Message, SimulatedMember
from tools.discord_double.driver import InteractionResult
from tools.discord_double.messages import walk_components


def plan(hand: int) -> tuple[object, ...]:
    return ("points", 30)


async def forged_click(table: Table, member: SimulatedMember, message: Message,
                       custom_id: str) -> InteractionResult:
    """A click on a message as its member may still see it, even a disabled button: what a
    modified client, or one showing a version drawn before a change, could send."""
    assert any(c.get("custom_id") == custom_id for version in message.versions
               for c in walk_components(version.components))
    return table.touched(member, await member._interact(
        3, message.channel, {"custom_id": custom_id, "component_type": 2},
        f"forged click {custom_id}", source=message, wait_deferred=5))


async def forged_select(table: Table, member: SimulatedMember, message: Message,
                        value: str) -> InteractionResult:
    select = next(c for c in components(message) if c.get("type") == 3)
    return table.touched(member, await member._interact(
        3, message.channel, {"custom_id": select["custom_id"], "component_type": 3,
                             "values": [value]},
        f"forged select {value}", source=message, wait_deferred=5))


class Unchanged:
    """The stored game and the table message, before and after a refusal."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def __aenter__(self) -> Unchanged:
        await self.table.quiet()
        self.count = action_count(self.table.db, self.table.table_id)
        message = self.table.table_message()
        self.message, self.versions = message, len(message.versions)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if exc[0] is not None:
            return
        await self.table.quiet()
        assert action_count(self.table.db, self.table.table_id) == self.count
        assert len(self.message.versions) == self.versions, "the table message was edited"


def refused(result: InteractionResult, *words: str) -> str:
    """The refusal's text, checked to be private, in time and saying one of ``words``."""
    assert not result.failed and not result.errors, result
    texts = result.texts
    text = next((t for t in texts if any(w in t for w in words)), None)
    assert text is not None, (words, texts)
    assert result.message is not None and result.message.ephemeral, result
    return text


@on_both_backends
async def test_refusals_change_nothing(discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    eve = double.member("eve")
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()

    async with Unchanged(table):
        refused(await eve.slash("42 new"), "This channel already has a table: https://")
        refused(await eve.slash("42 start"), "Only a seated player")
        refused(await table.seats[SOUTH].slash("42 join", seat="east"), "East is taken")
        refused(await eve.slash("42 end"), "Only the table's creator")
    await table.start(others=[eve])

    async with Unchanged(table):
        refused(await eve.click(table.table_message(), label="My hand"), "not seated")
        refused(await eve.slash("42 hand"), "not seated")
        refused(await eve.slash("42 join"), "seats can't change")
        refused(await eve.slash("42 review"), "No hand has finished yet")

    # Out of turn: a member who may not act brings their panel up to date, then presses a
    # (disabled) tile anyway.
    member, panel = await _turn(table)
    waiting = next(m for m in table.seats.values() if m is not member)
    waiting_panel = table.panel(waiting)
    assert waiting_panel is not None
    table.touched(waiting, await waiting.click(waiting_panel, label="Refresh"))
    async with Unchanged(table):
        tile = PanelControls.of(waiting_panel).all_tiles[0]["custom_id"]
        refused(await forged_click(table, waiting, waiting_panel, tile), "turn")
    # The one to act presses a tile during the auction, then forges a bid below the minimum.
    async with Unchanged(table):
        tile = PanelControls.of(panel).all_tiles[0]["custom_id"]
        refused(await forged_click(table, member, panel, tile), "can't be done at this point")
        refused(await forged_select(table, member, panel, "bid:29"), "not allowed")

    # A second panel: the first says it was replaced, and a press its owner's client may still
    # show on it, once they acted from the second, is out of date.
    pass_id = PanelControls.of(panel).pass_button["custom_id"]  # type: ignore[index]
    spare = await table.open_panel(member)
    assert PanelControls.of(spare).can_act
    await discord_double.wait_for(lambda: "replaced" in str(panel.latest.embeds), 5,
                                  "the first panel to say it was replaced")
    first = await table.act(member, spare, plan)
    assert first.response_type == 7
    await table.quiet()
    async with Unchanged(table):
        text = refused(await forged_click(table, member, panel, pass_id), "out of date")
        assert "nothing was done" in text
    assert PanelControls.of(panel).can_act is False  # redrawn in place, current again
    assert "replaced" not in str(panel.latest.embeds)

    # A double click: two presses of one button before the first is answered.
    member, panel = await _turn(table)
    pass_id = PanelControls.of(panel).pass_button["custom_id"]  # type: ignore[index]
    before = action_count(live_bot.db, table.table_id)
    results = await asyncio.gather(forged_click(table, member, panel, pass_id),
                                   forged_click(table, member, panel, pass_id))
    await table.quiet()
    assert action_count(live_bot.db, table.table_id) == before + 1
    assert all(not r.failed for r in results)
    texts = [m.content for r in results for m in [r.message, *r.followups] if m is not None]
    assert any("out of date" in t for t in texts), texts

    # Two players at once: the one to act and one whose panel is out of date.
    member, panel = await _turn(table)
    other = next(m for m in table.seats.values() if m is not member)
    stale = await table.open_panel(other)
    stale_id = next(c["custom_id"] for c in components(stale) if ":play:" in c["custom_id"])
    pass_id = PanelControls.of(panel).pass_button["custom_id"]  # type: ignore[index]
    before = action_count(live_bot.db, table.table_id)
    one, two = await asyncio.gather(forged_click(table, member, panel, pass_id),
                                    forged_click(table, other, stale, stale_id))
    await table.quiet()
    assert action_count(live_bot.db, table.table_id) == before + 1
    assert not one.failed and not two.failed
    refused(two, "turn", "out of date")

    # Into play: a tile that does not follow suit is refused with the reason (R-FOLLOW).
    illegal_seen = False
    old_hand_panel: tuple[SimulatedMember, Message] | None = None
    for _ in range(80):
        member, panel = await _turn(table)
        controls = PanelControls.of(panel)
        disabled = [c for c in controls.all_tiles if c.get("disabled")]
        if controls.tiles and disabled and not illegal_seen:
            async with Unchanged(table):
                refused(await forged_click(table, member, panel, disabled[0]["custom_id"]),
                        "You must follow")
            illegal_seen = True
        if old_hand_panel is None and controls.tiles:
            old_hand_panel = (member, panel)  # replaced by a new one: kept as it was
            old_tile = controls.tiles[0]["custom_id"]
            panel = await table.open_panel(member)
        hand = table.hand_of(panel)
        await table.act(member, panel, plan)
        await table.quiet()
        if table_state(live_bot.db, table.table_id).hand_number > hand and illegal_seen:
            break
    assert illegal_seen
    assert old_hand_panel is not None
    # A button from an earlier hand: refused, and its panel redrawn for the current hand.
    owner, old = old_hand_panel
    async with Unchanged(table):
        refused(await forged_click(table, owner, old, old_tile), "earlier hand")
    assert not double.failed_interactions and not double.late_answers


async def _turn(table: Table) -> tuple[SimulatedMember, Message]:
    found = await table.turn()
    assert found is not None
    return found


async def test_a_dm_and_a_channel_without_posting(discord_double: DiscordDouble,
                                                  live_bot: LiveBot) -> None:
    ana = discord_double.member("ana")
    with pytest.raises(AssertionError, match="not available in DMs"):  # not offered there
        await ana.slash("42 new", where="dm")
    new = [{"type": 1, "name": "new", "options": []}]
    refused(await ana.raw_command("42", new, where="dm"), "server channels")
    text = refused(await ana.slash("42 new", where="no-posting"), "can't post in this channel")
    assert "Send Messages" in text
    refused(await ana.slash("42 hand", where="no-posting"), "no table in this channel")
    assert not discord_double.messages("no-posting", visible_to=discord_double.member("bia"))


async def test_a_finished_game_refuses_its_buttons(discord_double: DiscordDouble,
                                                   live_bot: LiveBot) -> None:
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    member, kept = await _turn(table)  # left alone from here on: replaced by the next
    button = PanelControls.of(kept).pass_button["custom_id"]  # type: ignore[index]
    panel = await table.open_panel(member)
    await table.act(member, panel, lambda hand: ("marks", 2, 1))
    await table.play(lambda hand: ("marks", 2, 1))
    assert table_state(live_bot.db, table.table_id).winner is not None
    async with Unchanged(table):
        refused(await forged_click(table, member, kept, button), "This game is over")
    review = await table.north.click(table.table_message(), label="Review last hand")
    assert review.ephemeral and "— review" in str(review.message.embeds)  # type: ignore[union-attr]


async def test_slow_moments_are_deferred_not_failed(discord_double: DiscordDouble,
                                                    live_bot: LiveBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    member, panel = await _turn(table)
    original = Storage.append_action

    async def slow(self: Storage, *args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(2.6)
        await original(self, *args, **kwargs)

    monkeypatch.setattr(Storage, "append_action", slow)
    result = await table.act(member, panel, plan)
    assert not result.failed and result.response_type == 6  # deferred, then edited
    await discord_double.wait_for(lambda: not PanelControls.of(panel).can_act, 5,
                                  "the panel to be redrawn")
    assert action_count(live_bot.db, table.table_id) == 1


async def test_rate_limits_are_waited_out(discord_double: DiscordDouble,
                                          live_bot: LiveBot) -> None:
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    discord_double.faults.rate_limit("PATCH /channels/{channel_id}/messages/{message_id}",
                                     retry_after=0.3, times=3)
    await table.play(plan, until=lambda: action_count(live_bot.db, table.table_id) >= 3)
    await table.quiet()
    fired = [f for f in discord_double.faults.fired if f[0].kind == "rate_limit"]
    assert len(fired) == 3
    snapshot = await live_bot.bot.service.snapshot(table.table_id)
    assert snapshot.count == 3
    assert table.alt() == table_alt(table_picture(snapshot))  # caught up after waiting
    assert not discord_double.failed_interactions


async def test_a_deleted_table_message_is_posted_again(discord_double: DiscordDouble,
                                                       live_bot: LiveBot) -> None:
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    member, panel = await _turn(table)
    old = table.table_message()
    discord_double.world.delete_message(old)
    await table.act(member, panel, plan)
    await table.quiet()
    new = table.table_message()
    assert new.id != old.id and not new.deleted
    # /42 table posts it again here and retires the one before.
    moved = await table.north.slash("42 table")
    assert not moved.failed and "here again" in moved.content
    latest = table.table_message()
    assert latest.id != new.id
    assert new.content.startswith("This table moved") and not new.components
    # Posted anew, the table names the member to act but notifies nobody: their ping does.
    assert "<@" in (latest.versions[0].content or "")
    for seated in table.seats.values():
        assert not [n for n in seated.notifications() if n.message.id in (new.id, latest.id)]


async def test_ending_a_table(discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    table = Table(discord_double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    await table.play(plan, until=lambda: action_count(live_bot.db, table.table_id) >= 2)
    message = table.table_message()
    async with Unchanged(table):  # a game in progress: asked first, and kept if so answered
        asked = await table.north.slash("42 end")
        assert asked.ephemeral and "End the game in progress?" in asked.content
        kept = await table.north.click(asked, label="Keep playing")
        assert "The game goes on" in kept.content
    asked = await table.north.slash("42 end")
    ended = await table.north.click(asked, label="End the game")
    assert ended.ephemeral and "The table is closed" in ended.content
    await table.quiet()
    assert "closed" in str(message.embeds) and not message.components
    board = await table.north.slash("42 leaderboard")
    assert "No game has been finished" in str(board.message.embeds)  # type: ignore[union-attr]
    again = await table.north.slash("42 new")  # the channel is free again
    assert not again.failed and "Your table is open" in again.content


async def test_the_lobby_by_commands_and_buttons(discord_double: DiscordDouble,
                                                 live_bot: LiveBot) -> None:
    double = discord_double
    ana, bia, caio, davi = (double.member(n) for n in ("ana", "bia", "caio", "davi"))
    created = await ana.slash("42 new", where="table-1")
    assert "You sit North" in created.content
    joined = await bia.slash("42 join", where="table-1", seat="West")
    assert joined.ephemeral and joined.content == "You sit West."
    assert (await caio.slash("42 join", where="table-1")).content == "You sit East."
    refused(await caio.slash("42 join", where="table-1"), "already sitting at East")
    left = await caio.slash("42 leave", where="table-1")
    assert left.ephemeral and "left your seat" in left.content
    table = next(m for m in double.messages("table-1") if not m.ephemeral)
    await double.wait_for(lambda: "East (empty)" in table.embeds[0]["description"], 5,
                          "the table to show East empty")
    await caio.click(table, label="Sit East")
    await davi.click(table, label="Sit South")
    await double.wait_for(lambda: any(c.get("label") == "Start" and not c.get("disabled")
                                       for c in components(table)), 5, "Start")
    await davi.click(table, label="Leave")
    await double.wait_for(lambda: "South (empty)" in table.embeds[0]["description"], 5,
                          "South to be free again")
    refused(await ana.slash("42 start", where="table-1"), "4 players are needed")
    await davi.slash("42 join", where="table-1", seat="south")
    started = await bia.slash("42 start", where="table-1")
    assert started.ephemeral and "The game is on" in started.content
    await double.wait_for(lambda: (table.content or "").startswith("→"), 5, "the first turn")
    hand = await davi.slash("42 hand", where="table-1")
    assert hand.ephemeral and "Your hand — South" in str(hand.message.embeds)  # type: ignore[union-attr]
