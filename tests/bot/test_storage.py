"""Storage: migrations from an empty file and from the previous schema, one active table per
channel, actions in order, computer players' seats and stand-ins, and the leaderboard changed
only with the action that ends a game. Tests taking ``storage`` or ``database`` run on SQLite
and on a real PostgreSQL server: the one contract both backends keep."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.records import (
    Clock,
    ComputerResult,
    ComputerStanding,
    GameKind,
    Level,
    PanelHandle,
    Partner,
    Player,
    PlayerResult,
    Standing,
    Status,
    StoredAction,
)
from bot.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    ConflictError,
    Storage,
    StorageError,
    open_storage,
)
from bot.storage.sql import BATCH
from engine import Options, Seat
from engine.options import NelloDoubles
from tests.common import ANA, BIA, CAIO, CHANNEL, DAVI, EAST, GUILD, NORTH, SOUTH, WEST
from tests.postgres import free_port


def seats(*ids: int | None) -> list[Player | None]:
    return [Player.member(i) if i is not None else None for i in ids]


async def test_a_new_file_is_migrated_to_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "db.sqlite3"
    storage = await open_storage(path)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
    finally:
        await storage.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert {"tables", "seats", "actions", "player_stats"} <= names
    again = await open_storage(path)  # re-opening runs no migration twice
    await again.close()


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match="upgrade the bot"):
        await open_storage(path)


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError):
        await open_storage(path)


async def test_one_active_table_per_channel(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, "en-US", seats(ANA, None, None, None))
    assert table.status is Status.LOBBY
    assert table.seats[NORTH] == Player.member(ANA)
    with pytest.raises(ConflictError):
        await storage.create_table(GUILD, CHANNEL, BIA, None, seats(BIA, None, None, None))
    assert (await storage.active_table(CHANNEL)) == table
    await storage.close_table(table.id)
    assert await storage.active_table(CHANNEL) is None
    other = await storage.create_table(GUILD, CHANNEL, BIA, None, seats(BIA, None, None, None))
    assert (await storage.latest_table(CHANNEL)) == other


async def test_seats_move_and_conflict(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None))
    await storage.set_seat(table.id, EAST, Player.member(BIA))
    await storage.set_seat(table.id, WEST, Player.member(BIA))  # moves, not duplicates
    found = await storage.table(table.id)
    assert found is not None
    assert found.seats == (Player.member(ANA), None, None, Player.member(BIA))
    with pytest.raises(ConflictError):
        await storage.set_seat(table.id, NORTH, Player.member(CAIO))
    await storage.set_seat(table.id, NORTH, None)
    found = await storage.table(table.id)
    assert found is not None and found.seat_of(ANA) is None


async def test_actions_are_kept_in_order_and_never_twice(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    with pytest.raises(ConflictError):  # no game yet
        await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"))
    options = Options(nello=True, nello_doubles=NelloDoubles.LOW)
    await storage.start_game(table.id, "seed", options, 1)
    for n, text in enumerate(["pass", "bid:30", "pass"]):
        await storage.append_action(table.id, StoredAction(n, 1, Seat(n + 1), text))
    with pytest.raises(ConflictError):  # a second writer of action 2 loses
        await storage.append_action(table.id, StoredAction(2, 1, WEST, "bid:31"))
    assert [a.text for a in await storage.actions(table.id)] == ["pass", "bid:30", "pass"]
    found = await storage.table(table.id)
    assert found is not None
    assert (found.status, found.seed, found.options, found.rules_version) == (
        Status.PLAYING, "seed", options, 1)


async def test_the_leaderboard_changes_with_the_last_action(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"))
    assert await storage.leaderboard(GUILD) == []
    results = [PlayerResult(ANA, True, 7, 2, 1), PlayerResult(BIA, False, 3, 1, 1),
               PlayerResult(CAIO, True, 7, 0, 0), PlayerResult(DAVI, False, 3, 0, 0)]
    await storage.append_action(table.id, StoredAction(1, 1, SOUTH, "pass"),
                                finished=results)
    found = await storage.table(table.id)
    assert found is not None and found.status is Status.FINISHED
    board = await storage.leaderboard(GUILD)
    assert [s.user_id for s in board] == [ANA, CAIO, BIA, DAVI]
    assert (board[0].marks_won, board[0].games_played, board[0].games_won,
            board[0].contracts_bid, board[0].contracts_made) == (7, 1, 1, 2, 1)
    with pytest.raises(ConflictError):  # nothing is added after the game is over
        await storage.append_action(table.id, StoredAction(2, 1, WEST, "pass"),
                                    finished=results)
    assert (await storage.leaderboard(GUILD))[0].games_played == 1
    assert await storage.leaderboard(GUILD + 1) == []


async def test_a_failed_finish_rolls_back_the_action_too(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
    await storage.start_game(table.id, "seed", Options(), 1)
    broken = [PlayerResult(ANA, True, 7, 0, 0),
              PlayerResult(None, True, 7, 0, 0)]  # type: ignore[arg-type]
    with pytest.raises(ConflictError):
        await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"),
                                    finished=broken)
    assert await storage.actions(table.id) == []
    assert await storage.leaderboard(GUILD) == []


async def test_version_1_files_gain_the_computer_players(tmp_path: Path) -> None:
    """A file written by the previous schema keeps its tables, seats and leaderboard."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        for statement in MIGRATIONS[0]:
            raw.execute(statement)
        raw.execute("PRAGMA user_version = 1")
        raw.execute("INSERT INTO tables (guild_id, channel_id, creator_id, seed, status)"
                    " VALUES (?, ?, ?, 'seed', 'playing')", (GUILD, CHANNEL, ANA))
        raw.executemany("INSERT INTO seats (table_id, seat, kind, user_id) VALUES (1, ?, ?, ?)",
                        [(s, "member", u) for s, u in enumerate((ANA, BIA, CAIO, DAVI))])
        raw.execute("INSERT INTO player_stats (guild_id, user_id, games_played, games_won,"
                    " marks_won) VALUES (?, ?, 3, 2, 17)", (GUILD, ANA))
    storage = await open_storage(path)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
        table = await storage.table(1)
        assert table is not None
        assert table.seats == tuple(Player.member(u) for u in (ANA, BIA, CAIO, DAVI))
        assert (table.stand_ins, table.away_votes) == (frozenset(), ())
        assert [(s.user_id, s.marks_won) for s in await storage.leaderboard(GUILD)] == [(ANA, 17)]
        assert await storage.computer_standings(GUILD) == []
        await storage.add_away_vote(1, EAST, ANA, hand_over=False)
        found = await storage.table(1)
        assert found is not None and found.away_votes == ((EAST, ANA),)
    finally:
        await storage.close()
    with sqlite3.connect(path) as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        columns = {row[1] for row in raw.execute("PRAGMA table_info(seats)")}
    assert {"away_votes", "computer_stats"} <= names and "stand_in" in columns


