"""``python -m bot``: read the settings, open the database, and play until stopped.

A problem the admin must fix (no token, a bad token, an unusable database) ends the process
with one line on stderr and a non-zero status, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys

import aiohttp
import discord

from .app import bot_for
from .config import Config, ConfigError
from .ratings import rebuild_if_needed
from .service import TableService
from .shards import ALL
from .storage import ConflictError, Storage, StorageError, open_storage

log = logging.getLogger("bot")


def fail(message: str) -> int:
    print(f"texas42: {message}", file=sys.stderr)
    return 2


async def run(config: Config) -> None:
    storage = await open_storage(config.storage_target, pool_size=config.pool_size)
    log.info("database %s ready", storage.where)
    await _rebuild_ratings(storage)
    if config.shards is not None:
        log.info("holding shards %s", config.shards)
    try:
        async with bot_for(config, TableService(storage, shards=config.shards or ALL)) as bot:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGINT):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(config.token)
    finally:
        await storage.close()


async def _rebuild_ratings(storage: Storage) -> None:
    """Ratings computed by another model (or by none, before histories were kept) are rebuilt
    from the stored games before the bot serves anyone."""
    try:
        rebuilt = await rebuild_if_needed(storage)
    except ConflictError as error:
        log.warning("ratings not rebuilt (%s): run python -m bot.ratings rebuild", error)
        return
    if rebuilt is not None:
        log.info("ratings and histories rebuilt from the stored games: %d games rated",
                 rebuilt.games)


def main() -> int:
    try:
        config = Config.from_env()
    except ConfigError as error:
        return fail(str(error))
    formatter = config.log_formatter()
    if formatter is None:
        discord.utils.setup_logging(level=config.log_level_number, root=True)
    else:
        discord.utils.setup_logging(level=config.log_level_number, root=True,
                                    formatter=formatter)
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        return fail("Discord refused DISCORD_TOKEN: copy the token again from the Bot page of "
                    "your application in the developer portal.")
    except discord.PrivilegedIntentsRequired:
        return fail("Discord asked for a privileged intent this bot does not use; "
                    "check that you run this project's code.")
    except StorageError as error:
        return fail(str(error))
    except (aiohttp.ClientError, ConnectionError, socket.gaierror, TimeoutError) as error:
        return fail(f"cannot reach Discord ({error.__class__.__name__}: {error}); check the "
                    "network and try again.")
    except OSError as error:
        return fail(f"stopped by {error.__class__.__name__}: {error}.")
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
