"""A table scene says what the spectator's observation says: trick, who led it and who is
winning it, piles, need and set, in every game of the family."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.i18n import led_name, translations
from cogs.pictures import (
    Look,
    Words,
    draw_table,
    hand_scene,
    last_hand_scene,
    table_alt,
    table_scene,
)
from cogs.pictures.adapt import tile_of
from cogs.pictures.samples import names_for, table_words
from cogs.pictures.words import ENGLISH
from engine import (
    SEATS,
    VARIANTS,
    Game,
    NameTrump,
    Options,
    Pass,
    Phase,
    Trump,
    Variant,
    observe,
    summarize,
)
from engine.actions import Bid, BidKind
from engine.players import random_legal, rules

from .helpers import NAMES, playout

SEEDS = [f"scene:{n}" for n in range(8)]
GAMES = [(VARIANTS["42"], seed) for seed in SEEDS] + [
    (variant, f"scene:{n}") for variant in VARIANTS.values() if variant.name != "42"
    for n in range(2)]
"""Whole random games of 42, and the first few hands of two of every other variant."""


def states(variant: Variant, seed: str) -> list[Game]:
    return list(itertools.islice(playout(seed, variant), 600))


@pytest.mark.parametrize(("variant", "seed"), GAMES, ids=[f"{v}-{s}" for v, s in GAMES])
def test_R_SEE_TABLE_each_trick_tile_lies_before_the_seat_that_played_it(
        variant: Variant, seed: str) -> None:
    names, words = names_for(variant), table_words(variant)
    lying_seen = 0
    for game in states(variant, seed):
        seen = observe(game, None)
        scene = table_scene(seen, names, words)
        played = dict(seen.trick)
        lying = seen.completed_trick if not game.ended_hand else None
        if lying is not None:  # a completed trick, until it is gathered, with its winner
            played, lying_seen = dict(lying.plays), lying_seen + 1
            assert scene.trick == words.trick.format(number=seen.trick_number - 1)
            assert scene.seats[lying.winner].note == words.took_trick
        assert len(scene.seats) == variant.seating.count
        for seat in variant.seating.seats:
            expected = tile_of(played[seat], seen, variant) if seat in played else None
            place = scene.seats[seat]
            assert place.played == expected and place.name == names[seat]
            assert place.won == (lying is not None and seat == lying.winner)
            assert place.turn == (seat == seen.to_act)
            assert place.side == variant.seating.side_of[seat]
            assert place.subtitle.startswith(words.seats[seat])
    assert lying_seen >= 1


@pytest.mark.parametrize(("variant", "seed"), GAMES, ids=[f"{v}-{s}" for v, s in GAMES])
def test_R_SEE_POINTS_R_SEE_MARKS_the_board_shows_the_observations_piles(
        variant: Variant, seed: str) -> None:
    names, words = names_for(variant), table_words(variant)
    for game in states(variant, seed):
        seen = observe(game, None)
        scene = table_scene(seen, names, words)
        assert len(scene.sides) == variant.seating.side_count
        for side, row in enumerate(scene.sides):
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
    assert scene.banner == "Everybody passed · nobody scores"
    assert not scene.tiles and not scene.trick
    assert draw_table(scene).startswith(b"\x89PNG")


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_each_side_shows_its_score_as_the_variant_keeps_it(variant: Variant) -> None:
    """Marks, or points (V-MOON-SCORE, V-BIG-SCORE, V-140-SCORE) with a real minus sign; the
    rows are named after the sides, or each for oneself after the players."""
    names, words = names_for(variant), table_words(variant)
    seating = variant.seating
    for game in states(variant, "score")[::5]:
        seen = observe(game, None)
        scene = table_scene(seen, names, words)
        for side, row in enumerate(scene.sides):
            if variant.scoring.in_points:
                score = seen.score[side]
                number = f"−{-score}" if score < 0 else str(score)
                assert row.score == f"{number} points" and row.marks is None
            else:
                assert row.score == words.marks_text(seen.marks[side])
                assert row.marks == seen.marks[side]  # drawn as tally strokes
            title = words.sides[side] if seating.has_teams else names[seating.members[side][0]]
            assert row.title == title
        look = (Look.PLAYERS if not seating.has_teams else
                Look.COMPASS if seating.count == 4 else Look.TEAMS)
        assert scene.look is look


def test_H_POINTS_the_250_point_game_keeps_numbers_and_draws_no_strokes() -> None:
    game = Game.new("points game", Options(points_game=True))
    rng = random.Random(0)
    while game.hand_number == 1:
        game = game.apply(game.to_act, rng.choice(game.legal_actions()))  # type: ignore[arg-type]
    seen = observe(game, None)
    assert seen.goal.in_points and any(seen.score)
    assert all(row.marks is None for row in table_scene(seen, NAMES).sides)


def test_scores_below_zero_are_shown_with_a_minus_sign() -> None:
    variant = VARIANTS["moon"]
    below = [(seen, table_scene(seen, names_for(variant), table_words(variant)))
             for n in range(3) for game in states(variant, f"negative:{n}")
             if min((seen := observe(game, None)).score) < 0]
    assert below
    for seen, scene in below:
        for score, row in zip(seen.score, scene.sides, strict=True):
            assert (row.score.startswith("−") and "-" not in row.score) == (score < 0)


@pytest.mark.parametrize("name", ["140", "moon", "three"])
def test_the_need_and_set_line_speaks_of_the_declarers_and_all_the_others(name: str) -> None:
    """V-GEN-SEATS: the defenders are every other side together; the numbers are the
    variant's (V-140-POINTS: 140 a hand); a player on their own "needs", a team "need". Once
    the contract is decided while every trick is still played (V-140-SCORE, V-MOON-END), the
    line says which way, never that someone needs 0."""
    variant = VARIANTS[name]
    words = table_words(variant)
    checked = 0
    for n in range(6):
        for game in states(variant, f"need:{n}"):
            seen = observe(game, None)
            needs = seen.needs
            if seen.phase is not Phase.PLAY or needs is None or seen.contract is None:
                continue
            side = variant.seating.side_of[seen.contract.declarer]
            others = "/".join(w for s, w in enumerate(words.sides) if s != side)
            status = table_scene(seen, names_for(variant), words).status
            teams = variant.seating.has_teams
            if not needs[0]:
                bid = words.bid_text(seen.contract.bid)
                assert status == f"{words.sides[side]} made {bid}"
            elif not needs[1]:
                assert status == f"{words.sides[side]} {'were' if teams else 'was'} set"
            else:
                assert status == (f"{words.sides[side]} {'need' if teams else 'needs'}"
                                  f" {needs[0]} · {others} set them with {needs[1]}")
            checked += 1
    assert checked


def test_the_table_s_names_must_fit_its_variant() -> None:
    """The caller names the seats and sides for the variant; 42's words at a Moon table are
    refused with a message that says how to name them."""
    variant = VARIANTS["moon"]
    seen = observe(Game.new("names", variant=variant), None)
    with pytest.raises(ValueError, match="for_table"):
        table_scene(seen, names_for(variant))
    with pytest.raises(ValueError, match="one name per seat"):
        table_scene(seen, NAMES, table_words(variant))
    with pytest.raises(ValueError, match="for_table"):
        hand_scene(observe(Game.new("names", variant=variant), SEATS[0]))
    words = Words().for_table(seats=("Uno", "Due", "Tre"), sides=("A", "B", "C"))
    scene = table_scene(seen, ("x", "y", "z"), words)
    assert [seat.subtitle.split(" · ")[0] for seat in scene.seats] == ["Uno", "Due", "Tre"]


def test_a_game_each_for_oneself_speaks_of_one_player() -> None:
    """Moon (V-MOON-SCORE): each hand's result and the game's end are about one player, so the
    verbs are singular ("Seat 2 was set", "Seat 1 wins the game"), never a team's."""
    variant = VARIANTS["moon"]
    names, words = names_for(variant), table_words(variant)
    banners = set()
    for n, decide in itertools.product(range(2), (rules.decide, random_legal.decide)):
        for game in playout(f"alone:{n}", variant, decide):
            summary = summarize(game)
            if summary is not None and summary.contract is not None:
                banners.add(last_hand_scene(summary, observe(game, None), names, words).banner)
            if game.is_over:
                banners.add(table_scene(observe(game, None), names, words).banner)
    said = " | ".join(sorted(banners))
    assert " made " in said and " was set" in said and " wins the game" in said, said
    assert " were set" not in said and " win the game" not in said