async def test_computer_players_take_seats(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None,
                                       [Player.member(ANA), Player.computer(), None,
                                        Player.computer()])
    await storage.set_seat(table.id, SOUTH, Player.computer())
    found = await storage.table(table.id)
    assert found is not None
    assert found.seats == (Player.member(ANA), Player.computer(), Player.computer(),
                           Player.computer())
    assert found.computer_seats == (EAST, SOUTH, WEST)
    assert found.member_ids == (ANA,)
    await storage.set_seat(table.id, EAST, None)
    found = await storage.table(table.id)
    assert found is not None and found.player(EAST) is None


async def test_away_votes_hand_a_seat_over_and_back(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, None))
    with pytest.raises(ConflictError):  # only while a game is on
        await storage.add_away_vote(table.id, NORTH, BIA, hand_over=False)
    await storage.set_seat(table.id, WEST, Player.computer())
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.add_away_vote(table.id, NORTH, BIA, hand_over=False)
    await storage.add_away_vote(table.id, NORTH, BIA, hand_over=False)  # once only
    await storage.add_away_vote(table.id, EAST, CAIO, hand_over=False)
    found = await storage.table(table.id)
    assert found is not None
    assert found.away_votes == ((NORTH, BIA), (EAST, CAIO))
    assert found.voters(NORTH) == {BIA} and found.voters_needed(NORTH) == {BIA, CAIO}
    await storage.add_away_vote(table.id, NORTH, CAIO, hand_over=True)
    found = await storage.table(table.id)
    assert found is not None
    assert found.stand_ins == {NORTH} and found.away_votes == ((EAST, CAIO),)
    assert found.computer_plays(NORTH) and found.computer_plays(WEST)
    assert not found.computer_plays(EAST)
    await storage.take_back(table.id, NORTH)
    await storage.take_back(table.id, EAST)
    found = await storage.table(table.id)
    assert found is not None and (found.stand_ins, found.away_votes) == (frozenset(), ())


