"""Bidding situations from real auctions, each hand's worth under its likeliest trumps solved.

Games of 42 are dealt from a seed and their first auction is called by the rules of thumb
(:func:`engine.players.rules.decide`), an ordinary table's auction. At every call, the hand to
call is a situation: its tiles, the calls before it, and, for each of the trumps it is
strongest in, the points its side takes declaring that trump and leading, with every hand face
up and best play by both sides (:meth:`engine.players.solver.DealSolver.best_points`). The
auction is real, so the calls before a hand say about the other hands what they say at a table.
Everything is seeded: the same arguments give the same samples.
"""

from __future__ import annotations

import json
import multiprocessing
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ...actions import Bid
from ...dominoes import mask_of
from ...game import Game
from ...hand import Phase
from ...observation import observe
from ...players import rules
from ...players.bid_features import SCREEN, Earlier, trumps_by_strength
from ...players.solver import DealSolver
from ...seats import FOUR_SEATS, Seat

#: Trumps solved per situation: the ones the hand is strongest in.
TRUMPS_SOLVED = 3


@dataclass(frozen=True, slots=True)
class Sample:
    """One hand at its call: its tiles, the calls before it, and what it takes declaring."""

    hand: int
    """The tiles as a mask of tile numbers."""
    earlier: tuple[Earlier, ...]
    """The calls before this one, oldest first."""
    worth: tuple[tuple[int, int], ...]
    """Per trump solved, ``(trump, points its side takes declaring it and leading)``."""

    def to_json(self) -> str:
        return json.dumps({"hand": self.hand, "earlier": [list(e) for e in self.earlier],
                           "worth": [list(w) for w in self.worth]}, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Sample:
        raw = json.loads(line)
        return cls(raw["hand"], tuple(Earlier(*e) for e in raw["earlier"]),
                   tuple((t, v) for t, v in raw["worth"]))


def deal_samples(seed: str) -> list[Sample]:
    """The situations of one deal's auction (hands too weak to bid on any trump are left out:
    the bidder passes them unasked)."""
    game = Game.new(seed)
    hands = [mask_of(game.hand.hand_of(Seat(s))) for s in range(4)]
    found = []
    rng = random.Random(seed)
    while game.hand.phase is Phase.AUCTION and game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        mine = hands[seat]
        ranked = trumps_by_strength(mine)
        if ranked[0][1] >= SCREEN:
            earlier = tuple(
                Earlier(FOUR_SEATS.partner(seat) == c.seat,
                        bid_level(c.action)) for c in observation.auction)
            worth = tuple((trump, DealSolver(hands, trump, seat & 1).best_points(seat, ()))
                          for trump, _ in ranked[:TRUMPS_SOLVED])
            found.append(Sample(mine, earlier, worth))
        game = game.apply(seat, rules.decide(observation, rng))
    return found


def bid_level(action: object) -> int:
    """A call's level: 0 for a pass, a points bid's points, 42 for each mark of a marks bid."""
    if not isinstance(action, Bid):
        return 0
    return action.points or 42 * action.marks


def generate(seed: str, deals: int, jobs: int = 1) -> Iterator[Sample]:
    """The samples of ``deals`` deals, in deal order, over ``jobs`` processes."""
    seeds = [f"{seed}:{i}" for i in range(deals)]
    if jobs == 1:
        for one in seeds:
            yield from deal_samples(one)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for found in pool.imap(deal_samples, seeds, chunksize=8):
            yield from found


@dataclass(frozen=True, slots=True)
class Solved:
    """A file of samples: the arguments that made it, and its samples."""

    seed: str
    deals: int
    samples: tuple[Sample, ...]

    def save(self, path: Path) -> None:
        """One JSON object per line: the arguments first, then a sample per line."""
        head = json.dumps({"seed": self.seed, "deals": self.deals})
        path.write_text("".join(f"{line}\n" for line in (
            head, *(s.to_json() for s in self.samples))), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Solved:
        head, *lines = path.read_text(encoding="utf-8").splitlines()
        raw = json.loads(head)
        return cls(raw["seed"], raw["deals"],
                   tuple(Sample.from_json(line) for line in lines if line))
