"""What a game's end writes, in the transaction of its last action: the leaderboard's lines,
each member's game in their history, and (between members) their ratings; and the rebuild that
writes the history and ratings again from every stored game."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from ..rating import NEW, Change, Placing, Pool, Rating, rate, rate_levels
from ..records import ComputerResult, GameKind, Level, PlayerResult, TableRecord, rater_id
from .errors import ConflictError
from .sql import TABLE_COLUMNS, Sql, by_key, placeholders

RATING_MODEL = "rating_model"
"""The name under which ``bot_settings`` keeps the model the stored ratings were computed with."""


@dataclass(frozen=True, slots=True)
class Played:
    """One member's game, as their history keeps it."""

    table_id: int
    guild_id: int
    user_id: int
    game: GameKind
    side: int
    won: bool
    totals: tuple[int, ...]


def rated(members: Sequence[PlayerResult], computers: Sequence[ComputerResult]
          ) -> tuple[list[Placing], frozenset[int]] | None:
    """How a finished game is rated: every seat's placing and the computer players' levels at
    it (none in a game between members, whose ratings change; else only the levels' change,
    against the members); ``None`` for a game that rates nobody (no member, a side unknown,
    a single side)."""
    placings = [Placing(r.user_id, r.side, r.rank) for r in members if r.side is not None]
    placings += [Placing(rater_id(c.level), c.side, c.rank) for c in computers
                 if c.side is not None]
    if (not members or len(placings) != len(members) + len(computers)
            or len({p.side for p in placings}) < 2):
        return None
    return placings, frozenset(rater_id(c.level) for c in computers)


def played(table_id: int, guild_id: int, members: Iterable[PlayerResult],
           totals: Sequence[int]) -> list[Played]:
    """The history's rows of a finished game: one per member whose side is known."""
    return [Played(table_id, guild_id, r.user_id, r.game, r.side, r.won, tuple(totals))
            for r in members if r.side is not None]


