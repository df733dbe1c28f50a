"""The tile buttons' faces: one application emoji per face of every set the family uses, up to
double-nine (55 of the 2,000 Discord allows an application), drawn like the pictures' tiles.

The bot creates the missing ones at start-up through discord.py's application-emoji API (once:
later starts find them), in the background so nothing waits for it. Until they exist, or if
Discord refuses them, a button shows only its text label (``[6|4]``), which it always carries.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable, Mapping

import discord
from PIL import Image

from bot.budget import ChannelBudget, Priority
from engine import Domino
from engine.dominoes import EVERY_FACE

from .pictures.dominoes import sprite
from .pictures.scene import Tile

log = logging.getLogger(__name__)

SIZE = 128
"""Pixels of an emoji's square (Discord shows them at up to 48, and scales them down)."""
CREATE_EVERY = 0.1
"""Seconds between two emojis created: the first start makes 55, and every request sent with
the bot's token spends the one budget of 50 a second the tables need too."""


def emoji_name(tile: Domino) -> str:
    """``d64`` for [6|4]: letters and digits, as Discord wants an emoji's name."""
    return f"d{tile.high}{tile.low}"


def face_png(tile: Domino) -> bytes:
    """The tile upright, centred on a transparent square."""
    face = sprite(Tile(tile.high, tile.low), SIZE * 2 // 5)
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.alpha_composite(face.convert("RGBA"),
                           ((SIZE - face.width) // 2, (SIZE - face.height) // 2))
    out = io.BytesIO()
    canvas.save(out, "PNG", optimize=True)
    return out.getvalue()


class Faces:
    """The emojis by tile, once known; empty until :meth:`ensure` has run."""

    def __init__(self) -> None:
        self._by_tile: dict[Domino, discord.Emoji] = {}

    def of(self, tile: Domino) -> discord.Emoji | None:
        return self._by_tile.get(tile)

    @property
    def known(self) -> Mapping[Domino, discord.Emoji]:
        return self._by_tile

    async def ensure(self, client: discord.Client, budget: ChannelBudget,
                     tiles: Iterable[Domino] = EVERY_FACE) -> None:
        """Find the faces among the application's emojis and create those that are missing;
        a refusal is logged and leaves that tile to its text label, unless another process of
        the bot (holding other shards) created it meanwhile."""
        try:
            existing = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
        except discord.HTTPException as error:
            log.warning("could not read the application's emojis (%s): tiles keep their text"
                        " labels", error)
            return
        for tile in tiles:
            name = emoji_name(tile)
            emoji = existing.get(name)
            if emoji is None:
                try:
                    await asyncio.sleep(CREATE_EVERY)
                    await budget.spend(Priority.COMPUTERS)
                    emoji = await client.create_application_emoji(name=name,
                                                                  image=face_png(tile))
                except discord.HTTPException as error:
                    emoji = await self._made_elsewhere(client, name)
                    if emoji is None:
                        log.warning("could not create the emoji %s (%s): its tile keeps its"
                                    " text label", name, error)
                        continue
            self._by_tile[tile] = emoji

    @staticmethod
    async def _made_elsewhere(client: discord.Client, name: str) -> discord.Emoji | None:
        try:
            emojis = await client.fetch_application_emojis()
        except discord.HTTPException:
            return None
        return next((emoji for emoji in emojis if emoji.name == name), None)
