"""The Discord client: a ``commands.Bot`` given its settings and its table service, or, for a
process holding some of the bot's shards, an auto-sharded one (:class:`ShardedTexasBot`).

``setup_hook`` installs the translator of command names and descriptions, loads the cogs (which
register their persistent components) and syncs the slash commands, to the development server
at once when one is configured, else globally. Errors of every slash command are answered in one
place, the tree's ``on_error``; options of the wrong kind are refused before a command runs
(:mod:`bot.options`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from .answers import answer_error, locale_of
from .autoplay import Autoplay
from .budget import ChannelBudget
from .config import Config
from .options import WrongKind, check_options
from .service import TableService
from .thinking import PoolThinker
from .translator import CommandTranslator

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tables",)


def intents() -> discord.Intents:
    """Guild events only: no privileged intent (members, presences, message content)."""
    return discord.Intents(guilds=True)


class TableTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every option holds what its command declares (:func:`bot.options.check_options`)
        before discord.py reads them; if not, the member is told which, privately (an
        autocomplete offers nothing), and the command does not run."""
        try:
            check_options(self, interaction)
        except WrongKind as wrong:
            log.info("interaction %s refused: %s", interaction.id, wrong)
            if interaction.type is discord.InteractionType.autocomplete:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.response.autocomplete([])
            else:
                await answer_error(interaction, wrong.refusal(locale_of(interaction)))
            return False
        return True

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
        self.budget = ChannelBudget(service.storage)
        """What the bot sends in channels, within Discord's budget for the whole bot."""
        self._pool: PoolThinker | None = None
        if autoplay is None:
            self._pool = PoolThinker(config.bot_policy, config.bot_workers)
            autoplay = Autoplay(service, self._pool, pause=config.bot_pause)
        self.autoplay = autoplay
        self._extensions = tuple(extensions)
        self._warming: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        if self._pool is not None:
            # The thinking processes start while the bot connects, not at the first move.
            self._warming = asyncio.create_task(self._pool.start(), name="thinking processes")
        # Before any command is synced: names and descriptions go out in every language.
        await self.tree.set_translator(CommandTranslator())
        for name in self._extensions:
            await self.load_extension(name)
        await self.sync_commands()

    async def close(self) -> None:
        """Computer players stop first (a move they were making is made again after a restart),
        then the connection closes."""
        if self._warming is not None:  # a pool still starting is closed once started
            await asyncio.gather(self._warming, return_exceptions=True)
        await self.autoplay.close()
        await self.budget.close()
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


IDENTIFY_INTERVAL = 5.0
"""Seconds Discord wants between two IDENTIFYs of one rate-limit bucket."""


class ShardedTexasBot(TexasBot, commands.AutoShardedBot):
    """The bot holding ``config.shards``: one gateway connection per shard, in one client. The
    table service is told the shards, so only their servers' tables are resumed here.

    Shards are started as fast as Discord allows: up to ``max_concurrency`` (from
    ``/gateway/bot``) at once, each rate-limit bucket (``shard_id % max_concurrency``) waiting
    five seconds between two IDENTIFYs, instead of five seconds before every shard."""

    def __init__(self, config: Config, service: TableService, **options: Any) -> None:
        shards = config.shards
        assert shards is not None
        super().__init__(config, service, shard_count=shards.count, shard_ids=list(shards.ids),
                         **options)
        self._concurrency: int | None = None
        self._identified: dict[int, float] = {}
        self._identify_lock = asyncio.Lock()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        async with self._identify_lock:
            if self._concurrency is None:
                self._concurrency = await self._max_concurrency()
            loop = asyncio.get_running_loop()
            bucket = (shard_id or 0) % self._concurrency
            last = self._identified.get(bucket)
            if last is not None and (wait := last + IDENTIFY_INTERVAL - loop.time()) > 0:
                await asyncio.sleep(wait)
            self._identified[bucket] = loop.time()

    async def _max_concurrency(self) -> int:
        """How many shards may identify at once; 1 if Discord can't be asked. Says so when
        Discord recommends more shards than the bot is configured with."""
        try:
            recommended, _, limits = await self.http.get_bot_gateway()
        except discord.DiscordException as error:
            log.warning("could not read the session start limits (%s); shards start one "
                        "every %g s", error, IDENTIFY_INTERVAL)
            return 1
        if self.shard_count is not None and recommended > self.shard_count:
            log.warning("Discord recommends %d shards; SHARD_COUNT is %d", recommended,
                        self.shard_count)
        return max(1, int(limits.get("max_concurrency", 1)))

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("shard %d of %s ready", shard_id, self.shard_count)


def bot_for(config: Config, service: TableService, **options: Any) -> TexasBot:
    """The client ``config`` asks for: sharded when ``SHARD_COUNT`` is set."""
    if config.shards is None:
        return TexasBot(config, service, **options)
    return ShardedTexasBot(config, service, **options)
