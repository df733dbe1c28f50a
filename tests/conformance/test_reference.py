"""The reference reading checked on its own, against hands worked out by hand from the documents."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.conformance.reference import Malformed, Unspecified
from tests.conformance.replays import replay, replay_text
from tests.conformance.scenarios import random_case, random_scenario

# Sixes trump example of RULES.md: A=0 leads 5-5, B=1 plays 3-5, C=2 plays 0-5, D=3 has no five.
WORKED = [
    ["5-5", "0-0", "0-1", "0-2", "0-3", "0-4", "0-6"],
    ["3-5", "1-5", "4-5", "1-1", "1-2", "1-3", "1-4"],
    ["0-5", "2-5", "2-2", "2-3", "2-4", "2-6", "3-3"],
    ["6-6", "6-5", "1-6", "3-4", "3-6", "4-4", "4-6"],
]


def act(seat: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "action": kind, **fields}


def passes(*seats: int) -> list[dict[str, Any]]:
    return [act(s, "pass") for s in seats]


def run(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    scenario = {"dealer": 3, "hands": WORKED, "actions": actions, **extra}
    return replay(json.loads(json.dumps(scenario)))


def oks(out: dict[str, Any]) -> list[bool]:
    return [r["ok"] for r in out["results"]]


def test_worked_example_sets_the_bid_of_30_at_the_first_trick() -> None:
    """R-EARLY-END, R-AWARD: 16 points to the defenders; 30 can no longer be made."""
    out = run(
        [
            act(0, "bid", points=30),
            *passes(1, 2, 3),
            act(0, "trump", trump="6"),
            act(0, "play", tile="5-5"),
            act(1, "play", tile="5-3"),
            act(2, "play", tile="0-5"),
            act(3, "play", tile="0-0"),  # seat 0's tile
            act(3, "play", tile="6-6"),
            act(0, "play", tile="0-0"),  # the hand is over
        ]
    )
    assert oks(out) == [True] * 8 + [False, True, False]
    assert out["status"] == "over" and out["to_act"] is None
    assert out["contract"] == {"declarer": 0, "points": 30}
    assert out["trump"] == "6" and out["piles"] is None
    assert out["tricks"] == [
        {
            "leader": 0,
            "plays": [
                {"seat": 0, "tile": "5-5"},
                {"seat": 1, "tile": "3-5"},
                {"seat": 2, "tile": "0-5"},
                {"seat": 3, "tile": "6-6"},
            ],
            "winner": 3,
            "points": 16,
        }
    ]
    assert out["points"] == [0, 16]
    assert out["outcome"] == {"made": False, "marks": [0, 1], "next_dealer": 0}
    assert out["marks"] == [0, 1] and out["winner"] is None
    assert out["hands"][3] == ["5-6", "1-6", "3-4", "3-6", "4-4", "4-6"]


def test_auction_ladder() -> None:
    """R-BID-POINTS, R-BID-MARKS, R-AUCTION."""
    out = run(
        [
            act(0, "bid", points=29),
            act(0, "bid", points=31),
            act(1, "bid", points=31),
            act(1, "bid", marks=3),
            act(1, "bid", marks=2),
            act(2, "bid", points=41),
            act(2, "bid", marks=4),
            act(2, "bid", marks=3),
            act(3, "bid", marks=3),
            act(3, "pass"),
        ]
    )
    assert oks(out) == [False, True, False, False, True, False, False, True, False, True]
    assert out["status"] == "trump" and out["to_act"] == 2
    assert out["contract"] == {"declarer": 2, "marks": 3}


def test_contract_is_null_until_the_auction_ends() -> None:
    out = run([act(0, "bid", points=30), act(1, "trump", trump="1")])
    assert oks(out) == [True, False]
    assert out["status"] == "auction" and out["to_act"] == 1 and out["contract"] is None


def test_all_pass_redeals_and_forced_bid_refuses_the_dealer_pass() -> None:
    """R-ALLPASS, H-FORCED-BID."""
    out = run(passes(0, 1, 2, 3), marks=[3, 4])
    assert out["outcome"] == {"redeal": True, "marks": [0, 0], "next_dealer": 0}
    assert out["marks"] == [3, 4] and out["status"] == "over" and out["contract"] is None
    out = run(passes(0, 1, 2, 3), options={"forced_bid": True})
    assert oks(out) == [True, True, True, False]
    assert out["status"] == "auction" and out["to_act"] == 3


def test_piles_exactly_on_marks_contracts() -> None:
    """R-PILES and REPLAY.md: piles given exactly when the contract is a marks bid."""
    points = [act(0, "bid", points=30), *passes(1, 2, 3)]
    out = run([*points, act(0, "trump", trump="6", piles=1), act(0, "trump", trump="6")])
    assert oks(out)[-2:] == [False, True] and out["piles"] is None
    marks = [act(0, "bid", marks=1), *passes(1, 2, 3)]
    out = run(
        [
            *marks,
            act(0, "trump", trump="6"),
            act(0, "trump", trump="6", piles=3),
            act(0, "trump", trump="6", piles=2),
        ]
    )
    assert oks(out)[-3:] == [False, False, True] and out["piles"] == 2


def test_following_and_tiles_not_held() -> None:
    """R-FOLLOW: sixes trump, 5-5 led: 1-5 must follow; 0-0 is not seat 1's."""
    out = run(
        [
            act(0, "bid", points=30),
            *passes(1, 2, 3),
            act(0, "trump", trump="6"),
            act(0, "play", tile="5-5"),
            act(1, "play", tile="1-1"),
            act(1, "play", tile="0-0"),
            act(1, "play", tile="1-5"),
        ]
    )
    assert oks(out)[-3:] == [False, False, True]
    assert out["to_act"] == 2 and out["tricks"] == []


