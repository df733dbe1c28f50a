"""The table picture: the header, the seats around the table with the trick, the score board.

800×600, so that a phone's ~400 px wide view halves it cleanly; text is large for that reason.
Seats sit clockwise on an ellipse from the top, so three make a triangle, four the compass, six
and eight a ring whose sides are told apart by colour. Each trick tile lies between the centre
and the seat that played it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import dominoes
from .canvas import (
    BAR,
    FELT,
    MUTED,
    PLATE,
    RIM,
    TABLE,
    TEXT,
    TURN,
    font,
    png,
    side_colour,
    text_at,
)
from .legend import draw_legend
from .scene import SeatPlace, SideRow, TableScene, Tile

WIDTH, HEIGHT = 800, 600
HEADER = 78
BOARD = 414
"""Where the score board starts; the table is drawn between the header and it."""
CENTRE = (WIDTH / 2, (HEADER + BOARD) / 2)
PAD = 12


@dataclass(frozen=True, slots=True)
class _Ring:
    """How seats and trick tiles sit for a number of seats."""

    plate: tuple[int, int]
    radii: tuple[float, float]
    trick_radii: tuple[float, float]
    tile: int
    """The short side of a trick tile."""


def _ring(seats: int) -> _Ring:
    if seats <= 4:
        return _Ring((200, 74), (292, 124), (112, 50), 44)
    if seats <= 6:
        return _Ring((176, 74), (300, 124), (150, 64), 38)
    return _Ring((160, 72), (310, 126), (156, 54), 30)


def draw_table(scene: TableScene) -> bytes:
    """The PNG of ``scene``: a pure function, so equal scenes give equal bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    _header(draw, scene)
    ring = _ring(len(scene.seats))
    draw.ellipse((60, HEADER + 26, WIDTH - 60, BOARD - 26), fill=TABLE, outline=RIM, width=6)
    if scene.trick:
        text_at(draw, (PAD + 4, HEADER + 10), scene.trick, font(20, bold=True), MUTED, 220)
    for index, seat in enumerate(scene.seats):
        angle = -math.pi / 2 + 2 * math.pi * index / len(scene.seats)
        _plate(draw, ring, seat, _on_ellipse(ring.radii, angle))
        if seat.played is not None:
            _trick_tile(image, ring, seat.played, angle)
    draw_legend(draw, (WIDTH - PAD, BOARD - 16), scene.legend)
    if scene.banner and not scene.tiles_on_table:
        _banner(draw, scene.banner, 2 * ring.radii[0] - ring.plate[0] - 24)
    _board(draw, image, scene.sides)
    return png(image)


def _on_ellipse(radii: tuple[float, float], angle: float) -> tuple[float, float]:
    return (CENTRE[0] + radii[0] * math.cos(angle), CENTRE[1] + radii[1] * math.sin(angle))


def _header(draw: ImageDraw.ImageDraw, scene: TableScene) -> None:
    """The contract line, then the need/set line; the result moves up here when tiles lie
    where the banner would cover them."""
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    text_at(draw, (PAD + 4, 10), scene.headline, font(27, bold=True), TEXT, WIDTH - 2 * PAD)
    second = scene.status
    if scene.banner and scene.tiles_on_table:
        second = f"{scene.banner} · {second}" if second else scene.banner
    text_at(draw, (PAD + 4, 58), second, font(22, bold=True), TURN, WIDTH - 2 * PAD,
            anchor="lm")


def _plate(draw: ImageDraw.ImageDraw, ring: _Ring, seat: SeatPlace,
           centre: tuple[float, float]) -> None:
    """A seat's name card in its side's colour; the seat to act wears a thick yellow frame."""
    w, h = ring.plate
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    colour = side_colour(seat.side)
    if seat.turn:
        draw.rounded_rectangle((x0 - 5, y0 - 5, x0 + w + 5, y0 + h + 5), 14, fill=TURN)
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), 10, fill=PLATE, outline=colour, width=3)
    draw.rectangle((x0 + 3, y0 + 8, x0 + 9, y0 + h - 8), fill=colour)
    inner = w - 28
    text_at(draw, (x0 + 18, y0 + 4), seat.name, font(23, bold=True), TEXT, inner)
    text_at(draw, (x0 + 18, y0 + 32), seat.subtitle, font(18), MUTED, inner)
    if seat.note:
        text_at(draw, (x0 + 18, y0 + 51), seat.note, font(18, bold=True),
                TURN if seat.turn else colour, inner)


def _trick_tile(image: Image.Image, ring: _Ring, tile: Tile, angle: float) -> None:
    horizontal = abs(math.sin(angle)) < 0.8
    centre = _on_ellipse(ring.trick_radii, angle)
    dominoes.paste(image, dominoes.sprite(tile, ring.tile, horizontal), centre)


def _banner(draw: ImageDraw.ImageDraw, text: str, room: float) -> None:
    """The end of a hand or game across the middle, between the seats at either side: on one
    line, or two when one would need a smaller type."""
    lines = _banner_lines(draw, text, room - 40)
    faces = [font(size, bold=True) for size in _BANNER_SIZES]
    face = next((f for f in faces if all(draw.textlength(line, font=f) <= room - 40
                                          for line in lines)), faces[-1])
    width = min(room, max(draw.textlength(line, font=face) for line in lines) + 40)
    height = 24 + 38 * len(lines)
    x0, y0 = CENTRE[0] - width / 2, CENTRE[1] - height / 2
    draw.rounded_rectangle((x0, y0, x0 + width, y0 + height), 14, fill=PLATE, outline=TURN,
                           width=4)
    for n, line in enumerate(lines):
        centre = (CENTRE[0], y0 + 12 + 38 * n + 19)
        text_at(draw, centre, line, face, TURN, width - 32, anchor="mm")


