"""The storage contract and its SQL, written once for both backends.

The bot keeps tables, seats, accepted actions, votes, members' settings and the leaderboard;
:class:`Storage` is everything the service may ask of them. Every SQL statement of the bot is
here, in PostgreSQL's dialect (``$1`` parameters): one backend runs them on an SQLite file, the
other on a PostgreSQL server (:func:`bot.storage.open_storage` picks). The backends differ only in
how they connect, how a transaction starts and locks, and how they migrate their schema.

A table is stored as its game's seed and its accepted actions in order; the live game is rebuilt
from them by the engine (``Game.replay``), so nothing derived is ever stored twice. Every write
is one transaction, committed before the caller answers the player, and a game's end updates
the leaderboard and the members' ratings in the same transaction as its last action. Each
write to a table first locks the table's row, so writers of one table, in this process or
another, take turns.
"""

from __future__ import annotations

import dataclasses
import time
from abc import abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Self

from engine import DEFAULT_OPTIONS, Options, Seat
from engine.seats import ALL_SEATS
from engine.variants import FORTY_TWO, Variant, variant_named

from ..records import (
    Clock,
    ComputerResult,
    Level,
    PanelHandle,
    Player,
    PlayerKind,
    PlayerResult,
    Status,
    StoredAction,
    TableRecord,
)
from ..shards import ALL, Shards
from .endings import Endings
from .errors import ConflictError, StorageError
from .sql import BATCH, TABLE_COLUMNS, Sql, batches, options_from_json, options_json, placeholders
from .standings import Standings
from .tournaments import Tournaments

SCHEMA_VERSION = 10
"""The schema both backends migrate to; a migration added to one is added to the other."""

NEXT_ACTION = "SELECT COALESCE(MAX(n) + 1, 0) FROM actions WHERE table_id = $1"
FINISHED_SO_FAR = (
    "SELECT t.id, row_number() OVER (ORDER BY (SELECT MAX(a.created_at) FROM actions AS a"
    " WHERE a.table_id = t.id), t.id) AS n FROM tables AS t WHERE t.status = 'finished'")
"""The games that ended before their order was kept (schema 8), numbered by their last action."""


