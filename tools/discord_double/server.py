"""The double itself: an aiohttp app on 127.0.0.1 serving REST and the gateway, plus the
queries and waits tests use to observe what the bot did."""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self, TypeVar

from aiohttp import web

from .application import AppEmoji, CommandSync
from .driver import SimulatedMember
from .faults import API_PREFIX, Fault, Faults, route_matches
from .gateway import Gateway, Intent, Session
from .guilds import Channel, Guild, Member, Overwrite, Perm, Role
from .messages import Interaction, Message, MessageVersion, Notification
from .payload import JSON
from .rest import BODY, DiscordError, InvalidBody, json_response, route_of
from .routes import RestApi
from .scheduled_events import ScheduledEvent
from .world import World

T = TypeVar("T")

NO_AUTH_PREFIXES = ("/webhooks/", "/interactions/")
GLOBAL_LIMIT = 50
"""Requests per second Discord allows one bot token on its routes, across all its processes
(interaction callbacks and webhooks aside: they are not sent with the token)."""


@dataclass
class RequestRecord:
    """One REST request as the double saw it."""

    method: str
    path: str  # without the /api/v10 prefix
    route: str  # the matched template, e.g. /channels/{channel_id}/messages
    status: int = 0
    fault: str | None = None
    error: str | None = None
    body: Any = None
    at: float = 0.0

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}" + (
            f" ({self.error})" if self.error else ""
        )


RECORD = web.RequestKey("record", RequestRecord)


