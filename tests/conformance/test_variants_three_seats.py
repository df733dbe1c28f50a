"""The variants' reference on the games of three players each for oneself, Moon (V-MOON) and
three-hand 42 (V-THREE), against hands worked out by hand from docs/VARIANTS.md."""

from __future__ import annotations

import pytest

from tests.conformance.reference import (
    Malformed,
)
from tests.conformance.variant_helpers import (
    MOON,
    act,
    oks,
    passes,
    plays,
    run,
    sorted_deal,
)
from tests.conformance.variants import (
    MOON_EXAMPLE,
    VARIANTS,
)

# =============================================================================================
# V-MOON

# Seat 2 takes all seven with sixes trump, having discarded 3-5 (worked by hand).
MOON_SWEEP = plays(
    (2, "6-6"), (0, "1-6"), (1, "2-6"),
    (2, "5-6"), (0, "0-0"), (1, "2-2"),
    (2, "4-6"), (0, "1-1"), (1, "2-3"),
    (2, "3-6"), (0, "1-2"), (1, "2-4"),
    (2, "5-5"), (0, "1-5"), (1, "2-5"),
    (2, "4-4"), (0, "1-4"), (1, "3-4"),
    (2, "4-5"), (0, "1-3"), (1, "3-3"),
)  # fmt: skip


def test_v_moon_table_three_seats_each_for_oneself() -> None:
    """V-MOON-TABLE: three seats, a score per seat; a fourth hand or seat 3 is malformed."""
    out = run(MOON, [], score=[-5, 3, 20])
    assert out["score"] == [-5, 3, 20] and out["points"] == [0, 0, 0] and "marks" not in out
    assert out["to_act"] == 1
    with pytest.raises(Malformed):
        run(MOON, [], dealer=3)
    with pytest.raises(Malformed):
        run(MOON, [act(3, "pass")])
    with pytest.raises(Malformed):
        run(MOON, [], score=[0, 0])


def test_v_moon_set_has_one_blank() -> None:
    """V-MOON-SET: 0-3 is a name nobody holds; dealt, it is malformed; played, refused."""
    hands = [list(h) for h in MOON_EXAMPLE[:3]]
    hands[0][0] = "0-3"
    with pytest.raises(Malformed):
        run({**MOON, "hands": hands}, [])
    out = run(
        MOON,
        [
            *passes(1),
            act(2, "bid", points=4),
            *passes(0),
            act(2, "discard", tile="6-6"),
            act(2, "trump", trump="none"),
            act(2, "play", tile="0-3"),
        ],
    )
    assert oks(out)[-1] is False
    with pytest.raises(Malformed):
        run(MOON, [act(1, "play", tile="0-7")])


def test_v_moon_deal_seven_each_and_a_widow_of_one() -> None:
    """V-MOON-DEAL."""
    with pytest.raises(Malformed):
        run({**MOON, "leftover": ["6-6", "5-6"]}, [])
    with pytest.raises(Malformed):
        run(
            {**MOON, "hands": [MOON_EXAMPLE[0][:6], MOON_EXAMPLE[1], [*MOON_EXAMPLE[2], "1-6"]]}, []
        )


def test_v_moon_auction_numbers_moon_and_over_the_moon() -> None:
    """V-MOON-AUCTION: 4 to 7 rising; moon beats numbers; over the moon only over a moon."""
    out = run(MOON, [
        act(1, "bid", over_moon=True),
        act(1, "bid", points=3),
        act(1, "bid", points=4),
        act(2, "bid", points=4),
        act(2, "bid", points=8),
        act(2, "bid", moon=True),
        act(0, "bid", points=7),
        act(0, "bid", moon=True),
        act(0, "bid", over_moon=True),
    ])  # fmt: skip
    assert oks(out) == [False, False, True, False, False, True, False, False, True]
    assert out["contract"] == {"declarer": 0, "over_moon": True}
    assert out["status"] == "discard" and out["to_act"] == 0


