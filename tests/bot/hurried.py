"""A policy for the thinking pool's tests that shows whether it was asked to hurry."""

from __future__ import annotations

import random

from engine import Action, Observation


def first_or_last(observation: Observation, rng: random.Random, *,
                  quick: bool = False) -> Action:
    """The first legal action; the last when asked quickly."""
    return observation.legal[-1] if quick else observation.legal[0]
