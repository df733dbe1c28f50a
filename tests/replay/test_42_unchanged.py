"""Without ``"variant"`` the replay of a 42 hand is byte for byte what it was before the variants
(REPLAY.md): the outputs stored in tests/replay/data were written by the engine of rules
version 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import run_lines

STORED = [json.loads(line) for line in
          (Path(__file__).parent / "data" / "replay_42.jsonl").read_text().splitlines()]


def test_every_stored_42_scenario_gives_the_same_bytes() -> None:
    outputs = list(run_lines(iter(case["input"] for case in STORED)))
    assert outputs == [case["output"] for case in STORED]


@pytest.mark.parametrize("variant", ["42", None])
def test_variant_42_or_null_reads_as_no_variant(variant: str | None) -> None:
    inputs = [json.dumps({**json.loads(case["input"]), "variant": variant})
              for case in STORED[:10]]
    assert list(run_lines(iter(inputs))) == [case["output"] for case in STORED[:10]]