def test_v_moon_allpass_redeals() -> None:
    """V-MOON-ALLPASS (reading): nobody scores, the next seat deals."""
    out = run(MOON, passes(2, 0, 1), dealer=1, score=[4, -3, 0])
    assert out["outcome"] == {"redeal": True, "score": [0, 0, 0], "next_dealer": 2}
    assert out["score"] == [4, -3, 0] and out["winner"] is None and out["status"] == "over"


def test_v_moon_widow_the_declarer_discards_one_of_eight() -> None:
    """V-MOON-WIDOW: the widow joins the declarer's hand; any of the eight may go, the widow
    itself included; then trump, and the declarer leads."""
    bid = [*passes(1), act(2, "bid", points=5), *passes(0)]
    out = run(MOON, bid)
    assert out["status"] == "discard" and out["hands"][2] == [*MOON_EXAMPLE[2], "6-6"]
    out = run(
        MOON,
        [
            *bid,
            act(2, "trump", trump="6"),
            act(2, "discard", tiles=["6-6"]),
            act(1, "discard", tile="2-2"),
            act(2, "discard", tile="1-1"),
            act(2, "discard", tile="6-6"),
            act(2, "discard", tile="5-6"),
        ],
    )
    assert oks(out)[-6:] == [False, False, False, False, True, False]
    assert out["status"] == "trump" and out["hands"][2] == MOON_EXAMPLE[2]
    out = run(
        MOON,
        [
            *bid,
            act(2, "discard", tile="4-4"),
            act(2, "trump", trump="6"),
            act(0, "play", tile="1-6"),
            act(2, "play", tile="6-6"),
        ],
    )
    assert oks(out)[-2:] == [False, True] and out["discards"][2] == ["4-4"]


def test_v_moon_points_one_a_trick_and_no_counters() -> None:
    """V-MOON-POINTS: 5-5 and 4-6 count for nothing: the sweep is 7 points."""
    out = run(
        MOON,
        [
            *passes(1),
            act(2, "bid", moon=True),
            *passes(0),
            act(2, "discard", tile="3-5"),
            act(2, "trump", trump="6"),
            *MOON_SWEEP,
        ],
    )
    assert all(oks(out))
    assert [t["points"] for t in out["tricks"]] == [1] * 7 and out["points"] == [0, 0, 7]


def test_v_moon_score_moon_made_and_over_the_moon() -> None:
    """V-MOON-SCORE: a moon taking all seven scores 21; over the moon 42."""
    moon = [*passes(1), act(2, "bid", moon=True), *passes(0)]
    out = run(
        MOON,
        [*moon, act(2, "discard", tile="3-5"), act(2, "trump", trump="6"), *MOON_SWEEP],
        score=[0, 0, 5],
    )
    assert out["outcome"] == {"made": True, "score": [0, 0, 21], "next_dealer": 1}
    assert out["score"] == [0, 0, 26] and out["winner"] == 2
    over = [act(1, "bid", moon=True), act(2, "bid", over_moon=True), *passes(0)]
    out = run(MOON, [*over, act(2, "discard", tile="3-5"), act(2, "trump", trump="6"), *MOON_SWEEP])
    assert out["contract"] == {"declarer": 2, "over_moon": True}
    assert out["outcome"]["score"] == [0, 0, 42]


def test_v_moon_score_a_set_number_bid_is_minus_the_bid() -> None:
    """V-MOON-SCORE, V-MOON-END: seat 2 bids 7, loses every trick to seat 0's ones, plays on to
    the seventh trick and scores -7; seat 0 scores its 7 tricks."""
    out = run(MOON, [
        *passes(1), act(2, "bid", points=7), *passes(0),
        act(2, "discard", tile="3-5"), act(2, "trump", trump="1"),
        *plays((2, "6-6"), (0, "1-1"), (1, "2-6")),
    ])  # fmt: skip
    assert all(oks(out)) and out["status"] == "play" and out["to_act"] == 0  # V-MOON-END
    out = run(MOON, [
        *passes(1), act(2, "bid", points=7), *passes(0),
        act(2, "discard", tile="3-5"), act(2, "trump", trump="1"),
        *plays(
            (2, "6-6"), (0, "1-1"), (1, "2-6"),
            (0, "1-6"), (1, "2-2"), (2, "3-6"),
            (0, "1-5"), (1, "2-3"), (2, "4-4"),
            (0, "1-4"), (1, "2-4"), (2, "4-5"),
            (0, "1-3"), (1, "2-5"), (2, "4-6"),
            (0, "1-2"), (1, "3-3"), (2, "5-5"),
            (0, "0-0"), (1, "3-4"), (2, "5-6"),
        ),
    ], score=[-2, 0, 0])  # fmt: skip
    assert all(oks(out))
    assert [t["winner"] for t in out["tricks"]] == [0] * 7
    assert out["outcome"] == {"made": False, "score": [7, 0, -7], "next_dealer": 1}
    assert out["score"] == [5, 0, -7]


