"""Failures on demand, shaped the way discord.py expects Discord's to look.

A route pattern is ``"METHOD /path"``: the method may be ``*`` or left out, and the path is either
the route's template as written in discord.py (``/channels/{channel_id}/messages``) or a glob
over the concrete path (``/channels/*/messages``). ``"*"`` alone matches every REST route.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fnmatch import fnmatchcase

from aiohttp import web

API_PREFIX = "/api/v10"


def route_matches(pattern: str, method: str, template: str, path: str) -> bool:
    """Whether a request (method, route template, concrete path) matches a fault/log pattern."""
    want_method, _, want_path = pattern.strip().rpartition(" ")
    if want_method not in ("", "*") and want_method.upper() != method.upper():
        return False
    template = template.removeprefix(API_PREFIX)
    path = path.removeprefix(API_PREFIX)
    return want_path in (template, "*") or fnmatchcase(path, want_path)


@dataclass
class Fault:
    kind: str  # "rate_limit" or "server_error"
    pattern: str
    times: int
    retry_after: float = 0.0
    global_: bool = False

    def response(self) -> web.Response:
        if self.kind == "server_error":
            return web.Response(
                status=500,
                text="500: Internal Server Error",
                headers={"Content-Type": "text/plain"},
            )
        body = {
            "message": "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.global_,
        }
        headers = {
            "Content-Type": "application/json",
            # discord.py treats a 429 without Via as a Cloudflare ban and does not retry it.
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(self.retry_after))),
            "X-RateLimit-Scope": "global" if self.global_ else "user",
        }
        if self.global_:
            headers["X-RateLimit-Global"] = "true"
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)


class Faults:
    """Queue of pending faults; each matching REST request consumes one use."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []
        self.fired: list[tuple[Fault, str, str]] = []  # (fault, method, path)

    def rate_limit(
        self,
        route_pattern: str = "*",
        retry_after: float = 0.1,
        *,
        global_: bool = False,
        times: int = 1,
    ) -> Fault:
        """Answer the next ``times`` matching requests with a 429 carrying ``retry_after``."""
        fault = Fault("rate_limit", route_pattern, times, retry_after, global_)
        self.pending.append(fault)
        return fault

    def server_error(self, route_pattern: str = "*", *, times: int = 1) -> Fault:
        """Answer the next ``times`` matching requests with a 500 (discord.py retries after 1 s)."""
        fault = Fault("server_error", route_pattern, times)
        self.pending.append(fault)
        return fault

    def clear(self) -> None:
        self.pending.clear()

    def take(self, method: str, template: str, path: str) -> Fault | None:
        for fault in self.pending:
            if fault.times > 0 and route_matches(fault.pattern, method, template, path):
                fault.times -= 1
                if fault.times == 0:
                    self.pending.remove(fault)
                self.fired.append((fault, method, path))
                return fault
        return None
