"""The seven other games of the 42 family (VARIANTS.md), each rule by its V-id."""

from __future__ import annotations

import random

import pytest

from engine import (
    DEFAULT_OPTIONS,
    Deal,
    Domino,
    Game,
    HandResult,
    HandState,
    Observation,
    Phase,
    Seat,
    Team,
    observe,
    review,
)
from engine.actions import Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from engine.errors import IllegalBid, IllegalDiscard, IllegalPlay, MustFollow
from engine.game import tally
from engine.hand.scoring import _moon_result, _points_result
from engine.records import Contract
from engine.trumps import SPECIAL_SUIT, Trump
from engine.variants import (
    BIG_GAME,
    EIGHTY_FOUR,
    FORTY_TWO,
    GEEZER,
    MOON,
    ONE_FORTY,
    SEVENTY_TWO,
    THREE_HAND,
    VARIANTS,
    Variant,
)

from .variant_helpers import act, deal_of, random_hand, refused, texts, tiles_of

OTHERS = [MOON, THREE_HAND, BIG_GAME, ONE_FORTY, GEEZER, SEVENTY_TWO, EIGHTY_FOUR]
#: Points when every trick is played (V-MOON-POINTS, V-THREE-POINTS, V-BIG-POINTS, …).
TOTALS = {"moon": 7, "three": 44, "big": 66, "140": 140, "geezer": 54, "72": 70, "84": 84}


def t(variant: Variant, text: str) -> Domino:
    return tiles_of(variant, text)[0]


# ----- V-GEN ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "tiles", "faces", "leftover"), [
    (MOON, 22, 22, 1), (THREE_HAND, 27, 27, 0), (BIG_GAME, 45, 45, 1), (ONE_FORTY, 55, 55, 1),
    (GEEZER, 36, 36, 0), (SEVENTY_TWO, 42, 21, 2), (EIGHTY_FOUR, 56, 28, 0)],
    ids=lambda v: v.name if isinstance(v, Variant) else str(v))
def test_V_GEN_SET_each_set_and_its_leftover(variant: Variant, tiles: int, faces: int,
                                             leftover: int) -> None:
    assert len(variant.tiles) == tiles and len({t.face for t in variant.tiles}) == faces
    assert variant.leftover == leftover
    assert all(t.high <= variant.top for t in variant.tiles)


def test_V_GEN_SET_two_copies_are_the_same_tile_and_a_hand_may_hold_both() -> None:
    deal = deal_of(EIGHTY_FOUR, 7, {0: "6-6 6-6 5-5 5-5 4-4 4-4 3-3"})
    first, second = deal.hands[0][0], deal.hands[0][1]
    assert first != second and first.face == second.face and str(first) == str(second)
    assert first.face == first  # the copy written first is the first copy
    with pytest.raises(ValueError):
        deal_of(EIGHTY_FOUR, 7, {0: "6-6 6-6 6-6 5-5 4-4 4-4 3-3"})  # a face three times


def test_V_GEN_SUITS_suits_follow_the_set() -> None:
    assert Trump.of_suit(8) in BIG_GAME.trumps and Trump.of_suit(9) not in BIG_GAME.trumps
    assert Trump.of_suit(9) in ONE_FORTY.trumps and Trump.of_suit(7) in GEEZER.trumps
    assert Trump.BLANKS not in SEVENTY_TWO.trumps and len(SEVENTY_TWO.trumps) == 8
    assert Trump.of_suit(8).code == "8" and Trump.parse("8", top=8) is Trump.of_suit(8)
    with pytest.raises(ValueError):
        Trump.parse("8")  # not in 42's set


def test_V_GEN_SUITS_ranks_with_N_for_six() -> None:
    """R-RANK with nine for six: in nines the double is highest, then [8|9]."""
    tables = ONE_FORTY.tables
    model = int(Trump.of_suit(9))
    power = tables.power[model][tables.led[model][t(ONE_FORTY, "9-9")]]
    order = sorted(tiles_of(ONE_FORTY, "0-9 8-9 9-9 5-9"), key=lambda x: -power[x])
    assert [str(x) for x in order] == ["9-9", "8-9", "5-9", "0-9"]


def test_V_GEN_TIE_the_first_played_of_two_copies_wins() -> None:
    """84: seats 0 and 1 hold a [6|6] each; seat 1 plays the second copy after seat 0."""
    deal = deal_of(EIGHTY_FOUR, 7, {0: "6-6 0-0", 1: "6-6 0-1"})
    state = act(HandState.start(deal), EIGHTY_FOUR,
                "0 bid:60 1 pass 2 pass 3 pass 4 pass 5 pass 6 pass 7 pass 0 trump:6 "
                "0 play:6-6 1 play:6-6")
    for seat in range(2, 8):
        state = state.apply(Seat(seat), state.legal_actions()[0])
    assert state.tricks[0].winner == Seat(0)
    assert state.tricks[0].tiles[1] != state.tricks[0].tiles[0]  # two tiles, one face


