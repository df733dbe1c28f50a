"""``python -m bot.ratings rebuild``: every member's rating rebuilt from the stored games.

    python -m bot.ratings rebuild [--database data/texas42.sqlite3 | postgresql://…]

The database defaults to the bot's settings (the environment over ``.env``). Ratings are a pure
function of the games (:mod:`bot.rating`): every finished game between members is replayed by
the engine, in the order the games ended, and the ratings and their history are replaced by
what comes out, in one transaction that games ending meanwhile wait for. Run it once after the
upgrade that brings ratings (the games played before it are rated then), or whenever the rating
rules change. The bot may keep running.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine import RuleError

from .config import ConfigError, database_setting, read_env_file
from .rating import Placing, RatedGame, replay
from .records import StoredAction, TableRecord, stored_game
from .service.results import results
from .storage import ConflictError, Storage, StorageError, open_storage

ATTEMPTS = 5
"""Rebuilds tried before giving up while games keep ending (each ended game means another)."""


@dataclass(frozen=True, slots=True)
class Rebuilt:
    games: int
    """Games between members rated."""
    members: int
    """Ratings (a member in one kind of game on one server)."""
    unplayable: int
    """Finished games between members the engine can no longer replay (left unrated)."""


def rated_games(tables: Sequence[TableRecord],
                actions: Mapping[int, Sequence[StoredAction]]) -> Iterator[RatedGame | None]:
    """Each finished table's game as the ratings read it, in order: nothing for a game with a
    computer player's own seat, ``None`` for one the engine cannot replay."""
    for table in tables:
        if any(player is None or player.is_computer for player in table.seats):
            continue
        try:
            game = stored_game(table, actions[table.id])
        except (RuleError, ValueError):
            yield None
            continue
        members, computers = results(table, game)
        if not game.is_over or computers or not members:
            continue
        yield RatedGame(table.id, (table.guild_id, members[0].game.value),
                        tuple(Placing(r.user_id, r.side, r.rank) for r in members
                              if r.side is not None))


async def rebuild(storage: Storage) -> Rebuilt:
    """Replace every rating by its rebuild from the stored games.

    Raises :class:`ConflictError` if games kept ending through :data:`ATTEMPTS` tries."""
    for _ in range(ATTEMPTS):
        tables = await storage.finished_tables()
        found = list(rated_games(tables, await storage.actions_of([t.id for t in tables])))
        games = [game for game in found if game is not None]
        ratings, changes = replay(games)
        try:
            await storage.replace_ratings(ratings, changes, len(tables))
        except ConflictError:
            continue
        return Rebuilt(len(games), len(ratings), len(found) - len(games))
    raise ConflictError(f"games kept ending through {ATTEMPTS} rebuilds: try again")


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
