"""The reference reading of the variants checked on its own, against hands worked out by hand from
docs/VARIANTS.md and the "Variants" section of docs/REPLAY.md: here the rules every game shares
(V-GEN) and the document as a whole; each game's own rules in the other test_variants_* modules.
Every V-id has a test named after it in one of them.
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

from tests.conformance.reference import VARIANT_NAMES, Malformed, Refused
from tests.conformance.replays import replay
from tests.conformance.variant_helpers import (
    MOON,
    Action,
    act,
    deal,
    oks,
    passes,
    plays,
    run,
    sorted_deal,
)
from tests.conformance.variant_scenarios import random_variant_case, random_variant_scenario
from tests.conformance.variants import (
    MOON_EXAMPLE,
    VARIANTS,
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