async def test_computer_players_have_their_own_line(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None,
                                       [Player.member(ANA), Player.computer(),
                                        Player.computer(), Player.computer()])
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(
        table.id, StoredAction(0, 1, EAST, "pass"),
        finished=[PlayerResult(ANA, True, 7, 2, 1)],
        computers=[ComputerResult(False, 4, 1, 1), ComputerResult(True, 7, 1, 0),
                   ComputerResult(False, 4, 0, 0)])
    assert [s.user_id for s in await storage.leaderboard(GUILD)] == [ANA]
    assert await storage.computer_standings(GUILD) == [ComputerStanding(
        Level.STRONG, seats_played=3, seats_won=1, marks_won=15, contracts_bid=2,
        contracts_made=1)]
    assert await storage.computer_standings(GUILD + 1) == []


async def test_version_2_files_keep_their_leaderboard_as_marks_games(tmp_path: Path) -> None:
    """Upgraded in place: every line so far is of a marks game; 250-point games start their
    own board, and neither adds to the other."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        for statements in MIGRATIONS[:2]:
            for statement in statements:
                raw.execute(statement)
        raw.execute("PRAGMA user_version = 2")
        raw.execute("INSERT INTO tables (guild_id, channel_id, creator_id, seed, options, status)"
                    " VALUES (?, ?, ?, 'seed', '{\"points_game\": true}', 'playing')",
                    (GUILD, CHANNEL, ANA))
        raw.execute("INSERT INTO player_stats (guild_id, user_id, games_played, games_won,"
                    " marks_won, contracts_bid, contracts_made) VALUES (?, ?, 3, 2, 17, 4, 3)",
                    (GUILD, ANA))
        raw.execute("INSERT INTO computer_stats (guild_id, seats_played, seats_won, marks_won,"
                    " contracts_bid, contracts_made) VALUES (?, 6, 2, 20, 5, 4)", (GUILD,))
    storage = await open_storage(path)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
        assert await storage.leaderboard(GUILD) == [Standing(ANA, 17, 3, 2, 4, 3)]
        assert await storage.computer_standings(GUILD) == [
            ComputerStanding(Level.STRONG, 6, 2, 20, 5, 4)]
        assert await storage.leaderboard(GUILD, game=GameKind.POINTS) == []
        assert await storage.computer_standings(GUILD, GameKind.POINTS) == []
        await storage.append_action(
            1, StoredAction(0, 1, NORTH, "pass"),
            finished=[PlayerResult(ANA, True, 0, 1, 1, 262, GameKind.POINTS),
                      PlayerResult(BIA, False, 0, 0, 0, 180, GameKind.POINTS)],
            computers=[ComputerResult(True, 0, 0, 0, 262, GameKind.POINTS)])
        points = await storage.leaderboard(GUILD, game=GameKind.POINTS)
        assert [(s.user_id, s.games_won, s.points_won) for s in points] == [(ANA, 1, 262),
                                                                            (BIA, 0, 180)]
        assert await storage.leaderboard(GUILD) == [Standing(ANA, 17, 3, 2, 4, 3)]
        assert await storage.computer_standings(GUILD, GameKind.POINTS) == [
            ComputerStanding(Level.STRONG, 1, 1, 0, 0, 0, 262)]
        table = await storage.table(1)
        assert table is not None and table.options == Options(points_game=True)
    finally:
        await storage.close()


async def test_house_rules_are_stored_in_the_lobby_only(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, [Player.member(ANA)] + [None] * 3)
    chosen = Options(nello=True, nello_doubles=NelloDoubles.LOW, splash=True, splash_marks=2)
    await storage.set_options(table.id, chosen)
    found = await storage.table(table.id)
    assert found is not None and found.options == chosen
    await storage.start_game(table.id, "seed", chosen, 1)
    with pytest.raises(ConflictError):
        await storage.set_options(table.id, Options())


async def test_version_3_files_keep_everything_and_seat_up_to_eight(tmp_path: Path) -> None:
    """Upgraded in place: tables, seats, actions, votes and the leaderboard as they were; then
    seats 0 to 7, names, a variant per table and kinds of game beyond marks and points."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        for statements in MIGRATIONS[:3]:
            for statement in statements:
                raw.execute(statement)
        raw.execute("PRAGMA user_version = 3")
        raw.execute("INSERT INTO tables (guild_id, channel_id, creator_id, seed, status,"
                    " rules_version) VALUES (?, ?, ?, 'seed', 'playing', 1)",
                    (GUILD, CHANNEL, ANA))
        raw.executemany("INSERT INTO seats (table_id, seat, kind, user_id, stand_in)"
                        " VALUES (1, ?, ?, ?, ?)",
                        [(0, "member", ANA, 1), (1, "computer", None, 0), (2, "member", CAIO, 0),
                         (3, "member", DAVI, 0)])
        raw.execute("INSERT INTO actions (table_id, n, hand_number, seat, action)"
                    " VALUES (1, 0, 1, 2, 'pass')")
        raw.execute("INSERT INTO away_votes (table_id, seat, voter_id) VALUES (1, 3, ?)", (ANA,))
        raw.execute("INSERT INTO player_stats (guild_id, game, user_id, games_played,"
                    " games_won, marks_won) VALUES (?, 'points', ?, 2, 1, 0)", (GUILD, ANA))
        raw.execute("INSERT INTO computer_stats (guild_id, game, seats_played, seats_won)"
                    " VALUES (?, 'marks', 4, 1)", (GUILD,))
    storage = await open_storage(path)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION
        table = await storage.table(1)
        assert table is not None
        assert table.seats == (Player.member(ANA), Player.computer(), Player.member(CAIO),
                               Player.member(DAVI))
        assert table.stand_ins == {NORTH} and table.away_votes == ((WEST, ANA),)
        assert [a.text for a in await storage.actions(1)] == ["pass"]
        points = await storage.leaderboard(GUILD, game=GameKind.POINTS)
        assert [(s.user_id, s.games_won) for s in points] == [(ANA, 1)]
        assert await storage.computer_standings(GUILD) == [
            ComputerStanding(Level.STRONG, 4, 1, 0, 0, 0)]
        assert all(p is None or p.name is None for p in table.seats)
    finally:
        await storage.close()
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO seats (table_id, seat, kind, name) VALUES (1, 7, 'computer',"
                    " 'x')")
        raw.execute("INSERT INTO player_stats (guild_id, game, user_id) VALUES (1, 'moon', 1)")
        assert raw.execute("SELECT variant FROM tables").fetchone() == ("42",)
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute("INSERT INTO seats (table_id, seat, kind) VALUES (1, 8, 'computer')")


