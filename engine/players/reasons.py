"""Why the strong player chose what it chose, from what its seat knew: for each candidate, its
estimate and the number of sampled deals behind it (docs/PLAYERS.md).

A decision is a function of the seat's observation and its random generator alone, so the
reasoning behind a past decision is found again, exactly, by asking the same question with the
same seed: nothing needs storing, and nothing the seat could not see goes in. Hindsight (every
hand face up, after the hand) is another thing, and the caller labels it so.

- **A bid** (42's auction): for each points bid the seat may make, the chance of making it
  with the trump it would name, from the playouts of sampled deals the bid was decided on, and
  for a marks bid made, the chance of taking every trick; passing has no estimate.
- **A play** (42, a contract of points or marks): for each tile searched, the share of the
  solved deals in which the contract still goes the seat's way after it.
- Anything else (one legal action; naming trump, which follows the bid; the other games of the
  family, house-rule contracts) is explained by its kind alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..actions import Action, Bid, BidKind, Play
from ..dominoes import TILES
from ..hand import Phase
from ..observation import Observation
from ..variants import FORTY_TWO
from . import strong, strong_classic
from .knowledge import play_facts
from .nello import decide_nello
from .solver import DealSolver


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
    the call was decided on (:func:`strong_classic.prospects`)."""
    call = strong.auction_call(observation)
    bids = [a for a in observation.legal if isinstance(a, Bid) and a.kind is BidKind.PLAIN
            and not a.is_marks]
    found = strong_classic.prospects(observation) if bids else []
    if not found:
        return Reasoning(call.action, Basis.RULES)
    estimates = [Estimate(bid, max(o.chance(bid.points) for o in found)) for bid in bids]
    if isinstance(call.action, Bid) and call.action.is_marks and call.outlook is not None:
        estimates.append(Estimate(call.action, strong.sweep_chance(call.outlook)))
    return Reasoning(call.action, Basis.PLAYOUTS, len(found[0].points),
                     tuple(sorted(estimates, key=lambda e: -e.chance)))


def _playing(observation: Observation, rng: random.Random) -> Reasoning:
    """The play, and each tile's share of solved deals in which the contract goes this seat's
    way after it."""
    choice = strong.play(observation, rng)
    search = choice.search
    chosen = choice.action
    if (search is None or not search.solved or not isinstance(chosen, Play)
            or int(chosen.tile) not in search.candidates):
        # Too few deals solved, and the tile chosen by playouts: no share to show for it.
        return Reasoning(chosen, Basis.PLAYOUTS if choice.by_playouts else Basis.RULES)
    estimates = [Estimate(Play(TILES[tile]), search.scores[tile] / search.solved)
                 for tile in search.candidates]
    return Reasoning(chosen, Basis.PLAYOUTS if choice.by_playouts else Basis.SOLVED,
                     search.solved, tuple(sorted(estimates, key=lambda e: -e.chance)))


def hindsight(observation: Observation, hands: Sequence[int]) -> tuple[Action, ...] | None:
    """The plays after which the contract goes the seat's way with every hand face up
    (``hands``: what each seat held then, as masks), the best defence and declaring assumed;
    None outside 42's play. Only for after the hand, and labelled so: the seat could not know
    it."""
    facts = play_facts(observation)
    if (observation.variant is not FORTY_TWO or facts is None
            or observation.goal.in_points or observation.phase is not Phase.PLAY):
        return None
    solver = DealSolver(hands, facts.model, facts.team)
    need = solver.points_in_play(facts.trick) if facts.marks else facts.need
    return tuple(action for action in observation.legal if isinstance(action, Play)
                 and solver.reach_after(facts.leader, facts.trick, int(action.tile), need)
                 is facts.ours)


@dataclass(frozen=True, slots=True)
class Explained:
    """A computer player's decision explained after its hand: what it knew, and, when every
    hand was laid open by the hand's end, hindsight (None otherwise, or outside play)."""

    reasoning: Reasoning
    hindsight: tuple[Action, ...] | None


def explained(observation: Observation, seed: str,
              hands: Sequence[int] | None) -> Explained:
    """The reasoning of the decision made with ``seed`` (:func:`reasoning`), and hindsight
    from ``hands`` when given."""
    found = reasoning(observation, random.Random(seed))
    return Explained(found, hindsight(observation, hands) if hands is not None else None)


__all__ = ["Basis", "Estimate", "Explained", "Reasoning", "explained", "hindsight",
           "reasoning"]
