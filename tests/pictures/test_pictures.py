"""Pictures are pure functions of their scene: deterministic, small, PNG, cached, poolable."""

from __future__ import annotations

import asyncio
import io
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from PIL import Image

from bot.i18n import translations
from cogs.pictures import (
    ENGLISH,
    HandScene,
    Pictures,
    SeatPlace,
    SideRow,
    TableScene,
    Tile,
    Words,
    bench,
    draw_hand,
    draw_table,
    hand_alt,
    hand_scene,
    table_alt,
    table_scene,
)
from cogs.pictures.canvas import drawable
from cogs.pictures.samples import SAMPLES, hand_picture_scene
from engine import Game, observe

from .helpers import NAMES, playout

MAX_BYTES = 60_000


@pytest.fixture(scope="module")
def samples() -> dict[str, TableScene]:
    return {name: make() for name, make in SAMPLES.items()}


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


def test_pictures_are_the_same_in_another_process(samples: dict[str, TableScene]) -> None:
    """A fresh process (as the bot's pool starts them) with the shipped font draws the same
    bytes, and a scene travels there and back by pickling."""
    scenes = list(samples.values())
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        there = list(pool.map(draw_table, scenes))
        hand = pool.submit(draw_hand, hand_picture_scene()).result()
    assert there == [draw_table(scene) for scene in scenes]
    assert hand == draw_hand(hand_picture_scene())


def test_every_sample_is_a_small_800_by_600_palette_png(samples: dict[str, TableScene]) -> None:
    for name, scene in samples.items():
        picture = draw_table(scene)
        assert picture.startswith(b"\x89PNG\r\n\x1a\n"), name
        assert len(picture) <= MAX_BYTES, name
        image = Image.open(io.BytesIO(picture))
        assert (image.format, image.size, image.mode) == ("PNG", (800, 600), "P"), name


def test_random_states_all_draw_within_the_size_budget() -> None:
    for seed in ("budget:0", "budget:1"):
        for game in list(playout(seed))[::5]:
            assert len(draw_table(table_scene(observe(game, None), NAMES))) <= MAX_BYTES


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
    waiting = next(s for s in (game.to_act.next, game.to_act.partner) if observe(game, s).hand)
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


def test_synthetic_tables_of_three_six_and_eight_seats_draw(samples: dict[str, TableScene]) -> None:
    for name, seats in (("three-seats", 3), ("six-seats", 6), ("eight-seats", 8)):
        assert len(samples[name].seats) == seats
        assert any(tile.high > 6 for tile in samples["six-seats"].tiles)


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


def test_the_benchmark_reports_every_set(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["bench", "--pictures", "4"])
    bench.main()
    out = capsys.readouterr().out
    for name in ("4 seats (engine)", "3 seats", "6 seats", "8 seats", "hand (engine)"):
        assert name in out
    assert "targets" in out
