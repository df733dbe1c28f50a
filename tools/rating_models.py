"""``python -m tools.rating_models``: which of openskill's models, with or without a margin of
victory, rates players best, measured on simulated games between players of known strength.

There are no stored games between members to measure on yet, so the games come from the game
itself. Each of ``--players`` simulated players is the rules-of-thumb computer player
(:mod:`engine.players.rules`) that plays a uniformly random legal action instead with a chance
of its own, spread evenly from 0 to ``--max-error`` over the population: the lower the chance,
the stronger the player, by construction. ``--games`` games of ``--variant`` (42 to 7 marks by
default) are played on real deals, each between players drawn at random, so partners change
from game to game as on a server. The games are simulated once, and every candidate rates the
same games, one by one in the order they were played, predicting each (``predict_win``) before
it learns the result, as the bot would. The figures:

- **log-loss** and the share of games whose winner was predicted (**right**), over the games
  after the warm-up (``--warmup``, a fifth of the games by default); **vs PL** is the mean
  difference in log-loss from Plackett–Luce without a margin, game by game, with its 95%
  interval (negative: the candidate predicts better);
- **rank corr**: Spearman's correlation between the players' final mu − 3·sigma and their true
  strengths; **0.8 after**: the games after which it stays at 0.8 or more;
- **mu sd**: how far apart the final ratings are (the standard deviation of mu).

A candidate with a margin rates on the sides' final totals (openskill's ``scores=``) with the
model's ``margin``: a win by more than the margin counts as a larger one. The margins tried are
one, two and three sevenths of the game's target (1, 2 and 3 marks in 42). "PlackettLuce, own
chances" is Plackett–Luce predicting by its own chance of coming first
(:func:`first_place_chances`) instead of ``predict_win``. The last line is how often the side
the true strengths favour won: as right as a prediction can be expected to be. The defaults::

    python -m tools.rating_models --players 60 --games 4000 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TextIO

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from engine import Action, Game, Observation, observe
from engine.players import random_legal, rules
from engine.variants import VARIANTS

MAX_ERROR = 0.3
"""The weakest player's chance of a random move by default. Two such players lose more than nine
games in ten to two players who make none; the rest of the population lies between."""

MARGINS = (1, 2, 3)
"""The margins of victory tried, in sevenths of the game's target."""

SETTLED = 0.8
"""The rank correlation a rating should reach, and keep, after as few games as it can."""

CHECK_EVERY = 10
"""Games between two readings of the rank correlation."""


class Model(Protocol):
    """What is asked of an openskill model (each has rating objects of its own)."""

    beta: float

    def rating(self) -> Any: ...

    def rate(self, teams: list[list[Any]], ranks: list[float] | None = None,
             scores: list[float] | None = None) -> list[list[Any]]: ...

    def predict_win(self, teams: list[list[Any]]) -> list[float]: ...


MODELS: tuple[Callable[..., Model], ...] = (
    PlackettLuce, BradleyTerryFull, BradleyTerryPart, ThurstoneMostellerFull,
    ThurstoneMostellerPart)


# ----- the games ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Setting:
    """What the games are simulated from: the same setting plays the same games."""

    players: int
    games: int
    seed: str
    variant: str
    max_error: float = MAX_ERROR

    @property
    def errors(self) -> tuple[float, ...]:
        """Each player's chance of a random move, from 0 (player 0, the strongest) up."""
        return tuple(self.max_error * i / (self.players - 1) for i in range(self.players))


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game as the ratings read it: the players on each side, each side's final
    total (marks, or points) and the winning side."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winner: int

    @property
    def ranks(self) -> list[float]:
        """Each side's place, as the bot ranks it: the winner first, the others by their
        totals, equal totals tied."""
        return [0.0 if side == self.winner else 1.0 + sum(
            1 for other, total in enumerate(self.totals)
            if other not in (side, self.winner) and total > self.totals[side])
            for side in range(len(self.sides))]

    @property
    def scores(self) -> list[float]:
        """Each side's total, for a margin of victory; the winner's raised above every other's
        if the rules gave it the game on fewer (V-GEN-WINNER), so the scores rank as the game
        did."""
        best_other = max(t for side, t in enumerate(self.totals) if side != self.winner)
        return [float(max(total, best_other + 1) if side == self.winner else total)
                for side, total in enumerate(self.totals)]


def decide(observation: Observation, rng: random.Random, error: float) -> Action:
    """The rules of thumb, or with chance ``error`` a uniformly random legal action."""
    if rng.random() < error:
        return random_legal.decide(observation, rng)
    return rules.decide(observation, rng)


