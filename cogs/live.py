"""Keeping the table message in the channel up to date (the open panels: :mod:`cogs.panels`).

Both follow the same rule: a change only marks a table (or a panel) out of date, and one worker
per message draws the *latest* state when it gets to it. So an edit never shows an older state
after a newer one, a burst of actions costs at most one edit each (usually fewer), and a rate
limit (429, waited out by discord.py) only delays the next drawing.

The table message speaks once per moment (:meth:`TableMessages.paced`): trump named, a trick
completed, a hand ended, the game over, a member's turn they would otherwise miss, a member's
move the other members at the table wait to see are drawn at once; the moves in between
(computer players', and the only member's, already on their own panel) wait to be drawn with
the next moment, or at most :data:`SPACING_PAUSES` computer players' pauses. Each tile still
lies in front of its player when it is drawn, so nothing is lost to the eye, and the bot's
budget of channel requests (Discord's 50 a second, :mod:`bot.budget`) goes several times
further.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.budget import ChannelBudget, Priority
from bot.i18n import t
from bot.keyed import KeyedWorkers
from bot.records import DEFAULT_STRONG, Status, StrongPlayer, TableRecord
from bot.service import (
    Accepted,
    Refusal,
    TableService,
    TableSnapshot,
    Unrestorable,
)
from engine import NameTrump

from .messages.reply import Reply
from .panels import PANEL_LIFETIME
from .pictured import table_reply
from .pictures import Pictures

log = logging.getLogger(__name__)

CATCH_UP_WINDOW = 8
"""Table messages a restart redraws at once."""

REPOST_AFTER = datetime.timedelta(minutes=50)
"""Discord caps the edits to messages older than an hour (error 30046: a few per channel every
few seconds), and a long game (the Big Game, 84, 140) outlives its table message by far: one
this old is posted afresh rather than edited, and the old one removed."""

SPACING_PAUSES = 10
"""The longest a move waits to be drawn on the table message, in computer players' pauses (15 s
at the default pace): longer than a trick of one member and three computer players (two pauses
while the last one lies, three moves, the member's own), so that most tricks cost one edit,
their completion, where each move would cost four."""


class TableMessages:
    """The table message of each table, edited in place; posted again if it was deleted."""

    def __init__(self, client: discord.Client, service: TableService, pictures: Pictures,
                 budget: ChannelBudget, *, spacing: float = 0.0,
                 awaited: Callable[[TableSnapshot], bool] = lambda snapshot: False,
                 strong: StrongPlayer = DEFAULT_STRONG) -> None:
        self.client = client
        self.service = service
        self.pictures = pictures
        self.budget = budget
        self.strong = strong
        """Who plays at strong tables: the tables name any but the strongest player."""
        self.spacing = spacing
        """Seconds a move that is no moment may wait to be drawn (0: none waits)."""
        self._awaited = awaited
        """Whether the table waits for a member who is not watching it: their turn is a
        moment, since the table message is what their ping leads them to."""
        self.redrawer: KeyedWorkers[tuple[str, int]] = KeyedWorkers("redraw")
        self._drawn_at: dict[int, float] = {}
        """When (the loop's clock) each table was last drawn."""
        self._later: dict[int, asyncio.TimerHandle] = {}
        """Each table's drawing put off until its spacing is over."""
        self._clicked: dict[int, discord.Interaction[Any]] = {}
        """A member's press on a table message that changed the table: its next drawing goes
        through that press's token, which Discord does not count against the bot's budget."""
        self._behind: set[int] = set()
        """Tables :meth:`catch_up` is to draw, unless they are drawn before it gets to them."""
        self._text_only: set[int] = set()
        """Tables whose picture Discord refused (no Attach Files): drawn as text alone."""

    async def reply(self, snapshot: TableSnapshot) -> Reply:
        """The table message for ``snapshot``: its text and its picture."""
        return await table_reply(snapshot, self.pictures, self.strong)

    def touch(self, table_id: int, *,
              clicked: discord.Interaction[Any] | None = None) -> None:
        """The table changed (``clicked``: by a press on its message): draw it again soon."""
        if clicked is not None:
            self._clicked[table_id] = clicked
        later = self._later.pop(table_id, None)
        if later is not None:
            later.cancel()
        self.redrawer.mark(("table", table_id), lambda: self._draw(table_id))

    def paced(self, accepted: Accepted) -> None:
        """A move was made: drawn at once if it makes a moment or is news to another member
        at the table, else with the next moment or once :attr:`spacing` has passed since the
        last drawing, whichever comes first."""
        snapshot = accepted.snapshot
        if is_moment(snapshot) or self._awaited(snapshot) or news_to_others(accepted):
            self.touch(snapshot.table.id)
        else:
            self._put_off(snapshot.table.id)

    def _put_off(self, table_id: int) -> None:
        """Draw the table once :attr:`spacing` has passed since its last drawing."""
        if table_id in self._later:
            return
        loop = asyncio.get_running_loop()
        drawn = self._drawn_at.get(table_id)
        due = 0.0 if drawn is None else drawn + self.spacing - loop.time()
        if due <= 0:
            self.touch(table_id)
        else:
            self._later[table_id] = loop.call_later(due, self.touch, table_id)

    def close(self) -> None:
        for later in self._later.values():
            later.cancel()
        self._later.clear()

    def behind(self, table_id: int) -> bool:
        """Whether the restart's catch-up is still to draw this table."""
        return table_id in self._behind

    async def catch_up(self, table_ids: list[int], after: Awaitable[object]) -> None:
        """After a restart: once ``after`` is done, draw these tables again, in order and
        :data:`CATCH_UP_WINDOW` at a time rather than in a burst, but for those drawn since
        this was called (by a change). A few at a time, so that busy tables (computer players
        moving every few seconds, each move a redraw) can't keep the rest waiting."""
        self._behind.update(table_ids)
        await after
        waiting = iter(table_ids)

        async def one_by_one() -> None:
            for table_id in waiting:
                if table_id in self._behind:
                    self.touch(table_id)
                    await self.redrawer.wait(("table", table_id))

        await asyncio.gather(*(one_by_one() for _ in range(CATCH_UP_WINDOW)))

    async def _draw(self, table_id: int) -> None:
        self._behind.discard(table_id)
        self._drawn_at.pop(table_id, None)
        clicked = self._clicked.pop(table_id, None)
        try:
            snapshot = await self.service.snapshot(table_id)
        except Unrestorable as refusal:
            await self._say_unrestorable(refusal)
            return
        except Refusal as refusal:
            log.warning("table %s cannot be drawn: %s", table_id, refusal.msgid)
            return
        table = snapshot.table
        if table.status.is_active:
            self._drawn_at[table_id] = asyncio.get_running_loop().time()
        if table.message_id is None:
            return  # whoever opened the table is posting its message, then draws it again
        reply = await self.reply(snapshot)
        if table_id in self._text_only:
            reply = reply.without_pictures()
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if aged(table.message_id) and table.status.is_active:
            await self._post(table, channel, reply, replaces=table.message_id)
            return
        try:
            if not await self._edit_through(clicked, table, reply):
                await self.budget.spend(Priority.of(table))
                await self._refused_picture(table, reply, channel.get_partial_message(
                    table.message_id).edit(**reply.edit_kwargs()))
            if await self.service.moved_on(snapshot):
                self._put_off(table_id)  # it moved on meanwhile: draw the newest
            return
        except discord.NotFound:
            log.info("table %s: its message was deleted; posting it again", table_id)
        except discord.HTTPException as error:
            log.warning("table %s: could not edit its message: %s", table_id, error)
            return
        if table.status.is_active:
            await self._post(table, channel, reply)

    @staticmethod
    async def _edit_through(clicked: discord.Interaction[Any] | None, table: TableRecord,
                            reply: Reply) -> bool:
        """Edit the table message through the token of the press on it that changed the table,
        while Discord allows; whether it was (else the bot's own route draws it)."""
        if (clicked is None or clicked.message is None or clicked.message.id != table.message_id
                or discord.utils.utcnow() - clicked.created_at >= PANEL_LIFETIME):
            return False
        try:
            await clicked.edit_original_response(**reply.edit_kwargs())
        except discord.HTTPException as error:
            log.info("table %s: could not draw it through the press on it: %s", table.id, error)
            return False
        return True

    async def post(self, snapshot: TableSnapshot) -> None:
        """Post the message of a table nobody's press opened (a tournament's match table);
        it is stored as the table's message once posted."""
        table = snapshot.table
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await self._post(table, channel, await self.reply(snapshot))

    async def _post(self, table: TableRecord, channel: discord.PartialMessageable,
                    reply: Reply, *, replaces: int | None = None) -> None:
        """Post the table message afresh; it ``replaces`` an older one, which is retired."""
        try:
            await self.budget.spend(Priority.of(table))
            message = await channel.send(**reply.send_kwargs())
        except discord.HTTPException as error:
            log.warning("table %s: could not post its message: %s", table.id, error)
            return
        moved = await self.service.set_message(table.id, message.id)
        if replaces is not None:
            await self.retire(moved, replaces)

    async def retire(self, table: TableRecord, message_id: int) -> None:
        """A table message the table has moved on from: a link to the new one without buttons,
        or, past the age Discord lets it be edited freely (:data:`REPOST_AFTER`), removed."""
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        old = channel.get_partial_message(message_id)
        try:
            await self.budget.spend(Priority.of(table))
            if aged(message_id):
                await old.delete()
            else:
                await old.edit(content=t(table.locale, "This table moved: {link}",
                                         link=table.link),
                               embed=None, view=None, attachments=[])
        except discord.NotFound:
            pass
        except discord.HTTPException as error:
            log.info("table %s: could not retire its message %s: %s", table.id, message_id,
                     error)

    async def _refused_picture(self, table: TableRecord, reply: Reply,
                               edit: Awaitable[object]) -> None:
        """Make ``edit``; if Discord refuses it for its picture (the bot may no longer attach
        files in the channel), the table goes on as text alone, and its creator is told once,
        privately, what is missing."""
        try:
            await edit
        except discord.Forbidden:
            if not reply.pictures:
                raise
        else:
            return
        log.warning("table %s: its picture was refused; drawing it as text", table.id)
        self._text_only.add(table.id)
        assert table.message_id is not None
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await self.budget.spend(Priority.of(table))
        await channel.get_partial_message(table.message_id).edit(
            **reply.without_pictures().edit_kwargs())
        try:
            await self.budget.spend(Priority.MEMBERS)
            creator = await self.client.create_dm(discord.Object(table.creator_id))
            await creator.send(t(table.locale, "Your table {link} is shown without its picture:"
                                               " I need the {permission} permission in that"
                                               " channel.", link=table.link,
                                 permission=t(table.locale, "Attach Files")))
        except discord.HTTPException as error:
            log.info("table %s: could not tell its creator about the picture: %s", table.id,
                     error)

    async def _say_unrestorable(self, refusal: Unrestorable) -> None:
        """The table message says why the game can't go on, in place of the game."""
        table = refusal.table
        if table is None or table.message_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await self.budget.spend(Priority.of(table))
            await channel.get_partial_message(table.message_id).edit(
                content=refusal.text(table.locale), embed=None, view=None)
        except discord.HTTPException as error:
            log.warning("table %s: could not edit its message: %s", table.id, error)


def is_moment(snapshot: TableSnapshot) -> bool:
    """Whether the table's last change is one the channel should see at once: the game not
    in play (a lobby, a game over), the auction's outcome (trump named: the hand's contract),
    or a move that completed a trick or ended a hand (R-SEE-TABLE: it lies on the table until
    it is gathered)."""
    last = snapshot.last_action
    return (snapshot.table.status is not Status.PLAYING or last is None
            or isinstance(last.action, NameTrump) or last.trick is not None
            or last.ended_hand)


def news_to_others(accepted: Accepted) -> bool:
    """Whether a member made the move at a table where other members play: they follow the
    game on the table message. A computer player's move, or the only member's (whose own
    panel answers it), can wait for the next moment."""
    return not accepted.by_computer and len(accepted.snapshot.table.member_ids) > 1


def aged(message_id: int) -> bool:
    """Whether the message is old enough to be posted afresh rather than edited."""
    return discord.utils.utcnow() - discord.utils.snowflake_time(message_id) >= REPOST_AFTER
