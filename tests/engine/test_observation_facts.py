"""Facts the observation states so nobody outside the engine derives them: the suit the trick
in progress calls for (R-LED-SUIT), the tiles that are trumps (R-TRUMP-OWNS) and who is winning
the trick in progress (R-WIN), in every game of the family."""

from __future__ import annotations

import pytest

from engine import (
    FORTY_TWO,
    VARIANTS,
    Bid,
    Deal,
    Domino,
    Game,
    HandState,
    NameTrump,
    NelloDoubles,
    Observation,
    Options,
    Pass,
    Play,
    Seat,
    Trump,
    Variant,
    observe,
    parse_action,
)
from engine.dominoes import TILES
from engine.trumps import Called
from engine.variants import BIG_GAME, EIGHTY_FOUR
from tests.conformance.variants.tricks import VariantTricks

from .helpers import WORKED_DEAL, make_deal, run, start
from .variant_helpers import act, deal_of, random_game_states


def declared(trump: Trump) -> Game:
    """A game whose first bidder bid 30 and named ``trump``; the others passed."""
    game = Game.new("facts")
    game = game.apply(game.to_act, Bid(points=30))  # type: ignore[arg-type]
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    return game.apply(game.to_act, NameTrump(trump))  # type: ignore[arg-type]


def trumps(trump: Trump | None) -> set[Domino]:
    seen = observe(declared(trump) if trump is not None else Game.new("facts"), None)
    return {tile for tile in TILES if seen.is_trump(tile)}


def test_r_trump_owns_the_observation_says_which_tiles_are_trumps() -> None:
    assert trumps(None) == set()
    assert trumps(Trump.FIVES) == {t for t in TILES if t.has(5)}
    assert Domino.parse("5-6") in trumps(Trump.FIVES)
    assert trumps(Trump.DOUBLES) == {t for t in TILES if t.is_double}
    assert trumps(Trump.NONE) == set()


def test_r_led_suit_the_observation_says_what_the_trick_calls_for() -> None:
    game = declared(Trump.SIXES)
    assert observe(game, None).led is None  # nothing led yet
    lead = next(a for a in game.legal_actions() if isinstance(a, Play))
    after = game.apply(game.to_act, lead)  # type: ignore[arg-type]
    seen = observe(after, None)
    expected = Called.TRUMPS if lead.tile.has(6) else lead.tile.high
    assert seen.led == expected
    assert observe(after, after.to_act).led == seen.led  # the same for every seat


# ----- R-WIN: the tile winning the trick in progress ------------------------------------------

def seen_by_all(state: HandState) -> Observation:
    """The spectator's observation of a game whose hand in play is ``state``, checked to say
    the same of the trick in progress as every seat's (R-SEE-TABLE)."""
    zeros = (0,) * state.variant.seating.side_count
    game = Game("facts", state.options, state, marks=zeros, score=zeros)
    spectator = observe(game, None)
    for seat in state.variant.seating.seats:
        seen = observe(game, seat)
        assert (seen.trick, seen.led, seen.winning) == (
            spectator.trick, spectator.led, spectator.winning)
    return spectator


def winning_along(state: HandState, variant: Variant, script: str) -> list[int | None]:
    """Who is winning after each action of ``script`` (seat and action text pairs)."""
    winning = []
    words = script.split()
    for seat, text in zip(words[::2], words[1::2], strict=True):
        state = state.apply(variant.seating.seats[int(seat)], parse_action(text, variant.top))
        found = seen_by_all(state).winning
        winning.append(None if found is None else int(found))
    return winning