def test_special_bids_are_named_in_the_reader_s_language() -> None:
    """Moon's bids, Geezer's water bids and the house rules' Splash, as the auction record
    names them (V-MOON-AUCTION, V-GEEZER-WATER, H-SPLASH)."""
    catalog = translations("pt_BR")
    words = Words().translated(catalog.gettext, catalog.ngettext)
    assert words.bid_text(Bid(kind=BidKind.OVER_MOON)) == "Acima da lua"
    assert words.bid_text(Bid(marks=2, kind=BidKind.DIP)) == catalog.ngettext(
        "Dip ({n} mark)", "Dip ({n} marks)", 2).format(n=2)
    assert words.bid_text(Bid(marks=3, kind=BidKind.SPLASH)) == catalog.ngettext(
        "Splash ({n} mark)", "Splash ({n} marks)", 3).format(n=3)
    assert ENGLISH.bid_text(Bid(marks=2)) == "2 marks"


@pytest.mark.parametrize(("variant", "seed"), GAMES, ids=[f"{v}-{s}" for v, s in GAMES])
def test_R_WIN_the_trick_in_progress_names_its_leader_its_suit_and_stars_the_tile_winning(
        variant: Variant, seed: str) -> None:
    """R-LED-SUIT and R-WIN as the observation states them: who led and the suit led in words,
    who is winning in words and their tile starred; neither while a completed trick lies on
    the table, whose winner is ringed instead."""
    names, words = names_for(variant), table_words(variant)
    checked = 0
    for game in states(variant, seed):
        seen = observe(game, None)
        scene = table_scene(seen, names, words)
        starred = [seat for seat in variant.seating.seats if scene.seats[seat].winning]
        if seen.winning is None:
            assert not starred and not scene.lead and not scene.winning
            continue
        assert seen.led is not None
        leader = seen.trick[0][0]
        assert starred == [seen.winning] and not scene.seats[seen.winning].won
        assert scene.seats[seen.winning].played == tile_of(dict(seen.trick)[seen.winning], seen,
                                                           variant)
        assert scene.lead == words.led_by.format(seat=words.seats[leader],
                                                 suit=led_name(None, seen.led))
        assert scene.winning == words.winning.format(seat=words.seats[seen.winning])
        checked += 1
    assert checked


