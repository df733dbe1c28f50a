"""A member's rating history as a small chart for ``/42 stats``: the shown figure after each
rated game, drawn as a line from where it started.

Like the table pictures it is a pure function of a frozen value (:class:`RatingChart` in, PNG
bytes out), so :class:`.render.Pictures` caches it and a process pool can draw it. Its words
come from the caller, already in the reader's language; the chart only draws them.

800 × 360 px, shown about 400 px wide on a phone, so the type is large. The games still
provisional (:data:`bot.rating.PROVISIONAL_GAMES`) are drawn dashed and paler, and named in
the header; a dot marks each game while there are few, a plain line draws many, and hundreds
of games are thinned to a few points per column of pixels, the column's extremes kept.

>>> chart = RatingChart((RatingPoint(1548, True), RatingPoint(1520, True)), "Rating",
...                     "provisional", "After {games} games: {start} to {last}, highest {high}")
>>> chart_alt(chart)
'Rating. After 2 games: 1500 to 1520, highest 1548.'
>>> draw_rating_chart(chart) == draw_rating_chart(chart)
True
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.rating import BASE

from .alt import clip
from .canvas import BAR, FELT, MUTED, TABLE, TEXT, TURN, Colour, font, png, text_at

WIDTH, HEIGHT = 800, 360
HEADER = 60
PAD = 16
SPAN = 100
"""The least range of figures the y axis covers."""
DOTS = 40
"""The most games drawn with a dot each; beyond, the line alone."""
COLUMN = 2
"""The pixels of a column the thinned line keeps at most four points of."""
SMOOTH = 2
"""The line is drawn this many times larger and shrunk onto the chart, so its slopes are
smooth."""
GUIDE: Colour = (120, 168, 140)
"""The line at 1500, where every member starts: between the grid's and the labels' colour."""
LABEL_SIZE = 22
"""The axes' type: 11 px on a phone."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The member's rating after one game."""

    figure: int
    """The shown figure (:attr:`bot.rating.Rating.shown`)."""
    provisional: bool = False
    """Whether the figure was still provisional after this game."""
    label: str = ""
    """The game's date, short, as the caller writes dates (``"12 Mar"``), or ``""``."""


@dataclass(frozen=True, slots=True)
class RatingChart:
    """What the chart shows: the figure after each game in the order they were played, from
    the figure before the first of them, with its words."""

    points: tuple[RatingPoint, ...]
    title: str
    """The header line: whose rating, in which kind of game."""
    provisional: str
    """The header's word for the dashed line, shown when some game was provisional."""
    summary: str
    """The alt text's sentence, with ``{games}`` (its plural form chosen by the caller for
    ``len(points)``), ``{start}``, ``{last}``, ``{high}``, ``{low}`` and ``{provisional}``
    (how many games were provisional) to fill in."""
    start: int = BASE
    """The figure before the first game shown: 1500 for a member's whole history."""

    @property
    def figures(self) -> tuple[int, ...]:
        """Every figure the line passes through, the start first."""
        return (self.start, *(point.figure for point in self.points))


def chart_alt(chart: RatingChart) -> str:
    """The title and the summary sentence: how many games, where the line starts and ends,
    its highest and lowest figure."""
    figures = chart.figures
    summary = chart.summary.format(
        games=len(chart.points), start=figures[0], last=figures[-1], high=max(figures),
        low=min(figures), provisional=sum(point.provisional for point in chart.points))
    return clip(". ".join(part for part in (chart.title, summary) if part) + ".")


@dataclass(frozen=True, slots=True)
class Plot:
    """The box the line is drawn in, and the figures at its top and bottom."""

    left: float
    top: float
    right: float
    bottom: float
    low: int
    high: int
    step: int
    """Between the y axis's labels."""
    games: int

    def moved(self, top: float, scale: int) -> Plot:
        """The same box on a canvas that starts at ``top`` and is ``scale`` times larger."""
        return dataclasses.replace(self, left=self.left * scale, right=self.right * scale,
                                   top=(self.top - top) * scale,
                                   bottom=(self.bottom - top) * scale)

    def at(self, game: int, figure: int) -> Point:
        """Where the figure after ``game`` (0: the start) is drawn: the last at the right end,
        even with no game."""
        x = self.right - (self.right - self.left) * (self.games - game) / max(self.games, 1)
        return (x, self.y(figure))

    def y(self, figure: float) -> float:
        share = (figure - self.low) / (self.high - self.low)
        return self.bottom - (self.bottom - self.top) * share


