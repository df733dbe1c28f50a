"""Pictures are pure functions of their scene: deterministic, small, PNG, cached, poolable; and
they mark what their scene says (the tile winning the trick, the marks in tally strokes)."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import itertools
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw
from PIL.ImageFont import FreeTypeFont

from bot.i18n import led_name, translations
from cogs.pictures import (
    ENGLISH,
    HandScene,
    Pictures,
    SeatPlace,
    SideRow,
    TableScene,
    Tile,
    TileGroup,
    Words,
    canvas,
    dominoes,
    draw_hand,
    draw_table,
    hand_alt,
    hand_scene,
    table,
    table_alt,
    table_scene,
    tally,
)
from cogs.pictures.canvas import TEXT, drawable, fit, font, largest
from cogs.pictures.hand import tile_width
from cogs.pictures.render import drawer
from cogs.pictures.samples import (
    NAMES as SAMPLE_NAMES,
)
from cogs.pictures.samples import (
    SAMPLES,
    hand_picture_scene,
    scene_of,
)
from cogs.pictures.table import LABEL, NAME_SIZES, PAD, layout
from engine import VARIANTS, Game, Variant, observe
from engine.seats import FOUR_SEATS

from .helpers import NAMES, playout

MAX_BYTES = 60_000
HEIGHTS = {3: 740, 4: 720, 6: 760, 8: 760}
"""The table picture's height by seats: the larger tables' score boards hold more; 42's own
picture keeps its 600."""


@pytest.fixture(scope="module")
def samples() -> dict[str, TableScene | HandScene]:
    return {sample.name: sample.make() for sample in SAMPLES}


def test_equal_scenes_built_apart_draw_byte_identical_pictures() -> None:
    for game in list(playout("same"))[::9]:
        one = table_scene(observe(game, None), NAMES)
        other = table_scene(observe(game, None), tuple(NAMES))
        assert one is not other and one == other and hash(one) == hash(other)
        assert draw_table(one) == draw_table(other)


def test_a_change_anyone_can_see_changes_the_picture() -> None:
    """Determinism is not constancy: the next action, a name, the turn all redraw."""
    states = list(playout("change"))[:12]
    pictures = {draw_table(table_scene(observe(game, None), NAMES)) for game in states}
    assert len(pictures) == len(states)
    game = states[0]
    renamed = ("ana", "bia", "caio", "someone else")
    assert draw_table(table_scene(observe(game, None), renamed)) != draw_table(
        table_scene(observe(game, None), NAMES))


def test_pictures_are_the_same_in_another_process(
        samples: dict[str, TableScene | HandScene]) -> None:
    """A fresh process (as the bot's pool starts them) with the shipped font draws the same
    bytes, and a scene travels there and back by pickling."""
    scenes = [scene for name, scene in samples.items() if name.startswith(("84", "moon", "72"))]
    scenes.append(samples["hand"])
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        there = [pool.submit(drawer(scene), scene) for scene in scenes]
        assert [future.result() for future in there] == [drawer(s)(s) for s in scenes]


def test_every_sample_is_a_small_palette_png_800_wide(
        samples: dict[str, TableScene | HandScene]) -> None:
    for name, scene in samples.items():
        picture = drawer(scene)(scene)
        assert picture.startswith(b"\x89PNG\r\n\x1a\n"), name
        assert len(picture) <= MAX_BYTES, name
        image = Image.open(io.BytesIO(picture))
        assert (image.format, image.mode, image.size[0]) == ("PNG", "P", 800), name
        if isinstance(scene, TableScene):
            forty_two = scene.dealt == 28 and len(scene.seats) == 4
            assert image.size[1] == (600 if forty_two else HEIGHTS[len(scene.seats)]), name


def test_every_variant_has_samples_of_its_table_and_of_a_hand(
        samples: dict[str, TableScene | HandScene]) -> None:
    for name, variant in VARIANTS.items():
        for kind in ("mid-hand", "end-of-hand"):
            scene = samples[f"{name}-{kind}"]
            assert isinstance(scene, TableScene) and len(scene.seats) == variant.seating.count
        hand = samples[f"{name}-hand"]
        assert isinstance(hand, HandScene) and len(hand.tiles) == variant.hand_size - 1
    assert len(samples["big-leftover-hand"].tiles) == 11  # type: ignore[union-attr]
    assert len(samples["72-leftover-hand"].tiles) == 12  # type: ignore[union-attr]
    assert any(tile.high == 9 for tile in samples["140-mid-hand"].tiles)  # type: ignore[union-attr]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_random_states_all_draw_within_the_size_budget(variant: Variant) -> None:
    for game in list(itertools.islice(playout("budget", variant), 400))[::20]:
        assert len(draw_table(scene_of(game))) <= MAX_BYTES


@pytest.mark.parametrize("seats", [3, 6, 8])
def test_no_two_seats_or_trick_tiles_overlap(seats: int) -> None:
    """Every seat's card, and every trick tile, has a place of its own inside the table (at
    42's table, as it has always been drawn, a trick tile touches its seat's card)."""
    at = layout(seats)
    w, h = at.plate
    cards = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in at.seats]
    tiles = []
    for (x, y), across in at.tricks:
        long, short = 2 * at.tile + 4, at.tile + 4
        dx, dy = (long, short) if across else (short, long)
        tiles.append((x - dx / 2, y - dy / 2, x + dx / 2, y + dy / 2))
    boxes = cards + tiles
    for n, one in enumerate(boxes):
        assert one[0] >= 0 and one[2] <= 800 and one[1] >= 78 and one[3] <= at.board
        for other in boxes[n + 1:]:
            apart = (one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1]
                     or other[3] <= one[1])
            assert apart, (one, other)


def test_the_hand_picture_keeps_dealt_order_and_marks_the_legal_tiles() -> None:
    scene = hand_picture_scene()
    game = next(g for g in playout("hand:marks") if g.hand.trick and g.to_act is not None)
    assert game.to_act is not None
    seen = observe(game, game.to_act)
    built = hand_scene(seen)
    assert [(t.high, t.low) for t in built.tiles] == [(d.high, d.low) for d in seen.hand]
    assert built.playable is not None
    legal = {str(action) for action in seen.legal}
    assert [f"play:{d}" in legal for d in seen.hand] == list(built.playable)
    image = Image.open(io.BytesIO(draw_hand(scene)))
    assert image.size[0] == 800 and image.format == "PNG"
    to_act = game.to_act
    waiting = next(s for s in (FOUR_SEATS.next_of[to_act], FOUR_SEATS.partner(to_act))
                   if observe(game, s).hand)
    assert hand_scene(observe(game, waiting)).playable is None


def test_trumps_and_counters_are_marked_as_the_rules_say() -> None:
    game = next(g for g in playout("marks:trump") if g.hand.trick and g.hand.tricks)
    seen = observe(game, None)
    assert seen.trump is not None
    scene = table_scene(seen, NAMES)
    for tile in scene.tiles:
        assert tile.count == {(5, 0): 5, (4, 1): 5, (3, 2): 5, (6, 4): 10, (5, 5): 10}.get(
            (tile.high, tile.low), 0)
        if seen.trump <= 6:
            assert tile.trump == (seen.trump in (tile.high, tile.low))


def test_alt_text_names_the_trick_and_stays_within_discord_limits() -> None:
    game = next(g for g in playout("alt") if len(g.hand.trick) == 3)
    scene = table_scene(observe(game, None), NAMES)
    text = table_alt(scene)
    for _, tile in game.hand.trick:
        assert tile.label in text
    assert len(text) <= 1024
    hand = hand_picture_scene()
    assert all(tile.label in hand_alt(hand) for tile in hand.tiles)
    crowded = TableScene(
        seats=tuple(SeatPlace(f"player {n}" * 5, "seat", 0) for n in range(8)),
        sides=(SideRow("side", "0", "", (tuple(Tile(9, n) for n in range(10)),) * 20),),
        headline="headline")
    assert len(table_alt(crowded)) == 1024


def test_a_hand_of_ten_to_twelve_tiles_is_drawn_in_two_rows_of_large_tiles() -> None:
    """Nine tiles still fit one row at 72 px; from ten the hand takes two rows at 88 px, so
    that at half size on a phone every tile stays at least 36 px wide."""
    assert tile_width(7) == 88 and tile_width(9) >= 72
    heights = {}
    for count in (7, 9, 10, 12):
        scene = HandScene("title", "", tuple(Tile(6, n % 7) for n in range(count)), None)
        heights[count] = Image.open(io.BytesIO(draw_hand(scene))).size[1]
    row = 2 * 88 + 10 + 22  # two tile lengths, the lift of a playable tile, its bar
    assert heights[7] > heights[9] and heights[10] == heights[12] == heights[7] + row
    with pytest.raises(ValueError, match="12 tiles"):
        HandScene("title", "", (Tile(1, 1),) * 13, None)


def test_the_owners_own_leftover_and_discards_are_drawn_under_the_hand() -> None:
    tiles = tuple(Tile(6, n) for n in range(7))
    plain = HandScene("title", "", tiles, None)
    aside = HandScene("title", "", tiles, None,
                      aside=(TileGroup("Discarded", (Tile(5, 5),), dim=True),))
    drawn = HandScene("title", "", tiles, None, drawn=(False,) * 6 + (True,),
                      drawn_label="Widow")
    pictures = [Image.open(io.BytesIO(draw_hand(scene))) for scene in (plain, aside, drawn)]
    assert pictures[1].size[1] > pictures[0].size[1] == pictures[2].size[1]
    assert draw_hand(drawn) != draw_hand(plain)
    assert hand_alt(aside).endswith("Discarded: [5|5].")
    assert hand_alt(drawn).endswith("Widow: [6|6].")


def test_scenes_refuse_what_cannot_be_drawn() -> None:
    with pytest.raises(ValueError):
        Tile(10, 1)
    with pytest.raises(ValueError):
        Tile(2, 3)
    with pytest.raises(ValueError):
        TableScene(seats=(SeatPlace("a", "", 1),) * 4, sides=(SideRow("x", "", "", ()),),
                   headline="")
    with pytest.raises(ValueError):
        HandScene("", "", (Tile(1, 1),), (True, False))


def test_words_come_translated_from_the_callers_catalog() -> None:
    shouted = ENGLISH.translated(str.upper)
    assert shouted.seats == ("NORTH", "EAST", "SOUTH", "WEST") and shouted.hand == "HAND {HAND}"
    assert shouted.marks_text(2) == "2 marks"  # counts go through the plural look-up only
    assert shouted.leftover == shouted.discarded == ""  # the table's own, handed in later
    table = shouted.for_table(seats=("Vermelho 1", "Azul 1"), sides=("Vermelho", "Azul"),
                              leftover="Monte", discarded="Descartadas")
    assert (table.seats, table.sides, table.leftover, table.hand) == (
        ("Vermelho 1", "Azul 1"), ("Vermelho", "Azul"), "Monte", "HAND {HAND}")
    catalog = translations("pt-BR")
    words = Words().translated(catalog.gettext, catalog.ngettext)
    game = next(g for g in playout("words") if g.hand.trick and g.hand_number > 1)
    seen = observe(game, None)
    scene = table_scene(seen, NAMES, words)
    assert scene.trick == f"Vaza {seen.trick_number}"
    assert scene.seats[0].subtitle.startswith("Norte")
    assert words.marks_text(0) == "0 marca" and words.marks_text(2) == "2 marcas"  # pt-BR: n > 1


async def test_pictures_draw_a_scene_once_and_forget_the_oldest() -> None:
    scenes = [table_scene(observe(game, None), NAMES) for game in list(playout("cache"))[:3]]
    with ThreadPoolExecutor(1) as pool:
        pictures = Pictures(size=2, executor=pool)
        first = await pictures.png(scenes[0])
        again = await pictures.png(table_scene(observe(Game.new("cache"), None), NAMES))
        assert again is first and pictures.drawn == 1
        await asyncio.gather(pictures.png(scenes[1]), pictures.png(scenes[2]))
        assert pictures.cached(scenes[0]) is None and pictures.drawn == 3
        assert await pictures.png(hand_picture_scene()) == draw_hand(hand_picture_scene())


def test_characters_the_font_lacks_are_left_out_rather_than_drawn_as_boxes() -> None:
    assert drawable("🤖 Bot") == "Bot"
    assert drawable("Zoë · ana ★") == "Zoë · ana ★"
    game = Game.new("emoji")
    robot = ("🤖 Bot", "bia", "caio", "davi")
    plain = ("Bot", "bia", "caio", "davi")
    assert draw_table(table_scene(observe(game, None), robot)) == draw_table(
        table_scene(observe(game, None), plain))
    assert "🤖" in table_alt(table_scene(observe(game, None), robot))


def changed(one: TableScene, other: TableScene) -> tuple[int, int, int, int] | None:
    """Where the pictures of two scenes differ more than their palettes do."""
    pictures = [Image.open(io.BytesIO(draw_table(s))).convert("RGB") for s in (one, other)]
    return ImageChops.difference(*pictures).convert("L").point(lambda v: 255 * (v > 60)).getbbox()


def test_the_tile_winning_the_trick_wears_a_star_on_its_corner_unlike_a_won_tricks_ring() -> None:
    """R-WIN: the star is drawn on the winning tile and nowhere else (the words aside), and a
    won trick's winner is marked otherwise."""
    game = next(g for g in playout("star") if len(g.hand.trick) == 2)
    scene = table_scene(observe(game, None), NAMES)
    winning = next(n for n, seat in enumerate(scene.seats) if seat.winning)
    plain = dataclasses.replace(scene, seats=tuple(
        dataclasses.replace(seat, winning=False) for seat in scene.seats))
    ringed = dataclasses.replace(plain, seats=tuple(
        dataclasses.replace(seat, won=n == winning) for n, seat in enumerate(plain.seats)))
    assert len({draw_table(one) for one in (scene, plain, ringed)}) == 3
    box = changed(scene, plain)
    at = layout(4)
    (x, y), _ = at.tricks[winning]
    assert box is not None
    assert x - 2 * at.tile <= box[0] and box[2] <= x + 2 * at.tile
    assert y - 2 * at.tile <= box[1] and box[3] <= y + 2 * at.tile


