"""The application's emojis: listed, uploaded (as Discord checks their names and images),
renamed and deleted."""

from __future__ import annotations

import base64
import re
from typing import Any

from aiohttp import web

from .application import AppEmoji
from .rest import DiscordError, Route, RouteGroup, json_response, path_int, read_body, unknown

EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
DATA_URI = re.compile(
    r"data:(?P<type>image/(?:png|jpeg|gif|webp));base64,(?P<data>[A-Za-z0-9+/=]+)"
)
EMOJI_MAX_BYTES = 256 * 1024
EMOJI_MAX_COUNT = 2000


class EmojiRoutes(RouteGroup):
    def routes(self) -> list[Route]:
        app = "/applications/{application_id}"
        return [
            ("GET", f"{app}/emojis", self.list_emojis),
            ("POST", f"{app}/emojis", self.create_emoji),
            ("GET", f"{app}/emojis/{{emoji_id}}", self.get_emoji),
            ("PATCH", f"{app}/emojis/{{emoji_id}}", self.edit_emoji),
            ("DELETE", f"{app}/emojis/{{emoji_id}}", self.delete_emoji),
        ]

    def _app(self, request: web.Request) -> None:
        if path_int(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002)

    def _emoji(self, request: web.Request) -> AppEmoji:
        self._app(request)
        emoji = self.world.app_emojis.get(path_int(request, "emoji_id"))
        if emoji is None:
            raise unknown("Emoji", 10014)
        return emoji

    def _emoji_name(self, name: Any, keep: AppEmoji | None = None) -> str:
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            raise DiscordError(
                400, 50035, "Invalid Form Body: name: 2 to 32 letters, digits or underscores"
            )
        if any(e.name == name and e is not keep for e in self.world.app_emojis.values()):
            raise DiscordError(
                400, 50035, "Invalid Form Body: name: Application emoji name already taken"
            )
        return name

    async def list_emojis(self, request: web.Request) -> web.Response:
        self._app(request)
        return json_response({"items": [e.payload() for e in self.world.app_emojis.values()]})

    async def create_emoji(self, request: web.Request) -> web.Response:
        self._app(request)
        body, _ = await read_body(request)
        name = self._emoji_name(body.get("name"))
        match = DATA_URI.fullmatch(str(body.get("image") or ""))
        if match is None:
            raise DiscordError(400, 50035, "Invalid Form Body: image: Invalid image data")
        image = base64.b64decode(match["data"])
        if len(image) > EMOJI_MAX_BYTES:
            raise DiscordError(
                400, 50045, f"File cannot be larger than {EMOJI_MAX_BYTES // 1024} kb."
            )
        if len(self.world.app_emojis) >= EMOJI_MAX_COUNT:
            raise DiscordError(400, 30018, "Maximum number of emojis reached")
        emoji = AppEmoji(self.world.ids.next(), name, image, match["type"], self.world.bot)
        self.world.app_emojis[emoji.id] = emoji
        self.world.touch()
        return json_response(emoji.payload(), 201)

    async def get_emoji(self, request: web.Request) -> web.Response:
        return json_response(self._emoji(request).payload())

    async def edit_emoji(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        body, _ = await read_body(request)
        if "name" in body:
            emoji.name = self._emoji_name(body["name"], keep=emoji)
        self.world.touch()
        return json_response(emoji.payload())

    async def delete_emoji(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        del self.world.app_emojis[emoji.id]
        self.world.touch()
        return web.Response(status=204)
