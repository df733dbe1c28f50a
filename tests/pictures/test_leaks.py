"""R-SEE-*, V-GEN-DISCARD: a public picture is a function of the spectator's observation and of
nothing else, and a hand picture of its owner's; in every game of the family.

Faces are compared as multisets, so that at 72's and 84's tables (two copies of each face) a
picture cannot show a second copy that is still hidden behind the first one's face."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from cogs.pictures import draw_table, hand_scene, last_hand_scene, table_alt, table_scene
from cogs.pictures.adapt import tile_of
from cogs.pictures.samples import first_state, names_for, table_words
from engine import SEATS, VARIANTS, Game, Observation, Phase, Variant, observe, summarize
from engine.variants import LeftoverStep

from .helpers import NAMES, faces, playout, tiles_in, twins

WALK = 900
"""Actions of each random game walked: several hands, every phase of each."""


def on_view(observation: Observation) -> Counter[tuple[int, int]]:
    """What the spectator's observation lays face up: the trick, the completed trick not yet
    gathered (R-SEE-TABLE), the captured piles, the discards the rules show (V-72-WIDOW), the
    hands under Sevens (H-SEVENS)."""
    shown = [tile for _, tile in observation.trick]
    if observation.completed_trick is not None:
        shown += observation.completed_trick.tiles
    shown += [tile for pile in observation.captured for tile in pile.tiles]
    shown += observation.face_up_discards
    shown += [tile for hand in observation.open_hands or () for tile in hand]
    return faces(shown)


def hidden(game: Game) -> Counter[tuple[int, int]]:
    """The tiles nobody at the table sees: the hands, a leftover not taken, the face-down
    discards."""
    hand = game.hand
    setup = hand.setup
    seats = game.variant.seating.seats
    tiles = [tile for seat in seats for tile in hand.hand_of(seat)]
    if not setup.took_leftover:
        tiles += hand.deal.leftover
    shown = set(observe(game, None).face_up_discards)
    tiles += [tile for seat in seats for tile in setup.discards[seat] if tile not in shown]
    return faces(tiles)


def walk(variant: Variant, seed: str, step: int = 3) -> list[Game]:
    """Every ``step``-th state of a random game's first :data:`WALK` actions."""
    return list(itertools.islice(playout(f"{seed}:{variant}", variant), WALK))[::step]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_R_SEE_every_scene_holds_only_what_its_viewer_sees(variant: Variant) -> None:
    """Random games of each variant: the table scene from the spectator's observation holds
    at most the faces that observation lays face up (and, with one copy a face, none that is
    hidden), and the star of the tile winning marks one of the trick in progress; each seat's
    hand scene holds exactly its hand, the leftover it looked at and its own discards."""
    names, words = names_for(variant), table_words(variant)
    asides = 0
    for game in walk(variant, "leaks"):
        spectator = observe(game, None)
        scene = table_scene(spectator, names, words)
        shown = faces(tiles_in(scene))
        assert not shown - on_view(spectator)
        starred = [place.played for place in scene.seats if place.winning]
        assert len(starred) == (spectator.winning is not None)
        assert not faces(t for t in starred if t is not None) - faces(
            tile for _, tile in spectator.trick)
        if variant.copies == 1 and spectator.open_hands is None:
            assert not set(shown) & set(hidden(game))
        for seat in variant.seating.seats:
            seen = observe(game, seat)
            scene = hand_scene(seen, words)
            own = [*seen.hand, *(t for t in seen.leftover if t not in seen.hand
                                 and t not in seen.discards), *seen.discards]
            assert faces(tiles_in(scene)) == faces(own)
            if seat != (spectator.contract.declarer if spectator.contract else None):
                assert not seen.leftover and not scene.aside and scene.drawn is None
            asides += bool(scene.aside or scene.drawn)
    assert asides or variant.leftover_step is LeftoverStep.NONE


