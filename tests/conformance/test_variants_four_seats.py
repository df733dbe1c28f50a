"""The variants' reference on the games of two teams of two, the Big Game (V-BIG), Geezer
(V-GEEZER) and 72 (V-72), against hands worked out by hand from docs/VARIANTS.md."""

from __future__ import annotations

import pytest

from tests.conformance.reference import (
    Malformed,
    Unspecified,
)
from tests.conformance.variant_helpers import (
    MOON,
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
    new_variant_hand,
)

# =============================================================================================
# V-BIG

EIGHTS = ["0-8", "1-8", "2-8", "3-8", "4-8", "5-8", "6-8", "7-8", "8-8"]
BIG = deal("big", {0: [*EIGHTS, "7-7", "6-7"]}, leftover=["0-7"])


def test_v_big_table_two_teams() -> None:
    """V-BIG-TABLE, V-BIG-SET: four hands of 11 from the double-eight set, a score per team."""
    out = run(BIG, [], score=[10, 399])
    assert out["score"] == [10, 399] and len(out["hands"]) == 4
    assert all(len(h) == 11 for h in out["hands"]) and "marks" not in out
    with pytest.raises(Malformed):
        run(BIG, [act(0, "play", tile="9-9")])
    with pytest.raises(Unspecified):
        run(BIG, [], score=[-1, 0])  # the Big Game keeps its score at 0 or more


def test_v_big_set_forty_five_tiles() -> None:
    """V-BIG-SET."""
    assert sum(VARIANTS["big"].full_set().values()) == 45
    assert VARIANTS["big"].suits() == set(range(9))


def test_v_big_points_counters_of_the_seed() -> None:
    """V-BIG-POINTS: 3-7 and 2-8 count 10, 7-8 nothing; 66 in all."""
    v = VARIANTS["big"]
    assert v.counters[(3, 7)] == v.counters[(2, 8)] == 10 and (7, 8) not in v.counters
    assert sum(v.counters.values()) == 55 and v.total_points() == 66


def test_v_big_auction_round_and_round() -> None:
    """V-BIG-AUCTION: a passed player is skipped; it ends when all but the highest passed."""
    out = run(BIG, [
        act(1, "bid", points=41), act(1, "bid", points=42),
        act(2, "bid", points=43), act(3, "pass"),
        act(0, "bid", points=66), act(0, "bid", points=44),
        act(1, "bid", points=45), act(2, "pass"),
        act(3, "bid", points=46), act(0, "pass"),
    ])  # fmt: skip
    assert oks(out) == [False, True, True, True, False, True, True, True, False, True]
    assert out["contract"] == {"declarer": 1, "points": 45}
    assert out["status"] == "leftover" and out["to_act"] == 1
    out = run(
        BIG,
        [
            act(1, "bid", marks=1),
            act(2, "bid", points=60),
            act(2, "bid", marks=2),
            act(3, "bid", marks=4),
            act(3, "bid", marks=3),
        ],
    )
    assert oks(out) == [True, False, True, False, True] and out["to_act"] == 0
    out = run(BIG, passes(1, 2, 3, 0), score=[5, 6])
    assert out["outcome"] == {"redeal": True, "score": [0, 0], "next_dealer": 1}


def test_v_big_leftover_a_counter_must_be_taken_and_no_counter_discarded() -> None:
    """V-BIG-LEFTOVER: with 3-7 left over, leaving it is refused; once taken, a counter may not
    go back, any other tile may (the one just taken too when it is no counter)."""
    doc = deal("big", {0: [*EIGHTS, "7-7", "6-7"]}, leftover=["3-7"])
    won = [act(1, "pass"), act(2, "pass"), act(3, "pass"), act(0, "bid", points=42)]
    out = run(
        doc,
        [
            *won,
            act(0, "trump", trump="8"),
            act(0, "leftover", take=False),
            act(0, "leftover", take=True),
            act(0, "discard", tile="3-7"),
            act(0, "discard", tile="2-8"),
            act(0, "discard", tiles=["0-8"]),
            act(0, "discard", tile="0-8"),
            act(0, "trump", trump="8"),
        ],
    )
    assert oks(out)[4:] == [False, False, True, False, False, False, True, True]
    assert out["discards"][0] == ["0-8"] and out["hands"][0][-1] == "3-7"
    out = run(
        BIG,
        [
            *won,
            act(0, "leftover", take=False),
            act(0, "discard", tile="0-7"),
            act(0, "trump", trump="8"),
        ],
    )
    assert oks(out)[4:] == [True, False, True] and out["discards"] == [[], [], [], []]
    out = run(BIG, [*won, act(0, "leftover", take=True), act(0, "discard", tile="0-7")])
    assert all(oks(out)) and out["status"] == "trump" and out["discards"][0] == ["0-7"]


