"""The bracket picture is a pure picture of its value, like the rating chart: the same bytes for
equal values, 800 px wide and never taller than its limit however big the tournament, the
matches to play ringed, and the alt text saying who plays whom next and every result shown.
Its values are built from the tournaments' own states, played with seeded random results."""

from __future__ import annotations

import io
import pickle
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.tournament import double_elimination, league, round_robin, single_elimination, swiss
from bot.tournament.types import Game, Match, Result
from cogs.messages.bracket import BracketWords, bracket_picture
from cogs.pictures import (
    BracketPicture,
    MatchBox,
    MatchSide,
    RoundColumn,
    bracket_alt,
    draw_bracket,
)
from cogs.pictures.bracket import COLUMNS, GAP, HEADING, MOST_HEIGHT, WIDTH, layout
from cogs.pictures.canvas import TURN, Colour
from cogs.pictures.render import drawer

State = TypeVar("State")

NAMES = {n: name for n, name in enumerate(
    ("Domino Kings", "Los Pollos", "Shake & Bake", "Big Sixes", "Lonestar Duo", "Nello Fellows",
     "Count Masters", "Trump Tower", "Double Trouble", "Hearne Heroes", "Austin 42", "Pips"),
    start=1)}
WORDS = BracketWords(title="Sticks & Stones")


def name(entrant: int) -> str:
    return NAMES.get(entrant, str(entrant))


def played(match: Match, rng: random.Random, games_to_win: int = 2) -> Result:
    """The match played out: games to 7 marks, each won by either side at random."""
    assert match.second is not None
    games, won = [], [0, 0]
    while max(won) < games_to_win:
        side, other = rng.randrange(2), rng.randrange(7)
        games.append(Game(7, other) if side == 0 else Game(other, 7))
        won[side] += 1
    return league.match_result(match, games, games_to_win)


def play(state: State, next_matches: Callable[[State], tuple[Match, ...]],
         record: Callable[[State, Result], State], rng: random.Random,
         results: int | None = None, games_to_win: int = 2) -> State:
    """``state`` after ``results`` more results (every match, if None), in random order."""
    count = 0
    while next_matches(state) and (results is None or count < results):
        match = rng.choice(next_matches(state))
        state = record(state, played(match, rng, games_to_win))
        count += 1
    return state


def double(teams: int, results: int | None, seed: int = 1) -> double_elimination.DoubleElimination:
    return play(double_elimination.start(range(1, teams + 1)), double_elimination.next_matches,
                double_elimination.record, random.Random(seed), results)


def pixels(picture: bytes) -> Image.Image:
    return Image.open(io.BytesIO(picture)).convert("RGB")


def has(image: Image.Image, colour: Colour,
        box: tuple[int, int, int, int] | None = None) -> bool:
    """Whether a pixel (inside ``box``) is of ``colour``, give or take the palette's rounding."""
    region = image.crop(box) if box else image
    return any(isinstance(pixel, tuple)
               and sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40
               for _, pixel in region.getcolors(region.width * region.height) or ())


Drawn = tuple[str, tuple[float, float], ImageFont.FreeTypeFont]


def texts_drawn(monkeypatch: pytest.MonkeyPatch, picture: BracketPicture) -> list[Drawn]:
    """Every text the picture draws, where, in which face."""
    said: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def recorded(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any,
                 **kwargs: Any) -> None:
        said.append((str(text), xy, kwargs["font"]))
        original(self, xy, text, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recorded)
        draw_bracket(picture)
    return said


def test_equal_pictures_built_apart_draw_byte_identical_pngs_and_a_result_changes_them() -> None:
    state = double(8, 6)
    one, other = bracket_picture(state, NAMES, WORDS), bracket_picture(state, dict(NAMES), WORDS)
    assert one is not other and one == other and hash(one) == hash(other)
    assert pickle.loads(pickle.dumps(one)) == one
    assert draw_bracket(one) == draw_bracket(other)
    assert drawer(one) is draw_bracket
    match = double_elimination.next_matches(state)[0]
    after = double_elimination.record(state, played(match, random.Random(2)))
    assert draw_bracket(bracket_picture(after, NAMES, WORDS)) != draw_bracket(one)


def test_the_alt_text_names_who_plays_whom_next_and_every_result_shown() -> None:
    state = double(8, 9)
    alt = bracket_alt(bracket_picture(state, NAMES, WORDS))
    playing = double_elimination.next_matches(state)
    assert playing
    assert alt.startswith("Sticks & Stones. Matches to play: ")
    assert "next: " + ", ".join(f"{name(m.first)} – {name(m.second or 0)}"
                                for m in sorted(playing, key=lambda m: m.slot)) in alt
    shown = {m.round for m in playing} | {len(state.rounds) - n for n in range(COLUMNS)}
    results = [r for r in state.results if r.match.round in shown]
    assert len(results) >= 4
    for result in results:
        won = sum(1 for game in result.games
                  if (game.first > game.second) == (result.winner == result.match.first))
        lost = len(result.games) - won
        assert f"{name(result.winner)} beat {name(result.loser or 0)} {won}–{lost}" in alt
    assert len(alt) <= 1024


