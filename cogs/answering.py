"""What the /42 commands and the table's click handlers share: the Tables cog's parts, and the
ways both answer (a panel shown in place or privately, a message posted in the channel, an
error answered in one place), check the bot may post, and let the table be redrawn."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.answers import answer_error, answered_elsewhere, locale_of, send_private, within_window
from bot.autoplay import Autoplay
from bot.budget import ChannelBudget, Priority
from bot.i18n import N_, Locale, listed, reader, t
from bot.records import Status, TableRecord
from bot.service import Accepted, ComputerMove, Panel, Refusal, TableService
from engine.players.reasons import Explained

from .components import JoinButton
from .faces import Faces
from .games import game_title
from .live import TableMessages
from .messages.panel import panel_message
from .messages.reasons import reasons_message, trick_reasons_message
from .messages.reply import Reply
from .messages.summary import review_message
from .panels import Notice, OpenPanels
from .pictured import show_hand
from .pictures import Pictures
from .pings import TurnPings
from .referee import Referee

if TYPE_CHECKING:
    from bot.app import TexasBot

log = logging.getLogger(__name__)

Needs = tuple[tuple[discord.Permissions, str], ...]
"""Permissions, each with the name Discord gives it."""

POSTING: Needs = (
    (discord.Permissions(view_channel=True), N_("View Channel")),
    (discord.Permissions(send_messages=True), N_("Send Messages")),
    (discord.Permissions(embed_links=True), N_("Embed Links")),
    (discord.Permissions(attach_files=True), N_("Attach Files")),
)
"""What a table needs in its channel: to see the channel, post the table message, show it as
an embed, and upload its picture."""
IN_THREAD: Needs = (
    POSTING[0],
    (discord.Permissions(send_messages_in_threads=True), N_("Send Messages in Threads")),
    *POSTING[2:],
)
"""What a table needs in a thread, whose permissions are its channel's: there Send Messages in
Threads stands for Send Messages."""
THREADING: Needs = (
    POSTING[0],
    (discord.Permissions(create_public_threads=True), N_("Create Public Threads")),
    *IN_THREAD[1:],
)
"""What a table opened in a new thread needs in the channel: to start the thread, and what a
table needs in it (Send Messages in the channel itself is not needed)."""


def cant_post(locale: Locale, missing: Sequence[str] | None = None,
              needs: Needs = POSTING) -> Refusal:
    """The refusal of a table where the bot lacks the ``missing`` permissions (by default,
    when Discord refused without saying which: all it ``needs``), named."""
    if missing is None:
        missing = [label for _, label in needs]
    return Refusal("I can't post in this channel: I need these permissions here: {permissions}.",
                   permissions=listed(locale, [t(locale, label) for label in missing]))


class Answering:
    """The Tables cog's parts (set up by the cog) and the answers its commands and its click
    handlers have in common. The review is one of them: the Review button and ``/42 review``
    both show it."""

    bot: TexasBot
    service: TableService
    budget: ChannelBudget
    pictures: Pictures
    faces: Faces
    messages: TableMessages
    panels: OpenPanels
    pings: TurnPings
    autoplay: Autoplay
    referee: Referee

    async def answer_error(self, interaction: discord.Interaction[Any],
                           error: BaseException) -> None:
        """A refusal that carries the player's panel shows it with the reason; anything else
        is answered privately by :func:`bot.answers.answer_error`."""
        if isinstance(error, Refusal) and error.panel is not None:
            try:
                await self._show_panel(interaction, error.panel,
                                       notice=error.text(locale_of(interaction)))
                return
            except discord.HTTPException as failed:
                if answered_elsewhere(failed):
                    error = failed
                else:
                    log.warning("could not show the panel with a refusal", exc_info=True)
        await answer_error(interaction, error)

    async def on_review(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async def work() -> Reply:
            summary = await self.service.last_hand(table_id)
            table = (await self.service.snapshot(table_id)).table
            return review_message(summary, table, locale_of(interaction))

        reply = await within_window(interaction, work())
        await send_private(interaction, None, embed=reply.embed, view=reply.view)

    async def on_why(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Why the computer players played the last hand as they did: each decision's
        reasoning found again in the workers, from what its seat saw then."""
        async def work() -> Reply:
            hand = await self.service.computer_moves(table_id)
            found = await asyncio.gather(*(self._explained(move) for move in hand.moves))
            return reasons_message(hand, found, locale_of(interaction))

        reply = await within_window(interaction, work())
        await send_private(interaction, None, embed=reply.embed)

    async def on_trick_why(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Why the computer players played the trick on the table as they did, while the hand
        is on: each bot's estimate for the tile it played, and no other tile."""
        async def work() -> Reply:
            trick = await self.service.trick_moves(table_id)
            found = await asyncio.gather(*(self._explained(move) for move in trick.moves))
            return trick_reasons_message(trick, found, locale_of(interaction))

        reply = await within_window(interaction, work())
        await send_private(interaction, None, embed=reply.embed)

    async def _explained(self, move: ComputerMove) -> Explained | None:
        """A decision's reasoning, or None if it can't be worked out (a worker failed)."""
        try:
            return await self.autoplay.thinker.explain(move.observation, move.seed, move.hands)
        except Exception:
            log.exception("could not explain a computer player's move")
            return None

    def _after_action(self, accepted: Accepted) -> None:
        """A redraw of the table message (at once for a moment, else paced:
        :meth:`TableMessages.paced`), and of every open panel at the table but the one the
        answer itself redraws: each shows the turn, the trick and the score as they are.
        After a restart, the table message of a computer player's move waits for the
        restart's catch-up to draw it (with whatever happened meanwhile): otherwise hundreds
        of busy tables, each move a picture, would keep the catch-up of the others waiting
        and take the thinking's time."""
        table = accepted.snapshot.table
        if not (accepted.by_computer and self.messages.behind(table.id)):
            self.messages.paced(accepted)
        self.pings.touch(table.id)
        for user_id in accepted.redraw:
            self.panels.refresh(table.id, user_id)
        if table.status is Status.FINISHED:
            self.referee.game_over(accepted)

    def _touch(self, table_id: int, *,
               clicked: discord.Interaction[Any] | None = None) -> None:
        """The table changed (``clicked``: by a press on its message): its message, and whom
        it waits for, are drawn again soon."""
        self.messages.touch(table_id, clicked=clicked)
        self.pings.touch(table_id)

    async def _show_panel(self, interaction: discord.Interaction[Any], panel: Panel, *,
                          notice: str | None = None, piles: int | None = None) -> None:
        """The panel in place when the click came from it, else as a new private message."""
        locale = locale_of(interaction)
        reply = await show_hand(panel_message(panel, locale, notice=notice, piles=piles,
                                              faces=self.faces.known),
                                panel, locale, self.pictures)
        source = interaction.message
        message_id: int | None
        if (interaction.type is discord.InteractionType.component and source is not None
                and source.flags.ephemeral):
            await self._edit_source(interaction, reply)
            message_id = source.id
        elif interaction.response.is_done():
            message_id = (await interaction.followup.send(ephemeral=True, wait=True,
                                                          **reply.send_kwargs())).id
        else:
            message_id = (await interaction.response.send_message(
                ephemeral=True, **reply.send_kwargs())).message_id
        if message_id is not None:
            self.panels.remember(panel.table.id, message_id, interaction, locale,
                                 None if notice is None else Notice.on(panel, notice))
        await self._caught_up(panel, interaction.user.id)

    async def _caught_up(self, panel: Panel, user_id: int) -> None:
        """A move accepted while the panel was drawn and sent found it not yet open, so nothing
        redrew it: then it is drawn again now (else it could wait for ever on a turn that has
        come)."""
        if await self.service.moved_past(panel.table.id, panel.count):
            self.panels.refresh(panel.table.id, user_id)

    @staticmethod
    async def _edit_source(interaction: discord.Interaction[Any], reply: Reply) -> None:
        if interaction.response.is_done():
            await interaction.edit_original_response(**reply.edit_kwargs())
        else:
            await interaction.response.edit_message(**reply.edit_kwargs())

    @staticmethod
    def _channel_id(interaction: discord.Interaction[Any]) -> int:
        assert interaction.channel_id is not None
        return interaction.channel_id

    async def _invite(self, table: TableRecord, inviter_id: int,
                      guest: discord.Member | discord.User | discord.Role) -> None:
        """One message in the table's channel that pings ``guest`` (a member, or the members
        of a role) with the way to the table and a button to sit at it."""
        locale = table.locale
        text = t(locale, "{guest}: <@{inviter}> invites you to a table of {game}: {link}",
                 guest=guest.mention, inviter=inviter_id,
                 game=game_title(reader(locale, table.variant.seating), table.variant),
                 link=table.link)
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(table.id, t(locale, "Take a seat")))
        pinged = discord.AllowedMentions(
            everyone=False, users=[] if isinstance(guest, discord.Role) else [guest],
            roles=[guest] if isinstance(guest, discord.Role) else [])
        await self.budget.spend(Priority.MEMBERS)
        await self._table_channel(table).send(text, view=view, allowed_mentions=pinged)

    def _table_channel(self, table: TableRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _channel(self, interaction: discord.Interaction[Any]) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(self._channel_id(interaction),
                                                guild_id=interaction.guild_id)

    @staticmethod
    def _needs(interaction: discord.Interaction[Any]) -> Needs:
        """What a table needs where the interaction comes from: a thread, or a channel."""
        return IN_THREAD if isinstance(interaction.channel, discord.Thread) else POSTING

    def _require_posting(self, interaction: discord.Interaction[Any],
                         needs: Needs | None = None) -> None:
        """A table needs to post and edit its message here (or, with ``needs``, whatever that
        names), picture included; say what is missing before anything is made."""
        needs = needs or self._needs(interaction)
        granted = interaction.app_permissions
        missing = [label for needed, label in needs if not granted.is_superset(needed)]
        if missing:
            raise cant_post(locale_of(interaction), missing, needs)

    async def _post(self, interaction: discord.Interaction[Any],
                    channel: discord.PartialMessageable | discord.Thread, reply: Reply,
                    needs: Needs | None = None) -> discord.Message:
        """The message posted in ``channel``; refused, the refusal names what ``needs`` (by
        default what the interaction's channel needs) names."""
        try:
            await self.budget.spend(Priority.MEMBERS)
            return await channel.send(**reply.send_kwargs())
        except discord.Forbidden:
            raise cant_post(locale_of(interaction), None,
                            needs or self._needs(interaction)) from None

    @staticmethod
    async def _send_private(interaction: discord.Interaction[Any], **kwargs: Any) -> None:
        """A message only the presser sees, files included: the answer, or a followup."""
        kwargs["ephemeral"] = True
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)

    async def _close(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self.service.end(table_id, interaction.user.id,
                               moderator=self._moderator(interaction))
        self._touch(table_id)

    @staticmethod
    def _moderator(interaction: discord.Interaction[Any]) -> bool:
        permissions = interaction.permissions
        return permissions.manage_messages or permissions.administrator