def test_v_big_lead_low_threes_from_the_three_seven() -> None:
    """V-BIG-LEAD-LOW: 3-7 led low calls for threes; the play records it; a low lead is
    refused on a trump, on another tile, on a follow, or with another value."""
    doc = deal(
        "big",
        {
            0: ["3-7", "2-8", "0-0", "0-1", "0-2", "0-4", "0-5", "0-6", "0-7", "0-8", "1-1"],
            1: ["3-4", "5-7", "1-2", "1-4", "1-5", "1-6", "1-7", "1-8", "2-2", "2-4", "2-5"],
            2: ["3-3", "3-5", "3-6", "2-6", "2-7", "4-5", "4-6", "4-7", "5-5", "5-6", "6-6"],
        },
        leftover=["4-4"],
    )
    start = [*passes(1, 2, 3), act(0, "bid", points=42), act(0, "leftover", take=False)]
    out = run(
        doc,
        [
            *start,
            act(0, "trump", trump="8"),
            act(0, "play", tile="2-8", suit="low"),
            act(0, "play", tile="0-0", suit="low"),
            act(0, "play", tile="3-7", suit="high"),
            act(0, "play", tile="3-7", suit="low"),
            act(1, "play", tile="5-7"),
            act(1, "play", tile="3-4", suit="low"),
            act(1, "play", tile="3-4"),
        ],
    )
    assert oks(out)[6:] == [False, False, False, True, False, False, True]
    assert out["to_act"] == 2
    assert "2-3" in doc["hands"][3]
    out = run(
        doc,
        [
            *start,
            act(0, "trump", trump="8"),
            act(0, "play", tile="3-7", suit="low"),
            act(1, "play", tile="3-4", suit=None),
            act(2, "play", tile="3-3"),
            act(3, "play", tile="3-8"),
            act(3, "play", tile="2-3"),
        ],
    )
    assert oks(out)[-5:] == [True, True, True, False, True]
    trick = out["tricks"][0]
    assert trick["winner"] == 2 and trick["points"] == 1 + 10 + 5  # 3-3 tops the threes
    assert trick["plays"][0] == {"seat": 0, "tile": "3-7", "suit": "low"}
    assert trick["plays"][1] == {"seat": 1, "tile": "3-4"}
    # With sevens trump the 3-7 is a trump and leads trump: no announcement.
    out = run(doc, [*start, act(0, "trump", trump="7"), act(0, "play", tile="3-7", suit="low")])
    assert oks(out)[-1] is False
    # In any other variant "suit" is refused; null is as if absent.
    out = run(
        MOON,
        [
            *passes(1),
            act(2, "bid", points=4),
            *passes(0),
            act(2, "discard", tile="6-6"),
            act(2, "trump", trump="none"),
            act(2, "play", tile="3-5", suit="low"),
            act(2, "play", tile="3-5", suit=None),
        ],
    )
    assert oks(out)[-2:] == [False, True]


def test_v_big_score_every_trick_played_and_66_a_mark() -> None:
    """V-BIG-SCORE: seat 0 holds every eight; with a 2-mark bid made its team scores 132. The
    hand goes on after the contract is decided."""
    start = [
        *passes(1, 2, 3),
        act(0, "bid", marks=2),
        act(0, "leftover", take=False),
        act(0, "trump", trump="8", piles=1),
    ]
    out = play_out(BIG, start, seat_takes_everything(0), dealer=0, score=[300, 100])
    assert len(out["tricks"]) == 11 and all(t["winner"] == 0 for t in out["tricks"])
    assert out["outcome"] == {"made": True, "score": [132, 0], "next_dealer": 1}
    assert out["score"] == [432, 100] and out["winner"] == 0  # V-BIG-GAME


