"""The key to the marks on a tile, drawn from its right end leftwards: it names the orange edge
(trump), the red badge (count) and, in a hand, the green bar (playable) and the blue one (drawn
from the leftover), in the scene's words."""

from __future__ import annotations

from PIL import ImageDraw

from .canvas import COUNT, MUTED, PLAYABLE, TEXT, TRUMP, Colour, font

DRAWN: Colour = (120, 180, 255)
"""The bar under a tile the owner took from the leftover."""


def draw_legend(draw: ImageDraw.ImageDraw, right_middle: tuple[int, int],
                words: tuple[str, ...]) -> int:
    """Draw the legend items that have words; return the x where the legend starts."""
    face = font(17, bold=True)
    x, y = right_middle
    marks = (_trump, _count, _playable, _drawn)
    for word, mark in reversed(list(zip(words, marks, strict=False))):
        if not word:
            continue
        x -= int(draw.textlength(word, font=face))
        draw.text((x, y), word, font=face, fill=MUTED, anchor="lm")
        x -= 26
        mark(draw, x, y)
        x -= 16
    return x


def _trump(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 10, x + 20, y + 10), 4, fill=(250, 246, 234), outline=TRUMP,
                           width=4)


def _count(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.ellipse((x, y - 10, x + 20, y + 10), fill=COUNT, outline=TEXT, width=2)


def _playable(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 4, x + 20, y + 4), 3, fill=PLAYABLE)


def _drawn(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 4, x + 20, y + 4), 3, fill=DRAWN)
