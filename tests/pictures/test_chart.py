"""The rating chart is a pure picture of its value, like the table's: a PNG of fixed size, the
same bytes for equal charts, drawn off the loop; the provisional games drawn apart, many games
thinned, and the alt text saying what the line does."""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.rating import BASE, PROVISIONAL_GAMES
from cogs.pictures import Pictures, RatingChart, RatingPoint, chart, chart_alt, draw_rating_chart
from cogs.pictures.canvas import MUTED, TURN, Colour
from cogs.pictures.chart import COLUMN, DOTS, SPAN, Plot, axis, layout, thinned
from cogs.pictures.render import drawer

SUMMARY = "Rating after each of {games} games: from {start} to {last}, highest {high}"


def rated(figures: list[int], dates: bool = False) -> RatingChart:
    """A member's history: their first games provisional, as the bot counts them."""
    points = tuple(RatingPoint(figure, played < PROVISIONAL_GAMES,
                               f"{(played - 1) % 28 + 1} Mar" if dates else "")
                   for played, figure in enumerate(figures, start=1))
    return RatingChart(points, "ana · Rating in 42", "provisional", SUMMARY)


def walk(games: int, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    figure, figures = float(BASE), []
    for _ in range(games):
        figure += rng.gauss(0.5, 14)
        figures.append(round(figure))
    return figures


FEW = [1548, 1521, 1570, 1602, 1583, 1611, 1640, 1618, 1625, 1655, 1612]
CHARTS = {"none": rated([]), "one": rated([1548]), "few": rated(FEW, dates=True),
          "many": rated(walk(300))}


def pixels(picture: bytes) -> Image.Image:
    return Image.open(io.BytesIO(picture)).convert("RGB")


def has(image: Image.Image, box: tuple[float, float, float, float], colour: Colour) -> bool:
    """Whether a pixel inside ``box`` is of ``colour``, give or take the palette's rounding."""
    region = image.crop(tuple(round(edge) for edge in box))
    return any(sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40
               for _, pixel in region.getcolors(region.width * region.height) or ())


def drawn_dashed(image: Image.Image, plot: Plot, first: int, last: int) -> bool:
    """Whether the line from game ``first`` to game ``last`` is pale and never solid."""
    (left, _), (right, _) = plot.at(first, plot.low), plot.at(last, plot.low)
    box = (left + 8, plot.top, right - 8, plot.bottom)
    return has(image, box, MUTED) and not has(image, box, TURN)


@pytest.mark.parametrize("name", CHARTS)
def test_a_chart_is_a_small_palette_png_800_by_360(name: str) -> None:
    picture = draw_rating_chart(CHARTS[name])
    assert picture.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(picture))
    assert (image.format, image.mode, image.size) == ("PNG", "P", (800, 360))
    assert len(picture) < 40_000


def test_equal_charts_built_apart_draw_byte_identical_pictures() -> None:
    one, other = rated(list(FEW), dates=True), rated(list(FEW), dates=True)
    assert one is not other and one == other and hash(one) == hash(other)
    assert pickle.loads(pickle.dumps(one)) == one
    assert draw_rating_chart(one) == draw_rating_chart(other)
    changed = rated([*FEW[:-1], FEW[-1] + 1], dates=True)
    assert draw_rating_chart(changed) != draw_rating_chart(one)


def test_pictures_draws_a_chart_once_in_another_process_as_here() -> None:
    few = CHARTS["few"]
    assert drawer(few) is draw_rating_chart
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        pictures = Pictures(executor=pool)
        first = asyncio.run(pictures.png(few))
        assert asyncio.run(pictures.png(rated(FEW, dates=True))) is first
    assert first == draw_rating_chart(few) and pictures.drawn == 1


def test_provisional_games_are_drawn_dashed_and_pale_the_others_solid() -> None:
    few = CHARTS["few"]
    image, plot = pixels(draw_rating_chart(few)), layout(few)
    assert [point.provisional for point in few.points][:5] == [True] * 4 + [False]
    assert drawn_dashed(image, plot, 0, 4)
    assert has(image, (plot.at(5, plot.low)[0] + 8, plot.top, plot.right - 8, plot.bottom),
               TURN)
    assert not has(image, (plot.at(5, plot.low)[0] + 8, plot.top, plot.right - 8, plot.bottom),
                   MUTED)


def test_the_dashed_line_check_can_fail() -> None:
    settled = RatingChart(tuple(RatingPoint(figure) for figure in FEW), "ana", "provisional",
                          SUMMARY)
    assert not drawn_dashed(pixels(draw_rating_chart(settled)), layout(settled), 0, 4)


def test_the_header_names_the_dashed_line_only_when_there_is_one() -> None:
    settled = RatingChart(tuple(RatingPoint(figure) for figure in FEW), "ana", "provisional",
                          SUMMARY)
    renamed = RatingChart(settled.points, "ana", "provvisorio", SUMMARY)
    assert draw_rating_chart(settled) == draw_rating_chart(renamed)
    few = CHARTS["few"]
    assert draw_rating_chart(few) != draw_rating_chart(
        RatingChart(few.points, few.title, "provvisorio", SUMMARY))


@pytest.mark.parametrize(("points", "colour"), [
    ((RatingPoint(1548, True), RatingPoint(1583)), TURN),
    ((RatingPoint(1548, True), RatingPoint(1583, True)), MUTED),
    ((RatingPoint(1548, True),), MUTED),
    ((), TURN)])
