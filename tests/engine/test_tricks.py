"""R-TRUMP-CHOICE, R-TRUMP-OWNS, R-PILES, R-LEAD, R-LED-SUIT, R-FOLLOW, R-RANK, R-WIN and the
worked example of RULES.md."""

from __future__ import annotations

import pytest

from engine import Bid, NameTrump, Phase, Play, Seat, Trump
from engine.errors import IllegalTrump, MustFollow, NotYourTurn

from .helpers import (
    WORKED_DEAL,
    game_with,
    make_deal,
    run,
    run_game,
    single_trick,
    start,
    t,
    texts,
)

#: Fives are spread so that each seat's obligations differ with the trump named.
#: Seat 0: [4|5]; seat 1: [5|6] and [1|5]; seat 2: [5|5] only; seat 3: [0|5], [2|5], [3|5].
SPREAD_DEAL = make_deal(
    3,
    "4-5 0-0 0-1 0-2 0-3 0-4 0-6",
    "5-6 1-5 1-1 1-2 1-3 1-4 1-6",
    "5-5 2-2 2-3 2-4 2-6 3-3 3-4",
    "0-5 2-5 3-5 3-6 4-4 4-6 6-6",
)

STANDARD = {Trump(n) for n in range(7)} | {Trump.DOUBLES, Trump.NONE}


def legal_texts(hand_state: object) -> set[str]:
    return {str(a.tile) for a in hand_state.legal_actions()}  # type: ignore[attr-defined]


# ----- the worked example ---------------------------------------------------------------------