def play(setting: Setting, index: int) -> Played:
    """Game ``index``: its table drawn and its deals made from the seed and the index."""
    variant = VARIANTS[setting.variant]
    seating = variant.seating
    seed = f"{setting.seed}:{index}"
    drawn = random.Random(f"{seed}:table").sample(range(setting.players), seating.count)
    errors = setting.errors
    rngs = [random.Random(f"{seed}:seat:{seat}") for seat in seating.seats]
    game = Game.new(seed, variant=variant)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = decide(observe(game, seat), rngs[seat], errors[drawn[seat]])
        game = game.apply(seat, action)
    assert game.winner is not None
    sides = tuple(tuple(drawn[seat] for seat in seating.seats if seating.side_of[seat] == side)
                  for side in seating.sides)
    return Played(sides, game.standing.totals, game.winner)


def simulate(setting: Setting, jobs: int) -> list[Played]:
    """Every game of the setting, in the order played."""
    one = partial(play, setting)
    if jobs <= 1:
        return [one(index) for index in range(setting.games)]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(one, range(setting.games), chunksize=20)


# ----- the measures ------------------------------------------------------------------------------

def log_loss(probability: float) -> float:
    """The log-loss of a prediction that gave the actual outcome ``probability``.

    >>> round(log_loss(0.5), 4), round(log_loss(0.25), 4)
    (0.6931, 1.3863)
    """
    return -math.log(max(probability, 1e-15))


def average_ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank from 1 (the smallest), equal values sharing their average rank.

    >>> average_ranks([30.0, 10.0, 20.0, 10.0])
    [4.0, 1.5, 3.0, 1.5]
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (0 when either side has no spread)."""
    rx, ry = average_ranks(xs), average_ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    covariance = sum((x - mx) * (y - my) for x, y in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((x - mx) ** 2 for x in rx) * sum((y - my) ** 2 for y in ry))
    return covariance / spread if spread else 0.0


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation).

    >>> mean_interval([1.0, 1.0, 1.0])
    (1.0, 0.0)
    """
    if len(values) < 2:
        return statistics.fmean(values), math.inf
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


# ----- the candidates ----------------------------------------------------------------------------

def first_place_chances(model: Model, teams: list[list[Any]]) -> list[float]:
    """Plackett–Luce's own chance of each team coming first: its share of exp(mu / c), with the
    c of the model's update. openskill's ``predict_win`` is the same normal curve for every
    model, which suits Thurstone–Mosteller's updates but not Plackett–Luce's logistic ones.

    >>> from openskill.models import PlackettLuce
    >>> model = PlackettLuce()
    >>> [round(p, 3) for p in first_place_chances(model, [[model.rating(mu=30)],
    ...                                                   [model.rating()]])]
    [0.594, 0.406]
    """
    c = math.sqrt(sum(sum(r.sigma ** 2 for r in team) + model.beta ** 2 for team in teams))
    weights = [math.exp(sum(r.mu for r in team) / c) for team in teams]
    return [weight / sum(weights) for weight in weights]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A model, the margin of victory it rates with (``None``: the ranking alone), and whether
    it predicts by :func:`first_place_chances` instead of ``predict_win``."""

    model: Callable[..., Model]
    margin: float | None = None
    first_place: bool = False

    @property
    def name(self) -> str:
        label = getattr(self.model, "__name__", repr(self.model))
        if self.first_place:
            return f"{label}, own chances"
        return label if self.margin is None else f"{label}, margin {self.margin:g}"

    def build(self) -> Model:
        return self.model(margin=self.margin or 0.0)

    def predict(self, model: Model, teams: list[list[Any]]) -> list[float]:
        """Each team's chance of winning, before the game."""
        return first_place_chances(model, teams) if self.first_place else model.predict_win(
            teams)


def candidates(target: int) -> list[Candidate]:
    """Every model, without a margin and with each of :data:`MARGINS` (in a game to
    ``target``); and Plackett–Luce predicting by its own chances, second."""
    margins = (None, *(target * share / 7 for share in MARGINS))
    every = [Candidate(model, margin) for model in MODELS for margin in margins]
    return [every[0], Candidate(PlackettLuce, first_place=True), *every[1:]]


@dataclass(frozen=True, slots=True)
class Figures:
    """How one candidate rated the games."""

    name: str
    losses: tuple[float, ...]
    """The log-loss of each game after the warm-up, in order."""
    right: int
    """Of those games, how many winners were predicted."""
    correlation: float
    """Spearman's correlation of the final mu − 3·sigma with the true strengths."""
    settled: int | None
    """The games after which the correlation stays at :data:`SETTLED` or more."""
    spread: float
    """The standard deviation of the final mu: how far apart the ratings ended."""

    @property
    def log_loss(self) -> float:
        return statistics.fmean(self.losses)

    @property
    def accuracy(self) -> float:
        return self.right / len(self.losses)


