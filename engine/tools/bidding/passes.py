"""Bid or pass, measured at the table: what the lowest points bid and a pass were each worth to
the seat's side, by its turn in the auction and the bid's chance.

Deals are dealt from a seed. The classic auction calls every seat
(:func:`strong_classic.auction_call`) and the strong player names trump and plays, except that
in each deal one seat (the deal's number, modulo four) tosses a coin whenever its call comes
down to the lowest points bid against a pass (:func:`strong_classic.weigh`) with a chance in
:data:`BAND`. The hand is played out, and each toss is recorded with the marks the hand gave
the seat's side, less the opponents'. Per turn, a straight line in the chance is fitted to the
marks of each call; where the two lines cross, a bid starts to be worth more than a pass.
"""

from __future__ import annotations

import json
import multiprocessing
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ...actions import Action, Pass
from ...game import Game
from ...hand import Phase
from ...observation import Observation, observe
from ...players import strong, strong_classic
from ...players.strong_classic import Choice, Turn, turn_of, weigh
from ...variants import FORTY_TWO
from .fit import solve
from .table import play_first_hand

#: The chances within which the coin decides: the classic thresholds and well around them.
BAND = (0.25, 0.9)


@dataclass(frozen=True, slots=True)
class Trial:
    """One toss: the seat's turn, the chance of the lowest points bid, whether it bid, and the
    marks the hand gave its side less the opponents'."""

    turn: Turn
    chance: float
    bid: bool
    marks: int

    def row(self) -> str:
        """One line of JSON."""
        return json.dumps({**asdict(self), "turn": self.turn.value})

    @classmethod
    def of_row(cls, line: str) -> Trial:
        data = json.loads(line)
        return cls(Turn(data["turn"]), data["chance"], data["bid"], data["marks"])


def deal_trials(seed: str) -> list[Trial]:
    """The tosses of one deal (``"<seed>:<number>"``), each with the hand's marks."""
    game = Game.new(seed)
    coin = random.Random(seed + "x")
    tosser = int(seed.rsplit(":", 1)[1]) % 4
    tossed: list[tuple[Turn, float, bool]] = []
    while game.hand.phase is not Phase.PLAY and game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        choice = _choice(observation) if seat == tosser else None
        action: Action
        if choice is not None:
            bid = coin.random() < 0.5
            tossed.append((turn_of(observation), choice.chance, bid))
            action = choice.bid if bid else Pass()
        elif game.hand.phase is Phase.AUCTION:
            action = strong_classic.auction_call(observation).action
        else:
            action = strong.decide(observation, random.Random(f"{seed}:{seat}:a"))
        game = game.apply(seat, action)
    result = play_first_hand(game, seed)
    side = FORTY_TWO.seating.side_of[tosser]
    marks = result.marks[side] - result.marks[1 - side]
    return [Trial(turn, chance, bid, marks) for turn, chance, bid in tossed]


def _choice(observation: Observation) -> Choice | None:
    """The bid the seat weighs against a pass, when the coin may decide between them."""
    if observation.phase is not Phase.AUCTION or len(observation.legal) == 1:
        return None
    if strong_classic.special_call(observation) is not None:
        return None
    found = weigh(observation)
    if isinstance(found, Choice) and BAND[0] <= found.chance <= BAND[1]:
        return found
    return None


def generate(seed: str, deals: int, jobs: int = 1) -> Iterator[Trial]:
    """The tosses of ``deals`` deals, over ``jobs`` processes."""
    seeds = [f"{seed}:{i}" for i in range(deals)]
    if jobs == 1:
        for one in map(deal_trials, seeds):
            yield from one
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for one in pool.imap(deal_trials, seeds, chunksize=2):
            yield from one


def save(trials: Iterable[Trial], path: Path) -> None:
    path.write_text("".join(t.row() + "\n" for t in trials), encoding="utf-8")


def load(path: Path) -> list[Trial]:
    return [Trial.of_row(line) for line in path.read_text(encoding="utf-8").splitlines()]


@dataclass(frozen=True, slots=True)
class Crossing:
    """For one turn: the marks a bid is worth more than a pass, ``gap + slope * chance``, fitted
    on ``trials`` tosses (``bids`` of them bids); and the chance where that is nothing."""

    turn: Turn
    trials: int
    bids: int
    gap: float
    slope: float

    def bid_over_pass(self, chance: float) -> float:
        return self.gap + self.slope * chance

    @property
    def chance(self) -> float | None:
        """Where a bid starts to be worth more than a pass, within :data:`BAND`; ``None`` when
        the lines do not cross that way there."""
        if self.slope <= 0:
            return None
        crossing = -self.gap / self.slope
        return crossing if BAND[0] <= crossing <= BAND[1] else None


def crossings(trials: Sequence[Trial]) -> list[Crossing]:
    """Per turn with tosses both ways, least squares on (1, chance, bid, bid × chance)."""
    found = []
    for turn in Turn:
        mine = [t for t in trials if t.turn is turn]
        bids = sum(t.bid for t in mine)
        if bids < 2 or len(mine) - bids < 2:
            continue
        rows = [(1.0, t.chance, float(t.bid), t.bid * t.chance) for t in mine]
        normal = [[sum(r[i] * r[j] for r in rows) for j in range(4)] for i in range(4)]
        moment = [sum(r[i] * t.marks for r, t in zip(rows, mine, strict=True)) for i in range(4)]
        _, _, gap, slope = solve(normal, moment)
        found.append(Crossing(turn, len(mine), bids, gap, slope))
    return found


def report(trials: Sequence[Trial]) -> list[str]:
    """Per turn: the tosses, a bid's worth over a pass at a few chances, and the crossing."""
    lines = [f"{len(trials)} tosses"]
    points = (0.45, 0.5, 0.55, 0.6, 0.65)
    for found in crossings(trials):
        worth = " ".join(f"{p:.2f}: {found.bid_over_pass(p):+.2f}" for p in points)
        at = "none" if found.chance is None else f"{found.chance:.2f}"
        lines.append(f"{found.turn.value:<7} {found.trials:>5} tosses ({found.bids} bids); "
                     f"bid over pass at {worth}; crossing {at} "
                     f"(classic {strong_classic.BID_FROM[found.turn]:.2f})")
    return lines
