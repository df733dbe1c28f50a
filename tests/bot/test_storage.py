"""Storage: migrations from an empty file, one active table per channel, actions in order,
and the leaderboard changed only with the action that ends a game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.records import Player, PlayerResult, Status, StoredAction
from bot.storage import SCHEMA_VERSION, ConflictError, Storage, StorageError
from engine import Options, Seat
from engine.options import NelloDoubles

GUILD, CHANNEL = 10, 20
ANA, BIA, CAIO, DAVI = 1, 2, 3, 4


def seats(*ids: int | None) -> list[Player | None]:
    return [Player.member(i) if i is not None else None for i in ids]


async def test_a_new_file_is_migrated_to_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "db.sqlite3"
    storage = await Storage.open(path)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
    finally:
        await storage.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert {"tables", "seats", "actions", "player_stats"} <= names
    again = await Storage.open(path)  # re-opening runs no migration twice
    await again.close()


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match="upgrade the bot"):
        await Storage.open(path)


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError):
        await Storage.open(path)


async def test_one_active_table_per_channel(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, "en-US", seats(ANA, None, None, None))
    assert table.status is Status.LOBBY
    assert table.seats[Seat.NORTH] == Player.member(ANA)
    with pytest.raises(ConflictError):
        await storage.create_table(GUILD, CHANNEL, BIA, None, seats(BIA, None, None, None))
    assert (await storage.active_table(CHANNEL)) == table
    await storage.close_table(table.id)
    assert await storage.active_table(CHANNEL) is None
    other = await storage.create_table(GUILD, CHANNEL, BIA, None, seats(BIA, None, None, None))
    assert (await storage.latest_table(CHANNEL)) == other


async def test_seats_move_and_conflict(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None))
    await storage.set_seat(table.id, Seat.EAST, Player.member(BIA))
    await storage.set_seat(table.id, Seat.WEST, Player.member(BIA))  # moves, not duplicates
    found = await storage.table(table.id)
    assert found is not None
    assert found.seats == (Player.member(ANA), None, None, Player.member(BIA))
    with pytest.raises(ConflictError):
        await storage.set_seat(table.id, Seat.NORTH, Player.member(CAIO))
    await storage.set_seat(table.id, Seat.NORTH, None)
    found = await storage.table(table.id)
    assert found is not None and found.seat_of(ANA) is None


async def test_actions_are_kept_in_order_and_never_twice(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    with pytest.raises(ConflictError):  # no game yet
        await storage.append_action(table.id, StoredAction(0, 1, Seat.EAST, "pass"))
    options = Options(nello=True, nello_doubles=NelloDoubles.LOW)
    await storage.start_game(table.id, "seed", options, 1)
    for n, text in enumerate(["pass", "bid:30", "pass"]):
        await storage.append_action(table.id, StoredAction(n, 1, Seat(n + 1), text))
    with pytest.raises(ConflictError):  # a second writer of action 2 loses
        await storage.append_action(table.id, StoredAction(2, 1, Seat.WEST, "bid:31"))
    assert [a.text for a in await storage.actions(table.id)] == ["pass", "bid:30", "pass"]
    found = await storage.table(table.id)
    assert found is not None
    assert (found.status, found.seed, found.options, found.rules_version) == (
        Status.PLAYING, "seed", options, 1)


async def test_the_leaderboard_changes_with_the_last_action(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(table.id, StoredAction(0, 1, Seat.EAST, "pass"))
    assert await storage.leaderboard(GUILD) == []
    results = [PlayerResult(ANA, True, 7, 2, 1), PlayerResult(BIA, False, 3, 1, 1),
               PlayerResult(CAIO, True, 7, 0, 0), PlayerResult(DAVI, False, 3, 0, 0)]
    await storage.append_action(table.id, StoredAction(1, 1, Seat.SOUTH, "pass"),
                                finished=results)
    found = await storage.table(table.id)
    assert found is not None and found.status is Status.FINISHED
    board = await storage.leaderboard(GUILD)
    assert [s.user_id for s in board] == [ANA, CAIO, BIA, DAVI]
    assert (board[0].marks_won, board[0].games_played, board[0].games_won,
            board[0].contracts_bid, board[0].contracts_made) == (7, 1, 1, 2, 1)
    with pytest.raises(ConflictError):  # nothing is added after the game is over
        await storage.append_action(table.id, StoredAction(2, 1, Seat.WEST, "pass"),
                                    finished=results)
    assert (await storage.leaderboard(GUILD))[0].games_played == 1
    assert await storage.leaderboard(GUILD + 1) == []


async def test_a_failed_finish_rolls_back_the_action_too(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    await storage.start_game(table.id, "seed", Options(), 1)
    broken = [PlayerResult(ANA, True, 7, 0, 0),
              PlayerResult(None, True, 7, 0, 0)]  # type: ignore[arg-type]
    with pytest.raises(ConflictError):
        await storage.append_action(table.id, StoredAction(0, 1, Seat.EAST, "pass"),
                                    finished=broken)
    assert await storage.actions(table.id) == []
    assert await storage.leaderboard(GUILD) == []
