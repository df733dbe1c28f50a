"""The table picture: the header, the seats around the table with the trick, the score board.

800 px wide, so that a phone's ~400 px wide view halves it cleanly; text is large for that
reason. Four seats sit on an oval at the compass points, as 42 is played; three around a
triangle; six and eight around a long table, two or three along each long side and one at each
end, so that partners face each other across it. Each trick tile lies between the centre and
the seat that played it. Beyond four seats, and each for oneself, every side has a shape as
well as a colour, on its seats and on its score row, so nobody needs to tell colours apart.
The larger tables are taller: their score board holds three sides, or many captured tiles.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import dominoes, tally
from .canvas import (
    BAR,
    FELT,
    MUTED,
    PLATE,
    RIM,
    TABLE,
    TEXT,
    TURN,
    drawable,
    fit,
    font,
    largest,
    png,
    side_colour,
    text_at,
)
from .legend import dealer_chip, draw_legend
from .scene import Look, SeatPlace, SideRow, TableScene, TileGroup

WIDTH = 800
HEADER = 78
PAD = 12

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class _TrickWords:
    """Where the trick's name goes, with who led it and who is winning it under it."""

    top: Point = (PAD + 4, HEADER + 10)
    """The top of the words: their left end, or their middle when ``centred``."""
    centred: bool = False
    room: float = 270
    sizes: tuple[int, int] = (20, 18)
    """The type of the trick's name and of the lines under it."""
    title_room: float = 270
    """The width of the trick's name, narrower than the lines' where a seat stands beside it."""


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where everything goes at a table of some number of seats."""

    height: int
    board: int
    """Where the score board starts; the table is drawn between the header and it."""
    plate: tuple[int, int]
    seats: tuple[Point, ...]
    """The centre of each seat's name card, clockwise."""
    tricks: tuple[tuple[Point, bool], ...]
    """Each seat's trick tile: its centre, and whether it lies across."""
    tile: int
    """The short side of a trick tile."""
    banner_room: float
    draw_table: Callable[[ImageDraw.ImageDraw, _Layout], None]
    trick_words: _TrickWords = _TrickWords()
    footer: int = 0
    """A strip under the score board for the legend, where the table has no free corner."""
    weighted_rows: bool = True
    """Whether a score row without face-up tiles gives its room to the rows with tiles;
    42's rows are of one height, as they have always been."""

    @property
    def centre(self) -> Point:
        return (WIDTH / 2, (HEADER + self.board) / 2)

    @property
    def legend(self) -> tuple[int, int]:
        """The right end of the legend's line."""
        if self.footer:
            return (WIDTH - PAD, self.height - self.footer // 2)
        return (WIDTH - PAD, self.board - 16)


FORTY_TWO_TILES = 28
"""The tiles of a hand of 42: a score board of 600 px holds them."""


@functools.cache
def layout(seats: int, dealt: int = FORTY_TWO_TILES) -> _Layout:
    """The layout of a table of ``seats`` seats (3, 4, 6 or 8) whose hands deal ``dealt``
    tiles in all: the more the score board may have to show, the taller it is."""
    if seats == 3:
        return _triangle()
    if seats == 4:
        return _oval(600 if dealt <= FORTY_TWO_TILES else 720)
    return _long_table(seats)


def _oval(height: int) -> _Layout:
    """The four seats of 42's family: the compass points of an oval, North at the top."""
    board = 414
    centre = (WIDTH / 2, (HEADER + board) / 2)
    radii, trick_radii, plate = (292, 124), (112, 50), (200, 74)

    def on(radii: tuple[float, float], angle: float) -> Point:
        return (centre[0] + radii[0] * math.cos(angle), centre[1] + radii[1] * math.sin(angle))

    angles = [-math.pi / 2 + math.pi / 2 * n for n in range(4)]
    return _Layout(
        height=height, board=board, plate=plate, seats=tuple(on(radii, a) for a in angles),
        tricks=tuple((on(trick_radii, a), abs(math.sin(a)) < 0.8) for a in angles), tile=44,
        banner_room=2 * radii[0] - plate[0] - 24, draw_table=_draw_oval,
        weighted_rows=height > 600)


def _draw_oval(draw: ImageDraw.ImageDraw, at: _Layout) -> None:
    draw.ellipse((60, HEADER + 26, WIDTH - 60, at.board - 26), fill=TABLE, outline=RIM, width=6)


def _triangle() -> _Layout:
    """Three seats at the corners of a triangle, the first at the top."""
    board = 414
    plate = (200, 74)
    top, low = HEADER + 12 + plate[1] / 2, board - 12 - plate[1] / 2
    seats = ((WIDTH / 2, top), (WIDTH - 160, low), (160, low))
    middle = (WIDTH / 2, (top + 2 * low) / 3)
    tricks = tuple((_towards(middle, seat, 0.38), n != 0) for n, seat in enumerate(seats))
    return _Layout(height=740, board=board, plate=plate, seats=seats, tricks=tricks, tile=44,
                   banner_room=380, draw_table=_draw_triangle, footer=FOOTER)


def _draw_triangle(draw: ImageDraw.ImageDraw, at: _Layout) -> None:
    corners = [(WIDTH / 2, HEADER + 30), (WIDTH - 70, at.board - 26), (70, at.board - 26)]
    draw.polygon(corners, fill=TABLE)
    draw.line([*corners, corners[0], corners[1]], fill=RIM, width=6, joint="curve")


def _long_table(seats: int) -> _Layout:
    """Six or eight seats: seat 0 at the top left, clockwise, one seat at each end and the
    others along the long sides, so seat *s* faces seat *s* + half across the table."""
    board, along = 440, (seats - 2) // 2
    plate = (176, 72) if seats == 6 else (166, 72)
    top, low = HEADER + 12 + plate[1] / 2, board - 12 - plate[1] / 2
    middle = (WIDTH / 2, (HEADER + board) / 2)
    columns = [WIDTH / 2 + (n - (along - 1) / 2) * (460 if along == 2 else 200)
               for n in range(along)]
    places = [*((x, top) for x in columns), (WIDTH - PAD - plate[0] / 2, middle[1]),
              *((x, low) for x in reversed(columns)), (PAD + plate[0] / 2, middle[1])]
    tile, inward = (34, 0.4) if seats == 6 else (31, 0.6)
    tricks = []
    for x, y in places:
        if y == middle[1]:
            step = plate[0] / 2 + 20 + tile
            tricks.append(((x - step if x > middle[0] else x + step, y), True))
        else:
            step = plate[1] / 2 + 16 + tile
            tricks.append(((middle[0] + (x - middle[0]) * inward,
                            y + step if y < middle[1] else y - step), False))
    return _Layout(height=760, board=board, plate=plate, seats=tuple(places),
                   tricks=tuple(tricks), tile=tile, banner_room=WIDTH - 2 * plate[0] - 56,
                   draw_table=_draw_long,
                   trick_words=_long_trick(seats, top + plate[1] / 2, columns[0] - plate[0] / 2),
                   footer=FOOTER)


def _long_trick(seats: int, below_top_row: float, first_seat: float) -> _TrickWords:
    """Where the trick's words go at a long table: between the two seats at the top's middle
    at six; at eight, where three seats fill the top, a size smaller at the left, the trick's
    name beside the top row's first seat and the lines under it below that seat."""
    if seats == 6:
        return _TrickWords(top=(WIDTH / 2, HEADER + 8), centred=True)
    return _TrickWords(top=(PAD, below_top_row - 17), room=246, sizes=(18, 16),
                       title_room=first_seat - PAD - 3)


def _draw_long(draw: ImageDraw.ImageDraw, at: _Layout) -> None:
    box = (70, HEADER + 40, WIDTH - 70, at.board - 40)
    draw.rounded_rectangle(box, (box[3] - box[1]) / 2.4, fill=TABLE, outline=RIM, width=6)


FOOTER = 30


def _towards(start: Point, end: Point, share: float) -> Point:
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


def draw_table(scene: TableScene) -> bytes:
    """The PNG of ``scene``: a pure function, so equal scenes give equal bytes."""
    at = layout(len(scene.seats), scene.dealt)
    image = Image.new("RGB", (WIDTH, at.height), FELT)
    draw = ImageDraw.Draw(image)
    _header(draw, scene)
    at.draw_table(draw, at)
    _trick(draw, image, scene, at)
    for seat, centre, (trick, across) in zip(scene.seats, at.seats, at.tricks, strict=True):
        _plate(draw, at, seat, centre, scene.look)
        if seat.played is not None:
            sprite = dominoes.sprite(seat.played, at.tile, across)
            dominoes.paste(image, sprite, trick)
            if seat.won:
                _ring(draw, sprite, trick)
            elif seat.winning:
                _star_on(image, sprite, trick, at.tile)
    if scene.discards is not None:
        _discards(draw, image, scene.discards, at)
    if scene.banner and not scene.tiles_on_table:
        _banner(draw, scene.banner, at)
    _board(draw, image, scene, at)
    chip = next((seat.dealer for seat in scene.seats if _chipped(draw, seat, at, scene.look)),
                "")
    draw_legend(draw, at.legend, scene.legend, chip)
    return png(image)


def _trick(draw: ImageDraw.ImageDraw, image: Image.Image, scene: TableScene,
           at: _Layout) -> None:
    """The trick's name; under it who led and what the lead calls for, then, after the star its
    tile wears, who is winning it."""
    if not scene.trick:
        return
    place = at.trick_words
    (x, y), room, centred = place.top, place.room, place.centred
    title, size = place.sizes
    anchor = "ma" if centred else "la"
    text_at(draw, (x, y), scene.trick, (title, title - 2, title - 3, title - 4), MUTED,
            place.title_room, anchor=anchor, bold=True)
    y += title + 5
    if scene.lead:
        face = largest(draw, scene.lead, (size, size - 2, size - 4), room, bold=True)
        text_at(draw, (x, y), scene.lead, face, TEXT, room, anchor=anchor)
        y += size + 4
    if not scene.winning:
        return
    star = dominoes.star(size * 2 // 3)
    room -= star.width + 6
    face = largest(draw, scene.winning, (size, size - 2, size - 4), room, bold=True)
    shown = fit(draw, drawable(scene.winning), face, room)
    left = x - (star.width + 6 + draw.textlength(shown, font=face)) / 2 if centred else x
    dominoes.paste(image, star, (left + star.width / 2, y + size / 2 + 1))
    draw.text((left + star.width + 6, y), shown, font=face, fill=TEXT)


def _star_on(image: Image.Image, sprite: Image.Image, centre: Point, tile: int) -> None:
    """The star at the top left corner of the tile winning the trick in progress (the count
    badge is at its top right)."""
    star = dominoes.star(max(11, tile * 4 // 11))
    face_w = sprite.width / 2 - dominoes.margin(tile)
    face_h = sprite.height / 2 - dominoes.margin(tile)
    dominoes.paste(image, star, (centre[0] - face_w + star.width / 6,
                                 centre[1] - face_h + star.height / 6))


def _ring(draw: ImageDraw.ImageDraw, sprite: Image.Image, centre: Point) -> None:
    """The mark around the tile that won the trick lying on the table: white, unlike the
    trumps' gold and the turn's yellow."""
    half_w, half_h = sprite.width / 2 + 4, sprite.height / 2 + 4
    draw.rounded_rectangle((centre[0] - half_w, centre[1] - half_h, centre[0] + half_w,
                            centre[1] + half_h), 10, outline=TEXT, width=4)


def _header(draw: ImageDraw.ImageDraw, scene: TableScene) -> None:
    """The contract line, then the need/set line; the result moves up here when tiles lie
    where the banner would cover them."""
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    text_at(draw, (PAD + 4, 10), scene.headline, (27, 25, 23), TEXT, WIDTH - 2 * PAD, bold=True)
    second = scene.status
    if scene.banner and scene.tiles_on_table:
        second = f"{scene.banner} · {second}" if second else scene.banner
    text_at(draw, (PAD + 4, 58), second, (22, 20, 18), TURN, WIDTH - 2 * PAD, anchor="lm",
            bold=True)


NAME_SIZES = (23, 21, 19)
"""A long name is drawn smaller, down to the last size, before it is shortened."""
LINE_SIZES = (18, 16, 15)
"""The sizes of a seat's smaller lines and of a score row's hand points, likewise."""


def _plate(draw: ImageDraw.ImageDraw, at: _Layout, seat: SeatPlace, centre: Point,
           look: Look) -> None:
    """A seat's name card in its side's colour (and shape); the seat to act wears a thick
    yellow frame."""
    w, h = at.plate
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    colour = side_colour(seat.side, look)
    if seat.turn:
        draw.rounded_rectangle((x0 - 5, y0 - 5, x0 + w + 5, y0 + h + 5), 14, fill=TURN)
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), 10, fill=PLATE, outline=colour, width=3)
    draw.rectangle((x0 + 3, y0 + 8, x0 + 9, y0 + h - 8), fill=colour)
    inner = w - 28
    subtitle_x = x0 + 18
    if look is not Look.COMPASS:
        draw_shape(draw, seat.side, (x0 + 27, y0 + 43), 9, colour)
        subtitle_x += 22
    text_at(draw, (x0 + 18, y0 + 4), seat.name, NAME_SIZES, TEXT, inner, bold=True)
    room = _subtitle_room(at, look)
    subtitle = seat.subtitle
    if _chipped(draw, seat, at, look):
        dealer_chip(draw, (x0 + w - 20, y0 + 42), seat.dealer)
        room -= 26
    elif seat.dealer:
        subtitle = f"{subtitle} · {seat.dealer}"
    text_at(draw, (subtitle_x, y0 + 32), subtitle, LINE_SIZES, MUTED, room)
    if seat.note:
        text_at(draw, (x0 + 18, y0 + 51), seat.note, LINE_SIZES, TURN if seat.turn else colour,
                inner, bold=True)


def _subtitle_room(at: _Layout, look: Look) -> int:
    """The width of a seat card's second line, right of the side's shape if it has one."""
    return at.plate[0] - 28 - (0 if look is Look.COMPASS else 22)


def _chipped(draw: ImageDraw.ImageDraw, seat: SeatPlace, at: _Layout, look: Look) -> bool:
    """Whether the dealer wears the chip: where the word beside the seat's name would be cut."""
    if not seat.dealer:
        return False
    said = drawable(f"{seat.subtitle} · {seat.dealer}")
    return draw.textlength(said, font=font(LINE_SIZES[-1])) > _subtitle_room(at, look)


def draw_shape(draw: ImageDraw.ImageDraw, side: int, centre: Point, radius: float,
               colour: tuple[int, int, int]) -> None:
    """Side 0 a disc, 1 a square, 2 a triangle (pointing up), 3 a diamond."""
    x, y = centre
    r = radius
    kind = side % 4
    if kind == 0:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    elif kind == 1:
        draw.rectangle((x - r * 0.88, y - r * 0.88, x + r * 0.88, y + r * 0.88), fill=colour)
    elif kind == 2:
        draw.polygon([(x, y - r * 1.1), (x + r * 1.1, y + r * 0.85), (x - r * 1.1, y + r * 0.85)],
                     fill=colour)
    else:
        draw.polygon([(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)],
                     fill=colour)


def _discards(draw: ImageDraw.ImageDraw, image: Image.Image, group: TileGroup,
              at: _Layout) -> None:
    """V-72-WIDOW: the discarded trumps, face up at the table's lower left, under their word."""
    face = font(17, bold=True)
    y = at.board - 16
    x: float = PAD + 4
    if group.label:
        text_at(draw, (x, y - 6), group.label, face, MUTED, 160, anchor="lm")
        x += min(160, draw.textlength(group.label, font=face)) + 12
    width = 28
    for tile in group.tiles:
        dominoes.paste(image, dominoes.sprite(tile, width, True), (x + width, y - 6))
        x += 2 * width + 6


def _banner(draw: ImageDraw.ImageDraw, text: str, at: _Layout) -> None:
    """The end of a hand or game across the middle, between the seats at either side: on one
    line, or two when one would need a smaller type."""
    room = at.banner_room
    centre = at.centre
    lines = _banner_lines(draw, text, room - 40)
    faces = [font(size, bold=True) for size in _BANNER_SIZES]
    face = next((f for f in faces if all(draw.textlength(line, font=f) <= room - 40
                                          for line in lines)), faces[-1])
    width = min(room, max(draw.textlength(line, font=face) for line in lines) + 40)
    height = 24 + 38 * len(lines)
    x0, y0 = centre[0] - width / 2, centre[1] - height / 2
    draw.rounded_rectangle((x0, y0, x0 + width, y0 + height), 14, fill=PLATE, outline=TURN,
                           width=4)
    for n, line in enumerate(lines):
        middle = (centre[0], y0 + 12 + 38 * n + 19)
        text_at(draw, middle, line, face, TURN, width - 32, anchor="mm")


_BANNER_SIZES = (30, 28, 26, 24, 22, 20)


def _banner_lines(draw: ImageDraw.ImageDraw, text: str, room: float) -> tuple[str, ...]:
    """``text`` whole if it fits at full size, else cut at the space nearest its middle."""
    if draw.textlength(text, font=font(_BANNER_SIZES[0], bold=True)) <= room or " " not in text:
        return (text,)
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(2 * i - len(text)))
    return (text[:cut], text[cut + 1:])


def _board(draw: ImageDraw.ImageDraw, image: Image.Image, scene: TableScene,
           at: _Layout) -> None:
    """One row per side: its name, score and hand points, then what it captured, every row's
    tiles of one size and orientation so the rows compare at a glance."""
    sides = scene.sides
    draw.rectangle((0, at.board, WIDTH, at.height), fill=BAR)
    room = at.height - at.footer - at.board - 6
    heights = _row_heights(sides, room) if at.weighted_rows else [room / len(sides)] * len(
        sides)
    big = min(heights) >= 80
    starts = [PAD + LABEL + _covered_width(draw, side, height)
              for side, height in zip(sides, heights, strict=True)]
    width, horizontal = _common_layout(sides, starts, heights)
    y: float = at.board + 4
    for index, (side, height) in enumerate(zip(sides, heights, strict=True)):
        _label(draw, image, index, side, (y, height, big), scene.look)
        _covered(draw, image, side, (PAD + LABEL, y, height))
        _faces(image, side, (width, horizontal), (starts[index], y, WIDTH - PAD, y + height))
        y += height


SHORT_ROW = 80
"""The height of a score row without face-up tiles, beside rows that have many."""


def _row_heights(sides: tuple[SideRow, ...], room: float) -> list[float]:
    """A row without face-up tiles gives its room to the rows with tiles, in proportion to
    their tiles, so the captures of a large table are drawn as large as they can be."""
    tiles = [sum(len(group) for group in side.groups) for side in sides]
    if not sum(tiles) or room < SHORT_ROW * len(sides):
        return [room / len(sides)] * len(sides)
    spare = room - SHORT_ROW * len(sides)
    return [SHORT_ROW + spare * n / sum(tiles) for n in tiles]


LABEL = 172
"""The width of a side's name and score at the left of its row."""
GAP, GROUP_GAP = 4, 14
"""Between two captured tiles, and between two face-up piles."""


def _label(draw: ImageDraw.ImageDraw, image: Image.Image, index: int, side: SideRow,
           row: tuple[float, float, bool], look: Look) -> None:
    """A side's name, score and hand points, large when every row has room for them; spread
    further apart in a game kept in marks, whose tally strokes stand taller than words."""
    y, height, big = row
    colour = side_colour(index, look)
    draw.rectangle((PAD, y + 4, PAD + 6, y + height - 4), fill=colour)
    if big:
        lines = (y + 4, y + 32, y + 56) if side.marks is None else (y + 2, y + 31, y + 61)
    else:
        lines = (y + 1, y + 21, y + 40)
    x = PAD + 16
    title_face = font(21 if big else 18, bold=True)
    if look is not Look.COMPASS:
        draw_shape(draw, index, (x + 8, lines[0] + (13 if big else 11)), 8 if big else 7,
                   colour)
        x += 22
    text_at(draw, (x, lines[0]), side.title, title_face, colour, LABEL - 4 - x + PAD)
    _score(draw, image, side, (PAD + 16, lines[1]), big)
    text_at(draw, (PAD + 16, lines[2]), side.points, LINE_SIZES if big else LINE_SIZES[1:],
            MUTED, LABEL - 20)


TALLY, SMALL_TALLY = 24, 15
"""The height of the tally strokes in a score row with room for large words, and in one
without."""


def _score(draw: ImageDraw.ImageDraw, image: Image.Image, side: SideRow, at: Point,
           big: bool) -> None:
    """A side's score in words; in a game kept in marks, first the tally strokes players keep
    them in, then the number, in words where they fit beside the strokes, else as a figure."""
    x, y = at
    room = LABEL - 20
    if not side.marks:
        text_at(draw, at, side.score, font(19 if big else 16, bold=True), TEXT, room)
        return
    height = TALLY if big else SMALL_TALLY
    strokes = tally.strokes(side.marks, height, TEXT)
    pad = (strokes.height - height) / 2
    dominoes.paste(image, strokes, (x - pad + strokes.width / 2, y + 1 - pad + strokes.height / 2))
    beside = tally.width(side.marks, height) + 14
    room -= beside
    face = font(17 if big else 15, bold=True)
    said = side.score
    if draw.textlength(drawable(said), font=face) > room:
        said = str(side.marks)
    text_at(draw, (x + beside, y + 1 + height / 2), said, face, MUTED, room, anchor="lm")


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
                   heights: list[float]) -> tuple[int, bool]:
    """The largest tile size and orientation with which every row's tiles fit."""
    best = (8, False)
    for horizontal in (False, True):
        widths = [_fit(side, WIDTH - PAD - start, height, horizontal)[0]
                  for side, start, height in zip(sides, starts, heights, strict=True)
                  if side.groups]
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


def _faces(image: Image.Image, side: SideRow, size: tuple[int, bool],
           box: tuple[float, float, float, float]) -> None:
    """Each face-up group, sorted as the scene gives it, in as few lines as fit."""
    if not side.groups:
        return
    width, horizontal = size
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
