"""Every REST route the double knows, answered from its world.

Route templates mirror discord.py's ``Route`` paths (http.py, webhook/async_.py) so that fault
patterns can be copied from there.
"""

from __future__ import annotations

import asyncio
import mimetypes

from aiohttp import web

from .guilds import Channel, Perm
from .message_checks import check_message, is_empty, number_components
from .messages import Flag, Interaction, Message, walk_components
from .payload import JSON
from .rest import (
    DiscordError,
    Double,
    Handler,
    Upload,
    json_response,
    path_int,
    read_body,
    unknown,
)
from .routes_commands import CommandRoutes
from .routes_emojis import EmojiRoutes
from .routes_guilds import GuildRoutes
from .routes_identity import IdentityRoutes

TOKEN_LIFETIME = 15 * 60  # seconds an interaction token can be used for webhook calls


class RestApi:
    """Handlers for every route the double knows; anything else is an unknown route (404)."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.world = double.world
        self.identity = IdentityRoutes(double)
        self.guilds = GuildRoutes(double)
        self.emojis = EmojiRoutes(double)
        self.commands = CommandRoutes(double, self.guilds)

    def routes(self) -> list[tuple[str, str, Handler]]:
        hook = "/webhooks/{webhook_id}/{webhook_token}"
        routes: list[tuple[str, str, Handler]] = [
            *self.identity.routes(),
            *self.guilds.routes(),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback),
            ("POST", hook, self.followup),
        ]
        for path in (f"{hook}/messages/@original", f"{hook}/messages/{{message_id}}"):
            routes += [
                ("GET", path, self.get_hook_message),
                ("PATCH", path, self.edit_hook_message),
                ("DELETE", path, self.delete_hook_message),
            ]
        routes += [*self.emojis.routes(), *self.commands.routes()]
        return routes

    # -- channels and messages -----------------------------------------------------------------

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
        allowed = self.world.permissions(self.world.bot, channel)
        if not allowed & Perm.VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if not allowed & Perm.SEND_MESSAGES:
            raise DiscordError(403, 50013, "Missing Permissions")
        body, files = await read_body(request)
        self._prepare(body, files, None)
        if is_empty(body):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        message = self.world.create_message(channel, body)
        await self.double.gateway.dispatch_message("MESSAGE_CREATE", message)
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        return json_response((await self._edit(message, request)).payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        await self._delete(self._channel_message(request))
        return web.Response(status=204)

    async def _edit(self, message: Message, request: web.Request) -> Message:
        body, files = await read_body(request)
        self._prepare(body, files, message)
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

    def _prepare(self, body: JSON, files: dict[int, Upload], message: Message | None) -> None:
        """Validate a create (``message`` None) or edit body as Discord does, turn its files into
        attachments and resolve ``attachment://`` media in its components."""
        existing = message.attachments if message is not None else []
        self._attach(body, files, existing)
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
        self._resolve_media(body, body.get("attachments", existing))
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

    def _resolve_media(self, body: JSON, attachments: list[JSON]) -> None:
        """``attachment://name`` in a thumbnail, gallery item or file component must name an
        attachment of the message; it is stored (and returned) as that attachment's url."""
        by_name = {a["filename"]: a for a in attachments}
        problems: list[str] = []
        for c in walk_components(body.get("components") or []):
            kind = c.get("type")
            if kind == 11:
                medias = [c.get("media")]
            elif kind == 12:
                medias = [item.get("media") for item in c.get("items") or []]
            elif kind == 13:
                medias = [c.get("file")]
            else:
                continue
            for media in medias:
                url = str(media.get("url") or "") if isinstance(media, dict) else ""
                if not url.startswith("attachment://"):
                    continue
                assert isinstance(media, dict)
                attachment = by_name.get(url.removeprefix("attachment://"))
                if attachment is None:
                    problems.append(f"{url}: no attachment of this message has that filename")
                    continue
                media.update(
                    url=attachment["url"],
                    proxy_url=attachment["proxy_url"],
                    attachment_id=attachment["id"],
                    content_type=attachment.get("content_type"),
                    flags=0,
                    **{k: attachment[k] for k in ("width", "height") if k in attachment},
                )
                if kind == 13:
                    c.update(name=attachment["filename"], size=attachment["size"])
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body: components: " + "; ".join(problems))

    async def _delete(self, message: Message) -> None:
        self.world.delete_message(message)
        await self.double.gateway.dispatch_message("MESSAGE_DELETE", message)

    def _attach(self, body: JSON, files: dict[int, Upload], existing: list[JSON]) -> None:
        """Turn ``attachments`` entries and uploaded files into attachment objects.

        An entry whose id is a file index is a new upload; one whose id is an existing
        attachment keeps it; on edit, attachments not listed are removed."""
        if not files and "attachments" not in body:
            return
        by_id = {a["id"]: a for a in existing}
        entries = body.get("attachments")
        if entries is None:  # files alone add to what the message has
            entries = [{"id": a["id"]} for a in existing]
            entries += [{"id": i, "filename": f.filename} for i, f in sorted(files.items())]
        result: list[JSON] = []
        for entry in entries:
            key = str(entry.get("id"))
            if key in by_id:
                result.append(by_id[key])
                continue
            upload = files.get(int(key)) if key.isdigit() else None
            if upload is None:
                raise DiscordError(400, 50035, f"Invalid Form Body: attachments: no file {key}")
            attachment_id = self.world.ids.next()
            self.world.uploads[attachment_id] = upload.data
            filename = entry.get("filename") or upload.filename
            url = f"{self.double.url}/attachments/{attachment_id}/{filename}"
            attachment: JSON = {
                "id": str(attachment_id),
                "filename": filename,
                "size": len(upload.data),
                "url": url,
                "proxy_url": url,
                # Discord goes by the name; discord.py sends every file as octet-stream
                "content_type": mimetypes.guess_type(filename)[0] or upload.content_type,
            }
            if entry.get("description"):
                attachment["description"] = entry["description"]
            if upload.data.startswith(b"\x89PNG\r\n\x1a\n") and len(upload.data) >= 24:
                attachment["width"] = int.from_bytes(upload.data[16:20], "big")
                attachment["height"] = int.from_bytes(upload.data[20:24], "big")
            result.append(attachment)
        body["attachments"] = result

    async def get_upload(self, request: web.Request) -> web.Response:
        data = self.world.uploads.get(path_int(request, "attachment_id"))
        if data is None:
            raise web.HTTPNotFound()
        kind = mimetypes.guess_type(request.match_info["filename"])[0]
        return web.Response(body=data, headers={"Content-Type": kind or "application/octet-stream"})

    # -- interactions ------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.world.interactions.get(path_int(request, "webhook_id"))
        if interaction is None or interaction.token != request.match_info["webhook_token"]:
            raise unknown("interaction", 10062)
        body, files = await read_body(request)
        if interaction.status == "answered":
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        now = asyncio.get_running_loop().time()
        if interaction.status == "failed" or now > interaction.deadline:
            interaction.late_callbacks.append(
                {"type": body.get("type"), "after": now - interaction.deadline + interaction.window}
            )
            interaction.fail(f"no response within {interaction.window:g} s")
            self.world.touch()
            raise unknown("interaction", 10062)
        try:
            message = await self._respond(interaction, body, files)
        except DiscordError as error:
            interaction.errors.append(error.message)
            self.world.touch()
            raise
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        data: JSON = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": bool(message and message.loading),
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": body["type"]},
        }
        if message is not None:
            data["resource"]["message"] = message.payload()
        return json_response(data)

    async def _respond(
        self, i: Interaction, body: JSON, files: dict[int, Upload]
    ) -> Message | None:
        """Apply one callback: 4 reply, 5 deferred reply, 6 deferred update, 7 update,
        8 autocomplete choices, 9 modal."""
        kind, data = body.get("type"), body.get("data") or {}
        valid = {2: (4, 5, 9), 3: (4, 5, 6, 7, 9), 4: (8,), 5: (4, 5, 6, 7)}[i.type]
        if kind not in valid:
            raise DiscordError(
                400,
                50035,
                f"Invalid Form Body: type: callback {kind} is not "
                f"valid for interaction type {i.type}",
            )
        message: Message | None = None
        message_type = 20 if i.type == 2 else 0
        if kind == 4:
            self._prepare(data, files, None)
            if is_empty(data):
                raise DiscordError(400, 50006, "Cannot send an empty message")
            ephemeral = bool((data.get("flags") or 0) & Flag.EPHEMERAL)
            message = self.world.create_message(
                i.channel,
                data,
                type=message_type,
                interaction=i,
                ephemeral_to=i.user if ephemeral else None,
            )
            await self.double.gateway.dispatch_message("MESSAGE_CREATE", message)
        elif kind == 5:
            ephemeral = bool((data.get("flags") or 0) & Flag.EPHEMERAL)
            flags = Flag.LOADING | (Flag.EPHEMERAL if ephemeral else 0)
            message = self.world.create_message(
                i.channel,
                {"content": "", "flags": flags},
                type=message_type,
                interaction=i,
                ephemeral_to=i.user if ephemeral else None,
            )
            await self.double.gateway.dispatch_message("MESSAGE_CREATE", message)
        elif kind in (6, 7):
            assert i.source_message is not None
            message = i.source_message
            if kind == 7:
                self._prepare(data, files, message)
                self.world.edit_message(message, data)
                await self.double.gateway.dispatch_message("MESSAGE_UPDATE", message)
        elif kind == 8:
            i.choices = data.get("choices") or []
        elif kind == 9:
            i.modal = data
        if kind in (4, 5, 6, 7):
            i.original = message
        i.status, i.response_type = "answered", kind
        i.answered.set()
        self.world.touch()
        return message if kind != 6 else None

    def _hook_interaction(self, request: web.Request) -> Interaction:
        """The interaction behind an interaction webhook; usable once it has been answered."""
        interaction = self.world.interaction_by_token(request.match_info["webhook_token"])
        if (
            path_int(request, "webhook_id") != self.world.application_id
            or interaction is None
            or interaction.status != "answered"
        ):
            raise unknown("Webhook", 10015)
        if self.world.clock.now() - interaction.created_at > TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _hook_message(self, request: web.Request) -> Message:
        interaction = self._hook_interaction(request)
        message_id = request.match_info.get("message_id", "@original")
        if message_id == "@original":
            message = interaction.original
        else:
            message = self.world.messages.get(path_int(request, "message_id"))
            if message is not interaction.original and message not in interaction.followups:
                message = None
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return message

    async def followup(self, request: web.Request) -> web.Response:
        i = self._hook_interaction(request)
        body, files = await read_body(request)
        filling = i.response_type == 5 and i.original is not None and i.original.loading
        self._prepare(body, files, i.original if filling else None)
        if is_empty(body):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        if filling and i.original is not None:
            # Discord turns the first followup after a deferred reply into that reply.
            message = self.world.edit_message(i.original, body)
            await self.double.gateway.dispatch_message("MESSAGE_UPDATE", message)
        else:
            ephemeral = bool((body.get("flags") or 0) & Flag.EPHEMERAL)
            message = self.world.create_message(
                i.channel,
                body,
                type=20 if i.type == 2 else 0,
                interaction=i,
                ephemeral_to=i.user if ephemeral else None,
            )
            i.followups.append(message)
            await self.double.gateway.dispatch_message("MESSAGE_CREATE", message)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload())
        return web.Response(status=204)

    async def get_hook_message(self, request: web.Request) -> web.Response:
        return json_response(self._hook_message(request).payload())

    async def edit_hook_message(self, request: web.Request) -> web.Response:
        return json_response((await self._edit(self._hook_message(request), request)).payload())

    async def delete_hook_message(self, request: web.Request) -> web.Response:
        await self._delete(self._hook_message(request))
        return web.Response(status=204)


