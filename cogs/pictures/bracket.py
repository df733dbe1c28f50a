"""A tournament's state as a picture for its message: the standings, and the bracket by rounds
(who plays whom next, every result), current after every result.

Like the rating chart it is a pure function of a frozen value (:class:`BracketPicture` in, PNG
bytes out), so :class:`.render.Pictures` caches it and a process pool can draw it. Every word in
it comes from the caller, already in the reader's language; the picture only draws them.

800 px wide and shown about 400 px wide on a phone, so the type is large and a round's column
is never narrower than a third of the picture: :data:`COLUMNS` rounds are drawn, from the one
before the round in play (:func:`window`), the header saying how many earlier ones are left
out. Standings tables (pools, Swiss) come first, then the rounds, left to right, each split
into the picture's bands (a double elimination's winners' bracket above its losers'); a
knockout's matches are spread level with the two they follow. The picture stays under
:data:`MOST_HEIGHT`:
where matches do not fit, a round keeps the matches still to play and drops its results first,
and says how many it left out.

>>> box = MatchBox((MatchSide("ana", "2", won=True), MatchSide("bia", "1")))
>>> picture = BracketPicture("Spring 42", columns=(RoundColumn("Round 1", ((box,),)),))
>>> bracket_alt(picture)
'Spring 42. Round 1: ana beat bia 2–1.'
>>> draw_bracket(picture) == draw_bracket(picture)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from .alt import clip
from .canvas import BAR, FELT, MUTED, RIM, TABLE, TEXT, TURN, Colour, font, png, text_at

WIDTH = 800
MOST_HEIGHT = 2400
"""Discord shows taller pictures, but a reader scrolls past them rather than reading them."""
PAD = 16
GAP = 12
"""Between columns, lanes, tables and sections."""
COLUMNS = 3
"""The most rounds drawn side by side: a third of the width keeps a name of two words, where
a quarter cuts most names to their first."""
WIDEST = 380
"""A round's column is never wider, when few rounds are drawn."""
LANE = 240
"""The least width of a match box when a table's matches are drawn side by side."""
LABEL_SIZE = 22
"""Names and scores: 11 px on a phone."""
SMALL_SIZE = 19
"""A table's column headers, and notes."""
TITLE_SIZES = (28, 26, 24, 22)
LINE = 34
"""One side of a match box."""
BOX = 2 * LINE + 2
SLOT = BOX + 10
"""A match box and the space under it."""
NOTE = 30
"""A line saying what was left out."""
HEADING = 42
"""A round's, a table's or its matches' title."""
BAND = 38
"""A band's label, over the whole width."""
ROW = 34
"""A standings table's row."""


@dataclass(frozen=True, slots=True)
class MatchSide:
    """One side of a match: its name, its score once played (games won, or the marks of a
    one-game match) and whether it won."""

    name: str
    """``""`` while the side is not known yet (a knockout's later rounds)."""
    score: str = ""
    won: bool = False


@dataclass(frozen=True, slots=True)
class MatchBox:
    """A match as drawn: two sides, or one for a bye. Played once a side has won; else to
    play now (drawn highlighted, as next) once both sides are known, or waiting for them."""

    sides: tuple[MatchSide, ...]

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1

    @property
    def played(self) -> bool:
        return any(side.won for side in self.sides)

    @property
    def waiting(self) -> bool:
        return any(not side.name for side in self.sides)

    @property
    def next(self) -> bool:
        return not self.bye and not self.played and not self.waiting