def test_marks_contract_is_lost_at_the_defenders_first_trick() -> None:
    out = run(
        [
            act(0, "bid", marks=2),
            *passes(1, 2, 3),
            act(0, "trump", trump="6", piles=1),
            act(0, "play", tile="5-5"),
            act(1, "play", tile="5-3"),
            act(2, "play", tile="0-5"),
            act(3, "play", tile="6-6"),
        ],
        marks=[1, 5],
    )
    assert out["outcome"] == {"made": False, "marks": [0, 2], "next_dealer": 0}
    assert out["marks"] == [1, 7] and out["winner"] == 1


def test_nello_skips_the_partner() -> None:
    """H-NELLO: three plays a trick, the partner's hand stays as dealt."""
    out = run(
        [
            act(0, "bid", marks=1),
            *passes(1, 2, 3),
            act(0, "trump", trump="nello", piles=1),
            act(0, "play", tile="0-1"),
            act(1, "play", tile="1-1"),
            act(2, "play", tile="2-2"),
            act(3, "play", tile="1-6"),
        ],
        options={"nello": True},
    )
    assert oks(out)[-4:] == [True, True, False, True]
    assert out["trump"] == "nello" and out["tricks"][0]["winner"] == 1
    assert out["to_act"] == 1 and out["hands"][2] == WORKED[2]
    # Off by default: refused like any illegal action.
    out = run([act(0, "bid", marks=1), *passes(1, 2, 3), act(0, "trump", trump="nello", piles=1)])
    assert oks(out)[-1] is False


def test_nello_dealer_only() -> None:
    opts = {"nello": True, "nello_dealer_only": True, "forced_bid": True}
    out = run([*passes(0, 1, 2), act(3, "bid", marks=1), act(3, "trump", trump="nello", piles=1)],
              options=opts)
    assert oks(out)[-1] is True
    out = run([*passes(0, 1, 2), act(3, "bid", marks=2), act(3, "trump", trump="nello", piles=1)],
              options=opts)
    assert oks(out)[-1] is False


def test_sevens_must_play_nearest_to_seven() -> None:
    """H-SEVENS: seat 0's nearest tile is 0-6 (distance 1), not 0-0 (distance 7)."""
    out = run(
        [
            act(0, "bid", marks=1),
            *passes(1, 2, 3),
            act(0, "trump", trump="sevens", piles=2),
            act(0, "play", tile="0-0"),
            act(0, "play", tile="0-6"),
        ],
        options={"sevens": True},
    )
    assert oks(out)[-2:] == [False, True]


def test_splash_partner_names_trump() -> None:
    """H-SPLASH: seat 0 gets a third double; a plain marks bid over Splash is +1."""
    hands = [list(h) for h in WORKED]
    hands[0][2], hands[2][2] = hands[2][2], hands[0][2]  # seat 0: 5-5, 0-0, 2-2
    actions = [
        act(0, "bid", marks=3, splash=True),
        act(1, "bid", marks=4),
        *passes(2, 3),
        act(3, "trump", trump="6", piles=1),
        act(1, "trump", trump="6", piles=1),
    ]
    out = replay({"dealer": 3, "hands": hands, "actions": actions, "options": {"splash": True}})
    assert oks(out) == [True, True, True, True, False, True]
    assert out["contract"] == {"declarer": 1, "marks": 4}
    actions = [act(0, "bid", marks=2, splash=True), *passes(1, 2, 3)]
    out = replay({"dealer": 3, "hands": hands, "actions": actions,
                  "options": {"splash": True, "splash_marks": 2}})
    assert out["contract"] == {"declarer": 0, "marks": 2, "splash": True}
    assert out["to_act"] == 2


