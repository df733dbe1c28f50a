"""R-AUCTION, R-BID-POINTS, R-BID-MARKS, R-ALLPASS, R-PASS-ONLY-IN-AUCTION, R-DECLARER."""

from __future__ import annotations

import pytest

from engine import SEATS, Bid, Game, HandState, NameTrump, Pass, Phase, Play, Seat, Trump
from engine.errors import IllegalBid, NotYourTurn, WrongPhase
from engine.seats import FOUR_SEATS

from .helpers import SIXES_DEAL, WORKED_DEAL, make_deal, run, start, steps

# ----- R-AUCTION ------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", SEATS)
def test_R_AUCTION_starts_left_of_the_dealer_and_goes_clockwise(dealer: Seat) -> None:
    deal = SIXES_DEAL._replace(dealer=dealer)
    hand = HandState.start(deal)
    assert hand.phase is Phase.AUCTION
    expected = [FOUR_SEATS.after(dealer, k) for k in (1, 2, 3, 4)]
    spoken = []
    for _ in range(3):
        assert hand.to_act is not None
        spoken.append(hand.to_act)
        hand = hand.apply(hand.to_act, Pass())
        assert hand.phase is Phase.AUCTION
    assert hand.to_act is not None
    spoken.append(hand.to_act)
    assert spoken == expected  # the dealer speaks last
    assert [call.seat for call in hand.calls] == expected[:3]


def test_R_AUCTION_each_player_speaks_exactly_once_four_calls_end_it() -> None:
    hand = start(SIXES_DEAL, "0 bid:30 1 pass 2 bid:31")
    assert hand.phase is Phase.AUCTION and len(hand.calls) == 3
    # nobody speaks twice: the first speaker may not speak again, out of turn or otherwise
    for seat in (0, 1, 2):
        with pytest.raises(NotYourTurn):
            hand.apply(Seat(seat), Pass())
    hand = run(hand, "3 pass")
    assert len(hand.calls) == 4
    assert hand.phase is Phase.TRUMP  # after the fourth call the auction is over
    with pytest.raises(WrongPhase):
        hand.apply(Seat(2), Bid(points=35))
    with pytest.raises(NotYourTurn):
        hand.apply(Seat(0), Bid(marks=1))


def test_R_AUCTION_out_of_turn_call_is_refused() -> None:
    hand = HandState.start(SIXES_DEAL)  # dealer 3: seat 0 speaks first
    for seat in (1, 2, 3):
        with pytest.raises(NotYourTurn) as refused:
            hand.apply(Seat(seat), Pass())
        assert refused.value.code == "not_your_turn"
    assert hand.calls == ()


def test_R_AUCTION_calls_are_recorded_with_their_authors() -> None:
    hand = start(SIXES_DEAL, "0 pass 1 bid:30 2 bid:1m 3 pass")
    assert [(int(c.seat), str(c.action)) for c in hand.calls] == [
        (0, "pass"), (1, "bid:30"), (2, "bid:1m"), (3, "pass")]


# ----- R-BID-POINTS ---------------------------------------------------------------------------

def test_R_BID_POINTS_opening_bids_are_30_to_41() -> None:
    hand = HandState.start(SIXES_DEAL)
    points = sorted(a.points for a in hand.legal_actions() if isinstance(a, Bid) and not a.marks)
    assert points == list(range(30, 42))
    for n in range(30, 42):
        assert hand.apply(Seat(0), Bid(points=n)).bid.bid == Bid(points=n)  # type: ignore[union-attr]


@pytest.mark.parametrize("n", [0, 1, 25, 29, 42, 43, 84, -30])
def test_R_BID_POINTS_outside_30_to_41_is_refused(n: int) -> None:
    hand = HandState.start(SIXES_DEAL)
    with pytest.raises(IllegalBid) as refused:
        hand.apply(Seat(0), Bid(points=n))
    assert refused.value.code == "illegal_bid"
    assert refused.value.message