async def test_version_4_files_keep_their_computer_line_as_the_strong_players(
        tmp_path: Path) -> None:
    """Upgraded in place: every table had the strong players and hints (none were asked), and
    the computer players' line so far is the strong players'."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        for statements in MIGRATIONS[:4]:
            for statement in statements:
                raw.execute(statement)
        raw.execute("PRAGMA user_version = 4")
        raw.execute("INSERT INTO tables (guild_id, channel_id, creator_id, status)"
                    " VALUES (?, ?, ?, 'lobby')", (GUILD, CHANNEL, ANA))
        raw.execute("INSERT INTO player_stats (guild_id, game, user_id, games_played)"
                    " VALUES (?, 'marks', ?, 2)", (GUILD, ANA))
        raw.execute("INSERT INTO computer_stats (guild_id, game, seats_played, seats_won)"
                    " VALUES (?, 'moon', 5, 2)", (GUILD,))
    storage = await open_storage(path)
    try:
        table = await storage.table(1)
        assert table is not None and (table.level, table.hints) == (Level.STRONG, True)
        assert [s.hints_used for s in await storage.leaderboard(GUILD)] == [0]
        assert await storage.computer_standings(GUILD, GameKind.MOON) == [
            ComputerStanding(Level.STRONG, 5, 2, 0, 0, 0)]
    finally:
        await storage.close()


async def test_version_7_files_keep_the_order_their_games_ended_in(tmp_path: Path) -> None:
    """Upgraded in place: the games finished so far are numbered by their last action (the
    order a rebuild rates them in), and nobody has a rating until one."""
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as raw:
        for statements in MIGRATIONS[:7]:
            for statement in statements:
                raw.execute(statement)
        raw.execute("PRAGMA user_version = 7")
        for status in ("finished", "finished", "playing"):
            raw.execute("INSERT INTO tables (guild_id, channel_id, creator_id, seed, status)"
                        " VALUES (?, ?, ?, 'seed', ?)", (GUILD, CHANNEL, ANA, status))
        raw.executemany("INSERT INTO actions (table_id, n, hand_number, seat, action,"
                        " created_at) VALUES (?, 0, 1, 1, 'pass', ?)",
                        [(1, "2026-01-02T00:00:00.000Z"), (2, "2026-01-01T00:00:00.000Z"),
                         (3, "2025-12-31T00:00:00.000Z")])
    storage = await open_storage(path)
    try:
        assert [t.id for t in await storage.finished_tables()] == [2, 1]
        assert await storage.ratings(GUILD, GameKind.MARKS) == {}
    finally:
        await storage.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT id, finished_order FROM tables ORDER BY id").fetchall() == [
            (1, 2), (2, 1), (3, None)]


# ----- the contract, on both backends ---------------------------------------------------------

async def test_levels_hints_and_the_computer_lines_per_level(storage: Storage) -> None:
    """The lobby's level and hints; hints asked counted once per turn and member, added to
    the member's line with the game; each level's computer players on a line of their own."""
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None),
                                       level=Level.CASUAL, hints=False)
    assert (table.level, table.hints) == (Level.CASUAL, False)
    await storage.set_computers(table.id, Level.STRONG, True)
    found = await storage.table(table.id)
    assert found is not None and (found.level, found.hints) == (Level.STRONG, True)
    with pytest.raises(ConflictError):
        await storage.count_hint(table.id, ANA, 0)  # no game yet
    await storage.start_game(table.id, "seed", Options(), 1)
    with pytest.raises(ConflictError):
        await storage.set_computers(table.id, Level.CASUAL, True)
    for n in (0, 0, 4, 9):
        await storage.count_hint(table.id, ANA, n)
    await storage.count_hint(table.id, BIA, 4)
    await storage.append_action(
        table.id, StoredAction(0, 1, NORTH, "pass"),
        finished=[PlayerResult(ANA, True, 7, 1, 1), PlayerResult(CAIO, False, 3, 0, 0)],
        computers=[ComputerResult(False, 3, 0, 0, level=Level.CASUAL),
                   ComputerResult(True, 7, 1, 1, level=Level.STRONG),
                   ComputerResult(True, 7, 0, 0, level=Level.STRONG)])
    assert {s.user_id: s.hints_used for s in await storage.leaderboard(GUILD)} == {
        ANA: 3, CAIO: 0}
    assert await storage.computer_standings(GUILD) == [
        ComputerStanding(Level.STRONG, 2, 2, 14, 1, 1),
        ComputerStanding(Level.CASUAL, 1, 0, 3, 0, 0)]


async def test_a_move_clock_and_the_open_panels_are_kept(storage: Storage) -> None:
    """A table's clock (R-NO-CLOCK) is stored with it; each member's latest open panel, with
    the token that edits it, is kept until its time is up, then no longer given out."""
    table = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None),
                                       clock=Clock.BRISK)
    found = await storage.table(table.id)
    assert found is not None and found.clock is Clock.BRISK
    plain = await storage.create_table(GUILD, CHANNEL + 1, ANA, None,
                                       seats(ANA, None, None, None))
    assert plain.clock is None
    now = int(time.time())
    first = PanelHandle(table.id, ANA, 11, "token-1", "pt-BR", now + 600)
    await storage.keep_panel(first)
    await storage.keep_panel(PanelHandle(table.id, BIA, 12, "token-2", None, now - 1))
    await storage.keep_panel(PanelHandle(plain.id, ANA, 13, "token-3", None, now + 600))
    assert await storage.open_panels([table.id]) == [first]
    newer = PanelHandle(table.id, ANA, 14, "token-4", "pt-BR", now + 700)
    await storage.keep_panel(newer)  # one panel per member and table: the latest
    await storage.drop_panel(first)  # the older one, replaced: nothing to drop any more
    assert await storage.open_panels([table.id, plain.id]) == [
        newer, PanelHandle(plain.id, ANA, 13, "token-3", None, now + 600)]
    await storage.drop_panel(newer)
    assert await storage.open_panels([table.id]) == []


async def test_messages_pings_settings_and_rematch_votes(storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, "pt-BR", seats(ANA, BIA, None, None))
    await storage.set_message(table.id, 555)
    await storage.set_ping(table.id, 777)
    found = await storage.table(table.id)
    assert found is not None and (found.message_id, found.ping_message_id) == (555, 777)
    assert found.locale == "pt-BR"
    await storage.set_ping(table.id, None)
    assert (await storage.table(table.id)).ping_message_id is None  # type: ignore[union-attr]
    assert await storage.pings_on(GUILD, ANA)
    await storage.set_pings(GUILD, ANA, False)
    await storage.set_pings(GUILD, BIA, True)
    assert not await storage.pings_on(GUILD, ANA) and await storage.pings_on(GUILD, BIA)
    assert await storage.pings_on(GUILD + 1, ANA)  # settings are per server
    with pytest.raises(ConflictError):  # only once the game is over
        await storage.add_rematch_vote(table.id, ANA)
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"), finished=[])
    await storage.add_rematch_vote(table.id, ANA)
    await storage.add_rematch_vote(table.id, ANA)  # once only
    found = await storage.table(table.id)
    assert found is not None and found.rematch_votes == {ANA}


async def test_tables_found_by_channel_and_forgotten(storage: Storage) -> None:
    first = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None))
    other = await storage.create_table(GUILD, CHANNEL + 1, BIA, None, seats(BIA, None, None, None))
    assert [t.id for t in await storage.active_tables()] == [first.id, other.id]
    await storage.close_table(first.id)
    second = await storage.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, None, None, None))
    assert (await storage.latest_table(CHANNEL)) == second
    assert [t.id for t in await storage.active_tables()] == [other.id, second.id]
    await storage.delete_table(second.id)
    assert await storage.table(second.id) is None
    assert (await storage.latest_table(CHANNEL)).id == first.id  # type: ignore[union-attr]
    assert await storage.active_table(CHANNEL) is None


async def test_many_active_tables_are_read_with_their_seats(storage: Storage) -> None:
    """More tables than one query reads the seats of (restart with a thousand open tables)."""
    made = [await storage.create_table(GUILD, channel, ANA, None,
                                       [Player.member(ANA), Player.computer(), None, None])
            for channel in range(1, BATCH + 3)]
    found = await storage.active_tables()
    assert found == made and all(t.seats[1] == Player.computer() for t in found)


async def test_many_tables_actions_are_read_at_once(storage: Storage) -> None:
    """Each table's actions and their count, in order, past one query's worth of tables; a
    table without actions (or unknown) has none, never another table's."""
    made = [await storage.create_table(GUILD, channel, ANA, None, seats(ANA, BIA, CAIO, DAVI))
            for channel in range(1, BATCH + 3)]
    for table in made[1:]:
        await storage.start_game(table.id, "seed", Options(), 1)
        for n in range(table.id % 3 + 1):
            await storage.append_action(table.id, StoredAction(n, 1, Seat(n + 1),
                                                               f"bid:{30 + n}"))
    ids = [t.id for t in made] + [max(t.id for t in made) + 1]
    found = await storage.actions_of(ids)
    assert found == {table_id: await storage.actions(table_id) for table_id in ids}
    assert found[made[0].id] == [] and [a.n for a in found[made[1].id]] == list(
        range(made[1].id % 3 + 1))
    assert await storage.action_counts(ids) == {table_id: await storage.action_count(table_id)
                                                for table_id in ids}