@pytest.mark.parametrize(("variant", "sides"), [
    (MOON, [0, 1, 2]), (THREE_HAND, [0, 1, 2]), (BIG_GAME, [0, 1, 0, 1]),
    (ONE_FORTY, [0, 1, 2, 0, 1, 2]), (GEEZER, [0, 1, 0, 1]), (SEVENTY_TWO, [0, 1, 0, 1]),
    (EIGHTY_FOUR, [0, 1, 0, 1, 0, 1, 0, 1])], ids=lambda v: getattr(v, "name", ""))
def test_V_GEN_SEATS_sides_of_each_table(variant: Variant, sides: list[int]) -> None:
    """V-MOON-TABLE, V-THREE-TABLE, V-BIG-TABLE, V-140-TABLE, V-GEEZER-TABLE, V-72-TABLE,
    V-84-TABLE."""
    assert list(variant.seating.side_of) == sides
    assert variant.seating.has_teams == (len(set(sides)) < len(sides))
    assert [int(s) for s in variant.seating.next_of] == [*range(1, len(sides)), 0]


@pytest.mark.parametrize("variant", OTHERS, ids=lambda v: v.name)
def test_V_GEN_DEAL_tile_i_to_the_left_of_the_dealer_first_and_the_rest_left_over(
        variant: Variant) -> None:
    stack = list(variant.tiles)
    random.Random(3).shuffle(stack)
    players = variant.seating.count
    dealer = Seat(players - 1)
    deal = Deal.from_stack(dealer, stack, variant)
    dealt = players * variant.hand_size
    for i, tile in enumerate(stack[:dealt]):
        assert deal.hands[(dealer + 1 + i) % players][i // players].face == tile.face
    assert [x.face for x in deal.leftover] == [x.face for x in stack[dealt:]]


def test_V_GEN_POINTS_a_bid_of_a_kind_the_game_does_not_have_is_refused() -> None:
    moon = HandState.start(deal_of(MOON, 2, {}))
    assert isinstance(refused(moon, MOON, 0, "bid:1m"), IllegalBid)
    assert isinstance(refused(moon, MOON, 0, "bid:3m:splash"), IllegalBid)
    one_forty = HandState.start(deal_of(ONE_FORTY, 5, {}))
    assert isinstance(refused(one_forty, ONE_FORTY, 0, "bid:moon"), IllegalBid)
    big = HandState.start(deal_of(BIG_GAME, 3, {0: "0-0 1-1 2-2 3-3 4-4"}))
    assert isinstance(refused(big, BIG_GAME, 0, "bid:2m:dip"), IllegalBid)


@pytest.mark.parametrize("variant", OTHERS, ids=lambda v: v.name)
def test_V_GEN_POINTS_every_trick_played_adds_up_to_the_games_total(variant: Variant) -> None:
    """Conservation: 7, 44, 66, 140, 54, 70, 84 points when every trick is played; a hand
    that ends early leaves the rest in the tricks and counters not played."""
    rng = random.Random(variant.name)
    assert variant.total_points == TOTALS[variant.name]
    for _ in range(150):
        hand = random_hand(variant, rng)
        if hand.contract is None:
            continue
        seats = variant.seating.seats
        held = sum(variant.count[x] for s in seats for x in hand.hand_of(s))
        laid = 0 if variant is SEVENTY_TWO else sum(  # 72 gives them to the defenders
            variant.count[x] for s in seats for x in hand.discards_of(s))
        left = variant.trick_value * (variant.hand_size - len(hand.tricks))
        assert sum(hand.points) + held + laid + left == variant.total_points
        if len(hand.tricks) == variant.hand_size and not laid:
            assert sum(hand.points) == variant.total_points


def test_V_GEN_WINNER_several_past_the_target_the_highest_wins_and_a_tie_deals_again() -> None:
    hand = act(HandState.start(deal_of(ONE_FORTY, 5, {})), ONE_FORTY,
               "0 pass 1 bid:100 2 pass 3 pass 4 pass 5 pass")
    finished = hand._replace(result=_points_result(ONE_FORTY, hand.contract,  # type: ignore[arg-type]
                                                   (40, 60, 40), made=False))
    # The declarers (team 1) are set and not at 500: of the others, the higher total wins.
    assert tally(finished.options, (0, 0, 0), (470, 300, 480), finished).winner == Team(2)
    assert tally(finished.options, (0, 0, 0), (480, 300, 480), finished).winner is None


# ----- V-MOON -----------------------------------------------------------------------------------

MOON_DEAL = deal_of(MOON, 2, {0: "6-6 5-5 4-4 5-6 4-6 3-6 2-6", 1: "0-0 1-1 2-2 1-2 1-3 1-4 1-5",
                              2: "3-3 2-3 2-4 2-5 3-4 3-5 4-5"}, leftover="1-6")


def test_V_MOON_SET_twenty_two_tiles_and_one_blank() -> None:
    assert len(MOON.tiles) == 22
    assert sum(1 for x in MOON.tiles if x.has(0)) == 1  # [0|0] is the only blank


def test_V_MOON_DEAL_seven_each_and_a_widow() -> None:
    assert [len(h) for h in MOON_DEAL.hands] == [7, 7, 7] and len(MOON_DEAL.leftover) == 1


def test_V_MOON_AUCTION_numbers_then_moon_then_over_the_moon() -> None:
    state = HandState.start(MOON_DEAL)
    assert texts(state.legal_actions()) == ["pass", "bid:4", "bid:5", "bid:6", "bid:7",
                                            "bid:moon"]
    state = act(state, MOON, "0 bid:5")
    assert texts(state.legal_actions()) == ["pass", "bid:6", "bid:7", "bid:moon"]
    state = act(state, MOON, "1 bid:moon")
    assert texts(state.legal_actions()) == ["pass", "bid:over_moon"]
    assert isinstance(refused(state, MOON, 2, "bid:7"), IllegalBid)
    state = act(state, MOON, "2 bid:over_moon")
    assert state.contract == Contract(Seat(2), Bid(kind=BidKind.OVER_MOON))


def test_V_MOON_ALLPASS_nobody_scores_and_the_deal_moves_on() -> None:
    state = act(HandState.start(MOON_DEAL), MOON, "0 pass 1 pass 2 pass")
    assert state.result is not None and state.result.redeal
    assert state.result.score == (0, 0, 0)


def test_V_MOON_WIDOW_the_declarer_discards_one_of_eight_then_names_trump() -> None:
    state = act(HandState.start(MOON_DEAL), MOON, "0 bid:6 1 pass 2 pass")
    assert state.phase is Phase.DISCARD and state.to_act == Seat(0)
    assert [str(x) for x in state.hand_of(Seat(0))][-1] == "1-6"  # the widow, last
    assert len(state.legal_actions()) == 8  # any tile, the widow included
    assert observe_hand(state, 0).leftover == MOON_DEAL.leftover
    assert observe_hand(state, 1).leftover == ()
    state = act(state, MOON, "0 discard:2-6")
    assert state.phase is Phase.TRUMP and len(state.hand_of(Seat(0))) == 7
    assert all(a.piles is None for a in state.legal_actions())  # type: ignore[union-attr]


def observe_hand(state: HandState, seat: int) -> Observation:
    zeros = (0,) * len(state.points)
    return observe(Game("s", DEFAULT_OPTIONS, state, marks=zeros, score=zeros), Seat(seat))


def test_V_MOON_POINTS_a_trick_is_worth_one_and_no_tile_counts() -> None:
    assert MOON.total_points == 7 and not any(MOON.count[x] for x in MOON.tiles)


def test_V_MOON_SCORE_a_number_made_set_and_the_others_tricks() -> None:
    made = _moon_result(MOON, Contract(Seat(0), Bid(points=5)), (5, 2, 0), made=True)
    assert made.score == (5, 2, 0)
    set_ = _moon_result(MOON, Contract(Seat(0), Bid(points=5)), (4, 2, 1), made=False)
    assert set_.score == (-5, 2, 1)
    moon = _moon_result(MOON, Contract(Seat(1), Bid(kind=BidKind.MOON)), (0, 7, 0), made=True)
    over = _moon_result(MOON, Contract(Seat(1), Bid(kind=BidKind.OVER_MOON)), (1, 0, 0),
                        made=False)
    assert moon.score == (0, 21, 0) and over.score == (1, -42, 0)


def test_V_MOON_END_a_moon_ends_at_the_first_trick_the_declarer_loses() -> None:
    state = act(HandState.start(MOON_DEAL), MOON, "0 pass 1 bid:moon 2 pass 1 discard:1-6 "
                "1 trump:none 1 play:1-5 2 play:4-5 0 play:5-5")
    assert state.is_over and len(state.tricks) == 1
    assert state.result is not None and state.result.score == (1, -21, 0)


def test_V_MOON_GAME_the_declarer_at_21_wins_else_the_highest_else_another_hand() -> None:
    hand = act(HandState.start(MOON_DEAL), MOON, "0 bid:4 1 pass 2 pass")
    won = hand._replace(result=_moon_result(MOON, hand.contract,  # type: ignore[arg-type]
                                            (5, 1, 1), True))
    assert tally(won.options, (0, 0, 0), (17, 21, 0), won).winner == Team(0)  # 22 and 22
    assert tally(won.options, (0, 0, 0), (10, 21, 0), won).winner == Team(1)
    assert tally(won.options, (0, 0, 0), (10, 21, 21), won).winner is None


# ----- V-THREE ----------------------------------------------------------------------------------

THREE_DEAL = deal_of(THREE_HAND, 2, {})


def test_V_THREE_SET_no_blank_ace_and_nine_each() -> None:
    assert t(FORTY_TWO, "0-1") not in THREE_HAND.tiles and THREE_HAND.hand_size == 9


def test_V_THREE_POINTS_42s_counters_and_nine_tricks_make_44() -> None:
    assert sum(THREE_HAND.count[x] for x in THREE_HAND.tiles) == 35
    assert THREE_HAND.total_points == 44


def test_V_THREE_AUCTION_bids_30_to_43_and_marks() -> None:
    legal = texts(HandState.start(THREE_DEAL).legal_actions())
    assert legal == ["pass", *(f"bid:{p}" for p in range(30, 44)), "bid:1m", "bid:2m"]


def test_V_THREE_AWARD_the_declarer_alone_and_each_defender_scores_a_set() -> None:
    state = act(HandState.start(THREE_DEAL), THREE_HAND, "0 bid:1m 1 pass 2 pass 0 trump:none:1")
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(state.to_act, state.legal_actions()[-1])
    if state.result.made:
        assert state.result.marks == (1, 0, 0)
    else:  # set at the defenders' first trick, and each defender gets the mark
        assert state.result.marks == (0, 1, 1)
        assert state.tricks[-1].winner != Seat(0) and all(
            tr.winner == Seat(0) for tr in state.tricks[:-1])


def test_V_THREE_CONTRACT_set_once_the_defenders_together_hold_more_than_44_minus_bid() -> None:
    rng = random.Random(8)
    checked = 0
    while checked < 20:
        hand = random_hand(THREE_HAND, rng)
        if hand.contract is None or hand.contract.is_marks or hand.result is None:
            continue
        declarer = hand.contract.declarer
        defenders = sum(hand.points) - hand.points[declarer]
        if hand.result.made:
            assert hand.points[declarer] >= hand.contract.bid.points
        else:
            assert defenders > 44 - hand.contract.bid.points
        checked += 1


def test_V_THREE_GAME_more_marks_wins_and_equal_deals_again() -> None:
    hand = act(HandState.start(THREE_DEAL), THREE_HAND, "0 bid:30 1 pass 2 pass")
    set_ = hand._replace(result=hand.result or _set_result(hand))
    assert tally(set_.options, (6, 5, 5), (0, 0, 0), set_).winner is None  # 6, 6, 6
    assert tally(set_.options, (6, 6, 6), (0, 0, 0), set_).winner is None  # 6, 7, 7
    assert tally(set_.options, (6, 7, 6), (0, 0, 0), set_).winner == Team(1)  # 6, 8, 7


def _set_result(hand: HandState) -> HandResult:
    return HandResult(False, False, (0, 1, 1))


# ----- V-BIG ------------------------------------------------------------------------------------

def big_deal(leftover: str) -> Deal:
    return deal_of(BIG_GAME, 3, {0: "3-7 2-8 8-8 7-8 6-8 5-8 4-8 0-8 1-8 0-7 1-7"},
                   leftover=leftover)


def test_V_BIG_SET_double_eight_eleven_each() -> None:
    assert BIG_GAME.top == 8 and BIG_GAME.hand_size == 11 and len(BIG_GAME.tiles) == 45


def test_V_BIG_POINTS_the_seeds_counters_and_eleven_tricks_make_66() -> None:
    assert BIG_GAME.total_points == 66
    assert sum(BIG_GAME.count[x] for x in BIG_GAME.tiles) == 55
    assert BIG_GAME.count[t(BIG_GAME, "7-8")] == 0 and BIG_GAME.count[t(BIG_GAME, "3-7")] == 10


def test_V_BIG_AUCTION_round_and_round_until_all_but_the_highest_passed() -> None:
    state = act(HandState.start(big_deal("0-0")), BIG_GAME, "0 bid:42 1 bid:43 2 pass 3 pass")
    assert state.phase is Phase.AUCTION and state.to_act == Seat(0)
    assert "bid:44" in texts(state.legal_actions()) and "bid:43" not in texts(
        state.legal_actions())
    state = act(state, BIG_GAME, "0 bid:50 1 pass")
    assert state.contract == Contract(Seat(0), Bid(points=50))
    allpass = act(HandState.start(big_deal("0-0")), BIG_GAME, "0 pass 1 pass 2 pass 3 pass")
    assert allpass.result is not None and allpass.result.redeal


def test_V_BIG_LEFTOVER_a_counter_must_be_taken_and_a_counter_is_never_discarded() -> None:
    state = act(HandState.start(big_deal("5-5")), BIG_GAME, "0 bid:42 1 pass 2 pass 3 pass")
    assert state.phase is Phase.LEFTOVER and texts(state.legal_actions()) == ["leftover:take"]
    assert isinstance(refused(state, BIG_GAME, 0, "leftover:leave"), IllegalDiscard)
    state = act(state, BIG_GAME, "0 leftover:take")
    assert state.phase is Phase.DISCARD and len(state.hand_of(Seat(0))) == 12
    discards = {a.tiles[0] for a in state.legal_actions()}  # type: ignore[union-attr]
    assert not any(BIG_GAME.count[x] for x in discards) and len(discards) == 9
    assert isinstance(refused(state, BIG_GAME, 0, "discard:3-7"), IllegalDiscard)
    state = act(state, BIG_GAME, "0 discard:0-8")
    assert state.phase is Phase.TRUMP and len(state.hand_of(Seat(0))) == 11
    left = act(HandState.start(big_deal("0-0")), BIG_GAME,
               "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave")
    assert left.phase is Phase.TRUMP and len(left.hand_of(Seat(0))) == 11


def test_V_BIG_LEAD_LOW_a_plain_3_7_or_2_8_may_lead_its_lower_end() -> None:
    state = act(HandState.start(big_deal("0-0")), BIG_GAME,
                "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave 0 trump:5")
    legal = texts(state.legal_actions())
    assert "play:3-7:low" in legal and "play:2-8:low" in legal and "play:8-8:low" not in legal
    low = act(state, BIG_GAME, "0 play:3-7:low")
    assert low.suit == 3 and observe_hand(low, 1).low_lead
    follows = {a.tile for a in low.legal_actions()}  # type: ignore[union-attr]
    assert all(x.has(3) for x in follows) or not any(
        x.has(3) for x in low.hand_of(Seat(1)))
    eights = act(HandState.start(big_deal("0-0")), BIG_GAME,
                 "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave 0 trump:8")
    assert "play:3-7:low" in texts(eights.legal_actions())  # [3|7] is no eight
    sevens = act(HandState.start(big_deal("0-0")), BIG_GAME,
                 "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave 0 trump:7")
    assert isinstance(refused(sevens, BIG_GAME, 0, "play:3-7:low"), IllegalPlay)
    assert isinstance(refused(state, BIG_GAME, 0, "play:8-8:low"), IllegalPlay)


def test_V_BIG_SCORE_points_like_the_250_game_with_66() -> None:
    contract = Contract(Seat(0), Bid(points=50))
    assert _points_result(BIG_GAME, contract, (52, 14), made=True).score == (52, 14)
    assert _points_result(BIG_GAME, contract, (40, 26), made=False).score == (0, 76)
    marks = Contract(Seat(1), Bid(marks=2))
    assert _points_result(BIG_GAME, marks, (0, 66), made=True).score == (0, 132)


def test_V_BIG_GAME_first_team_at_400_and_the_declarers_if_both() -> None:
    hand = act(HandState.start(big_deal("0-0")), BIG_GAME, "0 bid:42 1 pass 2 pass 3 pass")
    done = hand._replace(result=_points_result(BIG_GAME, hand.contract,  # type: ignore[arg-type]
                                               (50, 16), True))
    assert tally(done.options, (0, 0), (360, 390), done).winner == Team(0)
    assert tally(done.options, (0, 0), (300, 390), done).winner == Team(1)
    assert tally(done.options, (0, 0), (300, 300), done).winner is None


# ----- V-140 ------------------------------------------------------------------------------------

BONEYARD_DEAL = deal_of(ONE_FORTY, 5, {0: "0-5 1-4 2-3 1-9 2-8 3-7 4-6 5-5 6-9"},
                        leftover="0-0")


def test_V_140_SET_double_nine_nine_each_and_a_boneyard_tile() -> None:
    assert ONE_FORTY.top == 9 and len(ONE_FORTY.tiles) == 55 and ONE_FORTY.leftover == 1


def test_V_140_POINTS_counters_by_pips_and_nine_tricks_of_five() -> None:
    assert sum(ONE_FORTY.count[x] for x in ONE_FORTY.tiles) == 95
    assert all(ONE_FORTY.count[x] == (x.pips if x.pips in (5, 10, 15) else 0)
               for x in ONE_FORTY.tiles)
    assert ONE_FORTY.trick_value == 5 and ONE_FORTY.total_points == 140


def test_V_140_AUCTION_100_to_135_in_steps_of_five() -> None:
    state = HandState.start(BONEYARD_DEAL)
    assert texts(state.legal_actions()) == ["pass", *(f"bid:{p}" for p in range(100, 136, 5)),
                                            "bid:1m", "bid:2m"]
    assert "steps of 5" in refused(state, ONE_FORTY, 0, "bid:103").message


def test_V_140_BONEYARD_exchange_one_tile_never_a_counter_unless_all_are() -> None:
    state = act(HandState.start(BONEYARD_DEAL), ONE_FORTY,
                "0 bid:100 1 pass 2 pass 3 pass 4 pass 5 pass")
    assert state.phase is Phase.DISCARD and len(state.hand_of(Seat(0))) == 10
    assert texts(state.legal_actions()) == ["discard:0-0"]  # nine counters and the boneyard
    all_counters = deal_of(ONE_FORTY, 5, {0: "0-5 1-4 2-3 1-9 2-8 3-7 4-6 5-5 6-9"},
                           leftover="7-8")
    state = act(HandState.start(all_counters), ONE_FORTY,
                "0 bid:100 1 pass 2 pass 3 pass 4 pass 5 pass")
    assert len(state.legal_actions()) == 10


def test_V_140_SCORE_set_declarers_score_minus_the_bid() -> None:
    contract = Contract(Seat(1), Bid(points=110))
    assert _points_result(ONE_FORTY, contract, (30, 100, 10), made=False).score == (30, -110, 10)
    assert _points_result(ONE_FORTY, contract, (20, 115, 5), made=True).score == (20, 115, 5)
    marks = Contract(Seat(1), Bid(marks=1))
    assert _points_result(ONE_FORTY, marks, (0, 140, 0), made=True).score == (0, 140, 0)


def test_V_140_GAME_the_declarers_if_among_those_at_500() -> None:
    hand = act(HandState.start(BONEYARD_DEAL), ONE_FORTY,
               "0 bid:100 1 pass 2 pass 3 pass 4 pass 5 pass")
    done = hand._replace(result=_points_result(ONE_FORTY, hand.contract,  # type: ignore[arg-type]
                                               (100, 30, 10), True))
    assert tally(done.options, (0, 0, 0), (400, 490, 400), done).winner == Team(0)


# ----- V-GEEZER ---------------------------------------------------------------------------------

GEEZER_DEAL = deal_of(GEEZER, 3, {1: "0-0 1-1 2-2 3-3 4-4 0-7 1-7 2-7 3-7"})


def test_V_GEEZER_SET_double_seven_nine_each() -> None:
    assert len(GEEZER.tiles) == 36 and GEEZER.hand_size == 9 and GEEZER.leftover == 0


def test_V_GEEZER_POINTS_42s_counters_and_3_7_make_54() -> None:
    assert GEEZER.total_points == 54
    assert GEEZER.count[t(GEEZER, "3-7")] == 10


def test_V_GEEZER_AUCTION_one_mark_between_45_and_46() -> None:
    state = act(HandState.start(GEEZER_DEAL), GEEZER, "0 bid:45")
    assert "bid:1m" in texts(state.legal_actions())
    state = act(state, GEEZER, "1 bid:1m")
    legal = texts(state.legal_actions())
    assert "bid:45" not in legal and "bid:46" in legal and "bid:2m" in legal
    state = act(state, GEEZER, "2 bid:46")
    legal = texts(state.legal_actions())
    assert "bid:1m" not in legal and "bid:2m" in legal and "bid:47" in legal
    assert isinstance(refused(state, GEEZER, 3, "bid:3m"), IllegalBid)


def test_V_GEEZER_WATER_dip_dive_and_plunge_by_doubles_and_the_partner_names_trump() -> None:
    state = act(HandState.start(GEEZER_DEAL), GEEZER, "0 pass")
    water = [a for a in state.legal_actions() if isinstance(a, Bid) and a.kind is not BidKind.PLAIN]
    assert texts(tuple(water)) == ["bid:2m:dip", "bid:3m:dive", "bid:4m:plunge"]
    state = act(state, GEEZER, "1 bid:3m:dive 2 pass 3 pass")
    assert state.phase is Phase.TRUMP and state.to_act == Seat(3)
    state = act(state, GEEZER, "3 trump:7:1")
    assert state.to_act == Seat(3) and state.leader == Seat(3)
    assert isinstance(refused(HandState.start(GEEZER_DEAL), GEEZER, 0, "bid:2m:dip"), IllegalBid)


def test_V_GEEZER_SCORE_marks_and_early_end_with_54() -> None:
    state = act(HandState.start(GEEZER_DEAL), GEEZER,
                "0 bid:53 1 pass 2 pass 3 pass 0 trump:7")
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(state.to_act, state.legal_actions()[0])
    assert state.result.marks in ((1, 0), (0, 1))
    if not state.result.made:
        assert state.points[1] > 54 - 53


# ----- V-72 -------------------------------------------------------------------------------------

WIDOW_DEAL = deal_of(SEVENTY_TWO, 3, {0: "6-6 5-6 4-6 3-6 2-6 1-6 5-5 1-4 2-3 1-1"},
                     leftover="4-6 1-2")


def test_V_72_SET_no_blanks_two_copies_ten_each_and_a_widow_of_two() -> None:
    assert not any(x.has(0) for x in SEVENTY_TWO.tiles) and SEVENTY_TWO.hand_size == 10
    assert len(SEVENTY_TWO.tiles) == 42 and SEVENTY_TWO.leftover == 2


def test_V_72_POINTS_counters_per_copy_and_ten_tricks_make_70() -> None:
    assert sum(SEVENTY_TWO.count[x] for x in SEVENTY_TWO.tiles) == 60
    assert SEVENTY_TWO.total_points == 70


def test_V_72_AUCTION_40_to_69() -> None:
    legal = texts(HandState.start(WIDOW_DEAL).legal_actions())
    assert legal[1] == "bid:40" and legal[-3] == "bid:69"


def test_V_72_WIDOW_after_trump_free_tiles_first_counters_to_the_defenders() -> None:
    state = act(HandState.start(WIDOW_DEAL), SEVENTY_TWO, "0 bid:40 1 pass 2 pass 3 pass 0 trump:6")
    assert state.phase is Phase.DISCARD and len(state.hand_of(Seat(0))) == 12
    # Free tiles (no six, no counter): [1|1] and [1|2]: both must go.
    assert texts(state.legal_actions()) == ["discard:1-1,1-2"]
    assert isinstance(refused(state, SEVENTY_TWO, 0, "discard:1-1,2-3"), IllegalDiscard)
    state = act(state, SEVENTY_TWO, "0 discard:1-1,1-2")
    assert state.phase is Phase.PLAY and state.to_act == Seat(0) and state.points == (0, 0)


def test_V_72_WIDOW_a_discarded_trump_is_shown_and_a_counter_scores_for_the_defenders() -> None:
    state = act(HandState.start(WIDOW_DEAL), SEVENTY_TWO, "0 bid:40 1 pass 2 pass 3 pass 0 trump:1")
    # Trumps are ones; free tiles: [6|6] [3|6] [2|6] only... all but these are trumps or counters
    free = {str(a) for a in state.legal_actions()}
    assert "discard:2-6,3-6" in free and "discard:1-1,1-4" not in free
    trumps_and_counters = deal_of(SEVENTY_TWO, 3, {0: "1-1 1-2 1-3 1-5 1-6 1-4 2-3 4-6 5-5 4-6"},
                                  leftover="1-1 2-3")
    many = act(HandState.start(trumps_and_counters), SEVENTY_TWO,
               "0 bid:40 1 pass 2 pass 3 pass 0 trump:1")
    assert all(len(a.tiles) == 2 for a in many.legal_actions())  # type: ignore[union-attr]
    many = act(many, SEVENTY_TWO, "0 discard:1-1,2-3")
    assert many.points == (0, 5)  # the [2|3]'s five go to the defenders
    assert [str(x) for x in observe_hand(many, 1).face_up_discards] == ["1-1"]
    assert observe_hand(many, 0).discards == many.discards_of(Seat(0))
    assert observe_hand(many, 1).discards == ()


def test_V_72_SCORE_a_points_contract_can_be_set_before_the_first_lead() -> None:
    deal = deal_of(SEVENTY_TWO, 3, {0: "1-4 1-4 2-3 2-3 4-6 4-6 5-5 5-5 6-6 5-6"},
                   leftover="1-1 2-2")
    state = act(HandState.start(deal), SEVENTY_TWO, "0 bid:69 1 pass 2 pass 3 pass 0 trump:doubles")
    pairs = {str(a) for a in state.legal_actions()}
    assert "discard:1-4,5-6" in pairs
    state = act(state, SEVENTY_TWO, "0 discard:1-4,5-6")
    assert state.points == (0, 5) and state.is_over  # 5 > 70 - 69
    assert state.result is not None and state.result.marks == (0, 1)


# ----- V-84 -------------------------------------------------------------------------------------

def test_V_84_SET_two_sets_seven_each() -> None:
    assert len(EIGHTY_FOUR.tiles) == 56 and EIGHTY_FOUR.hand_size == 7


def test_V_84_POINTS_tricks_worth_two_make_84() -> None:
    assert EIGHTY_FOUR.trick_value == 2
    assert EIGHTY_FOUR.total_points == 84


def test_V_84_AUCTION_one_round_of_eight_bids_60_to_83() -> None:
    state = HandState.start(deal_of(EIGHTY_FOUR, 7, {}))
    legal = texts(state.legal_actions())
    assert legal[1] == "bid:60" and legal[-3] == "bid:83"
    state = act(state, EIGHTY_FOUR, " ".join(f"{s} pass" for s in range(7)))
    assert state.to_act == Seat(7) and state.phase is Phase.AUCTION


def test_V_84_SCORE_marks_with_early_end_at_84() -> None:
    state = act(HandState.start(deal_of(EIGHTY_FOUR, 7, {})), EIGHTY_FOUR,
                "0 bid:1m " + " ".join(f"{s} pass" for s in range(1, 8)) + " 0 trump:none:2")
    while state.result is None:
        assert state.to_act is not None
        state = state.apply(state.to_act, state.legal_actions()[0])
    assert state.result.marks == ((1, 0) if state.result.made else (0, 1))
    assert all(tr.points == 2 + sum(EIGHTY_FOUR.count[x] for x in tr.tiles)
               for tr in state.tricks)


# ----- V-GEN-DISCARD, V-GEN-SEE -----------------------------------------------------------------

@pytest.mark.parametrize("variant", [MOON, BIG_GAME, ONE_FORTY, SEVENTY_TWO],
                         ids=lambda v: v.name)
def test_V_GEN_DISCARD_the_review_says_that_tiles_were_discarded_not_which(
        variant: Variant) -> None:
    """R-REVIEW: only 72's discarded trumps are named (V-72-WIDOW)."""
    rng = random.Random(variant.name)
    found = 0
    while found < 5:
        hand = random_hand(variant, rng)
        if hand.contract is None or not hand.discards_of(hand.contract.declarer):
            continue
        found += 1
        laid = hand.discards_of(hand.contract.declarer)
        trumps = hand.setup.follow[SPECIAL_SUIT] if variant is SEVENTY_TWO else 0
        shown = tuple(sorted(x.face for x in laid if trumps >> x & 1))
        [call] = [c for c in review(hand) if isinstance(c.action, Discard)]
        assert isinstance(call.action, Discard)
        assert call.action.canonical == Discard(shown, hidden=len(laid) - len(shown))


def test_actions_of_the_variants_round_trip_through_their_text() -> None:
    from engine.actions import parse_action
    for action in (Bid(kind=BidKind.MOON), Bid(kind=BidKind.OVER_MOON),
                   Bid(marks=2, kind=BidKind.DIP), Leftover(True), Leftover(False),
                   Discard(tuple(tiles_of(ONE_FORTY, "9-9"))),
                   Discard(tuple(tiles_of(SEVENTY_TWO, "1-2 1-2"))),
                   Play(t(BIG_GAME, "2-8"), low=True), NameTrump(Trump.of_suit(9))):
        assert parse_action(str(action), top=9) == action
    assert Pass() == Pass() and str(VARIANTS["big"]) == "big"
    with pytest.raises(ValueError):
        parse_action("play:7-7")  # 42's set by default


def test_must_follow_names_the_suit_of_a_low_lead() -> None:
    state = act(HandState.start(big_deal("0-0")), BIG_GAME,
                "0 bid:42 1 pass 2 pass 3 pass 0 leftover:leave 0 trump:5 0 play:2-8:low")
    holder = state.hand_of(Seat(1))
    twos = [x for x in holder if x.has(2) and not x.has(5)]
    other = [x for x in holder if not x.has(2) or x.has(5)]
    if twos and other:
        error = refused(state, BIG_GAME, 1, f"play:{other[0]}")
        assert isinstance(error, MustFollow) and "twos" in error.message


@pytest.mark.parametrize("variant", [FORTY_TWO, *OTHERS], ids=lambda v: v.name)
def test_a_variant_crosses_processes_as_itself(variant: Variant) -> None:
    """Computer players think in worker processes: the observation they get names the same
    variant object, so ``observation.variant is FORTY_TWO`` means what it says there."""
    import pickle
    game = Game.new("pickle", variant=variant)
    assert game.to_act is not None
    assert pickle.loads(pickle.dumps(observe(game, game.to_act))).variant is variant


@pytest.mark.parametrize(("variant", "seats", "sides"), [
    (MOON, 3, 3), (THREE_HAND, 3, 3), (BIG_GAME, 4, 2), (ONE_FORTY, 6, 3), (GEEZER, 4, 2),
    (SEVENTY_TWO, 4, 2), (EIGHTY_FOUR, 8, 2)], ids=lambda v: getattr(v, "name", ""))
def test_V_GEN_SEATS_every_table_is_seated_and_dealt(variant: Variant, seats: int,
                                                     sides: int) -> None:
    deal = Deal.shuffled(Seat(0), random.Random(1), variant)
    assert len(deal.hands) == seats and variant.seating.side_count == sides


def test_V_MOON_TABLE_three_each_for_oneself() -> None:
    assert MOON.seating.count == 3 and not MOON.seating.has_teams


def test_V_THREE_TABLE_three_each_for_oneself() -> None:
    assert THREE_HAND.seating.count == 3 and not THREE_HAND.seating.has_teams


def test_V_BIG_TABLE_four_in_two_teams() -> None:
    assert BIG_GAME.seating == FORTY_TWO.seating


def test_V_140_TABLE_six_in_three_teams_of_t_and_t_plus_3() -> None:
    assert [[int(s) for s in team] for team in ONE_FORTY.seating.members] == [
        [0, 3], [1, 4], [2, 5]]


def test_V_GEEZER_TABLE_four_in_two_teams() -> None:
    assert GEEZER.seating == FORTY_TWO.seating


def test_V_72_TABLE_four_in_two_teams() -> None:
    assert SEVENTY_TWO.seating == FORTY_TWO.seating


def test_V_84_TABLE_eight_in_two_teams_even_and_odd() -> None:
    assert [[int(s) for s in team] for team in EIGHTY_FOUR.seating.members] == [
        [0, 2, 4, 6], [1, 3, 5, 7]]