def test_v_moon_end_a_moon_stops_at_the_first_lost_trick() -> None:
    """V-MOON-END, V-MOON-SCORE: a moon lost at the first trick is -21; seat 0 scores its trick."""
    out = run(MOON, [
        *passes(1), act(2, "bid", moon=True), *passes(0),
        act(2, "discard", tile="3-5"), act(2, "trump", trump="1"),
        *plays((2, "6-6"), (0, "1-1"), (1, "2-6")),
        act(0, "play", tile="1-6"),
    ])  # fmt: skip
    assert oks(out)[-1] is False and out["status"] == "over"
    assert out["outcome"] == {"made": False, "score": [1, 0, -21], "next_dealer": 1}


# Seat 2 bids 4 with threes trump and takes five tricks; seat 1 takes two (worked by hand).
MOON_FIVE_OF_SEVEN = [
    *passes(1), act(2, "bid", points=4), *passes(0),
    act(2, "discard", tile="6-6"), act(2, "trump", trump="3"),
    *plays(
        (2, "3-6"), (0, "1-3"), (1, "3-3"),
        (1, "3-4"), (2, "3-5"), (0, "0-0"),
        (2, "5-5"), (0, "1-5"), (1, "2-5"),
        (2, "5-6"), (0, "1-6"), (1, "2-6"),
        (2, "4-4"), (0, "1-4"), (1, "2-4"),
        (2, "4-6"), (0, "1-1"), (1, "2-2"),
        (2, "4-5"), (0, "1-2"), (1, "2-3"),
    ),
]  # fmt: skip


def test_v_moon_game_the_declarer_at_21_wins() -> None:
    """V-MOON-GAME: seats 1 and 2 both reach 21; the declarer wins. Without the declarer at
    21, the highest score wins."""
    out = run(MOON, MOON_FIVE_OF_SEVEN, score=[0, 19, 16])
    assert [t["winner"] for t in out["tricks"]] == [1, 2, 2, 2, 2, 2, 1]
    assert out["outcome"] == {"made": True, "score": [0, 2, 5], "next_dealer": 1}
    assert out["score"] == [0, 21, 21] and out["winner"] == 2
    out = run(MOON, MOON_FIVE_OF_SEVEN, score=[0, 19, 10])
    assert out["score"] == [0, 21, 15] and out["winner"] == 1
    out = run(MOON, MOON_FIVE_OF_SEVEN, score=[0, 10, 10])
    assert out["winner"] is None


# =============================================================================================
# V-THREE

THREE = sorted_deal("three")


def test_v_three_table_three_players_with_marks_each() -> None:
    """V-THREE-TABLE."""
    out = run(THREE, [], dealer=2, marks=[1, 2, 3])
    assert out["marks"] == [1, 2, 3] and out["to_act"] == 0 and "score" not in out
    assert len(out["hands"]) == 3 and out["discards"] == [[], [], []]
    with pytest.raises(Malformed):
        run(THREE, [], marks=[0, 0])


def test_v_three_set_without_the_blank_ace() -> None:
    """V-THREE-SET: 27 tiles, 9 each; 0-1 is nobody's."""
    hands = [list(h) for h in THREE["hands"]]
    hands[0][0] = "0-1"
    with pytest.raises(Malformed):
        run({**THREE, "hands": hands}, [])
    with pytest.raises(Malformed):
        run({**THREE, "leftover": ["0-1"]}, [])


