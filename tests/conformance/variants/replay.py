"""A variant document in, the output object of REPLAY.md's "Variants" section out: validated,
dealt, then its actions applied one at a time."""

from __future__ import annotations

from typing import Any

from tests.conformance.reference import run_actions
from tests.conformance.variants.games import VARIANTS, parse_variant_tile
from tests.conformance.variants.hand import VariantHand
from tests.conformance.variants.validation import validate_variant


def new_variant_hand(scenario: dict[str, Any]) -> VariantHand:
    """Validate a variant document and deal its hand (no action applied yet)."""
    variant = VARIANTS[scenario["variant"]]
    validate_variant(scenario, variant)
    key = "score" if variant.scored_in == "points" else "marks"
    return VariantHand(
        variant,
        scenario["dealer"],
        [[parse_variant_tile(variant, name) for name in hand] for hand in scenario["hands"]],
        [parse_variant_tile(variant, name) for name in scenario.get("leftover") or []],
        scenario.get(key, [0] * variant.sides()),
    )


def replay_variant(scenario: dict[str, Any]) -> dict[str, Any]:
    """The output object REPLAY.md's "Variants" section specifies for one scenario."""
    state = new_variant_hand(scenario)
    return state.output(run_actions(state, scenario.get("actions", [])))
