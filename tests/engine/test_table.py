"""R-SEATS, R-SET, R-DEAL, R-DEALER, R-ORDER: the table, the tiles and the deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import SEATS, TILES, Deal, Domino, Game, HandState, Seat, Team, parse_action
from engine.errors import MustFollow, NotInHand, NotYourTurn
from engine.seats import FOUR_SEATS

from .helpers import (
    SIXES_DEAL,
    WORKED_DEAL,
    game_with,
    make_deal,
    run,
    run_game,
    start,
    t,
    texts,
    tiles,
)

# ----- R-SEATS --------------------------------------------------------------------------------

def test_R_SEATS_four_seats_clockwise_partners_opposite_teams_by_parity() -> None:
    seating = FOUR_SEATS
    assert [int(s) for s in SEATS] == [0, 1, 2, 3]
    assert [int(seating.next_of[s]) for s in SEATS] == [1, 2, 3, 0]  # left of X: clockwise
    assert [int(seating.partner(s)) for s in SEATS] == [2, 3, 0, 1]
    assert [int(seating.side_of[s]) for s in SEATS] == [0, 1, 0, 1]
    assert seating.members == ((Seat(0), Seat(2)), (Seat(1), Seat(3)))
    assert seating.other_side(Team(0)) == Team(1) and seating.other_side(Team(1)) == Team(0)
    for seat in SEATS:
        assert seating.side_of[seating.partner(seat)] == seating.side_of[seat]
        assert seating.side_of[seating.next_of[seat]] != seating.side_of[seat]


def test_R_SEATS_partners_score_together() -> None:
    # Worked example: B (seat 1) and D (seat 3) are partners; D's trick counts for team 1.
    hand = start(WORKED_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                              "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6")
    assert hand.tricks[0].winner == Seat(3)
    assert hand.points == (0, 16)


# ----- R-SET ----------------------------------------------------------------------------------

def test_R_SET_twenty_eight_distinct_tiles_blank_blank_included() -> None:
    assert len(TILES) == 28
    assert len(set(TILES)) == 28
    pairs = {(d.low, d.high) for d in TILES}
    assert pairs == {(a, b) for b in range(7) for a in range(b + 1)}
    assert (0, 0) in pairs and (6, 6) in pairs
    assert sum(1 for d in TILES if d.is_double) == 7


def test_R_SET_a_tile_parses_from_either_order_and_prints_low_end_first() -> None:
    assert Domino.parse("6-4") == Domino.parse("4-6")
    assert str(Domino.parse("6-4")) == "4-6"
    assert Domino.of(6, 4) == Domino.of(4, 6) == Domino.parse("4-6")
    for a in range(7):
        for b in range(7):
            tile = Domino.parse(f"{a}-{b}")
            assert str(tile) == f"{min(a, b)}-{max(a, b)}"
            assert Domino.parse(str(tile)) == tile
    assert sorted(str(d) for d in TILES) == sorted(
        f"{a}-{b}" for b in range(7) for a in range(b + 1))


@pytest.mark.parametrize("text", ["7-1", "6", "6-4-1", "6|4", "a-b", "", "-1-2", "10-1"])
def test_R_SET_anything_else_is_not_a_tile(text: str) -> None:
    with pytest.raises(ValueError):
        Domino.parse(text)


def test_R_SET_tile_ends_outside_zero_to_six_are_refused() -> None:
    with pytest.raises(ValueError):
        Domino.of(7, 0)
    with pytest.raises(ValueError):
        Domino.of(-1, 3)


# ----- R-DEAL ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", SEATS)
def test_R_DEAL_tile_i_goes_to_seat_dealer_plus_one_plus_i(dealer: Seat) -> None:
    stack = list(TILES)
    random.Random(f"stack {dealer}").shuffle(stack)
    deal = Deal.from_stack(dealer, stack)
    assert deal.dealer == dealer
    for i, tile in enumerate(stack):
        seat = (dealer + 1 + i) % 4
        assert tile in deal.hands[seat]
        # one at a time, clockwise: the seat's j-th tile is the j-th it was given
        assert deal.hands[seat][i // 4] == tile


def test_R_DEAL_seven_tiles_each_no_boneyard() -> None:
    for n in range(20):
        deal = Deal.shuffled(SEATS[n % 4], random.Random(n))
        assert [len(hand) for hand in deal.hands] == [7, 7, 7, 7]
        dealt = [tile for hand in deal.hands for tile in hand]
        assert sorted(dealt) == sorted(TILES)


def test_R_DEAL_first_tile_goes_left_of_the_dealer() -> None:
    stack = list(TILES)
    for dealer in SEATS:
        deal = Deal.from_stack(dealer, stack)
        assert deal.hands[FOUR_SEATS.next_of[dealer]][0] == stack[0]
        assert deal.hands[dealer][0] == stack[3]  # the dealer is served last


def test_R_DEAL_a_stack_must_be_the_whole_set() -> None:
    with pytest.raises(ValueError):
        Deal.from_stack(Seat(0), list(TILES[:27]))
    with pytest.raises(ValueError):
        Deal.from_stack(Seat(0), [*TILES[:27], TILES[0]])


def test_R_DEAL_hands_must_be_seven_distinct_tiles_covering_the_set() -> None:
    good = [list(hand) for hand in SIXES_DEAL.hands]
    with pytest.raises(ValueError):
        Deal.of(0, [good[0][:6], good[1], good[2], good[3] + good[0][6:]])
    with pytest.raises(ValueError):
        Deal.of(0, [good[0], good[0], good[2], good[3]])
    with pytest.raises(ValueError):
        Deal.of(4, good)
    with pytest.raises(ValueError):
        Deal.of(0, good[:3])


def test_R_DEAL_shuffle_is_uniform_enough() -> None:
    # Where [6|6] lands, and which tile the first seat gets first, over many shuffles.
    where = Counter()
    first = Counter()
    n = 2800
    for i in range(n):
        deal = Deal.shuffled(Seat(0), random.Random(i))
        where[next(s for s in SEATS if t("6-6") in deal.hands[s])] += 1
        first[deal.hands[1][0]] += 1
    assert set(where) == set(SEATS)
    assert all(n / 4 * 0.8 < where[s] < n / 4 * 1.2 for s in SEATS), where
    assert len(first) == 28
    assert all(n / 28 * 0.5 < c < n / 28 * 1.6 for c in first.values()), first


def test_R_DEAL_each_hand_of_a_game_is_shuffled_again_reproducibly() -> None:
    game = Game.new("deal seed")
    again = Game.new("deal seed")
    assert game.hand.deal == again.hand.deal
    after = run_all_pass(game)
    assert after.hand.deal.hands != game.hand.deal.hands
    assert Game.new("another seed").hand.deal.hands != game.hand.deal.hands


# ----- R-DEALER -------------------------------------------------------------------------------

def run_all_pass(game: Game) -> Game:
    first = game.to_act
    assert first is not None
    for k in range(4):
        game = game.apply(FOUR_SEATS.after(first, k), parse_action("pass"))
    return game


def test_R_DEALER_first_dealer_is_drawn_uniformly_over_seeds() -> None:
    counts = Counter(Game.new(f"seed {i}").hand.deal.dealer for i in range(800))
    assert set(counts) == set(SEATS)
    assert all(150 < counts[s] < 250 for s in SEATS), counts


def test_R_DEALER_deal_moves_clockwise_after_all_pass_hands() -> None:
    game = Game.new("rotation")
    first = game.hand.deal.dealer
    for k in range(1, 9):
        game = run_all_pass(game)
        assert game.hand_number == k + 1
        assert game.hand.deal.dealer == FOUR_SEATS.after(first, k)
        assert game.to_act == FOUR_SEATS.after(first, k + 1)  # R-AUCTION: left of the new dealer


def test_R_DEALER_deal_moves_clockwise_after_a_played_hand() -> None:
    game = game_with(WORKED_DEAL)
    game = run_game(game, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                          "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6")
    assert game.hand_number == 2
    assert game.hand.deal.dealer == Seat(0)  # the worked example's dealer was seat 3
    assert game.to_act == Seat(1)


# ----- R-ORDER --------------------------------------------------------------------------------

def test_R_ORDER_hands_start_in_dealt_order() -> None:
    hand = HandState.start(SIXES_DEAL)
    for seat in SEATS:
        assert hand.hand_of(seat) == SIXES_DEAL.hands[seat]
    assert texts(hand.hand_of(Seat(1))) == ["5-5", "2-3", "0-0", "0-1", "0-2", "0-3", "0-4"]


def test_R_ORDER_playing_a_tile_keeps_the_others_in_order() -> None:
    hand = start(SIXES_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:4-6 1 play:0-1")
    assert texts(hand.hand_of(Seat(0))) == ["6-6", "5-6", "3-6", "2-6", "1-6", "0-6"]
    assert texts(hand.hand_of(Seat(1))) == ["5-5", "2-3", "0-0", "0-2", "0-3", "0-4"]
    hand = run(hand, "2 play:1-3 3 play:3-5")
    assert texts(hand.hand_of(Seat(2))) == ["0-5", "1-1", "1-2", "1-4", "1-5", "2-2"]
    assert texts(hand.hand_of(Seat(3))) == ["2-4", "2-5", "3-3", "3-4", "4-4", "4-5"]


def test_R_ORDER_a_refused_action_changes_nothing_order_included() -> None:
    script = "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:5-5"
    hand = start(WORKED_DEAL, script)
    before = [hand.hand_of(s) for s in SEATS]
    for seat, text, error in [(1, "play:1-1", MustFollow), (1, "play:6-6", NotInHand),
                              (2, "play:0-5", NotYourTurn)]:
        with pytest.raises(error):
            hand.apply(Seat(seat), parse_action(text))
        assert [hand.hand_of(s) for s in SEATS] == before
        assert hand == start(WORKED_DEAL, script)
    assert texts(hand.hand_of(Seat(1))) == ["3-5", "1-5", "1-1", "1-2", "1-3", "1-4", "1-6"]


def test_R_ORDER_dealt_order_is_not_sorted_order() -> None:
    deal = make_deal(0, "6-6 0-0 3-4 1-2 5-6 0-1 2-2", "0-2 0-3 0-4 0-5 0-6 1-1 1-3",
                     "1-4 1-5 1-6 2-3 2-4 2-5 2-6", "3-3 3-5 3-6 4-4 4-5 4-6 5-5")
    hand = HandState.start(deal)
    assert hand.hand_of(Seat(0)) == tiles("6-6 0-0 3-4 1-2 5-6 0-1 2-2")
