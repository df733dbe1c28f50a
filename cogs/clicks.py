"""What the table's buttons and selects do once their custom ids are read: the methods of
:class:`cogs.components.TableHandlers` (but the review, which ``/42 review`` shares). Each is
parse, call the service, answer; a refusal goes to :meth:`Answering.answer_error`."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import discord

from bot.answers import locale_of, send_private, within_window
from bot.budget import Priority
from bot.i18n import t
from bot.records import Level, Status, TableRecord, mention, mentions
from bot.service import AwayVote, Panel, Refusal, Rematch
from bot.service.refusals import OUT_OF_DATE, require_drawn
from engine import Seat

from .answering import Answering
from .guide import last_trick_message, rules_message
from .hints import hint_text
from .messages.away import away_menu, away_request
from .messages.reply import Reply
from .messages.words import voice
from .pings import Nudge, waiting_for

log = logging.getLogger(__name__)


class ClickHandlers(Answering):
    """The table message's buttons, the lobby's settings, the private answers' buttons and the
    panel's buttons and selects."""

    # ----- /42 end's question -------------------------------------------------------------------

    async def on_end_confirmed(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        await within_window(interaction, self._close(interaction, table_id), update=True)
        await self._edit_source(interaction, Reply(t(
            locale_of(interaction), "The table is closed. An unfinished game adds nothing to"
                                    " the leaderboard.")))

    async def on_end_cancelled(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        await self._edit_source(interaction, Reply(t(locale_of(interaction),
                                                     "The game goes on.")))

    # ----- the table message's buttons ----------------------------------------------------------

    async def on_sit(self, interaction: discord.Interaction[Any], table_id: int,
                     seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.join(
            table_id, interaction.user.id, seat, name=interaction.user.display_name))

    async def on_leave(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._table_change(interaction, table_id,
                                 self.service.leave(table_id, interaction.user.id))

    async def on_rules(self, interaction: discord.Interaction[Any], table_id: int,
                       values: list[str]) -> None:
        """The lobby's house-rules select: the creator's choice is stored for the start; a
        refusal is private, and the table is redrawn so the select shows what is in force."""
        try:
            await self._table_change(interaction, table_id,
                                     self.service.set_options(table_id, interaction.user.id,
                                                              values))
        except Refusal:
            self._touch(table_id)
            raise

    async def on_level(self, interaction: discord.Interaction[Any], table_id: int,
                       value: str) -> None:
        """The lobby's level button: the creator sets how strong the computer players are."""
        await self._table_change(interaction, table_id, self.service.set_computers(
            table_id, interaction.user.id, level=Level(value)))

    async def on_hints(self, interaction: discord.Interaction[Any], table_id: int,
                       value: str) -> None:
        """The lobby's hints button: the creator turns hints on or off."""
        await self._table_change(interaction, table_id, self.service.set_computers(
            table_id, interaction.user.id, hints=value == "on"))

    async def on_start(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._table_change(interaction, table_id,
                                 self.service.start(table_id, interaction.user.id))

    async def on_add_computer(self, interaction: discord.Interaction[Any], table_id: int,
                              seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.add_computer(
            table_id, interaction.user.id, seat))

    async def on_remove_computer(self, interaction: discord.Interaction[Any], table_id: int,
                                 seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.remove_computer(
            table_id, interaction.user.id, seat))

    async def on_away_menu(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        table = snapshot.table
        if table.status is not Status.PLAYING:
            raise Refusal("A computer player can stand in only while a game is on.")
        if table.seat_of(interaction.user.id) is None:
            raise Refusal("Only the players at this table can let a computer player stand in.")
        await within_window(interaction, self.service.require_votable(table))
        reply = away_menu(table, locale_of(interaction), interaction.user.id)
        await send_private(interaction, reply.content, view=reply.view)

    async def on_away(self, interaction: discord.Interaction[Any], table_id: int,
                      seat: Seat) -> None:
        """A vote to let a computer player play ``seat``; the table shows the votes."""
        vote = await within_window(interaction, self.service.vote_away(
            table_id, interaction.user.id, seat))
        self._touch(table_id)
        locale = voice(locale_of(interaction), vote.snapshot.table)
        player = vote.snapshot.table.player(seat)
        if vote.handed_over:
            self.panels.refresh_table(table_id)
            text = t(locale, "Everyone agreed: a 🤖 bot plays {seat} for {player} until they"
                             " press I'm back.", seat=seat,
                     player=player.mention if player is not None else "")
        else:
            text = t(locale, "You agreed to let a bot play {seat}. Still needed: {waiting}.",
                     seat=seat, waiting=mentions(vote.waiting))
        await send_private(interaction, text)
        if vote.asked:
            await self._ask(vote, interaction.user.id)

    async def _ask(self, vote: AwayVote, voter_id: int) -> None:
        """The members whose agreement a new request needs are pinged, once, with the way to
        the table's Agree button."""
        table = vote.snapshot.table
        text = away_request(voice(table.locale, table), table, vote.seat, voter_id,
                            vote.waiting)
        try:
            await self.budget.spend(Priority.MEMBERS)
            await self._table_channel(table).send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in vote.waiting]))
        except discord.HTTPException as error:
            log.info("table %s: could not ask for agreement: %s", table.id, error)

    async def on_join(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """An invitation's button: the presser takes the first free seat (the invitation stays
        as it was, for whoever else it asked)."""
        snapshot = await within_window(interaction, self.service.join(
            table_id, interaction.user.id, name=interaction.user.display_name))
        self._touch(table_id)
        table = snapshot.table
        seat = table.seat_of(interaction.user.id)
        await send_private(interaction, t(voice(locale_of(interaction), table),
                                          "You sit {seat}: {link}", seat=seat,
                                          link=table.link))

    async def on_nudge(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A seated player nudges the member the table waits for: one ping, once a turn."""
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        table = snapshot.table
        if table.seat_of(interaction.user.id) is None:
            raise Refusal("Only the players at this table can nudge.")
        wanted = waiting_for(snapshot)
        if wanted is None:
            raise Refusal("The table is not waiting for a member: nobody to nudge.")
        if wanted == interaction.user.id:
            raise Refusal("It's your turn: nobody to nudge but you.")
        if not await self.service.pings_on(table.guild_id, wanted):
            raise Refusal("{player} has turned pings off.", player=mention(wanted))
        locale, player = locale_of(interaction), mention(wanted)
        match self.pings.nudge(table, wanted):
            case Nudge.SENT:
                text = t(locale, "You nudged {player}.", player=player)
            case Nudge.ONCE:
                text = t(locale, "{player} was nudged already this turn.", player=player)
            case Nudge.PINGED:
                text = t(locale, "{player} has been pinged for this turn already.",
                         player=player)
        await send_private(interaction, text)

    async def on_back(self, interaction: discord.Interaction[Any], table_id: int,
                      seat: Seat) -> None:
        """I'm back: the seat is the member's to play again; their panel, ready to play."""
        await self._take_back(interaction, table_id, seat)

    async def on_return(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """I'm back, from the button for any away member: the presser's own seat."""
        await self._take_back(interaction, table_id, None)

    async def _take_back(self, interaction: discord.Interaction[Any], table_id: int,
                         seat: Seat | None) -> None:
        panel = await within_window(interaction, self.service.take_back(
            table_id, interaction.user.id, seat), update=True)
        self._touch(table_id)
        await self._show_panel(interaction, panel, notice=t(
            voice(locale_of(interaction), panel.table),
            "Welcome back: you play {seat} again.", seat=panel.seat))

    async def on_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        panel = await within_window(interaction, self.service.panel(table_id,
                                                                    interaction.user.id))
        await self._show_panel(interaction, panel)

    async def on_last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        await send_private(interaction, last_trick_message(
            snapshot, voice(locale_of(interaction), snapshot.table)))

    async def on_guide(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        reply = rules_message(locale_of(interaction), snapshot.table.options,
                              snapshot.table.variant)
        await send_private(interaction, None, embed=reply.embed)

    async def on_rematch(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """One agreement; the rematch starts, at a new table message, once everybody seated
        has pressed it (the finished table shows who has)."""
        async def work() -> Rematch:
            self._require_posting(interaction)
            rematch = await self.service.rematch(table_id, interaction.user.id)
            if not rematch.started:
                return rematch
            snapshot = rematch.snapshot
            message = await self._post(interaction, self._channel(interaction),
                                       await self.messages.reply(snapshot))
            table = await self.service.set_message(snapshot.table.id, message.id)
            self._touch(table.id)  # computer players may have moved meanwhile
            return Rematch(replace(snapshot, table=table), ())

        rematch = await within_window(interaction, work())
        locale = locale_of(interaction)
        if not rematch.started:
            self._touch(table_id)
            await send_private(interaction, t(locale, "You are in for a rematch; waiting for"
                                                      " {waiting}.",
                                              waiting=mentions(rematch.waiting)))
            return
        link = rematch.snapshot.table.link
        old = await self.service.snapshot(table_id)
        reply = await self.messages.reply(old)
        reply.view = None
        if reply.embed is not None:
            reply.embed.add_field(name=t(old.table.locale, "Rematch"),
                                  value=t(old.table.locale, "The rematch is on: {link}",
                                          link=link), inline=False)
        await self._retire_finished(old.table, reply)
        await send_private(interaction, t(locale, "The rematch is on: {link}", link=link))

    # ----- the panel's buttons and selects ------------------------------------------------------

    async def on_action(self, interaction: discord.Interaction[Any], table_id: int, hand: int,
                  count: int, text: str) -> None:
        self._require_panel_owner(interaction)
        accepted = await within_window(interaction, self.service.act(
            table_id, interaction.user.id, hand, count, text), update=True)
        self._after_action(accepted)  # the redraws start while the answer travels
        await self._show_panel(interaction, accepted.panel)

    async def on_hint(self, interaction: discord.Interaction[Any], table_id: int, hand: int,
                      count: int) -> None:
        """The panel's Hint: the strong player's choice from this seat's own observation,
        worked out in the thinking processes, shown on the panel with its reason."""
        self._require_panel_owner(interaction)

        async def work() -> tuple[Panel, str]:
            panel = await self.service.hint_panel(table_id, interaction.user.id, hand, count)
            hint = await self.autoplay.thinker.hint(panel.observation)
            return panel, hint_text(voice(locale_of(interaction), panel.table), hint)

        panel, text = await within_window(interaction, work(), update=True)
        await self._show_panel(interaction, panel, notice=text)

    async def on_refresh(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        self._require_panel_owner(interaction)
        panel = await within_window(interaction, self.service.panel(
            table_id, interaction.user.id), update=True)
        await self._show_panel(interaction, panel)

    async def on_piles(self, interaction: discord.Interaction[Any], table_id: int,
                           hand: int, count: int, piles: int) -> None:
        self._require_panel_owner(interaction)
        panel = await within_window(interaction, self.service.panel(
            table_id, interaction.user.id), update=True)
        require_drawn(panel, (hand, count), OUT_OF_DATE)
        await self._show_panel(interaction, panel, piles=piles)

    # ----- helpers ------------------------------------------------------------------------------

    async def _table_change(self, interaction: discord.Interaction[Any], table_id: int,
                            change: Awaitable[object]) -> None:
        """A lobby button: apply, then let the table message be redrawn (one edit, through the
        press's own token)."""
        await within_window(interaction, change, update=True)
        if not interaction.response.is_done():
            await interaction.response.defer()
        self._touch(table_id, clicked=interaction)

    @staticmethod
    def _require_panel_owner(interaction: discord.Interaction[Any]) -> None:
        """A panel answers only the member it was drawn for (Discord lets nobody else click an
        ephemeral message; this holds even if it did)."""
        message = interaction.message
        metadata = message.interaction_metadata if message is not None else None
        if metadata is not None and metadata.user.id != interaction.user.id:
            raise Refusal("This panel is someone else's: open your own with My hand.")

    async def _retire_finished(self, table: TableRecord, reply: Reply) -> None:
        """The finished game's message, once its rematch is on: the result and a link."""
        if table.message_id is None:
            return
        try:
            await self.budget.spend(Priority.MEMBERS)
            await self._table_channel(table).get_partial_message(table.message_id).edit(
                **reply.edit_kwargs())
        except discord.HTTPException as error:
            log.info("could not update the finished table %s: %s", table.id, error)
