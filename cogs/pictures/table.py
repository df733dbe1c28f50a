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
    _header(draw, image, scene)
    ring = _ring(len(scene.seats))
    draw.ellipse((60, HEADER + 26, WIDTH - 60, BOARD - 26), fill=TABLE, outline=RIM, width=6)
    if scene.trick:
        draw.text((PAD + 4, HEADER + 10), scene.trick, font=font(20, bold=True), fill=MUTED)
    for index, seat in enumerate(scene.seats):
        angle = -math.pi / 2 + 2 * math.pi * index / len(scene.seats)
        _plate(draw, ring, seat, _on_ellipse(ring.radii, angle))
        if seat.played is not None:
            _trick_tile(image, ring, seat.played, angle)
    draw_legend(draw, (WIDTH - PAD, BOARD - 16), scene.legend)
    if scene.banner:
        _banner(draw, scene.banner)
    _board(draw, image, scene.sides)
    return png(image)


def _on_ellipse(radii: tuple[float, float], angle: float) -> tuple[float, float]:
    return (CENTRE[0] + radii[0] * math.cos(angle), CENTRE[1] + radii[1] * math.sin(angle))


def _header(draw: ImageDraw.ImageDraw, image: Image.Image, scene: TableScene) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    text_at(draw, (PAD + 4, 10), scene.headline, font(27, bold=True), TEXT, WIDTH - 2 * PAD)
    text_at(draw, (PAD + 4, 58), scene.status, font(22, bold=True), TURN, WIDTH - 2 * PAD,
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
    text_at(draw, (x0 + 18, y0 + 6), seat.name, font(23, bold=True), TEXT, inner)
    text_at(draw, (x0 + 18, y0 + 34), seat.subtitle, font(16), MUTED, inner)
    if seat.note:
        text_at(draw, (x0 + 18, y0 + 52), seat.note, font(17, bold=True),
                TURN if seat.turn else colour, inner)


def _trick_tile(image: Image.Image, ring: _Ring, tile: Tile, angle: float) -> None:
    horizontal = abs(math.sin(angle)) < 0.8
    centre = _on_ellipse(ring.trick_radii, angle)
    dominoes.paste(image, dominoes.sprite(tile, ring.tile, horizontal), centre)


def _banner(draw: ImageDraw.ImageDraw, text: str) -> None:
    face = font(30, bold=True)
    width = min(WIDTH - 80, draw.textlength(text, font=face) + 48)
    x0, y0 = CENTRE[0] - width / 2, CENTRE[1] - 30
    draw.rounded_rectangle((x0, y0, x0 + width, y0 + 60), 14, fill=PLATE, outline=TURN, width=4)
    text_at(draw, CENTRE, text, face, TURN, width - 32, anchor="mm")


def _board(draw: ImageDraw.ImageDraw, image: Image.Image, sides: tuple[SideRow, ...]) -> None:
    """One row per side: its name, score and hand points, then what it captured."""
    top = BOARD
    draw.rectangle((0, top, WIDTH, HEIGHT), fill=BAR)
    height = (HEIGHT - top - 6) / len(sides)
    for index, side in enumerate(sides):
        y = top + 4 + index * height
        _side(draw, image, index, side, (y, height))


LABEL = 188
"""The width of a side's name and score at the left of its row."""


def _side(draw: ImageDraw.ImageDraw, image: Image.Image, index: int, side: SideRow,
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
    _captured(draw, image, side, (PAD + LABEL, y, WIDTH - PAD, y + height))


def _captured(draw: ImageDraw.ImageDraw, image: Image.Image, side: SideRow,
              box: tuple[float, float, float, float]) -> None:
    """The covered tricks as a stack of backs, then each face-up group, as large as fits."""
    x0, y0, x1, y1 = box
    x = x0
    mid = (y0 + y1) / 2
    if side.covered:
        width = min(26, int((y1 - y0 - 16) / 2))
        back = dominoes.back(width)
        for n in range(min(side.covered, 7)):
            dominoes.paste(image, back, (x + width / 2 + 9 * n, mid))
        x += width + 9 * min(side.covered, 7) + 8
        text_at(draw, (x, mid), side.covered_text, font(17, bold=True), MUTED, 140, anchor="lm")
        x += draw.textlength(side.covered_text, font=font(17, bold=True)) + 18
    tiles = sum(len(group) for group in side.groups)
    if not tiles:
        return
    gap, group_gap = 4, 14
    room = x1 - x - group_gap * (len(side.groups) - 1)
    width, rows = _tile_layout(tiles, room, y1 - y0 - 8, gap)
    per_row = math.ceil(tiles / rows)
    step = width + gap
    row_height = (y1 - y0) / rows
    n = 0
    start = x
    for group in side.groups:
        for tile in group:
            row, column = divmod(n, per_row)
            if column == 0 and row:
                x = start
            cy = y0 + row_height * (row + 0.5)
            dominoes.paste(image, dominoes.sprite(tile, width), (x + width / 2, cy))
            x += step
            n += 1
        x += group_gap - gap


def _tile_layout(tiles: int, room: float, height: float, gap: int) -> tuple[int, int]:
    """The largest vertical tile width, and how many rows, that fit ``tiles`` in the room."""
    best = (8, 1)
    for rows in (1, 2, 3):
        per_row = math.ceil(tiles / rows)
        width = int(min(room / per_row - gap, (height / rows - 2 * gap) / 2, 38))
        if width > best[0]:
            best = (width, rows)
    return best
