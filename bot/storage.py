"""All of the bot's SQL: tables, seats, accepted actions and the leaderboard, in one SQLite file.

Seats also record which members a computer player stands in for, and the votes that hand a seat
over; the leaderboard has one line per member and one for the server's computer players, for
each kind of game (to 7 marks, or to 250 points).

A table is stored as its game's seed and its accepted actions in order; the live game is rebuilt
from them by the engine (``Game.replay``), so nothing derived is ever stored twice. The schema is
versioned with ``PRAGMA user_version`` and migrated at start-up. Every write is one transaction,
committed before the caller answers the player, and a game's end updates the leaderboard in the
same transaction as its last action.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from enum import Enum
from pathlib import Path
from typing import Any

import aiosqlite

from engine import DEFAULT_OPTIONS, Options, Seat
from engine.options import NelloDoubles
from engine.seats import ALL_SEATS
from engine.variants import FORTY_TWO, Variant, variant_named

from .records import (
    ComputerResult,
    ComputerStanding,
    GameKind,
    Partner,
    Player,
    PlayerKind,
    PlayerResult,
    Standing,
    Status,
    StoredAction,
    TableRecord,
)

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
)
SCHEMA_VERSION = len(MIGRATIONS)

_TABLE_COLUMNS = ("id, guild_id, channel_id, message_id, creator_id, locale, seed, options, "
                  "rules_version, status, ping_message_id, variant")


class StorageError(Exception):
    """The database cannot be used (for example, it was written by a newer version)."""


class ConflictError(StorageError):
    """A write broke a constraint: an active table already in the channel, a seat taken, or an
    action number already used (someone else's action got there first)."""


class Storage:
    """One SQLite connection; each method is one transaction, run one at a time."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        # One connection serves every caller: a transaction must not interleave with another
        # caller's statements, so each method runs alone.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
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
        storage = cls(connection, path)
        try:
            await storage._prepare()
        except BaseException:
            await connection.close()
            raise
        return storage

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
        row = await self._fetchone("PRAGMA user_version")
        return int(row[0]) if row is not None else 0

    async def migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, one migration per transaction."""
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise StorageError(f"{self.path} has schema version {current}, newer than this "
                               f"bot's {SCHEMA_VERSION}: upgrade the bot.")
        for version in range(current + 1, SCHEMA_VERSION + 1):
            async with self._transaction() as db:
                for statement in MIGRATIONS[version - 1]:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {version}")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error; one caller at a time."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._lock, self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    # ----- tables -------------------------------------------------------------------------------

    async def create_table(self, guild_id: int, channel_id: int, creator_id: int,
                           locale: str | None, seats: Sequence[Player | None],
                           seed: str | None = None, options: Options = DEFAULT_OPTIONS,
                           rules_version: int | None = None,
                           variant: Variant = FORTY_TWO) -> TableRecord:
        """A new table of ``variant``'s game; with a seed its game starts at once (a rematch),
        else it is a lobby.

        Raises :class:`ConflictError` if the channel already has an active table."""
        status = Status.LOBBY if seed is None else Status.PLAYING
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO tables (guild_id, channel_id, creator_id, locale, seed, options,"
                    " rules_version, status, variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, creator_id, locale, seed, _options_json(options),
                     rules_version, status.value, variant.name))
                table_id = cursor.lastrowid
                assert table_id is not None
                await db.executemany(
                    "INSERT INTO seats (table_id, seat, kind, user_id, name)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(table_id, seat, p.kind.value, p.user_id, p.name)
                     for seat, p in zip(variant.seating.seats, seats, strict=True)
                     if p is not None])
        except sqlite3.IntegrityError as error:
            raise ConflictError(str(error)) from None
        table = await self.table(table_id)
        assert table is not None
        return table

    async def table(self, table_id: int) -> TableRecord | None:
        row = await self._fetchone(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?",
                                   (table_id,))
        if row is None:
            return None
        return (await self._with_seats([row]))[0]

    async def active_table(self, channel_id: int) -> TableRecord | None:
        """The channel's table in its lobby or in play, if any."""
        row = await self._fetchone(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ?"
            " AND status IN ('lobby', 'playing')", (channel_id,))
        return (await self._with_seats([row]))[0] if row is not None else None

    async def latest_table(self, channel_id: int) -> TableRecord | None:
        """The channel's most recent table, active or not (for commands such as review)."""
        row = await self._fetchone(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ?"
            " ORDER BY id DESC LIMIT 1", (channel_id,))
        return (await self._with_seats([row]))[0] if row is not None else None

    async def active_tables(self) -> list[TableRecord]:
        """Every table in its lobby or in play, oldest first (to refresh them after a restart)."""
        rows = await self._fetchall(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ('lobby', 'playing')"
            " ORDER BY id")
        return await self._with_seats(rows)

    async def delete_table(self, table_id: int) -> None:
        """Forget a table that never got its message posted."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET message_id = ?, updated_at = " + _NOW
                             + " WHERE id = ?", (message_id, table_id))

    async def set_seat(self, table_id: int, seat: Seat, player: Player | None) -> None:
        """Sit ``player`` at ``seat`` (leaving any other seat of theirs), or empty the seat.

        Raises :class:`ConflictError` unless the table is in its lobby and the seat is free."""
        try:
            async with self._transaction() as db:
                await self._require_status(db, table_id, Status.LOBBY)
                if player is None:
                    await db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?",
                                     (table_id, seat))
                else:
                    if player.user_id is not None:
                        await db.execute("DELETE FROM seats WHERE table_id = ? AND user_id = ?",
                                         (table_id, player.user_id))
                    await db.execute(
                        "INSERT INTO seats (table_id, seat, kind, user_id, name)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (table_id, seat, player.kind.value, player.user_id, player.name))
                await db.execute("UPDATE tables SET updated_at = " + _NOW + " WHERE id = ?",
                                 (table_id,))
        except sqlite3.IntegrityError as error:
            raise ConflictError(str(error)) from None

    async def start_game(self, table_id: int, seed: str, options: Options,
                         rules_version: int) -> None:
        """The lobby becomes a game: its seed fixes every deal to come."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            await db.execute(
                "UPDATE tables SET seed = ?, options = ?, rules_version = ?, status = 'playing',"
                " updated_at = " + _NOW + " WHERE id = ?",
                (seed, _options_json(options), rules_version, table_id))

    async def set_options(self, table_id: int, options: Options) -> None:
        """The house rules the lobby's game will be played with.

        Raises :class:`ConflictError` unless the table is in its lobby."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            await db.execute("UPDATE tables SET options = ?, updated_at = " + _NOW
                             + " WHERE id = ?", (_options_json(options), table_id))

    async def close_table(self, table_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET status = 'closed', updated_at = " + _NOW
                             + " WHERE id = ? AND status IN ('lobby', 'playing')", (table_id,))

    # ----- actions ------------------------------------------------------------------------------

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's accepted actions, in the order they were accepted."""
        rows = await self._fetchall(
            "SELECT n, hand_number, seat, action FROM actions WHERE table_id = ? ORDER BY n",
            (table_id,))
        return [StoredAction(row[0], row[1], ALL_SEATS[row[2]], row[3]) for row in rows]

    async def append_action(self, table_id: int, action: StoredAction, *,
                            finished: Iterable[PlayerResult] | None = None,
                            computers: Iterable[ComputerResult] = ()) -> None:
        """Commit one accepted action. When it ends the game, ``finished`` holds each member's
        part and ``computers`` each computer player's seat, added to the leaderboard in the same
        transaction that marks the game finished.

        Raises :class:`ConflictError` if action ``n`` already exists or the game is not on."""
        try:
            async with self._transaction() as db:
                guild_id = await self._require_status(db, table_id, Status.PLAYING)
                await db.execute(
                    "INSERT INTO actions (table_id, n, hand_number, seat, action)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (table_id, action.n, action.hand_number, action.seat, action.text))
                if finished is None:
                    await db.execute("UPDATE tables SET updated_at = " + _NOW
                                     + " WHERE id = ?", (table_id,))
                    return
                await db.execute("UPDATE tables SET status = 'finished', updated_at = " + _NOW
                                 + " WHERE id = ?", (table_id,))
                await db.executemany(
                    "INSERT INTO player_stats (guild_id, game, user_id, games_played, games_won,"
                    " marks_won, points_won, contracts_bid, contracts_made)"
                    " VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                    " games_played = games_played + 1,"
                    " games_won = games_won + excluded.games_won,"
                    " marks_won = marks_won + excluded.marks_won,"
                    " points_won = points_won + excluded.points_won,"
                    " contracts_bid = contracts_bid + excluded.contracts_bid,"
                    " contracts_made = contracts_made + excluded.contracts_made",
                    [(guild_id, r.game.value, r.user_id, int(r.won), r.marks, r.points,
                      r.contracts_bid, r.contracts_made) for r in finished])
                await db.executemany(
                    "INSERT INTO partner_stats (guild_id, user_id, partner_id, games, wins)"
                    " VALUES (?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id, partner_id) DO"
                    " UPDATE SET games = games + 1, wins = wins + excluded.wins",
                    [(guild_id, r.user_id, partner, int(r.won)) for r in finished
                     for partner in r.partners])
                by_game: dict[GameKind, list[ComputerResult]] = {}
                for seat in computers:
                    by_game.setdefault(seat.game, []).append(seat)
                for game, seats in by_game.items():
                    await db.execute(
                        "INSERT INTO computer_stats (guild_id, game, seats_played, seats_won,"
                        " marks_won, points_won, contracts_bid, contracts_made)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                        " ON CONFLICT (guild_id, game) DO UPDATE SET"
                        " seats_played = seats_played + excluded.seats_played,"
                        " seats_won = seats_won + excluded.seats_won,"
                        " marks_won = marks_won + excluded.marks_won,"
                        " points_won = points_won + excluded.points_won,"
                        " contracts_bid = contracts_bid + excluded.contracts_bid,"
                        " contracts_made = contracts_made + excluded.contracts_made",
                        (guild_id, game.value, len(seats), sum(r.won for r in seats),
                         sum(r.marks for r in seats), sum(r.points for r in seats),
                         sum(r.contracts_bid for r in seats),
                         sum(r.contracts_made for r in seats)))
        except sqlite3.IntegrityError as error:
            raise ConflictError(str(error)) from None

    # ----- members away -------------------------------------------------------------------------

    async def add_away_vote(self, table_id: int, seat: Seat, voter_id: int, *,
                            hand_over: bool) -> None:
        """Record that ``voter_id`` agrees to let a computer player play ``seat``; with
        ``hand_over`` (the last vote needed) the seat is handed over and its votes cleared.

        Raises :class:`ConflictError` unless the game is on."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.PLAYING)
            if hand_over:
                await db.execute("UPDATE seats SET stand_in = 1 WHERE table_id = ? AND seat = ?",
                                 (table_id, seat))
                await db.execute("DELETE FROM away_votes WHERE table_id = ? AND seat = ?",
                                 (table_id, seat))
            else:
                await db.execute("INSERT OR IGNORE INTO away_votes (table_id, seat, voter_id)"
                                 " VALUES (?, ?, ?)", (table_id, seat, voter_id))
            await db.execute("UPDATE tables SET updated_at = " + _NOW + " WHERE id = ?",
                             (table_id,))

    async def take_back(self, table_id: int, seat: Seat) -> None:
        """The member of ``seat`` plays it again: no stand-in, no votes about it.

        Raises :class:`ConflictError` unless the game is on."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.PLAYING)
            await db.execute("UPDATE seats SET stand_in = 0 WHERE table_id = ? AND seat = ?",
                             (table_id, seat))
            await db.execute("DELETE FROM away_votes WHERE table_id = ? AND seat = ?",
                             (table_id, seat))
            await db.execute("UPDATE tables SET updated_at = " + _NOW + " WHERE id = ?",
                             (table_id,))

    async def add_rematch_vote(self, table_id: int, voter_id: int) -> None:
        """``voter_id`` wants a rematch of this finished game.

        Raises :class:`ConflictError` unless the game is over."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.FINISHED)
            await db.execute("INSERT OR IGNORE INTO rematch_votes (table_id, voter_id)"
                             " VALUES (?, ?)", (table_id, voter_id))

    # ----- turn pings and members' settings ----------------------------------------------------

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Where the table's "your turn" ping is (``None``: there is none)."""
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET ping_message_id = ? WHERE id = ?",
                             (message_id, table_id))

    async def pings_on(self, guild_id: int, user_id: int) -> bool:
        """Whether the member is pinged when it is their turn (yes, unless they said no)."""
        row = await self._fetchone("SELECT pings FROM member_settings WHERE guild_id = ? AND"
                                   " user_id = ?", (guild_id, user_id))
        return row is None or bool(row[0])

    async def set_pings(self, guild_id: int, user_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT INTO member_settings (guild_id, user_id, pings)"
                             " VALUES (?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                             " pings = excluded.pings", (guild_id, user_id, int(on)))

    # ----- leaderboard --------------------------------------------------------------------------

    async def leaderboard(self, guild_id: int, limit: int = 20,
                          game: GameKind = GameKind.MARKS) -> list[Standing]:
        """The server's members in one kind of game: by marks won (games scored in points: by
        games won, then points), then games won."""
        order = ("games_won DESC, points_won DESC" if game.in_points
                 else "marks_won DESC, games_won DESC")
        rows = await self._fetchall(
            "SELECT user_id, marks_won, games_played, games_won, contracts_bid, contracts_made,"
            " points_won FROM player_stats WHERE guild_id = ? AND game = ?"
            f" ORDER BY {order}, games_played ASC, user_id LIMIT ?",
            (guild_id, game.value, limit))
        return [Standing(*row) for row in rows]

    async def member_standings(self, guild_id: int, user_id: int) -> dict[GameKind, Standing]:
        """A member's line in each kind of game they have finished."""
        rows = await self._fetchall(
            "SELECT game, user_id, marks_won, games_played, games_won, contracts_bid,"
            " contracts_made, points_won FROM player_stats WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id))
        return {GameKind(row[0]): Standing(*row[1:]) for row in rows
                if row[0] in {kind.value for kind in GameKind}}

    async def favourite_partner(self, guild_id: int, user_id: int) -> Partner | None:
        """Whom the member played beside in the most games (then the most wins)."""
        row = await self._fetchone(
            "SELECT partner_id, games, wins FROM partner_stats WHERE guild_id = ? AND"
            " user_id = ? ORDER BY games DESC, wins DESC, partner_id LIMIT 1",
            (guild_id, user_id))
        return Partner(*row) if row is not None else None

    async def computer_standing(self, guild_id: int,
                                game: GameKind = GameKind.MARKS) -> ComputerStanding | None:
        """The server's computer players, all seats together; ``None`` before their first."""
        row = await self._fetchone(
            "SELECT seats_played, seats_won, marks_won, contracts_bid, contracts_made,"
            " points_won FROM computer_stats WHERE guild_id = ? AND game = ?",
            (guild_id, game.value))
        return ComputerStanding(*row) if row is not None else None

    # ----- helpers ------------------------------------------------------------------------------

    async def _require_status(self, db: aiosqlite.Connection, table_id: int,
                              status: Status) -> int:
        """The table's guild id, once it is known to be in ``status``."""
        async with db.execute("SELECT status, guild_id FROM tables WHERE id = ?",
                              (table_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None or row[0] != status.value:
            found = row[0] if row is not None else "missing"
            raise ConflictError(f"table {table_id} is {found}, not {status.value}")
        return int(row[1])

    async def _with_seats(self, rows: Iterable[Any]) -> list[TableRecord]:
        rows = list(rows)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        variants = {row["id"]: variant_named(row["variant"]) for row in rows}
        seats: dict[int, list[Player | None]] = {
            table_id: [None] * variants[table_id].seating.count for table_id in ids}
        stand_ins: dict[int, set[Seat]] = {table_id: set() for table_id in ids}
        votes: dict[int, list[tuple[Seat, int]]] = {table_id: [] for table_id in ids}
        marks = ",".join("?" * len(ids))
        for table_id, seat, kind, user_id, stand_in, name in await self._fetchall(
                "SELECT table_id, seat, kind, user_id, stand_in, name FROM seats"
                f" WHERE table_id IN ({marks})", ids):
            seats[table_id][seat] = Player(PlayerKind(kind), user_id, name)
            if stand_in:
                stand_ins[table_id].add(ALL_SEATS[seat])
        for table_id, seat, voter_id in await self._fetchall(
                "SELECT table_id, seat, voter_id FROM away_votes"
                f" WHERE table_id IN ({marks}) ORDER BY seat, voter_id", ids):
            votes[table_id].append((ALL_SEATS[seat], voter_id))
        rematch: dict[int, set[int]] = {table_id: set() for table_id in ids}
        for table_id, voter_id in await self._fetchall(
                f"SELECT table_id, voter_id FROM rematch_votes WHERE table_id IN ({marks})", ids):
            rematch[table_id].add(voter_id)
        return [TableRecord(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            message_id=row["message_id"], creator_id=row["creator_id"], locale=row["locale"],
            status=Status(row["status"]), seats=tuple(seats[row["id"]]), seed=row["seed"],
            options=_options_from_json(row["options"]), rules_version=row["rules_version"],
            stand_ins=frozenset(stand_ins[row["id"]]), away_votes=tuple(votes[row["id"]]),
            ping_message_id=row["ping_message_id"], rematch_votes=frozenset(rematch[row["id"]]),
            variant=variants[row["id"]],
        ) for row in rows]


_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


def _options_json(options: Options) -> str:
    """Only the options that differ from the defaults, so new options need no migration."""
    changed = {}
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        if value != getattr(DEFAULT_OPTIONS, field.name):
            changed[field.name] = value.value if isinstance(value, Enum) else value
    return json.dumps(changed, sort_keys=True)


def _options_from_json(text: str) -> Options:
    values = json.loads(text or "{}")
    if "nello_doubles" in values:
        values["nello_doubles"] = NelloDoubles(values["nello_doubles"])
    return Options(**values)