def evaluate(candidate: Candidate, games: Sequence[Played], strengths: Sequence[float],
             warmup: int) -> Figures:
    """Rate the games in order, each predicted before its result is rated."""
    model = candidate.build()
    ratings = [model.rating() for _ in strengths]
    losses: list[float] = []
    right = 0
    below = 0
    for index, game in enumerate(games):
        teams = [[ratings[player] for player in side] for side in game.sides]
        if index >= warmup:
            chances = candidate.predict(model, teams)
            losses.append(log_loss(chances[game.winner]))
            right += chances.index(max(chances)) == game.winner
        if candidate.margin is None:
            rated = model.rate(teams, ranks=game.ranks)
        else:
            rated = model.rate(teams, scores=game.scores)
        for side, news in zip(game.sides, rated, strict=True):
            for player, new in zip(side, news, strict=True):
                ratings[player] = new
        if (index + 1) % CHECK_EVERY == 0 and spearman(
                _ordinals(ratings), strengths) < SETTLED:
            below = index + 1
    correlation = spearman(_ordinals(ratings), strengths)
    settled = None if correlation < SETTLED else min(below + CHECK_EVERY, len(games))
    spread = statistics.pstdev(rating.mu for rating in ratings)
    return Figures(candidate.name, tuple(losses), right, correlation, settled, spread)


def _ordinals(ratings: Sequence[Any]) -> list[float]:
    return [rating.mu - 3 * rating.sigma for rating in ratings]


def true_picks(games: Sequence[Played], errors: Sequence[float], warmup: int) -> float:
    """The share of games after the warm-up won by the side with the fewest random moves to
    expect (the side a prediction knowing the true strengths would pick)."""
    scored = games[warmup:]
    right = sum(1 for game in scored if min(
        range(len(game.sides)), key=lambda side: sum(errors[p] for p in game.sides[side])
    ) == game.winner)
    return right / len(scored)


# ----- the report --------------------------------------------------------------------------------

def table(figures: Sequence[Figures]) -> list[str]:
    """The figures as plain text, one candidate a line, the first one the reference."""
    reference = figures[0].losses
    lines = [f"{'model':<33}{'log-loss':>9}  {'vs PL (95%)':<19}{'right':>6}"
             f"{'rank corr':>11}{'0.8 after':>11}{'mu sd':>7}"]
    for position, figure in enumerate(figures):
        versus = "-"
        if position:
            mean, half = mean_interval([a - b for a, b in zip(figure.losses, reference,
                                                               strict=True)])
            versus = f"{mean:+.4f} ± {half:.4f}"
        settled = "-" if figure.settled is None else str(figure.settled)
        lines.append(f"{figure.name:<33}{figure.log_loss:>9.4f}  {versus:<19}"
                     f"{figure.accuracy:>6.1%}{figure.correlation:>11.3f}{settled:>11}"
                     f"{figure.spread:>7.1f}")
    return lines


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.rating_models",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--variant", choices=list(VARIANTS), default="42",
                        help="the game played (default 42)")
    parser.add_argument("--max-error", type=float, default=MAX_ERROR,
                        help="the weakest player's chance of a random move")
    parser.add_argument("--warmup", type=int, help="games rated before predictions are scored "
                                                    "(default: a fifth of the games)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    warmup = args.games // 5 if args.warmup is None else args.warmup
    if args.players < variant.seating.count:
        parser.error(f"--players must be at least {variant.seating.count}, a table's seats")
    if not 0 <= warmup < args.games or args.jobs < 1:
        parser.error("--warmup must leave games to score, and --jobs be at least 1")
    if not 0 <= args.max_error <= 1:
        parser.error("--max-error is a chance, from 0 to 1")
    out = out or sys.stdout
    setting = Setting(args.players, args.games, args.seed, args.variant, args.max_error)
    started = time.perf_counter()
    games = simulate(setting, args.jobs)
    simulated = time.perf_counter() - started
    errors = setting.errors
    strengths = [-error for error in errors]
    figures = [evaluate(candidate, games, strengths, warmup)
               for candidate in candidates(variant.target)]
    rated = time.perf_counter() - started - simulated
    print(f"rating_models: {args.games} games of {variant.name} between {args.players} players "
          f"(chance of a random move 0 to {args.max_error:g}), seed {args.seed}; simulated in "
          f"{simulated:.1f} s ({args.jobs} job{'s' if args.jobs != 1 else ''}), rated in "
          f"{rated:.1f} s", file=out)
    print(f"predictions scored over the {args.games - warmup} games after the first {warmup}",
          file=out)
    print(*table(figures), sep="\n", file=out)
    print(f"knowing the true strengths (the side with the fewest random moves to expect wins): "
          f"{true_picks(games, errors, warmup):.1%} right", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
