"""The engine's replay against the reference reading, on random scenarios, field by field."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.conformance.compare import (
    ROOT,
    compare,
    differences,
    in_process_engine,
    reference_output,
    report,
    shrink,
)
from tools import hermetic

SCENARIOS = 300


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_engine_replay_agrees_with_the_reference(seed: int) -> None:
    _, disagreements = compare(SCENARIOS // 3, seed, in_process_engine)
    assert not disagreements, report(disagreements, in_process_engine, examples=3)


def test_differences_compare_ok_only_in_results() -> None:
    mine = {"results": [{"ok": False, "reason": "a"}], "status": "auction"}
    theirs = {"results": [{"ok": False, "reason": "b"}], "status": "auction"}
    assert differences(mine, theirs) == []
    theirs["status"] = "play"
    assert differences(mine, theirs) == [("status", "auction", "play")]
    assert differences({"error": "x"}, {"error": "y"}) == []
    assert differences({"error": "x"}, mine)[0][0] == "malformed"


def test_shrink_keeps_the_kind_of_disagreement() -> None:
    """A fake engine that refuses every second pass: shrinking ends at a two-action scenario."""
    from tests.conformance.replays import replay_text

    def stubborn(texts: list[str]) -> list[dict[str, object]]:
        outputs = []
        for text in texts:
            out = replay_text(text)
            if len(out["results"]) >= 2:
                out["results"][1] = {"ok": not out["results"][1]["ok"]}
            outputs.append(out)
        return outputs

    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
    hands = [tiles[7 * i : 7 * i + 7] for i in range(4)]
    actions = [{"seat": s, "action": "pass"} for s in (1, 2, 3, 0)]
    text = json.dumps({"dealer": 0, "hands": hands, "marks": [1, 2], "actions": actions})
    small = json.loads(shrink(text, stubborn))
    assert len(small["actions"]) == 2 and "marks" not in small


def _scenario(actions: list[dict[str, Any]], **extra: Any) -> str:
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
    hands = [tiles[7 * i : 7 * i + 7] for i in range(4)]
    return json.dumps({"dealer": 3, "hands": hands, "actions": actions, **extra})


def test_command_line_exit_status_and_jsonl_error_lines() -> None:
    """REPLAY.md: exit 0 when understood, 2 and one line on stderr when malformed; with --jsonl
    a malformed line gives {"error": ...} on its own output line and the run goes on."""
    good = _scenario([{"seat": 0, "action": "pass"}])
    bad = _scenario([], dealer=4)
    command = [sys.executable, "-m", "engine.replay"]
    done = subprocess.run(command, input=good, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment())
    assert done.returncode == 0 and json.loads(done.stdout) == reference_output(good)
    done = subprocess.run(command, input=bad, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment())
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    lines = "\n".join([good, bad, "not json", good]) + "\n"
    done = subprocess.run(
        [*command, "--jsonl"], input=lines, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment()
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4 and "error" in answers[1] and "error" in answers[2]
    assert differences(reference_output(good), answers[3]) == []


@pytest.mark.parametrize("name", [" 0-1", "0-1\n"])
def test_padded_tile_names_are_malformed(name: str) -> None:
    text = _scenario([{"seat": 0, "action": "play", "tile": name}])
    assert "error" in reference_output(text)
    assert differences(reference_output(text), in_process_engine([text])[0]) == []
