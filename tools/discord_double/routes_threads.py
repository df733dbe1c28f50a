"""Threads: a public thread started in a text channel without a message, as Discord starts one
(its permissions, its THREAD_CREATE event, its system message in the channel)."""

from __future__ import annotations

from aiohttp import web

from .guilds import ChannelType, Perm
from .rest import DiscordError, Route, RouteGroup, json_response, path_int, read_body, unknown

DEFAULT_AUTO_ARCHIVE = 1440
"""Minutes of quiet after which a thread is archived, unless its creator says otherwise (a
channel's default, which the double's channels do not change)."""
THREAD_CREATED = 18
"""The type of the system message Discord posts in the channel for a thread started there."""


class ThreadRoutes(RouteGroup):
    def routes(self) -> list[Route]:
        return [("POST", "/channels/{channel_id}/threads", self.create_thread)]

    async def create_thread(self, request: web.Request) -> web.Response:
        """``POST /channels/{id}/threads`` without a message. The bot must see the channel
        (else 403 code 50001) and, for a public thread, have Create Public Threads there (else
        403 code 50013). Only text channels have threads of this kind (400 code 50024). In API
        v10 a thread without a ``type`` is private; the double starts public ones only."""
        world = self.world
        parent = world.find_channel(path_int(request, "channel_id"))
        if parent is None:
            raise unknown("Channel", 10003)
        allowed = world.permissions(world.bot, parent)
        if not allowed & Perm.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        body, _ = await read_body(request)
        if parent.type != ChannelType.TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if "message" in body or body.get("type") != ChannelType.PUBLIC_THREAD:
            raise DiscordError(400, 0, "the double starts public threads (type 11) only")
        if not allowed & Perm.CREATE_PUBLIC_THREADS:
            raise DiscordError(403, 50013, "Missing Permissions")
        thread = world.add_thread(parent, body["name"], world.bot,
                                  body.get("auto_archive_duration") or DEFAULT_AUTO_ARCHIVE)
        gateway = self.double.gateway
        await gateway.dispatch_thread_create(thread)
        created = world.create_message(
            parent, {"content": thread.name, "allowed_mentions": {"parse": []}},
            type=THREAD_CREATED,
            reference={"channel_id": str(thread.id), "guild_id": str(thread.guild_id)})
        await gateway.dispatch_message("MESSAGE_CREATE", created)
        return json_response(thread.payload(), status=201)
