"""The referee: what the bot does for its tournaments by itself, in Discord, between members'
commands (docs/TOURNAMENTS.md). When a match's game ends it records what the game decided, opens
each game that needs its table (claiming the match, starting its thread, pinging its players
once, posting the table), keeps the tournament's message (its board and bracket picture) and its
scheduled event current, and scores the absent as forfeits after the grace period.

Each job runs one at a time per tournament (:class:`bot.keyed.KeyedWorkers`); every step is
claimed in the database by the service first, so another process never does it too, and after
a restart :meth:`Referee.resume` finds every running tournament where its stored state left it.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

import discord

from bot.budget import ChannelBudget, Priority
from bot.i18n import t
from bot.keyed import KeyedWorkers
from bot.records import mention
from bot.service import Accepted, Due, Forfeit, TableService
from bot.tournament.event import placings
from bot.tournament.records import TournamentRecord, TournamentStatus, key_of

from .live import TableMessages
from .messages.reply import Picture, Reply
from .messages.tournament import (
    board_link,
    board_picture,
    match_line,
    settings_line,
    stage_title,
    team_name,
    tournament_message,
)
from .pictures import Pictures, bracket_alt
from .pings import TurnPings

log = logging.getLogger(__name__)

EVENT_HOURS = 3
"""How long a tournament's scheduled event is announced to last (Discord needs an end for an
event held outside a voice channel; it ends the event by itself then)."""
EVENT_NAME = 100
EVENT_DESCRIPTION = 1000
"""The longest name (and location) and description Discord takes for an event."""
THREAD_NAME = 100
"""The longest name Discord gives a thread."""


class Referee:
    """The tournaments of this process's servers, moved on as their games end."""

    def __init__(self, client: discord.Client, service: TableService, pictures: Pictures,
                 budget: ChannelBudget, messages: TableMessages, pings: TurnPings) -> None:
        self.client = client
        self.service = service
        self.pictures = pictures
        self.budget = budget
        self.messages = messages
        self.pings = pings
        self._jobs: KeyedWorkers[tuple[str, int]] = KeyedWorkers("tournament")
        """One run at a time of each job about a tournament or a finished game:
        ``("go", tournament)``, ``("board", tournament)``, ``("schedule", tournament)``,
        ``("event", tournament)``, ``("game", table)``."""

    async def idle(self) -> None:
        """Until no job is left (for tests)."""
        await self._jobs.idle()

    async def close(self) -> None:
        await self._jobs.close()

    def game_over(self, accepted: Accepted) -> None:
        """A game just ended: if it was a match's, its tournament goes on."""
        table_id = accepted.snapshot.table.id
        self._jobs.mark(("game", table_id), lambda: self._game_over(table_id))

    async def _game_over(self, table_id: int) -> None:
        found = await self.service.match_of(table_id)
        if found is not None:
            self.go(found[0])

    def go(self, tournament_id: int) -> None:
        """The tournament moves on: what its games decided is recorded, and every game that
        needs its table gets one."""
        self._jobs.mark(("go", tournament_id), lambda: self._go_on(tournament_id))

    def event(self, tournament_id: int) -> None:
        """The tournament's scheduled event, if any, follows it."""
        self._jobs.mark(("event", tournament_id), lambda: self._move_event(tournament_id))

    def redraw(self, tournament_id: int) -> None:
        """The tournament's message is drawn again, as the tournament now stands."""
        self._jobs.mark(("board", tournament_id), lambda: self._draw_board(tournament_id))

    def schedule(self, tournament: TournamentRecord, link: str) -> None:
        """The tournament becomes one of the server's scheduled events."""
        self._jobs.mark(("schedule", tournament.id),
                        lambda: self._schedule_event(tournament, link))

    async def _go_on(self, tournament_id: int) -> None:
        """Record what the games decided, open every game that needs its table, and draw the
        board."""
        progress = await self.service.advance(tournament_id)
        tournament = progress.tournament
        for table_id in progress.unposted:
            await self.messages.post(await self.service.snapshot(table_id))
        for due in progress.due:
            await self._open(tournament, due)
        self.redraw(tournament_id)
        if progress.recorded and tournament.status is TournamentStatus.FINISHED:
            # Only the process that recorded the last result gets here: said once.
            self.event(tournament.id)
            await self._crown(tournament)

    async def _crown(self, tournament: TournamentRecord) -> None:
        """The tournament is over: its champions are congratulated in its channel, pinged
        once, with the way to the board."""
        champions = placings(tournament.draw())[0]
        members = [user for side in champions for user in tournament.members_of(side)]
        text = t(tournament.locale, "🏆 {champions} win {name}! The final board: {link}",
                 champions=" · ".join(team_name(tournament, side) for side in champions),
                 name=tournament.name, link=board_link(tournament))
        channel = self.client.get_partial_messageable(tournament.channel_id,
                                                      guild_id=tournament.guild_id)
        try:
            await self.budget.spend(Priority.MEMBERS)
            await channel.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(m) for m in members]))
        except discord.HTTPException as error:
            log.warning("tournament %s: could not crown its champions: %s", tournament.id,
                        error)

    async def _open(self, tournament: TournamentRecord, due: Due) -> None:
        """The game's table, in its match's thread (started, and its players pinged, for the
        match's first game)."""
        key = key_of(due.match)
        thread_id = due.thread_id
        if thread_id is None:
            if not await self.service.claim_match(tournament.id, key):
                return  # another process is starting it
            thread = await self._start_match_thread(tournament, due)
            if thread is None:
                return
            thread_id = thread.id
            await self.service.set_match_thread(tournament.id, key, thread_id)
            await self._ping(tournament, due, thread)
        title = f"{tournament.name} · {stage_title(tournament.locale, due.match)}"
        if tournament.plan.games_to_win > 1:
            title += " · " + t(tournament.locale, "game {n}", n=due.game)
        snapshot = await self.service.open_match_game(tournament, due, thread_id, title)
        if snapshot is not None:
            await self.messages.post(snapshot)
            self.pings.touch(snapshot.table.id)

    async def _start_match_thread(self, tournament: TournamentRecord,
                                  due: Due) -> discord.Thread | None:
        channel = self.client.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament %s: its channel %s is not a text channel I can see",
                        tournament.id, tournament.channel_id)
            return None
        match = due.match
        title = stage_title(tournament.locale, match)
        names = " · ".join(" & ".join(tournament.name_of(user)
                                      for user in tournament.members_of(side))
                           for side in match.sides)
        try:
            await self.budget.spend(Priority.MEMBERS)
            return await channel.create_thread(
                name=f"{tournament.name} · {title} · {names}"[:THREAD_NAME],
                type=discord.ChannelType.public_thread, auto_archive_duration=1440)
        except discord.HTTPException as error:
            log.warning("tournament %s: could not start a match thread: %s", tournament.id,
                        error)
            return None

    async def _ping(self, tournament: TournamentRecord, due: Due,
                    thread: discord.Thread) -> None:
        """The match's four players, pinged once, in its thread."""
        locale = tournament.locale
        text = t(locale, "{match}: your match is here. The table follows; open your hand"
                         " with its My hand button.", match=match_line(tournament, locale,
                                                                       due.match))
        players = [discord.Object(user) for side in due.match.sides
                   for user in tournament.members_of(side)]
        try:
            await self.budget.spend(Priority.MEMBERS)
            await thread.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=players))
        except discord.HTTPException as error:
            log.warning("tournament %s: could not ping a match's players: %s", tournament.id,
                        error)

    async def _draw_board(self, tournament_id: int) -> None:
        tournament = await self.service.tournament(tournament_id)
        if tournament.message_id is None:
            return
        reply = await self.board(tournament)
        channel = self.client.get_partial_messageable(tournament.channel_id,
                                                   guild_id=tournament.guild_id)
        try:
            await self.budget.spend(Priority.MEMBERS)
            await channel.get_partial_message(tournament.message_id).edit(
                **reply.edit_kwargs())
        except discord.HTTPException as error:
            log.warning("tournament %s: could not draw its board: %s", tournament_id, error)

    async def board(self, tournament: TournamentRecord) -> Reply:
        """The tournament's message, with its bracket picture once it has started."""
        threads = await self.service.storage.match_threads(tournament.id)
        decisions = await self.service.storage.decisions(tournament.id)
        reply = tournament_message(tournament, threads, decisions)
        picture = board_picture(tournament)
        if picture is not None:
            reply.show(Picture("bracket.png", await self.pictures.png(picture),
                               bracket_alt(picture)))
        return reply

    async def forfeit_the_absent(self) -> None:
        """Every running tournament of this process's servers: a team that has not come to
        its match within the grace period loses it by forfeit, and its thread says so."""
        for tournament_id in await self.service.storage.running_tournaments(
                self.service.shards):
            forfeits = await self.service.forfeit_absent(tournament_id, time.time())
            if not forfeits:
                continue
            tournament = await self.service.tournament(tournament_id)
            for forfeit in forfeits:
                await self._say_forfeit(tournament, forfeit)
            self.go(tournament_id)

    async def _say_forfeit(self, tournament: TournamentRecord, forfeit: Forfeit) -> None:
        table = (await self.service.snapshot(forfeit.table_id)).table
        text = t(tournament.locale, "{player} did not come to the table within {minutes}"
                                    " minutes: {winner} win the match by forfeit.",
                 player=mention(forfeit.absent), minutes=tournament.grace,
                 winner=team_name(tournament, forfeit.result.winner))
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await self.budget.spend(Priority.MEMBERS)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("tournament %s: could not say a forfeit: %s", tournament.id, error)
        self.messages.touch(table.id)
        self.pings.touch(table.id)

    # ----- the server's scheduled event -------------------------------------------------------

    async def _schedule_event(self, tournament: TournamentRecord, link: str) -> None:
        """The tournament as one of the server's scheduled events, so members see it coming:
        at its start time, for :data:`EVENT_HOURS`, its location the tournament's message."""
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None or tournament.starts_at is None:
            return
        start = datetime.fromtimestamp(tournament.starts_at, UTC)
        try:
            await self.budget.spend(Priority.MEMBERS)
            event = await guild.create_scheduled_event(
                name=tournament.name[:EVENT_NAME], start_time=start,
                end_time=start + timedelta(hours=EVENT_HOURS),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only, location=link[:EVENT_NAME],
                description=settings_line(tournament, tournament.locale)[:EVENT_DESCRIPTION])
        except discord.HTTPException as error:
            log.warning("tournament %s: could not create its event: %s", tournament.id, error)
            return
        await self.service.storage.set_tournament_event(tournament.id, event.id)

    async def _move_event(self, tournament_id: int) -> None:
        """The scheduled event follows the tournament as it is now: active once it runs;
        completed once it is over (cancelled, if it ends before it began). Discord itself
        starts and ends an event at its times, so a change it already made is left as it is."""
        tournament = await self.service.tournament(tournament_id)
        guild = self.client.get_guild(tournament.guild_id)
        if tournament.event_id is None or guild is None:
            return
        try:
            await self.budget.spend(Priority.MEMBERS)
            event = await guild.fetch_scheduled_event(tournament.event_id)
            status = _event_status(event.status, tournament.status)
            if status is not None:
                await self.budget.spend(Priority.MEMBERS)
                await event.edit(status=status)
        except discord.HTTPException as error:
            log.info("tournament %s: its event was not moved on: %s", tournament.id, error)

    async def resume(self) -> None:
        """After a restart, every running tournament of this process's servers goes on."""
        for tournament_id in await self.service.storage.running_tournaments(
                self.service.shards):
            self.go(tournament_id)


def _event_status(now: discord.EventStatus,
                  tournament: TournamentStatus) -> discord.EventStatus | None:
    """The status the tournament's event moves to, if any, from ``now``."""
    if now in (discord.EventStatus.completed, discord.EventStatus.canceled):
        return None
    if tournament in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
        return discord.EventStatus.active if now is discord.EventStatus.scheduled else None
    if tournament.is_active:
        return None
    return (discord.EventStatus.canceled if now is discord.EventStatus.scheduled
            else discord.EventStatus.completed)
