"""Run many random scenarios through `python -m engine.replay --jsonl` and report every
disagreement with the reference reading, with the first few shrunk to minimal examples.

    python -m tests.conformance.compare --n 10000 --seed 1
    python -m tests.conformance.compare --variant moon --n 10000
    python -m tests.conformance.compare --variant all --n 10000   # 10000 for each of the seven

Without `--variant` the scenarios are games of 42 (with house rules); `--variant NAME` draws
documents of one variant of VARIANTS.md, `--variant all` of each in turn.

Field by field: `results` are compared on `ok` only (reasons are free text); a malformed input
must give `{"error": ...}` on its line on both sides.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conformance.reference import Malformed, Unspecified
from tests.conformance.replays import replay_text
from tests.conformance.scenarios import random_case
from tests.conformance.variant_scenarios import random_variant_case
from tests.conformance.variants import VARIANTS
from tools import hermetic

ROOT = Path(__file__).resolve().parents[2]

Output = dict[str, Any]
Engine = Callable[[list[str]], list[Output]]
Difference = tuple[str, Any, Any]  # (field, reference, engine)


def reference_output(text: str) -> Output:
    """The reference's answer, with malformed input written as the jsonl error line, and input
    the documents leave open marked so that it is not compared."""
    try:
        return replay_text(text)
    except Malformed as error:
        return {"error": str(error)}
    except Unspecified as error:
        return {"unspecified": str(error)}


def subprocess_engine(texts: list[str]) -> list[Output]:
    """Every text through one `python -m engine.replay --jsonl` process."""
    lines = [text.replace("\n", " ") for text in texts]
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", "--jsonl"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=hermetic.environment(),
        check=False,
    )
    answers = done.stdout.splitlines()
    if len(answers) != len(texts):
        raise RuntimeError(
            f"engine.replay --jsonl gave {len(answers)} lines for {len(texts)} "
            f"(exit {done.returncode}): {done.stderr.strip()[-500:]}"
        )
    return [json.loads(answer) for answer in answers]


def in_process_engine(texts: list[str]) -> list[Output]:
    """Every text through `engine.replay.run_one`; malformed input as an error object."""
    from engine import replay as engine_replay

    outputs: list[Output] = []
    for text in texts:
        try:
            outputs.append(engine_replay.run_one(text))
        except engine_replay.Malformed as error:
            outputs.append({"error": str(error)})
    return outputs


def differences(expected: Output, actual: Output) -> list[Difference]:
    """Where two outputs disagree, field by field (only `ok` counts in `results`)."""
    if "unspecified" in expected:
        return []
    if "error" in expected or "error" in actual:
        if ("error" in expected) == ("error" in actual):
            return []
        return [("malformed", expected.get("error"), actual.get("error", "(accepted)"))]
    found: list[Difference] = []
    for key in sorted(set(expected) | set(actual)):
        mine, theirs = expected.get(key, "(absent)"), actual.get(key, "(absent)")
        if key == "results" and isinstance(theirs, list):
            if len(mine) != len(theirs):
                found.append(("results.length", len(mine), len(theirs)))
                continue
            for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if not isinstance(b, dict) or a["ok"] != b.get("ok"):
                    reason = b.get("reason") if isinstance(b, dict) else b
                    found.append((f"results[{i}].ok", a["ok"], (b.get("ok"), reason)))
        elif mine != theirs:
            found.append((key, mine, theirs))
    return found


def signature(found: list[Difference]) -> str:
    """The first disagreeing field, without indexes: what kind of disagreement this is."""
    return found[0][0].split("[")[0]


# ---------------------------------------------------------------------------------------------
# Shrinking a disagreement to a minimal scenario


def _smaller(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Candidate simplifications of a scenario, most drastic first."""
    found: list[dict[str, Any]] = []
    actions = scenario.get("actions", [])
    for size in (len(actions) // 2, len(actions) - 1):
        if 0 <= size < len(actions):
            found.append({**scenario, "actions": actions[:size]})
    for i in range(len(actions)):
        found.append({**scenario, "actions": actions[:i] + actions[i + 1 :]})
    for key in ("marks", "score"):
        if key in scenario:
            found.append({k: v for k, v in scenario.items() if k != key})
    options = scenario.get("options")
    if isinstance(options, dict):
        for key in options:
            found.append({**scenario, "options": {k: v for k, v in options.items() if k != key}})
    return found


def shrink(text: str, engine: Engine, rounds: int = 60) -> str:
    """A smaller scenario with the same kind of disagreement (fewer actions, options, keys)."""
    try:
        scenario = json.loads(text)
    except ValueError:
        return text
    if not isinstance(scenario, dict):
        return text
    want = signature(differences(reference_output(text), engine([text])[0]))
    for _ in range(rounds):
        candidates = [json.dumps(c) for c in _smaller(scenario)]
        if not candidates:
            break
        outputs = engine(candidates)
        for candidate, output in zip(candidates, outputs, strict=True):
            found = differences(reference_output(candidate), output)
            if found and signature(found) == want:
                scenario = json.loads(candidate)
                break
        else:
            break
    return json.dumps(scenario)


# ---------------------------------------------------------------------------------------------
# The run


def random_cases(n: int, seed: int, variant: str | None = None) -> list[str]:
    """n random documents: games of 42 when `variant` is None, else of that variant."""
    rng = random.Random(seed)
    if variant is None:
        return [random_case(rng) for _ in range(n)]
    return [random_variant_case(rng, variant) for _ in range(n)]


def compare(
    n: int, seed: int, engine: Engine, batch: int = 2000, variant: str | None = None
) -> tuple[int, list[tuple[str, list[Difference]]]]:
    """Run n random cases; returns the count checked and every disagreeing (text, differences)."""
    texts = random_cases(n, seed, variant)
    disagreements: list[tuple[str, list[Difference]]] = []
    for start in range(0, n, batch):
        chunk = texts[start : start + batch]
        for text, output in zip(chunk, engine(chunk), strict=True):
            found = differences(reference_output(text), output)
            if found:
                disagreements.append((text, found))
    return n, disagreements


def report(
    disagreements: list[tuple[str, list[Difference]]], engine: Engine, examples: int
) -> str:
    """Counts per kind of disagreement, then one shrunk example for each of the first kinds."""
    by_kind: dict[str, list[tuple[str, list[Difference]]]] = {}
    for text, found in disagreements:
        by_kind.setdefault(signature(found), []).append((text, found))
    lines = [f"{len(disagreements)} disagreeing scenarios"]
    for kind, cases in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        lines.append(f"  {len(cases):6d}  first differing field: {kind}")
    for kind, cases in list(by_kind.items())[:examples]:
        small = shrink(cases[0][0], engine)
        lines.append("")
        lines.append(f"--- {kind}: minimal example")
        lines.append(small)
        for field, mine, theirs in differences(reference_output(small), engine([small])[0]):
            lines.append(f"    {field}: reference {json.dumps(mine)}")
            lines.append(f"    {' ' * len(field)}  engine    {json.dumps(theirs)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=1000, help="how many random scenarios")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=5, help="minimal examples to show")
    parser.add_argument(
        "--variant",
        choices=[*VARIANTS, "all"],
        help="documents of this variant (all: each of the seven in turn) instead of 42",
    )
    args = parser.parse_args(argv)
    if args.variant is None:
        variants: list[str | None] = [None]
    elif args.variant == "all":
        variants = list(VARIANTS)
    else:
        variants = [args.variant]
    failed = False
    for variant in variants:
        checked, disagreements = compare(args.n, args.seed, subprocess_engine, variant=variant)
        game = "42" if variant is None else variant
        print(f"{game}: {checked} scenarios (seed {args.seed}) through engine.replay --jsonl")
        print(report(disagreements, subprocess_engine, args.examples))
        failed = failed or bool(disagreements)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