def test_R_BID_POINTS_must_beat_every_earlier_points_bid() -> None:
    hand = start(SIXES_DEAL, "0 bid:34 1 pass")
    for n in (30, 33, 34):
        with pytest.raises(IllegalBid):
            hand.apply(Seat(2), Bid(points=n))
    hand = run(hand, "2 bid:35")
    with pytest.raises(IllegalBid):
        hand.apply(Seat(3), Bid(points=35))
    hand = run(hand, "3 bid:41")
    assert hand.contract is not None and hand.contract.declarer == Seat(3)
    assert hand.contract.bid == Bid(points=41)


def test_R_BID_POINTS_after_41_only_a_marks_bid_or_a_pass() -> None:
    hand = start(SIXES_DEAL, "0 bid:41")
    assert set(hand.legal_actions()) == {Pass(), Bid(marks=1), Bid(marks=2)}


# ----- R-BID-MARKS ----------------------------------------------------------------------------

@pytest.mark.parametrize("marks", [1, 2])
def test_R_BID_MARKS_first_marks_bid_is_one_or_two(marks: int) -> None:
    hand = start(SIXES_DEAL, f"0 pass 1 bid:{marks}m 2 pass 3 pass")
    assert hand.contract is not None
    assert hand.contract.declarer == Seat(1) and hand.contract.bid == Bid(marks=marks)


@pytest.mark.parametrize("marks", [3, 4, 5, 0, -1])
def test_R_BID_MARKS_first_marks_bid_is_never_three_or_more(marks: int) -> None:
    for script in ("", "0 bid:35", "0 pass 1 bid:41"):
        hand = start(SIXES_DEAL, script)
        with pytest.raises(IllegalBid) as refused:
            hand.apply(hand.to_act, Bid(marks=marks))  # type: ignore[arg-type]
        assert refused.value.code == "illegal_bid"


def test_R_BID_MARKS_later_marks_bid_is_exactly_one_more() -> None:
    hand = start(SIXES_DEAL, "0 bid:1m")
    assert set(hand.legal_actions()) == {Pass(), Bid(marks=2)}
    for m in (1, 3, 4):
        with pytest.raises(IllegalBid):
            hand.apply(Seat(1), Bid(marks=m))
    hand = run(hand, "1 bid:2m")
    assert set(hand.legal_actions()) == {Pass(), Bid(marks=3)}
    with pytest.raises(IllegalBid):
        hand.apply(Seat(2), Bid(marks=2))
    hand = run(hand, "2 bid:3m 3 bid:4m")
    assert hand.contract is not None
    assert hand.contract.declarer == Seat(3) and hand.contract.bid == Bid(marks=4)


def test_R_BID_MARKS_opening_at_two_then_three_four_five() -> None:
    hand = start(SIXES_DEAL, "0 bid:2m 1 bid:3m 2 bid:4m")
    with pytest.raises(IllegalBid):
        hand.apply(Seat(3), Bid(marks=6))
    hand = run(hand, "3 bid:5m")
    assert hand.contract is not None and hand.contract.bid == Bid(marks=5)
    assert hand.contract.marks == 5


def test_R_BID_MARKS_no_points_bid_once_a_marks_bid_stands() -> None:
    hand = start(SIXES_DEAL, "0 bid:1m 1 pass")
    for n in (30, 35, 41):
        with pytest.raises(IllegalBid) as refused:
            hand.apply(Seat(2), Bid(points=n))
        assert refused.value.code == "illegal_bid"
    assert not any(isinstance(a, Bid) and a.points for a in hand.legal_actions())


def test_R_BID_MARKS_a_marks_bid_beats_any_points_bid() -> None:
    hand = start(SIXES_DEAL, "0 bid:41 1 bid:1m 2 pass 3 pass")
    assert hand.contract is not None
    assert hand.contract.declarer == Seat(1)
    assert hand.contract.bid == Bid(marks=1)
    assert hand.to_act == Seat(1) and hand.phase is Phase.TRUMP


# ----- R-ALLPASS ------------------------------------------------------------------------------

