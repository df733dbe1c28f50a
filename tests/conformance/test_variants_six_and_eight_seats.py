"""The variants' reference on the games of six and eight players, 140 (V-140, three teams) and 84
(V-84, two teams of four), against hands worked out by hand from docs/VARIANTS.md."""

from __future__ import annotations

import pytest

from tests.conformance.reference import (
    Malformed,
)
from tests.conformance.variant_helpers import (
    act,
    deal,
    oks,
    passes,
    play_out,
    plays,
    run,
    seat_takes_everything,
    sorted_deal,
)
from tests.conformance.variants import (
    VARIANTS,
    VariantHand,
    new_variant_hand,
)

# =============================================================================================
# V-140

NINES = ["1-9", "2-9", "3-9", "4-9", "5-9", "6-9", "7-9", "8-9", "9-9"]
ONE_FORTY = deal("140", {0: NINES}, leftover=["0-9"])


def test_v_140_table_three_teams_seated_alternately() -> None:
    """V-140-TABLE: team t is seats t and t + 3 (seat 4 plays for team 1); a score per team."""
    v = VARIANTS["140"]
    assert [v.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    out = run(ONE_FORTY, [], dealer=5, score=[-40, 0, 499])
    assert out["score"] == [-40, 0, 499] and out["points"] == [0, 0, 0]
    with pytest.raises(Malformed):
        run(ONE_FORTY, [], score=[0, 0])


def test_v_140_set_double_nine() -> None:
    """V-140-SET: 55 tiles, 9 each, one in the boneyard; suits 0-9."""
    v = VARIANTS["140"]
    assert sum(v.full_set().values()) == 55 and v.suits() == set(range(10))
    with pytest.raises(Malformed):
        run(ONE_FORTY, [act(0, "play", tile="0-10")])


def test_v_140_points_multiples_of_five() -> None:
    """V-140-POINTS: ten counters worth 95, nine tricks of 5."""
    v = VARIANTS["140"]
    assert sorted(v.counters) == [
        (0, 5),
        (1, 4),
        (1, 9),
        (2, 3),
        (2, 8),
        (3, 7),
        (4, 6),
        (5, 5),
        (6, 9),
        (7, 8),
    ]
    assert sum(v.counters.values()) == 95 and v.total_points() == 140


def test_v_140_auction_steps_of_five_and_marks() -> None:
    """V-140-AUCTION: 100 to 135 in fives, one round of six; no points bid of 140."""
    out = run(ONE_FORTY, [
        act(0, "bid", points=95), act(0, "bid", points=101), act(0, "bid", points=105),
        act(1, "bid", points=140), act(1, "bid", points=135),
        act(2, "bid", points=130), act(2, "bid", marks=1),
        *passes(3, 4), act(5, "bid", marks=2),
    ], dealer=5)  # fmt: skip
    assert oks(out) == [False, False, True, False, True, False, True, True, True, True]
    assert out["contract"] == {"declarer": 5, "marks": 2} and out["status"] == "discard"
    assert out["hands"][5][-1] == "0-9"
    out = run(ONE_FORTY, passes(0, 1, 2, 3, 4, 5), dealer=5)
    assert out["outcome"] == {"redeal": True, "score": [0, 0, 0], "next_dealer": 0}


def test_v_140_boneyard_exchange_never_a_counter() -> None:
    """V-140-BONEYARD: discarding the boneyard tile means no exchange; a counter may not go
    (reading), unless all ten tiles are counters."""
    won = [act(0, "bid", points=100), *passes(1, 2, 3, 4, 5)]
    out = run(
        ONE_FORTY,
        [
            *won,
            act(0, "discard", tile="1-9"),
            act(0, "discard", tile="6-9"),
            act(0, "discard", tile="0-9"),
        ],
        dealer=5,
    )
    assert oks(out)[-3:] == [False, False, True]
    assert out["hands"][0] == NINES and out["discards"][0] == ["0-9"]
    out = run(ONE_FORTY, [*won, act(0, "discard", tile="2-9")], dealer=5)
    assert out["hands"][0] == [t for t in NINES if t != "2-9"] + ["0-9"]
    counters = ["0-5", "1-4", "1-9", "2-3", "2-8", "3-7", "4-6", "5-5", "6-9"]
    doc = deal("140", {0: counters}, leftover=["7-8"])
    out = run(doc, [*won, act(0, "discard", tile="0-5")], dealer=5)
    assert all(oks(out)) and out["status"] == "trump" and out["discards"][0] == ["0-5"]


def test_v_140_score_made_and_set() -> None:
    """V-140-SCORE: seat 0 holds every nine: a made 2-mark bid scores 280; seat 1's set bid of
    100 scores -100 while team 0 scores the 140 it took."""
    start = [
        act(0, "bid", marks=2),
        *passes(1, 2, 3, 4, 5),
        act(0, "discard", tile="0-9"),
        act(0, "trump", trump="9", piles=2),
    ]
    out = play_out(ONE_FORTY, start, seat_takes_everything(0), dealer=5)
    assert len(out["tricks"]) == 9 and out["points"] == [140, 0, 0]
    assert out["outcome"] == {"made": True, "score": [280, 0, 0], "next_dealer": 0}
    start = [
        *passes(0),
        act(1, "bid", points=100),
        *passes(2, 3, 4, 5),
        act(1, "discard", tile="0-9"),
        act(1, "trump", trump="9"),
    ]
    out = play_out(ONE_FORTY, start, seat_takes_everything(0), dealer=5, score=[400, 0, 0])
    assert len(out["tricks"]) == 9 and out["points"] == [140, 0, 0]
    assert out["outcome"] == {"made": False, "score": [140, -100, 0], "next_dealer": 0}
    assert out["score"] == [540, -100, 0] and out["winner"] == 0  # V-140-GAME


def test_v_140_game_several_past_500() -> None:
    """V-140-GAME (reading): the declarers if among those past 500, else the highest total;
    equal totals, another hand."""

    def finish(before: list[int], points: list[int], declarer: int, made: bool) -> VariantHand:
        state = new_variant_hand({**ONE_FORTY, "dealer": 5, "score": before, "actions": []})
        state.contract = {"declarer": declarer, "points": 100}
        state.points = points
        state._finish(made)
        return state

    assert finish([480, 470, 0], [30, 40, 70], 0, False).winner == 1  # 380 and 510
    assert finish([480, 470, 0], [30, 40, 70], 1, True).winner == 1  # 510 and 510: declarers
    assert finish([480, 470, 0], [30, 40, 70], 2, True).winner is None  # 510 and 510
    assert finish([480, 460, 0], [30, 45, 65], 2, True).winner == 0  # 510 beats 505


# =============================================================================================
# V-84

EIGHTY_FOUR = sorted_deal("84")


def test_v_84_table_eight_seats_in_two_teams() -> None:
    """V-84-TABLE (reading): even seats team 0, odd seats team 1."""
    v = VARIANTS["84"]
    assert [v.side_of(s) for s in range(8)] == [0, 1, 0, 1, 0, 1, 0, 1]
    out = run(EIGHTY_FOUR, [], dealer=7, marks=[2, 3])
    assert out["marks"] == [2, 3] and out["to_act"] == 0 and len(out["hands"]) == 8
    with pytest.raises(Malformed):
        run(EIGHTY_FOUR, [], dealer=8)


def test_v_84_set_two_double_six_sets() -> None:
    """V-84-SET: 56 tiles; a third copy is malformed."""
    hands = [list(h) for h in EIGHTY_FOUR["hands"]]
    hands[1][0] = "0-0"
    with pytest.raises(Malformed):
        run({**EIGHTY_FOUR, "hands": hands}, [])


def test_v_84_points_tricks_worth_two() -> None:
    """V-84-POINTS (reading): 70 in counters and 7 tricks of 2."""
    assert VARIANTS["84"].total_points() == 84 and VARIANTS["84"].trick_value == 2


def test_v_84_auction_60_to_83_in_one_round_of_eight() -> None:
    """V-84-AUCTION."""
    out = run(
        EIGHTY_FOUR,
        [
            act(0, "bid", points=59),
            act(0, "bid", points=84),
            act(0, "bid", points=83),
            act(1, "bid", points=60),
            act(1, "bid", marks=1),
            *passes(2, 3, 4, 5, 6),
            act(7, "bid", marks=2),
        ],
        dealer=7,
    )
    assert oks(out) == [False, False, True, False, True, True, True, True, True, True, True]
    assert out["contract"] == {"declarer": 7, "marks": 2}


def test_v_84_score_set_at_once_by_a_defender_trick() -> None:
    """V-84-SCORE: seat 6 bids 83; seat 7 takes the first trick with 6-6: 2 > 84 - 83."""
    out = run(
        EIGHTY_FOUR,
        [
            act(6, "bid", points=83),
            *passes(7, 0, 1, 2, 3, 4, 5),
            act(6, "trump", trump="none"),
            *plays(
                (6, "3-6"),
                (7, "6-6"),
                (0, "0-0"),
                (1, "0-6"),
                (2, "1-1"),
                (3, "1-6"),
                (4, "2-6"),
                (5, "2-6"),
            ),
        ],
        dealer=5,
        marks=[0, 5],
    )
    assert all(oks(out)) and out["tricks"][0]["winner"] == 7
    assert out["outcome"] == {"made": False, "marks": [0, 1], "next_dealer": 6}
    assert out["marks"] == [0, 6] and out["winner"] is None
