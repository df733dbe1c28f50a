"""Dominoes as players know them: ivory tiles with black pips, 0 to 9 on each end, the 7, 8
and 9 of the larger sets in colours (:data:`PIP_COLOURS`).

A trump has a thick orange edge and a counter a red badge with its points, so both are seen at
a glance even on a phone. Each tile is drawn four times larger and scaled down, which smooths
its pips and corners, and is kept: a table reuses the same few sprites.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from .canvas import COUNT, PLATE, TEXT, TRUMP, font
from .scene import Tile

SCALE = 4
IVORY = (250, 246, 234)
PIP = (24, 24, 24)
DIM_IVORY = (128, 150, 138)
DIM_PIP = (44, 60, 52)
PIP_COLOURS: dict[int, tuple[int, int, int]] = {7: (0, 108, 178), 8: (208, 88, 0),
                                                9: (0, 138, 98)}
"""Blue 7s, vermilion 8s, green 9s, as double-nine sets colour their pips by number: at a
phone's half size 7, 8 and 9 pips are hard to count, and a colour tells them apart at a glance.
1 to 6 stay black, so a double-six tile looks the same in every game. The three are from the
Okabe–Ito palette, which people with the common colour blindnesses tell apart (they differ in
lightness and on the blue–yellow axis too), and each stands at least 3:1 against the ivory."""
EDGE = (60, 60, 60)
DIVIDER = (150, 144, 130)
BACK = (36, 56, 90)
BACK_EDGE = (150, 170, 200)

_L, _C, _R = 0.25, 0.5, 0.75
PIP_LAYOUTS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((_C, _C),),
    ((_L, _L), (_R, _R)),
    ((_L, _L), (_C, _C), (_R, _R)),
    ((_L, _L), (_R, _L), (_L, _R), (_R, _R)),
    ((_L, _L), (_R, _L), (_C, _C), (_L, _R), (_R, _R)),
    ((_L, _L), (_R, _L), (_L, _C), (_R, _C), (_L, _R), (_R, _R)),
    ((_L, _L), (_R, _L), (_L, _C), (_C, _C), (_R, _C), (_L, _R), (_R, _R)),
    ((_L, _L), (_C, _L), (_R, _L), (_L, _C), (_R, _C), (_L, _R), (_C, _R), (_R, _R)),
    ((_L, _L), (_C, _L), (_R, _L), (_L, _C), (_C, _C), (_R, _C), (_L, _R), (_C, _R), (_R, _R)),
)
"""Where the pips of 0 to 9 sit on one end, as fractions of the end's square."""


def margin(width: int) -> int:
    """How far a count badge reaches past the tile's corner."""
    return max(2, width // 5)


@functools.lru_cache(maxsize=1024)
def sprite(tile: Tile, width: int, horizontal: bool = False, dim: bool = False) -> Image.Image:
    """``tile`` as an RGBA image, ``width`` by twice that plus :func:`margin` on every side;
    the high end is on top (vertical) or on the left (horizontal), as players read it. A
    dimmed tile (not playable now) greys its face but keeps its trump edge and count badge."""
    w = width * SCALE
    pad = margin(width) * SCALE
    face = Image.new("RGBA", (w + 2 * pad, 2 * w + 2 * pad), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    box = (pad, pad, pad + w - 1, pad + 2 * w - 1)
    radius = w // 7
    if tile.trump:
        ring = max(SCALE * 2, w // 9)
        draw.rounded_rectangle(box, radius, fill=TRUMP)
    else:
        ring = max(SCALE, w // 40)
        draw.rounded_rectangle(box, radius, fill=EDGE)
    draw.rounded_rectangle((box[0] + ring, box[1] + ring, box[2] - ring, box[3] - ring),
                           max(1, radius - ring), fill=DIM_IVORY if dim else IVORY)
    inset = w // 6
    mid = pad + w
    draw.line((pad + inset, mid, pad + w - inset, mid), fill=DIVIDER, width=max(SCALE, w // 30))
    radius_pip = w * (0.085 if max(tile.high, tile.low) > 6 else 0.095)
    for end, top in ((tile.high, pad), (tile.low, pad + w)):
        for fx, fy in PIP_LAYOUTS[end]:
            x, y = pad + fx * w, top + fy * w
            draw.ellipse((x - radius_pip, y - radius_pip, x + radius_pip, y + radius_pip),
                         fill=pip_colour(end, dim))
    if horizontal:
        face = face.transpose(Image.Transpose.ROTATE_90)
    if tile.count:
        _badge(face, tile.count, width)
    return face.reduce(SCALE)


def pip_colour(end: int, dim: bool = False) -> tuple[int, int, int]:
    """The colour of an end's pips, greyed halfway to the dimmed face on a dimmed tile."""
    colour = PIP_COLOURS.get(end)
    if colour is None:
        return DIM_PIP if dim else PIP
    if not dim:
        return colour
    red, green, blue = ((one + two) // 2 for one, two in zip(colour, DIM_IVORY, strict=True))
    return red, green, blue


def _badge(face: Image.Image, count: int, width: int) -> None:
    """A red disc with the tile's points on its top right corner."""
    draw = ImageDraw.Draw(face)
    pad = margin(width) * SCALE
    r = max(pad, int(min(width * 0.3, 15) * SCALE))
    cx, cy = face.width - pad - r // 3, pad + r // 3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COUNT, outline=TEXT,
                 width=max(SCALE, r // 8))
    if width >= 24:
        size_text = int(r * (1.3 if count < 10 else 1.1))
        draw.text((cx, cy), str(count), font=font(size_text, bold=True), fill=TEXT,
                  anchor="mm")


@functools.lru_cache(maxsize=64)
def back(width: int) -> Image.Image:
    """A tile face down: a captured trick that the rules cover (R-SEE-MARKS)."""
    w = width * SCALE
    pad = margin(width) * SCALE
    face = Image.new("RGBA", (w + 2 * pad, 2 * w + 2 * pad), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    box = (pad, pad, pad + w - 1, pad + 2 * w - 1)
    draw.rounded_rectangle(box, w // 7, fill=BACK, outline=BACK_EDGE, width=max(SCALE, w // 14))
    inset = w // 4
    draw.rounded_rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                           w // 10, outline=BACK_EDGE, width=max(SCALE, w // 20))
    return face.reduce(SCALE)


def paste(image: Image.Image, picture: Image.Image, centre: tuple[float, float]) -> None:
    """Put a sprite with its centre at ``centre``."""
    x = round(centre[0] - picture.width / 2)
    y = round(centre[1] - picture.height / 2)
    image.paste(picture, (x, y), picture)


@functools.lru_cache(maxsize=16)
def star(radius: int) -> Image.Image:
    """The mark of the tile winning the trick in progress: a white star on a dark disc with a
    white rim, unlike a trump's orange edge, a counter's red badge and a won trick's ring."""
    r = radius * SCALE
    face = Image.new("RGBA", (2 * r, 2 * r), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=(*PLATE, 255), outline=(*TEXT, 255),
                 width=max(SCALE, r // 7))
    points = []
    for n in range(10):
        reach = r * (0.72 if n % 2 == 0 else 0.3)
        angle = math.pi * (n / 5 - 0.5)
        points.append((r + reach * math.cos(angle), r * 1.04 + reach * math.sin(angle)))
    draw.polygon(points, fill=(*TEXT, 255))
    return face.reduce(SCALE)
