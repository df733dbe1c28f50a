"""kill -9 around the transaction that ends a game, on both backends: killed inside it, nothing
of the game's end is kept (the game is still on, nobody rated, no history) and committing the
last action again rates it once; killed right after it, everything is kept once, and the same
action again (an old button) is refused rather than rated twice. Either way the ratings kept
equal the ones rebuilt from the stored games."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ratings import rebuild
from bot.records import GameKind, Player, Status, StoredAction, stored_game
from bot.service.results import results
from bot.storage import ConflictError, Storage, open_storage
from engine import RULES_VERSION, Options
from engine.observation import observe
from engine.players.rules import decide
from tests.common import ANA, BIA, CAIO, DAVI, GUILD
from tools import hermetic

FOUR = [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)]


async def all_but_the_last(storage: Storage, seed: str) -> tuple[int, tuple[object, ...]]:
    """A game between members committed up to its last action; that action and the game's
    results, as the bot would commit them."""
    table = await storage.create_table(GUILD, 1, ANA, None, FOUR)
    await storage.start_game(table.id, seed, Options(), RULES_VERSION)
    record = await storage.table(table.id)
    assert record is not None
    game, n, rng = stored_game(record, []), 0, random.Random(seed)
    while True:
        seat = game.to_act
        assert seat is not None
        action = decide(observe(game, seat), rng)
        after = game.apply(seat, action)
        stored = StoredAction(n, game.hand_number, seat, str(action))
        if after.is_over:
            members, computers = results(record, after)
            return table.id, (table.id, stored, members, computers, after.standing.totals)
        await storage.append_action(table.id, stored)
        game, n = after, n + 1


async def killed(database: Path | str, step: tuple[object, ...], when: str,
                 tmp_path: Path) -> None:
    """The last action committed by a child process, killed ``inside`` its transaction or
    ``after`` its commit."""
    (tmp_path / "step").write_bytes(pickle.dumps(step))
    marker = tmp_path / f"marker-{when}"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_child", str(database), str(tmp_path / "step"),
         str(marker), when], env=hermetic.environment(), cwd=Path(__file__).parents[2])
    try:
        for _ in range(600):
            if marker.exists() or child.poll() is not None:
                break
            await asyncio.sleep(0.05)
        assert marker.read_text() == when, "the child reached its point"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(10) == -9


async def kept(storage: Storage, table_id: int) -> tuple[Status, int, int, int]:
    """The table's status, its members' rated games, their history rows and rating changes."""
    table = await storage.table(table_id)
    assert table is not None
    ratings = await storage.ratings(GUILD, GameKind.MARKS)
    history = [len(await storage.history(GUILD, user)) for user in (ANA, BIA, CAIO, DAVI)]
    return (table.status, sum(r.games for r in ratings.values()), sum(history),
            len(await storage.rating_changes(table_id)))


@pytest.mark.parametrize("when", ["inside", "after"])
async def test_a_kill_around_the_games_end_rates_it_once(database: Path | str, when: str,
                                                         tmp_path: Path) -> None:
    storage = await open_storage(database)
    try:
        table_id, step = await all_but_the_last(storage, "crash")
    finally:
        await storage.close()
    await killed(database, step, when, tmp_path)
    storage = await open_storage(database)
    try:
        _, action, members, computers, totals = step
        if when == "inside":
            assert await kept(storage, table_id) == (Status.PLAYING, 0, 0, 0)
            await storage.append_action(table_id, action, finished=members,  # type: ignore[arg-type]
                                        computers=computers, totals=totals)  # type: ignore[arg-type]
        else:
            with pytest.raises(ConflictError):
                await storage.append_action(table_id, action, finished=members,  # type: ignore[arg-type]
                                            computers=computers, totals=totals)  # type: ignore[arg-type]
        assert await kept(storage, table_id) == (Status.FINISHED, 4, 4, 4)
        ratings = await storage.ratings(GUILD, GameKind.MARKS)
        await rebuild(storage)
        assert await storage.ratings(GUILD, GameKind.MARKS) == ratings
    finally:
        await storage.close()