async def test_member_statistics_and_favourite_partner(storage: Storage) -> None:
    for channel, partners in ((1, (CAIO,)), (2, (CAIO,)), (3, (0,))):
        table = await storage.create_table(GUILD, channel, ANA, None, seats(ANA, BIA, CAIO, DAVI))
        await storage.start_game(table.id, "seed", Options(), 1)
        await storage.append_action(
            table.id, StoredAction(0, 1, EAST, "pass"),
            finished=[PlayerResult(ANA, channel != 2, 7, 1, 1, partners=partners),
                      PlayerResult(BIA, channel == 2, 7, 0, 0, 250, GameKind.POINTS)])
    standings = await storage.member_standings(GUILD, ANA)
    assert standings == {GameKind.MARKS: Standing(ANA, 21, 3, 2, 3, 3)}
    assert (await storage.member_standings(GUILD, BIA))[GameKind.POINTS].points_won == 750
    assert await storage.favourite_partner(GUILD, ANA) == Partner(CAIO, 2, 1)
    assert await storage.favourite_partner(GUILD, BIA) is None
    assert await storage.member_standings(GUILD + 1, ANA) == {}


async def test_two_writers_of_one_action_one_wins(database: Path | str) -> None:
    """Two connections (two processes of the bot) append action n to one table at once: one
    commits it, the other is refused; so are a stale writer and a gap in the numbers."""
    first, second = await open_storage(database), await open_storage(database)
    try:
        table = await first.create_table(GUILD, CHANNEL, ANA, None, seats(ANA, BIA, CAIO, DAVI))
        await first.start_game(table.id, "seed", Options(), 1)
        for n in range(0, 20, 2):
            results = await asyncio.gather(
                first.append_action(table.id, StoredAction(n, 1, EAST, "pass")),
                second.append_action(table.id, StoredAction(n, 1, SOUTH, "pass")),
                return_exceptions=True)
            assert sum(r is None for r in results) == 1, results
            assert sum(isinstance(r, ConflictError) for r in results) == 1, results
            await second.append_action(table.id, StoredAction(n + 1, 1, WEST, "pass"))
        with pytest.raises(ConflictError):  # behind: action 19 is taken
            await first.append_action(table.id, StoredAction(19, 1, NORTH, "pass"))
        with pytest.raises(ConflictError):  # ahead: no action 21 before 20
            await first.append_action(table.id, StoredAction(21, 1, NORTH, "pass"))
        assert [a.n for a in await second.actions(table.id)] == list(range(20))
    finally:
        await first.close()
        await second.close()