class DiscordDouble:
    """A small Discord on 127.0.0.1: one guild, a bot application, simulated members."""

    def __init__(
        self,
        *,
        token: str = "double-bot-token",
        bot_name: str = "Texas42",
        guild_name: str = "Texas 42 Club",
        guild_locale: str = "en-US",
        channels: tuple[str, ...] = ("general", "table-1", "table-2"),
        interaction_window: float = 3.0,
        heartbeat_interval: float = 1.0,
        shard_count: int = 1,
    ) -> None:
        self.world = World(
            bot_name=bot_name, guild_name=guild_name, guild_locale=guild_locale, token=token
        )
        for name in channels:
            self.world.add_channel(name)
        self.shard_count = shard_count
        """What ``/gateway/bot`` recommends; sessions identify with shards of their choice."""
        self.interaction_window = interaction_window
        self.action_quiet = 0.02  # how long a member's action waits for the bot to go quiet
        self.faults = Faults()
        self.gateway = Gateway(self, heartbeat_interval=heartbeat_interval)
        self.rest = RestApi(self)
        self.requests: list[RequestRecord] = []
        self.unknown_requests: list[RequestRecord] = []
        self.invalid_bodies: list[RequestRecord] = []
        """Requests whose body Discord's published description of the route does not allow."""
        self.strict = True  # the pytest fixture fails a test that hit an unknown route
        self.in_flight = 0
        self.global_limit = GLOBAL_LIMIT
        self._token_requests: collections.deque[float] = collections.deque()
        """When (monotonic) each of the last second's requests sent with the token came."""
        self.globally_limited: list[RequestRecord] = []
        """Requests answered 429 because the token's global budget was spent."""
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._members: dict[int, SimulatedMember] = {}
        self._background: set[asyncio.Task[None]] = set()

    # -- lifecycle -------------------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> Self:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        for method, path, handler in self.rest.routes():
            app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_get(
            "/attachments/{attachment_id}/{filename}", self.rest.attachments.get_upload
        )
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self, *exc: type[BaseException] | BaseException | TracebackType | None
    ) -> None:
        await self.stop()

    # -- HTTP plumbing -----------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path.startswith("/gateway") or request.path.startswith("/attachments/"):
            return await handler(request)  # type: ignore[no-any-return]
        record = RequestRecord(
            request.method,
            request.path.removeprefix(API_PREFIX),
            route_of(request),
            at=time.monotonic(),
        )
        self.requests.append(record)
        request[RECORD] = record
        self.in_flight += 1
        self.world.touch()
        try:
            response = await self._answer(request, handler, record)
        finally:
            self.in_flight -= 1
            self.world.touch()
        record.status = response.status
        record.body = request.get(BODY)
        return response

    async def _answer(
        self, request: web.Request, handler: Any, record: RequestRecord
    ) -> web.StreamResponse:
        fault = self.faults.take(request.method, record.route, record.path)
        if fault is not None:
            record.fault = fault.kind
            return fault.response()
        needs_auth = not record.route.startswith(NO_AUTH_PREFIXES) and record.route != "/{tail}"
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            record.error = "401: Unauthorized"
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        if needs_auth and (wait := self._spend_global()) > 0:
            record.fault = "global"
            self.globally_limited.append(record)
            return Fault("rate_limit", "*", 1, wait, global_=True).response()
        try:
            return await handler(request)  # type: ignore[no-any-return]
        except DiscordError as error:
            record.error = f"{error.code}: {error.message}"
            if isinstance(error, InvalidBody):
                self.invalid_bodies.append(record)
            return error.response()

    def _spend_global(self) -> float:
        """One request of the token's global budget: 0 if there was room, else how long until
        there is (every process on the token shares it, since they all talk to this double)."""
        now = time.monotonic()
        recent = self._token_requests
        while recent and now - recent[0] >= 1.0:
            recent.popleft()
        if len(recent) >= self.global_limit:
            return 1.0 - (now - recent[0])
        recent.append(now)
        return 0.0

    async def _unknown_route(self, request: web.Request) -> web.Response:
        record = request[RECORD]
        record.route = "?"
        self.unknown_requests.append(record)
        raise DiscordError(404, 0, "404: Not Found")

    # -- the guild ---------------------------------------------------------------------------

    @property
    def guild(self) -> Guild:
        return self.world.guild

    @property
    def bot(self) -> Member:
        """The bot's own user record."""
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def default_channel(self) -> Channel:
        """Where members act unless told otherwise: the first text channel."""
        return next(iter(self.world.guild.channels.values()))

    @property
    def guilds(self) -> list[Guild]:
        return list(self.world.guilds.values())

    def add_guild(
        self,
        name: str,
        *,
        channels: tuple[str, ...] = ("general",),
        locale: str = "en-US",
        shard: int | None = None,
    ) -> Guild:
        """Another guild the bot is in, with these channels; with ``shard``, its id puts it on
        that shard of :attr:`shard_count` (Discord's ``(guild_id >> 22) % shard_count``).

        Add guilds before the bot connects: a live client is not told about new ones."""
        ids = self.world.ids
        guild_id = ids.next_on_shard(shard, self.shard_count) if shard is not None else None
        guild = self.world.add_guild(name, locale, id=guild_id)
        for channel in channels:
            self.world.add_channel(channel, guild=guild)
        return guild

    def channel(self, name: str, guild: Guild | None = None) -> Channel:
        """The channel called ``name`` in ``guild`` (the first guild by default)."""
        return (guild or self.world.guild).channel_named(name)

    def threads(self, parent: Channel | str | None = None) -> list[Channel]:
        """The threads started so far in any guild (in ``parent``, a channel or its name, if
        given), oldest first."""
        if isinstance(parent, str):
            parent = self.channel(parent)
        return [t for g in self.world.guilds.values() for t in g.threads.values()
                if parent is None or t.parent_id == parent.id]

    def add_channel(
        self,
        name: str,
        *,
        bot_can_send: bool = True,
        bot_can_view: bool = True,
        bot_can_attach: bool = True,
    ) -> Channel:
        """A text channel; without ``bot_can_send`` posting there gets 403 code 50013, and so
        does sending a file through a channel route without ``bot_can_attach``.

        Add channels before the bot connects: a live client is not told about new ones."""
        deny = (
            (0 if bot_can_send else Perm.SEND_MESSAGES)
            | (0 if bot_can_view else Perm.VIEW_CHANNEL)
            | (0 if bot_can_attach else Perm.ATTACH_FILES)
        )
        bot_role = self.world.bot.role_ids[0]
        overwrites = [Overwrite(bot_role, 0, deny=deny)] if deny else []
        return self.world.add_channel(name, overwrites=overwrites)

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """From now on the bot lacks ``permissions`` in ``channel``, as when an admin edits
        the channel's overwrites for the bot's role."""
        bot_role = self.world.bot.role_ids[0]
        for overwrite in channel.overwrites:
            if overwrite.id == bot_role and overwrite.type == 0:
                overwrite.deny |= permissions
                return
        channel.overwrites.append(Overwrite(bot_role, 0, deny=permissions))

    def grant_bot(self, permissions: int, guild: Guild | None = None) -> None:
        """From now on the bot's role in ``guild`` (the first by default) has ``permissions``
        (e.g. ``Perm.CREATE_EVENTS``), as when an admin edits the role; a connected bot hears of
        it (GUILD_ROLE_UPDATE), so discord.py's ``guild.me.guild_permissions`` follows."""
        self._edit_bot_role(guild or self.world.guild, lambda held: held | permissions)

    def revoke_bot(self, permissions: int, guild: Guild | None = None) -> None:
        """From now on the bot's role in ``guild`` lacks ``permissions`` (announced likewise)."""
        self._edit_bot_role(guild or self.world.guild, lambda held: held & ~permissions)

    def _edit_bot_role(self, guild: Guild, change: Callable[[int], int]) -> None:
        role = guild.bot_role(self.world.bot)
        role.permissions = change(role.permissions)
        self.world.touch()
        data = {"guild_id": str(guild.id), "role": role.payload()}
        for session in self.gateway.sessions_for(guild.id):
            if session.intents & Intent.GUILDS:
                self._soon(self.gateway.send_to(session, "GUILD_ROLE_UPDATE", data))

    def add_role(self, name: str, permissions: int = 0, *, mentionable: bool = False) -> Role:
        role = Role(self.world.ids.next(), name, permissions, position=len(self.world.guild.roles),
                    mentionable=mentionable)
        self.world.guild.roles[role.id] = role
        return role

    def member(
        self,
        name: str,
        *,
        locale: str = "en-US",
        roles: tuple[str, ...] = (),
        guild: Guild | None = None,
    ) -> SimulatedMember:
        """The member called ``name`` of ``guild`` (the first guild by default), created (with
        this locale and roles) on first use. Members of different guilds are different people,
        whatever their names; by default they act in their guild's first channel."""
        guild = guild or self.world.guild
        existing = self.world.member_named(name, guild)
        if existing is None:
            existing = self.world.add_member(
                name, locale, [guild.role_named(r) for r in roles], guild
            )
            data = {**existing.member_payload(guild=guild), "guild_id": str(guild.id)}
            for session in self.gateway.sessions_for(guild.id):
                if session.intents & Intent.GUILD_MEMBERS:
                    self._soon(self.gateway.send_to(session, "GUILD_MEMBER_ADD", data))
        if existing.id not in self._members:
            self._members[existing.id] = SimulatedMember(self, existing, guild)
        return self._members[existing.id]

    def _soon(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- what happened -------------------------------------------------------------------------

    def message(self, message_id: int) -> Message:
        try:
            return self.world.messages[message_id]
        except KeyError:
            raise AssertionError(f"no message {message_id}") from None

    def messages(
        self,
        channel: Channel | str | None = None,
        *,
        visible_to: SimulatedMember | None = None,
        include_deleted: bool = False,
    ) -> list[Message]:
        """Messages (latest state readable on each), oldest first, optionally filtered."""
        if isinstance(channel, str):
            channel = (
                self.channel(channel) if channel != "dm" or visible_to is None else visible_to.dm
            )
        return [
            m
            for m in self.world.messages.values()
            if (channel is None or m.channel is channel)
            and (visible_to is None or m.visible_to(visible_to.member))
            and (include_deleted or not m.deleted)
        ]

    def last_message(
        self,
        channel: Channel | str | None = None,
        *,
        visible_to: SimulatedMember | None = None,
    ) -> Message | None:
        found = self.messages(channel, visible_to=visible_to)
        return found[-1] if found else None

    def notifications(self, member: SimulatedMember | None = None) -> list[Notification]:
        """Notifications Discord would have shown (to ``member``, or to anyone), oldest first."""
        return [n for n in self.world.notifications if member is None or n.member is member.member]

    @property
    def deletions(self) -> list[Message]:
        """Messages deleted so far, in the order they were deleted (``deleted_at`` on each)."""
        return list(self.world.deletions)

    def scheduled_events(
        self, guild: Guild | None = None, *, include_deleted: bool = False
    ) -> list[ScheduledEvent]:
        """The guild scheduled events (of ``guild``, if given; else of every guild), oldest
        first, with Discord's own status changes up to the double's clock applied. Each has
        its ``status``, ``changes`` (every status it had, when, and whether Discord made it
        by itself), ``creator`` and ``payload()``."""
        self._automate()
        return [e for e in self.world.scheduled_events.values()
                if (guild is None or e.guild_id == guild.id)
                and (include_deleted or not e.deleted)]

    def _automate(self) -> None:
        """Discord's own status changes up to now, announced to the bot (an external event
        starts at its start time and completes at its end time)."""
        for event in self.world.automate_events():
            if self.gateway.sessions_for(event.guild_id):
                self._soon(self.gateway.dispatch_scheduled_event(
                    "GUILD_SCHEDULED_EVENT_UPDATE", event))

    @property
    def app_emojis(self) -> list[AppEmoji]:
        """The application's emojis (``name``, ``image`` bytes, ``content_type``), oldest first."""
        return list(self.world.app_emojis.values())

    # -- time ----------------------------------------------------------------------------------

    def now(self) -> float:
        """The double's wall-clock time (a Unix timestamp), ``advance`` included."""
        return self.world.clock.now()

    def advance(self, *, minutes: float = 0, seconds: float = 0) -> None:
        """Move the double's clock forward without waiting: interaction tokens older than
        15 minutes then fail with 401 code 50027, later ids and timestamps are later, and
        external scheduled events whose start or end time passed start or complete (the bot
        hears GUILD_SCHEDULED_EVENT_UPDATE), as Discord makes them."""
        self.world.clock.advance(minutes * 60 + seconds)
        self._automate()

    def everything_seen_by(self, member: SimulatedMember) -> list[MessageVersion]:
        """Every version of every message ``member`` could see, deleted ones included."""
        return [
            v
            for m in self.world.messages.values()
            if m.visible_to(member.member)
            for v in m.versions
        ]

    def assert_never_seen(
        self, member: SimulatedMember, needle: str | Callable[[str], bool]
    ) -> None:
        """Fail if any text ``member`` could ever see contains ``needle`` (or satisfies it).

        Searched: content, embed titles/descriptions/fields/footers/authors, component labels,
        placeholders and custom_ids, select options, attachment names, in every version."""
        if needle == "":
            raise ValueError("an empty needle is found in every text")
        test = needle if callable(needle) else (lambda text: needle in text)
        for version in self.everything_seen_by(member):
            for text in version.texts():
                if test(text):
                    m = version.message
                    where = "ephemeral" if m.ephemeral else repr(m.channel)
                    raise AssertionError(
                        f"{member.name} saw {needle!r} in message {m.id} "
                        f"(version {m.versions.index(version) + 1} of {len(m.versions)}, "
                        f"{where}): {text!r}"
                    )

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.world.interactions.values())

    @property
    def failed_interactions(self) -> list[Interaction]:
        return [i for i in self.interactions if i.failed]

    @property
    def late_answers(self) -> list[Interaction]:
        """Interactions the bot answered after the window closed (Discord said 10062)."""
        return [i for i in self.interactions if i.late_callbacks]

    def commands(self, *, guild: bool | Guild = False) -> list[JSON]:
        """The application commands as last synced, globally or for a guild (``True``: the
        first one)."""
        if guild:
            chosen = self.world.guild if guild is True else guild
            return self.world.guild_commands.get(chosen.id, [])
        return self.world.global_commands

    @property
    def command_syncs(self) -> list[CommandSync]:
        return self.world.command_syncs

    def requests_to(self, route_pattern: str) -> list[RequestRecord]:
        """Logged REST requests matching e.g. ``"POST /channels/{channel_id}/messages"``."""
        return [r for r in self.requests if route_matches(route_pattern, r.method, r.route, r.path)]

    def expire(self, interaction: Interaction) -> None:
        """Called when an interaction's window closes: unanswered means failed."""
        if interaction.status == "pending":
            interaction.fail(f"no response within {interaction.window:g} s")
            self.world.touch()

    # -- waiting -------------------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value; fail after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {timeout:g} s waiting for {what or predicate}"
                )
            await self.world.changed(min(remaining, 0.05))

    async def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until no request is in flight, no interaction awaits its first answer, and
        nothing changed for ``quiet`` seconds. A heuristic: prefer ``wait_for`` on a
        specific effect when there is one."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            pending = [i for i in self.interactions if i.status == "pending"]
            if not self.in_flight and not pending and now - self.world.last_change >= quiet:
                return
            if now > deadline:
                raise AssertionError(
                    f"the double did not settle in {timeout:g} s: "
                    f"{self.in_flight} requests in flight, pending: {pending}"
                )
            await self.world.changed(quiet)

    async def wait_until_connected(self, *, after: int = 0, timeout: float = 10.0) -> Session:
        """Wait for session number ``after + 1`` to have received READY and GUILD_CREATE."""

        def ready() -> Session | None:
            current = self.gateway.current
            return (
                current if self.gateway.identifies > after and current and current.ready else None
            )

        return await self.wait_for(ready, timeout, "the bot to identify on the gateway")

    # -- faults ----------------------------------------------------------------------------

    async def drop_gateway(self, code: int = 4000, reconnect_delay: float = 0.0) -> None:
        """Close the bot's websocket with a resumable code. Events sent while it is away are
        replayed when it RESUMEs; ``reconnect_delay`` keeps it away that long."""
        await self.gateway.drop(code, reconnect_delay)