def axis(figures: Sequence[int]) -> tuple[int, int, int]:
    """The lowest and highest figure on the y axis and the step between its labels: 1500 and
    round steps from it, up to seven labels, at least :data:`SPAN` apart so that a first
    game's few points do not look like a leap.

    >>> axis([1500, 1548, 1612]), axis([1500, 1548]), axis([1380, 1500, 1990])
    ((1500, 1620, 20), (1460, 1580, 20), (1300, 2100, 200))
    """
    low, high = min(*figures, BASE) - BASE, max(*figures, BASE) - BASE
    widen = max(0, SPAN - (high - low)) / 2
    low, high = math.floor(low - widen), math.ceil(high + widen)
    step = next(step for step in _round_steps((10, 20, 25, 50))
                if math.ceil(high / step) - math.floor(low / step) <= 6)
    return BASE + math.floor(low / step) * step, BASE + math.ceil(high / step) * step, step


def _round_steps(units: tuple[int, ...]) -> Iterator[int]:
    """The units, then ten times them, and so on."""
    return (unit * 10**power for power in itertools.count() for unit in units)


def draw_rating_chart(chart: RatingChart) -> bytes:
    """The PNG of ``chart``: a pure function, so equal charts give equal bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER - 1), fill=BAR)
    provisional = any(point.provisional for point in chart.points)
    legend_left = _legend(draw, chart.provisional) if provisional else WIDTH - PAD
    text_at(draw, (PAD, HEADER / 2), chart.title, (28, 26, 24, 22), TEXT,
            legend_left - 2 * PAD, anchor="lm", bold=True)
    plot = layout(chart)
    _grid(draw, plot)
    _games(draw, plot, chart.points)
    _line(image, plot, chart)
    _last(draw, plot, chart)
    return png(image)


def layout(chart: RatingChart) -> Plot:
    """The line's box: the y labels on its left, the last figure's label on its right."""
    low, high, step = axis(chart.figures)
    labels = font(LABEL_SIZE, bold=True)
    widest = max(labels.getlength(str(figure)) for figure in range(low, high + 1, step))
    last = font(28, bold=True).getlength(str(chart.figures[-1]))
    return Plot(left=PAD + widest + 14, top=HEADER + 24, right=WIDTH - PAD - last - 18,
                bottom=HEIGHT - 44, low=low, high=high, step=step, games=len(chart.points))


def _legend(draw: ImageDraw.ImageDraw, word: str) -> float:
    """The dashed line and its word at the header's right; the x where they start."""
    face = font(LABEL_SIZE, bold=True)
    right, middle = WIDTH - PAD, HEADER / 2
    shown = min(draw.textlength(word, font=face), 260)
    text_at(draw, (right, middle), word, face, MUTED, shown, anchor="rm")
    sample = right - shown - 12
    _dashed(draw, [(sample - 40, middle), (sample, middle)], MUTED, 3)
    return sample - 40


def _grid(draw: ImageDraw.ImageDraw, plot: Plot) -> None:
    """A line and a label at each round figure; 1500, where everyone starts, stands out."""
    for figure in range(plot.low, plot.high + 1, plot.step):
        y = plot.y(figure)
        guide = figure == BASE
        draw.line((plot.left, y, plot.right, y), fill=GUIDE if guide else TABLE,
                  width=2 if guide else 1)
        draw.text((plot.left - 12, y), str(figure), font=font(LABEL_SIZE, bold=guide),
                  fill=TEXT if guide else MUTED, anchor="rm")


