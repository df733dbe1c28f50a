"""R-SEE-*: a public picture is a function of the spectator's observation, and of nothing else."""

from __future__ import annotations

import pytest

from cogs.pictures import draw_table, hand_scene, last_hand_scene, table_alt, table_scene
from engine import SEATS, Game, Observation, observe, summarize
from tests.engine.helpers import dominoes_in

from .helpers import NAMES, playout, tiles_in, twins


def faces(observation: Observation) -> set[tuple[int, int]]:
    return {(tile.high, tile.low) for tile in dominoes_in(observation)}


def hidden(game: Game) -> set[tuple[int, int]]:
    return {(tile.high, tile.low) for seat in SEATS for tile in game.hand.hand_of(seat)}


def test_R_SEE_HAND_twin_games_draw_the_same_table_picture() -> None:
    """Games equal for a spectator but holding different hands give equal scenes and bytes."""
    found = [pair for n in range(80) if (pair := twins(f"twins:{n}")) is not None]
    assert len(found) >= 20
    for one, other in found:
        assert [one.hand.hand_of(s) for s in SEATS] != [other.hand.hand_of(s) for s in SEATS]
        seen = observe(one, None)
        assert seen == observe(other, None)
        scene = table_scene(seen, NAMES)
        assert scene == table_scene(observe(other, None), NAMES)
        assert draw_table(scene) == draw_table(table_scene(observe(other, None), NAMES))
        assert table_alt(scene) == table_alt(table_scene(observe(other, None), NAMES))


def test_twins_differ_in_their_owners_hand_pictures() -> None:
    """The twins are not trivially equal: a seat that holds a swapped tile sees it."""
    differing = 0
    for n in range(40):
        pair = twins(f"twins:{n}")
        if pair is None:
            continue
        one, other = pair
        differing += any(hand_scene(observe(one, s)) != hand_scene(observe(other, s))
                         for s in SEATS)
    assert differing >= 10


@pytest.mark.parametrize("seed", [f"walk:{n}" for n in range(6)])
def test_R_SEE_a_table_scene_holds_only_tiles_the_spectator_sees(seed: str) -> None:
    for game in playout(seed):
        seen = observe(game, None)
        scene = table_scene(seen, NAMES)
        shown = {(tile.high, tile.low) for tile in tiles_in(scene)}
        assert shown <= faces(seen)
        if seen.open_hands is None and seen.winner is None:
            assert not shown & hidden(game)


def test_the_walk_finds_the_tiles_of_a_trick_and_of_the_piles() -> None:
    """The walk can fail: a scene in play holds the trick's and the captured tiles."""
    game = next(g for g in playout("walk:trick") if len(g.hand.trick) == 2 and g.hand.tricks)
    scene = table_scene(observe(game, None), NAMES)
    shown = {(tile.high, tile.low) for tile in tiles_in(scene)}
    assert {(tile.high, tile.low) for _, tile in game.hand.trick} <= shown
    assert len(shown) == len(scene.tiles) >= 6


def test_a_table_picture_refuses_a_seat_observation() -> None:
    game = Game.new("seat")
    with pytest.raises(ValueError, match="spectator"):
        table_scene(observe(game, SEATS[0]), NAMES)
    with pytest.raises(ValueError, match="spectator has no hand"):
        hand_scene(observe(game, None))


def test_R_SEE_HAND_a_hand_scene_holds_its_owners_tiles_only() -> None:
    for game in list(playout("own"))[::3]:
        for seat in SEATS:
            seen = observe(game, seat)
            shown = [(tile.high, tile.low) for tile in tiles_in(hand_scene(seen))]
            assert shown == [(tile.high, tile.low) for tile in seen.hand]


@pytest.mark.parametrize("seed", [f"last:{n}" for n in range(4)])
def test_R_REVIEW_the_last_hand_picture_shows_played_tiles_only(seed: str) -> None:
    """A hand ended early keeps its unplayed tiles hidden: the picture of the hand just
    finished holds only tiles its summary says were played."""
    checked = 0
    for game in playout(seed):
        summary = summarize(game)
        if summary is None or game.hand.actions:
            continue
        scene = last_hand_scene(summary, observe(game, None), NAMES)
        played = {(t.high, t.low) for trick in summary.tricks for t in trick.tiles}
        shown = [(tile.high, tile.low) for tile in tiles_in(scene)]
        on_table = len(summary.tricks[-1].plays) if summary.tricks else 0
        assert set(shown) == played and len(shown) == len(played) + on_table
        assert game.previous is not None
        unplayed = {(t.high, t.low) for s in SEATS for t in game.previous.hand_of(s)}
        assert not unplayed & set(shown)
        checked += 1
    assert checked


def test_the_last_hand_picture_refuses_a_seat_observation() -> None:
    game = next(g for g in playout("last:refuse") if summarize(g) is not None)
    summary = summarize(game)
    assert summary is not None
    with pytest.raises(ValueError, match="spectator"):
        last_hand_scene(summary, observe(game, SEATS[0]), NAMES)
