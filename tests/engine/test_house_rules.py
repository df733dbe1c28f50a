"""The house rules of HOUSE-RULES.md (H-…), each alone; the default game stays untouched."""

from __future__ import annotations

import random

import pytest

from engine import (
    Bid,
    BidKind,
    Deal,
    Domino,
    HandState,
    NameTrump,
    NelloDoubles,
    Options,
    Pass,
    Phase,
    Play,
    RuleError,
    Seat,
    Trump,
)
from engine.game import tally
from engine.hand.scoring import _points_result
from engine.records import Contract
from engine.seats import FOUR_SEATS
from engine.trumps import STANDARD_TRUMPS
from engine.variants import FORTY_TWO
from tests.common import EAST, NORTH, SOUTH, WEST

N, E, S, W = NORTH, EAST, SOUTH, WEST
# North holds three doubles, East four; West deals, so North speaks first.
HANDS = ["0-0 1-1 2-2 0-1 0-2 0-3 0-4", "3-3 4-4 5-5 6-6 1-2 1-3 1-4",
         "0-5 0-6 1-5 1-6 2-3 2-4 2-5", "2-6 3-4 3-5 3-6 4-5 4-6 5-6"]


def start(**options: object) -> HandState:
    hands = [[Domino.parse(t) for t in hand.split()] for hand in HANDS]
    return HandState.start(Deal.of(W, hands), Options(**options))  # type: ignore[arg-type]


def act(state: HandState, *moves: tuple[Seat, object]) -> HandState:
    for seat, action in moves:
        state = state.apply(seat, action)  # type: ignore[arg-type]
    return state


def tile(text: str) -> Play:
    return Play(Domino.parse(text))


PASSES = ((E, Pass()), (S, Pass()), (W, Pass()))


def test_default_game_offers_no_house_rule() -> None:
    state = start()
    assert all(not isinstance(a, Bid) or a.kind is BidKind.PLAIN for a in state.legal_actions())
    state = act(state, (N, Bid(marks=1)), *PASSES)
    assert {a.trump for a in state.legal_actions()} == set(STANDARD_TRUMPS)
    with pytest.raises(RuleError):
        start().apply(N, Bid(marks=3, kind=BidKind.SPLASH))


def test_H_SPLASH_over_a_two_mark_bid_is_worth_three_and_the_partner_names_trump() -> None:
    state = act(start(splash=True), (N, Bid(marks=2)), (E, Bid(marks=3, kind=BidKind.SPLASH)),
                (S, Pass()), (W, Pass()))
    assert state.phase is Phase.TRUMP and state.to_act == W
    assert state.contract == Contract(E, Bid(marks=3, kind=BidKind.SPLASH))
    assert {a.trump for a in state.legal_actions()} == set(STANDARD_TRUMPS)
    state = state.apply(W, NameTrump(Trump.SIXES, piles=1))
    assert state.to_act == W and state.leader == W


def test_H_SPLASH_is_worth_two_when_the_table_says_so_and_jumps_the_ladder() -> None:
    state = start(splash=True, splash_marks=2)
    assert Bid(marks=2, kind=BidKind.SPLASH) in state.legal_actions()
    state = act(start(splash=True), (N, Bid(marks=3, kind=BidKind.SPLASH)))
    assert Bid(marks=4, kind=BidKind.SPLASH) in state.legal_actions()  # East's 4 doubles
    assert Bid(marks=4) in state.legal_actions()


def test_H_PLUNGE_refused_to_a_player_with_only_three_doubles() -> None:
    state = start(plunge=True)
    with pytest.raises(RuleError, match="4 doubles") as refused:
        state.apply(N, Bid(marks=4, kind=BidKind.PLUNGE))
    assert "0-0" not in str(refused.value) and "[0|0]" not in str(refused.value)
    state = act(state, (N, Pass()), (E, Bid(marks=4, kind=BidKind.PLUNGE)))
    assert state.bid == Contract(E, Bid(marks=4, kind=BidKind.PLUNGE))


def test_H_PLUNGE_set_at_the_defenders_first_trick() -> None:
    state = act(start(plunge=True), (N, Pass()), (E, Bid(marks=4, kind=BidKind.PLUNGE)),
                (S, Pass()), (W, Pass()), (W, NameTrump(Trump.BLANKS, piles=2)),
                (W, tile("2-6")), (N, tile("0-2")))
    with pytest.raises(RuleError, match="sixes"):
        state.apply(E, tile("1-2"))
    state = act(state, (E, tile("6-6")), (S, tile("1-6")))
    assert state.tricks[0].winner == N  # a defender trumps
    assert state.result is not None and not state.result.made
    assert state.result.marks == (4, 0)


def nello(doubles: NelloDoubles = NelloDoubles.HIGH, **options: object) -> HandState:
    state = act(start(nello=True, nello_doubles=doubles, **options), (N, Bid(marks=1)), *PASSES)
    return state.apply(N, NameTrump(Trump.NELLO, piles=1))