def _games(draw: ImageDraw.ImageDraw, plot: Plot, points: tuple[RatingPoint, ...]) -> None:
    """Under the line, as many as fit of the games' dates where the caller gave them, evenly
    spread and the last among them; else the games' numbers at round steps."""
    if not points:
        return
    face = font(LABEL_SIZE)
    dated = any(point.label for point in points)
    labels = {point.label for point in points} if dated else {str(len(points))}
    room = max(draw.textlength(label, font=face) for label in labels) + 28
    slots = max(1, int((plot.right - plot.left + room / 2) / room))
    if dated:
        last = len(points) - 1
        shown = sorted({round(last - n * last / max(slots - 1, 1))
                        for n in range(min(slots, len(points)))})
    else:
        step = next(step for step in _round_steps((1, 2, 5)) if len(points) // step <= slots)
        shown = list(range(step - 1, len(points), step))
    for index in shown:
        x, _ = plot.at(index + 1, plot.low)
        text = points[index].label if dated else str(index + 1)
        draw.text((x, plot.bottom + 12), text, font=face, fill=MUTED, anchor="ma")


def _line(image: Image.Image, plot: Plot, chart: RatingChart) -> None:
    """The figure's line (:func:`_trace`), drawn larger and shrunk onto the chart."""
    box = (0, HEADER, WIDTH, HEIGHT)
    large = image.crop(box).resize((WIDTH * SMOOTH, (HEIGHT - HEADER) * SMOOTH),
                                   Image.Resampling.NEAREST)
    _trace(ImageDraw.Draw(large), plot.moved(HEADER, SMOOTH), chart)
    image.paste(large.reduce(SMOOTH), box[:2])


def _last(draw: ImageDraw.ImageDraw, plot: Plot, chart: RatingChart) -> None:
    """The last figure beside the line's end, pale while provisional."""
    figures = chart.figures
    x, y = plot.at(len(figures) - 1, figures[-1])
    colour = MUTED if chart.points and chart.points[-1].provisional else TURN
    draw.text((x + 14, min(max(y, plot.top), plot.bottom)), str(figures[-1]),
              font=font(28, bold=True), fill=colour, anchor="lm")


def _trace(draw: ImageDraw.ImageDraw, plot: Plot, chart: RatingChart) -> None:
    """The line through the figures, dashed and pale while provisional, with a dot per game
    while there are few and one at its end; on a canvas :data:`SMOOTH` times larger."""
    points = [plot.at(game, figure) for game, figure in enumerate(chart.figures)]
    provisional = [point.provisional for point in chart.points[:1] + chart.points]
    kept = thinned(points, provisional or [False])
    for dashed, run in itertools.groupby(itertools.pairwise(kept),
                                         key=lambda pair: provisional[pair[1]]):
        segments = list(run)
        line = [points[segments[0][0]], *(points[end] for _, end in segments)]
        if dashed:
            _dashed(draw, line, MUTED, 3 * SMOOTH)
        else:
            draw.line(line, fill=TURN, width=4 * SMOOTH, joint="curve")
    if len(chart.points) <= DOTS:
        _dot(draw, points[0], 4 * SMOOTH, MUTED)
        for point, centre in zip(chart.points, points[1:], strict=True):
            colour = MUTED if point.provisional else TURN
            _dot(draw, centre, 6 * SMOOTH, colour, hollow=point.provisional)
    last = chart.points[-1].provisional if chart.points else False
    _dot(draw, points[-1], 7 * SMOOTH, MUTED if last else TURN)


def thinned(points: Sequence[Point], provisional: Sequence[bool]) -> list[int]:
    """The indices of the points to draw: all of them while there are fewer than the plot's
    columns; else in each :data:`COLUMN` of pixels its first, lowest, highest and last point,
    so no peak is lost, the provisional games kept apart from the others."""
    if len(points) * COLUMN * SMOOTH <= points[-1][0] - points[0][0]:
        return list(range(len(points)))
    kept: list[int] = []
    width = COLUMN * SMOOTH
    columns = itertools.groupby(range(len(points)),
                                key=lambda n: (int(points[n][0] // width), provisional[n]))
    for _, column in columns:
        indices = list(column)
        ends = (indices[0], indices[-1], min(indices, key=lambda n: points[n][1]),
                max(indices, key=lambda n: points[n][1]))
        kept.extend(sorted(set(ends)))
    return kept


def _dashed(draw: ImageDraw.ImageDraw, line: Sequence[Point], fill: Colour, width: int) -> None:
    """A dashed line through ``line``, the dashes running on across its corners; dashes and
    gaps as long as 3 and 2 widths."""
    dash, gap = 3 * width, 2 * width
    along = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        length = math.hypot(x1 - x0, y1 - y0)
        start = -along
        while start < length:
            a, b = max(start, 0.0), min(start + dash, length)
            if b > a:
                draw.line((x0 + (x1 - x0) * a / length, y0 + (y1 - y0) * a / length,
                           x0 + (x1 - x0) * b / length, y0 + (y1 - y0) * b / length),
                          fill=fill, width=width)
            start += dash + gap
        along = (along + length) % (dash + gap)


def _dot(draw: ImageDraw.ImageDraw, centre: Point, radius: int, colour: Colour,
         hollow: bool = False) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius),
                 fill=FELT if hollow else colour, outline=colour if hollow else FELT,
                 width=radius // 3)