def test_alt_text_says_who_led_what_and_which_tile_is_winning() -> None:
    game = next(g for g in playout("alt:winning") if len(g.hand.trick) == 2)
    seen = observe(game, None)
    assert seen.winning is not None
    scene = table_scene(seen, NAMES)
    label = dict(seen.trick)[seen.winning].label
    assert scene.lead.endswith(" led " + led_name(None, seen.led))  # type: ignore[arg-type]
    assert (f"Trick {seen.trick_number} · {scene.lead} · {scene.winning} ({label}): ana (North"
            in table_alt(scene))


def test_marks_are_kept_in_tally_strokes_one_a_mark_seven_spelling_ALL() -> None:
    """Each mark adds a stroke; the eighth begins a second ALL past a gap; a stroke is at
    least 4 px thick, 2 on a phone."""
    inks = [sum(alpha > 128 for alpha in tally.strokes(n, 24, TEXT).getchannel("A").tobytes())
            for n in range(15)]
    assert inks[0] == 0 and all(a < b for a, b in itertools.pairwise(inks))
    assert tally.width(8, 24) - tally.width(7, 24) > tally.GAP * 24
    upright = tally.strokes(4, 24, TEXT)  # the A, then the first L's upright at the right
    middle = upright.getchannel("A").crop((upright.width - 14, upright.height // 2,
                                           upright.width, upright.height // 2 + 1))
    assert sum(alpha > 128 for alpha in middle.tobytes()) >= 4


@pytest.mark.parametrize("marks", [1, 4, 7, 9, 13])
def test_a_marks_games_score_rows_draw_the_strokes_and_keep_the_number(marks: int) -> None:
    """R-GAME: the strokes are drawn in the side's row, left of its captured tiles; the alt
    text, like the scene's words, still says the number."""
    game = next(g for g in playout("tally") if len(g.hand.tricks) == 2 and not g.hand.trick)
    scene = table_scene(observe(game, None), NAMES)
    score = ENGLISH.marks_text(marks)
    rows = [dataclasses.replace(scene.sides[0], score=score, marks=None), *scene.sides[1:]]
    words = dataclasses.replace(scene, sides=tuple(rows))
    rows[0] = dataclasses.replace(rows[0], marks=marks)
    strokes = dataclasses.replace(scene, sides=tuple(rows))
    box = changed(strokes, words)
    at = layout(4)
    assert box is not None and box[0] >= PAD and box[2] <= PAD + LABEL
    assert at.board < box[1] and box[3] < at.board + (at.height - at.board) / 2
    assert table_alt(strokes) == table_alt(words) and f"{score}, " in table_alt(strokes)


@pytest.mark.parametrize(("name", "width", "shown"), [
    ("Maximiliano Albuquerque Monteiro", 172, "Maximiliano…"),
    ("Maximiliano Albuquerque Monteiro", 300, "Maximiliano Albuquerque…"),
    ("Maximiliano Albuquerque Monteiro", 100, "Maximi…"),
    ("caio_the_magnificent_player", 172, "caio_the…"),
    ("ana - bia", 90, "ana…"),
    ("Maximilianoalbuquerque", 172, "Maximilianoal…"),
    ("Davi", 172, "Davi"),
])
def test_a_long_name_is_cut_after_its_last_whole_word_that_fits(name: str, width: int,
                                                                  shown: str) -> None:
    """Only a first word too long for the card is cut within it, and no separator is left
    dangling before the ellipsis."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    assert fit(draw, name, font(19, bold=True), width) == shown


def test_a_long_name_is_drawn_smaller_before_it_is_cut_but_no_smaller_than_its_cut_needs() -> None:
    """A name that fits a smaller type is drawn whole in it; one cut at its first word is
    drawn as large as that word allows; one without separators, in the smallest type, keeps the
    most letters."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    assert largest(draw, "Bia Souza", NAME_SIZES, 120, True).size == 21
    assert largest(draw, "Maximiliano Albuquerque Monteiro", NAME_SIZES, 172, True).size == 21
    assert largest(draw, "Maximilianoalbuquerque", NAME_SIZES, 200, True).size == 19


@pytest.mark.parametrize("locale", [None, "pt-BR", "it"])
def test_every_samples_words_fit_in_every_language(locale: str | None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a member's name may be shortened: every word of the bot's own is drawn whole, at
    every number of seats, in English, Brazilian Portuguese and Italian."""
    cut: list[str] = []

    def watched(draw: ImageDraw.ImageDraw, text: str, face: FreeTypeFont, width: float) -> str:
        shown = fit(draw, text, face, width)
        if shown != text and not any(name in text for name in SAMPLE_NAMES):
            cut.append(text)
        return shown

    monkeypatch.setattr(canvas, "fit", watched)
    monkeypatch.setattr(table, "fit", watched)
    for sample in SAMPLES:
        scene = sample.make(locale=locale)
        drawer(scene)(scene)
        assert not cut, (sample.name, cut)


def test_the_dealer_is_said_beside_the_seat_where_it_fits_else_wears_a_chip() -> None:
    """At 42's table "East · dealer" fits the card; at eight seats in Portuguese the word
    would be cut, so the seat wears a chip with its initial, which the legend names; the alt
    text says the word either way."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for variant, locale, chipped in ((VARIANTS["42"], None, False),
                                     (VARIANTS["84"], "pt-BR", True)):
        game = Game.new("dealer", variant=variant)
        scene = scene_of(game, locale)
        dealer = scene.seats[game.hand.deal.dealer]
        assert dealer.dealer and sum(bool(seat.dealer) for seat in scene.seats) == 1
        at = layout(len(scene.seats), scene.dealt)
        assert table._chipped(draw, dealer, at, scene.look) is chipped
        assert f"({dealer.subtitle} · {dealer.dealer})" in table_alt(scene)


@pytest.mark.parametrize("end", range(1, 10))
def test_the_7_8_and_9_pips_of_the_larger_sets_have_colours_of_their_own(end: int) -> None:
    """Each pip of an end is drawn in its number's colour: black up to 6, so 42's tiles stay as
    they were, and 7, 8 and 9 each in their own."""
    width = 40
    sprite = dominoes.sprite(Tile(end, 0), width)
    pad = dominoes.margin(width)
    for fx, fy in dominoes.PIP_LAYOUTS[end]:
        pixel = sprite.getpixel((round(pad + fx * width), round(pad + fy * width)))
        assert isinstance(pixel, tuple)
        assert pixel[:3] == dominoes.PIP_COLOURS.get(end, dominoes.PIP)
    assert len({dominoes.pip_colour(n) for n in range(1, 10)}) == 4
