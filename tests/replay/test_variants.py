"""engine.replay with ``"variant"`` (REPLAY.md's "Variants" section)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from engine.replay import main
from engine.tools.bench import replay_lines
from engine.variants import VARIANTS

#: One random complete hand of each variant, as a document.
PLAYED = {name: json.loads(replay_lines(1, seed=21, variant=v)[0])
          for name, v in VARIANTS.items() if name != "42"}


def run(document: dict[str, Any] | str, *args: str) -> tuple[int, str, str]:
    text = document if isinstance(document, str) else json.dumps(document)
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), stdin=io.StringIO(text), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def replayed(document: dict[str, Any]) -> dict[str, Any]:
    status, out, err = run(document)
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


@pytest.mark.parametrize("name", list(PLAYED))
def test_a_random_hand_of_each_variant_replays_with_every_action_accepted(name: str) -> None:
    result = replayed(PLAYED[name])
    variant = VARIANTS[name]
    assert all(r["ok"] for r in result["results"]) and result["status"] == "over"
    assert len(result["hands"]) == len(result["discards"]) == variant.seating.count
    assert len(result["points"]) == variant.seating.side_count
    totals = "score" if variant.scoring.in_points else "marks"
    other = "marks" if totals == "score" else "score"
    assert len(result[totals]) == variant.seating.side_count and other not in result
    assert other not in (result["outcome"] or {})


def moon_document(actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"variant": "moon", "dealer": 2,
            "hands": [["6-6", "5-5", "4-4", "5-6", "4-6", "3-6", "2-6"],
                      ["0-0", "1-1", "2-2", "1-2", "1-3", "1-4", "1-5"],
                      ["3-3", "2-3", "2-4", "2-5", "3-4", "3-5", "4-5"]],
            "leftover": ["1-6"], "actions": actions}


def test_moon_widow_discard_and_contract_read_as_replay_md_says() -> None:
    result = replayed(moon_document([
        {"seat": 0, "action": "pass"}, {"seat": 1, "action": "bid", "moon": True},
        {"seat": 2, "action": "bid", "over_moon": True},
        {"seat": 2, "action": "discard", "tiles": ["1-6", "3-3"]},  # the other key: refused
        {"seat": 2, "action": "discard", "tile": "1-6"},
        {"seat": 2, "action": "trump", "trump": "5"}]))
    assert [r["ok"] for r in result["results"]] == [True, True, True, False, True, True]
    assert result["contract"] == {"declarer": 2, "over_moon": True}
    assert result["discards"] == [[], [], ["1-6"]] and result["status"] == "play"
    assert result["score"] == [0, 0, 0] and "marks" not in result


def test_during_the_discard_the_hand_shows_the_widow_last() -> None:
    result = replayed(moon_document([{"seat": 0, "action": "bid", "points": 4},
                                     {"seat": 1, "action": "pass"},
                                     {"seat": 2, "action": "pass"}]))
    assert result["status"] == "discard" and result["to_act"] == 0
    assert result["hands"][0][-1] == "1-6" and len(result["hands"][0]) == 8


def test_a_play_s_suit_other_than_low_is_refused_and_low_is_recorded() -> None:
    big = PLAYED["big"]
    lead = next(i for i, a in enumerate(big["actions"]) if a["action"] == "play")
    actions = [*big["actions"][:lead], {**big["actions"][lead], "suit": "high"}]
    result = replayed({**big, "actions": actions})
    assert result["results"][-1]["ok"] is False and "suit" in result["results"][-1]["reason"]
    in_42 = replayed({"dealer": 3, "hands": [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
                                              ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
                                              ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
                                              ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]],
                      "actions": [{"seat": 0, "action": "pass", "suit": "low"}]})
    assert in_42["results"] == [{"ok": True}]  # a 42 document reads as before


def _malformed(name: str, **changes: Any) -> str:
    document = {**PLAYED[name], **changes}
    return json.dumps({k: v for k, v in document.items() if v is not _DROP})


_DROP = object()


@pytest.mark.parametrize("text", [
    _malformed("moon", variant="chess"),
    _malformed("moon", variant=42),
    _malformed("84", options={}),
    _malformed("three", options={"nello": True}),
    _malformed("moon", hands=PLAYED["moon"]["hands"][:2]),
    _malformed("big", hands=[h[:10] for h in PLAYED["big"]["hands"]]),
    _malformed("moon", leftover=_DROP),
    _malformed("moon", leftover=[]),
    _malformed("84", leftover=[]),
    _malformed("geezer", leftover=["7-7"]),
    _malformed("moon", leftover=["0-3"]),  # a tile moon removed
    _malformed("big", leftover=["9-9"]),  # above the set
    _malformed("72", hands=[["1-1"] * 10, *PLAYED["72"]["hands"][1:]]),  # a face thrice
    _malformed("140", marks=[0, 0, 0]),
    _malformed("geezer", score=[0, 0]),
    _malformed("big", score=[-1, 0]),
    _malformed("140", score=[1, 2]),
    _malformed("140", dealer=6),
    _malformed("moon", actions=[{"seat": 3, "action": "pass"}]),
    _malformed("big", actions=[{"seat": 0, "action": "leftover"}]),
    _malformed("72", actions=[{"seat": 0, "action": "discard", "tiles": ["1-2", 5]}]),
    _malformed("geezer", actions=[{"seat": 0, "action": "bid", "marks": 2, "water": "swim"}]),
    _malformed("moon", actions=[{"seat": 0, "action": "bid", "moon": "yes"}]),
])
def test_malformed_variant_documents_exit_2_with_one_line(text: str) -> None:
    status, out, err = run(text)
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    status, out, err = run(f"{text}\n{json.dumps(PLAYED['moon'])}\n", "--jsonl")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 0 and set(first) == {"error"} and second["status"] == "over"


@pytest.mark.parametrize(("name", "action"), [
    ("140", {"seat": 0, "action": "bid", "moon": True}),
    ("moon", {"seat": 0, "action": "bid", "marks": 1}),
    ("84", {"seat": 0, "action": "leftover", "take": True}),
    ("three", {"seat": 0, "action": "discard", "tile": "1-1"}),
    ("big", {"seat": 0, "action": "bid", "marks": 2, "splash": True}),
    ("moon", {"seat": 0, "action": "discard"}),
])
def test_actions_the_game_does_not_have_are_refused_not_malformed(
        name: str, action: dict[str, Any]) -> None:
    document = {**PLAYED[name], "dealer": VARIANTS[name].seating.count - 1, "actions": [action]}
    result = replayed(document)
    assert result["results"][0]["ok"] is False and result["results"][0]["reason"]
