"""The baseline player: a uniformly random legal action, the floor every other policy must beat."""

from __future__ import annotations

import random

from ..actions import Action
from ..observation import Observation


def decide(observation: Observation, rng: random.Random) -> Action:
    """One of ``observation.legal``, each equally likely."""
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    return observation.legal[rng.randrange(len(observation.legal))]
