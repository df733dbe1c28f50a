"""A process that commits a game's last action and is killed: ``python -m tests.bot.crash_child
DATABASE STEP MARKER WHEN``. It reads the action and the game's results from the pickle STEP,
and writes MARKER once it is ``inside`` the transaction (every row of the game's end written,
nothing committed) or ``after`` the commit; then it waits to be killed."""

from __future__ import annotations

import asyncio
import pickle
import sys
import time
from pathlib import Path
from typing import Any

from bot.storage import open_storage
from bot.storage.endings import Endings


async def main(database: str, step: Path, marker: Path, when: str) -> None:
    table_id, action, members, computers, totals = pickle.loads(step.read_bytes())
    if when == "inside":
        original = Endings._write_ratings

        async def stalled(db: Any, ratings: Any, changes: Any) -> None:
            await original(db, ratings, changes)
            marker.write_text("inside")
            time.sleep(600)  # holds the transaction open until the kill

        Endings._write_ratings = staticmethod(stalled)  # type: ignore[method-assign]
    storage = await open_storage(database)
    await storage.append_action(table_id, action, finished=members, computers=computers,
                                totals=totals)
    marker.write_text("after")
    time.sleep(600)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]))