async def test_games_ending_at_once_count_on_the_leaderboard(database: Path | str) -> None:
    """Ten games with the same four members end at the same moment through two connections:
    every one of them is counted, none twice, and no writer waits on another forever."""
    first, second = await open_storage(database), await open_storage(database)
    try:
        ids = []
        for channel in range(10):
            table = await first.create_table(GUILD, channel, ANA, None,
                                             seats(ANA, BIA, CAIO, DAVI))
            await first.start_game(table.id, "seed", Options(), 1)
            ids.append(table.id)
        members = [PlayerResult(user, user in (ANA, CAIO), 7, 1, 1, partners=(partner,))
                   for user, partner in ((ANA, CAIO), (BIA, DAVI), (CAIO, ANA), (DAVI, BIA))]
        await asyncio.wait_for(asyncio.gather(*(
            (first if i % 2 else second).append_action(
                table_id, StoredAction(0, 1, EAST, "pass"),
                finished=members[::1 if i % 2 else -1],
                computers=[ComputerResult(True, 7, 0, 0)])
            for i, table_id in enumerate(ids))), 30)
        board = await first.leaderboard(GUILD)
        assert {s.user_id: s.games_played for s in board} == {ANA: 10, BIA: 10, CAIO: 10,
                                                               DAVI: 10}
        assert await first.favourite_partner(GUILD, ANA) == Partner(CAIO, 10, 10)
        [computers] = await first.computer_standings(GUILD)
        assert computers.seats_played == 10
        assert all(t.status is Status.FINISHED for t in
                   [await second.table(table_id) for table_id in ids])  # type: ignore[union-attr]
    finally:
        await first.close()
        await second.close()


