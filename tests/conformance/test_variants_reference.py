"""The reference reading of the variants checked on its own, against hands worked out by hand from
docs/VARIANTS.md and the "Variants" section of docs/REPLAY.md. Every V-id has a test named after it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.conformance.reference import (
    VARIANT_NAMES,
    Malformed,
    Refused,
    Unspecified,
    replay,
)
from tests.conformance.variant_helpers import (
    MOON,
    Action,
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
from tests.conformance.variant_scenarios import random_variant_case, random_variant_scenario
from tests.conformance.variants import (
    MOON_EXAMPLE,
    VARIANTS,
    VariantHand,
    new_variant_hand,
    parse_variant_tile,
)

# =============================================================================================
# V-GEN


def test_v_gen_set_sizes_and_copies() -> None:
    """V-GEN-SET and each variant's -SET rule: (N+1)(N+2)/2 faces, less the removed ones,
    times the copies."""
    sizes = {"moon": 22, "three": 27, "big": 45, "140": 55, "geezer": 36, "72": 42, "84": 56}
    for name, size in sizes.items():
        v = VARIANTS[name]
        assert sum(v.full_set().values()) == size == v.seats * v.hand_size + v.leftover
    assert max(VARIANTS["72"].full_set().values()) == 2 == max(VARIANTS["84"].full_set().values())
    # A hand may hold both copies of a face (seat 0 of the sorted 84 deal holds two 0-0).
    out = run(sorted_deal("84"), [])
    assert out["hands"][0][:2] == ["0-0", "0-0"]


def first_plain_play(doc: dict[str, Any], actions: list[Action]) -> Action:
    """The first legal play (without an announced suit) of the seat to act after `actions`."""
    state = new_variant_hand(json.loads(json.dumps({**doc, "dealer": 0, "actions": []})))
    for action in actions:
        with contextlib.suppress(Refused):
            state.apply(action)
    return next(a for a in state.legal_actions() if "suit" not in a)


def test_v_gen_suits_double_eight_and_suits_the_set_lacks() -> None:
    """V-GEN-SUITS: with eights trump the double eight is top and 7-8 next; a suit the set does
    not hold cannot be named (reading: "9" in the Big Game, "0" in 72, "7" in a double-six game)."""
    seat0 = ["8-8", "0-8", "1-8", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7"]
    seat1 = ["7-8", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "2-2", "2-4", "2-5"]
    doc = deal("big", {0: seat0, 1: seat1}, leftover=["7-7"])
    actions = [
        act(1, "bid", points=42),
        *passes(2, 3, 0),
        act(1, "leftover", take=False),
        act(1, "trump", trump="9"),
        act(1, "trump", trump="8"),
        act(1, "play", tile="7-8"),
    ]
    for _ in range(2):  # seats 2 and 3 follow with their lowest eight
        actions.append(first_plain_play(doc, actions))
    assert all(parse_variant_tile(VARIANTS["big"], a["tile"])[1] == 8 for a in actions[-2:])
    out = run(doc, [*actions, act(0, "play", tile="0-0"), act(0, "play", tile="8-8")])
    assert oks(out) == [True] * 5 + [False] + [True] * 4 + [False, True]
    assert out["trump"] == "8" and out["tricks"][0]["winner"] == 0
    out = run(doc, [*actions, act(0, "play", tile="0-8")])
    assert out["tricks"][0]["winner"] == 1  # 7-8 ranks above every eight but 8-8
    out = run(
        sorted_deal("72"),
        [
            *passes(0, 1, 2),
            act(3, "bid", points=40),
            act(3, "trump", trump="0"),
            act(3, "trump", trump="6"),
        ],
        dealer=3,
    )
    assert oks(out)[-2:] == [False, True]
    out = run(
        MOON,
        [
            act(1, "bid", points=4),
            *passes(2, 0),
            act(1, "discard", tile="6-6"),
            act(1, "trump", trump="7"),
            act(1, "trump", trump="0"),
        ],
    )
    assert oks(out)[-2:] == [False, True] and out["trump"] == "0"


def test_v_gen_tie_the_copy_played_first_wins() -> None:
    """V-GEN-TIE in 84: seat 6 leads 4-6, seat 7 follows with the other 4-6; no trump."""
    doc = sorted_deal("84")
    hands = doc["hands"]
    assert hands[6][-1] == "4-6" and hands[7][0] == "4-6"
    out = run(
        doc,
        [
            act(6, "bid", points=60),
            *passes(7, 0, 1, 2, 3, 4, 5),
            act(6, "trump", trump="none"),
            *plays(
                (6, "4-6"),
                (7, "4-6"),
                (0, "0-0"),
                (1, "0-6"),
                (2, "1-1"),
                (3, "1-6"),
                (4, "2-6"),
                (5, "2-6"),
            ),
        ],
        dealer=5,
    )
    assert all(oks(out))
    trick = out["tricks"][0]
    assert trick["winner"] == 6 and trick["points"] == 2 + 10 + 10  # V-84-POINTS
    assert out["points"] == [22, 0] and out["status"] == "play" and out["to_act"] == 6


def test_v_gen_seats_three_defend_together_and_score_alone() -> None:
    """V-GEN-SEATS, V-THREE-CONTRACT, V-THREE-AWARD: seat 0 bids 43 and is set as soon as the
    two others hold more than 44 - 43 = 1; each defender receives the mark (reading)."""
    doc = sorted_deal("three")
    assert doc["hands"][0] == ["0-0", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-3"]
    out = run(
        doc,
        [
            act(0, "bid", points=43),
            *passes(1, 2),
            act(0, "trump", trump="0"),
            *plays((0, "1-3"), (1, "2-3"), (2, "3-4")),
        ],
        dealer=2,
        marks=[6, 6, 5],
    )
    assert all(oks(out))
    assert out["tricks"][0]["winner"] == 2 and out["points"] == [0, 0, 6]
    assert out["outcome"] == {"made": False, "marks": [0, 1, 1], "next_dealer": 0}
    assert out["marks"] == [6, 7, 6] and out["winner"] == 1  # V-THREE-GAME


def test_v_gen_deal_leftover_exactly_where_the_game_has_one() -> None:
    """V-GEN-DEAL: the leftover is given exactly for moon, big, 140 and 72, in stack order; it
    joins the declarer's hand at the end."""
    for name, v in VARIANTS.items():
        doc = sorted_deal(name)
        if v.leftover:
            assert len(doc["leftover"]) == v.leftover
            run(doc, [])
            with pytest.raises(Malformed):
                run({k: x for k, x in doc.items() if k != "leftover"}, [])
            with pytest.raises(Malformed):
                run({**doc, "leftover": []}, [])
        else:
            run({**doc, "leftover": None}, [])
            with pytest.raises(Malformed):
                run({**doc, "leftover": []}, [])
    doc = deal("72", {}, leftover=["6-6", "5-6"])
    out = run(
        doc, [act(0, "bid", points=40), *passes(1, 2, 3), act(0, "trump", trump="1")], dealer=3
    )
    assert out["status"] == "discard" and out["hands"][0][-2:] == ["6-6", "5-6"]


