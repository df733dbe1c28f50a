"""The engine's replay against the reference reading of the variants (VARIANTS.md, REPLAY.md's
"Variants" section), on random documents of each of the seven games, field by field."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tests.conformance.compare import (
    ROOT,
    compare,
    differences,
    in_process_engine,
    reference_output,
    report,
)
from tests.conformance.variant_scenarios import random_variant_scenario
from tests.conformance.variants import VARIANTS
from tools import hermetic

# Deleting this line switches the module on once the engine plays the variants.

SCENARIOS = 300  # per variant


@pytest.mark.parametrize("name", list(VARIANTS))
def test_engine_replay_agrees_with_the_reference_on_the_variant(name: str) -> None:
    _, disagreements = compare(SCENARIOS, 1, in_process_engine, variant=name)
    assert not disagreements, report(disagreements, in_process_engine, examples=3)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_command_line_accepts_a_variant_and_refuses_a_broken_one(name: str) -> None:
    """REPLAY.md: exit 0 and the reference's output for a well-formed document; exit 2 and one
    line on stderr for a malformed one (here: options with a variant); with --jsonl the broken
    line gives {"error": ...} and the run goes on."""
    good = json.dumps(random_variant_scenario(random.Random(name), name))
    bad = json.dumps({**json.loads(good), "options": {}})
    command = [sys.executable, "-m", "engine.replay"]
    done = subprocess.run(command, input=good, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment())
    assert done.returncode == 0, done.stderr[-500:]
    assert differences(reference_output(good), json.loads(done.stdout)) == []
    done = subprocess.run(command, input=bad, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment())
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    lines = "\n".join([good, bad, good]) + "\n"
    done = subprocess.run(
        [*command, "--jsonl"], input=lines, capture_output=True, text=True, cwd=ROOT,
        env=hermetic.environment()
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 3 and "error" in answers[1]
    assert differences(reference_output(good), answers[2]) == []