async def test_both_backends_have_the_same_schema(tmp_path: Path, postgres_url: str) -> None:
    """Every table and column of the SQLite schema exists in PostgreSQL, and no other (but the
    budget the processes on PostgreSQL share, which the one process on an SQLite file keeps in
    memory): a migration added to one backend only fails here."""
    sqlite_storage = await open_storage(tmp_path / "db.sqlite3")
    postgres = await open_storage(postgres_url)
    try:
        assert await sqlite_storage.schema_version() == SCHEMA_VERSION
        assert await postgres.schema_version() == SCHEMA_VERSION
    finally:
        await sqlite_storage.close()
        await postgres.close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as raw:
        names = [row[0] for row in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%'")]
        in_sqlite = {name: {row[1] for row in raw.execute(f"PRAGMA table_info({name})")}
                     for name in names}

    async def columns() -> dict[str, set[str]]:
        connection = await asyncpg.connect(postgres_url)
        try:
            rows = await connection.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = 'public'"
                " AND table_name NOT IN ('schema_version', 'budget')")
        finally:
            await connection.close()
        found: dict[str, set[str]] = {}
        for row in rows:
            found.setdefault(row["table_name"], set()).add(row["column_name"])
        return found

    assert await columns() == in_sqlite


# ----- PostgreSQL: start-up ---------------------------------------------------------------------