def test_v_gen_discard_listed_apart_and_out_of_play() -> None:
    """V-GEN-DISCARD: the discard leaves the hand and is listed under "discards" only."""
    out = run(
        {"variant": "moon", "hands": MOON_EXAMPLE[:3], "leftover": MOON_EXAMPLE[3]},
        [
            *passes(1),
            act(2, "bid", points=4),
            *passes(0),
            act(2, "discard", tile="5-3"),
            act(2, "trump", trump="6"),
            act(2, "play", tile="3-5"),
        ],
    )
    assert oks(out) == [True] * 5 + [False]
    assert out["discards"] == [[], [], ["3-5"]]
    assert "3-5" not in out["hands"][2] and out["hands"][2][-1] == "6-6"


def test_v_gen_see_piles_on_every_marks_contract_but_moon() -> None:
    """V-GEN-SEE, R-PILES: a marks contract chooses 1 or 2 piles; Moon names trump without."""
    doc = sorted_deal("geezer")
    out = run(
        doc,
        [
            act(1, "bid", marks=1),
            *passes(2, 3, 0),
            act(1, "trump", trump="2"),
            act(1, "trump", trump="2", piles=3),
            act(1, "trump", trump="2", piles=2),
        ],
    )
    assert oks(out)[-3:] == [False, False, True] and out["piles"] == 2
    moon = {"variant": "moon", "hands": MOON_EXAMPLE[:3], "leftover": MOON_EXAMPLE[3]}
    out = run(
        moon,
        [
            *passes(1),
            act(2, "bid", moon=True),
            *passes(0),
            act(2, "discard", tile="6-6"),
            act(2, "trump", trump="5", piles=1),
            act(2, "trump", trump="5"),
        ],
    )
    assert oks(out)[-2:] == [False, True] and out["piles"] is None


def test_v_gen_points_bids_of_kinds_the_game_lacks_are_refused() -> None:
    """V-GEN-POINTS: Splash in Moon, a moon in 140, water outside Geezer, marks in Moon."""
    moon = {"variant": "moon", "hands": MOON_EXAMPLE[:3], "leftover": MOON_EXAMPLE[3]}
    out = run(
        moon,
        [
            act(1, "bid", marks=3, splash=True),
            act(1, "bid", marks=1),
            act(1, "bid", marks=2, water="dip"),
            act(1, "bid", points=4),
        ],
    )
    assert oks(out) == [False, False, False, True]
    out = run(
        sorted_deal("140"),
        [
            act(1, "bid", moon=True),
            act(1, "bid", over_moon=True),
            act(1, "bid", marks=4, plunge=True),
            act(1, "bid", points=100),
        ],
    )
    assert oks(out) == [False, False, False, True]
    doc = deal(
        "big", {1: ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "0-1", "0-2", "0-3", "0-4", "0-6"]}
    )
    out = run(doc, [act(1, "bid", marks=2, water="dip"), act(1, "bid", points=42)])
    assert oks(out) == [False, True]