def test_R_WIN_the_worked_example_trick_by_trick() -> None:
    """Sixes trump: A's [5|5] wins until D trumps with [6|6]; once the trick is complete it is
    no longer in progress: its winner is told as the completed trick's."""
    state = start(WORKED_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6")
    assert seen_by_all(state).winning is None  # nothing led yet
    script = "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6"
    assert winning_along(state, FORTY_TWO, script) == [0, 0, 0, None]
    done = seen_by_all(run(state, script))
    assert done.completed_trick is not None and done.completed_trick.winner == Seat(3)


def test_R_WIN_a_higher_follower_takes_over_and_a_tile_off_suit_never_does() -> None:
    """R-RANK, R-WIN under no trump: [1|6] leads sixes, [6|6] beats it; [5|5] is no six."""
    deal = make_deal(3, "1-6 0-0 0-1 0-2 0-3 0-4 0-5", "6-6 1-1 1-2 1-3 1-4 1-5 2-2",
                     "5-5 2-3 2-4 2-5 3-3 3-4 3-5", "0-6 2-6 3-6 4-6 5-6 4-4 4-5")
    state = start(deal, "0 bid:30 1 pass 2 pass 3 pass 0 trump:none")
    script = "0 play:1-6 1 play:6-6 2 play:5-5"
    assert winning_along(state, FORTY_TWO, script) == [0, 1, 1]


def test_R_WIN_doubles_trump_a_double_led_calls_the_doubles_the_higher_one_winning() -> None:
    deal = make_deal(3, "2-2 0-1 0-2 0-3 0-4 0-5 0-6", "6-6 1-1 1-2 1-3 1-4 1-5 1-6",
                     "2-3 2-4 2-5 2-6 3-4 3-5 3-6", "0-0 3-3 4-4 5-5 4-5 4-6 5-6")
    state = start(deal, "0 bid:30 1 pass 2 pass 3 pass 0 trump:doubles")
    assert winning_along(state, FORTY_TWO, "0 play:2-2 1 play:6-6 2 play:2-3") == [0, 1, 1]


HOUSE_HANDS = ["0-0 1-1 2-2 0-1 0-2 0-3 0-4", "3-3 4-4 5-5 6-6 1-2 1-3 1-4",
               "0-5 0-6 1-5 1-6 2-3 2-4 2-5", "2-6 3-4 3-5 3-6 4-5 4-6 5-6"]
"""North holds three doubles, East four; West deals, so North bids first and names trump."""


def house_hand(trump: str, **options: object) -> HandState:
    """North bids 1 mark and names ``trump`` under the house rules ``options``."""
    hands = [[Domino.parse(tile) for tile in hand.split()] for hand in HOUSE_HANDS]
    state = HandState.start(Deal.of(3, hands), Options(**options))  # type: ignore[arg-type]
    return run(state, f"0 bid:1m 1 pass 2 pass 3 pass 0 trump:{trump}:1")


def test_H_SEVENS_the_closest_to_seven_is_winning_and_a_tie_stays_with_the_first() -> None:
    """No suit is led under Sevens, but a tile is winning all the same."""
    state = house_hand("sevens", sevens=True)
    script = "0 play:0-4 1 play:3-3 2 play:1-6 3 play:3-4"
    assert winning_along(state, FORTY_TWO, script) == [0, 1, 2, None]
    assert seen_by_all(run(state, "0 play:0-4")).led is None
    assert run(state, script).tricks[0].winner == Seat(2)


@pytest.mark.parametrize(("doubles", "winning", "winner"), [
    (NelloDoubles.HIGH, [0, 1, None], 1), (NelloDoubles.LOW, [0, 0, None], 3)])
def test_H_NELLO_three_to_a_trick_doubles_high_or_low(doubles: NelloDoubles,
                                                      winning: list[int | None],
                                                      winner: int) -> None:
    """The partner sits out; [4|4] is the highest four, or the lowest with doubles low."""
    state = house_hand("nello", nello=True, nello_doubles=doubles)
    script = "0 play:0-4 1 play:4-4 3 play:3-4"
    assert winning_along(state, FORTY_TWO, script) == winning
    assert run(state, script).tricks[0].winner == Seat(winner)


def test_H_NELLO_doubles_as_their_own_suit_rank_by_value() -> None:
    state = house_hand("nello", nello=True, nello_doubles=NelloDoubles.OWN_SUIT)
    assert winning_along(state, FORTY_TWO, "0 play:1-1 1 play:3-3") == [0, 1]
    assert seen_by_all(run(state, "0 play:1-1")).led is Called.DOUBLES


def big_lead(low: bool) -> list[int | None]:
    """The Big Game, fives trump: seat 0 leads [3|7] (as threes when ``low``), seat 1, who
    holds no three, plays [7|8]."""
    deal = deal_of(BIG_GAME, 3, {
        0: "3-7 0-0 0-1 0-2 0-4 0-6 1-1 1-2 1-4 1-6 2-2",
        1: "7-8 4-4 4-6 6-6 2-4 2-6 4-7 6-7 7-7 2-7 1-8"}, leftover="0-3")
    state = act(HandState.start(deal), BIG_GAME,
                "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave 0 trump:5")
    lead = "play:3-7:low" if low else "play:3-7"
    return winning_along(state, BIG_GAME, f"0 {lead} 1 play:7-8")


def test_V_BIG_LEAD_LOW_a_low_lead_is_won_in_the_suit_it_called() -> None:
    """Led as sevens, [7|8] follows and outranks [3|7]; led as threes, it cannot win."""
    assert big_lead(low=False) == [0, 1]
    assert big_lead(low=True) == [0, 0]


def test_V_GEN_TIE_the_first_copy_played_is_winning() -> None:
    deal = deal_of(EIGHTY_FOUR, 7, {0: "6-6 0-0", 1: "6-6 0-1"})
    state = act(HandState.start(deal), EIGHTY_FOUR,
                "0 bid:60 1 pass 2 pass 3 pass 4 pass 5 pass 6 pass 7 pass 0 trump:6")
    assert winning_along(state, EIGHTY_FOUR, "0 play:6-6 1 play:6-6") == [0, 0]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_R_WIN_in_every_game_the_winning_seat_is_the_references(variant: Variant) -> None:
    """Random games: whenever a trick is in progress, the seat the observation says is winning
    is the one an independent statement of R-WIN (V-GEN-TIE, V-BIG-LEAD-LOW) picks among the
    tiles played so far; with no trick in progress, nobody is winning."""
    checked = 0
    for seed in range(4):
        for game in random_game_states(variant, seed, 400):
            seen = observe(game, None)
            if not seen.trick:
                assert seen.winning is None
                continue
            assert seen.trump is not None
            reference = VariantTricks(seen.trump.code, variant.top)
            plays = [(tile.low, tile.high) for _, tile in seen.trick]
            index = reference.winning_index(plays, seen.low_lead)
            assert seen.winning == seen.trick[index][0]
            checked += 1
    assert checked > 50
