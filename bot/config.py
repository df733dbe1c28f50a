"""The bot's settings, read once at start-up from the environment and an optional ``.env`` file.

A variable set in the environment wins over the same one in ``.env``, so a container or a shell
can override the file. Every problem is a :class:`ConfigError` whose message is one line fit to
print on exit.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = Path("data") / "texas42.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# Whatever Discord then refuses is reported at login; this only catches a pasted sentence.
_TOKEN_SHAPE = re.compile(r"^[\x21-\x7e]+$")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and what to do."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str
    database: Path = DEFAULT_DATABASE
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    """Commands are synced to this guild at once (global commands can take a while to appear)."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None,
                 env_file: Path | None = Path(".env")) -> Config:
        """Settings from ``environ`` (default ``os.environ``) over those in ``env_file``."""
        values = dict(read_env_file(env_file)) if env_file is not None else {}
        values.update(os.environ if environ is None else environ)

        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("DISCORD_TOKEN is not set: put the bot token from the Discord "
                              "developer portal in the environment or in .env "
                              "(see .env.example).")
        if token.lower().startswith("bot "):
            token = token[4:].strip()
        if not _TOKEN_SHAPE.match(token):
            raise ConfigError("DISCORD_TOKEN does not look like a bot token: copy it again from "
                              "the Bot page of your application in the developer portal.")

        database = Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)

        log_level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if log_level not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, "
                              f"not {log_level!r}.")

        guild_text = values.get("DEV_GUILD_ID", "").strip()
        dev_guild_id: int | None = None
        if guild_text:
            if not guild_text.isdigit():
                raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), "
                                  f"not {guild_text!r}.")
            dev_guild_id = int(guild_text)

        return cls(token=token, database=database, log_level=log_level,
                   dev_guild_id=dev_guild_id)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    def __repr__(self) -> str:  # never print the token
        return (f"Config(token='***', database={str(self.database)!r}, "
                f"log_level={self.log_level!r}, dev_guild_id={self.dev_guild_id!r})")


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines and ``#`` comments are skipped, an optional ``export``
    prefix and matching single or double quotes around the value are removed. A missing file
    is no error: the environment may hold everything."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}.") from None
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ConfigError(f"{path}, line {number}: expected KEY=value.")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values
