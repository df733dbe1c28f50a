"""A minimal bot for the double's own subprocess tests: ``/sample count`` bumps a counter kept
in SQLite, so a restarted process shows that it picked up the same database.

Run like the real bot: ``python -m tools.discord_double.launcher --api URL -- \
tests.discord_double.sample_bot`` with ``DISCORD_TOKEN`` and ``SAMPLE_BOT_DB`` set.
"""

from __future__ import annotations

import os
import sqlite3

import discord
from discord import app_commands


class SampleBot(discord.Client):
    def __init__(self, db_path: str) -> None:
        super().__init__(intents=discord.Intents.default())
        self.db = sqlite3.connect(db_path)
        self.db.execute("CREATE TABLE IF NOT EXISTS counter (n INTEGER NOT NULL)")
        self.tree = app_commands.CommandTree(self)
        group = app_commands.Group(name="sample", description="Sample commands")

        @group.command(description="Count one more")
        async def count(interaction: discord.Interaction) -> None:
            with self.db:
                self.db.execute("INSERT INTO counter VALUES (1)")
            (n,) = self.db.execute("SELECT COUNT(*) FROM counter").fetchone()
            await interaction.response.send_message(f"count {n} (pid {os.getpid()})")

        self.tree.add_command(group)

    async def setup_hook(self) -> None:
        await self.tree.sync()


def main() -> None:
    SampleBot(os.environ["SAMPLE_BOT_DB"]).run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
