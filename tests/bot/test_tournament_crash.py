"""kill -9 in the middle of a tournament, on both backends: the process that referees it is
killed right after a game's last action, a match's result, a match's claim (its thread never
started) or a table's creation (its message never posted). Another process then takes it over
and plays it to its end: nothing is lost and nothing happens twice (one result a match, one
table a game, each result the one its games give)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import TableService
from bot.storage import open_storage
from bot.tournament import league
from bot.tournament.records import TournamentStatus, key_of
from bot.tournament.types import Game
from tests.bot.refereed import run_to_the_end
from tests.bot.test_tournaments import ORGANISER, opened
from tools import hermetic


async def killed(database: Path | str, tournament_id: int, step: str, tmp_path: Path) -> None:
    marker = tmp_path / f"marker-{step}"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.tournament_child", str(database), str(tournament_id),
         str(marker), step], env=hermetic.environment(), cwd=Path(__file__).parents[2])
    try:
        for _ in range(1200):
            if marker.exists() or child.poll() is not None:
                break
            await asyncio.sleep(0.05)
        assert marker.read_text() == step, "the child reached its point"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(10) == -9


@pytest.mark.parametrize("step", ["game", "result", "claim", "table"])
async def test_a_kill_mid_tournament_loses_nothing_and_repeats_nothing(
        database: Path | str, step: str, tmp_path: Path) -> None:
    storage = await open_storage(database)
    try:
        service = TableService(storage)
        tournament_id = await opened(service, members=8)
        await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    finally:
        await storage.close()
    await killed(database, tournament_id, step, tmp_path)
    storage = await open_storage(database)
    try:
        service = TableService(storage)
        await run_to_the_end(service, storage, tournament_id, taking_over=True)
        final = await service.tournament(tournament_id)
        assert final.status is TournamentStatus.FINISHED
        keys = [key_of(result.match) for result in final.results]
        assert len(set(keys)) == len(keys) in (6, 7)
        tables = await storage.match_tables(tournament_id)
        assert sorted((str(t.key), t.game) for t in tables) == sorted((str(k), 1) for k in keys)
        for result in final.results:
            (table,) = [t for t in tables if t.key == key_of(result.match)]
            assert table.totals is not None
            played = Game(*table.totals[:2])
            assert result == league.match_result(result.match, [played], 1)
    finally:
        await storage.close()
