"""A guild's scheduled events: external ones created, listed, read, edited (their status
moved along Discord's transitions) and deleted, with Discord's permissions for each and the
GUILD_SCHEDULED_EVENT_* events a bot hears them by (:mod:`.scheduled_events` has the rules)."""

from __future__ import annotations

from aiohttp import web

from .guilds import Guild, Perm
from .payload import JSON
from .rest import (
    DiscordError,
    Double,
    InvalidBody,
    Route,
    RouteGroup,
    json_response,
    path_int,
    read_body,
    unknown,
)
from .routes_guilds import GuildRoutes
from .scheduled_events import (
    MAX_UNFINISHED,
    EventRuleBroken,
    ScheduledEvent,
    check_external,
    check_times,
    check_transition,
    timestamp,
)


class ScheduledEventRoutes(RouteGroup):
    def __init__(self, double: Double, guilds: GuildRoutes) -> None:
        super().__init__(double)
        self.guilds = guilds

    def routes(self) -> list[Route]:
        events = "/guilds/{guild_id}/scheduled-events"
        event = events + "/{guild_scheduled_event_id}"
        return [
            ("GET", events, self.list_events),
            ("POST", events, self.create_event),
            ("GET", event, self.get_event),
            ("PATCH", event, self.edit_event),
            ("DELETE", event, self.delete_event),
        ]

    async def _guild(self, request: web.Request) -> Guild:
        """The guild the path names (403 code 50001 if the bot is not in it), its events brought
        up to the double's clock first, as Discord's would be."""
        guild = self.guilds.guild(request)
        for changed in self.world.automate_events():
            await self.double.gateway.dispatch_scheduled_event(
                "GUILD_SCHEDULED_EVENT_UPDATE", changed)
        return guild

    def _event(self, request: web.Request, guild: Guild) -> ScheduledEvent:
        event = self.world.scheduled_events.get(path_int(request, "guild_scheduled_event_id"))
        if event is None or event.guild_id != guild.id or event.deleted:
            raise unknown("Guild Scheduled Event", 10070)
        return event

    def _may_manage(self, guild: Guild, event: ScheduledEvent) -> None:
        """Manage Events edits or deletes anyone's event; Create Events the bot's own."""
        allowed = guild.permissions(self.world.bot)
        own = event.creator.id == self.world.bot.id
        if not allowed & Perm.MANAGE_EVENTS and not (own and allowed & Perm.CREATE_EVENTS):
            raise DiscordError(403, 50013, "Missing Permissions")

    @staticmethod
    def _with_user_count(request: web.Request) -> bool:
        return request.query.get("with_user_count", "").lower() in ("1", "true")

    @staticmethod
    def _unsupported(body: JSON) -> None:
        if body.get("image") is not None or body.get("recurrence_rule") is not None:
            raise DiscordError(400, 0, "the double takes no cover images nor recurring events")

    async def list_events(self, request: web.Request) -> web.Response:
        guild = await self._guild(request)
        counted = self._with_user_count(request)
        return json_response([e.payload(with_user_count=counted)
                              for e in self.world.events_of(guild)])

    async def get_event(self, request: web.Request) -> web.Response:
        guild = await self._guild(request)
        event = self._event(request, guild)
        return json_response(event.payload(with_user_count=self._with_user_count(request)))

    async def create_event(self, request: web.Request) -> web.Response:
        """An external event: Create Events needed (else 403 code 50013), its fields by
        Discord's rules (else 400 code 50035 with ``errors``), at most 100 SCHEDULED or ACTIVE
        at once (else 400 code 30038)."""
        guild = await self._guild(request)
        body, _ = await read_body(request)
        if not guild.permissions(self.world.bot) & Perm.CREATE_EVENTS:
            raise DiscordError(403, 50013, "Missing Permissions")
        self._unsupported(body)
        try:
            check_external(body, creating=True)
            check_times(timestamp(body, "scheduled_start_time"),
                        timestamp(body, "scheduled_end_time"), self.world.clock.now(),
                        start_set=True)
        except EventRuleBroken as broken:
            raise InvalidBody(broken.message, broken.field, broken.code) from None
        unfinished = [e for e in self.world.events_of(guild) if not e.finished]
        if len(unfinished) >= MAX_UNFINISHED:
            raise DiscordError(
                400, 30038, "Maximum number of uncompleted guild scheduled events reached (100)")
        event = self.world.add_scheduled_event(guild, self.world.bot, body)
        await self.double.gateway.dispatch_scheduled_event("GUILD_SCHEDULED_EVENT_CREATE", event)
        return json_response(event.payload())

    async def edit_event(self, request: web.Request) -> web.Response:
        """Its fields, or its status along Discord's transitions (400 code 50035 otherwise);
        a COMPLETED or CANCELED event is not changed again (400 code 180000)."""
        guild = await self._guild(request)
        event = self._event(request, guild)
        body, _ = await read_body(request)
        self._may_manage(guild, event)
        if event.finished:
            raise DiscordError(400, 180000, "Cannot update a finished event")
        self._unsupported(body)
        now = self.world.clock.now()
        try:
            check_external(body, creating=False)
            start = timestamp(body, "scheduled_start_time") if body.get(
                "scheduled_start_time") is not None else event.start
            end = timestamp(body, "scheduled_end_time") if body.get(
                "scheduled_end_time") is not None else event.end
            check_times(start, end, now, start_set=start != event.start)
            status = body.get("status")
            if status is not None:
                check_transition(event.status, status)
        except EventRuleBroken as broken:
            raise InvalidBody(broken.message, broken.field, broken.code) from None
        event.name = body.get("name", event.name)
        event.description = body.get("description", event.description)
        event.start, event.end = start, end
        if body.get("entity_metadata") is not None:
            event.location = body["entity_metadata"]["location"]
        if status is not None and status != event.status:
            event.set_status(status, now)
        event.automate(now)
        self.world.touch()
        await self.double.gateway.dispatch_scheduled_event("GUILD_SCHEDULED_EVENT_UPDATE", event)
        return json_response(event.payload())

    async def delete_event(self, request: web.Request) -> web.Response:
        guild = await self._guild(request)
        event = self._event(request, guild)
        self._may_manage(guild, event)
        event.deleted_at = self.world.clock.now()
        self.world.touch()
        await self.double.gateway.dispatch_scheduled_event("GUILD_SCHEDULED_EVENT_DELETE", event)
        return web.Response(status=204)
