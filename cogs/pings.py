"""Telling a member it is their turn: a short channel message that mentions them, when it helps.

Discord notifies a member only for a new message that mentions them, never for a mention
added by an edit, so the table message (edited in place) can't do it. A member who is watching
the table (who acted or pressed something there in the last :data:`WATCHING` seconds) sees
their turn on their panel, kept up to date, and is not pinged at once; anyone still to act
:data:`LATE` seconds into their turn is, so nobody waits unknowing for more than a minute. The
ping is removed once the turn moves on, so the channel does not fill up. Computer players are
never pinged, nor members who turned pings off (``/42 settings``). Another player at the table
may nudge the member to act: they are pinged at once, once a turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from enum import Enum

import discord

from bot.budget import ChannelBudget, Priority
from bot.i18n import t
from bot.keyed import KeyedWorkers
from bot.records import Status, TableRecord
from bot.service import Refusal, TableService, TableSnapshot

log = logging.getLogger(__name__)

WATCHING = 120.0
"""Seconds after a member's last press at a table during which they count as watching it. At
a table of people a member's turns come every 20 to 60 seconds (three others play a tile, or
call, each), and at a table of computer players every few seconds, so two minutes holds a
member who is playing along from one turn to the next, and lets go of one who has left."""
LATE = 45.0
"""Seconds into a turn after which its member is pinged even if they were watching: soon
enough that nobody waits unknowing for more than a minute, late enough that a member thinking
over their move is not disturbed."""


def waiting_for(snapshot: TableSnapshot) -> int | None:
    """The member the table waits for, unless a computer player acts for the seat."""
    table, observation = snapshot.table, snapshot.observation
    if table.status is not Status.PLAYING or observation is None:
        return None
    seat = observation.to_act
    if seat is None or table.computer_plays(seat):
        return None
    player = table.player(seat)
    return player.user_id if player is not None else None


def pinged(snapshot: TableSnapshot) -> int | None:
    """The member the table waits for, unless they made the move just before (they are
    looking at it)."""
    last = snapshot.last_action
    if last is not None and snapshot.observation is not None and (
            last.seat == snapshot.observation.to_act):
        return None
    return waiting_for(snapshot)


@dataclass(slots=True)
class _Turn:
    """The member a table waits for, since when (monotonic), the look at it :data:`LATE`
    later, and whether another player has nudged them."""

    user_id: int
    since: float
    later: asyncio.TimerHandle
    nudged: bool = False


class Nudge(Enum):
    SENT = "sent"
    ONCE = "once"
    """The member was nudged already this turn."""
    PINGED = "pinged"
    """The member has a ping for this turn already."""


class TurnPings:
    """At most one ping per table, for whoever it waits for; kept up to date like a message."""

    def __init__(self, client: discord.Client, service: TableService,
                 budget: ChannelBudget) -> None:
        self.client = client
        self.service = service
        self.budget = budget
        self.redrawer: KeyedWorkers[tuple[str, int]] = KeyedWorkers("redraw")
        self._for: dict[int, int] = {}
        """Whom each table's current ping is for (forgotten at a restart: pinged again)."""
        self._pressed: dict[tuple[int, int], float] = {}
        """(channel, member) → when (monotonic) the member last pressed something there."""
        self._turns: dict[int, _Turn] = {}
        """Each table's member to act, while it waits for one."""

    def touch(self, table_id: int) -> None:
        self.redrawer.mark(("ping", table_id), lambda: self._update(table_id))

    def pressed(self, channel_id: int, user_id: int) -> None:
        """The member pressed a button or typed a command in this channel: they are looking
        at its table."""
        self._pressed[channel_id, user_id] = time.monotonic()

    def awaited(self, snapshot: TableSnapshot) -> bool:
        """Whether the table waits for a member who is not watching it (they will be pinged
        at once)."""
        wanted = pinged(snapshot)
        return wanted is not None and not self._watching(snapshot.table.channel_id, wanted)

    def nudge(self, table: TableRecord, user_id: int) -> Nudge:
        """Another player nudges ``user_id``, the member ``table`` waits for: they are pinged
        now, watching or not, unless they were nudged or pinged already this turn."""
        turn = self._turn(table.id, user_id)
        if turn.nudged:
            return Nudge.ONCE
        if table.ping_message_id is not None and self._for.get(table.id) == user_id:
            return Nudge.PINGED
        turn.nudged = True
        self.touch(table.id)
        return Nudge.SENT

    def _watching(self, channel_id: int, user_id: int) -> bool:
        pressed = self._pressed.get((channel_id, user_id))
        return pressed is not None and time.monotonic() - pressed < WATCHING

    def close(self) -> None:
        for turn in self._turns.values():
            turn.later.cancel()
        self._turns.clear()

    def _turn(self, table_id: int, user_id: int) -> _Turn:
        """The table's turn of ``user_id``, begun now if the table waited for someone else."""
        turn = self._turns.get(table_id)
        if turn is None or turn.user_id != user_id:
            if turn is not None:
                turn.later.cancel()
            later = asyncio.get_running_loop().call_later(LATE, self.touch, table_id)
            turn = self._turns[table_id] = _Turn(user_id, time.monotonic(), later)
        return turn

    def _due(self, table_id: int, channel_id: int, user_id: int) -> bool:
        """Whether the member to act should be pinged now: they are not watching, their turn
        is :data:`LATE` old (a look is scheduled for then), or they were nudged."""
        turn = self._turn(table_id, user_id)
        return (not self._watching(channel_id, user_id) or turn.nudged
                or time.monotonic() - turn.since >= LATE)

    def _turn_over(self, table_id: int) -> None:
        turn = self._turns.pop(table_id, None)
        if turn is not None:
            turn.later.cancel()

    async def _update(self, table_id: int) -> None:
        try:
            snapshot = await self.service.snapshot(table_id)
        except Refusal:
            return
        table = snapshot.table
        wanted = pinged(snapshot)
        if table.ping_message_id is not None and self._for.get(table_id) == wanted:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if table.ping_message_id is not None:
            try:
                await self.budget.spend(Priority.MEMBERS)
                await channel.get_partial_message(table.ping_message_id).delete()
            except discord.NotFound:
                pass
            except discord.HTTPException as error:
                log.info("table %s: could not remove its ping: %s", table_id, error)
            await self.service.set_ping(table_id, None)
            self._for.pop(table_id, None)
        if wanted is None:
            self._turn_over(table_id)
            return
        if not self._due(table_id, table.channel_id, wanted) or not await self.service.pings_on(
                table.guild_id, wanted):
            return
        text = t(table.locale, "<@{user}>, it's your turn: {link}", user=wanted, link=table.link)
        try:
            await self.budget.spend(Priority.MEMBERS)
            message = await channel.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(wanted)]))
        except discord.HTTPException as error:
            log.info("table %s: could not ping its next player: %s", table_id, error)
            return
        await self.service.set_ping(table_id, message.id)
        self._for[table_id] = wanted