def test_v_big_score_set_gives_the_defenders_bid_and_take() -> None:
    """V-BIG-SCORE: seat 1 bids 42 with eights trump while seat 0 holds them all: set, team 0
    scores 42 + 66, and the hand still runs to its eleventh trick."""
    start = [
        act(1, "bid", points=42),
        *passes(2, 3, 0),
        act(1, "leftover", take=False),
        act(1, "trump", trump="8"),
    ]
    out = play_out(BIG, start, seat_takes_everything(0), dealer=0)
    assert len(out["tricks"]) == 11 and out["points"] == [66, 0]
    assert out["outcome"] == {"made": False, "score": [108, 0], "next_dealer": 1}


def test_v_big_game_both_past_400_the_declarers_win() -> None:
    """V-BIG-GAME (reading): both teams past 400 in one hand: the declarers win."""
    state = new_variant_hand({**BIG, "dealer": 0, "score": [390, 395], "actions": []})
    state.contract = {"declarer": 1, "points": 42}
    state.points = [20, 46]
    state._finish(True)
    assert state.outcome == {"made": True, "score": [20, 46], "next_dealer": 1}
    assert state.totals == [410, 441] and state.winner == 1
    state = new_variant_hand({**BIG, "dealer": 0, "score": [398, 395], "actions": []})
    state.contract = {"declarer": 1, "points": 42}
    state.points = [20, 46]
    state._finish(True)
    assert state.totals == [418, 441] and state.winner == 1


# =============================================================================================
# V-GEEZER

GEEZER = sorted_deal("geezer")  # seat 3 holds 5-5, 6-6 and 7-7


def test_v_geezer_table_and_v_geezer_set() -> None:
    """V-GEEZER-TABLE, V-GEEZER-SET: four hands of 9 from the double-seven set, marks per team."""
    assert GEEZER["hands"][3] == ["4-5", "4-6", "4-7", "5-5", "5-6", "5-7", "6-6", "6-7", "7-7"]
    out = run(GEEZER, [], marks=[3, 4])
    assert out["marks"] == [3, 4] and VARIANTS["geezer"].suits() == set(range(8))
    with pytest.raises(Malformed):
        run(GEEZER, [act(0, "play", tile="8-8")])
    with pytest.raises(Malformed):
        run({**GEEZER, "leftover": ["7-7"]}, [])


def test_v_geezer_points_the_three_seven_counts_ten() -> None:
    """V-GEEZER-POINTS, V-GEEZER-SCORE: seat 1 bids 53 with blanks trump; seat 0 trumps the
    sevens with 0-1 and takes 3-7: 1 + 10 points put the defenders past 54 - 53."""
    assert VARIANTS["geezer"].total_points() == 54
    out = run(
        GEEZER,
        [
            act(1, "bid", points=53),
            *passes(2, 3, 0),
            act(1, "trump", trump="0"),
            *plays((1, "1-7"), (2, "3-7"), (3, "7-7"), (0, "0-1")),
        ],
        marks=[6, 0],
    )
    assert out["tricks"][0]["winner"] == 0 and out["tricks"][0]["points"] == 1 + 10
    assert out["outcome"] == {"made": False, "marks": [1, 0], "next_dealer": 1}
    assert out["marks"] == [7, 0] and out["winner"] == 0


def test_v_geezer_auction_46_tops_a_mark() -> None:
    """V-GEEZER-AUCTION (reading): 45 < 1 mark < 46 < ... < 53 < 2 marks; a bid must beat the
    standing bid and the marks ladder continues from the highest marks bid."""
    out = run(GEEZER, [
        act(1, "bid", points=38), act(1, "bid", points=45),
        act(2, "bid", marks=1),
        act(3, "bid", points=45), act(3, "bid", points=46),
        act(0, "bid", marks=1), act(0, "bid", marks=3), act(0, "bid", marks=2),
    ])  # fmt: skip
    assert oks(out) == [False, True, True, False, True, False, False, True]
    assert out["contract"] == {"declarer": 0, "marks": 2}
    out = run(
        GEEZER,
        [
            act(1, "bid", points=47),
            act(2, "bid", marks=1),
            act(2, "bid", marks=2),
            act(3, "bid", points=53),
            act(3, "pass"),
            act(0, "bid", marks=3),
        ],
    )
    assert oks(out) == [True, False, True, False, True, True]
    out = run(GEEZER, [act(1, "bid", points=54), act(1, "bid", points=39)])
    assert oks(out) == [False, True]


