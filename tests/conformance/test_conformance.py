"""The engine's replay against the reference reading, on random scenarios, field by field."""

from __future__ import annotations

import json

import pytest

from tests.conformance.compare import compare, differences, in_process_engine, report, shrink

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
    from tests.conformance.reference import replay_text

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
