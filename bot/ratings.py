"""``python -m bot.ratings rebuild``: every rating and member's history rebuilt from the games.

    python -m bot.ratings rebuild [--database data/texas42.sqlite3 | postgresql://…]

The database defaults to the bot's settings (the environment over ``.env``). Ratings are a pure
function of the games (:mod:`bot.rating`): every finished game is replayed by the engine, in the
order the games ended, and the members' histories, ratings and rating changes are replaced by
what comes out, in one transaction that games ending meanwhile wait for. The bot does this
itself when it starts on ratings computed by another model (:data:`bot.rating.MODEL_ID`), as
after the upgrade that brought histories; the command is for doing it by hand, and the bot may
keep running meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine import RuleError

from .config import ConfigError, database_setting, read_env_file
from .rating import MODEL_ID, Change, Pool, RatedGame, Rating, replay
from .records import StoredAction, TableRecord, stored_game
from .service.results import results
from .storage import ConflictError, Storage, StorageError, open_storage
from .storage.endings import Played, played, rated

ATTEMPTS = 5
"""Rebuilds tried before giving up while games keep ending (each ended game means another)."""


@dataclass(frozen=True, slots=True)
class Rebuilt:
    games: int
    """Games between members rated."""
    members: int
    """Ratings (a member in one kind of game on one server)."""
    unplayable: int
    """Finished games the engine can no longer replay (left out of histories and ratings)."""


@dataclass(frozen=True, slots=True)
class Replayed:
    """Everything kept about the finished games, as the engine replays them."""

    ratings: dict[tuple[Pool, int], Rating]
    changes: list[Change]
    played: list[Played]
    rated: int
    unplayable: int


def replayed(tables: Sequence[TableRecord],
             actions: Mapping[int, Sequence[StoredAction]]) -> Replayed:
    """The ratings, their changes and the members' histories, rebuilt from the finished
    tables in the order they ended: every game goes into its members' histories, and is rated
    as it was when it ended (:func:`bot.storage.endings.rated`)."""
    games: list[RatedGame] = []
    history: list[Played] = []
    unplayable = 0
    for table in tables:
        try:
            game = stored_game(table, actions[table.id])
        except (RuleError, ValueError):
            unplayable += 1
            continue
        if not game.is_over:
            continue
        members, computers = results(table, game)
        history += played(table.id, table.guild_id, members, game.standing.totals)
        found = rated(members, computers)
        if found is not None:
            games.append(RatedGame(table.id, (table.guild_id, members[0].game.value),
                                   tuple(found[0]), found[1]))
    ratings, changes = replay(games)
    return Replayed(ratings, changes, history, len({c.table_id for c in changes}), unplayable)


async def rebuild(storage: Storage) -> Rebuilt:
    """Replace every rating and member's history by its rebuild from the stored games, the
    replays run off the event loop.

    Raises :class:`ConflictError` if games kept ending through :data:`ATTEMPTS` tries."""
    for _ in range(ATTEMPTS):
        tables = await storage.finished_tables()
        actions = await storage.actions_of([t.id for t in tables])
        found = await asyncio.to_thread(replayed, tables, actions)
        try:
            await storage.replace_history(found.ratings, found.changes, found.played,
                                          len(tables), MODEL_ID)
        except ConflictError:
            continue
        return Rebuilt(found.rated, len(found.ratings), found.unplayable)
    raise ConflictError(f"games kept ending through {ATTEMPTS} rebuilds: try again")


async def rebuild_if_needed(storage: Storage) -> Rebuilt | None:
    """Rebuild when the ratings kept were computed by another model than :data:`MODEL_ID`
    (or never: the upgrade that brought histories), as a start does; ``None`` if current."""
    if await storage.rating_model() == MODEL_ID:
        return None
    return await rebuild(storage)


async def _rebuild(database: Path | str) -> Rebuilt:
    storage = await open_storage(database)
    try:
        return await rebuild(storage)
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.ratings",
        description="Members' ratings: rebuild them all from the stored games.")
    parser.add_argument("command", choices=["rebuild"])
    parser.add_argument("--database", help="the SQLite file or postgresql:// URL (default: the "
                                           "bot's DATABASE_URL, DATABASE_PATH or DATA_DIR)")
    args = parser.parse_args(argv)
    try:
        _, default_file, default_url = database_setting({**read_env_file(Path(".env")),
                                                         **os.environ})
    except ConfigError as error:
        return _fail(str(error))
    database: Path | str = args.database or default_url or default_file
    try:
        done = asyncio.run(_rebuild(database))
    except StorageError as error:
        return _fail(str(error))
    print(f"rated {done.games:,} games between members: {done.members:,} ratings rebuilt"
          + (f"; {done.unplayable:,} games no longer replay and stay unrated"
             if done.unplayable else ""))
    return 0


def _fail(message: str) -> int:
    print(f"texas42 ratings: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
