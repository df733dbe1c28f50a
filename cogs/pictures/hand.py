"""The hand picture of a private panel: large tiles in dealt order (R-ORDER), in one row up to
nine tiles and in two rows from ten (the Big Game's eleven, 72's twelve with the widow), so
that every tile stays at least 72 px wide: half that on a phone, pips still easy to count.

On the owner's turn to play, the tiles they may play stand up with a green bar under them and
the others are dimmed, so the panel's buttons are found by looking, not by reading. While the
owner discards, the tiles that came from the leftover have a blue bar; under the hand lie the
leftover they looked at and did not take and, dimmed, their own face-down discards, each after
its word.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from . import dominoes
from .canvas import BAR, FELT, MUTED, PLAYABLE, TEXT, TURN, font, png, text_at
from .legend import DRAWN, draw_legend
from .scene import HandScene, TileGroup

WIDTH = 800
HEADER = 84
PAD = 16
LIFT = 10
ONE_ROW = 9
"""The most tiles drawn in one row."""
ASIDE = 40
"""The width of a tile out of the hand."""


def tile_width(tiles: int) -> int:
    """As large as fits the row: 7 tiles of a 42 hand at 88 px, 9 at 72."""
    gap = 14
    return max(30, min(88, int((WIDTH - 2 * PAD - gap * (tiles - 1)) / max(tiles, 1))))


def draw_hand(scene: HandScene) -> bytes:
    """The PNG of ``scene``: a pure function, so equal scenes give equal bytes."""
    count = len(scene.tiles)
    rows = 1 if count <= ONE_ROW else 2
    per_row = math.ceil(count / rows)
    width = tile_width(per_row)
    row_height = 2 * width + LIFT + 22
    aside = 2 * ASIDE + 2 * dominoes.margin(ASIDE) + 16 if scene.aside else 0
    image = Image.new("RGB", (WIDTH, HEADER + 12 + rows * row_height + aside), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    text_at(draw, (PAD, 10), scene.title, font(26, bold=True), TEXT, WIDTH - 2 * PAD)
    legend_left = draw_legend(draw, (WIDTH - PAD, 60), (*scene.legend, scene.drawn_label))
    text_at(draw, (PAD, 60), scene.status, font(22, bold=True), TURN, legend_left - 2 * PAD,
            anchor="lm")
    for row in range(rows):
        first = row * per_row
        _row(draw, image, scene, range(first, min(count, first + per_row)),
             (width, HEADER + 12 + row * row_height))
    if scene.aside:
        _aside(draw, image, scene.aside, HEADER + 12 + rows * row_height)
    return png(image)


def _row(draw: ImageDraw.ImageDraw, image: Image.Image, scene: HandScene, tiles: range,
         at: tuple[int, int]) -> None:
    """One row of the hand, centred, with the marks under its tiles."""
    width, top = at
    count = len(tiles)
    step = (WIDTH - 2 * PAD - count * width) / max(count - 1, 1)
    step = min(step, 22) + width
    left = (WIDTH - (count - 1) * step - width) / 2
    flags, drawn = scene.playable, scene.drawn
    for place, index in enumerate(tiles):
        x = left + place * step
        marked = flags is not None
        playable = flags is not None and flags[index]
        y = top if playable or not marked else top + LIFT
        sprite = dominoes.sprite(scene.tiles[index], width, dim=marked and not playable)
        dominoes.paste(image, sprite, (x + width / 2, y + width))
        bar = PLAYABLE if playable else DRAWN if drawn is not None and drawn[index] else None
        if bar is not None:
            bar_y = top + 2 * width + LIFT + 6
            draw.rounded_rectangle((x + 4, bar_y, x + width - 4, bar_y + 8), 4, fill=bar)


def _aside(draw: ImageDraw.ImageDraw, image: Image.Image, groups: tuple[TileGroup, ...],
           top: int) -> None:
    """The owner's tiles out of the hand, each group after its word."""
    draw.line((PAD, top, WIDTH - PAD, top), fill=MUTED, width=1)
    face = font(20, bold=True)
    middle = top + 8 + ASIDE + dominoes.margin(ASIDE)
    x = float(PAD)
    for group in groups:
        if group.label:
            text_at(draw, (x, middle), group.label, face, MUTED, 200, anchor="lm")
            x += min(200, draw.textlength(group.label, font=face)) + 14
        for tile in group.tiles:
            sprite = dominoes.sprite(tile, ASIDE, dim=group.dim)
            dominoes.paste(image, sprite, (x + ASIDE / 2, middle))
            x += ASIDE + 12
        x += 28
