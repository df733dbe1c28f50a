"""Marks as 42 players keep them: one stroke a mark, seven strokes spelling ALL, the A's two legs
and crossbar, then each L's upright and foot; a game past 7 marks starts another ALL.

Strokes are drawn four times larger and scaled down, thick and round-ended, so that they read
on a phone at half size; each count of marks at each height is drawn once and kept.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from .canvas import Colour

SCALE = 4
PER_ALL = 7
STROKES: tuple[tuple[float, float, float, float], ...] = (
    (0.0, 1.0, 0.36, 0.0), (0.36, 0.0, 0.72, 1.0), (0.16, 0.6, 0.56, 0.6),
    (0.98, 0.0, 0.98, 1.0), (0.98, 1.0, 1.36, 1.0),
    (1.62, 0.0, 1.62, 1.0), (1.62, 1.0, 2.0, 1.0))
"""The strokes of one ALL, in the order they are written, as (x0, y0, x1, y1) in heights."""
WIDTH, GAP = 2.0, 0.5
"""One ALL's width, and the room between two, in heights."""


def width(marks: int, height: int) -> int:
    """How wide ``marks`` strokes are at ``height``, from the first one's left to the right of
    the one furthest right."""
    if not marks:
        return 0
    whole, strokes = divmod(marks - 1, PER_ALL)
    right = max(max(x0, x1) for x0, _, x1, _ in STROKES[:strokes + 1])
    return round((whole * (WIDTH + GAP) + right) * height)


@functools.lru_cache(maxsize=128)
def strokes(marks: int, height: int, colour: Colour) -> Image.Image:
    """``marks`` strokes ``height`` pixels tall, as an RGBA image with room for their thickness
    on every side."""
    thick = max(3, round(height / 5))
    pad = thick
    image = Image.new("RGBA", ((width(marks, height) + 2 * pad) * SCALE,
                               (height + 2 * pad) * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill = (*colour, 255)
    radius = thick * SCALE / 2
    for n in range(marks):
        group, stroke = divmod(n, PER_ALL)
        left = group * (WIDTH + GAP) * height
        x0, y0, x1, y1 = STROKES[stroke]
        ends = [((pad + left + x * height) * SCALE, (pad + y * height) * SCALE)
                for x, y in ((x0, y0), (x1, y1))]
        draw.line(ends, fill=fill, width=thick * SCALE)
        for x, y in ends:
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
    return image.reduce(SCALE)
