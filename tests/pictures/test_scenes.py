"""A table scene says what the spectator's observation says: trick, piles, need and set."""

from __future__ import annotations

import pytest

from cogs.pictures import draw_table, last_hand_scene, table_scene
from cogs.pictures.adapt import tile_of
from engine import SEATS, Game, Pass, Phase, observe, summarize

from .helpers import NAMES, playout

SEEDS = [f"scene:{n}" for n in range(8)]


@pytest.mark.parametrize("seed", SEEDS)
def test_R_SEE_TABLE_each_trick_tile_lies_before_the_seat_that_played_it(seed: str) -> None:
    for game in playout(seed):
        seen = observe(game, None)
        scene = table_scene(seen, NAMES)
        played = dict(seen.trick)
        for seat in SEATS:
            expected = tile_of(played[seat], seen, seen.variant) if seat in played else None
            assert scene.seats[seat].played == expected
            assert scene.seats[seat].turn == (seat == seen.to_act)


@pytest.mark.parametrize("seed", SEEDS)
def test_R_SEE_POINTS_R_SEE_MARKS_the_board_shows_the_observations_piles(seed: str) -> None:
    for game in playout(seed):
        seen = observe(game, None)
        scene = table_scene(seen, NAMES)
        for side, row in zip((0, 1), scene.sides, strict=True):
            shown = [[(t.high, t.low) for t in group] for group in row.groups]
            piles = [[(t.high, t.low) for t in pile.tiles] for pile in seen.captured
                     if pile.team == side and pile.tiles]
            assert shown == piles
            for group in shown:
                assert group == sorted(group, reverse=True)  # never in play order
            if seen.points is None:
                assert row.covered == seen.tricks_won[side] - len(piles) and not row.points
            else:
                assert row.covered == 0


def test_R_SEE_MARKS_a_marks_contract_keeps_most_tricks_face_down() -> None:
    covered = [table_scene(seen, NAMES) for n in range(30) for game in playout(f"m:{n}")
               if (seen := observe(game, None)).phase is Phase.PLAY and seen.contract
               is not None and seen.contract.is_marks and sum(seen.tricks_won) >= 3]
    assert covered
    for scene in covered:
        assert sum(row.covered for row in scene.sides) >= 1
        assert "every trick" in scene.status


@pytest.mark.parametrize("seed", SEEDS)
def test_the_status_says_what_the_declarers_need_and_what_sets_them(seed: str) -> None:
    for game in playout(seed):
        seen = observe(game, None)
        needs = seen.needs
        if seen.phase is not Phase.PLAY or needs is None:
            continue
        status = table_scene(seen, NAMES).status
        assert f"need {needs[0]}" in status and f"set them with {needs[1]}" in status


def test_R_ALLPASS_the_last_hand_picture_says_everybody_passed() -> None:
    game = Game.new("all pass")
    for _ in SEATS:
        assert game.to_act is not None
        game = game.apply(game.to_act, Pass())
    summary = summarize(game)
    assert summary is not None and summary.result.redeal
    scene = last_hand_scene(summary, observe(game, None), NAMES)
    assert scene.banner == "Everybody passed" and not scene.tiles and not scene.trick
    assert draw_table(scene).startswith(b"\x89PNG")
