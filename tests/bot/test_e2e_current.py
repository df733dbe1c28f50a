"""Views that stay current, through the double: every open panel shows the turn after each
action, a panel says when it has expired or was replaced by a newer one, and the member to act
is pinged by a new message (removed once they act) when it helps: not while they are watching
the table, unless their turn grows late, and never if they turned pings off; computer players
are never pinged."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from bot.records import Status
from cogs import pings as pinging
from engine import Phase
from engine.seats import seat_title
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, Table, is_panel, table_state
from tests.common import EAST
from tests.databases import on_both_backends
from tools.discord_double import DiscordDouble, SimulatedMember


def turn_line(table: Table, member: SimulatedMember) -> str:
    panel = table.panel(member)
    assert panel is not None
    return str(panel.embeds[0].get("description", ""))


def pings(table: Table, member: SimulatedMember) -> list[Any]:
    """The pings this member was notified by, at this table's channel."""
    return [n for n in member.notifications() if n.channel is table.channel]


@on_both_backends
async def test_every_panel_is_current_and_the_one_to_act_is_pinged(
        discord_double: DiscordDouble, live_bot: LiveBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """With nobody counting as watching, each turn of a member who did not just act is pinged."""
    monkeypatch.setattr(pinging, "WATCHING", 0.0)
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    await table.quiet()
    for _ in range(10):
        found = await table.turn()
        assert found is not None
        member, panel = found
        before = len(pings(table, member))
        await table.act(member, panel, lambda hand: ("points", 30))
        await table.quiet()
        game = table_state(live_bot.db, table.table_id)
        to_act = game.to_act
        assert to_act is not None
        name = seat_title(to_act)
        for seat, seated in table.seats.items():
            line = turn_line(table, seated)
            assert (seat == to_act and "Your" in line) or f"It's {name}'s turn" in line, (
                seated.name, line)
        # The ping: one for the member to act, unless they just acted; gone once they act.
        next_member = table.seats[to_act]
        live_pings = [m for m in double.messages(table.channel)
                      if not m.deleted and not m.ephemeral and "it's your turn" in m.content]
        if next_member is member:
            assert live_pings == [] and len(pings(table, member)) == before
        else:
            assert len(live_pings) == 1 and next_member.mention in live_pings[0].content
            assert pings(table, next_member)[-1].message is live_pings[0]
    assert not double.failed_interactions


async def test_members_watching_the_table_are_pinged_only_when_their_turn_grows_late(
        discord_double: DiscordDouble, live_bot: LiveBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four members playing along (each pressed something a moment ago) are not pinged; the
    one who then lets their turn grow late is, once, and the ping goes when they act."""
    monkeypatch.setattr(pinging, "LATE", 1.5)
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    turns = 0
    while turns < 12:
        found = await table.turn()
        assert found is not None
        await table.act(*found, lambda hand: ("points", 30))
        await table.quiet()
        turns += 1
    assert pings_anywhere(double) == [], "a member playing along was pinged"
    found = await table.turn()
    assert found is not None
    member, panel = found
    await double.wait_for(lambda: [m for m in pings_anywhere(double) if not m.deleted], 5,
                          "the late turn's ping")
    (ping,) = pings_anywhere(double)
    assert member.mention in ping.content
    assert [n.message for n in pings(table, member)] == [ping]
    await table.act(member, panel, lambda hand: ("points", 30))
    await table.quiet()
    assert ping.deleted and len(pings_anywhere(double)) == 1


async def test_pings_off_and_computer_players_are_never_pinged(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    ana = double.member("ana")
    off = await ana.slash("42 settings", pings=0)
    assert "Pings: off" in off.content and off.ephemeral
    assert "Pings: off" in (await ana.slash("42 settings")).content  # stored
    assert not (await ana.slash("42 new", bots="others")).failed
    await live_bot.idle()
    for _ in range(12):
        game_over = await _play_ana(double, live_bot, ana)
        if game_over:
            break
    assert pings_anywhere(double) == []
    on = await ana.slash("42 settings", pings=1)
    assert "pinged in the channel" in on.content


async def _play_ana(double: DiscordDouble, live_bot: LiveBot, ana: SimulatedMember) -> bool:
    """One move by ana from her panel, when it is her turn; True once the game is over."""
    result = await ana.slash("42 hand")
    panel = result.message
    assert panel is not None and is_panel(panel)
    controls = PanelControls.of(panel)
    if not controls.can_act:
        await live_bot.idle()
        return "over" in str(panel.embeds[0])
    if controls.pass_button is not None:
        await ana.click(panel, controls.pass_button["custom_id"])
    elif controls.select is not None and not controls.select.get("disabled"):
        await ana.select(panel, values=[controls.select["options"][0]["value"]])
    elif controls.piles:
        await ana.click(panel, controls.piles[0]["custom_id"])
    else:
        await ana.click(panel, controls.tiles[0]["custom_id"])
    await live_bot.idle()
    return False


def pings_anywhere(double: DiscordDouble) -> list[Any]:
    return [m for m in double.world.messages.values() if "it's your turn" in m.content]


async def test_a_panel_says_when_it_has_expired(discord_double: DiscordDouble,
                                               live_bot: LiveBot) -> None:
    double = discord_double
    cog: Any = live_bot.bot.get_cog("Tables")
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    # Only the panel opened now lives briefly: the others, opened at the start, keep the usual
    # lifetime however slowly the start went.
    cog.panels.lifetime = datetime.timedelta(seconds=2)
    panel = await table.open_panel(table.north)
    await double.wait_for(lambda: "expired" in str(panel.latest.embeds), 10,
                          "the panel to say it has expired")
    fresh = await table.north.click(panel, label="Refresh")
    assert not fresh.failed and is_panel(panel)
    game = table_state(live_bot.db, table.table_id)
    assert game.hand.phase is Phase.AUCTION and cog.service._live[table.table_id].table.status \
        is Status.PLAYING


async def test_an_older_panel_says_it_was_replaced_and_can_take_over_again(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    """Opening another panel at the table retires the older one visibly; its button brings the
    panel back there, and from then on that one follows the game (and the other is retired)."""
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    await table.quiet()
    first = table.panel(table.seats[EAST])
    assert first is not None
    second = (await table.seats[EAST].slash("42 hand")).message
    assert second is not None and second is not first and is_panel(second)
    await double.wait_for(lambda: "replaced" in str(first.latest.embeds), 5,
                          "the older panel to say it was replaced")
    assert not PanelControls.of(first).tiles
    back = await table.seats[EAST].click(first, label="Show my hand here")
    assert not back.failed and back.response_type == 7 and is_panel(first)
    table.touched(table.seats[EAST], back)
    await double.wait_for(lambda: "replaced" in str(second.latest.embeds), 5,
                          "the other panel to say it was replaced")
    # The panel brought back follows the game: the next moves show on it.
    versions = len(first.versions)
    await table.play(lambda hand: ("points", 30), until=lambda: len(first.versions) > versions)
    assert "replaced" not in str(first.latest.embeds)
    assert not double.failed_interactions and not double.late_answers


async def test_a_seated_player_nudges_the_member_to_act_once_a_turn(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    await table.quiet()
    eve = double.member("eve")
    for _ in range(2):  # two turns: once each
        to_act = table.to_act()
        assert to_act is not None
        other = next(m for m in table.seats.values() if m is not to_act)
        third = next(m for m in table.seats.values() if m not in (to_act, other))
        before = len(pings(table, to_act))
        own = await to_act.click(table.table_message(), label="Nudge")
        assert own.ephemeral and "It's your turn" in own.content, own
        nudged = await other.click(table.table_message(), label="Nudge")
        assert nudged.ephemeral and f"You nudged {to_act.mention}" in nudged.content, nudged
        await table.quiet()
        assert len(pings(table, to_act)) == before + 1  # though they are watching
        again = await third.click(table.table_message(), label="Nudge")
        assert again.ephemeral and "already" in again.content, again
        stranger = await eve.click(table.table_message(), label="Nudge")
        assert stranger.ephemeral and "Only the players" in stranger.content, stranger
        await table.quiet()
        assert len(pings(table, to_act)) == before + 1
        found = await table.turn()
        assert found is not None and found[0] is to_act
        await table.act(to_act, found[1], lambda hand: ("points", 30))
        await table.quiet()
    assert not double.failed_interactions and not double.late_answers


async def test_rules_help_and_the_last_trick_privately(discord_double: DiscordDouble,
                                                       live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    ana = table.north
    rules = await ana.slash("42 rules")
    assert rules.ephemeral and "standard (no house rules)" in str(rules.message.embeds)
    helped = await ana.slash("42 help")
    assert helped.ephemeral and "/42 bid" in str(helped.message.embeds)
    await table.open()
    await table.start()
    assert table.audit is not None
    for _ in range(12):  # the auction, trump, then the first trick
        found = await table.turn()
        assert found is not None
        await table.act(*found, lambda hand: ("points", 30))
        await table.quiet()
        table.audit.check()
        if table_state(live_bot.db, table.table_id).hand.tricks:
            break
    game = table_state(live_bot.db, table.table_id)
    trick = game.hand.tricks[0]
    shown = await ana.click(table.table_message(), label="Last trick")
    assert shown.ephemeral and "Last trick, taken by" in shown.content
    labels = [tile.label for tile in sorted(trick.tiles, key=lambda t: (t.high, t.low),
                                            reverse=True)]
    assert " ".join(labels) in shown.content, "sorted, never in play order (R-SEE-ANON)"
    by_button = await ana.click(table.table_message(), label="Rules")
    assert by_button.ephemeral and "Texas 42: the rules" in str(by_button.message.embeds)
    table.audit.check()