@pytest.mark.parametrize(
    ("name", "total"),
    [("moon", 7), ("three", 44), ("big", 66), ("140", 140), ("geezer", 54), ("72", 70), ("84", 84)],
)
def test_v_gen_points_conservation_when_every_trick_is_played(name: str, total: int) -> None:
    """V-GEN-POINTS and each -POINTS rule: a hand played to its last trick hands out the
    variant's total (in 72 counting discarded counters; in 140 less a counter discarded when all
    ten tiles counted), and every tile of the set is in a trick, a discard or the leftover."""
    v = VARIANTS[name]
    assert v.total_points() == total
    rng = random.Random(name)
    full = 0
    for _ in range(400):
        scenario = random_variant_scenario(rng, name)
        out = replay(scenario)
        if len(out["tricks"]) != v.hand_size:
            continue
        full += 1
        discarded = [parse_variant_tile(v, d) for pile in out["discards"] for d in pile]
        lost = sum(v.counters.get(t, 0) for t in discarded) if name == "140" else 0
        assert sum(out["points"]) == total - lost
        tiles = Counter(parse_variant_tile(v, p["tile"]) for t in out["tricks"] for p in t["plays"])
        tiles.update(discarded)
        if name == "big" and not discarded:  # the leftover was left aside
            tiles.update(parse_variant_tile(v, n) for n in scenario["leftover"])
        assert tiles == v.full_set()
    assert full >= 10


def test_v_gen_winner_equal_defenders_mean_another_hand() -> None:
    """V-GEN-WINNER, V-THREE-GAME: both defenders reach 7 with equal marks: nobody wins yet."""
    out = run(
        sorted_deal("three"),
        [
            act(0, "bid", points=43),
            *passes(1, 2),
            act(0, "trump", trump="0"),
            *plays((0, "1-3"), (1, "2-3"), (2, "3-4")),
        ],
        dealer=2,
        marks=[0, 6, 6],
    )
    assert out["marks"] == [0, 7, 7] and out["winner"] is None


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


# =============================================================================================
# The document as a whole


@pytest.mark.parametrize(
    "change",
    [
        {"variant": "Moon"},
        {"variant": 42},
        {"variant": "sevens"},
        {"options": {}},
        {"options": {"nello": False}},
        {"hands": MOON_EXAMPLE[:2]},
        {"leftover": "6-6"},
        {"actions": [{"seat": 1, "action": "discard", "tile": 5}]},
        {"actions": [{"seat": 1, "action": "discard", "tiles": "6-6"}]},
        {"actions": [{"seat": 1, "action": "exchange"}]},
        {"score": [0, 0, "1"]},
    ],
)
def test_v_moon_malformed_documents(change: dict[str, Any]) -> None:
    with pytest.raises(Malformed):
        replay({**MOON, "dealer": 0, "actions": [], **change})


def test_the_variant_names_of_the_replay_format() -> None:
    assert ("42", *VARIANTS) == VARIANT_NAMES


def test_variant_42_or_null_reads_as_the_default_game() -> None:
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
    base = {
        "dealer": 3,
        "hands": [tiles[7 * i : 7 * i + 7] for i in range(4)],
        "actions": [act(0, "bid", points=30), *passes(1, 2, 3)],
    }
    expected = replay(base)
    assert replay({**base, "variant": "42"}) == expected == replay({**base, "variant": None})
    assert "discards" not in expected


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_variant_cases_are_mostly_well_formed(name: str) -> None:
    rng = random.Random(name)
    malformed = 0
    for _ in range(200):
        try:
            replay(json.loads(random_variant_case(rng, name)))
        except Malformed:
            malformed += 1
    assert 0 < malformed < 30


def variant_test_names() -> list[str]:
    """The test names of every module of the variants' reference tests (test_variants_*.py):
    the test of a V-id may stand in any of them."""
    here = Path(__file__).resolve().parent
    modules = [
        importlib.import_module(f"{__package__}.{path.stem}")
        for path in sorted(here.glob("test_variants_*.py"))
    ]
    return [name for module in modules for name in vars(module) if name.startswith("test_")]


def test_every_v_id_has_a_test_named_after_it() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "VARIANTS.md"
    ids = set(re.findall(r"\*\*(V-[A-Z0-9-]+)\*\*", page.read_text(encoding="utf-8")))
    names = variant_test_names()
    missing = sorted(i for i in ids if not any(i.lower().replace("-", "_") in n for n in names))
    assert not missing, missing
