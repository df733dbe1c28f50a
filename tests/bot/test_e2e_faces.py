"""The tile buttons' faces through the double: 55 application emojis (every face up to
double-nine) created once at start-up, found again on the next start, and on every tile button
beside its text label, in a double-six game and a double-nine one."""

from __future__ import annotations

from typing import Any

from cogs.faces import emoji_name
from engine.dominoes import EVERY_FACE
from tests.bot.conftest import StartLiveBot
from tests.bot.e2e import PanelControls, Table, components
from tests.bot.test_e2e_computers import table_message
from tools.discord_double import DiscordDouble


async def test_every_tile_button_shows_its_face(discord_double: DiscordDouble,
                                                start_live_bot: StartLiveBot) -> None:
    double = discord_double
    double.add_channel("nines")
    live_bot = await start_live_bot()
    cog: Any = live_bot.bot.get_cog("Tables")
    await double.wait_for(lambda: len(cog.faces.known) == len(EVERY_FACE), 10,
                          "the 55 faces")
    names = sorted(emoji.name for emoji in double.app_emojis)
    assert names == sorted(emoji_name(tile) for tile in EVERY_FACE)
    assert all(e.image[:8] == b"\x89PNG\r\n\x1a\n" for e in double.app_emojis)
    # A later start finds them: none is made twice.
    await cog.faces.ensure(live_bot.bot, live_bot.bot.budget)
    assert len(double.app_emojis) == len(EVERY_FACE)

    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start()
    panel = table.panel(table.north)
    assert panel is not None
    tiles = PanelControls.of(panel).all_tiles
    by_id = {str(e.id): e.name for e in double.app_emojis}
    for button in tiles:
        assert button["label"].startswith("[")  # the text stays, for any client
        high, low = button["label"][1], button["label"][3]
        assert by_id[str(button["emoji"]["id"])] == f"d{high}{low}"

    eve = double.member("eve")
    assert not (await eve.slash("42 new", game="140", bots="others", where="nines")).failed
    await live_bot.idle()
    opened = await eve.click(table_message(double, "nines"), label="My hand")
    assert opened.message is not None
    buttons = [c for c in components(opened.message) if ":play:" in c.get("custom_id", "")]
    assert len(buttons) == 9  # 140 deals nine tiles of a double-nine set to each of six
    for button in buttons:
        high, low = button["label"][1], button["label"][3]
        assert by_id[str(button["emoji"]["id"])] == f"d{high}{low}"
