"""Who is who: the bot's own user and application, other users and the DM channels it opens with
them, and where the gateway is."""

from __future__ import annotations

from aiohttp import web

from .rest import Route, RouteGroup, json_response, path_int, read_body, unknown


class IdentityRoutes(RouteGroup):
    def routes(self) -> list[Route]:
        return [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway),
        ]

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(
            {
                **self.world.bot.user_payload(),
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
                "locale": "en-US",
                "email": None,
            }
        )

    async def open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        member = self.world.user(int(body.get("recipient_id", 0)))
        if member is None or member.bot:
            raise unknown("User", 10013)
        return json_response(self.world.dm_channel(member).payload())

    async def get_user(self, request: web.Request) -> web.Response:
        member = self.world.user(path_int(request, "user_id"))
        if member is None:
            raise unknown("User", 10013)
        return json_response(member.user_payload())

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        owner = {
            "id": str(world.owner_id),
            "username": "owner",
            "global_name": None,
            "discriminator": "0",
            "avatar": None,
        }
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": world.bot.user_payload(),
                "owner": owner,
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "guild_id": None,
                "interactions_endpoint_url": None,
                "tags": [],
                "redirect_uris": [],
                "integration_types_config": {"0": {}},
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        """Where to connect and, for ``/gateway/bot``, how many shards Discord recommends and
        how many may identify at once (``max_concurrency``: a large bot's 16)."""
        return json_response(
            {
                "url": self.double.gateway_url,
                "shards": self.double.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 16,
                },
            }
        )
