"""Levels and hints through the double: the creator chooses how strong the computer players are
and whether hints are offered, in the lobby or with /42 new, and the table says so; a member
presses Hint on their own panel at their turn and reads the strong player's choice and why,
worked out from their own observation; a table without hints has no Hint button, and a forged
one is refused privately. Every message each member could see is audited meanwhile."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from cogs.hints import hint_text
from engine import observe
from engine.players.hints import hint
from tests.bot.conftest import LiveBot
from tests.bot.e2e import (
    PanelControls,
    action_count,
    components,
    latest_table_id,
    query,
    table_state,
)
from tests.bot.test_e2e_computers import Players, act, table_message
from tests.common import NORTH
from tools.discord_double import DiscordDouble, Message

HINT_PREFIX = "42:hint:"


def hint_button(panel: Message) -> dict[str, object] | None:
    found = [c for c in components(panel) if str(c.get("custom_id", "")).startswith(HINT_PREFIX)]
    return found[0] if found else None


def description(message: Message) -> str:
    return str(message.embeds[0]["description"])


async def test_a_hint_on_ones_own_panel_from_ones_own_view(discord_double: DiscordDouble,
                                                            live_bot: LiveBot) -> None:
    double = discord_double
    ana, eve = double.member("ana"), double.member("eve")
    opened = await ana.slash("42 new", bots="others")
    assert not opened.failed, opened
    table_id = latest_table_id(live_bot.db)
    await live_bot.idle()
    # The tests' bot seats the rules of thumb at strong tables: the table says so.
    assert "🤖 Bots: strong (rules of thumb) · 💡 Hints: on" in description(
        table_message(double))
    players = Players(double, live_bot, table_id, {NORTH: ana}, [eve])
    await players.open_panels()
    panel = players.panels[NORTH]
    cog: Any = live_bot.bot.get_cog("Tables")
    hinted = 0
    while hinted < 4:
        await players.quiet()
        game = table_state(live_bot.db, table_id)
        assert game.winner is None
        await double.wait_for(lambda: PanelControls.of(panel).can_act, 5, "north's turn")
        button = hint_button(panel)
        assert button is not None and button.get("label") == "Hint", components(panel)
        expected = hint_text(None, hint(observe(game, NORTH)))
        asked = await ana.click(panel, str(button["custom_id"]))
        assert not asked.failed and not asked.errors, asked
        assert panel.content == expected, (panel.content, expected)
        assert expected.startswith("💡 Hint: ")
        again = await ana.click(panel, str(button["custom_id"]))  # asked again: the same
        assert not again.failed and panel.content == expected
        cog.panels.refresh(table_id, ana.id)  # a redraw of the same state keeps the hint
        await live_bot.drawn()
        assert panel.content == expected
        hinted += 1
        played = await act(ana, panel)
        assert not played.failed and played.response_type == 7, played
        assert not (panel.content or "").startswith("💡"), "the hint outlived its turn"
        if table_state(live_bot.db, table_id).to_act is not NORTH:
            assert hint_button(panel) is None, "a Hint button while others are to act"
    rows = hints_asked(live_bot, table_id)
    assert rows == hinted, "each turn counted once, however often asked"
    # An old Hint button, pressed after the turn has passed, changes nothing.
    stale = await ana.forge_click(panel, str(button["custom_id"]))
    assert not stale.failed and any("out of date" in text for text in stale.texts), stale
    assert hints_asked(live_bot, table_id) == hinted
    assert not double.failed_interactions and not double.late_answers


def hints_asked(live_bot: LiveBot, table_id: int) -> int:
    """The turns at which hints were asked, as stored."""
    return int(query(live_bot.db, "SELECT count(*) FROM hints_asked WHERE table_id = $1",
                     table_id)[0][0])


async def test_the_creator_sets_level_and_hints_in_the_lobby(discord_double: DiscordDouble,
                                                             live_bot: LiveBot) -> None:
    double = discord_double
    ana, bia = double.member("ana"), double.member("bia")
    await ana.slash("42 new", level="casual", hints="off")
    message = table_message(double)
    assert "🤖 Bots: casual · 💡 Hints: off" in description(message)
    refused = await bia.click(message, label="Bots: casual")
    assert refused.ephemeral and "Only the table's creator" in refused.content, refused
    strong = "Bots: strong (rules of thumb)"  # the tests' strong player, named
    for press, shown in (("Bots: casual", f"{strong} · 💡 Hints: off"),
                         ("Hints: off", f"{strong} · 💡 Hints: on"),
                         ("Hints: on", f"{strong} · 💡 Hints: off")):
        assert not (await ana.click(message, label=press)).failed
        await double.wait_for(lambda shown=shown: shown in description(message), 5, shown)
    for label in ("Add bot East", "Add bot South", "Add bot West"):
        assert not (await ana.click(message, label=label)).failed
    await double.wait_for(lambda: any(c.get("label") == "Start" and not c.get("disabled")
                                      for c in components(message)), 5, "Start")
    assert not (await ana.click(message, label="Start")).failed
    table_id = latest_table_id(live_bot.db)
    players = Players(double, live_bot, table_id, {NORTH: ana}, [bia])
    await players.quiet()
    await players.open_panels()
    panel = players.panels[NORTH]
    await double.wait_for(lambda: PanelControls.of(panel).can_act, 5, "north's turn")
    assert hint_button(panel) is None
    game = table_state(live_bot.db, table_id)
    forged = await ana.forge_click(panel, f"{HINT_PREFIX}{table_id}:{game.hand_number}:"
                                          f"{action_count(live_bot.db, table_id)}")
    assert not forged.failed and any(t(None, "Hints are off at this table.") in text
                                     for text in forged.texts), forged
    assert hints_asked(live_bot, table_id) == 0
    assert f"{strong} · 💡 Hints: off" in description(table_message(double))
    # The lobby's buttons are gone once the game is on.
    assert not any(str(c.get("custom_id", "")).startswith(("42:level:", "42:hints:"))
                   for c in components(table_message(double)))