def test_the_matches_to_play_are_ringed_and_a_finished_tournament_has_none() -> None:
    state = double(8, 4)
    picture = bracket_picture(state, NAMES, WORDS)
    image, header = pixels(draw_bracket(picture)), layout(picture).header
    boxes = header + GAP + HEADING  # under the rounds' titles, the round in play's in TURN too
    assert has(image, TURN, (0, boxes, WIDTH, image.height))
    assert has(image, TURN, (WIDTH // 2, 0, WIDTH, header))  # the legend
    over = play(state, double_elimination.next_matches, double_elimination.record,
                random.Random(3))
    assert double_elimination.finished(over)
    finished = bracket_picture(over, NAMES, WORDS)
    assert finished.subtitle.startswith("Champion: ")
    assert not has(pixels(draw_bracket(finished)), TURN)
    assert "next:" not in bracket_alt(finished)


def test_the_winners_bracket_is_drawn_above_the_losers(monkeypatch: pytest.MonkeyPatch) -> None:
    state = double(8, 9)
    assert len(state.rounds) == COLUMNS
    said = texts_drawn(monkeypatch, bracket_picture(state, NAMES, WORDS))
    y = {text: xy[1] for text, xy, _ in said}
    assert y["Winners' bracket"] < y["Losers' bracket"]
    current = double_elimination.current_round(state)
    upper = [name(m.first) for m in current if m.stage.value == "winners"]
    lower = [name(m.first) for m in current if m.stage.value == "losers"]
    assert upper and lower
    column = [(text, xy) for text, xy, _ in said if xy[0] > WIDTH * 2 / 3]
    last = {text: at[1] for text, at in column}
    assert max(last[team] for team in upper) < y["Losers' bracket"] < min(last[team]
                                                                          for team in lower)


def test_a_64_team_double_elimination_stays_within_the_size_at_every_step() -> None:
    state = double_elimination.start(range(1, 65))
    rng, step = random.Random(64), 0
    while True:
        if step % 10 == 0 or double_elimination.finished(state):
            picture = bracket_picture(state, NAMES, WORDS)
            image = Image.open(io.BytesIO(draw_bracket(picture)))
            assert image.width == WIDTH and image.height <= MOST_HEIGHT, step
            shown = layout(picture)
            playing = double_elimination.next_matches(state)
            drawn = [m for column in shown.cells for cell in column for m in cell.matches]
            assert sum(m.next for m in drawn) >= min(len(playing), 20), step
            assert len(shown.columns) <= COLUMNS
            if len(state.rounds) > COLUMNS:
                assert f"Earlier rounds not shown: {len(state.rounds) - COLUMNS}" in (
                    bracket_alt(picture))
        if double_elimination.finished(state):
            break
        match = rng.choice(double_elimination.next_matches(state))
        state = double_elimination.record(state, played(match, rng))
        step += 1
    assert step == len(state.results) >= 126


def test_a_round_too_tall_keeps_its_matches_to_play_and_says_what_it_left_out() -> None:
    done = MatchBox((MatchSide("a", "2", won=True), MatchSide("b", "0")))
    ahead = MatchBox((MatchSide("c"), MatchSide("d")))
    column = RoundColumn("Round 1", ((*[done] * 40, *[ahead] * 5, *[done] * 10),))
    picture = BracketPicture("Big", columns=(column,))
    shown = layout(picture)
    (cell,), = shown.cells
    assert sum(m.next for m in cell.matches) == 5
    assert cell.hidden == 55 - len(cell.matches) > 0
    assert shown.height <= MOST_HEIGHT
    assert bracket_alt(picture).endswith(f"Not shown: {cell.hidden}.")


def test_only_the_latest_rounds_are_drawn_and_the_header_counts_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    box = MatchBox((MatchSide("a", "7", won=True), MatchSide("b", "3")))
    columns = tuple(RoundColumn(f"Round {n}", ((box,),)) for n in range(1, 8))
    picture = BracketPicture("Long", columns=columns)
    said = [text for text, _, _ in texts_drawn(monkeypatch, picture)]
    assert [text for text in said if text.startswith("Round")] == [
        "Round 5", "Round 6", "Round 7"]
    assert "Earlier rounds not shown: 4" in said
    assert bracket_alt(picture).startswith("Long. Earlier rounds not shown: 4. Round 7: a beat b")


def test_pools_of_16_then_their_knockout() -> None:
    rng = random.Random(16)
    pools = round_robin.start(range(1, 17))
    middle = play(pools, round_robin.next_matches, round_robin.record, rng, 9, games_to_win=1)
    picture = bracket_picture(middle, NAMES, WORDS)
    assert [table.title for table in picture.tables] == [f"Pool {n}" for n in range(1, 5)]
    assert all(len(table.rows) == 4 for table in picture.tables)
    assert [row.strong for row in picture.tables[0].rows] == [True, True, False, False]
    alt = bracket_alt(picture)
    for match in round_robin.next_matches(middle):
        assert f"{name(match.first)} – {name(match.second or 0)}" in alt
    image = pixels(draw_bracket(picture))
    assert image.width == WIDTH and image.height <= MOST_HEIGHT and has(image, TURN)

    over = play(middle, round_robin.next_matches, round_robin.record, rng, games_to_win=1)
    knockout = round_robin.knockout(over)
    knockout = play(knockout, single_elimination.next_matches, single_elimination.record, rng, 6)
    after = bracket_picture(over, NAMES, WORDS, knockout=knockout)
    assert [column.title for column in after.columns] == ["Round 1", "Semi-finals", "Final"]
    assert all(not table.matches for table in after.tables)
    alt = bracket_alt(after)
    (final,) = single_elimination.next_matches(knockout)
    assert f"next: {name(final.first)} – {name(final.second or 0)}." in alt
    assert alt.index("next: ") < alt.index("Semi-finals: ") < alt.index("Round 1: ")
    image = pixels(draw_bracket(after))
    assert image.height <= MOST_HEIGHT and image.height > pixels(draw_bracket(
        bracket_picture(over, NAMES, WORDS))).height


def test_swiss_of_10_shows_standings_with_tie_breaks_and_the_rounds_pairings() -> None:
    state = play(swiss.start(range(1, 11), 4), swiss.next_matches, swiss.record,
                 random.Random(10), 10)
    assert len(state.rounds) == 3 and len(swiss.next_matches(state)) == 5
    picture = bracket_picture(state, NAMES, WORDS)
    (table,) = picture.tables
    assert table.headers == ("#", "Team", "W", "Bh", "SB")
    assert table.matches_title == "Round 3 of 4"
    lines = swiss.standings(state)
    assert [row.cells[:3] for row in table.rows] == [
        (str(rank), name(line.entrant), str(line.wins)) for rank, line in enumerate(lines, 1)]
    alt = bracket_alt(picture)
    top = lines[0]
    assert (f"1. {name(top.entrant)} (W {top.wins}, Bh {top.buchholz}, "
            f"SB {top.sonneborn_berger})") in alt
    for match in swiss.next_matches(state):
        assert f"{name(match.first)} – {name(match.second or 0)}" in alt
    image = pixels(draw_bracket(picture))
    assert image.width == WIDTH and image.height < 1000 and has(image, TURN)


def test_a_bye_is_drawn_as_a_bye(monkeypatch: pytest.MonkeyPatch) -> None:
    state = single_elimination.start([1, 2, 3])
    picture = bracket_picture(state, NAMES, BracketWords(bye="sits out"))
    said = [text for text, _, _ in texts_drawn(monkeypatch, picture)]
    assert "sits out" in said and name(1) in said
    assert "Domino Kings (sits out)" in bracket_alt(picture)
    (bye, match), (final,) = (column.bands[0] for column in picture.columns)
    assert bye.bye and not bye.next and match.next
    assert final.waiting and not final.next
    assert [side.name for side in final.sides] == [name(1), ""]


def test_a_name_of_80_characters_is_cut_to_its_box(monkeypatch: pytest.MonkeyPatch) -> None:
    long = "The Extraordinarily Long Named Domino Team From Somewhere Far In Texas Hill Land"
    assert len(long) == 80
    state = single_elimination.start([1, 2])
    picture = bracket_picture(state, {1: long, 2: "Pips"}, WORDS)
    said = texts_drawn(monkeypatch, picture)
    cut = [(text, face) for text, _, face in said if text.endswith("…")]
    assert cut and all(long.startswith(text[:-1]) for text, _ in cut)
    assert all(face.getlength(text) < WIDTH / 2 for text, face in cut)
    assert long not in [text for text, _, _ in said]
    assert long in bracket_alt(picture)


def test_a_knockout_draws_its_whole_bracket_from_the_round_before_the_one_in_play() -> None:
    """Rounds not drawn yet wait hollow, with the sides already known; the rounds shown
    follow the play, the results just in beside the matches they lead to."""
    state = single_elimination.start(range(1, 33))
    picture = bracket_picture(state, NAMES, WORDS)
    assert [len(column.bands[0]) for column in picture.columns] == [16, 8, 4, 2, 1]
    assert [column.title for column in layout(picture).columns] == [
        "Round 1", "Round 2", "Round 3"]
    rng = random.Random(32)
    for _ in range(16 + 8 + 1):  # the first two rounds, and one quarter-final
        match = min(single_elimination.next_matches(state), key=lambda m: (m.round, m.slot))
        state = single_elimination.record(state, played(match, rng))
    picture = bracket_picture(state, NAMES, WORDS)
    shown = layout(picture)
    assert [column.title for column in shown.columns] == ["Round 2", "Round 3", "Semi-finals"]
    assert bracket_alt(picture).startswith(
        "Sticks & Stones. Matches to play: 3 · Earlier rounds not shown: 1. next: ")
    assert shown.height <= MOST_HEIGHT and not any(cell.hidden for (cell,) in shown.cells)
    semifinals = picture.columns[3].bands[0]
    assert all(match.waiting for match in semifinals)
    assert [side.name != "" for match in semifinals for side in match.sides].count(True) == 1