def test_R_EARLY_END_worked_example_sixes_trump_double_six_takes_sixteen_and_sets_thirty() -> None:
    hand = start(WORKED_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:5-5")
    assert legal_texts(hand) == {"3-5", "1-5"}  # B must follow fives
    hand = run(hand, "1 play:3-5 2 play:0-5")
    # D has no five ([5|6] is a six), so D may play anything, the trump [6|6] included.
    assert legal_texts(hand) == {"6-6", "5-6", "3-4", "3-6", "4-4", "4-6", "0-6"}
    hand = run(hand, "3 play:6-6")
    assert len(hand.tricks) == 1
    trick = hand.tricks[0]
    assert trick.winner == Seat(3)
    assert trick.points == 16  # 1 + 10 + 5
    assert hand.points == (0, 16)
    # 42 - 16 = 26 < 30: the bid is lost the moment the trick is taken.
    assert hand.phase is Phase.OVER and hand.to_act is None
    assert hand.result is not None
    assert hand.result.made is False and hand.result.redeal is False
    assert hand.result.marks == (0, 1)  # B + D score one mark, not 16


def test_R_AWARD_worked_example_in_a_game_gives_one_mark_to_b_and_d() -> None:
    game = run_game(game_with(WORKED_DEAL), "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                                            "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6")
    assert game.marks == (0, 1)
    assert game.winner is None
    assert game.hand_number == 2


# ----- R-TRUMP-CHOICE -------------------------------------------------------------------------

def test_R_TRUMP_CHOICE_nine_choices_on_a_points_contract() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass")
    legal = hand.legal_actions()
    assert len(legal) == 9
    assert all(isinstance(a, NameTrump) and a.piles is None for a in legal)
    assert {a.trump for a in legal} == STANDARD  # type: ignore[union-attr]


@pytest.mark.parametrize("code", ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"])
def test_R_TRUMP_CHOICE_each_choice_is_accepted(code: str) -> None:
    hand = start(SPREAD_DEAL, f"0 bid:30 1 pass 2 pass 3 pass 0 trump:{code}")
    assert hand.trump is not None and hand.trump.code == code
    assert hand.phase is Phase.PLAY


@pytest.mark.parametrize("trump", [Trump.NELLO, Trump.CLOSEST_TO_SEVEN])
def test_R_TRUMP_CHOICE_house_rule_trumps_are_refused_in_the_default_game(trump: Trump) -> None:
    for script, piles in (("0 bid:30", None), ("0 bid:1m", 1)):
        hand = start(SPREAD_DEAL, f"{script} 1 pass 2 pass 3 pass")
        with pytest.raises(IllegalTrump) as refused:
            hand.apply(Seat(0), NameTrump(trump, piles))
        assert refused.value.code == "illegal_trump"


# ----- R-TRUMP-OWNS ---------------------------------------------------------------------------

def test_R_TRUMP_OWNS_six_five_is_a_six_when_sixes_are_trump() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:4-5")
    assert legal_texts(hand) == {"1-5"}  # [5|6] does not follow fives
    with pytest.raises(MustFollow) as refused:
        hand.apply(Seat(1), Play(t("5-6")))
    assert refused.value.code == "must_follow"
    assert "fives" in refused.value.message


def test_R_TRUMP_OWNS_six_five_led_calls_trumps_not_fives() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 bid:30 2 pass 3 pass 1 trump:6 1 play:5-6")
    assert legal_texts(hand) == {"2-6"}  # seat 2 must play a six, not its [5|5]
    hand = run(hand, "2 play:2-6")
    assert legal_texts(hand) == {"3-6", "4-6", "6-6"}  # not [0|5], [2|5], [3|5]


def test_R_TRUMP_OWNS_five_five_is_a_trump_not_a_five_when_doubles_are_trump() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:doubles 0 play:4-5")
    assert legal_texts(hand) == {"5-6", "1-5"}
    hand = run(hand, "1 play:1-5")
    # Seat 2's only five-ended tile is [5|5], a trump: seat 2 cannot follow, so anything goes.
    assert legal_texts(hand) == {"5-5", "2-2", "2-3", "2-4", "2-6", "3-3", "3-4"}
    hand = run(hand, "2 play:5-5 3 play:3-5")
    assert hand.tricks[0].winner == Seat(2)  # a trump, not the highest five
    assert hand.tricks[0].points == 11


def test_R_TRUMP_OWNS_doubles_trump_five_five_led_calls_doubles() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 pass 2 bid:30 3 pass 2 trump:doubles 2 play:5-5")
    assert legal_texts(hand) == {"4-4", "6-6"}  # seat 3 holds fives but must play a double
    hand = run(hand, "3 play:4-4")
    assert legal_texts(hand) == {"0-0"}
    hand = run(hand, "0 play:0-0")
    assert legal_texts(hand) == {"1-1"}
    hand = run(hand, "1 play:1-1")
    assert hand.tricks[0].winner == Seat(2)


def test_R_TRUMP_OWNS_a_trump_tile_with_a_plain_end_does_not_win_that_suit_as_a_follower() -> None:
    # Sixes trump, [4|5] leads fives; [5|6] played by a seat without fives is a trump and wins.
    state = single_trick(6, "4-5 1-5 5-6 2-5")
    assert state.tricks[0].winner == Seat(2)


# ----- R-PILES --------------------------------------------------------------------------------

def test_R_PILES_a_marks_contract_offers_every_trump_with_one_or_two_piles() -> None:
    hand = start(SPREAD_DEAL, "0 bid:1m 1 pass 2 pass 3 pass")
    legal = hand.legal_actions()
    assert len(legal) == 18
    assert {(a.trump, a.piles) for a in legal} == {  # type: ignore[union-attr]
        (trump, piles) for trump in STANDARD for piles in (1, 2)}


@pytest.mark.parametrize("piles", [1, 2])
def test_R_PILES_a_marks_contract_names_one_or_two_piles(piles: int) -> None:
    hand = start(SPREAD_DEAL, f"0 bid:2m 1 pass 2 pass 3 pass 0 trump:5:{piles}")
    assert hand.piles == piles and hand.trump == Trump.FIVES


@pytest.mark.parametrize("piles", [None, 0, 3, -1])
def test_R_PILES_a_marks_contract_requires_one_or_two_piles(piles: int | None) -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 bid:1m 2 pass 3 pass")
    with pytest.raises(IllegalTrump) as refused:
        hand.apply(Seat(1), NameTrump(Trump.FIVES, piles))
    assert refused.value.code == "illegal_trump"
    assert refused.value.message
    assert hand.phase is Phase.TRUMP


@pytest.mark.parametrize("piles", [1, 2, 3])
def test_R_PILES_a_points_contract_refuses_piles(piles: int) -> None:
    hand = start(SPREAD_DEAL, "0 bid:41 1 pass 2 pass 3 pass")
    with pytest.raises(IllegalTrump) as refused:
        hand.apply(Seat(0), NameTrump(Trump.FIVES, piles))
    assert refused.value.code == "illegal_trump"
    hand = run(hand, "0 trump:5")
    assert hand.piles is None


# ----- R-LEAD ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lead", ["4-5", "0-0", "0-6", "0-3"])
def test_R_LEAD_the_declarer_may_lead_any_tile(lead: str) -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6")
    assert hand.to_act == Seat(0) and hand.leader == Seat(0)
    assert legal_texts(hand) == {"4-5", "0-0", "0-1", "0-2", "0-3", "0-4", "0-6"}
    hand = run(hand, f"0 play:{lead}")
    assert hand.trick == ((Seat(0), t(lead)),)


def test_R_LEAD_only_the_declarer_leads_the_first_trick() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 bid:30 2 pass 3 pass 1 trump:2")
    for seat in (0, 2, 3):
        with pytest.raises(NotYourTurn):
            hand.apply(Seat(seat), hand_state_first_tile(hand, seat))
    assert hand.to_act == Seat(1)


def hand_state_first_tile(hand: object, seat: int) -> Play:
    return Play(hand.hand_of(Seat(seat))[0])  # type: ignore[attr-defined]


def test_R_LEAD_the_winner_of_a_trick_leads_the_next() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:doubles "
                              "0 play:4-5 1 play:1-5 2 play:5-5 3 play:3-5")
    assert hand.tricks[0].winner == Seat(2)
    assert hand.to_act == Seat(2) and hand.leader == Seat(2)
    assert len(legal_texts(hand)) == 6  # any tile may lead
    with pytest.raises(NotYourTurn):
        hand.apply(Seat(0), Play(t("0-0")))
    hand = run(hand, "2 play:2-4")
    assert hand.trick == ((Seat(2), t("2-4")),) and hand.to_act == Seat(3)


# ----- R-LED-SUIT -----------------------------------------------------------------------------

def test_R_LED_SUIT_three_five_leads_fives() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 pass 2 pass 3 bid:30 3 trump:0 3 play:3-5")
    assert legal_texts(hand) == {"4-5"}  # not [0|3]: threes were not led
    hand = run(hand, "0 play:4-5")
    assert legal_texts(hand) == {"5-6", "1-5"}  # not [1|3]


def test_R_LED_SUIT_four_four_leads_fours() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 pass 2 pass 3 bid:30 3 trump:0 3 play:4-4")
    assert legal_texts(hand) == {"4-5"}  # [0|4] is a blank, which is trump
    hand = run(hand, "0 play:4-5")
    assert legal_texts(hand) == {"1-4"}
    hand = run(hand, "1 play:1-4")
    assert legal_texts(hand) == {"2-4", "3-4"}
    hand = run(hand, "2 play:3-4")
    assert hand.tricks[0].winner == Seat(3)


def test_R_LED_SUIT_a_trump_led_makes_trump_the_led_suit() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 pass 2 pass 3 bid:30 3 trump:6 3 play:3-6")
    assert legal_texts(hand) == {"0-6"}  # sixes, not threes
    hand = run(hand, "0 play:0-6")
    assert legal_texts(hand) == {"5-6", "1-6"}  # not [1|3]


@pytest.mark.parametrize(("trump", "plays", "winner"), [
    (0, "3-5 4-5 5-6 5-5", 3),     # fives led by [3|5]: the double takes it
    ("none", "3-5 3-6 3-4 4-5", 3),  # threes were not led: [3|6], [3|4] are off-suit
    ("none", "4-4 4-6 1-4 5-6", 0),  # [4|4] leads fours and is highest in them
    (5, "2-5 3-6 4-5 1-5", 2),     # a trump led: trumps rank among themselves
])
def test_R_LED_SUIT_scripted_tricks(trump: int | str, plays: str, winner: int) -> None:
    assert single_trick(trump, plays).tricks[0].winner == Seat(winner)


# ----- R-FOLLOW -------------------------------------------------------------------------------

def test_R_FOLLOW_plain_suit_must_be_followed_with_any_end() -> None:
    hand = start(SPREAD_DEAL, "0 pass 1 pass 2 pass 3 bid:30 3 trump:none 3 play:2-5")
    assert legal_texts(hand) == {"4-5"}
    hand = run(hand, "0 play:4-5")
    assert legal_texts(hand) == {"5-6", "1-5"}  # five on the low end of [5|6] follows too
    hand = run(hand, "1 play:5-6")
    assert legal_texts(hand) == {"5-5"}


def test_R_FOLLOW_not_obliged_to_trump() -> None:
    hand = start(WORKED_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                              "0 play:5-5 1 play:3-5 2 play:0-5")
    assert {"3-4", "4-4"} <= legal_texts(hand)  # D may discard instead of trumping
    hand = run(hand, "3 play:3-4")
    assert hand.tricks[0].winner == Seat(0)
    assert hand.points == (16, 0)


def test_R_FOLLOW_trump_led_is_followed_only_by_trumps() -> None:
    hand = start(WORKED_DEAL, "0 pass 1 pass 2 pass 3 bid:30 3 trump:6 3 play:6-6")
    # Seat 0 holds no six: anything. Seat 1 holds [1|6] only. Seat 2 holds [2|6] only.
    assert len(legal_texts(hand)) == 7
    hand = run(hand, "0 play:5-5")
    assert legal_texts(hand) == {"1-6"}  # not its fives or ones
    hand = run(hand, "1 play:1-6")
    assert legal_texts(hand) == {"2-6"}
    with pytest.raises(MustFollow) as refused:
        hand.apply(Seat(2), Play(t("0-5")))
    assert refused.value.code == "must_follow"


def test_R_FOLLOW_a_trump_with_the_led_end_does_not_follow() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:4 0 play:0-6")
    # sixes led (not trump): seat 1 holds [5|6] and [1|6], must follow
    assert legal_texts(hand) == {"5-6", "1-6"}
    hand = run(hand, "1 play:1-6")
    assert legal_texts(hand) == {"2-6"}
    hand = run(hand, "2 play:2-6")
    # seat 3's sixes are [3|6], [6|6] and [4|6] — but [4|6] is a trump (fours)
    assert legal_texts(hand) == {"3-6", "6-6"}


def test_R_FOLLOW_a_refusal_names_the_suit_to_follow() -> None:
    hand = start(SPREAD_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:0-6")
    with pytest.raises(MustFollow) as refused:
        hand.apply(Seat(1), Play(t("1-1")))
    assert refused.value.code == "must_follow"
    assert "trump" in refused.value.message.lower() or "six" in refused.value.message.lower()


# ----- R-RANK ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("plays", "winner"), [
    ("0-5 1-5 2-5 3-5", 3),
    ("3-5 2-5 1-5 0-5", 0),
    ("4-5 5-6 5-5 3-5", 2),
    ("5-6 4-5 3-5 2-5", 0),
    ("1-5 4-5 0-5 2-5", 1),
])
def test_R_RANK_in_a_plain_suit_double_highest_then_by_other_end(plays: str, winner: int) -> None:
    # no trump, so all seven fives are plain: [5|5] > [5|6] > [4|5] > ... > [0|5]
    assert single_trick("none", plays).tricks[0].winner == Seat(winner)


@pytest.mark.parametrize(("plays", "winner"), [
    ("3-6 6-6 5-6 0-6", 1),
    ("0-6 1-6 4-6 2-6", 2),
    ("5-6 4-6 3-6 2-6", 0),
])
def test_R_RANK_a_trump_suit_ranks_the_same_way(plays: str, winner: int) -> None:
    assert single_trick(6, plays).tricks[0].winner == Seat(winner)


@pytest.mark.parametrize(("plays", "winner"), [
    ("3-3 6-6 0-0 5-5", 1),
    ("0-0 1-1 2-2 3-3", 3),
    ("5-5 4-4 6-6 1-1", 2),
    ("2-4 0-0 4-6 4-4", 3),  # two trumps on a fours lead: [4|4] is higher than [0|0]
    ("2-4 0-0 4-6 1-4", 1),  # the lowest trump still beats the highest four
])
def test_R_RANK_doubles_trump_rank_by_value(plays: str, winner: int) -> None:
    assert single_trick("doubles", plays).tricks[0].winner == Seat(winner)


@pytest.mark.parametrize(("plays", "winner"), [
    ("2-4 4-6 4-4 1-4", 2),
    ("5-6 6-6 4-6 0-6", 1),
    ("4-4 4-6 3-4 0-4", 0),
    ("0-1 6-6 5-5 4-4", 0),  # doubles are high in their own suit, not in every suit
])
def test_R_RANK_no_trump_doubles_high(plays: str, winner: int) -> None:
    assert single_trick("none", plays).tricks[0].winner == Seat(winner)


# ----- R-WIN ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("trump", "plays", "winner"), [
    (6, "5-5 3-5 0-6 2-6", 3),    # the highest trump wins
    (6, "5-5 0-6 4-5 3-5", 1),    # the lowest trump beats the highest five
    (0, "1-2 2-6 2-2 5-5", 2),    # no trump played: the highest two
])
def test_R_WIN_highest_trump_else_highest_of_the_led_suit(trump: int, plays: str,
                                                          winner: int) -> None:
    assert single_trick(trump, plays).tricks[0].winner == Seat(winner)


