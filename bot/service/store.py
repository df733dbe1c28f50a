"""The mechanics under every use case of the table service: one lock per table, the live games
cached in memory, loading a table (rebuilding its game from the stored actions with
``Game.replay``), and storing a change or telling the member to try again.

A table's game is fully determined by its seed, options, variant, rules version and stored
actions, so the cache is only a cache: a game left out of it, or behind another process's
writes, is loaded again from storage.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from engine import (
    DEFAULT_OPTIONS,
    SUPPORTED_RULES_VERSIONS,
    Game,
    Options,
    RuleError,
    Seat,
    UnsupportedRulesVersion,
    observe,
    summarize,
)

from ..records import Status, StoredAction, TableRecord, stored_game
from ..shards import ALL, Shards
from ..storage import ConflictError, Storage
from .refusals import CHANGED_MEANWHILE, Refusal, Unrestorable
from .values import LastMove, Panel, TableSnapshot

log = logging.getLogger(__name__)

CACHE_SIZE = 4096
"""Games kept in memory, most recently used kept longest. A game takes a few KiB (about 10 at
its end), and a process should hold every open table of its shards: one left out is loaded
again (a few queries and a replay) at each of its moves and redraws."""
MAX_TABLE_ID = 2**63 - 1
"""Table ids are SQLite integers: anything larger in a custom id is not one of ours."""


@dataclass(slots=True)
class Live:
    """A table as this process knows it: its record, and its game with the number of actions
    stored (``None`` before the start, or for a finished game that can't be rebuilt)."""

    table: TableRecord
    game: Game | None = None
    count: int = 0
    moved_at: float = field(default_factory=time.time)
    """When the game last moved (or this process loaded it): a move clock counts from here."""
    timed_out: Seat | None = None
    """The seat whose time ran out for the game's last move, a computer player making it."""


class TableStore:
    """Tables by id: locked, loaded, cached, stored; and who is told of a change."""

    def __init__(self, storage: Storage, *, new_seed: Callable[[], str] | None = None,
                 options: Options = DEFAULT_OPTIONS, shards: Shards = ALL) -> None:
        """``shards``: the Discord shards this process holds; only their servers' tables are
        resumed here (other processes resume theirs)."""
        self.storage = storage
        self.shards = shards
        self._new_seed = new_seed or (lambda: secrets.token_hex(8))
        self._options = options
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._live: OrderedDict[int, Live] = OrderedDict()
        self._watchers: list[Callable[[int], None]] = []
        self._reported: set[int] = set()
        """Tables already logged as impossible to resume (logged once each)."""
        self._opened: OrderedDict[int, Game] = OrderedDict()
        """Finished games opened lately, as replayed (:mod:`.history`)."""

    def watch(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(table_id)`` after each change that may give a computer player the
        turn: a start, an accepted action, a seat handed to a computer player."""
        self._watchers.append(callback)

    def unwatch(self, callback: Callable[[int], None]) -> None:
        if callback in self._watchers:
            self._watchers.remove(callback)

    def _changed(self, table_id: int) -> None:
        for callback in list(self._watchers):
            try:
                callback(table_id)
            except Exception:
                log.exception("a watcher of table %s failed", table_id)

    # ----- locked and loaded ------------------------------------------------------------------

    @asynccontextmanager
    async def _locked(self, table_id: int, *, current: bool = False) -> AsyncIterator[Live]:
        """The table under its lock, as cached (or loaded); with ``current``, as stored now,
        even if another process moved it since it was cached (what players are shown)."""
        async with self._locks[table_id]:
            yield await (self._load_current(table_id) if current else self._load(table_id))

    async def _load_current(self, table_id: int) -> Live:
        live = await self._load(table_id)
        if live.game is not None and await self._behind(live):
            live = await self._load(table_id)
        return live

    async def _behind(self, live: Live) -> bool:
        """Whether the stored game has moved past the cached one (another process acted); if
        so the cache is dropped, to be loaded again."""
        if await self.storage.action_count(live.table.id) == live.count:
            return False
        self._forget(live.table.id)
        return True

    async def _load(self, table_id: int) -> Live:
        live = self._live.get(table_id)
        if live is not None:
            self._live.move_to_end(table_id)
            return live
        if not 1 <= table_id <= MAX_TABLE_ID:
            raise Refusal("This table no longer exists.")
        table = await self.storage.table(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        stored = await self.storage.actions(table_id) if table.seed is not None else []
        live = self._rebuilt(table, stored)
        self._remember(live)
        return live

    def _rebuilt(self, table: TableRecord, stored: Sequence[StoredAction]) -> Live:
        """The table with its game replayed from its ``stored`` actions; raises
        :class:`Unrestorable` if an active game can't be (a finished or closed one is only
        read, for review and rematch, and is shown without its game)."""
        live = Live(table)
        if table.seed is not None:
            try:
                live.game, live.count = self._replayed(table, stored), len(stored)
            except Unrestorable:
                if table.status.is_active:
                    raise
        return live

    def _replayed(self, table: TableRecord, stored: Sequence[StoredAction]) -> Game:
        """The game of its ``stored`` actions, or :class:`Unrestorable` (logged once, with the
        table and the reason)."""
        try:
            return stored_game(table, stored)
        except UnsupportedRulesVersion as error:
            self._unrestorable(table, f"it was played under rules version {error.version} and"
                                      f" this engine replays versions "
                                      f"{sorted(SUPPORTED_RULES_VERSIONS)}")
            raise Unrestorable("This table's game was played under rules this version of the"
                               " bot does not have, so it can't go on; it is kept as it was."
                               " End it with /42 end and open a new one.", table=table) from None
        except (RuleError, ValueError) as error:
            self._unrestorable(table, f"its stored actions do not replay ({error})")
            raise Unrestorable("This table's game can't be restored; end it with /42 end and"
                               " open a new one.", table=table) from None

    def _unrestorable(self, table: TableRecord, why: str) -> None:
        if table.id not in self._reported:
            self._reported.add(table.id)
            log.error("table %s (server %s, channel %s) is not resumed: %s", table.id,
                      table.guild_id, table.channel_id, why)

    def _remember(self, live: Live) -> None:
        self._live[live.table.id] = live
        self._live.move_to_end(live.table.id)
        # Only the games are forgotten: a table's lock stays, so that nobody waiting on it
        # could ever end up holding a different lock than a newcomer.
        while len(self._live) > CACHE_SIZE:
            del self._live[next(iter(self._live))]

    def _forget(self, table_id: int) -> None:
        """Drop the cached table: the next use loads it as stored."""
        self._live.pop(table_id, None)

    async def _store(self, live: Live, write: Awaitable[None]) -> None:
        """Store a change of ``live``'s table; if another writer changed the table first, the
        cache is dropped and the member told to try again (nothing was done)."""
        try:
            await write
        except ConflictError:
            self._forget(live.table.id)
            raise Refusal(CHANGED_MEANWHILE) from None

    # ----- what the service answers with -----------------------------------------------------

    @staticmethod
    def _snapshot(live: Live) -> TableSnapshot:
        game = live.game
        if game is None:
            return TableSnapshot(live.table, None)
        return TableSnapshot(live.table, observe(game, None), live.count, summarize(game),
                             game.results, deadline=clock_deadline(live), timed_out=live.timed_out)

    @staticmethod
    def _panel(live: Live, seat: Seat) -> Panel:
        game = live.game
        assert game is not None
        last = game.last_of(seat)
        return Panel(live.table, seat, observe(game, seat), live.count,
                     LastMove(*last) if last is not None else None,
                     clock_deadline(live) if game.to_act == seat else None)


def clock_deadline(live: Live) -> float | None:
    """When the member to act runs out of time, at a table with a move clock (R-NO-CLOCK)."""
    table, game = live.table, live.game
    if table.clock is None or game is None or table.status is not Status.PLAYING:
        return None
    seat = game.to_act
    if seat is None or table.player(seat) is None or table.computer_plays(seat):
        return None
    return live.moved_at + table.clock.seconds