class Storage(Standings, Tournaments, Endings):
    """The bot's storage: each method is one transaction (or one consistent read)."""

    @property
    @abstractmethod
    def where(self) -> str:
        """The database, as the logs name it (never with a password)."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`."""

    async def _prepare(self) -> None:
        await self.migrate()

    async def _ready(self) -> Self:
        """Prepared (migrated) and ready for use; closed again if that fails."""
        try:
            await self._prepare()
        except BaseException:
            await self.close()
            raise
        return self

    def _refuse_newer(self, current: int) -> None:
        if current > SCHEMA_VERSION:
            raise StorageError(f"{self.where} has schema version {current}, newer than this "
                               f"bot's {SCHEMA_VERSION}: upgrade the bot.")

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Sql]:
        """BEGIN … COMMIT, or ROLLBACK on any error; constraint errors become
        :class:`ConflictError`."""

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Sql]:
        """A connection for reads outside a transaction."""

    async def _fetch(self, query: str, *args: Any) -> list[Any]:
        async with self._reading() as db:
            return await db.fetch(query, *args)

    async def _fetchrow(self, query: str, *args: Any) -> Any:
        async with self._reading() as db:
            return await db.fetchrow(query, *args)

    # ----- tables -------------------------------------------------------------------------------

    async def create_table(self, guild_id: int, channel_id: int, creator_id: int,
                           locale: str | None, seats: Sequence[Player | None],
                           seed: str | None = None, options: Options = DEFAULT_OPTIONS,
                           rules_version: int | None = None,
                           variant: Variant = FORTY_TWO, level: Level = Level.STRONG,
                           hints: bool = True, clock: Clock | None = None) -> TableRecord:
        """A new table of ``variant``'s game; with a seed its game starts at once (a rematch),
        else it is a lobby.

        Raises :class:`ConflictError` if the channel already has an active table."""
        async with self._transaction() as db:
            table_id = await self._insert_table(
                db, guild_id, channel_id, creator_id, locale, seats, seed, options,
                rules_version, variant, level, hints, clock)
        table = await self.table(table_id)
        assert table is not None
        return table

    @staticmethod
    async def _insert_table(db: Sql, guild_id: int, channel_id: int, creator_id: int,
                            locale: str | None, seats: Sequence[Player | None],
                            seed: str | None, options: Options, rules_version: int | None,
                            variant: Variant, level: Level, hints: bool,
                            clock: Clock | None) -> int:
        """:meth:`create_table`'s rows, in the caller's transaction; the new table's id."""
        status = Status.LOBBY if seed is None else Status.PLAYING
        row = await db.fetchrow(
            "INSERT INTO tables (guild_id, channel_id, creator_id, locale, seed, options,"
            " rules_version, status, variant, level, hints, clock)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
            guild_id, channel_id, creator_id, locale, seed, options_json(options),
            rules_version, status.value, variant.name, level.value, int(hints),
            clock.value if clock is not None else None)
        table_id = int(row[0])
        await db.executemany(
            "INSERT INTO seats (table_id, seat, kind, user_id, name)"
            " VALUES ($1, $2, $3, $4, $5)",
            [(table_id, int(seat), p.kind.value, p.user_id, p.name)
             for seat, p in zip(variant.seating.seats, seats, strict=True)
             if p is not None])
        return table_id

    async def table(self, table_id: int) -> TableRecord | None:
        row = await self._fetchrow(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1",
                                   table_id)
        return (await self._with_seats([row]))[0] if row is not None else None

    async def active_table(self, channel_id: int) -> TableRecord | None:
        """The channel's table in its lobby or in play, if any."""
        row = await self._fetchrow(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = $1"
            " AND status IN ('lobby', 'playing')", channel_id)
        return (await self._with_seats([row]))[0] if row is not None else None

    async def latest_table(self, channel_id: int) -> TableRecord | None:
        """The channel's most recent table, active or not (for commands such as review)."""
        row = await self._fetchrow(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = $1"
            " ORDER BY id DESC LIMIT 1", channel_id)
        return (await self._with_seats([row]))[0] if row is not None else None

    async def active_tables(self, shards: Shards = ALL) -> list[TableRecord]:
        """Every table in its lobby or in play in the servers on ``shards``, oldest first (to
        refresh them after a restart)."""
        where, args = "", []
        if not shards.whole:
            marks = ", ".join(f"${i}" for i in range(2, len(shards.ids) + 2))
            where, args = f" AND (guild_id >> 22) % $1 IN ({marks})", [shards.count, *shards.ids]
        rows = await self._fetch(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN ('lobby', 'playing'){where}"
            " ORDER BY id", *args)
        return await self._with_seats(rows)

    async def delete_table(self, table_id: int) -> None:
        """Forget a table that never got its message posted."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM tables WHERE id = $1", table_id)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute(f"UPDATE tables SET message_id = $1, updated_at = {self.NOW}"
                             " WHERE id = $2", message_id, table_id)

    async def set_seat(self, table_id: int, seat: Seat, player: Player | None) -> None:
        """Sit ``player`` at ``seat`` (leaving any other seat of theirs), or empty the seat.

        Raises :class:`ConflictError` unless the table is in its lobby and the seat is free."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            if player is None:
                await db.execute("DELETE FROM seats WHERE table_id = $1 AND seat = $2",
                                 table_id, int(seat))
            else:
                if player.user_id is not None:
                    await db.execute("DELETE FROM seats WHERE table_id = $1 AND user_id = $2",
                                     table_id, player.user_id)
                await db.execute(
                    "INSERT INTO seats (table_id, seat, kind, user_id, name)"
                    " VALUES ($1, $2, $3, $4, $5)",
                    table_id, int(seat), player.kind.value, player.user_id, player.name)
            await self._touch(db, table_id)

    async def start_game(self, table_id: int, seed: str, options: Options,
                         rules_version: int) -> None:
        """The lobby becomes a game: its seed fixes every deal to come."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            await db.execute(
                "UPDATE tables SET seed = $1, options = $2, rules_version = $3,"
                f" status = 'playing', updated_at = {self.NOW} WHERE id = $4",
                seed, options_json(options), rules_version, table_id)

    async def set_options(self, table_id: int, options: Options) -> None:
        """The house rules the lobby's game will be played with.

        Raises :class:`ConflictError` unless the table is in its lobby."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            await db.execute(f"UPDATE tables SET options = $1, updated_at = {self.NOW}"
                             " WHERE id = $2", options_json(options), table_id)

    async def set_computers(self, table_id: int, level: Level, hints: bool) -> None:
        """How strong the table's computer players are, and whether hints are offered.

        Raises :class:`ConflictError` unless the table is in its lobby."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.LOBBY)
            await db.execute(f"UPDATE tables SET level = $1, hints = $2, updated_at = {self.NOW}"
                             " WHERE id = $3", level.value, int(hints), table_id)

    async def count_hint(self, table_id: int, user_id: int, n: int) -> None:
        """The member asked for a hint at the game's action ``n`` (counted once per turn).

        Raises :class:`ConflictError` unless the game is on."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.PLAYING)
            await db.execute("INSERT INTO hints_asked (table_id, user_id, n) VALUES ($1, $2, $3)"
                             " ON CONFLICT DO NOTHING", table_id, user_id, n)

    async def close_table(self, table_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(f"UPDATE tables SET status = 'closed', updated_at = {self.NOW}"
                             " WHERE id = $1 AND status IN ('lobby', 'playing')", table_id)

    # ----- actions ------------------------------------------------------------------------------

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's accepted actions, in the order they were accepted."""
        rows = await self._fetch(
            "SELECT n, hand_number, seat, action FROM actions WHERE table_id = $1 ORDER BY n",
            table_id)
        return [StoredAction(row[0], row[1], ALL_SEATS[row[2]], row[3]) for row in rows]

    async def action_count(self, table_id: int) -> int:
        """How many actions the table has accepted: whether a game held in memory is behind."""
        row = await self._fetchrow(NEXT_ACTION, table_id)
        return int(row[0])

    async def actions_of(self, table_ids: Sequence[int]) -> dict[int, list[StoredAction]]:
        """The accepted actions of many tables, in order, in one query per :data:`BATCH`
        tables (a restart rebuilds every open game at once); a table without any has none."""
        found: dict[int, list[StoredAction]] = {table_id: [] for table_id in table_ids}
        for ids, marks in batches(table_ids):
            for table_id, n, hand_number, seat, text in await self._fetch(
                    "SELECT table_id, n, hand_number, seat, action FROM actions"
                    f" WHERE table_id IN ({marks}) ORDER BY table_id, n", *ids):
                found[table_id].append(StoredAction(n, hand_number, ALL_SEATS[seat], text))
        return found

    async def action_counts(self, table_ids: Sequence[int]) -> dict[int, int]:
        """:meth:`action_count` of many tables, in one query per :data:`BATCH` tables."""
        counts = dict.fromkeys(table_ids, 0)
        for ids, marks in batches(table_ids):
            for table_id, count in await self._fetch(
                    "SELECT table_id, MAX(n) + 1 FROM actions"
                    f" WHERE table_id IN ({marks}) GROUP BY table_id", *ids):
                counts[table_id] = int(count)
        return counts

    async def append_action(self, table_id: int, action: StoredAction, *,
                            finished: Iterable[PlayerResult] | None = None,
                            computers: Iterable[ComputerResult] = (),
                            totals: Sequence[int] = ()) -> None:
        """Commit one accepted action, numbered right after the table's last one. When it ends
        the game, ``finished`` holds each member's part, ``computers`` each computer
        player's seat and ``totals`` each side's final total: the leaderboard and the members'
        histories take them in the same transaction that marks the game finished, and a game
        between members (no computer player's own seat) changes their ratings in it too, once.

        Raises :class:`ConflictError` if action ``n`` is not the next one (another writer got
        there first) or the game is not on."""
        async with self._transaction() as db:
            guild_id = await self._require_status(db, table_id, Status.PLAYING)
            row = await db.fetchrow(NEXT_ACTION, table_id)
            if int(row[0]) != action.n:
                raise ConflictError(f"table {table_id} is at action {row[0]}, not {action.n}")
            await db.execute(
                "INSERT INTO actions (table_id, n, hand_number, seat, action)"
                " VALUES ($1, $2, $3, $4, $5)",
                table_id, action.n, action.hand_number, int(action.seat), action.text)
            if finished is None:
                await self._touch(db, table_id)
                return
            await db.execute(f"UPDATE tables SET status = 'finished', updated_at = {self.NOW}"
                             " WHERE id = $1", table_id)
            asked = {row[0]: int(row[1]) for row in await db.fetch(
                "SELECT user_id, count(*) FROM hints_asked WHERE table_id = $1 GROUP BY user_id",
                table_id)}
            members = [dataclasses.replace(r, hints=asked.get(r.user_id, 0)) for r in finished]
            await self._end_game(db, table_id, guild_id, members, list(computers), totals)

    # ----- members away -------------------------------------------------------------------------

    async def add_away_vote(self, table_id: int, seat: Seat, voter_id: int, *,
                            hand_over: bool) -> None:
        """Record that ``voter_id`` agrees to let a computer player play ``seat``; with
        ``hand_over`` (the last vote needed) the seat is handed over and its votes cleared.

        Raises :class:`ConflictError` unless the game is on."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.PLAYING)
            if hand_over:
                await db.execute("UPDATE seats SET stand_in = 1 WHERE table_id = $1"
                                 " AND seat = $2", table_id, int(seat))
                await self._clear_votes(db, table_id, seat)
            else:
                await db.execute("INSERT INTO away_votes (table_id, seat, voter_id)"
                                 " VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                                 table_id, int(seat), voter_id)
            await self._touch(db, table_id)

    async def take_back(self, table_id: int, seat: Seat) -> None:
        """The member of ``seat`` plays it again: no stand-in, no votes about it.

        Raises :class:`ConflictError` unless the game is on."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.PLAYING)
            await db.execute("UPDATE seats SET stand_in = 0 WHERE table_id = $1 AND seat = $2",
                             table_id, int(seat))
            await self._clear_votes(db, table_id, seat)
            await self._touch(db, table_id)

    async def add_rematch_vote(self, table_id: int, voter_id: int) -> None:
        """``voter_id`` wants a rematch of this finished game.

        Raises :class:`ConflictError` unless the game is over."""
        async with self._transaction() as db:
            await self._require_status(db, table_id, Status.FINISHED)
            await db.execute("INSERT INTO rematch_votes (table_id, voter_id) VALUES ($1, $2)"
                             " ON CONFLICT DO NOTHING", table_id, voter_id)

    # ----- turn pings and members' settings ----------------------------------------------------

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Where the table's "your turn" ping is (``None``: there is none)."""
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET ping_message_id = $1 WHERE id = $2",
                             message_id, table_id)

    async def pings_on(self, guild_id: int, user_id: int) -> bool:
        """Whether the member is pinged when it is their turn (yes, unless they said no)."""
        row = await self._fetchrow("SELECT pings FROM member_settings WHERE guild_id = $1 AND"
                                   " user_id = $2", guild_id, user_id)
        return row is None or bool(row[0])

    async def set_pings(self, guild_id: int, user_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await db.execute("INSERT INTO member_settings (guild_id, user_id, pings)"
                             " VALUES ($1, $2, $3) ON CONFLICT (guild_id, user_id) DO UPDATE"
                             " SET pings = excluded.pings", guild_id, user_id, int(on))

    # ----- open panels ---------------------------------------------------------------------------

    async def keep_panel(self, handle: PanelHandle) -> None:
        """The member's open panel at the table is now ``handle``'s (one per member and
        table)."""
        async with self._transaction() as db:
            await db.execute("INSERT INTO open_panels (table_id, user_id, message_id, token,"
                             " locale, expires) VALUES ($1, $2, $3, $4, $5, $6)"
                             " ON CONFLICT (table_id, user_id) DO UPDATE SET message_id ="
                             " excluded.message_id, token = excluded.token, locale ="
                             " excluded.locale, expires = excluded.expires", handle.table_id,
                             handle.user_id, handle.message_id, handle.token, handle.locale,
                             handle.expires)

    async def drop_panel(self, handle: PanelHandle) -> None:
        """``handle``'s panel no longer follows the game (expired, replaced or gone)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM open_panels WHERE table_id = $1 AND user_id = $2 AND"
                             " message_id = $3", handle.table_id, handle.user_id,
                             handle.message_id)

    async def open_panels(self, table_ids: Sequence[int]) -> list[PanelHandle]:
        """The panels at these tables that can still be edited (read at a start, when those
        past their time are cleared: not at every press, which stores a panel)."""
        now = int(time.time())
        async with self._transaction() as db:
            await db.execute("DELETE FROM open_panels WHERE expires <= $1", now)
        found: list[PanelHandle] = []
        for batch, marks in batches(table_ids):
            rows = await self._fetch(
                "SELECT table_id, user_id, message_id, token, locale, expires FROM open_panels"
                f" WHERE expires > ${len(batch) + 1} AND table_id IN ({marks})"
                " ORDER BY table_id, user_id", *batch, now)
            found += [PanelHandle(*row) for row in rows]
        return found

    # ----- Discord's global budget ---------------------------------------------------------------

    async def spend_budget(self, slot: int, cap: int) -> bool:
        """Take one request of ``slot`` (a stretch of time, :mod:`bot.budget`) for every
        process on the bot's token, unless ``cap`` are taken already; whether it was taken."""
        async with self._transaction() as db:
            rows = await db.fetch("INSERT INTO budget (slot, used) VALUES ($1, 1)"
                                  " ON CONFLICT (slot) DO UPDATE SET used = budget.used + 1"
                                  " WHERE budget.used < $2 RETURNING used", slot, cap)
        return bool(rows)

    async def forget_budget(self, before: int) -> None:
        """The slots before ``before`` are over: their counts go."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM budget WHERE slot < $1", before)

    # ----- helpers ------------------------------------------------------------------------------

    async def _require_status(self, db: Sql, table_id: int, status: Status) -> int:
        """The table's guild id, once it is known to be in ``status``; its row stays locked
        until the transaction ends."""
        row = await db.fetchrow(f"SELECT status, guild_id FROM tables WHERE id = $1"
                                f"{self.FOR_UPDATE}", table_id)
        if row is None or row[0] != status.value:
            found = row[0] if row is not None else "missing"
            raise ConflictError(f"table {table_id} is {found}, not {status.value}")
        return int(row[1])

    async def _touch(self, db: Sql, table_id: int) -> None:
        await db.execute(f"UPDATE tables SET updated_at = {self.NOW} WHERE id = $1", table_id)

    @staticmethod
    async def _clear_votes(db: Sql, table_id: int, seat: Seat) -> None:
        await db.execute("DELETE FROM away_votes WHERE table_id = $1 AND seat = $2",
                         table_id, int(seat))

    async def _with_seats(self, rows: Iterable[Any]) -> list[TableRecord]:
        rows = list(rows)
        found: list[TableRecord] = []
        for start in range(0, len(rows), BATCH):
            found += await self._batch_with_seats(rows[start:start + BATCH])
        return found

    async def _batch_with_seats(self, rows: list[Any]) -> list[TableRecord]:
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        variants = {row["id"]: variant_named(row["variant"]) for row in rows}
        seats: dict[int, list[Player | None]] = {
            table_id: [None] * variants[table_id].seating.count for table_id in ids}
        stand_ins: dict[int, set[Seat]] = {table_id: set() for table_id in ids}
        votes: dict[int, list[tuple[Seat, int]]] = {table_id: [] for table_id in ids}
        rematch: dict[int, set[int]] = {table_id: set() for table_id in ids}
        marks = placeholders(len(ids))
        async with self._reading() as db:
            for table_id, seat, kind, user_id, stand_in, name in await db.fetch(
                    "SELECT table_id, seat, kind, user_id, stand_in, name FROM seats"
                    f" WHERE table_id IN ({marks})", *ids):
                seats[table_id][seat] = Player(PlayerKind(kind), user_id, name)
                if stand_in:
                    stand_ins[table_id].add(ALL_SEATS[seat])
            for table_id, seat, voter_id in await db.fetch(
                    "SELECT table_id, seat, voter_id FROM away_votes"
                    f" WHERE table_id IN ({marks}) ORDER BY seat, voter_id", *ids):
                votes[table_id].append((ALL_SEATS[seat], voter_id))
            for table_id, voter_id in await db.fetch(
                    f"SELECT table_id, voter_id FROM rematch_votes WHERE table_id IN ({marks})",
                    *ids):
                rematch[table_id].add(voter_id)
        return [TableRecord(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            message_id=row["message_id"], creator_id=row["creator_id"], locale=row["locale"],
            status=Status(row["status"]), seats=tuple(seats[row["id"]]), seed=row["seed"],
            options=options_from_json(row["options"]), rules_version=row["rules_version"],
            stand_ins=frozenset(stand_ins[row["id"]]), away_votes=tuple(votes[row["id"]]),
            ping_message_id=row["ping_message_id"], rematch_votes=frozenset(rematch[row["id"]]),
            variant=variants[row["id"]], level=Level(row["level"]), hints=bool(row["hints"]),
            clock=Clock(row["clock"]) if row["clock"] is not None else None,
            title=row["title"],
        ) for row in rows]

