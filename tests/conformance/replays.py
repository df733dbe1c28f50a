"""One replay document in, the output REPLAY.md specifies out, by the reference
implementations: 42's (:mod:`.reference`) or a variant's (:mod:`.variants`, which builds on it)."""

from __future__ import annotations

import json
from typing import Any

from tests.conformance.reference import Malformed, replay_42, variant_of
from tests.conformance.variants import replay_variant


def replay(scenario: Any) -> dict[str, Any]:
    """The output object for one scenario; raises Malformed (or Unspecified for input the
    documents leave open)."""
    if variant_of(scenario) != "42":
        return replay_variant(scenario)
    return replay_42(scenario)


def replay_text(text: str) -> dict[str, Any]:
    """Like `replay`, from the JSON text; text that is not JSON is malformed."""
    try:
        scenario = json.loads(text)
    except ValueError as error:
        raise Malformed(f"not JSON: {error}") from error
    return replay(scenario)
