"""A policy asked at every position of the battery: its share right, per category and in all.

Each position is replayed from its seed and actions, the seat's observation is handed to the
policy with a generator seeded by the position's key (so a run is repeatable), and the action
is right when it is one of the expected ones. Each decision is timed in CPU time of the process
that made it. ``jobs`` processes share the positions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ...observation import observe
from ...players import load_policy
from ..arena import percentile
from .battery import Category, Position


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the policy did at one position."""

    position: Position
    action: str
    seconds: float

    @property
    def right(self) -> bool:
        return self.action in self.position.expected


def judge(policy_path: str, position: Position) -> Verdict:
    """The policy's action at ``position`` and the CPU time it took."""
    policy = load_policy(policy_path)
    game = position.replay()
    observation = observe(game, position.seat)
    rng = random.Random(position.key)
    started = time.process_time()
    action = policy(observation, rng)
    return Verdict(position, str(action), time.process_time() - started)


def _judge_all(work: tuple[str, tuple[Position, ...]]) -> list[Verdict]:
    policy_path, positions = work
    return [judge(policy_path, p) for p in positions]


def judge_all(policy_path: str, positions: Sequence[Position], jobs: int = 1) -> list[Verdict]:
    """Every position judged, in order; over ``jobs`` processes when more than one."""
    if jobs <= 1:
        return _judge_all((policy_path, tuple(positions)))
    chunks = [(policy_path, tuple(positions[i::jobs * 4])) for i in range(jobs * 4)]
    verdicts: dict[str, Verdict] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(_judge_all, chunks):
            verdicts.update((v.position.key, v) for v in found)
    return [verdicts[p.key] for p in positions]


@dataclass(frozen=True, slots=True)
class Share:
    """Positions and right answers of one category (or of all)."""

    name: str
    positions: int
    right: int

    @property
    def share(self) -> float:
        return self.right / self.positions if self.positions else 0.0

    @property
    def line(self) -> str:
        return f"{self.name:<22}{self.positions:>10}{self.right:>8}{self.share:>9.1%}"


def shares(verdicts: Sequence[Verdict]) -> list[Share]:
    """One share per category present, then the total."""
    found = []
    for category in Category:
        mine = [v for v in verdicts if v.position.category is category]
        if mine:
            found.append(Share(category.value, len(mine), sum(v.right for v in mine)))
    found.append(Share("total", len(verdicts), sum(v.right for v in verdicts)))
    return found


def report(policy_path: str, verdicts: Sequence[Verdict], wrong: bool = False) -> list[str]:
    """The lines ``measure`` prints: a share per category, the total, the decision times, and
    with ``wrong`` every position the policy got wrong."""
    lines = [f"partnership battery: {len(verdicts)} positions, policy {policy_path}",
             f"{'category':<22}{'positions':>10}{'right':>8}{'share':>9}"]
    lines.extend(share.line for share in shares(verdicts))
    seconds = [v.seconds for v in verdicts]
    lines.append(f"decision time (CPU ms): median {percentile(seconds, 0.5) * 1000:.2f}, "
                 f"p95 {percentile(seconds, 0.95) * 1000:.2f}")
    if wrong:
        for v in verdicts:
            if not v.right:
                p = v.position
                lines.append(f"wrong {p.key} [{p.category.value}] played {v.action}, expected "
                             f"{' or '.join(p.expected)}: {p.description}")
    return lines