_BANNER_SIZES = (30, 28, 26, 24, 22, 20)


def _banner_lines(draw: ImageDraw.ImageDraw, text: str, room: float) -> tuple[str, ...]:
    """``text`` whole if it fits at full size, else cut at the space nearest its middle."""
    if draw.textlength(text, font=font(_BANNER_SIZES[0], bold=True)) <= room or " " not in text:
        return (text,)
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(2 * i - len(text)))
    return (text[:cut], text[cut + 1:])


def _board(draw: ImageDraw.ImageDraw, image: Image.Image, sides: tuple[SideRow, ...]) -> None:
    """One row per side: its name, score and hand points, then what it captured, every row's
    tiles of one size and orientation so the rows compare at a glance."""
    draw.rectangle((0, BOARD, WIDTH, HEIGHT), fill=BAR)
    height = (HEIGHT - BOARD - 6) / len(sides)
    starts = [PAD + LABEL + _covered_width(draw, side, height) for side in sides]
    width, horizontal = _common_layout(sides, starts, height)
    for index, side in enumerate(sides):
        y = BOARD + 4 + index * height
        _label(draw, index, side, (y, height))
        _covered(draw, image, side, (PAD + LABEL, y, height))
        _faces(image, side, (width, horizontal), (starts[index], y, WIDTH - PAD, y + height))


LABEL = 172
"""The width of a side's name and score at the left of its row."""
GAP, GROUP_GAP = 4, 14
"""Between two captured tiles, and between two face-up piles."""


def _label(draw: ImageDraw.ImageDraw, index: int, side: SideRow,
           row: tuple[float, float]) -> None:
    y, height = row
    colour = side_colour(index)
    draw.rectangle((PAD, y + 4, PAD + 6, y + height - 4), fill=colour)
    big = height >= 80
    lines = (y + 4, y + 32, y + 56) if big else (y + 1, y + 21, y + 40)
    text_at(draw, (PAD + 16, lines[0]), side.title, font(21 if big else 18, bold=True),
            colour, LABEL - 20)
    text_at(draw, (PAD + 16, lines[1]), side.score, font(19 if big else 16, bold=True), TEXT,
            LABEL - 20)
    text_at(draw, (PAD + 16, lines[2]), side.points, font(18 if big else 16), MUTED, LABEL - 20)


def _back_width(height: float) -> int:
    return min(26, int((height - 16) / 2))


def _covered_width(draw: ImageDraw.ImageDraw, side: SideRow, height: float) -> float:
    if not side.covered:
        return 0
    text = draw.textlength(side.covered_text, font=font(17, bold=True))
    return _back_width(height) + 9 * min(side.covered, 7) + 8 + text + 18


def _covered(draw: ImageDraw.ImageDraw, image: Image.Image, side: SideRow,
             row: tuple[float, float, float]) -> None:
    """The tricks a marks contract keeps face down, as a stack of backs (R-SEE-MARKS)."""
    if not side.covered:
        return
    x, y, height = row
    width = _back_width(height)
    back = dominoes.back(width)
    for n in range(min(side.covered, 7)):
        dominoes.paste(image, back, (x + width / 2 + 9 * n, y + height / 2))
    x += width + 9 * min(side.covered, 7) + 8
    text_at(draw, (x, y + height / 2), side.covered_text, font(17, bold=True), MUTED, 140,
            anchor="lm")


def _common_layout(sides: tuple[SideRow, ...], starts: list[float],
                   height: float) -> tuple[int, bool]:
    """The largest tile size and orientation with which every row's tiles fit."""
    best = (8, False)
    for horizontal in (False, True):
        widths = [_fit(side, WIDTH - PAD - start, height, horizontal)[0]
                  for side, start in zip(sides, starts, strict=True) if side.groups]
        if widths and min(widths) > best[0]:
            best = (min(widths), horizontal)
    return best


def _fit(side: SideRow, room: float, height: float, horizontal: bool) -> tuple[int, int]:
    """The largest tile (its short side) that fits the row, and in how many lines."""
    tiles = sum(len(group) for group in side.groups)
    room -= GROUP_GAP * (len(side.groups) - 1)
    height -= 8
    best = (0, 1)
    for rows in (1, 2, 3):
        per_row = math.ceil(tiles / rows)
        if horizontal:
            width = min((room / per_row - GAP) / 2, height / rows - 2 * GAP, 38)
        else:
            width = min(room / per_row - GAP, (height / rows - 2 * GAP) / 2, 38)
        if int(width) > best[0]:
            best = (int(width), rows)
    return best


def _faces(image: Image.Image, side: SideRow, layout: tuple[int, bool],
           box: tuple[float, float, float, float]) -> None:
    """Each face-up group, sorted as the scene gives it, in as few lines as fit."""
    if not side.groups:
        return
    width, horizontal = layout
    x0, y0, x1, y1 = box
    tiles = sum(len(group) for group in side.groups)
    long = 2 * width if horizontal else width
    room = x1 - x0 - GROUP_GAP * (len(side.groups) - 1)
    rows = next((r for r in (1, 2) if math.ceil(tiles / r) * (long + GAP) <= room), 3)
    per_row = math.ceil(tiles / rows)
    row_height = (y1 - y0) / rows
    x, n = x0, 0
    for group in side.groups:
        for tile in group:
            row, column = divmod(n, per_row)
            if column == 0 and row:
                x = x0
            centre = (x + long / 2, y0 + row_height * (row + 0.5))
            dominoes.paste(image, dominoes.sprite(tile, width, horizontal), centre)
            x += long + GAP
            n += 1
        x += GROUP_GAP - GAP
