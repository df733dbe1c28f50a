"""Telling a member it is their turn: a short channel message that mentions them.

Discord notifies a member only for a new message that mentions them, never for a mention
added by an edit, so the table message (edited in place) can't do it. The ping is posted when
the turn passes to a member who did not just act, and removed once the turn moves on, so the
channel does not fill up. Computer players are never pinged, nor members who turned pings off
(``/42 settings``); nothing happens by timer (R-NO-CLOCK).
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.keyed import KeyedWorkers
from bot.records import Status
from bot.service import Refusal, TableService, TableSnapshot

log = logging.getLogger(__name__)


def pinged(snapshot: TableSnapshot) -> int | None:
    """The member the table waits for, unless they made the move just before (they are
    looking at it) or a computer player acts for the seat."""
    table, observation = snapshot.table, snapshot.observation
    if table.status is not Status.PLAYING or observation is None:
        return None
    seat = observation.to_act
    if seat is None or table.computer_plays(seat):
        return None
    last = snapshot.last_action
    if last is not None and last.seat == seat:
        return None
    player = table.player(seat)
    return player.user_id if player is not None else None


class TurnPings:
    """At most one ping per table, for whoever it waits for; kept up to date like a message."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self.redrawer: KeyedWorkers[tuple[str, int]] = KeyedWorkers("redraw")
        self._for: dict[int, int] = {}
        """Whom each table's current ping is for (forgotten at a restart: pinged again)."""

    def touch(self, table_id: int) -> None:
        self.redrawer.mark(("ping", table_id), lambda: self._update(table_id))

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
                await channel.get_partial_message(table.ping_message_id).delete()
            except discord.NotFound:
                pass
            except discord.HTTPException as error:
                log.info("table %s: could not remove its ping: %s", table_id, error)
            await self.service.set_ping(table_id, None)
            self._for.pop(table_id, None)
        if wanted is None or not await self.service.pings_on(table.guild_id, wanted):
            return
        text = t(table.locale, "<@{user}>, it's your turn: {link}", user=wanted, link=table.link)
        try:
            message = await channel.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(wanted)]))
        except discord.HTTPException as error:
            log.info("table %s: could not ping its next player: %s", table_id, error)
            return
        await self.service.set_ping(table_id, message.id)
        self._for[table_id] = wanted
