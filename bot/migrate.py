"""``python -m bot.migrate``: move the bot's SQLite file into PostgreSQL, then prove the copy.

    python -m bot.migrate [--from data/texas42.sqlite3] [--to postgresql://user:pw@host/db]

Both default to the settings (the environment over ``.env``): ``--from`` to the SQLite file
``DATABASE_PATH``/``DATA_DIR`` name, ``--to`` to ``DATABASE_URL``. Stop the bot first. The file is
brought up to the current schema (as the bot would at start-up), read in one transaction and
copied into an empty PostgreSQL database in one transaction: every table with its id (so the
buttons already posted keep working), seat, action, vote, member's setting and leaderboard line.
The copy is then checked: the same number of rows in every table, and every stored game replayed
by the engine from PostgreSQL ends exactly as it does from the file. Only then is the bot's
``DATABASE_URL`` to be switched.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import asyncpg

from engine import Game, RuleError

from .config import ConfigError, database_setting, read_env_file
from .records import TableRecord, stored_game
from .storage import Storage, StorageError, open_storage
from .storage.postgres import PostgresStorage
from .storage.sqlite import SqliteStorage
from .storage.target import describe_url, is_postgres

PARENT = "tables"
"""Copied first: every other table refers to it (or to nothing)."""
TIMESTAMP = "timestamp with time zone"


class MigrationError(Exception):
    """The copy cannot be made, or is not what the file holds; the message says why."""


@dataclass(frozen=True, slots=True)
class Copied:
    counts: dict[str, tuple[int, int]]
    """Rows of each table: in the file, in PostgreSQL."""
    games: int
    """Stored games replayed identically from both."""
    unplayable: int
    """Games that do not replay from the file either (kept as they were, as the bot does)."""


async def migrate(source: Path, url: str) -> Copied:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database at ``url``."""
    if not source.exists():
        raise MigrationError(f"there is no SQLite file at {source}.")
    sqlite_storage = await SqliteStorage.open_file(source)  # the current schema, as the bot would
    await sqlite_storage.close()
    rows = read_everything(source)
    postgres = await PostgresStorage.connect(url)
    await postgres.close()
    connection = await asyncpg.connect(url)
    try:
        await copy_into(connection, rows)
        counts = {name: (len(found), int(await connection.fetchval(
            f"SELECT count(*) FROM {name}"))) for name, (_, found) in rows.items()}
    finally:
        await connection.close()
    differ = {name: pair for name, pair in counts.items() if pair[0] != pair[1]}
    if differ:
        raise MigrationError("the copy differs in rows: " + ", ".join(
            f"{name} {a} in the file, {b} in PostgreSQL" for name, (a, b) in differ.items()))
    columns, tables = rows[PARENT]
    ids = [row[columns.index("id")] for row in tables]
    games, unplayable = await compare_games(source, url, ids)
    return Copied(counts, games, unplayable)


