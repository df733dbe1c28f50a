"""A process that referees a tournament and is killed in the middle of a step: ``python -m
tests.bot.tournament_child DATABASE TOURNAMENT MARKER STEP``. It runs the tournament as the bot
does (:mod:`tests.bot.refereed`) and, the third time it completes STEP (``game``: a game's last
action committed; ``result``: a match's result recorded; ``claim``: a match claimed, its thread
not started; ``table``: a game's table created, its message not posted), writes MARKER and
waits to be killed."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.service import TableService
from bot.storage import open_storage
from bot.storage.base import Storage
from tests.bot.refereed import run_to_the_end

WRITES = {"game": "append_action", "result": "record_result", "claim": "claim_match",
          "table": "create_match_table"}
"""Each step, by the storage write that completes it."""
NTH = 3


def stopping_after(marker: Path, step: str) -> None:
    """The storage's write of ``step`` stops the process for good the :data:`NTH` time it
    completes (a game's last action only: the others do not end a game)."""
    name = WRITES[step]
    original: Callable[..., Awaitable[Any]] = getattr(Storage, name)
    done = 0

    async def then_stop(self: Storage, *args: Any, **kwargs: Any) -> Any:
        nonlocal done
        found = await original(self, *args, **kwargs)
        if step != "game" or kwargs.get("finished") is not None:
            done += 1
        if done == NTH:
            marker.write_text(step)
            time.sleep(600)  # until the kill
        return found

    setattr(Storage, name, then_stop)


async def main(database: str, tournament_id: int, marker: Path, step: str) -> None:
    stopping_after(marker, step)
    storage = await open_storage(database)
    await run_to_the_end(TableService(storage), storage, tournament_id)
    marker.write_text("over")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]))
