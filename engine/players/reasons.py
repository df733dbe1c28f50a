"""Why the strong player chose what it chose, from what its seat knew: for each candidate, its
estimate and the number of sampled deals behind it (docs/PLAYERS.md).

A decision is a function of the seat's observation and its random generator alone, so the
reasoning behind a past decision is found again, exactly, by asking the same question with the
same seed: nothing needs storing, and nothing the seat could not see goes in. Hindsight (every
hand face up, after the hand) is another thing, and the caller labels it so.

- **A bid** (42's auction): for each points bid the seat may make, the chance of making it
  with the trump it would name, from the playouts of sampled deals the bid was decided on;
  passing has no estimate.
- **A play** (42, a contract of points or marks): for each tile searched, the share of the
  solved deals in which the contract still goes the seat's way after it.
- Anything else (one legal action; naming trump, which follows the bid; the other games of the
  family, house-rule contracts) is explained by its kind alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from ..actions import Action, Bid, BidKind, Play
from ..dominoes import TILES
from ..hand import Phase
from ..observation import Observation
from ..variants import FORTY_TWO
from . import strong
from .nello import decide_nello


class Basis(Enum):
    """What the estimates rest on."""

    ONLY_CHOICE = "only choice"
    """One legal action: nothing to weigh."""
    PLAYOUTS = "playouts"
    """Playouts of sampled deals (the auction), or too few solved deals (a play)."""
    SOLVED = "solved"
    """Sampled deals solved exactly (a play)."""
    RULES = "rules"
    """A rule of thumb, or a choice these estimates do not cover."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One candidate and the seat's estimate for it: the chance of making the bid, or of the
    contract going the seat's way after the play."""

    action: Action
    chance: float


@dataclass(frozen=True, slots=True)
class Reasoning:
    """A decision and what it rested on: its estimates, best first, and the number of sampled
    deals behind each."""

    chosen: Action
    basis: Basis
    deals: int = 0
    estimates: tuple[Estimate, ...] = ()


def reasoning(observation: Observation, rng: random.Random) -> Reasoning:
    """The strong player's decision for ``observation`` with ``rng`` (the same as
    :func:`strong.decide` with a generator in the same state) and its estimates."""
    legal = observation.legal
    if len(legal) == 1:
        return Reasoning(legal[0], Basis.ONLY_CHOICE)
    if observation.variant is FORTY_TWO and observation.phase is Phase.AUCTION:
        return _bidding(observation)
    if observation.variant is FORTY_TWO and observation.phase is Phase.PLAY:
        nello = decide_nello(observation, rng)
        return _playing(observation, rng) if nello is None else Reasoning(nello, Basis.RULES)
    return Reasoning(strong.decide(observation, rng), Basis.RULES)


def _bidding(observation: Observation) -> Reasoning:
    """The call, and each points bid's chance with the trump it does best in, from the deals
    the call was decided on (:func:`strong.prospects`)."""
    call = strong.auction_call(observation)
    bids = [a for a in observation.legal if isinstance(a, Bid) and a.kind is BidKind.PLAIN
            and not a.is_marks]
    found = strong.prospects(observation) if bids else []
    if not found:
        return Reasoning(call.action, Basis.RULES)
    estimates = [Estimate(bid, max(o.chance(bid.points) for o in found)) for bid in bids]
    return Reasoning(call.action, Basis.PLAYOUTS, len(found[0].points),
                     tuple(sorted(estimates, key=lambda e: -e.chance)))


def _playing(observation: Observation, rng: random.Random) -> Reasoning:
    """The play, and each tile's share of solved deals in which the contract goes this seat's
    way after it."""
    choice = strong.play(observation, rng)
    search = choice.search
    if search is None or not search.solved:
        return Reasoning(choice.action, Basis.PLAYOUTS if choice.by_playouts else Basis.RULES)
    estimates = [Estimate(Play(TILES[tile]), search.scores[tile] / search.solved)
                 for tile in search.candidates]
    return Reasoning(choice.action, Basis.PLAYOUTS if choice.by_playouts else Basis.SOLVED,
                     search.solved, tuple(sorted(estimates, key=lambda e: -e.chance)))


__all__ = ["Basis", "Estimate", "Reasoning", "reasoning"]
