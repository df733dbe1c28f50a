"""Interactions answered: the first callback within the window, then the webhooks of its token
(followups, and the original response or a followup read, edited or deleted) for 15 minutes."""

from __future__ import annotations

import asyncio

from aiohttp import web

from .message_checks import is_empty
from .messages import Flag, Interaction, Message
from .payload import JSON
from .rest import (
    DiscordError,
    Double,
    Route,
    RouteGroup,
    Upload,
    json_response,
    path_int,
    read_body,
    unknown,
)
from .routes_messages import MessageRoutes

TOKEN_LIFETIME = 15 * 60  # seconds an interaction token can be used for webhook calls


class InteractionRoutes(RouteGroup):
    def __init__(self, double: Double, messages: MessageRoutes) -> None:
        super().__init__(double)
        self.messages = messages

    def routes(self) -> list[Route]:
        hook = "/webhooks/{webhook_id}/{webhook_token}"
        routes: list[Route] = [
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback),
            ("POST", hook, self.followup),
        ]
        for path in (f"{hook}/messages/@original", f"{hook}/messages/{{message_id}}"):
            routes += [
                ("GET", path, self.get_hook_message),
                ("PATCH", path, self.edit_hook_message),
                ("DELETE", path, self.delete_hook_message),
            ]
        return routes

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
            self.messages.prepare(data, files, None)
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
                self.messages.prepare(data, files, message)
                self.world.edit_message(message, data)
                await self.double.gateway.dispatch_message("MESSAGE_UPDATE", message)
        elif kind == 8:
            i.choices = data.get("choices") or []
        elif kind == 9:
            i.modal = data
        if kind in (4, 5, 6, 7):
            i.original = message
        i.status, i.response_type = "answered", kind
        i.answered_at = asyncio.get_running_loop().time()
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
        self.messages.prepare(body, files, i.original if filling else None)
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
        return json_response(
            (await self.messages.edit(self._hook_message(request), request)).payload()
        )

    async def delete_hook_message(self, request: web.Request) -> web.Response:
        await self.messages.delete(self._hook_message(request))
        return web.Response(status=204)


