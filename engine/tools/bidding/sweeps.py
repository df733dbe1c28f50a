"""Two marks at the table: how often a bid of two marks takes every trick, against what the
bidder's playouts said of it.

Deals are dealt from a seed. When the first seat to call holds a hand whose playouts took every
trick at least :data:`FROM_SHARE` of the time under some trump (the strong player's
:func:`strong_classic.prospects`), it bids two marks, the others pass, it names the trump the
playouts swept most in, and the strong player plays every seat (R-CONTRACT-MARKS: the hand
ends at the first trick lost). :func:`fit` reads the chance of the sweep from the playouts'
share and the hand's strength: the strong player's :data:`engine.players.strong.SWEEP_MODEL`.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from pathlib import Path

from ...actions import Bid, NameTrump, Pass
from ...dominoes import mask_of
from ...game import Game
from ...observation import observe
from ...players.knowledge import strength
from ...players.strong import sweep_chance_of
from ...players.strong_classic import likeliest_sweep, prospects
from .fit import fit_logistic
from .table import play_first_hand

#: A hand is bid two marks on when the playouts of its best trump took every trick at least
#: this often, and it is at least this strong under some trump (weaker hands are not worth
#: the playouts).
FROM_SHARE = 0.2
FROM_STRENGTH = 4.0
#: The bands of the report, by the playouts' share.
BANDS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)


@dataclass(frozen=True, slots=True)
class Sweep:
    """One bid of two marks: the share of the playouts that took every trick, the hand's
    strength under that trump, and whether the hand took every trick."""

    share: float
    strength: float
    made: bool

    def row(self) -> str:
        """One line of JSON."""
        return json.dumps(asdict(self))

    @classmethod
    def of_row(cls, line: str) -> Sweep:
        data = json.loads(line)
        return cls(data["share"], data["strength"], data["made"])

    @property
    def inputs(self) -> tuple[float, float, float]:
        """What the model weighs: 1, the share, the strength."""
        return (1.0, self.share, self.strength)


def deal_sweep(seed: str) -> Sweep | None:
    """The bid of two marks of one deal (``"<seed>:<number>"``), if its first hand could sweep."""
    game = Game.new(seed)
    seat = game.to_act
    assert seat is not None
    observation = observe(game, seat)
    if max(strength(mask_of(observation.hand), t) for t in range(8)) < FROM_STRENGTH:
        return None
    sweeper = likeliest_sweep(prospects(observation))
    two = Bid(marks=2)
    if sweeper.share(42) < FROM_SHARE or two not in observation.legal:
        return None
    game = game.apply(seat, two)
    while game.to_act != seat:
        caller = game.to_act
        assert caller is not None
        game = game.apply(caller, Pass())
    game = game.apply(seat, NameTrump(sweeper.trump, 1))
    return Sweep(sweeper.share(42), sweeper.strength, play_first_hand(game, seed).made)


def generate(seed: str, deals: int, jobs: int = 1) -> Iterator[Sweep]:
    """The bids of two marks of ``deals`` deals, over ``jobs`` processes."""
    seeds = [f"{seed}:{i}" for i in range(deals)]
    if jobs == 1:
        found: Iterable[Sweep | None] = map(deal_sweep, seeds)
        yield from (s for s in found if s is not None)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from (s for s in pool.imap(deal_sweep, seeds, chunksize=8) if s is not None)


def save(sweeps: Iterable[Sweep], path: Path) -> None:
    path.write_text("".join(s.row() + "\n" for s in sweeps), encoding="utf-8")


def load(path: Path) -> list[Sweep]:
    return [Sweep.of_row(line) for line in path.read_text(encoding="utf-8").splitlines()]


def fit(sweeps: Sequence[Sweep]) -> tuple[float, ...]:
    """The logistic weights of the sweep on (1, share, strength)."""
    return fit_logistic([(s.inputs, s.made) for s in sweeps])


def report(sweeps: Sequence[Sweep]) -> list[str]:
    """Per band of the playouts' share: the bids, how many swept, and the mean chance the
    shipped model gives them; then the weights fitted here."""
    lines = [f"{len(sweeps)} bids of two marks"]
    for low, high in pairwise(BANDS):
        band = [s for s in sweeps if low <= s.share < high]
        if not band:
            continue
        made = sum(s.made for s in band)
        model = sum(sweep_chance_of(s.share, s.strength) for s in band) / len(band)
        lines.append(f"share {low:.1f}-{min(high, 1.0):.1f}: {len(band):>4} bids, "
                     f"{made:>4} swept ({made / len(band):.2f}); model {model:.2f}")
    if sweeps:
        lines.append(f"fitted (1, share, strength): {fit(sweeps)}")
    return lines