async def test_a_postgres_database_is_migrated_once(postgres_url: str) -> None:
    """Processes starting together migrate once; a newer schema is refused."""
    opened = await asyncio.gather(*(open_storage(postgres_url) for _ in range(3)))
    try:
        assert [await s.schema_version() for s in opened] == [SCHEMA_VERSION] * 3
    finally:
        for storage in opened:
            await storage.close()
    connection = await asyncpg.connect(postgres_url)
    try:
        assert await connection.fetchval("SELECT count(*) FROM schema_version") == 1
        await connection.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION + 1)
    finally:
        await connection.close()
    with pytest.raises(StorageError, match="upgrade the bot"):
        await open_storage(postgres_url)


async def test_postgres_problems_are_one_line_without_the_password(postgres_url: str) -> None:
    parts = urlsplit(postgres_url)
    closed = free_port()
    wrong = {
        "cannot reach PostgreSQL": f"postgresql://bot:s3cret@127.0.0.1:{closed}/texas42",
        "refused the login": urlunsplit(parts._replace(
            netloc=f"nobody_here:s3cret@{parts.hostname}:{parts.port}")),
        "create it first": urlunsplit(parts._replace(path="/no_such_database")),
    }
    for words, url in wrong.items():
        with pytest.raises(StorageError) as raised:
            await open_storage(url)
        message = str(raised.value)
        assert words in message and "\n" not in message and "s3cret" not in message, message