def test_V_72_WIDOW_the_table_shows_the_discarded_trumps_and_no_other_discard() -> None:
    """72's declarer had to discard a trump: it lies face up on the table, under the word the
    table gives discards; the other discard stays in its owner's hand picture only."""
    variant = VARIANTS["72"]
    words = table_words(variant)
    game = first_state("leaks:face-up", lambda g: bool(observe(g, None).face_up_discards)
                       and g.hand.phase is Phase.PLAY, variant)
    spectator = observe(game, None)
    scene = table_scene(spectator, names_for(variant), words)
    assert scene.discards is not None and scene.discards.label == words.discarded
    assert faces(scene.discards.tiles) == faces(spectator.face_up_discards)
    assert "Discarded: " + " ".join(t.label for t in scene.discards.tiles) in table_alt(scene)
    assert spectator.contract is not None
    declarer = observe(game, spectator.contract.declarer)
    assert len(declarer.discards) == 2
    assert faces(declarer.discards) - faces(spectator.face_up_discards)  # one face down
    assert not faces(tiles_in(scene)) - on_view(spectator)
    own = hand_scene(declarer, words)
    assert [group.tiles for group in own.aside if group.label == words.discarded] == [
        tuple(tile_of(t, declarer, variant) for t in declarer.discards)]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_R_SEE_HAND_twin_games_draw_the_same_table_picture(variant: Variant) -> None:
    """Games equal for a spectator but holding different hands (or leftovers) give equal
    scenes, alt texts and bytes; the twins differ in some seat's own hand picture."""
    names, words = names_for(variant), table_words(variant)
    found = [pair for n in range(40) if (pair := twins(f"twins:{n}", variant)) is not None]
    assert len(found) >= 10
    differing = 0
    for number, (one, other) in enumerate(found):
        seen = observe(one, None)
        if variant.copies == 1:  # with two copies the twins may hold the other copy of a face
            assert seen == observe(other, None)
        scene = table_scene(seen, names, words)
        assert scene == table_scene(observe(other, None), names, words)
        assert table_alt(scene) == table_alt(table_scene(observe(other, None), names, words))
        if number < 3:
            assert draw_table(scene) == draw_table(table_scene(observe(other, None), names,
                                                               words))
        differing += any(hand_scene(observe(one, s), words) != hand_scene(observe(other, s),
                                                                          words)
                         for s in variant.seating.seats)
    assert differing >= len(found) // 2


def test_the_walk_finds_the_tiles_of_a_trick_and_of_the_piles() -> None:
    """The walk can fail: a scene in play holds the trick's and the captured tiles."""
    game = next(g for g in playout("walk:trick") if len(g.hand.trick) == 2 and g.hand.tricks)
    scene = table_scene(observe(game, None), NAMES)
    shown = faces(tiles_in(scene))
    assert faces(tile for _, tile in game.hand.trick) <= shown
    assert sum(shown.values()) == len(scene.tiles) >= 6


def test_the_leak_check_can_fail() -> None:
    """A scene built from a seat's observation would hold that seat's hidden tiles."""
    game = next(g for g in playout("walk:fail") if g.hand.phase is Phase.PLAY)
    seat = game.to_act
    assert seat is not None
    own = faces(tiles_in(hand_scene(observe(game, seat))))
    assert own - on_view(observe(game, None)) and set(own) & set(hidden(game))


def test_a_table_picture_refuses_a_seat_observation() -> None:
    game = Game.new("seat")
    with pytest.raises(ValueError, match="spectator"):
        table_scene(observe(game, SEATS[0]), NAMES)
    with pytest.raises(ValueError, match="spectator has no hand"):
        hand_scene(observe(game, None))


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_R_REVIEW_the_last_hand_picture_shows_played_tiles_only(variant: Variant) -> None:
    """A hand ended early keeps its unplayed tiles hidden, and a discard stays face down:
    the picture of the hand just finished holds only tiles its summary says were played."""
    names, words = names_for(variant), table_words(variant)
    checked = 0
    for game in walk(variant, "last", step=1):
        summary = summarize(game)
        if summary is None or game.hand.actions:
            continue
        scene = last_hand_scene(summary, observe(game, None), names, words)
        played = faces(t for trick in summary.tricks for t in trick.tiles)
        last = faces(t for _, t in summary.tricks[-1].plays) if summary.tricks else Counter()
        assert faces(tiles_in(scene)) == played + last
        previous = game.previous
        assert previous is not None
        unplayed = [t for s in variant.seating.seats for t in previous.hand_of(s)]
        unplayed += [t for s in variant.seating.seats for t in previous.setup.discards[s]]
        if variant.copies == 1:
            assert not set(faces(unplayed)) & set(played)
        checked += 1
    assert checked


def test_the_last_hand_picture_refuses_a_seat_observation() -> None:
    game = next(g for g in playout("last:refuse") if summarize(g) is not None)
    summary = summarize(game)
    assert summary is not None
    with pytest.raises(ValueError, match="spectator"):
        last_hand_scene(summary, observe(game, SEATS[0]), NAMES)