@pytest.mark.parametrize(("trump", "plays"), [
    (6, "1-2 5-5 4-4 3-4"),
    ("doubles", "1-2 3-4 4-5 0-5"),
    ("none", "0-1 6-6 5-5 4-5"),
    (3, "0-1 5-5 4-6 6-6"),
])
def test_R_WIN_a_tile_neither_following_nor_trumping_never_wins(trump: int | str,
                                                                plays: str) -> None:
    state = single_trick(trump, plays)
    assert state.tricks[0].winner == Seat(0)  # the lowest tile led, every other one off-suit


def test_R_WIN_the_trick_winner_takes_the_points() -> None:
    state = single_trick(6, "5-5 0-5 1-4 4-6")  # [4|6] trumps: 1 + 10 + 5 + 5 + 10 = 31
    assert state.tricks[0].winner == Seat(3)
    assert state.tricks[0].points == 31
    assert state.points == (0, 31)
    assert [int(s) for s, _ in state.tricks[0].plays] == [0, 1, 2, 3]
    assert texts(state.tricks[0].tiles) == ["5-5", "0-5", "1-4", "4-6"]


def test_single_trick_helper_declares_for_seat_zero_and_plays_in_seat_order() -> None:
    state = single_trick(2, "0-0 0-1 0-3 0-4", bid="bid:1m")
    assert state.contract is not None and state.contract.declarer == Seat(0)
    assert state.contract.bid == Bid(marks=1)
    assert state.trump == Trump.TWOS and state.piles == 1
    assert [int(seat) for seat, _ in state.tricks[0].plays] == [0, 1, 2, 3]