def sevens_game(plays: int) -> Game:
    """A hand of Sevens (H-SEVENS): the first bidder bids a mark and names it, the others pass,
    then ``plays`` tiles are played."""
    game = Game.new("sevens", Options(sevens=True))
    game = game.apply(game.to_act, Bid(marks=1))  # type: ignore[arg-type]
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    game = game.apply(game.to_act, NameTrump(Trump.CLOSEST_TO_SEVEN, 1))  # type: ignore[arg-type]
    for _ in range(plays):
        game = game.apply(game.to_act, game.legal_actions()[0])  # type: ignore[arg-type]
    return game


def test_H_SEVENS_the_trick_names_its_leader_and_no_suit() -> None:
    """Sevens calls for no suit: the table says who led, and who is winning all the same."""
    seen = observe(sevens_game(2), None)
    assert seen.led is None and seen.winning is not None
    scene = table_scene(seen, NAMES)
    assert scene.lead == f"{ENGLISH.seats[seen.trick[0][0]]} led"
    assert scene.winning == f"{ENGLISH.seats[seen.winning]} is winning"
    assert scene.seats[seen.winning].winning


def test_the_trick_is_told_in_the_readers_language() -> None:
    catalog = translations("pt_BR")
    words = Words().translated(catalog.gettext, catalog.ngettext)
    game = next(g for g in playout("led:pt") if len(g.hand.trick) == 2)
    seen = observe(game, None)
    assert seen.winning is not None and isinstance(seen.led, int)
    scene = table_scene(seen, NAMES, words)
    assert scene.lead == f"{words.seats[seen.trick[0][0]]} saiu de {words.suits[seen.led]}"
    assert scene.winning == f"{words.seats[seen.winning]} está ganhando"


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_R_AWARD_the_last_hand_picture_says_what_the_hand_gave_each_side(
        variant: Variant) -> None:
    """Made or set, then the marks each side won, or in a game kept in points what the hand
    added to each side's score (a set declarer's loss too), as the engine's result has it; the
    alt text says it too."""
    names, words = names_for(variant), table_words(variant)
    seen_hands = 0
    for game in states(variant, "award"):
        summary = summarize(game)
        if game.hand.actions or summary is None or summary.result.redeal:
            continue
        seen_hands += 1
        result = summary.result
        unit, numbers = ("mark", result.marks) if result.score is None else ("point",
                                                                              result.score)
        gained = [f"{words.sides[side]} {'+' if n > 0 else '−'}{abs(n)} {unit}"
                  f"{'' if abs(n) == 1 else 's'}" for side, n in enumerate(numbers) if n]
        scene = last_hand_scene(summary, observe(game, None), names, words)
        made, said = scene.banner.split(" · ", 1)
        assert said == " · ".join(gained or ["nobody scores"])
        assert (" made " in made) == result.made and (" set" in made) != result.made
        assert scene.banner in table_alt(scene)
    assert seen_hands
