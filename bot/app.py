"""The Discord client: a ``commands.Bot`` given its settings and its table service.

``setup_hook`` installs the translator of command names and descriptions, loads the cogs (which
register their persistent components) and syncs the slash commands, to the development server
at once when one is configured, else globally. Errors of every slash command are answered in one
place, the tree's ``on_error``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from .answers import answer_error
from .autoplay import Autoplay
from .config import Config
from .service import TableService
from .thinking import PoolThinker
from .translator import CommandTranslator

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tables",)


def intents() -> discord.Intents:
    """Guild events only: no privileged intent (members, presences, message content)."""
    return discord.Intents(guilds=True)


class TableTree(app_commands.CommandTree[Any]):
    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


class TexasBot(commands.Bot):
    def __init__(self, config: Config, service: TableService, *,
                 autoplay: Autoplay | None = None, extensions: Sequence[str] = EXTENSIONS,
                 **options: Any) -> None:
        """``options`` go to ``commands.Bot`` (for example ``guild_ready_timeout``). Without
        ``autoplay``, computer players think in a process pool as ``config`` says."""
        # The bot never joins voice: don't warn at every start that voice libraries are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         tree_cls=TableTree, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.config = config
        self.service = service
        self.autoplay = autoplay or Autoplay(
            service, PoolThinker(config.bot_policy, config.bot_workers), pause=config.bot_pause)
        self._extensions = tuple(extensions)

    async def setup_hook(self) -> None:
        # Before any command is synced: names and descriptions go out in every language.
        await self.tree.set_translator(CommandTranslator())
        for name in self._extensions:
            await self.load_extension(name)
        await self.sync_commands()

    async def close(self) -> None:
        """Computer players stop first (a move they were making is made again after a restart),
        then the connection closes."""
        await self.autoplay.close()
        await super().close()

    async def sync_commands(self) -> None:
        """To the development server when configured (at once), else globally (Discord may take
        a while to show them everywhere). A failure is logged, not fatal: the bot still plays
        with the commands synced before."""
        guild_id = self.config.dev_guild_id
        try:
            if guild_id is not None:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to server %s", len(synced), guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d commands globally", len(synced))
        except discord.Forbidden:
            log.error("could not sync commands to server %s: invite the bot there with the "
                      "applications.commands scope", guild_id)
        except discord.HTTPException as error:
            log.error("could not sync commands: %s", error)

    async def on_ready(self) -> None:
        user = self.user
        log.info("connected as %s (%s) to %d servers", user, user.id if user else "?",
                 len(self.guilds))