def test_R_ALLPASS_everybody_passes_the_hand_is_over_without_score() -> None:
    hand = start(SIXES_DEAL, "0 pass 1 pass 2 pass 3 pass")
    assert hand.phase is Phase.OVER and hand.to_act is None
    assert hand.result is not None
    assert hand.result.redeal is True
    assert hand.result.marks == (0, 0)
    assert hand.contract is None and hand.trump is None
    assert hand.tricks == () and hand.points == (0, 0)


def test_R_ALLPASS_game_redeals_with_the_next_dealer_and_no_marks() -> None:
    game = Game.new("all pass")
    dealer = game.hand.deal.dealer
    first = FOUR_SEATS.next_of[dealer]
    for k in range(4):
        game = game.apply(FOUR_SEATS.after(first, k), Pass())
    assert game.hand_number == 2
    assert game.marks == (0, 0)
    assert game.hand.deal.dealer == FOUR_SEATS.next_of[dealer]
    assert game.hand.phase is Phase.AUCTION and game.hand.calls == ()
    assert game.previous is not None and game.previous.result is not None
    assert game.previous.result.redeal
    assert game.hand.deal != game.previous.deal  # a new hand is dealt


# ----- R-PASS-ONLY-IN-AUCTION -----------------------------------------------------------------

def test_R_PASS_ONLY_IN_AUCTION_no_pass_when_naming_trump() -> None:
    hand = start(SIXES_DEAL, "0 bid:30 1 pass 2 pass 3 pass")
    assert Pass() not in hand.legal_actions()
    with pytest.raises(WrongPhase) as refused:
        hand.apply(Seat(0), Pass())
    assert refused.value.code == "wrong_phase"


def test_R_PASS_ONLY_IN_AUCTION_no_pass_and_no_bid_during_play() -> None:
    hand = start(SIXES_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:6-6")
    assert all(isinstance(a, Play) for a in hand.legal_actions())
    for action in (Pass(), Bid(points=35), Bid(marks=2)):
        with pytest.raises(WrongPhase):
            hand.apply(Seat(1), action)


def test_R_PASS_ONLY_IN_AUCTION_every_player_plays_to_every_trick() -> None:
    hand = start(SIXES_DEAL, "0 bid:2m 1 pass 2 pass 3 pass 0 trump:6:1")
    for _ in range(7):
        for _ in range(4):
            assert hand.to_act is not None
            hand = hand.apply(hand.to_act, hand.legal_actions()[0])
    assert len(hand.tricks) == 7
    for trick in hand.tricks:
        assert sorted(seat for seat, _ in trick.plays) == list(SEATS)


# ----- R-DECLARER -----------------------------------------------------------------------------

def test_R_DECLARER_highest_bidder_names_trump_and_leads() -> None:
    hand = start(WORKED_DEAL, "0 bid:30 1 pass 2 bid:35 3 pass")
    assert hand.contract is not None and hand.contract.declarer == Seat(2)
    assert hand.phase is Phase.TRUMP and hand.to_act == Seat(2)
    for seat in (0, 1, 3):
        with pytest.raises(NotYourTurn):
            hand.apply(Seat(seat), NameTrump(Trump.FIVES))
    hand = run(hand, "2 trump:5")
    assert hand.phase is Phase.PLAY and hand.to_act == Seat(2) and hand.leader == Seat(2)


def test_R_DECLARER_a_later_pass_does_not_take_the_contract() -> None:
    hand = start(WORKED_DEAL, "0 pass 1 bid:33 2 pass 3 pass")
    assert hand.contract is not None and hand.contract.declarer == Seat(1)
    assert hand.contract.bid == Bid(points=33)


def test_R_DECLARER_dealer_may_win_the_auction() -> None:
    deal = make_deal(1, *(" ".join(str(t) for t in h) for h in SIXES_DEAL.hands))
    hand = HandState.start(deal)
    for seat, action in steps("2 pass 3 bid:30 0 bid:31 1 bid:32"):
        hand = hand.apply(Seat(seat), action)
    assert hand.contract is not None and hand.contract.declarer == Seat(1)
    assert hand.to_act == Seat(1)
