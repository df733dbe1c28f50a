"""Run any module as ``__main__`` with discord.py pointed at the double.

    python -m tools.discord_double.launcher --api http://127.0.0.1:PORT -- bot [args...]

The bot's code is unchanged: this only redirects discord.py's REST base URL and its default
gateway URL (a plain, non-sharded client never asks ``/gateway/bot`` where to connect) before
the module starts. ``--api`` defaults to the ``DISCORD_DOUBLE_API`` environment variable.
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
from collections.abc import Callable


def point_discord_at(api: str) -> Callable[[], None]:
    """Redirect discord.py to the double at ``api`` (``http://host:port``); returns an undo."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    base = api.rstrip("/")
    previous = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http", "ws", 1) + "/gateway")

    def undo() -> None:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = previous

    return undo


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    ours, theirs = (
        (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    )
    parser = argparse.ArgumentParser(
        prog="python -m tools.discord_double.launcher",
        usage="%(prog)s [--api URL] -- MODULE [ARGS...]",
    )
    parser.add_argument(
        "--api",
        default=os.environ.get("DISCORD_DOUBLE_API"),
        help="the double's base URL, e.g. http://127.0.0.1:8123",
    )
    args = parser.parse_args(ours)
    if not args.api or not theirs:
        parser.error("give --api (or DISCORD_DOUBLE_API) and a module to run after --")
    point_discord_at(args.api)
    module, *rest = theirs
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
