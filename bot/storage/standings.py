"""What the storage tells about members: the leaderboard, ratings, and the games they played.

Reads only, each one query or a few; :class:`bot.storage.base.Storage` runs them. The indexes
they rely on are named beside each (schema 9), so they stay fast with millions of stored
games (``python -m tools.bench_history`` measures them).
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from ..rating import PROVISIONAL_GAMES, Rating
from ..records import (
    COMPUTER_PARTNER,
    ComputerStanding,
    GameKind,
    Level,
    Partner,
    PlayedGame,
    Ranking,
    Rivalry,
    Standing,
    TableRecord,
    rater_id,
)
from .sql import TABLE_COLUMNS, placeholders

CHART_GAMES = 500
"""The most recent rated games a rating chart reads."""


class Standings(ABC):
    """The reads about members' results, written once for both backends."""

    PAIR_JOIN: str
    """How one member's games are joined to another's, game by game. ``FULL JOIN`` where a plan
    made for any two members may otherwise read all of the second's games again for each of
    the first's (PostgreSQL's, once a prepared statement runs the same plan for everyone: a
    read of minutes for two members with thousands of games); a full join can only be hashed
    or merged, and its rows of one member's games alone count for nothing in the sums that
    read it. ``JOIN`` where each game is looked up in the key (SQLite)."""

    @abstractmethod
    async def _fetch(self, query: str, *args: Any) -> list[Any]: ...

    @abstractmethod
    async def _fetchrow(self, query: str, *args: Any) -> Any: ...

    @abstractmethod
    async def _with_seats(self, rows: Iterable[Any]) -> list[TableRecord]: ...

    async def leaderboard(self, guild_id: int, limit: int = 20,
                          game: GameKind = GameKind.MARKS,
                          by: Ranking = Ranking.RATING) -> list[Standing]:
        """The server's members in one kind of game: by rating (settled ratings first, then
        provisional ones, each by mu − 3·sigma; then the members without a rated game), or by
        marks won (games scored in points: by games won, then points), then games won."""
        order = ("p.games_won DESC, p.points_won DESC" if game.in_points
                 else "p.marks_won DESC, p.games_won DESC")
        if by is Ranking.RATING:
            order = ("CASE WHEN r.games IS NULL THEN 2 WHEN r.games < $4 THEN 1 ELSE 0 END,"
                     f" r.mu - 3 * r.sigma DESC, {order}")
        rows = await self._fetch(
            "SELECT p.user_id, p.marks_won, p.games_played, p.games_won, p.contracts_bid,"
            " p.contracts_made, p.points_won, p.hints_used, r.mu, r.sigma, r.games"
            " FROM player_stats AS p LEFT JOIN ratings AS r ON r.guild_id = p.guild_id"
            " AND r.game = p.game AND r.user_id = p.user_id AND r.games > 0"
            f" WHERE p.guild_id = $1 AND p.game = $2 ORDER BY {order}, p.games_played ASC,"
            " p.user_id LIMIT $3",
            guild_id, game.value, limit, *([PROVISIONAL_GAMES] if by is Ranking.RATING else []))
        return [_standing(row) for row in rows]

    async def member_standings(self, guild_id: int, user_id: int) -> dict[GameKind, Standing]:
        """A member's line in each kind of game they have finished, with their rating in it
        once they have played a rated game."""
        rows = await self._fetch(
            "SELECT p.game, p.user_id, p.marks_won, p.games_played, p.games_won,"
            " p.contracts_bid, p.contracts_made, p.points_won, p.hints_used, r.mu, r.sigma,"
            " r.games FROM player_stats AS p LEFT JOIN ratings AS r ON r.guild_id = p.guild_id"
            " AND r.game = p.game AND r.user_id = p.user_id AND r.games > 0"
            " WHERE p.guild_id = $1 AND p.user_id = $2", guild_id, user_id)
        return {GameKind(row[0]): _standing(row[1:]) for row in rows
                if row[0] in {kind.value for kind in GameKind}}

    async def favourite_partner(self, guild_id: int, user_id: int) -> Partner | None:
        """Whom the member played beside in the most games (then the most wins)."""
        row = await self._fetchrow(
            "SELECT partner_id, games, wins FROM partner_stats WHERE guild_id = $1 AND"
            " user_id = $2 ORDER BY games DESC, wins DESC, partner_id LIMIT 1",
            guild_id, user_id)
        return Partner(*row) if row is not None else None

    async def best_partners(self, guild_id: int, user_id: int, limit: int = 3) -> list[Partner]:
        """The members beside whom the member won most, by their shared results: the share of
        games won together, counted as if each pair had also won one game and lost one, so
        that two wins in two games do not outrank twenty in twenty-five."""
        rows = await self._fetch(
            "SELECT partner_id, games, wins FROM partner_stats WHERE guild_id = $1 AND"
            " user_id = $2 AND partner_id <> $3"
            " ORDER BY (wins + 1.0) / (games + 2) DESC, games DESC, partner_id LIMIT $4",
            guild_id, user_id, COMPUTER_PARTNER, limit)
        return [Partner(*row) for row in rows]

    async def computer_standings(self, guild_id: int,
                                 game: GameKind = GameKind.MARKS) -> list[ComputerStanding]:
        """The server's computer players, one line per level (strong first), all seats of a
        level together; none before their first game."""
        rows = await self._fetch(
            "SELECT level, seats_played, seats_won, marks_won, contracts_bid, contracts_made,"
            " points_won FROM computer_stats WHERE guild_id = $1 AND game = $2",
            guild_id, game.value)
        rated = {int(row[0]): Rating(float(row[1]), float(row[2]), int(row[3]))
                 for row in await self._fetch(
                     "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = $1 AND"
                     " game = $2 AND user_id < 0 AND games > 0", guild_id, game.value)}
        lines = [dataclasses.replace(ComputerStanding(Level(row[0]), *row[1:]),
                                     rating=rated.get(rater_id(Level(row[0]))))
                 for row in rows if row[0] in {level.value for level in Level}]
        return sorted(lines, key=lambda line: list(Level).index(line.level), reverse=True)

    async def ratings(self, guild_id: int, game: GameKind) -> dict[int, Rating]:
        """The server's members' ratings in one kind of game."""
        rows = await self._fetch("SELECT user_id, mu, sigma, games FROM ratings WHERE"
                                 " guild_id = $1 AND game = $2 AND games > 0 AND user_id > 0",
                                 guild_id, game.value)
        return {int(row[0]): Rating(float(row[1]), float(row[2]), int(row[3])) for row in rows}

    async def rating_changes(self, table_id: int) -> dict[int, tuple[Rating, Rating]]:
        """Each member's rating before and after the game of ``table_id`` (none if unrated)."""
        rows = await self._fetch(
            "SELECT user_id, mu_before, sigma_before, mu_after, sigma_after, games"
            " FROM rating_history WHERE table_id = $1", table_id)
        return {int(row[0]): _change(row[1:]) for row in rows}

    async def rating_series(self, guild_id: int, game: GameKind,
                            user_id: int) -> list[Rating]:
        """The member's rating after each of their last :data:`CHART_GAMES` rated games in one
        kind of game, oldest first (index ``rating_history_member``)."""
        rows = await self._fetch(
            "SELECT mu_after, sigma_after, games FROM rating_history WHERE guild_id = $1 AND"
            " game = $2 AND user_id = $3 ORDER BY finished_order DESC LIMIT $4",
            guild_id, game.value, user_id, CHART_GAMES)
        return [Rating(float(row[0]), float(row[1]), int(row[2])) for row in reversed(rows)]

    async def history(self, guild_id: int, user_id: int, limit: int = 10,
                      before: int | None = None) -> list[PlayedGame]:
        """The member's finished games on the server, latest first: ``limit`` of them, ended
        before the game of order ``before`` if given (the primary key of ``game_players``
        serves it)."""
        rows = await self._fetch(
            "SELECT p.table_id, p.game, p.finished_at, p.side, p.won, p.totals,"
            " h.mu_before, h.sigma_before, h.mu_after, h.sigma_after, h.games"
            " FROM game_players AS p LEFT JOIN rating_history AS h"
            " ON h.table_id = p.table_id AND h.user_id = p.user_id"
            " WHERE p.guild_id = $1 AND p.user_id = $2 AND p.finished_order < $3"
            " ORDER BY p.finished_order DESC LIMIT $4",
            guild_id, user_id, before if before is not None else 2 ** 62, limit)
        tables = {table.id: table for table in await self._with_seats(await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE id IN ({placeholders(len(rows))})",
            *(row[0] for row in rows)))} if rows else {}
        return [PlayedGame(
            tables[row[0]], GameKind(row[1]), _moment(row[2]), row[3], bool(row[4]),
            tuple(json.loads(row[5])), None if row[6] is None else _change(row[6:]))
            for row in rows if row[0] in tables and row[1] in {k.value for k in GameKind}]

    async def finished_order(self, table_id: int) -> int | None:
        """Where the game of ``table_id`` is in the order games ended (``None``: not ended)."""
        row = await self._fetchrow("SELECT finished_order FROM tables WHERE id = $1"
                                   " AND status = 'finished'", table_id)
        return None if row is None or row[0] is None else int(row[0])

    async def rivalry(self, guild_id: int, user_id: int, other_id: int) -> Rivalry:
        """Two members' games against each other and together on the server: their rows of
        ``game_players``, each member's read in the primary key's order (which holds their
        sides and results too), joined on the game (:attr:`PAIR_JOIN`)."""
        row = await self._fetchrow(
            "SELECT COALESCE(SUM(CASE WHEN a.side <> b.side THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(CASE WHEN a.side <> b.side THEN a.won ELSE 0 END), 0),"
            " COALESCE(SUM(CASE WHEN a.side <> b.side THEN b.won ELSE 0 END), 0),"
            " COALESCE(SUM(CASE WHEN a.side = b.side THEN 1 ELSE 0 END), 0),"
            " COALESCE(SUM(CASE WHEN a.side = b.side THEN a.won ELSE 0 END), 0)"
            " FROM (SELECT finished_order, side, won FROM game_players WHERE guild_id = $1"
            f" AND user_id = $2) AS a {self.PAIR_JOIN} (SELECT finished_order, side, won"
            " FROM game_players WHERE guild_id = $1 AND user_id = $3) AS b"
            " ON b.finished_order = a.finished_order", guild_id, user_id, other_id)
        return Rivalry(*(int(value) for value in row))


def _standing(row: Sequence[Any]) -> Standing:
    """A member's line from a row of its eight counts then the rating's mu, sigma and games
    (``NULL`` before their first rated game)."""
    rating = None if row[8] is None else Rating(float(row[8]), float(row[9]), int(row[10]))
    return dataclasses.replace(Standing(*row[:8]), rating=rating)


def _change(row: Sequence[Any]) -> tuple[Rating, Rating]:
    """A rating's change from a row of mu and sigma before, after, then the games after."""
    return (Rating(float(row[0]), float(row[1]), int(row[4]) - 1),
            Rating(float(row[2]), float(row[3]), int(row[4])))


def _moment(value: datetime | str) -> datetime:
    """A stored time as an aware datetime: PostgreSQL gives one, SQLite ISO text in UTC."""
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
