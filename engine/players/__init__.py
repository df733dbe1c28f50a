"""Computer players: policies that choose an action from one seat's observation.

A policy is any callable ``decide(observation, rng) -> action``. It is given what that seat may
see (:func:`engine.observe`, R-SEE-*) and its own random generator, and nothing else: it cannot
peek at the hidden hands because they never reach it. A policy that thinks for long may also
take ``quick=True`` (:class:`QuickPolicy`): a move in a few milliseconds, for a caller that is
behind with its thinking. Three ship with the engine:

- :mod:`engine.players.random_legal` — a uniformly random legal action;
- :mod:`engine.players.rules` — simple table rules of thumb, the kind a casual player follows;
- :mod:`engine.players.strong` — bids and plays by sampling the unseen tiles and solving each
  sample exactly (:mod:`engine.players.solver`), within a budget per decision;
  :mod:`engine.players.strong_classic` is the strong player as it first shipped, kept so the two
  can be measured against each other (``python -m engine.arena --duplicate``).

:func:`engine.players.hints.hint` suggests the strong player's action from an observation with a
reason a table can put in one line.

>>> import random
>>> from engine import Game, observe
>>> from engine.players import load_policy
>>> game = Game.new("a seed")
>>> decide = load_policy("engine.players.random_legal:decide")
>>> decide(observe(game, game.to_act), random.Random(1)) in game.legal_actions()
True
"""

from __future__ import annotations

import importlib
import inspect
import random
from typing import Protocol, TypeGuard

from ..actions import Action
from ..observation import Observation


class Policy(Protocol):
    """How a computer player decides: from one seat's observation and its own randomness."""

    def __call__(self, observation: Observation, rng: random.Random, /) -> Action: ...


class QuickPolicy(Protocol):
    """A policy that can also decide in a hurry, when told ``quick=True``."""

    def __call__(self, observation: Observation, rng: random.Random, /, *,
                 quick: bool = False) -> Action: ...


def can_hurry(policy: Policy) -> TypeGuard[QuickPolicy]:
    """Whether ``policy`` takes ``quick=`` (:class:`QuickPolicy`).

    >>> from engine.players import rules, strong
    >>> can_hurry(strong.decide), can_hurry(rules.decide)
    (True, False)
    """
    try:
        return "quick" in inspect.signature(policy).parameters
    except (TypeError, ValueError):  # a callable without a signature Python can read
        return False


def load_policy(path: str) -> Policy:
    """The policy named ``package.module:function``; ``ValueError`` if there is none."""
    module_name, _, attribute = path.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"name a policy as package.module:function, not {path!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"no module {module_name!r} for policy {path!r}") from error
    policy = getattr(module, attribute, None)
    if not callable(policy):
        raise ValueError(f"{module_name} has no function {attribute!r}")
    return policy  # type: ignore[no-any-return]


__all__ = ["Policy", "QuickPolicy", "can_hurry", "load_policy"]
