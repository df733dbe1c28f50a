"""``python -m bot.migrate``: an SQLite file of a bot that has played goes into PostgreSQL whole,
checked by counts and by replaying every game, and the bot goes on from there: tables resume
where they were, with the same ids (old buttons), and the leaderboard is the same."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.migrate import MigrationError, compare_games, migrate
from bot.records import Status
from bot.service import Fill, Panel, TableService
from bot.storage import open_storage
from tests.bot.test_service import (
    ANA,
    BIA,
    CAIO,
    DAVI,
    GUILD,
    SEATED,
    choose,
    panel_to_act,
    step,
)
from tools import hermetic


async def a_bot_that_has_played(path: Path) -> dict[str, object]:
    """A file with a finished game (the leaderboard, rematch votes), one in play with a member
    away, a lobby, a closed table, a table of computer players, members' settings."""
    storage = await open_storage(path)
    service = TableService(storage, new_seed=lambda: "migrate-seed")
    try:
        finished = (await service.open_table(GUILD, 1, ANA, "pt-BR", name="Ana")).table.id
        for user in (BIA, CAIO, DAVI):
            await service.join(finished, user, name=f"member {user}")
        await service.start(finished, ANA)
        while (await step(service, finished)).snapshot.table.status is Status.PLAYING:
            pass
        await service.rematch(finished, BIA)
        playing = (await service.open_table(GUILD, 2, ANA, None)).table.id
        for user in (BIA, CAIO, DAVI):
            await service.join(playing, user)
        await service.start(playing, ANA)
        for _ in range(7):
            await step(service, playing)
        panel = await panel_to_act(service, playing)
        away = next(s for s in SEATED if s != panel.seat)
        for voter in (u for s, u in SEATED.items() if s != away):
            await service.vote_away(playing, voter, away)
        await service.open_table(GUILD, 3, CAIO, None)  # a lobby
        closed = (await service.open_table(GUILD, 4, DAVI, None)).table.id
        await service.end(closed, DAVI, moderator=False)
        computers = (await service.open_table(GUILD + 1, 5, ANA, None, Fill.ALL)).table.id
        await service.start(computers, ANA)
        await service.set_pings(GUILD, BIA, False)
        await service.set_message(playing, 4242)
        return {"board": await service.leaderboard(GUILD), "panel": panel,
                "active": await storage.active_tables(), "playing": playing,
                "stats": await service.member_stats(GUILD, ANA)}
    finally:
        await storage.close()


async def test_a_played_file_moves_into_postgresql_and_the_bot_goes_on(
        tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "texas42.sqlite3"
    before = await a_bot_that_has_played(source)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.migrate", "--from", str(source), "--to", postgres_url,
        cwd=tmp_path, env=hermetic.environment(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 0, err.decode()
    report = out.decode()
    assert "replayed 3 stored games from PostgreSQL" in report, report
    for name in ("tables", "seats", "actions", "away_votes", "rematch_votes", "player_stats",
                 "partner_stats", "member_settings", "ratings", "rating_history"):
        assert f"  {name} " in report, report

    storage = await open_storage(postgres_url)
    try:
        service = TableService(storage)
        assert await service.leaderboard(GUILD) == before["board"]
        assert await service.member_stats(GUILD, ANA) == before["stats"]
        assert await storage.active_tables() == before["active"]
        assert not await service.pings_on(GUILD, BIA)
        playing = before["playing"]
        assert isinstance(playing, int)
        # the panel drawn before the move still acts, as its button would
        panel = before["panel"]
        assert isinstance(panel, Panel)
        resumed = await panel_to_act(service, playing)
        assert (resumed.seat, resumed.count, resumed.observation) == (
            panel.seat, panel.count, panel.observation)
        await service.act(playing, SEATED[resumed.seat], panel.observation.hand_number,
                          panel.count, choose(panel))
        new = await service.open_table(GUILD, 9, ANA, None)
        assert new.table.id > max(t.id for t in await storage.active_tables() if t != new.table)
        assert (await storage.table(playing)).stand_ins  # type: ignore[union-attr]
        assert (await storage.table(playing)).message_id == 4242  # type: ignore[union-attr]
    finally:
        await storage.close()

    again = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.migrate", "--from", str(source), "--to", postgres_url,
        cwd=tmp_path, env=hermetic.environment(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(again.communicate(), 60)
    lines = err.decode().strip().splitlines()
    assert again.returncode == 2 and len(lines) == 1 and "already holds" in lines[0], lines


async def test_a_copy_that_differs_is_caught(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "texas42.sqlite3"
    await a_bot_that_has_played(source)
    copied = await migrate(source, postgres_url)
    assert copied.games == 3 and copied.unplayable == 0
    connection = await asyncpg.connect(postgres_url)
    try:
        table_id = await connection.fetchval("SELECT table_id FROM actions LIMIT 1")
        await connection.execute("UPDATE actions SET seat = (seat + 1) % 4 WHERE table_id = $1"
                                 " AND n = 3", table_id)
        ids = [row[0] for row in await connection.fetch("SELECT id FROM tables ORDER BY id")]
    finally:
        await connection.close()
    with pytest.raises(MigrationError, match="does not replay the same"):
        await compare_games(source, postgres_url, ids)


async def test_nothing_to_migrate_is_said_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(MigrationError, match="no SQLite file"):
        await migrate(tmp_path / "missing.sqlite3", "postgresql://localhost/x")