def test_H_NELLO_won_by_the_declarer_at_the_first_trick_is_set_at_once() -> None:
    state = nello()
    state = act(state, (N, tile("0-0")), (E, tile("1-2")))
    assert state.to_act == W  # the partner sits out: tricks have three tiles
    with pytest.raises(RuleError):
        state.apply(S, tile("0-5"))
    state = state.apply(W, tile("2-6"))
    assert len(state.tricks) == 1 and state.tricks[0].winner == N
    assert state.result is not None and not state.result.made and state.result.marks == (0, 1)
    assert len(state.hand_of(S)) == 7


def test_H_NELLO_doubles_low_or_their_own_suit() -> None:
    plays = ((N, tile("0-4")), (E, tile("4-4")), (W, tile("3-4")))
    assert act(nello(NelloDoubles.HIGH), *plays).tricks[0].winner == E
    assert act(nello(NelloDoubles.LOW), *plays).tricks[0].winner == W  # [4|4] is the lowest
    own = nello(NelloDoubles.OWN_SUIT)
    own = act(own, (N, tile("1-1")))
    assert {a.tile for a in own.legal_actions()} == {Domino.parse(t)  # type: ignore[union-attr]
                                                     for t in ("3-3", "4-4", "5-5", "6-6")}
    own = act(own, (E, tile("3-3")), (W, tile("2-6")))
    assert own.tricks[0].winner == E  # doubles rank by value


def test_H_NELLO_dealer_only_needs_three_passes_and_one_mark() -> None:
    options = {"nello": True, "nello_dealer_only": True}
    state = act(start(**options), (N, Bid(marks=1)), *PASSES)
    assert Trump.NELLO not in {a.trump for a in state.legal_actions()}  # North did not deal
    state = act(start(**options), (N, Pass()), (E, Pass()), (S, Pass()), (W, Bid(marks=1)))
    assert NameTrump(Trump.NELLO, piles=2) in state.legal_actions()


def test_H_SEVENS_closest_to_seven_must_be_played_and_a_tie_goes_to_the_first() -> None:
    state = act(start(sevens=True), (N, Bid(marks=1)), *PASSES,
                (N, NameTrump(Trump.CLOSEST_TO_SEVEN, piles=1)))
    assert {a.tile for a in state.legal_actions()} == {  # type: ignore[union-attr]
        Domino.parse("2-2"), Domino.parse("0-4")}
    state = act(state, (N, tile("0-4")))
    with pytest.raises(RuleError, match="closest to 7"):
        state.apply(E, tile("1-4"))
    state = act(state, (E, tile("3-3")), (S, tile("1-6")), (W, tile("3-4")))
    assert state.tricks[0].winner == S and state.result is None


def test_H_FORCED_BID_the_dealer_may_not_pass_after_three_passes() -> None:
    state = act(start(forced_bid=True), (N, Pass()), (E, Pass()), (S, Pass()))
    assert Pass() not in state.legal_actions()
    with pytest.raises(RuleError, match="must bid"):
        state.apply(W, Pass())
    state = state.apply(W, Bid(points=30))
    assert state.contract == Contract(W, Bid(points=30))


def test_H_POINTS_every_hand_runs_seven_tricks_and_a_set_pays_the_defenders() -> None:
    rng = random.Random(4)
    for _ in range(200):
        state = HandState.start(Deal.shuffled(N, rng), Options(points_game=True))
        while state.to_act is not None:
            state = state.apply(state.to_act, rng.choice(state.legal_actions()))
        result = state.result
        assert result is not None and result.score is not None and result.marks == (0, 0)
        if result.redeal:
            continue
        assert len(state.tricks) == 7
        contract = state.contract
        assert contract is not None
        team = FOUR_SEATS.side_of[contract.declarer]
        other = FOUR_SEATS.other_side(team)
        value = contract.bid.points or 42 * contract.bid.marks
        if result.made:
            assert result.score[other] == state.points[other]
        else:
            assert result.score[team] == 0
            assert result.score[other] == value + state.points[other]


def test_H_POINTS_the_seeds_example_and_the_declarers_win_a_tie_at_250() -> None:
    result = _points_result(FORTY_TWO, Contract(N, Bid(points=30)), (26, 16), made=False)
    assert result.score == (0, 46)
    with pytest.raises(ValueError):
        Options(points_game=True, nello=True)


def test_H_POINTS_both_teams_past_250_in_one_hand_the_declarers_win() -> None:
    rng = random.Random(9)
    while True:
        state = HandState.start(Deal.shuffled(N, rng), Options(points_game=True))
        while state.to_act is not None:
            state = state.apply(state.to_act, rng.choice(state.legal_actions()))
        if state.contract is not None and state.result and state.result.made:
            break
    assert state.contract is not None
    standing = tally(Options(points_game=True), (0, 0), (249, 249), state)
    assert standing.winner == FOUR_SEATS.side_of[state.contract.declarer]
