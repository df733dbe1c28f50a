"""A tournament refereed through the table service alone, as the Discord layer does it (claim
each match, start its thread, open each game's table) with every game played by the rules of
thumb: for the service's tests, and for a process killed in the middle of it."""

from __future__ import annotations

import itertools
import time

from bot.records import Status
from bot.service import Progress, TableService
from bot.service.matches import STALE_CLAIM
from bot.storage import Storage
from bot.tournament.records import TournamentStatus, key_of
from tests.bot.played import play_out

THREADS = itertools.count(10_000)


async def open_due(service: TableService, progress: Progress, *,
                   taking_over: bool = False) -> list[int]:
    """Open every due game's table: claim, thread, table. ``taking_over``: as a process that
    starts after another stopped, once its claims are stale."""
    opened = []
    for due in progress.due:
        thread = due.thread_id
        key = key_of(due.match)
        if thread is None:
            now = time.time() + (STALE_CLAIM + 1 if taking_over else 0)
            assert await service.storage.claim_match(progress.tournament.id, key, now,
                                                     STALE_CLAIM)
            thread = next(THREADS)
            await service.set_match_thread(progress.tournament.id, key, thread)
        snapshot = await service.open_match_game(progress.tournament, due, thread)
        assert snapshot is not None
        opened.append(snapshot.table.id)
    return opened


async def run_to_the_end(service: TableService, storage: Storage, tournament_id: int, *,
                         taking_over: bool = False) -> int:
    """Play every match table as it opens, until the tournament is over; the tables played."""
    played = 0
    progress = await service.advance(tournament_id)
    while progress.tournament.status is TournamentStatus.RUNNING:
        await open_due(service, progress, taking_over=taking_over)
        tables = await in_play(storage, tournament_id)
        assert tables, "a running tournament always has a game to play"
        for table_id in tables:
            await play_out(storage, table_id, seed=f"t{table_id}")
            played += 1
        progress = await service.advance(tournament_id)
    return played


async def in_play(storage: Storage, tournament_id: int) -> list[int]:
    """The tournament's tables whose game is on."""
    found = []
    for match_table in await storage.match_tables(tournament_id):
        table = await storage.table(match_table.table_id)
        if table is not None and table.status is Status.PLAYING:
            found.append(table.id)
    return found
