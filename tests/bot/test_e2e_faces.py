"""The tile buttons' faces through the double: 28 application emojis created once at start-up,
found again on the next start, and on every tile button beside its text label."""

from __future__ import annotations

from typing import Any

from cogs.faces import emoji_name
from engine.dominoes import TILES
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, Table
from tools.discord_double import DiscordDouble


async def test_every_tile_button_shows_its_face(discord_double: DiscordDouble,
                                                live_bot: LiveBot) -> None:
    double = discord_double
    cog: Any = live_bot.bot.get_cog("Tables")
    await double.wait_for(lambda: len(cog.faces.known) == len(TILES), 10, "the 28 faces")
    names = sorted(emoji.name for emoji in double.app_emojis)
    assert names == sorted(emoji_name(tile) for tile in TILES)
    assert all(e.image[:8] == b"\x89PNG\r\n\x1a\n" for e in double.app_emojis)
    await cog.faces.ensure(live_bot.bot)  # a later start finds them: none is made twice
    assert len(double.app_emojis) == len(TILES)

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
