"""What every REST route of the double shares: reading a request's path and body, answering in
JSON, and refusing in Discord's error shape ``{"message", "code"}`` (with ``errors``, the
fields at fault, for an invalid form body).
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import BodyPartReader, web

from .contract import OffContract, check
from .gateway import Gateway
from .world import World

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Route = tuple[str, str, Handler]  # method, path template, handler
BODY = web.RequestKey("body", object)  # the parsed request body, for the request log


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with a content type of exactly ``application/json``: discord.py only decodes that."""
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


class DiscordError(Exception):
    """Raised by handlers; turned into Discord's error JSON by the server middleware."""

    def __init__(self, status: int, code: int, message: str,
                 errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.errors = errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, self.status)


class InvalidBody(DiscordError):
    """A body Discord refuses as an invalid form body (400, 50035): one its published
    description of the route does not allow (:mod:`.contract`), or one breaking a rule of the
    route's own. ``errors`` places the error at the field, as Discord does:
    ``{"name": {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": "..."}]}}``."""

    def __init__(self, message: str, path: tuple[str, ...] = (),
                 code: str = "BASE_TYPE_INVALID") -> None:
        errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
        for key in reversed(path):
            errors = {key: errors}
        where = ".".join(path) or "body"
        super().__init__(400, 50035, f"Invalid Form Body: {where}: {message}", errors)


class RateLimited(DiscordError):
    """A 429 of one of Discord's own limits, which discord.py waits out and retries."""

    def __init__(self, code: int, message: str, retry_after: float) -> None:
        super().__init__(429, code, message)
        self.retry_after = retry_after

    def response(self) -> web.Response:
        body = {"message": self.message, "code": self.code, "retry_after": self.retry_after,
                "global": False}
        headers = {"Content-Type": "application/json", "Via": "1.1 google",
                   "Retry-After": str(max(1, round(self.retry_after)))}
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


def path_int(request: web.Request, key: str) -> int:
    """The snowflake named ``key`` in the request's path, refused as Discord does if malformed."""
    try:
        return int(request.match_info[key])
    except ValueError:
        raise DiscordError(
            400, 50035, f"Invalid Form Body: {key}: Value is not snowflake."
        ) from None


@dataclass
class Upload:
    filename: str
    data: bytes
    content_type: str | None


async def read_body(request: web.Request) -> tuple[Any, dict[int, Upload]]:
    """JSON, or multipart with ``payload_json`` and ``files[n]`` as discord.py sends uploads."""
    files: dict[int, Upload] = {}
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, BodyPartReader)
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.name and (m := re.fullmatch(r"files\[(\d+)\]", part.name)):
                files[int(m[1])] = Upload(
                    part.filename or f"file{m[1]}",
                    bytes(await part.read()),
                    part.headers.get("Content-Type"),
                )
    elif request.can_read_body:
        payload = await request.json()
    else:
        payload = {}
    request[BODY] = payload
    try:
        check(request.method, route_of(request), payload)
    except OffContract as error:
        raise InvalidBody(error.message, error.path, error.code) from None
    return payload, files


def route_of(request: web.Request) -> str:
    """The path template ``request`` matched, without the API's version prefix."""
    resource = request.match_info.route.resource
    template = resource.canonical if resource is not None else request.path
    return re.sub(r"^/api/v[0-9]+", "", template)


class Double(Protocol):
    """What the routes need of the double that serves them."""

    world: World
    gateway: Gateway
    shard_count: int

    @property
    def url(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...


class RouteGroup(ABC):
    """Routes that belong together, answered from the world of the double that serves them."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.world = double.world

    @abstractmethod
    def routes(self) -> list[Route]: ...
