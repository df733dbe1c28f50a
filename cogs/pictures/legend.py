"""The key to the marks on a tile, drawn from its right end leftwards: it names the orange edge
(trump), the red badge (count) and, in a hand, the green bar (playable) and the blue one (drawn
from the leftover), in the scene's words; and the dealer's chip, where a seat wears one."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from .canvas import COUNT, MUTED, PLATE, PLAYABLE, TEXT, TRUMP, Colour, font

DRAWN: Colour = (120, 180, 255)
"""The bar under a tile the owner took from the leftover."""


def draw_legend(draw: ImageDraw.ImageDraw, right_middle: tuple[int, int],
                words: tuple[str, ...], dealer: str = "") -> int:
    """Draw the legend items that have words, and the dealer's chip when ``dealer`` names it;
    return the x where the legend starts."""
    face = font(17, bold=True)
    x, y = right_middle
    marks: list[tuple[str, Callable[[ImageDraw.ImageDraw, int, int], None]]] = [
        (dealer, lambda on, left, middle: dealer_chip(on, (left + 10, middle), dealer)),
        *zip(words, (_trump, _count, _playable, _drawn), strict=False)]
    for word, mark in reversed(marks):
        if not word:
            continue
        x -= int(draw.textlength(word, font=face))
        draw.text((x, y), word, font=face, fill=MUTED, anchor="lm")
        x -= 26
        mark(draw, x, y)
        x -= 16
    return x


def dealer_chip(draw: ImageDraw.ImageDraw, centre: tuple[float, float], word: str) -> None:
    """The dealer's chip, as card tables have one: a white disc with the word's first letter,
    where a seat's card has no room for the word itself."""
    x, y = centre
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=TEXT)
    draw.text((x, y + 1), word[:1].upper(), font=font(15, bold=True), fill=PLATE, anchor="mm")


def _trump(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 10, x + 20, y + 10), 4, fill=(250, 246, 234), outline=TRUMP,
                           width=4)


def _count(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.ellipse((x, y - 10, x + 20, y + 10), fill=COUNT, outline=TEXT, width=2)


def _playable(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 4, x + 20, y + 4), 3, fill=PLAYABLE)


def _drawn(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y - 4, x + 20, y + 4), 3, fill=DRAWN)
