"""The replay format of REPLAY.md against the plain reference: random hands with random legal and
illegal actions, written as replay input, must come out exactly as the reference plays them."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.replay import run_one

from . import reference as ref

TRUMP_TEXTS = ("0", "1", "2", "3", "4", "5", "6", "doubles", "none", "nello", "sevens")

SPACE: list[ref.Call] = [
    ("pass",),
    *(("points", n) for n in range(25, 46)),
    *(("marks", m) for m in range(6)),
    *(("trump", text, piles) for text in TRUMP_TEXTS for piles in (None, 1, 2, 3)),
    *(("play", tile) for tile in ref.ALL_TILES),
]


def trump_value(text: str) -> ref.TrumpName:
    return int(text) if text.isdigit() else text


def as_model_call(call: ref.Call) -> ref.Call:
    if call[0] == "trump":
        return ("trump", trump_value(call[1]), call[2])  # type: ignore[arg-type]
    return call


def tile_text(tile: ref.Tile, rng: random.Random | None = None) -> str:
    low, high = tile
    if rng is not None and rng.random() < 0.5:
        return f"{high}-{low}"  # either end first is the same tile
    return f"{low}-{high}"


def as_json(seat: int, call: ref.Call, rng: random.Random) -> dict[str, Any]:
    item: dict[str, Any] = {"seat": seat}
    if call[0] == "pass":
        item["action"] = "pass"
    elif call[0] in ("points", "marks"):
        item.update({"action": "bid", call[0]: call[1]})
    elif call[0] == "trump":
        item.update({"action": "trump", "trump": call[1]})
        if call[2] is not None:
            item["piles"] = call[2]
    else:
        item.update({"action": "play", "tile": tile_text(call[1], rng)})  # type: ignore[arg-type]
    return item


def expected_report(model: ref.ReferenceHand, results: list[bool],
                    marks: tuple[int, int]) -> dict[str, Any]:
    """REPLAY.md's output, written from the reference model."""
    contract = None
    if model.declarer is not None:
        contract = {"declarer": model.declarer, model.kind: model.amount}
    outcome = None
    winner = None
    if model.phase == "over":
        first: dict[str, Any] = ({"redeal": True} if model.outcome == "redeal"
                                 else {"made": model.outcome == "made"})
        outcome = {**first, "marks": list(model.marks), "next_dealer": (model.dealer + 1) % 4}
        marks = (marks[0] + model.marks[0], marks[1] + model.marks[1])
        reached = [team for team in (0, 1) if marks[team] >= 7]
        winner = reached[0] if reached else None
    return {
        "results": results,
        "status": model.phase,
        "to_act": model.to_act,
        "contract": contract,
        "trump": None if model.trump is None else str(model.trump),
        "piles": model.piles,
        "tricks": [{"leader": leader,
                    "plays": [{"seat": seat, "tile": tile_text(tile)} for seat, tile in plays],
                    "winner": winner_seat, "points": points}
                   for leader, plays, winner_seat, points in model.tricks],
        "points": list(model.points),
        "hands": [[tile_text(tile) for tile in hand] for hand in model.hands],
        "outcome": outcome,
        "marks": list(marks),
        "winner": winner,
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), legal_share=st.sampled_from([0.6, 0.85, 0.95]),
       marks=st.tuples(st.integers(0, 6), st.integers(0, 6)))
def test_replay_output_matches_the_reference(seed: int, legal_share: float,
                                             marks: tuple[int, int]) -> None:
    rng = random.Random(seed)
    stack = list(ref.ALL_TILES)
    rng.shuffle(stack)
    dealer = rng.randrange(4)
    hands = [stack[7 * seat:7 * seat + 7] for seat in range(4)]
    model = ref.ReferenceHand(dealer, [list(hand) for hand in hands])
    actions: list[dict[str, Any]] = []
    results: list[bool] = []
    for _ in range(rng.randrange(0, 90)):
        if model.phase != "over" and rng.random() < legal_share:
            seat = model.to_act
            assert seat is not None
            legal = [c for c in SPACE if model.is_legal(seat, as_model_call(c))]
            if model.phase == "auction" and rng.random() < 0.5:
                legal = [("pass",)]  # lean to passing, so that hands are played long
            call = rng.choice(legal)
        else:
            seat, call = rng.randrange(4), rng.choice(SPACE)
        ok = model.is_legal(seat, as_model_call(call))
        if ok:
            model.apply(seat, as_model_call(call))
        actions.append(as_json(seat, call, rng))
        results.append(ok)
    scenario = {"dealer": dealer, "hands": [[tile_text(x, rng) for x in h] for h in hands],
                "marks": list(marks), "actions": actions}
    report = run_one(json.dumps(scenario))
    got_results = report.pop("results")
    assert [r["ok"] for r in got_results] == results
    for result in got_results:
        if not result["ok"]:
            assert isinstance(result.get("reason"), str) and result["reason"].strip()
        else:
            assert set(result) == {"ok"}
    expected = expected_report(model, results, marks)
    expected.pop("results")
    assert report == expected