@dataclass(frozen=True, slots=True)
class RoundColumn:
    """A round: its title and its matches in each of the picture's bands, in band order (a
    band the round has no match in may be left out at the end)."""

    title: str
    bands: tuple[tuple[MatchBox, ...], ...]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A standings line: its cells in the table's column order, the second the name;
    ``strong`` for a place that goes on (a pool's top two)."""

    cells: tuple[str, ...]
    strong: bool = False


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """Standings (a pool, the Swiss table): title, column headers, rows best first, and the
    matches of its round in play under it, with their title."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    matches_title: str = ""
    matches: tuple[MatchBox, ...] = ()


@dataclass(frozen=True, slots=True)
class BracketPicture:
    """What the picture shows, every word in the reader's language."""

    title: str
    """The header line: the tournament."""
    subtitle: str = ""
    """Under it: where the tournament is (matches to play, or its champion)."""
    next_word: str = "next"
    """The legend's word for the highlighted matches, and the alt text's."""
    bye_word: str = "bye"
    beat: str = "{winner} beat {loser}"
    """The alt text's sentence for a result, with ``{winner}`` and ``{loser}``."""
    earlier: str = "Earlier rounds not shown: {n}"
    """The header's note when rounds are left out, with ``{n}``."""
    more: str = "Not shown: {n}"
    """Where matches, rows or tables are left out for the height, with ``{n}``."""
    bands: tuple[str, ...] = ()
    """The bands' labels, top to bottom (``""``: no label); none, one unlabelled band."""
    columns: tuple[RoundColumn, ...] = ()
    """Every round, in order: :data:`COLUMNS` of them are drawn, from the round before the
    one in play (:func:`window`)."""
    tables: tuple[StandingsTable, ...] = ()
    tree: bool = False
    """Whether the rounds halve, each match fed by two of the round before (a knockout's
    bracket): its matches are then spread level with the two they follow."""


# ----- what fits ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """A round's matches in one band as drawn, and how many were left out."""

    matches: tuple[MatchBox, ...]
    hidden: int = 0

    @property
    def height(self) -> int:
        return len(self.matches) * SLOT + (NOTE if self.hidden else 0)


@dataclass(frozen=True, slots=True)
class ShownTable:
    """A table as drawn: its first ``rows`` rows, the rest left out."""

    table: StandingsTable
    rows: int
    width: float

    @property
    def hidden(self) -> int:
        return len(self.table.rows) - self.rows

    @property
    def lanes(self) -> int:
        """Its matches side by side, as many as the width holds, balanced."""
        count = len(self.table.matches)
        if not count:
            return 1
        most = max(1, int((self.width + GAP) // (LANE + GAP)))
        return math.ceil(count / math.ceil(count / most))

    @property
    def height(self) -> int:
        grid = HEADING + ROW * (1 + self.rows) + (NOTE if self.hidden else 0)
        count = len(self.table.matches)
        return grid + (HEADING + math.ceil(count / self.lanes) * SLOT if count else 0)


@dataclass(frozen=True, slots=True)
class Shown:
    """What the picture draws: the rounds shown and their cells (by column, then band), the
    tables by row of the grid they are laid in, what was left out, and the height."""

    earlier: int
    columns: tuple[RoundColumn, ...]
    cells: tuple[tuple[Cell, ...], ...]
    grid: tuple[tuple[ShownTable, ...], ...]
    tables_hidden: int
    header: int
    height: int

    @property
    def band_heights(self) -> tuple[int, ...]:
        return _band_heights(self.cells)


def layout(picture: BracketPicture) -> Shown:
    """What fits: the latest rounds, the tables, cut to :data:`MOST_HEIGHT`. The rounds are
    the news, so they keep at least half the height whatever the tables need."""
    header = _header_height(picture)
    room = MOST_HEIGHT - header - PAD
    start = window(picture.columns)
    columns = picture.columns[start:start + COLUMNS]
    count = max(len(picture.bands), 1)
    cells = [[Cell(column.bands[band] if band < len(column.bands) else ())
              for band in range(count)] for column in columns]
    grid = _grid(picture.tables)
    tables = _grid_height(grid)
    budget = room - min(tables + GAP if tables else 0, room // 2)
    shown_cells = _trim_columns(cells, picture.bands, budget)
    rounds = _columns_height(shown_cells, picture.bands)
    grid, hidden = _trim_tables(grid, room - rounds - (GAP if rounds else 0))
    tables = _grid_height(grid)
    height = header + GAP + tables + (GAP if tables and rounds else 0) + rounds + PAD
    return Shown(start, columns,
                 tuple(tuple(column) for column in shown_cells), grid, hidden, header,
                 max(height, header + 120))


def window(columns: tuple[RoundColumn, ...]) -> int:
    """The first round drawn: the one before the first with a match to play, so the latest
    results show beside the matches to play and the rounds waiting for them; the last
    :data:`COLUMNS` rounds when none is to play, or when the rounds after are fewer.

    >>> ahead, done = MatchBox((MatchSide("a"), MatchSide("b"))), MatchBox((MatchSide("a"),))
    >>> [window(tuple(RoundColumn("", ((box,),)) for box in boxes))
    ...  for boxes in ([done] * 6, [done, done, ahead, done, done, done], [done, ahead])]
    [3, 1, 0]
    """
    last = max(len(columns) - COLUMNS, 0)
    playing = [n for n, column in enumerate(columns)
               if any(match.next for band in column.bands for match in band)]
    return min(max(playing[0] - 1, 0), last) if playing else last


def _header_height(picture: BracketPicture) -> int:
    return 60 + (34 if _header_note(picture) else 0)


def _header_note(picture: BracketPicture) -> str:
    earlier = window(picture.columns)
    note = picture.earlier.format(n=earlier) if earlier > 0 else ""
    return " · ".join(part for part in (picture.subtitle, note) if part)


def _band_heights(cells: list[list[Cell]] | tuple[tuple[Cell, ...], ...]) -> tuple[int, ...]:
    if not cells:
        return ()
    return tuple(max(column[band].height for column in cells) for band in range(len(cells[0])))


def _columns_height(cells: list[list[Cell]], labels: tuple[str, ...]) -> int:
    """Titles, then each band that holds a match or a note, under its label if it has one."""
    heights = _band_heights(cells)
    if not any(heights):
        return 0
    return HEADING + sum(height + (BAND if band < len(labels) and labels[band] else 0)
                         for band, height in enumerate(heights) if height)


def _trim_columns(cells: list[list[Cell]], labels: tuple[str, ...],
                  budget: int) -> list[list[Cell]]:
    """The cells, cut down while they are taller than ``budget``: always in the tallest band,
    its tallest rounds losing a match each, so the bands shrink evenly."""
    while _columns_height(cells, labels) > budget:
        heights = _band_heights(cells)
        band = max(range(len(heights)), key=heights.__getitem__)
        cut = False
        for column in cells:
            if column[band].height == heights[band] and column[band].matches:
                column[band] = _dropped(column[band])
                cut = True
        if not cut:
            break
    return cells


def _dropped(cell: Cell) -> Cell:
    """The cell less one match: its last result (or bye) while it has one, then its last
    match waiting for its sides, so the matches to play stay longest."""
    matches = list(cell.matches)
    for kept in (lambda match: match.played or match.bye, lambda match: match.waiting,
                 lambda match: True):
        found = [index for index, match in enumerate(matches) if kept(match)]
        if found:
            del matches[found[-1]]
            break
    return Cell(tuple(matches), cell.hidden + 1)


def _grid(tables: tuple[StandingsTable, ...]) -> tuple[tuple[ShownTable, ...], ...]:
    """The tables two by two, or one over the whole width when it is alone."""
    across = 2 if len(tables) > 1 else 1
    width = (WIDTH - 2 * PAD - GAP * (across - 1)) / across
    shown = [ShownTable(table, len(table.rows), width) for table in tables]
    return tuple(tuple(shown[n:n + across]) for n in range(0, len(shown), across))


def _grid_height(grid: tuple[tuple[ShownTable, ...], ...]) -> int:
    rows = [max(table.height for table in row) for row in grid]
    return sum(rows) + GAP * max(len(rows) - 1, 0)


def _trim_tables(grid: tuple[tuple[ShownTable, ...], ...],
                 budget: int) -> tuple[tuple[tuple[ShownTable, ...], ...], int]:
    """The grid within ``budget``, and how many tables it left out: a lone table loses its
    last rows; a grid, its last rows of tables."""
    if len(grid) == 1 and len(grid[0]) == 1:
        table = grid[0][0]
        while table.rows and table.height > budget:
            table = ShownTable(table.table, table.rows - 1, table.width)
        return ((table,),), 0
    kept = list(grid)
    while kept and _grid_height(tuple(kept)) > budget:
        kept.pop()
    return tuple(kept), sum(len(row) for row in grid[len(kept):])


# ----- drawing ------------------------------------------------------------------------------


def draw_bracket(picture: BracketPicture) -> bytes:
    """The PNG of ``picture``: a pure function, so equal pictures give equal bytes."""
    shown = layout(picture)
    image = Image.new("RGB", (WIDTH, shown.height), FELT)
    draw = ImageDraw.Draw(image)
    _header(draw, picture, shown)
    y = shown.header + GAP
    for row in shown.grid:
        x: float = PAD
        for table in row:
            _table(draw, (x, y), table, picture.bye_word, picture.more)
            x += table.width + GAP
        y += max(table.height for table in row) + GAP
    if shown.tables_hidden:
        text_at(draw, (WIDTH / 2, y - GAP / 2), picture.more.format(n=shown.tables_hidden),
                font(SMALL_SIZE), MUTED, WIDTH - 2 * PAD, anchor="mm")
    if shown.columns and any(shown.band_heights):
        _rounds(draw, y, picture, shown)
    return png(image)


def _header(draw: ImageDraw.ImageDraw, picture: BracketPicture, shown: Shown) -> None:
    """The title and, at its right, the legend for the matches to play; the note under."""
    draw.rectangle((0, 0, WIDTH, shown.header - 1), fill=BAR)
    face = font(LABEL_SIZE, bold=True)
    right: float = WIDTH - PAD
    if any(match.next for match in _matches(shown)):
        word = min(draw.textlength(picture.next_word, font=face), 220)
        text_at(draw, (right, 30), picture.next_word, face, TURN, word, anchor="rm")
        right -= word + 12
        draw.rounded_rectangle((right - 34, 18, right, 42), 6, fill=TABLE, outline=TURN,
                               width=3)
        right -= 34 + 2 * PAD
    text_at(draw, (PAD, 30), picture.title, TITLE_SIZES, TEXT, right - PAD, anchor="lm",
            bold=True)
    note = _header_note(picture)
    if note:
        text_at(draw, (PAD, 74), note, font(LABEL_SIZE), MUTED, WIDTH - 2 * PAD, anchor="lm")


def _matches(shown: Shown) -> list[MatchBox]:
    """Every match drawn, the rounds' then the tables'."""
    rounds = [match for column in shown.cells for cell in column for match in cell.matches]
    return rounds + [match for row in shown.grid for table in row
                     for match in table.table.matches]


def _rounds(draw: ImageDraw.ImageDraw, top: float, picture: BracketPicture,
            shown: Shown) -> None:
    """The rounds side by side, their titles over them (the round in play's in the legend's
    colour), band under band; in each band a round's matches centred on the band's height."""
    count = len(shown.columns)
    width = min(WIDEST, (WIDTH - 2 * PAD - GAP * (count - 1)) / count)
    left = (WIDTH - count * width - GAP * (count - 1)) / 2
    xs = [left + n * (width + GAP) for n in range(count)]
    title = font(LABEL_SIZE, bold=True)
    for x, column, cells in zip(xs, shown.columns, shown.cells, strict=True):
        playing = any(match.next for cell in cells for match in cell.matches)
        text_at(draw, (x + width / 2, top + HEADING / 2), column.title, title,
                TURN if playing else TEXT, width, anchor="mm")
    y = top + HEADING
    for band, height in enumerate(shown.band_heights):
        if not height:
            continue
        label = picture.bands[band] if band < len(picture.bands) else ""
        if label:
            _band_label(draw, y, label)
            y += BAND
        spread = picture.tree and not any(cells[band].hidden for cells in shown.cells)
        for x, cells in zip(xs, shown.cells, strict=True):
            cell = cells[band]
            at = y + (height - cell.height) / 2
            for n, match in enumerate(cell.matches):
                if spread:
                    at = y + height * (n + 0.5) / len(cell.matches) - SLOT / 2
                _box(draw, (x, at), width, match, picture.bye_word)
                at += SLOT
            if cell.hidden:
                text_at(draw, (x + width / 2, at + NOTE / 2 - 6), picture.more.format(
                    n=cell.hidden), font(SMALL_SIZE), MUTED, width, anchor="mm")
        y += height


def _band_label(draw: ImageDraw.ImageDraw, y: float, label: str) -> None:
    """The band's name at the left and a rule across the rest of the width."""
    face = font(SMALL_SIZE, bold=True)
    middle = y + BAND / 2
    text_at(draw, (PAD, middle), label, face, MUTED, WIDTH / 2, anchor="lm")
    start = PAD + min(draw.textlength(label, font=face), WIDTH / 2) + 12
    draw.line((start, middle, WIDTH - PAD, middle), fill=RIM, width=2)


def _box(draw: ImageDraw.ImageDraw, xy: tuple[float, float], width: float, match: MatchBox,
         bye_word: str) -> None:
    """A match: a side a line, its score at the right. The winner is bright and bold, the
    loser pale; a match to play is ringed in the legend's colour; a bye says so pale; a match
    waiting for its sides is hollow."""
    x, y = xy
    outline, ring = (TURN, 3) if match.next else (RIM, 2)
    draw.rounded_rectangle((x, y, x + width, y + BOX), 8, fill=FELT if match.waiting else TABLE,
                           outline=outline, width=ring)
    draw.line((x + 8, y + 1 + LINE, x + width - 8, y + 1 + LINE), fill=RIM, width=1)
    lines = [(side.name, side.score, _emphasis(match, side)) for side in match.sides]
    if match.bye:
        lines.append((bye_word, "", "pale"))
    for n, (name, score, emphasis) in enumerate(lines):
        middle = y + 1 + LINE * n + LINE / 2
        colour = MUTED if emphasis == "pale" else TEXT
        face = font(LABEL_SIZE, bold=emphasis == "bold")
        room = width - 20
        if score:
            draw.text((x + width - 10, middle), score, font=face, fill=colour, anchor="rm")
            room -= draw.textlength(score, font=face) + 10
        text_at(draw, (x + 10, middle), name, face, colour, room, anchor="lm")


def _emphasis(match: MatchBox, side: MatchSide) -> str:
    if match.played:
        return "bold" if side.won else "pale"
    return "pale" if match.waiting else "plain"


def _table(draw: ImageDraw.ImageDraw, xy: tuple[float, float], shown: ShownTable,
           bye_word: str, more: str) -> None:
    """A standings table: its title, the column headers, a striped row a team (the places
    that go on in bold); then the matches of its round in play, in lanes."""
    x, y = xy
    table, width = shown.table, shown.width
    text_at(draw, (x, y + HEADING / 2), table.title, TITLE_SIZES[2:], TEXT, width,
            anchor="lm", bold=True)
    y += HEADING
    edges = _table_columns(draw, table, width)
    head = font(SMALL_SIZE, bold=True)
    for n, header in enumerate(table.headers):
        _cell(draw, edges, n, y, header, head, MUTED, x, bold=True)
    y += ROW
    for index, row in enumerate(table.rows[:shown.rows]):
        if index % 2 == 0:
            draw.rectangle((x, y, x + width, y + ROW - 1), fill=TABLE)
        for n, cell in enumerate(row.cells):
            colour = MUTED if n == 0 else TEXT
            face = (LABEL_SIZE, LABEL_SIZE - 2) if n == 1 else font(LABEL_SIZE)
            _cell(draw, edges, n, y, cell, face, colour, x, bold=row.strong)
        y += ROW
    if shown.hidden:
        text_at(draw, (x + width / 2, y + NOTE / 2), more.format(n=shown.hidden),
                font(SMALL_SIZE), MUTED, width, anchor="mm")
        y += NOTE
    if not table.matches:
        return
    playing = any(match.next for match in table.matches)
    text_at(draw, (x, y + HEADING / 2 + 2), table.matches_title, font(LABEL_SIZE, bold=True),
            TURN if playing else TEXT, width, anchor="lm")
    y += HEADING
    lanes = shown.lanes
    lane = (width - GAP * (lanes - 1)) / lanes
    for n, match in enumerate(table.matches):
        line, place = divmod(n, lanes)
        _box(draw, (x + place * (lane + GAP), y + line * SLOT), lane, match, bye_word)


def _table_columns(draw: ImageDraw.ImageDraw, table: StandingsTable,
                   width: float) -> list[tuple[float, float]]:
    """Each column's left and right edge from the table's left: the rank and the numbers as
    wide as their widest text, the name the rest."""
    head, body = font(SMALL_SIZE, bold=True), font(LABEL_SIZE)
    count = max(len(table.headers), *(len(row.cells) for row in table.rows), 2)
    widths = []
    for n in range(count):
        texts = [row.cells[n] for row in table.rows if n < len(row.cells)]
        header = table.headers[n] if n < len(table.headers) else ""
        widths.append(max([draw.textlength(header, font=head),
                           *(draw.textlength(text, font=body) for text in texts)]) + 12)
    widths[1] = max(width - sum(widths) + widths[1], 0)
    edges, left = [], 0.0
    for size in widths:
        edges.append((left, left + size))
        left += size
    return edges


def _cell(draw: ImageDraw.ImageDraw, edges: list[tuple[float, float]], n: int, y: float,
          text: str, face: ImageFont.FreeTypeFont | tuple[int, ...], colour: Colour, x: float,
          bold: bool = False) -> None:
    """One cell: the name left-aligned and cut to its column (a size smaller before it is
    cut), the others right-aligned."""
    left, right = edges[n]
    middle = y + ROW / 2
    if n == 1:
        text_at(draw, (x + left + 6, middle), text, face, colour, right - left - 10,
                anchor="lm", bold=bold)
    else:
        text_at(draw, (x + right - 6, middle), text, face, colour, right - left - 6,
                anchor="rm", bold=bold)


# ----- the text alternative -----------------------------------------------------------------


def bracket_alt(picture: BracketPicture) -> str:
    """What the picture shows, in the order a reader wants it: the header, the matches to
    play, the standings, then each round shown, the latest first, with its results."""
    shown = layout(picture)
    parts = [picture.title, _header_note(picture)]
    playing = [_pair(match) for match in _matches(shown) if match.next]
    if playing:
        parts.append(f"{picture.next_word}: {', '.join(playing)}")
    for row in shown.grid:
        parts.extend(_table_alt(picture, table) for table in row)
    if shown.tables_hidden:
        parts.append(picture.more.format(n=shown.tables_hidden))
    for column, cells in reversed(list(zip(shown.columns, shown.cells, strict=True))):
        said = []
        for band, cell in enumerate(cells):
            label = picture.bands[band] if band < len(picture.bands) else ""
            results = [_result(picture, match) for match in cell.matches
                       if match.played or match.bye]
            if cell.hidden:
                results.append(picture.more.format(n=cell.hidden))
            if results:
                said.append(f"{label}: {', '.join(results)}" if label else ", ".join(results))
        if said:
            parts.append(f"{column.title}: {'; '.join(said)}")
    return clip(". ".join(part for part in parts if part) + ".")


def _table_alt(picture: BracketPicture, shown: ShownTable) -> str:
    """A table's rows ("1. ana (P 3, W 2)") and its round's results."""
    table = shown.table
    rows = []
    for row in table.rows[:shown.rows]:
        facts = ", ".join(f"{header} {cell}"
                          for header, cell in zip(table.headers[2:], row.cells[2:], strict=False))
        rank, name = (*row.cells, "", "")[:2]
        rows.append(f"{rank}. {name} ({facts})" if facts else f"{rank}. {name}")
    if shown.hidden:
        rows.append(picture.more.format(n=shown.hidden))
    said = f"{table.title}: {'; '.join(rows)}"
    results = [_result(picture, match) for match in table.matches
               if match.played or match.bye]
    return f"{said}. {table.matches_title}: {', '.join(results)}" if results else said


def _pair(match: MatchBox) -> str:
    return " – ".join(side.name for side in match.sides)


def _result(picture: BracketPicture, match: MatchBox) -> str:
    """A result as the alt text says it, the winner's score first; a bye as such."""
    if match.bye:
        return f"{match.sides[0].name} ({picture.bye_word})"
    winner, loser = sorted(match.sides, key=lambda side: not side.won)
    said = picture.beat.format(winner=winner.name, loser=loser.name)
    return f"{said} {winner.score}–{loser.score}" if winner.score else said
