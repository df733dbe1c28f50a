"""The Tables cog: the /42 commands (:mod:`cogs.slash`) and what the table's buttons do
(:mod:`cogs.clicks`), on the parts and answers they share (:mod:`cogs.answering`); here, how
the cog starts, resumes the open tables and stops.

Everything a player does here goes through :class:`bot.service.TableService`, which commits an
accepted action before this module answers. Refusals are answered privately by
:meth:`Tables.answer_error` (components) and the command tree's ``on_error`` (commands).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands, tasks

from bot.answers import locale_of, send_private, within_window
from bot.i18n import t
from bot.records import TableRecord
from bot.service import Refusal

from .clicks import ClickHandlers
from .components import serve, unserve
from .dispatch import DYNAMIC_ITEMS, carries, dispatched, press
from .faces import Faces
from .history import HistoryCommands
from .live import SPACING_PAUSES, TableMessages
from .panels import OpenPanels
from .pictures import Pictures
from .pings import TurnPings
from .referee import Referee
from .slash import SlashCommands
from .tournaments import TournamentCommands

if TYPE_CHECKING:
    from bot.app import TexasBot

log = logging.getLogger(__name__)

GRACE_CHECK = 30.0
"""Seconds between two looks for teams late to their matches (a grace period is minutes)."""
CATCH_UP_LIMIT = 30.0
"""Seconds a restart's redraws wait at most for the computer players' first moves."""


@app_commands.guild_only()  # /42 is not offered in DMs; interaction_check still refuses one
class Tables(SlashCommands, HistoryCommands, TournamentCommands, ClickHandlers,
             commands.GroupCog, name="Tables",
             group_name=locale_str("42", msgctxt="command name"),
             group_description=locale_str("Texas 42 at a table in this channel")):
    def __init__(self, bot: TexasBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.pictures = Pictures()
        self.faces = Faces()
        self.budget = bot.budget
        self.pings = TurnPings(bot, self.service, self.budget)
        self.autoplay = bot.autoplay
        self.messages = TableMessages(bot, self.service, self.pictures, self.budget,
                                      spacing=SPACING_PAUSES * self.autoplay.pause,
                                      awaited=self.pings.awaited,
                                      strong=bot.config.strong_player)
        self.panels = OpenPanels(bot, self.service, self.pictures, self.faces)
        self.referee = Referee(bot, self.service, self.pictures, self.budget, self.messages,
                               self.pings)
        self._faces_task: asyncio.Task[None] | None = None
        self.autoplay.listen(self._after_action)
        self._resume_task: asyncio.Task[None] | None = None
        self.invite_menu = app_commands.ContextMenu(
            name=locale_str("Invite to the 42 table"), callback=self._invite_from_menu)
        self.invite_menu.guild_only = True
        super().__init__()

    async def cog_unload(self) -> None:
        unserve(self.bot, self)
        self.bot.tree.remove_command(self.invite_menu.name, type=self.invite_menu.type)
        self.autoplay.unlisten(self._after_action)
        self.messages.close()
        self.panels.close()
        self.pings.close()
        for redrawer in (self.messages.redrawer, self.panels.redrawer, self.pings.redrawer):
            await redrawer.close()
        self._grace.cancel()
        await self.referee.close()
        for task in (self._faces_task, self._resume_task):
            if task is not None:
                task.cancel()

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        self.saw(interaction)
        return True

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """A member typed a command or pressed a button here: they are watching the channel's
        table, and need no ping to see their turn come."""
        if interaction.channel_id is not None:
            self.pings.pressed(interaction.channel_id, interaction.user.id)

    async def cog_load(self) -> None:
        """The open tables resume as soon as the bot has logged in: their computer players
        need only the database, and their messages only Discord's HTTP API, not READY (which
        comes only after every server has been announced, and a pause). From now on the
        table's buttons and selects are answered here."""
        serve(self.bot, self)
        self.bot.tree.add_command(self.invite_menu)
        self._resume_task = asyncio.create_task(self._resume(), name="open tables resumed")
        self._grace.start()

    async def _resume(self) -> None:
        """After a start (or a restart, kill -9 included) the open games are rebuilt at once,
        computer players whose turn it is play on, the members' panels that can still be
        edited follow the game again, and every open table not drawn meanwhile
        is redrawn once, a few at a time, so a message left one action behind catches up;
        its buttons already work meanwhile. The redraws wait for the computer players' first
        moves, whose own redraws wait for the catch-up: a thousand pictures drawn first would
        hold up their thinking, and busy tables drawn at every move would hold up the rest."""
        try:
            await self.referee.resume()
            tables = await self.service.active_tables()
            if not tables:
                return
            log.info("resuming %d open tables", len(tables))
            await self.service.preload(tables)
            await self.autoplay.resume(tables)
            self.panels.restore(await self.service.open_panels([table.id for table in tables]))
            await self.messages.catch_up([table.id for table in tables], self._computers_moved())
            for table in tables:
                self.pings.touch(table.id)
        except Exception:
            log.exception("resuming the open tables failed")

    @tasks.loop(seconds=GRACE_CHECK)
    async def _grace(self) -> None:
        """Teams late to their matches past the grace period forfeit them."""
        try:
            await self.referee.forfeit_the_absent()
        except Exception:
            log.exception("the tournaments' grace check failed")

    async def _computers_moved(self) -> None:
        """Until the resumed computer players have made their first moves, or at most
        :data:`CATCH_UP_LIMIT` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.autoplay.caught_up(), CATCH_UP_LIMIT)

    async def _invite_from_menu(self, interaction: discord.Interaction[Any],
                                member: discord.Member) -> None:
        """A member's Apps menu: invite them to this channel's table (one ping, with a button
        to sit)."""
        self.saw(interaction)
        try:
            await self._invite_member(interaction, member)
        except Exception as error:
            await self.answer_error(interaction, error)

    async def _invite_member(self, interaction: discord.Interaction[Any],
                             member: discord.Member) -> None:
        if member.bot:
            raise Refusal("Computer players take a seat with Add bot on the table.")

        async def work() -> TableRecord:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            return (await self.service.invitation(table.id, interaction.user.id,
                                                  member.id)).table

        table = await within_window(interaction, work())
        await self._invite(table, interaction.user.id, member)
        await send_private(interaction, t(locale_of(interaction), "You invited {player}.",
                                          player=member.mention))

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """The tiles' faces, created if missing, without holding up anything else."""
        if self._faces_task is None:
            self._faces_task = asyncio.create_task(self.faces.ensure(self.bot, self.budget),
                                                   name="tile faces")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A button or select that none of today's answers is answered privately with where
        the table is, never left to fail: a ``42:`` one was posted by an older version (or
        tampered with); any other id, an empty one included, is none of the bot's."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if dispatched(custom_id, interaction.message, data.get("component_type")):
            return
        locale = locale_of(interaction)
        message = interaction.message
        if message is not None and message.flags.ephemeral and not carries(
                message, custom_id) and await press(interaction, custom_id):
            # A panel replaced, or expired, before the member's screen showed it: the press
            # is judged as any other (an out-of-date one brings their current panel here).
            return
        old = custom_id.startswith("42:")
        try:
            table = await within_window(interaction, self.service.table_in_channel(
                self._channel_id(interaction)))
        except Refusal:
            text = (t(locale, "That button is from an older version of the table and does"
                              " nothing now. There is no table in this channel: open one with"
                              " /42 new.") if old else
                    t(locale, "That button or menu is not one of mine, so nothing was done."
                              " There is no table in this channel: open one with /42 new."))
        else:
            text = (t(locale, "That button is from an older version of the table and does"
                              " nothing now. The table is here: {link}", link=table.link)
                    if old else
                    t(locale, "That button or menu is not one of mine, so nothing was done."
                              " The table is here: {link}", link=table.link))
        await send_private(interaction, text)


async def setup(bot: commands.Bot) -> None:
    from bot.app import TexasBot

    assert isinstance(bot, TexasBot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Tables(bot))