def test_v_geezer_water_dip_dive_and_plunge() -> None:
    """V-GEEZER-WATER: seat 3 holds three doubles: a dip (2 marks, or the highest marks + 1),
    not a dive; the partner names trump and leads; the defenders' first trick sets it."""
    out = run(GEEZER, [
        act(1, "bid", marks=2, water="dip"),
        act(1, "bid", marks=2),
        *passes(2),
        act(3, "bid", marks=3, water="dive"),
        act(3, "bid", marks=2, water="dip"),
        act(3, "bid", marks=3, water="dip"),
        *passes(0),
    ])  # fmt: skip
    assert oks(out) == [False, True, True, False, False, True, True]
    assert out["contract"] == {"declarer": 3, "marks": 3, "water": "dip"}
    assert out["status"] == "trump" and out["to_act"] == 1
    out = run(GEEZER, [
        *passes(1, 2), act(3, "bid", marks=2, water="dip"), *passes(0),
        act(3, "trump", trump="1", piles=1), act(1, "trump", trump="1", piles=1),
        *plays((1, "1-7"), (2, "2-5"), (3, "7-7"), (0, "1-1")),
    ])  # fmt: skip
    assert oks(out) == [True, True, True, True, False, True, True, True, True, True]
    assert out["tricks"][0]["leader"] == 1 and out["tricks"][0]["winner"] == 0
    assert out["outcome"] == {"made": False, "marks": [2, 0], "next_dealer": 1}
    hands = [list(h) for h in GEEZER["hands"]]  # seat 3 with five doubles may plunge
    hands[3][0], hands[0][0] = hands[0][0], hands[3][0]  # 0-0 for 4-5
    hands[3][1], hands[0][8] = hands[0][8], hands[3][1]  # 1-1 for 4-6
    out = run(
        {**GEEZER, "hands": hands},
        [
            act(1, "bid", marks=1),
            act(2, "bid", marks=3, water="dip"),  # seat 2 holds two doubles
            *passes(2),
            act(3, "bid", marks=4, water="plunge"),
            *passes(0),
        ],
    )
    assert oks(out) == [True, False, True, True, True]
    assert out["contract"] == {"declarer": 3, "marks": 4, "water": "plunge"}


def test_v_geezer_score_marks_and_early_end() -> None:
    """V-GEEZER-SCORE: a marks contract goes on while the declarers take the tricks (seat 3,
    seat 1's partner, takes the first) and is set at the defenders' first trick."""
    bid = [act(1, "bid", marks=1), *passes(2, 3, 0)]
    out = run(GEEZER, [*bid, act(1, "trump", trump="7", piles=1),
                       *plays((1, "1-7"), (2, "2-7"), (3, "7-7"), (0, "0-7"))])  # fmt: skip
    assert all(oks(out)) and out["tricks"][0]["winner"] == 3
    assert out["status"] == "play" and out["to_act"] == 3 and out["points"] == [0, 1]
    first = plays((1, "2-4"), (2, "2-5"), (3, "4-5"), (0, "0-2"))
    out = run(GEEZER, [*bid, act(1, "trump", trump="2", piles=1), *first], marks=[5, 6])
    assert all(oks(out)) and out["tricks"][0]["winner"] == 2
    assert out["outcome"] == {"made": False, "marks": [1, 0], "next_dealer": 1}
    assert out["marks"] == [6, 6] and out["winner"] is None


# =============================================================================================
# V-72

SEVENTY_TWO = sorted_deal("72")
FOURS = ["1-4", "1-4", "2-4", "2-4", "3-4", "3-4", "4-4", "4-4", "4-5", "4-5"]


def test_v_72_table_and_v_72_set() -> None:
    """V-72-TABLE, V-72-SET: two copies of 21 faces without blanks; 10 each, a widow of two."""
    v = VARIANTS["72"]
    assert len(v.faces()) == 21 and v.suits() == set(range(1, 7))
    out = run(SEVENTY_TWO, [], dealer=3, marks=[0, 6])
    assert out["marks"] == [0, 6] and out["to_act"] == 0
    hands = [list(h) for h in SEVENTY_TWO["hands"]]
    hands[0][0] = "0-6"
    with pytest.raises(Malformed):
        run({**SEVENTY_TWO, "hands": hands}, [])
    hands = [list(h) for h in SEVENTY_TWO["hands"]]
    hands[0][2] = "1-1"  # a third 1-1
    with pytest.raises(Malformed):
        run({**SEVENTY_TWO, "hands": hands}, [])


