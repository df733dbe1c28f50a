"""The SQLite backend: one file, one connection, the default for a bot in a handful of servers.

The schema is versioned with ``PRAGMA user_version`` and migrated at start-up, one migration per
transaction, so a file written by any earlier version is upgraded in place. Writes take the
file's write lock at once (``BEGIN IMMEDIATE``) and are durable when COMMIT returns.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

import aiosqlite

from .base import FINISHED_SO_FAR, SCHEMA_VERSION, Storage
from .errors import ConflictError, StorageError

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: tables, their seats and accepted actions; the leaderboard
        """CREATE TABLE tables (
            id            INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id      INTEGER NOT NULL,
            channel_id    INTEGER NOT NULL,
            message_id    INTEGER,
            creator_id    INTEGER NOT NULL,
            locale        TEXT,
            seed          TEXT,
            options       TEXT NOT NULL DEFAULT '{}',
            rules_version INTEGER,
            status        TEXT NOT NULL
                          CHECK (status IN ('lobby', 'playing', 'finished', 'closed')),
            created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        )""",
        # One active table per channel, enforced by the database itself.
        """CREATE UNIQUE INDEX tables_active_channel ON tables (channel_id)
            WHERE status IN ('lobby', 'playing')""",
        """CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            kind     TEXT NOT NULL DEFAULT 'member',
            user_id  INTEGER,
            PRIMARY KEY (table_id, seat)
        ) WITHOUT ROWID""",
        """CREATE UNIQUE INDEX seats_one_per_member ON seats (table_id, user_id)
            WHERE user_id IS NOT NULL""",
        """CREATE TABLE actions (
            table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n           INTEGER NOT NULL,
            hand_number INTEGER NOT NULL,
            seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            action      TEXT NOT NULL,
            created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            PRIMARY KEY (table_id, n)
        ) WITHOUT ROWID""",
        """CREATE TABLE player_stats (
            guild_id       INTEGER NOT NULL,
            user_id        INTEGER NOT NULL,
            games_played   INTEGER NOT NULL DEFAULT 0,
            games_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, user_id)
        ) WITHOUT ROWID""",
    ),
    (  # 2: computer players: seats they play for an away member, the votes that hand a seat
       # over, and their own line on each server's leaderboard
        """ALTER TABLE seats ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0
            CHECK (stand_in IN (0, 1))""",
        """CREATE TABLE away_votes (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            voter_id INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat, voter_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE computer_stats (
            guild_id       INTEGER PRIMARY KEY,
            seats_played   INTEGER NOT NULL DEFAULT 0,
            seats_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0
        )""",
    ),
    (  # 3: 250-point games (H-POINTS) on a leaderboard of their own: every line of the
       # leaderboard belongs to a kind of game; the lines so far are of marks games
        """CREATE TABLE player_stats_3 (
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL DEFAULT 'marks' CHECK (game IN ('marks', 'points')),
            user_id        INTEGER NOT NULL,
            games_played   INTEGER NOT NULL DEFAULT 0,
            games_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            points_won     INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID""",
        """INSERT INTO player_stats_3 (guild_id, game, user_id, games_played, games_won,
            marks_won, contracts_bid, contracts_made)
            SELECT guild_id, 'marks', user_id, games_played, games_won, marks_won,
            contracts_bid, contracts_made FROM player_stats""",
        "DROP TABLE player_stats",
        "ALTER TABLE player_stats_3 RENAME TO player_stats",
        """CREATE TABLE computer_stats_3 (
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL DEFAULT 'marks' CHECK (game IN ('marks', 'points')),
            seats_played   INTEGER NOT NULL DEFAULT 0,
            seats_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            points_won     INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game)
        ) WITHOUT ROWID""",
        """INSERT INTO computer_stats_3 (guild_id, game, seats_played, seats_won, marks_won,
            contracts_bid, contracts_made)
            SELECT guild_id, 'marks', seats_played, seats_won, marks_won, contracts_bid,
            contracts_made FROM computer_stats""",
        "DROP TABLE computer_stats",
        "ALTER TABLE computer_stats_3 RENAME TO computer_stats",
    ),
    (  # 4: tables of 3 to 8 seats and games of the whole family (the table's variant, a
       # leaderboard per kind of game); the members' names for the table picture; where the
       # "your turn" ping is, so it can be removed after a restart; each member's settings
        "ALTER TABLE tables ADD COLUMN variant TEXT NOT NULL DEFAULT '42'",
        "ALTER TABLE tables ADD COLUMN ping_message_id INTEGER",
        """CREATE TABLE seats_4 (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
            kind     TEXT NOT NULL DEFAULT 'member',
            user_id  INTEGER,
            stand_in INTEGER NOT NULL DEFAULT 0 CHECK (stand_in IN (0, 1)),
            name     TEXT,
            PRIMARY KEY (table_id, seat)
        ) WITHOUT ROWID""",
        """INSERT INTO seats_4 (table_id, seat, kind, user_id, stand_in)
            SELECT table_id, seat, kind, user_id, stand_in FROM seats""",
        "DROP TABLE seats",
        "ALTER TABLE seats_4 RENAME TO seats",
        """CREATE UNIQUE INDEX seats_one_per_member ON seats (table_id, user_id)
            WHERE user_id IS NOT NULL""",
        """CREATE TABLE actions_4 (
            table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n           INTEGER NOT NULL,
            hand_number INTEGER NOT NULL,
            seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
            action      TEXT NOT NULL,
            created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            PRIMARY KEY (table_id, n)
        ) WITHOUT ROWID""",
        "INSERT INTO actions_4 SELECT table_id, n, hand_number, seat, action, created_at"
        " FROM actions",
        "DROP TABLE actions",
        "ALTER TABLE actions_4 RENAME TO actions",
        """CREATE TABLE away_votes_4 (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
            voter_id INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat, voter_id)
        ) WITHOUT ROWID""",
        "INSERT INTO away_votes_4 SELECT table_id, seat, voter_id FROM away_votes",
        "DROP TABLE away_votes",
        "ALTER TABLE away_votes_4 RENAME TO away_votes",
        """CREATE TABLE player_stats_4 (
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL DEFAULT 'marks',
            user_id        INTEGER NOT NULL,
            games_played   INTEGER NOT NULL DEFAULT 0,
            games_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            points_won     INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID""",
        "INSERT INTO player_stats_4 SELECT guild_id, game, user_id, games_played, games_won,"
        " marks_won, points_won, contracts_bid, contracts_made FROM player_stats",
        "DROP TABLE player_stats",
        "ALTER TABLE player_stats_4 RENAME TO player_stats",
        """CREATE TABLE computer_stats_4 (
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL DEFAULT 'marks',
            seats_played   INTEGER NOT NULL DEFAULT 0,
            seats_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            points_won     INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game)
        ) WITHOUT ROWID""",
        "INSERT INTO computer_stats_4 SELECT guild_id, game, seats_played, seats_won,"
        " marks_won, points_won, contracts_bid, contracts_made FROM computer_stats",
        "DROP TABLE computer_stats",
        "ALTER TABLE computer_stats_4 RENAME TO computer_stats",
        """CREATE TABLE rematch_votes (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            voter_id INTEGER NOT NULL,
            PRIMARY KEY (table_id, voter_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE partner_stats (
            guild_id   INTEGER NOT NULL,
            user_id    INTEGER NOT NULL,
            partner_id INTEGER NOT NULL,
            games      INTEGER NOT NULL DEFAULT 0,
            wins       INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, user_id, partner_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE member_settings (
            guild_id INTEGER NOT NULL,
            user_id  INTEGER NOT NULL,
            pings    INTEGER NOT NULL DEFAULT 1 CHECK (pings IN (0, 1)),
            PRIMARY KEY (guild_id, user_id)
        ) WITHOUT ROWID""",
    ),
    (  # 5: computer players' levels, hints
        "ALTER TABLE tables ADD COLUMN level TEXT NOT NULL DEFAULT 'strong'"
        " CHECK (level IN ('casual', 'strong'))",
        "ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 1 CHECK (hints IN (0, 1))",
        """CREATE TABLE hints_asked (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            user_id  INTEGER NOT NULL,
            n        INTEGER NOT NULL,
            PRIMARY KEY (table_id, user_id, n)
        ) WITHOUT ROWID""",
        "ALTER TABLE player_stats ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE computer_stats_5 (
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL DEFAULT 'marks',
            level          TEXT NOT NULL DEFAULT 'strong',
            seats_played   INTEGER NOT NULL DEFAULT 0,
            seats_won      INTEGER NOT NULL DEFAULT 0,
            marks_won      INTEGER NOT NULL DEFAULT 0,
            points_won     INTEGER NOT NULL DEFAULT 0,
            contracts_bid  INTEGER NOT NULL DEFAULT 0,
            contracts_made INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game, level)
        ) WITHOUT ROWID""",
        "INSERT INTO computer_stats_5 SELECT guild_id, game, 'strong', seats_played, seats_won,"
        " marks_won, points_won, contracts_bid, contracts_made FROM computer_stats",
        "DROP TABLE computer_stats",
        "ALTER TABLE computer_stats_5 RENAME TO computer_stats",
    ),
    (),  # 6: nothing here: PostgreSQL's budget table (one process holds an SQLite file)
    (  # 7: open panels, so they follow the game again after a restart; move clocks
        "ALTER TABLE tables ADD COLUMN clock TEXT CHECK (clock IN ('relaxed', 'brisk'))",
        """CREATE TABLE open_panels (
            table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            user_id    INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            token      TEXT NOT NULL,
            locale     TEXT,
            expires    INTEGER NOT NULL,
            PRIMARY KEY (table_id, user_id)
        ) WITHOUT ROWID""",
    ),
    (  # 8: members' ratings, per server and kind of game, and each game's change to them; the
       # order games ended in, which the ratings are rebuilt in (games ended so far: by their
       # last action)
        "ALTER TABLE tables ADD COLUMN finished_order INTEGER",
        f"UPDATE tables SET finished_order = o.n FROM ({FINISHED_SO_FAR}) AS o"
        " WHERE tables.id = o.id",
        "CREATE INDEX tables_finished ON tables (finished_order) WHERE status = 'finished'",
        """CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game     TEXT NOT NULL,
            user_id  INTEGER NOT NULL,
            mu       REAL NOT NULL,
            sigma    REAL NOT NULL,
            games    INTEGER NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE rating_history (
            table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            user_id      INTEGER NOT NULL,
            mu_before    REAL NOT NULL,
            sigma_before REAL NOT NULL,
            mu_after     REAL NOT NULL,
            sigma_after  REAL NOT NULL,
            games        INTEGER NOT NULL,
            PRIMARY KEY (table_id, user_id)
        ) WITHOUT ROWID""",
    ),
    (  # 9: each member's finished games, for their history; each rating change filed by
       # member and kind of game, for their chart; the model the ratings were computed with
       # (none yet: the ratings and the history are rebuilt from the stored games at start).
       # game_players is stored in its key's order (WITHOUT ROWID): a member's games, sides
       # and results are read together, as PostgreSQL reads them from its key
        """CREATE TABLE game_players (
            guild_id       INTEGER NOT NULL,
            user_id        INTEGER NOT NULL,
            finished_order INTEGER NOT NULL,
            table_id       INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            game           TEXT NOT NULL,
            side           INTEGER NOT NULL,
            won            INTEGER NOT NULL CHECK (won IN (0, 1)),
            totals         TEXT NOT NULL,
            finished_at    TEXT NOT NULL,
            PRIMARY KEY (guild_id, user_id, finished_order)
        ) WITHOUT ROWID""",
        "CREATE INDEX game_players_table ON game_players (table_id)",
        "DROP TABLE rating_history",
        """CREATE TABLE rating_history (
            table_id       INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            user_id        INTEGER NOT NULL,
            guild_id       INTEGER NOT NULL,
            game           TEXT NOT NULL,
            finished_order INTEGER NOT NULL,
            mu_before      REAL NOT NULL,
            sigma_before   REAL NOT NULL,
            mu_after       REAL NOT NULL,
            sigma_after    REAL NOT NULL,
            games          INTEGER NOT NULL,
            PRIMARY KEY (table_id, user_id)
        ) WITHOUT ROWID""",
        """CREATE INDEX rating_history_member
            ON rating_history (guild_id, game, user_id, finished_order)""",
        "DELETE FROM ratings",
        """CREATE TABLE bot_settings (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID""",
    ),
    (  # 10: tournaments (docs/TOURNAMENTS.md): each one's settings, its sign-ups and
       # check-ins, its teams once drawn, the teams withdrawn, the results recorded in order
       # (the draw is replayed from them), its match tables with each game's final marks
       # (written with the game's last action), each match's thread, and the organiser's
       # decisions; a match table's title; the role a server names for its organisers
        "ALTER TABLE tables ADD COLUMN title TEXT",
        """CREATE TABLE guild_settings (
            guild_id       INTEGER PRIMARY KEY,
            organiser_role INTEGER
        ) WITHOUT ROWID""",
        """CREATE TABLE tournaments (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id     INTEGER NOT NULL,
            channel_id   INTEGER NOT NULL,
            organiser_id INTEGER NOT NULL,
            locale       TEXT,
            name         TEXT NOT NULL,
            format       TEXT NOT NULL,
            pairs        INTEGER NOT NULL CHECK (pairs IN (0, 1)),
            games_to_win INTEGER NOT NULL CHECK (games_to_win IN (1, 2)),
            options      TEXT NOT NULL DEFAULT '{}',
            clock        TEXT,
            grace        INTEGER NOT NULL,
            starts_at    INTEGER,
            seed         INTEGER,
            status       TEXT NOT NULL
                         CHECK (status IN ('signup', 'running', 'paused', 'finished', 'ended')),
            checkin      INTEGER NOT NULL DEFAULT 0 CHECK (checkin IN (0, 1)),
            message_id   INTEGER,
            event_id     INTEGER,
            created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            updated_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        )""",
        """CREATE UNIQUE INDEX tournaments_active_channel ON tournaments (channel_id)
            WHERE status IN ('signup', 'running', 'paused')""",
        """CREATE TABLE tournament_entries (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            user_id       INTEGER NOT NULL,
            name          TEXT,
            partner_id    INTEGER,
            n             INTEGER NOT NULL,
            checked_in    INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
            PRIMARY KEY (tournament_id, user_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE tournament_teams (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            team          INTEGER NOT NULL,
            place         INTEGER NOT NULL,
            user_id       INTEGER NOT NULL,
            PRIMARY KEY (tournament_id, team, place)
        ) WITHOUT ROWID""",
        """CREATE TABLE tournament_withdrawals (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            team          INTEGER NOT NULL,
            PRIMARY KEY (tournament_id, team)
        ) WITHOUT ROWID""",
        """CREATE TABLE tournament_results (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            n             INTEGER NOT NULL,
            stage         TEXT NOT NULL,
            round         INTEGER NOT NULL,
            slot          INTEGER NOT NULL,
            first         INTEGER NOT NULL,
            second        INTEGER,
            winner        INTEGER NOT NULL,
            games         TEXT NOT NULL,
            forfeit       INTEGER NOT NULL CHECK (forfeit IN (0, 1)),
            PRIMARY KEY (tournament_id, n),
            UNIQUE (tournament_id, stage, round, slot)
        ) WITHOUT ROWID""",
        """CREATE TABLE tournament_matches (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            stage         TEXT NOT NULL,
            round         INTEGER NOT NULL,
            slot          INTEGER NOT NULL,
            thread_id     INTEGER,
            claimed_at    REAL NOT NULL,
            PRIMARY KEY (tournament_id, stage, round, slot)
        ) WITHOUT ROWID""",
        """CREATE TABLE tournament_tables (
            table_id      INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            stage         TEXT NOT NULL,
            round         INTEGER NOT NULL,
            slot          INTEGER NOT NULL,
            game          INTEGER NOT NULL,
            totals        TEXT,
            UNIQUE (tournament_id, stage, round, slot, game)
        )""",
        """CREATE TABLE tournament_log (
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            n             INTEGER NOT NULL,
            user_id       INTEGER NOT NULL,
            what          TEXT NOT NULL,
            detail        TEXT NOT NULL,
            at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            PRIMARY KEY (tournament_id, n)
        ) WITHOUT ROWID""",
    ),
)
assert len(MIGRATIONS) == SCHEMA_VERSION, "each schema version has its SQLite migration"


class SqliteStorage(Storage):
    """One SQLite connection; each method runs alone, one transaction at a time."""

    NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
    FOR_UPDATE = ""
    LOCK_RATINGS = ""
    NEXT_FINISHED = "(SELECT COALESCE(MAX(finished_order), 0) + 1 FROM tables)"
    PAIR_JOIN = "JOIN"

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self._sql = _Connection(connection)
        self.path = path
        # One connection serves every caller: a transaction must not interleave with another
        # caller's statements, so each method runs alone.
        self._lock = asyncio.Lock()
        self._budget: dict[int, int] = {}
        """Requests taken in each slot of the bot's budget (:meth:`spend_budget`)."""

    @property
    def where(self) -> str:
        return str(self.path)

    async def spend_budget(self, slot: int, cap: int) -> bool:
        """One process holds an SQLite file (several share PostgreSQL): its budget is counted
        in memory, rather than with a write to disk before every request."""
        used = self._budget.get(slot, 0)
        if used >= cap:
            return False
        self._budget[slot] = used + 1
        return True

    async def forget_budget(self, before: int) -> None:
        for slot in [slot for slot in self._budget if slot < before]:
            del self._budget[slot]

    @classmethod
    async def open_file(cls, path: Path | str) -> SqliteStorage:
        """Open (creating it and its folder if needed) and migrate the database at ``path``."""
        path = Path(path)
        if str(path) != ":memory:":
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(f"cannot create the database folder {path.parent}: "
                                   f"{error.strerror or error}.") from None
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {path}: {error}.") from None
        connection.row_factory = aiosqlite.Row
        return await cls(connection, path)._ready()

    async def close(self) -> None:
        await self._db.close()

    async def _prepare(self) -> None:
        try:
            await self._db.execute("PRAGMA journal_mode = WAL")
            # Durable as soon as COMMIT returns, even if the process is killed right after.
            await self._db.execute("PRAGMA synchronous = FULL")
            await self._db.execute("PRAGMA foreign_keys = ON")
            await self._db.execute("PRAGMA busy_timeout = 5000")
            await self.migrate()
        except sqlite3.OperationalError as error:
            raise StorageError(f"cannot open the database {self.path}: {error} (the bot's user "
                               f"must be able to write to it and to its folder).") from None
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{self.path} is not a usable SQLite database: {error}.") from None

    async def schema_version(self) -> int:
        row = await self._fetchrow("PRAGMA user_version")
        return int(row[0]) if row is not None else 0

    async def migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, one migration per transaction."""
        current = await self.schema_version()
        self._refuse_newer(current)
        for version in range(current + 1, SCHEMA_VERSION + 1):
            async with self._transaction() as db:
                for statement in MIGRATIONS[version - 1]:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {version}")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Connection]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error; one caller at a time."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._sql
            except sqlite3.IntegrityError as error:
                await self._db.execute("ROLLBACK")
                raise ConflictError(str(error)) from None
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[_Connection]:
        async with self._lock:
            yield self._sql


class _Connection:
    """asyncpg's way of running statements (``$1`` parameters), on an aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, query: str, /, *args: Any) -> None:
        await self._db.execute(_numbered(query), args)

    async def executemany(self, query: str, args: Iterable[Sequence[Any]], /) -> None:
        await self._db.executemany(_numbered(query), args)

    async def fetch(self, query: str, /, *args: Any) -> list[Any]:
        async with self._db.execute(_numbered(query), args) as cursor:
            return list(await cursor.fetchall())

    async def fetchrow(self, query: str, /, *args: Any) -> Any:
        rows = await self.fetch(query, *args)
        return rows[0] if rows else None


_PARAMETER = re.compile(r"\$(\d+)")


@lru_cache(maxsize=512)
def _numbered(query: str) -> str:
    """``$1`` → ``?1``: SQLite's numbered parameters, which also bind the n-th argument.

    >>> _numbered("UPDATE t SET a = $1 WHERE id = $2")
    'UPDATE t SET a = ?1 WHERE id = ?2'
    """
    return _PARAMETER.sub(r"?\1", query)