def read_everything(source: Path) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Every row of every table of the file, read in one transaction: (columns, rows) by
    table, the tables referred to first."""
    with sqlite3.connect(source) as raw:
        raw.execute("BEGIN")
        names = [row[0] for row in raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name <> ?, name", (PARENT,))]
        found: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
        for name in names:
            cursor = raw.execute(f"SELECT * FROM {name}")
            found[name] = ([c[0] for c in cursor.description], cursor.fetchall())
        raw.execute("COMMIT")
    return found


async def copy_into(connection: asyncpg.Connection,
                    rows: Mapping[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
    """All of ``rows`` into the empty database, in one transaction; new tables are numbered
    after the highest id copied, and games ending later after the last one that ended."""
    async with connection.transaction():
        for name in rows:
            if await connection.fetchval(f"SELECT EXISTS (SELECT 1 FROM {name})"):
                raise MigrationError(f"the PostgreSQL database already holds {name}: migrate "
                                     f"into an empty database (the bot creates its schema).")
        for name, (columns, found) in rows.items():
            types: dict[str, str] = {row[0]: row[1] for row in await connection.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = 'public' AND table_name = $1", name)}
            missing = [c for c in columns if c not in types]
            if missing:
                raise MigrationError(f"PostgreSQL's {name} has no column {missing[0]}: "
                                     f"this bot's schemas differ.")
            stamps = [i for i, c in enumerate(columns) if types[c] == TIMESTAMP]
            records = [_timestamps(row, stamps) for row in found]
            await connection.copy_records_to_table(name, records=records, columns=columns)
        await connection.execute(
            "SELECT setval(pg_get_serial_sequence('tables', 'id'),"
            " COALESCE((SELECT max(id) FROM tables), 0) + 1, false)")
        await connection.execute(
            "SELECT setval('finished_order_seq',"
            " COALESCE((SELECT max(finished_order) FROM tables), 0) + 1, false)")


def _timestamps(row: Sequence[Any], stamps: list[int]) -> tuple[Any, ...]:
    """SQLite's ISO text times as the datetimes PostgreSQL's timestamptz columns take."""
    values = list(row)
    for i in stamps:
        if isinstance(values[i], str):
            values[i] = datetime.fromisoformat(values[i].replace("Z", "+00:00"))
    return tuple(values)


async def compare_games(source: Path, url: str, ids: Sequence[int]) -> tuple[int, int]:
    """Each table's game replayed from both databases: (identical, unplayable in both)."""
    sqlite_storage = await open_storage(source)
    postgres = await open_storage(url)
    identical = unplayable = 0
    try:
        for table_id in ids:
            mine, theirs = await sqlite_storage.table(table_id), await postgres.table(table_id)
            if mine != theirs or mine is None:
                raise MigrationError(f"table {table_id} differs in PostgreSQL.")
            if mine.seed is None:
                continue
            before = await _replayed(sqlite_storage, mine)
            after = await _replayed(postgres, mine)
            if before != after:
                raise MigrationError(f"table {table_id}'s game does not replay the same from "
                                     f"PostgreSQL.")
            if before is None:
                unplayable += 1
            else:
                identical += 1
    finally:
        await sqlite_storage.close()
        await postgres.close()
    return identical, unplayable


async def _replayed(storage: Storage, table: TableRecord) -> Game | None:
    """The table's game as the engine rebuilds it from ``storage``; ``None`` if it can't be."""
    try:
        return stored_game(table, await storage.actions(table.id))
    except (RuleError, ValueError):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.migrate",
        description="Copy the bot's SQLite file into an empty PostgreSQL database, then check "
                    "the copy (row counts, and every stored game replayed). Stop the bot first.")
    parser.add_argument("--from", dest="source", type=Path,
                        help="the SQLite file (default: the one DATABASE_PATH/DATA_DIR name)")
    parser.add_argument("--to", dest="url",
                        help="the PostgreSQL database (default: DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        _, default_file, default_url = database_setting({**read_env_file(Path(".env")),
                                                         **os.environ})
    except ConfigError as error:
        return _fail(str(error))
    source = args.source or default_file
    url = args.url or default_url
    if not url or not is_postgres(url):
        return _fail("give the PostgreSQL database with --to postgresql://user:password@host/"
                     "database (or set DATABASE_URL).")
    try:
        copied = asyncio.run(migrate(source, url))
    except (MigrationError, StorageError) as error:
        return _fail(str(error))
    width = max(len(name) for name in copied.counts)
    print(f"copied {source} into {describe_url(url)}")
    for name, (mine, theirs) in copied.counts.items():
        print(f"  {name:<{width}}  {mine:>9,} rows in the file, {theirs:>9,} in PostgreSQL")
    print(f"replayed {copied.games:,} stored games from PostgreSQL: each ends as it does from "
          f"the file" + (f"; {copied.unplayable:,} replay from neither (as before)"
                         if copied.unplayable else ""))
    print("now set DATABASE_URL to this database and start the bot")
    return 0


def _fail(message: str) -> int:
    print(f"texas42 migrate: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