def test_v_72_points_seventy() -> None:
    """V-72-POINTS: 60 in counters (both copies), 10 tricks."""
    v = VARIANTS["72"]
    assert v.total_points() == 70 and (5, 5) in v.counters and (0, 5) not in v.counters


def test_v_72_auction_40_to_69() -> None:
    """V-72-AUCTION."""
    out = run(
        SEVENTY_TWO,
        [
            act(0, "bid", points=39),
            act(0, "bid", points=70),
            act(0, "bid", points=69),
            act(1, "bid", points=41),
            act(1, "bid", marks=1),
            *passes(2, 3),
        ],
        dealer=3,
    )
    assert oks(out) == [False, False, True, False, True, True, True]
    assert out["contract"] == {"declarer": 1, "marks": 1} and out["status"] == "trump"


def test_v_72_widow_plain_tiles_go_first() -> None:
    """V-72-WIDOW: trump first, then the two widow tiles join the hand; with two tiles that are
    neither trump nor counter (the two 6-6 with ones trump), both must go."""
    start = [act(0, "bid", points=40), *passes(1, 2, 3)]
    out = run(
        SEVENTY_TWO,
        [*start, act(0, "discard", tiles=["1-1", "1-2"]), act(0, "trump", trump="1")],
        dealer=3,
    )
    assert oks(out)[-2:] == [False, True]
    assert out["status"] == "discard" and out["hands"][0][-2:] == ["6-6", "6-6"]
    out = run(
        SEVENTY_TWO,
        [
            *start,
            act(0, "trump", trump="1"),
            act(0, "discard", tiles=["1-1", "1-1"]),
            act(0, "discard", tiles=["6-6", "1-1"]),
            act(0, "discard", tile="6-6"),
            act(0, "discard", tiles=["6-6"]),
            act(0, "discard", tiles=["6-6", "6-6", "6-6"]),
            act(0, "discard", tiles=["6-6", "6-6"]),
        ],
        dealer=3,
    )
    assert oks(out)[-6:] == [False, False, False, False, False, True]
    assert out["status"] == "play" and out["to_act"] == 0 and out["discards"][0] == ["6-6", "6-6"]
    assert out["points"] == [0, 0]


def test_v_72_widow_one_plain_tile_and_a_counter() -> None:
    """V-72-WIDOW: with fours trump seat 0 holds one plain tile (6-6): it goes with any other;
    a discarded counter's points go to the defenders."""
    doc = deal("72", {0: [*FOURS[:9], "6-6"]}, leftover=["4-6", "4-6"])
    start = [act(0, "bid", points=40), *passes(1, 2, 3), act(0, "trump", trump="4")]
    out = run(
        doc,
        [*start, act(0, "discard", tiles=["4-6", "4-6"]), act(0, "discard", tiles=["4-6", "6-6"])],
        dealer=3,
    )
    assert oks(out)[-2:] == [False, True]
    assert out["points"] == [0, 10] and out["status"] == "play"
    assert out["discards"] == [["4-6", "6-6"], [], [], []]


def test_v_72_score_a_points_contract_set_by_the_discard() -> None:
    """V-72-SCORE: all twelve fours in hand, seat 0 may discard both 4-6: 20 points to the
    defenders sets a bid of 51 (70 - 51 = 19) before the first lead, not a bid of 50."""
    doc = deal("72", {0: FOURS}, leftover=["4-6", "4-6"])
    for bid, over in ((51, True), (50, False)):
        out = run(
            doc,
            [
                act(0, "bid", points=bid),
                *passes(1, 2, 3),
                act(0, "trump", trump="4"),
                act(0, "discard", tiles=["4-6", "4-6"]),
            ],
            dealer=3,
        )
        assert all(oks(out)) and out["points"] == [0, 20]
        assert (out["status"] == "over") is over
        if over:
            assert out["outcome"] == {"made": False, "marks": [0, 1], "next_dealer": 0}
            assert out["tricks"] == [] and out["to_act"] is None