def test_v_three_points_forty_four() -> None:
    """V-THREE-POINTS: 35 in counters and 9 tricks."""
    assert VARIANTS["three"].total_points() == 44


def test_v_three_auction_and_a_marks_contract_of_nine_tricks() -> None:
    """V-THREE-AUCTION: 30 to 43, then marks; the declarer must take all nine (worked by hand:
    seat 2 holds the top sixes, fives and fours)."""
    out = run(THREE, [
        act(0, "bid", points=29), act(0, "bid", points=30),
        act(1, "bid", points=44), act(1, "bid", points=43),
        act(2, "bid", points=44), act(2, "bid", marks=2), act(2, "bid", marks=1),
        act(2, "trump", trump="6", piles=1),
        *plays(
            (2, "6-6"), (0, "0-6"), (1, "1-6"),
            (2, "5-6"), (0, "0-0"), (1, "2-6"),
            (2, "4-6"), (0, "0-2"), (1, "2-2"),
            (2, "3-6"), (0, "0-3"), (1, "3-3"),
            (2, "5-5"), (0, "0-5"), (1, "1-5"),
            (2, "4-5"), (0, "1-1"), (1, "2-5"),
            (2, "4-4"), (0, "0-4"), (1, "1-4"),
            (2, "3-5"), (0, "1-2"), (1, "2-3"),
            (2, "3-4"), (0, "1-3"), (1, "2-4"),
        ),
    ], dealer=2)  # fmt: skip
    assert oks(out)[:7] == [False, True, False, True, False, True, False]
    assert all(oks(out)[7:])
    assert out["contract"] == {"declarer": 2, "marks": 2}
    assert out["outcome"] == {"made": True, "marks": [0, 0, 2], "next_dealer": 0}
    assert out["points"] == [0, 0, 44]
    out = run(THREE, passes(0, 1, 2), dealer=2)  # R-ALLPASS
    assert out["outcome"] == {"redeal": True, "marks": [0, 0, 0], "next_dealer": 0}


def test_v_three_contract_made_once_the_declarer_holds_the_bid() -> None:
    """V-THREE-CONTRACT: seat 2 bids 30 and takes 6-6, 5-6, 4-6 (10), 5-5 (10) with the
    defenders' 0-5 (5): 4 + 25 = 29 points; the 4-4 trick brings 30 and ends the hand."""
    out = run(THREE, [
        *passes(0, 1), act(2, "bid", points=30), act(2, "trump", trump="6"),
        *plays(
            (2, "6-6"), (0, "0-6"), (1, "1-6"),
            (2, "5-6"), (0, "0-0"), (1, "2-6"),
            (2, "4-6"), (0, "0-2"), (1, "2-2"),
            (2, "5-5"), (0, "0-5"), (1, "1-5"),
            (2, "4-4"), (0, "0-4"), (1, "2-4"),
        ),
    ], dealer=2)  # fmt: skip
    assert all(oks(out)) and out["points"] == [0, 0, 30]
    assert out["outcome"] == {"made": True, "marks": [0, 0, 1], "next_dealer": 0}


def test_v_three_award_each_defender_receives_the_marks() -> None:
    """V-THREE-AWARD (reading): a set 2-mark contract gives 2 marks to each defender."""
    out = run(
        THREE,
        [
            act(0, "bid", marks=2),
            *passes(1, 2),
            act(0, "trump", trump="0", piles=2),
            *plays((0, "1-3"), (1, "3-3"), (2, "3-4")),
        ],
        dealer=2,
    )
    assert out["tricks"][0]["winner"] == 1
    assert out["outcome"] == {"made": False, "marks": [0, 2, 2], "next_dealer": 0}


def test_v_three_game_more_marks_wins() -> None:
    """V-THREE-GAME: two defenders past 7, the one with more marks wins."""
    out = run(
        THREE,
        [
            act(0, "bid", marks=2),
            *passes(1, 2),
            act(0, "trump", trump="0", piles=2),
            *plays((0, "1-3"), (1, "3-3"), (2, "3-4")),
        ],
        dealer=2,
        marks=[0, 6, 5],
    )
    assert out["marks"] == [0, 8, 7] and out["winner"] == 1
