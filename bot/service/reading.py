"""Reading tables and what the server keeps about its members: what a channel shows, a seat's
panel, the last hand, the leaderboard and a member's settings; and where a table's messages
are, once they are posted."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import replace

from engine import HandSummary, summarize

from ..records import (
    ComputerStanding,
    GameKind,
    PanelHandle,
    Ranking,
    Standing,
    TableRecord,
)
from .refusals import Refusal, Unrestorable, seat_of
from .store import TableStore
from .values import Panel, TableSnapshot

PRELOAD_YIELD = 10
"""Games rebuilt between two yields to the event loop while a restart loads them all."""


class Reading(TableStore):
    async def table_in_channel(self, channel_id: int, *, latest: bool = False) -> TableRecord:
        """The channel's active table (or, with ``latest``, its most recent one)."""
        if latest:
            table = await self.storage.latest_table(channel_id)
        else:
            table = await self.storage.active_table(channel_id)
        if table is None:
            raise Refusal("There is no table in this channel: open one with /42 new.")
        return table

    async def snapshot(self, table_id: int) -> TableSnapshot:
        async with self._locked(table_id, current=True) as live:
            return self._snapshot(live)

    async def moved_on(self, snapshot: TableSnapshot) -> bool:
        """Whether the table's game has accepted more actions than ``snapshot`` shows, in any
        process: a drawing of it may have reached Discord after a newer one. A snapshot
        without a game (a lobby, or a table shown without the game it can't rebuild) never
        moves on."""
        if snapshot.observation is None:
            return False
        return await self.moved_past(snapshot.table.id, snapshot.count)

    async def moved_past(self, table_id: int, count: int) -> bool:
        """Whether the table's game has accepted other than ``count`` actions, in any process
        (one read, without the table's lock)."""
        return await self.storage.action_count(table_id) != count

    async def panel(self, table_id: int, user_id: int) -> Panel:
        """``user_id``'s own panel (the My hand button and /42 hand)."""
        async with self._locked(table_id, current=True) as live:
            seat = seat_of(live.table, user_id)
            if live.game is None:
                raise Refusal("The game has not started yet.")
            return self._panel(live, seat)

    async def last_hand(self, table_id: int) -> HandSummary:
        """The last finished hand, for review (R-REVIEW)."""
        async with self._locked(table_id) as live:
            summary = summarize(live.game) if live.game is not None else None
            if summary is None:
                raise Refusal("No hand has finished yet at this table.")
            return summary

    async def active_tables(self) -> list[TableRecord]:
        """The open tables of the servers on this process's shards."""
        return await self.storage.active_tables(self.shards)

    async def preload(self, tables: Sequence[TableRecord]) -> None:
        """Rebuild the games of these tables (as :meth:`active_tables` read them) from a few
        queries, so that after a restart their computer players and messages find them in
        memory rather than asking the database table by table. A table loaded meanwhile is
        kept as it is; one that can't be restored is left for its first use to say why."""
        fresh = [table for table in tables if table.id not in self._live]
        stored = await self.storage.actions_of([t.id for t in fresh if t.seed is not None])
        for n, table in enumerate(fresh):
            if n % PRELOAD_YIELD == PRELOAD_YIELD - 1:
                await asyncio.sleep(0)  # interactions are answered meanwhile
            async with self._locks[table.id]:
                if table.id in self._live:
                    continue
                with contextlib.suppress(Unrestorable):
                    self._remember(self._rebuilt(table, stored.get(table.id, [])))

    async def set_message(self, table_id: int, message_id: int | None) -> TableRecord:
        """Record where the table message now is (after posting or reposting it)."""
        async with self._locked(table_id) as live:
            await self.storage.set_message(table_id, message_id)
            live.table = replace(live.table, message_id=message_id)
            return live.table

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Where the table's "your turn" ping now is, so it can be removed later."""
        async with self._locked(table_id) as live:
            await self.storage.set_ping(table_id, message_id)
            live.table = replace(live.table, ping_message_id=message_id)

    async def leaderboard(self, guild_id: int, limit: int = 20,
                          game: GameKind = GameKind.MARKS,
                          by: Ranking = Ranking.RATING) -> list[Standing]:
        return await self.storage.leaderboard(guild_id, limit, game, by)

    async def computer_standings(self, guild_id: int,
                                 game: GameKind = GameKind.MARKS) -> list[ComputerStanding]:
        """The server's computer players, a line per level, every seat they held at it
        counted together."""
        return await self.storage.computer_standings(guild_id, game)

    async def pings_on(self, guild_id: int, user_id: int) -> bool:
        return await self.storage.pings_on(guild_id, user_id)

    async def set_pings(self, guild_id: int, user_id: int, on: bool) -> None:
        """Whether the member is told by a ping when it is their turn (stored)."""
        await self.storage.set_pings(guild_id, user_id, on)

    async def keep_panel(self, handle: PanelHandle) -> None:
        """Where a member's open panel is and what may edit it, kept with the table so that a
        restart finds it (only its latest token matters: any one edits it)."""
        await self.storage.keep_panel(handle)

    async def drop_panel(self, handle: PanelHandle) -> None:
        await self.storage.drop_panel(handle)

    async def open_panels(self, table_ids: Sequence[int]) -> list[PanelHandle]:
        """The open panels at these tables that Discord still lets the bot edit."""
        return await self.storage.open_panels(table_ids)