class Endings(ABC):
    """The writes of a game's end, and the rebuild of ratings and history."""

    NOW: str
    """The SQL for the current time, as the backend stores it."""
    FOR_UPDATE: str
    """What locks a table's row until the transaction ends ('' where the transaction already
    holds the database's write lock)."""
    LOCK_RATINGS: str
    """What keeps every game from ending until the transaction ends ('' where the transaction
    already holds the database's write lock)."""
    NEXT_FINISHED: str
    """The SQL for the next number in the order games ended (unique across processes)."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Sql]: ...

    @staticmethod
    @abstractmethod
    async def _finish_match_game(db: Sql, table_id: int, totals: Sequence[int]) -> None: ...

    @abstractmethod
    async def _fetch(self, query: str, *args: Any) -> list[Any]: ...

    @abstractmethod
    async def _fetchrow(self, query: str, *args: Any) -> Any: ...

    @abstractmethod
    async def _with_seats(self, rows: Iterable[Any]) -> list[TableRecord]: ...

    async def _end_game(self, db: Sql, table: int, guild_id: int, members: list[PlayerResult],
                        computers: list[ComputerResult], totals: Sequence[int]) -> None:
        """Everything a finished game changes, once, inside its last action's transaction
        (the table's row already locked and marked finished). A game that rates (members' own,
        or its computer players' levels beside members: :func:`rated`) first locks the ratings
        it reads, and only then takes its number in the order games ended, so games with a
        player in common are numbered in the order their ratings changed: the order a rebuild
        replays them in."""
        found = rated(members, computers)
        before: dict[int, Rating] = {}
        if found is not None:
            placings, levels = found
            before = await self._lock_ratings(db, guild_id, members[0].game.value,
                                              sorted({p.user_id for p in placings}))
        await db.execute(f"UPDATE tables SET finished_order = {self.NEXT_FINISHED}"
                         " WHERE id = $1", table)
        await self._add_results(db, guild_id, members, computers)
        await self._write_played(db, played(table, guild_id, members, totals))
        await self._finish_match_game(db, table, totals)
        if found is None:
            return
        pool = (guild_id, members[0].game.value)
        if levels:
            after = rate_levels(before, placings, levels)
            await self._write_ratings(db, {(pool, level): after[level] for level in after}, [])
            return
        after = rate(before, placings)
        await self._write_ratings(db, {(pool, user): after[user] for user in after},
                                  [Change(table, pool, user, before[user], after[user])
                                   for user in sorted(after)])

    async def _add_results(self, db: Sql, guild_id: int, members: list[PlayerResult],
                           computers: list[ComputerResult]) -> None:
        """A finished game's lines on the leaderboard. Rows are changed in key order, so two
        games ending at once with the same players never wait on each other in a circle."""
        await db.executemany(
            "INSERT INTO player_stats (guild_id, game, user_id, games_played, games_won,"
            " marks_won, points_won, contracts_bid, contracts_made, hints_used)"
            " VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " games_played = player_stats.games_played + 1,"
            " games_won = player_stats.games_won + excluded.games_won,"
            " marks_won = player_stats.marks_won + excluded.marks_won,"
            " points_won = player_stats.points_won + excluded.points_won,"
            " contracts_bid = player_stats.contracts_bid + excluded.contracts_bid,"
            " contracts_made = player_stats.contracts_made + excluded.contracts_made,"
            " hints_used = player_stats.hints_used + excluded.hints_used",
            sorted(((guild_id, r.game.value, r.user_id, int(r.won), r.marks, r.points,
                     r.contracts_bid, r.contracts_made, r.hints) for r in members),
                   key=by_key(3)))
        await db.executemany(
            "INSERT INTO partner_stats (guild_id, user_id, partner_id, games, wins)"
            " VALUES ($1, $2, $3, 1, $4) ON CONFLICT (guild_id, user_id, partner_id) DO"
            " UPDATE SET games = partner_stats.games + 1,"
            " wins = partner_stats.wins + excluded.wins",
            sorted(((guild_id, r.user_id, partner, int(r.won)) for r in members
                    for partner in r.partners), key=by_key(3)))
        by_line: dict[tuple[GameKind, Level], list[ComputerResult]] = {}
        for seat in computers:
            by_line.setdefault((seat.game, seat.level), []).append(seat)
        for (game, level), seats in sorted(by_line.items(),
                                           key=lambda item: (item[0][0].value, item[0][1].value)):
            await db.execute(
                "INSERT INTO computer_stats (guild_id, game, level, seats_played, seats_won,"
                " marks_won, points_won, contracts_bid, contracts_made)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT (guild_id, game, level) DO UPDATE SET"
                " seats_played = computer_stats.seats_played + excluded.seats_played,"
                " seats_won = computer_stats.seats_won + excluded.seats_won,"
                " marks_won = computer_stats.marks_won + excluded.marks_won,"
                " points_won = computer_stats.points_won + excluded.points_won,"
                " contracts_bid = computer_stats.contracts_bid + excluded.contracts_bid,"
                " contracts_made = computer_stats.contracts_made + excluded.contracts_made",
                guild_id, game.value, level.value, len(seats), sum(r.won for r in seats),
                sum(r.marks for r in seats), sum(r.points for r in seats),
                sum(r.contracts_bid for r in seats), sum(r.contracts_made for r in seats))

    @staticmethod
    async def _write_played(db: Sql, rows: Iterable[Played]) -> None:
        """Members' games into their history, numbered as their tables ended, with the time of
        each game's last action."""
        await db.executemany(
            "INSERT INTO game_players (guild_id, user_id, finished_order, table_id, game, side,"
            " won, totals, finished_at) SELECT $1, $2, t.finished_order, t.id, $4, $5, $6, $7,"
            " (SELECT MAX(a.created_at) FROM actions AS a WHERE a.table_id = t.id)"
            " FROM tables AS t WHERE t.id = $3",
            sorted(((p.guild_id, p.user_id, p.table_id, p.game.value, p.side, int(p.won),
                     json.dumps(list(p.totals))) for p in rows), key=by_key(3)))

    async def _lock_ratings(self, db: Sql, guild_id: int, game: str,
                            ids: list[int]) -> dict[int, Rating]:
        """The ratings of ``ids`` (new ones made first, of no game yet, which the reads skip),
        read and locked until the transaction ends, in key order: two games ending at once
        with a player in common take turns, and neither change is lost."""
        await db.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games)"
            " VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (guild_id, game, user_id) DO NOTHING",
            [(guild_id, game, user_id, NEW.mu, NEW.sigma) for user_id in ids])
        rows = await db.fetch(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = $1 AND game = $2"
            f" AND user_id IN ({placeholders(len(ids), 3)}) ORDER BY user_id{self.FOR_UPDATE}",
            guild_id, game, *ids)
        return {int(row[0]): Rating(float(row[1]), float(row[2]), int(row[3])) for row in rows}

    @staticmethod
    async def _write_ratings(db: Sql, ratings: Mapping[tuple[Pool, int], Rating],
                             changes: Iterable[Change]) -> None:
        await db.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games)"
            " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, game, user_id) DO UPDATE"
            " SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            sorted(((guild_id, game, user_id, r.mu, r.sigma, r.games)
                    for ((guild_id, game), user_id), r in ratings.items()), key=by_key(3)))
        await db.executemany(
            "INSERT INTO rating_history (table_id, user_id, guild_id, game, finished_order,"
            " mu_before, sigma_before, mu_after, sigma_after, games)"
            " SELECT $1, $2, $3, $4, t.finished_order, $5, $6, $7, $8, $9"
            " FROM tables AS t WHERE t.id = $1",
            [(c.table_id, c.user_id, c.pool[0], c.pool[1], c.before.mu, c.before.sigma,
              c.after.mu, c.after.sigma, c.after.games) for c in changes])

    async def finished_tables(self) -> list[TableRecord]:
        """Every finished game, in the order they ended (what the ratings are rebuilt from)."""
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE status = 'finished'"
                                 " ORDER BY finished_order, id")
        return await self._with_seats(rows)

    async def rating_model(self) -> str | None:
        """The model the stored ratings were computed with (``None``: never rebuilt)."""
        row = await self._fetchrow("SELECT value FROM bot_settings WHERE name = $1",
                                   RATING_MODEL)
        return None if row is None else str(row[0])

    async def replace_history(self, ratings: Mapping[tuple[Pool, int], Rating],
                              changes: Iterable[Change], games: Iterable[Played],
                              finished: int, model: str) -> None:
        """Every rating, change and member's game as rebuilt from the first ``finished`` games
        (:meth:`finished_tables`) with ``model``, in place of those kept, with every game
        ending meanwhile waiting.

        Raises :class:`ConflictError` if more games have ended since: rebuild again."""
        async with self._transaction() as db:
            if self.LOCK_RATINGS:
                await db.execute(self.LOCK_RATINGS)
            row = await db.fetchrow("SELECT count(*) FROM tables WHERE status = 'finished'")
            if int(row[0]) != finished:
                raise ConflictError(f"{int(row[0]) - finished} more games ended meanwhile")
            for kept in ("rating_history", "ratings", "game_players"):
                await db.execute(f"DELETE FROM {kept}")
            await self._write_ratings(db, ratings, changes)
            await self._write_played(db, games)
            await db.execute("INSERT INTO bot_settings (name, value) VALUES ($1, $2)"
                             " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                             RATING_MODEL, model)
