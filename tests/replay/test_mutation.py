"""engine.replay never crashes: any value of a valid document replaced by another JSON type.

Malformed input exits 2 with one line (or one ``{"error": …}`` line with ``--jsonl``, the run
going on); anything else is understood and exits 0 (REPLAY.md). A traceback is never an answer.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.replay import main
from engine.tools.bench import replay_lines
from engine.variants import VARIANTS
from tools import hermetic

HUGE = "9" * 5000
"""An integer too long for Python's default int-from-text limit, written into the JSON text."""


def _documents() -> list[Any]:
    played = [json.loads(line) for line in replay_lines(6, seed=3)]
    options = {"nello": True, "nello_doubles": "own_suit", "nello_dealer_only": False,
               "splash": True, "splash_marks": 2, "plunge": True, "sevens": True,
               "forced_bid": True, "points_game": False}
    with_options = {**played[0], "options": options, "marks": [3, 4]}
    points_game = {**played[1], "options": {"points_game": True}, "score": [100, 40]}
    bids = {**played[2], "actions": [
        {"seat": 0, "action": "bid", "marks": 3, "splash": True},
        {"seat": 1, "action": "bid", "marks": 4, "plunge": True},
        {"seat": 2, "action": "trump", "trump": "nello", "piles": 1}],
        "options": {"splash": True, "plunge": True, "nello": True}}
    variants = [json.loads(replay_lines(1, seed=4, variant=v)[0])
                for name, v in VARIANTS.items() if name != "42"]
    return [*played, with_options, points_game, bids, *variants]


DOCUMENTS = _documents()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place a value sits in a document, the document itself included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def _replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return copy


def _json_type(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    return type(value).__name__


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 60),
                     st.sampled_from([2**63, -(2**64), 10**40, HUGE]),
                     st.floats(allow_nan=False, allow_infinity=False),
                     st.text(max_size=8), st.sampled_from(["6-4", "7-7", "doubles", "high",
                                                           "🀱", "\ud800", "seat\nline"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.sampled_from(["seat", "action", "tile", "x"]), inner,
                                         max_size=3), max_leaves=6)


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    document = draw(st.sampled_from(DOCUMENTS))
    path = draw(st.sampled_from(_paths(document)))
    old = _replaced(document, (), document)
    for step in path:
        old = old[step]
    new = draw(_VALUES.filter(lambda v: _json_type(v) != _json_type(old)))
    marker = "\u0000HUGE\u0000"
    text = json.dumps(_replaced(document, path, marker if new == HUGE else new))
    return text.replace(json.dumps(marker), HUGE)


def run(text: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), stdin=io.StringIO(text), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@settings(max_examples=1000, deadline=None)
@given(mutated_texts())
def test_a_value_of_another_type_is_understood_or_malformed_never_a_crash(text: str) -> None:
    status, out, err = run(text)
    assert status in (0, 2)
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("malformed input")
    else:
        assert err == "" and isinstance(json.loads(out), dict)


@settings(max_examples=100, deadline=None)
@given(st.lists(mutated_texts(), min_size=1, max_size=5))
def test_with_jsonl_every_line_gets_its_answer_and_the_run_goes_on(texts: list[str]) -> None:
    status, out, err = run("\n".join(texts) + "\n", "--jsonl")
    lines = out.splitlines()
    assert status == 0 and err == "" and len(lines) == len(texts)
    assert all(isinstance(json.loads(line), dict) for line in lines)


def test_the_reported_case_is_malformed() -> None:
    document = {**DOCUMENTS[0], "options": {"points_game": True, "nello_doubles": ["high"]}}
    status, out, err = run(json.dumps(document))
    assert (status, out) == (2, "") and "nello_doubles" in err


def test_the_command_never_prints_a_traceback_on_mutated_input() -> None:
    """A few real processes, so that the standard streams are the real ones."""
    texts = [
        json.dumps(_replaced(DOCUMENTS[6], ("options", "nello_doubles"), ["high"])),
        json.dumps(_replaced(DOCUMENTS[0], ("marks",), {"a": 1})),
        json.dumps(DOCUMENTS[1]).replace('"dealer": ', f'"dealer": {HUGE}, "x": ', 1),
    ]
    for text in texts:
        done = subprocess.run([sys.executable, "-m", "engine.replay"], input=text, text=True,
                              capture_output=True, check=False,
                              env=hermetic.environment())
        assert done.returncode in (0, 2) and "Traceback" not in done.stderr
    batch = subprocess.run([sys.executable, "-m", "engine.replay", "--jsonl"],
                           input="\n".join(texts) + "\n", text=True, capture_output=True,
                           check=False, env=hermetic.environment())
    assert batch.returncode == 0 and "Traceback" not in batch.stderr
    assert len(batch.stdout.splitlines()) == len(texts)
