"""The hand picture of a private panel: one row of large tiles in dealt order (R-ORDER).

On the owner's turn to play, the tiles they may play stand up with a green bar under them and
the others are dimmed, so the panel's buttons are found by looking, not by reading.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import dominoes
from .canvas import BAR, FELT, PLAYABLE, TEXT, TURN, font, png, text_at
from .legend import draw_legend
from .scene import HandScene

WIDTH = 800
HEADER = 84
PAD = 16
LIFT = 10


def tile_width(tiles: int) -> int:
    """As large as fits the row: 7 tiles of a 42 hand at 88 px, 11 of the Big Game at 60."""
    gap = 14
    return max(30, min(88, int((WIDTH - 2 * PAD - gap * (tiles - 1)) / max(tiles, 1))))


def draw_hand(scene: HandScene) -> bytes:
    """The PNG of ``scene``: a pure function, so equal scenes give equal bytes."""
    count = len(scene.tiles)
    width = tile_width(count)
    height = HEADER + 2 * width + LIFT + 34
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    text_at(draw, (PAD, 10), scene.title, font(26, bold=True), TEXT, WIDTH - 2 * PAD)
    legend_left = draw_legend(draw, (WIDTH - PAD, 60), scene.legend)
    text_at(draw, (PAD, 60), scene.status, font(22, bold=True), TURN, legend_left - 2 * PAD,
            anchor="lm")
    if not count:
        return png(image)
    step = (WIDTH - 2 * PAD - count * width) / max(count - 1, 1)
    step = min(step, 22) + width
    left = (WIDTH - (count - 1) * step - width) / 2
    top = HEADER + 12
    for index, tile in enumerate(scene.tiles):
        x = left + index * step
        flags = scene.playable
        marked = flags is not None
        playable = flags is not None and flags[index]
        y = top if playable or not marked else top + LIFT
        sprite = dominoes.sprite(tile, width, dim=marked and not playable)
        dominoes.paste(image, sprite, (x + width / 2, y + width))
        if playable:
            bar_y = top + 2 * width + LIFT + 6
            draw.rounded_rectangle((x + 4, bar_y, x + width - 4, bar_y + 8), 4, fill=PLAYABLE)
    return png(image)
