"""The bidder's model fitted to solved situations: for each level a bid can name, a logistic
regression of "the hand's side takes at least that many points" on :func:`features`.

Pure Python, no numerical library: rows with the same features are pooled first (the features
are small counts, so tens of thousands of rows pool into a few thousand), then each level is
fitted by Newton's method on the pooled rows, with a light ridge so that a feature no row
varies stays at zero. Deterministic: the same samples give the same weights.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...players.bid_features import LEVELS, features
from .samples import Sample

#: The ridge on every weight but the bias, and Newton steps at most.
RIDGE = 1.0
STEPS = 25
#: Contracts the correction needs at least.
FEWEST_CONTRACTS = 100


@dataclass(frozen=True, slots=True)
class Fitted:
    """Per level, the weights (in the order of :data:`NAMES`), and what they were fitted on."""

    weights: dict[int, tuple[float, ...]]
    rows: int
    pooled: int


def pool(samples: Iterable[Sample]) -> dict[tuple[float, ...], Counter[int]]:
    """Per distinct feature vector, how often each worth (points taken) was seen."""
    pooled: dict[tuple[float, ...], Counter[int]] = {}
    for sample in samples:
        for trump, worth in sample.worth:
            x = features(sample.hand, trump, sample.earlier)
            pooled.setdefault(x, Counter())[worth] += 1
    return pooled


def fit(samples: Sequence[Sample]) -> Fitted:
    pooled = pool(samples)
    rows = [(x, sum(c.values()), c) for x, c in pooled.items()]
    weights = {}
    for level in LEVELS:
        data = [(x, n, sum(k for v, k in c.items() if v >= level)) for x, n, c in rows]
        weights[level] = tuple(round(w, 4) for w in _newton(data))
    return Fitted(weights, sum(n for _, n, _ in rows), len(rows))


Blend = tuple[float, float, float, float]
#: The blend before any contract is played: the solved log-odds alone.
UNBLENDED: Blend = (0.0, 0.0, 1.0, 0.0)


def fit_blend(played: Sequence[tuple[tuple[float, ...], bool]]) -> Blend:
    """The blend (:class:`engine.players.bidding.Model`) that reads contracts made at the table
    from what was known at the bid; the solved log-odds alone from fewer than
    :data:`FEWEST_CONTRACTS`, too few to fit on."""
    if len(played) < FEWEST_CONTRACTS:
        return UNBLENDED
    b0, b1, b2, b3 = fit_logistic(played)
    return b0, b1, b2, b3


def fit_logistic(rows: Sequence[tuple[tuple[float, ...], bool]],
                 ridge: float = 0.01) -> tuple[float, ...]:
    """The weights (to four places) of a logistic regression of each row's outcome on its
    inputs (a 1 first, for the bias), rows with the same inputs (to three places) pooled."""
    pooled: Counter[tuple[float, ...]] = Counter()
    made: Counter[tuple[float, ...]] = Counter()
    for inputs, won in rows:
        key = tuple(round(v, 3) for v in inputs)
        pooled[key] += 1
        made[key] += won
    data = [(key, n, made[key]) for key, n in pooled.items()]
    return tuple(round(w, 4) for w in _newton(data, ridge=ridge))


def _newton(data: list[tuple[tuple[float, ...], int, int]], ridge: float = RIDGE) -> list[float]:
    """Weights maximising the pooled binomial log-likelihood less the ridge."""
    size = len(data[0][0])
    w = [0.0] * size
    for _ in range(STEPS):
        grad = [-ridge * w[i] if i else 0.0 for i in range(size)]
        hess = [[(ridge if i == j and i else 0.0) for j in range(size)] for i in range(size)]
        for x, n, made in data:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = made - n * p
            h = n * p * (1 - p)
            for i in range(size):
                xi = x[i]
                if not xi:
                    continue
                grad[i] += g * xi
                hx = h * xi
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(size):
            for j in range(i):
                hess[j][i] = hess[i][j]
        hess[0][0] += 1e-9
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(size):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(size)]


def log_loss(fitted: Fitted, samples: Sequence[Sample]) -> dict[int, float]:
    """Per level, the mean log-loss of the weights on ``samples`` (held out, to compare)."""
    pooled = pool(samples)
    found = {}
    for level, w in fitted.weights.items():
        total = count = 0.0
        for x, c in pooled.items():
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
            made = sum(k for v, k in c.items() if v >= level)
            n = sum(c.values())
            total -= made * math.log(p) + (n - made) * math.log(1 - p)
            count += n
        found[level] = total / max(1.0, count)
    return found


def model_source(fitted: Fitted, blend: Blend, provenance: str) -> str:
    """The text of :mod:`engine.players.bid_model` for these weights."""
    head = textwrap.fill(
        f"Fitted on {provenance}: {fitted.rows} hands under a trump, pooled into "
        f"{fitted.pooled} distinct feature vectors. ``WEIGHTS[level]`` are the log-odds "
        "weights of taking at least ``level`` points (42: every trick) with every hand face "
        "up, in the order of :data:`engine.players.bid_features.NAMES`; ``BLEND`` (bias, per "
        "share of playouts, per solved log-odds, per strength) reads from them the strong "
        "player's results at the table.",
        width=96)
    lines = [
        '"""The calibrated bidder\'s model (:mod:`engine.players.bidding`), written by',
        "``python -m engine.tools.bidding fit``: regenerate it rather than edit it.",
        "", head, '"""', "", "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for level, weights in fitted.weights.items():
        numbers = textwrap.wrap(", ".join(f"{w:.4f}" for w in weights), width=84)
        lines.append(f"    {level}: (" + ("\n" + " " * 9).join(numbers) + "),")
    lines += ["}", f"BLEND = ({', '.join(f'{w:.4f}' for w in blend)})",
              f"SOLVED_HANDS = {fitted.rows}", ""]
    return "\n".join(lines)
