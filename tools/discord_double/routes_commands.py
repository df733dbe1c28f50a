"""Application commands, global and per guild: bulk overwrites (what a bot's sync sends), single
commands, and the checks Discord applies to them."""

from __future__ import annotations

import re
import time

from aiohttp import web

from .application import CommandSync
from .payload import JSON
from .rest import (
    DiscordError,
    Double,
    Route,
    RouteGroup,
    json_response,
    path_int,
    read_body,
    unknown,
)
from .routes_guilds import GuildRoutes

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def check_commands(commands: list[JSON]) -> None:
    """The validation Discord applies to a bulk overwrite of application commands."""
    problems: list[str] = []
    if len(commands) > 100:
        problems.append("Must be 100 or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for n, command in enumerate(commands):
        kind = command.get("type", 1)
        name = command.get("name", "")
        if (kind, name) in seen:
            problems.append(f"{n}.name: Application command names must be unique")
        seen.add((kind, name))
        if kind == 1:
            problems += _option_problems(str(n), command)
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))


def _option_problems(path: str, node: JSON) -> list[str]:
    problems: list[str] = []
    name, description = node.get("name", ""), node.get("description", "")
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append(f"{path}.name: Command name is invalid ({name!r})")
    if not 1 <= len(description) <= 100:
        problems.append(f"{path}.description: Must be between 1 and 100 in length.")
    options = node.get("options") or []
    if len(options) > 25:
        problems.append(f"{path}.options: Must be 25 or fewer in length.")
    required_seen_optional = False
    for k, option in enumerate(options):
        problems += _option_problems(f"{path}.options.{k}", option)
        if option.get("type") in (1, 2):
            continue
        if option.get("required") and required_seen_optional:
            problems.append(
                f"{path}.options.{k}: Required options must be placed before non-required options"
            )
        required_seen_optional |= not option.get("required")
        if len(option.get("choices") or []) > 25:
            problems.append(f"{path}.options.{k}.choices: Must be 25 or fewer in length.")
    return problems


class CommandRoutes(RouteGroup):
    def __init__(self, double: Double, guilds: GuildRoutes) -> None:
        super().__init__(double)
        self.guilds = guilds

    def routes(self) -> list[Route]:
        routes: list[Route] = []
        for base in (
            "/applications/{application_id}",
            "/applications/{application_id}/guilds/{guild_id}",
        ):
            routes += [
                ("GET", f"{base}/commands", self.list_commands),
                ("PUT", f"{base}/commands", self.overwrite_commands),
                ("POST", f"{base}/commands", self.upsert_command),
                ("GET", f"{base}/commands/{{command_id}}", self.get_command),
                ("PATCH", f"{base}/commands/{{command_id}}", self.edit_command),
                ("DELETE", f"{base}/commands/{{command_id}}", self.delete_command),
            ]
        return routes

    def _commands(self, request: web.Request) -> tuple[int | None, list[JSON]]:
        if path_int(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002)
        if "guild_id" not in request.match_info:
            return None, self.world.global_commands
        guild = self.guilds.guild(request)
        return guild.id, self.world.guild_commands.setdefault(guild.id, [])

    def _stored(self, command: JSON, guild_id: int | None, existing: list[JSON]) -> JSON:
        """The command as Discord returns it; a command keeps its id across overwrites."""
        kind = command.get("type", 1)
        old = next(
            (c for c in existing if c["name"] == command["name"] and c["type"] == kind), None
        )
        permissions = command.get("default_member_permissions")
        stored = {
            "name_localizations": None,
            "description_localizations": None,
            "options": [],
            "contexts": None,
            "integration_types": [0],
            "nsfw": False,
            "dm_permission": True,
            **command,
            "id": old["id"] if old else str(self.world.ids.next()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.ids.next()),
            "type": kind,
            "description": command.get("description", ""),
            "default_member_permissions": None if permissions is None else str(permissions),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self._commands(request)[1])

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        guild_id, existing = self._commands(request)
        body, _ = await read_body(request)
        check_commands(body)
        stored = [self._stored(c, guild_id, existing) for c in body]
        existing[:] = stored
        self.world.command_syncs.append(CommandSync(guild_id, stored, time.monotonic()))
        self.world.touch()
        return json_response(stored)

    async def upsert_command(self, request: web.Request) -> web.Response:
        guild_id, existing = self._commands(request)
        body, _ = await read_body(request)
        check_commands([body])
        stored = self._stored(body, guild_id, existing)
        existing[:] = [c for c in existing if c["id"] != stored["id"]] + [stored]
        self.world.touch()
        return json_response(stored, 201)

    def _command(self, request: web.Request) -> tuple[int | None, list[JSON], JSON]:
        guild_id, existing = self._commands(request)
        command = next((c for c in existing if c["id"] == request.match_info["command_id"]), None)
        if command is None:
            raise unknown("application command", 10063)
        return guild_id, existing, command

    async def get_command(self, request: web.Request) -> web.Response:
        return json_response(self._command(request)[2])

    async def edit_command(self, request: web.Request) -> web.Response:
        guild_id, existing, command = self._command(request)
        body, _ = await read_body(request)
        updated = self._stored({**command, **body}, guild_id, existing)
        check_commands([updated])
        existing[existing.index(command)] = updated
        self.world.touch()
        return json_response(updated)

    async def delete_command(self, request: web.Request) -> web.Response:
        _, existing, command = self._command(request)
        existing.remove(command)
        self.world.touch()
        return web.Response(status=204)
