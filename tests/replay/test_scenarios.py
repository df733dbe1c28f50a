"""engine.replay on hand-written scenarios and on malformed input (REPLAY.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from engine.replay import main
from tools import hermetic

# The worked example of RULES.md: West holds no five, so [6|6] may trump the fives.
HANDS = [["5-5", "1-1", "4-5", "0-1", "0-2", "1-3", "0-0"],
         ["3-5", "2-2", "2-4", "1-4", "0-4", "3-3", "0-3"],
         ["0-5", "1-5", "2-5", "2-3", "3-4", "4-4", "1-6"],
         ["6-6", "5-6", "4-6", "3-6", "2-6", "0-6", "1-2"]]
AUCTION_30 = [{"seat": 0, "action": "bid", "points": 30}, {"seat": 1, "action": "pass"},
              {"seat": 2, "action": "pass"}, {"seat": 3, "action": "pass"}]


def run(scenario: dict[str, Any] | str, *args: str) -> tuple[int, str, str]:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), stdin=io.StringIO(text), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def replay(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    status, out, err = run({"dealer": 3, "hands": HANDS, "actions": actions, **extra})
    assert status == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def plays(*moves: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "action": "play", "tile": tile} for seat, tile in moves]


def test_worked_example_ends_the_hand_at_once_with_one_mark_to_the_defenders() -> None:
    result = replay([*AUCTION_30, {"seat": 0, "action": "trump", "trump": "6"},
                     *plays((0, "5-5"), (1, "5-3"), (2, "0-5"), (3, "6-6")),
                     *plays((3, "1-2"))])
    assert [r["ok"] for r in result["results"]] == [True] * 9 + [False]
    assert result["status"] == "over" and result["to_act"] is None
    assert result["contract"] == {"declarer": 0, "points": 30}
    assert result["trump"] == "6" and result["piles"] is None
    assert result["tricks"] == [{"leader": 0, "winner": 3, "points": 16, "plays": [
        {"seat": 0, "tile": "5-5"}, {"seat": 1, "tile": "3-5"}, {"seat": 2, "tile": "0-5"},
        {"seat": 3, "tile": "6-6"}]}]
    assert result["points"] == [0, 16]
    assert result["outcome"] == {"made": False, "marks": [0, 1], "next_dealer": 0}
    assert result["marks"] == [0, 1] and result["winner"] is None
    assert result["hands"][0] == ["1-1", "4-5", "0-1", "0-2", "1-3", "0-0"]


def test_refusals_carry_a_reason_and_change_nothing() -> None:
    result = replay([{"seat": 2, "action": "pass"},  # out of turn
                     {"seat": 0, "action": "bid", "points": 29},  # too low
                     {"seat": 0, "action": "bid", "marks": 3},  # first marks bid is 1 or 2
                     {"seat": 0, "action": "play", "tile": "5-5"},  # no play in the auction
                     *AUCTION_30,
                     {"seat": 0, "action": "trump", "trump": "6", "piles": 1},  # points contract
                     {"seat": 0, "action": "trump", "trump": "6"},
                     *plays((0, "5-5"), (1, "2-2"))])  # East must follow fives
    oks = [r["ok"] for r in result["results"]]
    assert oks == [False] * 4 + [True] * 4 + [False, True, True, False]
    assert all(r["reason"] for r in result["results"] if not r["ok"])
    assert "fives" in result["results"][-1]["reason"]
    assert result["to_act"] == 1 and result["hands"][1][0] == "3-5"


def test_all_pass_redeals_with_the_next_dealer() -> None:
    result = replay([{"seat": s, "action": "pass"} for s in (0, 1, 2, 3)])
    assert result["status"] == "over" and result["contract"] is None
    assert result["outcome"] == {"redeal": True, "marks": [0, 0], "next_dealer": 0}


def test_marks_contract_needs_piles_and_reaching_seven_wins() -> None:
    result = replay([{"seat": 0, "action": "bid", "marks": 2}, {"seat": 1, "action": "pass"},
                     {"seat": 2, "action": "pass"}, {"seat": 3, "action": "pass"},
                     {"seat": 0, "action": "trump", "trump": "doubles"},
                     {"seat": 0, "action": "trump", "trump": "doubles", "piles": 2},
                     *plays((0, "0-1"))], marks=[3, 6])
    assert [r["ok"] for r in result["results"]] == [True] * 4 + [False, True, True]
    assert result["contract"] == {"declarer": 0, "marks": 2} and result["piles"] == 2
    assert result["status"] == "play" and result["marks"] == [3, 6]


@pytest.mark.parametrize("text", [
    "not json",
    json.dumps([1, 2]),
    json.dumps({"dealer": 3, "hands": HANDS[:3], "actions": []}),
    json.dumps({"dealer": 3, "hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]], "actions": []}),
    json.dumps({"dealer": 3, "hands": [[*HANDS[0][:6], "7-7"], *HANDS[1:]], "actions": []}),
    json.dumps({"dealer": 4, "hands": HANDS, "actions": []}),
    json.dumps({"dealer": 3, "hands": HANDS, "actions": [{"seat": 5, "action": "pass"}]}),
    json.dumps({"dealer": 3, "hands": HANDS, "actions": [{"seat": 0, "action": "claim"}]}),
    json.dumps({"dealer": 3, "hands": HANDS, "options": {"jokers": True}}),
    json.dumps({"dealer": 3, "hands": HANDS, "options": {"points_game": True, "nello": True}}),
])
def test_malformed_input_exits_2_with_one_line(text: str) -> None:
    status, out, err = run(text)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_jsonl_answers_every_line_in_order() -> None:
    good = json.dumps({"dealer": 3, "hands": HANDS, "actions": AUCTION_30})
    status, out, _ = run(f"{good}\nnot json\n{good}\n", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(lines) == 3
    assert lines[0] == lines[2] and lines[0]["status"] == "trump"
    assert set(lines[1]) == {"error"}


def test_the_command_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "engine.replay"], input="{", text=True,
                          capture_output=True, check=False,
                              env=hermetic.environment())
    assert done.returncode == 2 and done.stderr.startswith("malformed input")


def test_options_add_their_fields_and_actions() -> None:
    splash = replay([{"seat": 0, "action": "bid", "marks": 3, "splash": True},
                     {"seat": 1, "action": "pass"}, {"seat": 2, "action": "pass"},
                     {"seat": 3, "action": "pass"}], options={"splash": True})
    assert all(r["ok"] for r in splash["results"])  # North holds three doubles
    assert splash["contract"] == {"declarer": 0, "marks": 3, "splash": True}
    assert splash["status"] == "trump" and splash["to_act"] == 2
    nello = replay([{"seat": 0, "action": "bid", "marks": 1}, {"seat": 1, "action": "pass"},
                    {"seat": 2, "action": "pass"}, {"seat": 3, "action": "pass"},
                    {"seat": 0, "action": "trump", "trump": "nello", "piles": 1}],
                   options={"nello": True})
    assert nello["trump"] == "nello" and nello["status"] == "play" and "score" not in nello
    points = replay([{"seat": s, "action": "pass"} for s in range(4)],
                    options={"points_game": True}, score=[100, 40])
    assert points["outcome"] == {"redeal": True, "score": [0, 0], "next_dealer": 0}
    assert points["score"] == [100, 40] and points["marks"] == [0, 0]


def test_without_options_the_output_has_no_score() -> None:
    assert "score" not in replay([])
    assert replay([], options={}) == replay([])