def test_points_game_runs_to_seven_tricks() -> None:
    """H-POINTS: the worked example's set no longer ends the hand."""
    first = [
        act(0, "bid", points=30),
        *passes(1, 2, 3),
        act(0, "trump", trump="6"),
        act(0, "play", tile="5-5"),
        act(1, "play", tile="5-3"),
        act(2, "play", tile="0-5"),
        act(3, "play", tile="6-6"),
    ]
    out = run(first, options={"points_game": True}, score=[240, 10])
    assert out["status"] == "play" and out["to_act"] == 3
    assert out["score"] == [240, 10] and out["outcome"] is None


def test_default_output_has_no_score() -> None:
    out = run([], options={"nello": False})
    assert "score" not in out and out["status"] == "auction" and out["to_act"] == 0


@pytest.mark.parametrize(
    "change",
    [
        {"dealer": 4},
        {"hands": WORKED[:3]},
        {"hands": [WORKED[0][:6], *WORKED[1:]]},
        {"hands": [["6-5", *WORKED[0][1:]], *WORKED[1:]]},
        {"hands": [["7-0", *WORKED[0][1:]], *WORKED[1:]]},
        {"actions": [{"seat": 4, "action": "pass"}]},
        {"actions": [{"seat": 0, "action": "double"}]},
        {"actions": [{"seat": 0, "action": "play", "tile": "0-7"}]},
        {"options": {"nelo": True}},
        {"options": {"nello": 1}},
        {"options": {"points_game": True, "splash": True}},
    ],
)
def test_malformed(change: dict[str, Any]) -> None:
    scenario = {"dealer": 3, "hands": WORKED, "actions": [], **change}
    with pytest.raises(Malformed):
        replay(scenario)


def test_not_json_is_malformed() -> None:
    with pytest.raises(Malformed):
        replay_text("{")


def test_random_playouts_keep_their_invariants() -> None:
    """Tiles are conserved, tricks carry their points, finished hands award the right team."""
    rng = random.Random(3)
    for _ in range(300):
        scenario = random_scenario(rng)
        out = replay(scenario)
        played = [p["tile"] for t in out["tricks"] for p in t["plays"]]
        held = [t for hand in out["hands"] for t in hand]
        assert len(set(played) | set(held)) == len(played) + len(held) <= 28
        assert sum(out["points"]) == sum(t["points"] for t in out["tricks"])
        if out["status"] == "over" and out["outcome"].get("redeal") is None:
            assert out["to_act"] is None
        if out["outcome"] and "marks" in out["outcome"]:
            given = scenario.get("marks", [0, 0])
            assert out["marks"] == [given[i] + out["outcome"]["marks"][i] for i in range(2)]


def test_random_cases_are_json_or_deliberately_broken() -> None:
    rng = random.Random(5)
    malformed = 0
    for _ in range(500):
        try:
            replay_text(random_case(rng))
        except Malformed:
            malformed += 1
    assert 0 < malformed < 60


@pytest.mark.parametrize(
    "action",
    [
        act(0, "bid", points=30, marks=1),
        act(0, "bid"),
        act(0, "bid", points="30"),
        act(0, "bid", marks=3, splash="yes"),
        act(0, "bid", points=30, splash=True),
        act(0, "trump", trump="fives"),
        act(0, "trump", trump="5", piles="2"),
        act(0, "trump", trump="5", piles=None),
    ],
)
def test_shapes_the_documents_leave_open_are_not_guessed(action: dict[str, Any]) -> None:
    with pytest.raises(Unspecified):
        run([action])
    with pytest.raises(Malformed):  # malformed input elsewhere still wins
        run([action, act(4, "pass")])


def test_padded_tile_names_are_unknown() -> None:
    """REPLAY.md: a tile is "a-b"; anything else is an unknown tile name (malformed)."""
    for name in (" 0-1", "0-1 ", "0-1\n", "00-1", "+0-1"):
        with pytest.raises(Malformed):
            run([act(0, "play", tile=name)])