def test_the_last_figure_is_written_at_the_lines_end(points: tuple[RatingPoint, ...],
                                                     colour: Colour) -> None:
    """Beyond the line's box on the right, level with the last figure; pale while the member
    is still provisional."""
    shown = RatingChart(points, "ana", "provisional", SUMMARY)
    plot, image = layout(shown), pixels(draw_rating_chart(shown))
    x, y = plot.at(len(points), shown.figures[-1])
    assert x == plot.right
    assert has(image, (x + 14, y - 8, 800, y + 8), colour)
    other = MUTED if colour == TURN else TURN
    assert not has(image, (x + 14, y - 8, 800, y + 8), other)


def test_the_guide_at_1500_and_the_labels_at_round_figures() -> None:
    for shown in CHARTS.values():
        plot, image = layout(shown), pixels(draw_rating_chart(shown))
        assert plot.low <= BASE <= plot.high and (BASE - plot.low) % plot.step == 0
        y = round(plot.y(BASE))
        middle = round((plot.left + plot.right) / 2)
        assert has(image, (middle - 40, y - 1, middle - 20, y + 2), chart.GUIDE)


@given(st.lists(st.integers(0, 4000), min_size=1, max_size=40))
def test_the_y_axis_holds_every_figure_and_1500_in_round_steps(figures: list[int]) -> None:
    low, high, step = axis(figures)
    assert low <= min(figures) and max(figures) <= high and high - low >= SPAN
    assert (BASE - low) % step == 0 and (high - low) % step == 0
    assert 2 <= (high - low) // step <= 6
    assert str(step).rstrip("0") in ("1", "2", "25", "5")


def test_a_dot_per_game_while_few_then_the_line_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    dots: list[object] = []
    original = chart._dot

    def counted(*args: Any, **kwargs: Any) -> None:
        dots.append(args)
        original(*args, **kwargs)

    monkeypatch.setattr(chart, "_dot", counted)
    for games, expected in ((0, 2), (1, 3), (DOTS, DOTS + 2), (DOTS + 1, 1)):
        dots.clear()
        draw_rating_chart(rated(walk(games)))
        assert len(dots) == expected, games


def test_many_games_are_thinned_keeping_every_peak_and_the_provisional_ones() -> None:
    rng = random.Random(5)
    count = 100_000
    points = [(100 + 600 * n / count, rng.uniform(0, 500)) for n in range(count)]
    provisional = [n < 4 for n in range(count)]
    kept = thinned(points, provisional)
    columns = 600 // COLUMN + 1
    assert len(kept) <= 4 * columns
    assert kept == sorted(set(kept))
    lowest = min(range(count), key=lambda n: points[n][1])
    highest = max(range(count), key=lambda n: points[n][1])
    assert {0, 3, 4, count - 1, lowest, highest} <= set(kept)
    few = points[::count // 100]
    assert thinned(few, provisional[:len(few)]) == list(range(len(few)))


def test_drawing_thousands_of_games_draws_a_bounded_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed as the work done rather than the time taken: the vertices the line is drawn
    through stay a few per column of pixels however many games there are."""
    vertices: list[int] = []
    original = ImageDraw.ImageDraw.line

    def counted(self: ImageDraw.ImageDraw, xy: Any, *args: Any, **kwargs: Any) -> None:
        vertices.append(len(xy) if isinstance(xy[0], tuple) else len(xy) // 2)
        original(self, xy, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "line", counted)
    for games in (2_000, 20_000):
        vertices.clear()
        draw_rating_chart(rated(walk(games)))
        assert max(vertices) <= 4 * 800 // COLUMN, games


def texts_drawn(monkeypatch: pytest.MonkeyPatch, shown: RatingChart) -> list[str]:
    said: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recorded(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any,
                 **kwargs: Any) -> None:
        said.append(str(text))
        original(self, xy, text, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recorded)
        draw_rating_chart(shown)
    return said


def test_under_the_line_the_games_numbers_at_round_steps_or_their_dates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    numbers = {str(n) for n in range(1, 301)}
    many = texts_drawn(monkeypatch, CHARTS["many"])
    assert [text for text in many if text in numbers] == ["50", "100", "150", "200", "250",
                                                          "300"]
    dates = [text for text in texts_drawn(monkeypatch, CHARTS["few"]) if text.endswith("Mar")]
    assert dates[-1] == "11 Mar" and len(dates) >= 4 and len(set(dates)) == len(dates)


def test_dates_change_nothing_but_the_words_under_the_line() -> None:
    """Nothing else than the palette's rounding, which the other colours may shift a little."""
    undated = rated(FEW)
    changes = ImageChops.difference(pixels(draw_rating_chart(undated)),
                                    pixels(draw_rating_chart(CHARTS["few"])))
    box = changes.convert("L").point(lambda level: 255 if level > 24 else 0).getbbox()
    assert box is not None and box[1] > layout(undated).bottom


def test_alt_text_says_how_many_games_where_the_line_went_and_its_highest() -> None:
    figures = [1512, 1640, *[1600] * 20, 1612]
    assert chart_alt(rated(figures)) == (
        "ana · Rating in 42. Rating after each of 23 games: from 1500 to 1612, highest 1640.")
    one = RatingChart((RatingPoint(1452, True),), "", "provisional",
                      "{games} game, {provisional} provisional: {start} → {last}, low {low}")
    assert chart_alt(one) == "1 game, 1 provisional: 1500 → 1452, low 1452."
    none = RatingChart((), "bia", "provisional", "No rated game yet", start=1530)
    assert chart_alt(none) == "bia. No rated game yet."
    long = RatingChart((), "x" * 2000, "provisional", SUMMARY)
    assert len(chart_alt(long)) == 1024 and chart_alt(long).endswith("…")
