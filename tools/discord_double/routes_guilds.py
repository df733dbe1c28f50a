"""A guild the bot is in, read: the guild itself, its channels, roles and members."""

from __future__ import annotations

from aiohttp import web

from .guilds import Guild
from .rest import DiscordError, Route, RouteGroup, json_response, path_int, unknown


class GuildRoutes(RouteGroup):
    def routes(self) -> list[Route]:
        return [
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]

    def guild(self, request: web.Request) -> Guild:
        """The guild the path names, if the bot is in it."""
        guild = self.world.guilds.get(path_int(request, "guild_id"))
        if guild is None:
            raise DiscordError(403, 50001, "Missing Access")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self.world.guild_payload(self.guild(request), with_members=False)
        for key in ("channels", "members", "threads", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.payload() for c in self.guild(request).channels.values()])

    async def get_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self.guild(request).roles.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        member = guild.members.get(path_int(request, "user_id"))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member.member_payload(guild=guild))
