"""Members' ratings (docs/RATINGS.md): the Weng–Lin rating of the ``openskill`` library, one
update per finished game between members, each kind of game a pool of its own.

Pure: the ratings before a game and how it ended give the ratings after it, so every rating is
a function of the stored games in the order they ended (:func:`replay`), and the bot's
incremental updates can be checked against a rebuild.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""openskill's Plackett–Luce model, without a margin of victory (a game's result is its
ranking). It ranks any number of teams of any size, ties included, which covers the family's
two teams, three teams (140) and players each for oneself (Moon, three-hand). Chosen on
simulated games between players of known strength (``python -m tools.rating_models``,
docs/RATINGS.md): it ranks them as well as openskill's other models or better, and sooner; a
margin ranks barely better and spreads the ratings without end."""

MODEL_ID = "plackett-luce/no-margin"
"""Names :data:`MODEL` and how games are fed to it. The ratings kept say which model computed
them; when this changes, the bot rebuilds them all from the stored games at its next start."""

PROVISIONAL_GAMES = 5
"""Rated games before a member's figure is shown as settled. A count, not the model's sigma:
in a game of two teams of two sigma falls only by about 2% a game, so a threshold on it would
keep members provisional for dozens of games, and a count is what players understand. Five
games, an evening's play, keep a newcomer's one or two lucky wins from passing as a standing
(a win moves the figure by about 50 at the start)."""

BASE = 1500
SCALE = 20
"""The shown figure is ``BASE + SCALE * (mu - 3 * sigma)``. A new member's mu − 3·sigma is 0 (mu
25, sigma 25/3), so everyone starts at 1500, the figure chess players know; with 20 points per
unit of mu, a first win moves a member by about 50 and the spread of a server's players is a
few hundred points, the scale Elo ratings made familiar."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's rating in one kind of game: the model's belief (mu, sigma) and how many rated
    games it rests on."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate: mu − 3·sigma (what the board ranks by)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The figure players read: 1500 at the start (:data:`SCALE`)."""
        return round(BASE + SCALE * self.ordinal)

    @property
    def provisional(self) -> bool:
        """Too few rated games for the figure to mean much yet (:data:`PROVISIONAL_GAMES`)."""
        return self.games < PROVISIONAL_GAMES


NEW = Rating()
"""A member's rating before their first rated game."""


@dataclass(frozen=True, slots=True)
class Placing:
    """A member's place in a finished game: their side (a team, or themselves each for oneself)
    and its rank (0 for the winner; the others by their final totals, equal totals tied)."""

    user_id: int
    side: int
    rank: int


def rate(before: Mapping[int, Rating], placings: Sequence[Placing]) -> dict[int, Rating]:
    """Each member's rating after one game, from their ratings before it (a member missing from
    ``before`` is new); the teams as they sat, each ranked as the game ended them."""
    return {p.user_id: Rating(new.mu, new.sigma, new.games + 1)
            for p, new in _rate_entries(before, placings)}


def rate_levels(before: Mapping[int, Rating], placings: Sequence[Placing],
                levels: frozenset[int]) -> dict[int, Rating]:
    """The computer players' levels' ratings after a game with members, on the members' scale:
    every seat rated as :func:`rate` would, then only the levels' entries kept, the members'
    ratings left as they were (a game with a computer player's own seat does not rate members).
    A level in several seats (two strong partners, say) takes the mean of their updates."""
    after = _rate_entries(before, placings)
    found = {}
    for level in sorted(levels):
        entries = [new for p, new in after if p.user_id == level]
        old = before.get(level, NEW)
        found[level] = Rating(sum(r.mu for r in entries) / len(entries),
                              sum(r.sigma for r in entries) / len(entries), old.games + 1)
    return found


def _rate_entries(before: Mapping[int, Rating],
                  placings: Sequence[Placing]) -> list[tuple[Placing, Rating]]:
    """Each placing with its rating after the game (games not counted)."""
    sides = sorted({p.side for p in placings})
    if len(sides) < 2:
        raise ValueError("a rated game needs at least two sides")
    teams = [[p for p in placings if p.side == side] for side in sides]
    ranks = [min(p.rank for p in team) for team in teams]
    old = {p.user_id: before.get(p.user_id, NEW) for p in placings}
    rated = MODEL.rate([[MODEL.rating(mu=old[p.user_id].mu, sigma=old[p.user_id].sigma)
                         for p in team] for team in teams], ranks=[float(r) for r in ranks])
    return [(p, Rating(new.mu, new.sigma, old[p.user_id].games))
            for team, news in zip(teams, rated, strict=True)
            for p, new in zip(team, news, strict=True)]


Pool = tuple[int, str]
"""Whose ratings are measured against each other: a server's members in one kind of game (the
server's id, the kind's name)."""


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game between members, as the ratings read it: its pool and each member's
    placing."""

    table_id: int
    pool: Pool
    placings: tuple[Placing, ...]
    levels: frozenset[int] = frozenset()
    """The computer players' levels at the table (:func:`rate_levels`): only their ratings
    change."""


@dataclass(frozen=True, slots=True)
class Change:
    """One member's rating before and after one game (the history a member can look back on)."""

    table_id: int
    pool: Pool
    user_id: int
    before: Rating
    after: Rating


def replay(games: Iterable[RatedGame]) -> tuple[dict[tuple[Pool, int], Rating], list[Change]]:
    """Every rating, rebuilt from the games in the order they ended, and each change on the
    way: ``(pool, member)`` → rating."""
    ratings: dict[tuple[Pool, int], Rating] = {}
    changes: list[Change] = []
    for game in games:
        before = {p.user_id: ratings.get((game.pool, p.user_id), NEW) for p in game.placings}
        if game.levels:
            for level, after in rate_levels(before, game.placings, game.levels).items():
                ratings[game.pool, level] = after
            continue
        for user_id, after in sorted(rate(before, game.placings).items()):
            ratings[game.pool, user_id] = after
            changes.append(Change(game.table_id, game.pool, user_id, before[user_id], after))
    return ratings, changes
