"""The pictures on the messages, through the double: the table message's picture is exactly the
drawing of the spectator's observation of the stored game (so it can hold nothing its text may
not), the same public state gives the same bytes, and a panel's picture is its owner's hand."""

from __future__ import annotations

from cogs.messages.words import words
from cogs.pictured import seat_names
from cogs.pictures import draw_hand, draw_table, hand_scene, table_scene
from engine import observe
from tests.bot.conftest import LiveBot
from tests.bot.e2e import Table, table_state
from tools.discord_double import DiscordDouble, Message


def picture(double: DiscordDouble, message: Message, filename: str) -> tuple[bytes, str]:
    """The uploaded bytes and the alt text of the latest version's attachment ``filename``."""
    found = [a for a in message.latest.attachments if a.get("filename") == filename]
    assert len(found) == 1, message.latest.attachments
    embed = message.latest.embeds[0]
    assert embed["image"]["url"].endswith(filename), "the picture is the embed's image"
    return double.world.uploads[int(found[0]["id"])], found[0].get("description") or ""


def names(live_bot: LiveBot, table: Table) -> tuple[str, ...]:
    cog = live_bot.bot.get_cog("Tables")
    record = cog.service._live[table.table_id].table  # type: ignore[union-attr]
    return seat_names(record, record.locale)


async def test_the_table_picture_is_the_spectators_observation_drawn(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    assert not table.table_message().latest.attachments  # the lobby has no picture
    await table.start()
    seen: dict[bytes, object] = {}
    for _ in range(8):
        found = await table.turn()
        assert found is not None
        await table.act(*found, lambda hand: ("points", 30))
        await table.quiet()
        game = table_state(live_bot.db, table.table_id)
        spectator = observe(game, None)
        data, alt = picture(double, table.table_message(), "table.png")
        expected = draw_table(table_scene(spectator, names(live_bot, table), words("en-US")))
        assert data == expected, "the picture is drawn from the spectator's observation"
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) <= 60_000
        assert alt.startswith("Hand 1")
        assert seen.get(data, spectator) == spectator, "one picture, one public state"
        seen[data] = spectator
        panel = table.panel(found[0])
        assert panel is not None
        seat = table.seat_of(found[0])
        own, _ = picture(double, panel, "hand.png")
        assert own == draw_hand(hand_scene(observe(game, seat), words("en-US")))
    assert len(seen) == 8, "every action changed the table, and its picture"
    # Drawing the same table again gives the same bytes: asked to post it again, it does.
    before, _ = picture(double, table.table_message(), "table.png")
    assert not (await table.north.slash("42 table")).failed
    await table.quiet()
    again, _ = picture(double, table.table_message(), "table.png")
    assert again == before
