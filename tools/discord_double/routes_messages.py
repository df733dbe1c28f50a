"""Channels and their messages: read, sent, edited and deleted by the bot, each body checked and
its files attached as Discord does before it is stored."""

from __future__ import annotations

from aiohttp import web

from .attachments import Attachments, resolve_media
from .clock import Snowflakes
from .guilds import Channel, Perm
from .message_checks import check_message, is_empty, number_components
from .messages import Flag, Message, walk_components
from .payload import JSON
from .rest import (
    DiscordError,
    Double,
    RateLimited,
    Route,
    RouteGroup,
    Upload,
    json_response,
    path_int,
    read_body,
    unknown,
)

OLD_MESSAGE = 3600.0
"""Seconds after which Discord caps the edits to a message (error 30046)."""
OLD_EDITS, OLD_EDITS_WINDOW = 3, 6.0
"""The edits to old messages Discord allows in one channel per window (seconds), as measured."""


class MessageRoutes(RouteGroup):
    def __init__(self, double: Double, attachments: Attachments) -> None:
        super().__init__(double)
        self.attachments = attachments
        self.old_edits: dict[int, list[float]] = {}
        """By channel: when (the double's clock) each edit of an hour-old message was made."""

    def routes(self) -> list[Route]:
        return [
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/typing", self.typing),
        ]

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.find_channel(path_int(request, "channel_id"))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _channel_message(self, request: web.Request) -> Message:
        """Channel routes cannot see ephemeral messages, exactly as on Discord."""
        channel = self._channel(request)
        message = self.world.messages.get(path_int(request, "message_id"))
        if (
            message is None
            or message.channel is not channel
            or message.deleted
            or message.ephemeral
        ):
            raise unknown("Message", 10008)
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = min(int(request.query.get("limit", 50)), 100)
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = sorted(
            (
                m
                for m in self.world.messages.values()
                if m.channel is channel
                and not m.deleted
                and not m.ephemeral
                and after < m.id < before
            ),
            key=lambda m: m.id,
            reverse=True,
        )
        return json_response([m.payload() for m in found[:limit]])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        allowed = self._allowed(channel)
        # In a thread, Send Messages in Threads stands for Send Messages.
        needed = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
        if not allowed & needed:
            raise DiscordError(403, 50013, "Missing Permissions")
        body, files = await read_body(request)
        self._may_upload(allowed, files)
        self.prepare(body, files, None)
        if is_empty(body):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        message = self.world.create_message(channel, body)
        await self.double.gateway.dispatch_message("MESSAGE_CREATE", message)
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        allowed = self._allowed(message.channel)
        self._may_edit_old(message)
        return json_response((await self.edit(message, request, allowed)).payload())

    def _may_edit_old(self, message: Message) -> None:
        """Discord's cap on edits to messages older than an hour: a few per channel every few
        seconds, then 429 with code 30046. Every such edit is noted in the world, so a test can
        show a bot never makes one."""
        now = self.world.clock.now()
        if now - Snowflakes.timestamp(message.id) < OLD_MESSAGE:
            return
        self.world.old_message_edits.append(message.id)
        recent = [at for at in self.old_edits.get(message.channel.id, [])
                  if now - at < OLD_EDITS_WINDOW]
        if len(recent) >= OLD_EDITS:
            raise RateLimited(30046, "Maximum number of edits to messages older than 1 hour"
                              " reached. Try again later.", OLD_EDITS_WINDOW - (now - recent[0]))
        self.old_edits[message.channel.id] = [*recent, now]

    def _allowed(self, channel: Channel) -> int:
        """The bot's permissions in ``channel``, which it must at least be able to see."""
        allowed = self.world.permissions(self.world.bot, channel)
        if not allowed & Perm.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        return allowed

    @staticmethod
    def _may_upload(allowed: int | None, files: dict[int, Upload]) -> None:
        """A file sent through a channel route needs Attach Files there; through an
        interaction's webhook it needs nothing (``allowed`` is None)."""
        if files and allowed is not None and not allowed & Perm.ATTACH_FILES:
            raise DiscordError(403, 50013, "Missing Permissions")

    async def delete_message(self, request: web.Request) -> web.Response:
        await self.delete(self._channel_message(request))
        return web.Response(status=204)

    async def edit(self, message: Message, request: web.Request,
                   allowed: int | None = None) -> Message:
        """Apply an edit request to ``message``: for a channel route (with the bot's
        permissions there) or a webhook (``allowed`` None)."""
        body, files = await read_body(request)
        self._may_upload(allowed, files)
        self.prepare(body, files, message)
        merged = {
            k: getattr(message.latest, k)
            for k in ("content", "embeds", "components", "attachments")
        }
        merged.update({k: v for k, v in body.items() if k in merged})
        if is_empty(merged):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        self.world.edit_message(message, body)
        await self.double.gateway.dispatch_message("MESSAGE_UPDATE", message)
        return message

    def prepare(self, body: JSON, files: dict[int, Upload], message: Message | None) -> None:
        """Validate a create (``message`` None) or edit body as Discord does, turn its files into
        attachments and resolve ``attachment://`` media in its components."""
        existing = message.attachments if message is not None else []
        self.attachments.attach(body, files, existing)
        before = message.flags if message is not None else 0
        flags = body.get("flags")
        if flags is None:
            flags = before
        elif before & Flag.COMPONENTS_V2 and not flags & Flag.COMPONENTS_V2:
            raise DiscordError(
                400,
                50035,
                "Invalid Form Body: flags: The IS_COMPONENTS_V2 flag cannot be removed "
                "from a message",
            )
        check_message(body, flags=flags)
        allowed = body.get("allowed_mentions") or {}
        if "users" in (allowed.get("parse") or []) and allowed.get("users"):
            raise DiscordError(
                400,
                50035,
                'Invalid Form Body: allowed_mentions: parse:["users"] and users: [ids...] '
                "are mutually exclusive.",
            )
        if message is not None and flags & Flag.COMPONENTS_V2:
            left = [
                k for k in ("content", "embeds") if k not in body and getattr(message.latest, k)
            ]
            if left:
                raise DiscordError(
                    400,
                    50035,
                    f"Invalid Form Body: {', '.join(left)}: Cannot be used when the message "
                    "has the IS_COMPONENTS_V2 flag",
                )
        resolve_media(body, body.get("attachments", existing))
        self._check_emojis(body)
        if flags & Flag.COMPONENTS_V2:
            number_components(body.get("components") or [])

    def _check_emojis(self, body: JSON) -> None:
        """A custom emoji on a button or select option must be one the bot can use: the guild
        has none of its own, so one of the application's emojis."""
        problems: list[str] = []
        for c in walk_components(body.get("components") or []):
            for emoji in [c.get("emoji"), *(o.get("emoji") for o in c.get("options") or [])]:
                if isinstance(emoji, dict) and emoji.get("id") is not None:
                    known = self.world.app_emojis.get(int(emoji["id"]))
                    if known is None:
                        problems.append(f"components.emoji.id: Invalid emoji ({emoji['id']})")
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    async def delete(self, message: Message) -> None:
        """Delete ``message`` and say so on the gateway: for a channel route or a webhook."""
        self.world.delete_message(message)
        await self.double.gateway.dispatch_message("MESSAGE_DELETE", message)
