"""The bot's settings, read once at start-up from the environment and an optional ``.env`` file.

A variable set in the environment wins over the same one in ``.env``, so a container or a shell
can override the file. Every problem is a :class:`ConfigError` whose message is one line fit to
print on exit.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

from engine.players import load_policy

from .records import STRONGEST, StrongPlayer
from .shards import ShardError, Shards
from .storage.target import SQLITE_SCHEME, describe_url, is_postgres

DEFAULT_DATABASE = Path("data") / "texas42.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_BOT_PAUSE = 1.5
"""Seconds a computer player waits before its move shows, so people can follow each trick."""
DEFAULT_BOT_POLICY = STRONGEST
PLAYERS = {"strong": STRONGEST, "rules": "engine.players.rules:decide",
           "random": "engine.players.random_legal:decide"}
"""The computer players the bot ships, by the names ``BOT_STRONG_PLAYER`` takes."""
MOST_NAME = 40
"""Characters of ``BOT_STRONG_NAME`` at most: it goes on a button beside the level's name."""
MAX_BOT_PAUSE = 60.0
DEFAULT_POOL_SIZE = 10
"""Connections each process keeps to PostgreSQL (a write holds one for a few milliseconds)."""


def default_bot_workers() -> int:
    """One process per core for the computer players' thinking, at least one."""
    return max(1, os.cpu_count() or 1)

# Whatever Discord then refuses is reported at login; this only catches a pasted sentence.
_TOKEN_SHAPE = re.compile(r"^[\x21-\x7e]+$")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and what to do."""


class LogColor(Enum):
    """Whether log lines carry ANSI colours: ``auto`` only on a terminal, so ``docker logs``
    and log files read plainly."""

    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"

    def applies_to(self, stream: TextIO) -> bool:
        if self is LogColor.AUTO:
            return stream.isatty()
        return self is LogColor.ALWAYS


@dataclass(frozen=True, slots=True)
class Config:
    token: str
    database: Path = DEFAULT_DATABASE
    """The SQLite file, unless ``database_url`` names a PostgreSQL server."""
    data_dir: Path | None = None
    """The only folder the database may be in (the Docker image's volume), when set."""
    database_url: str | None = None
    """A PostgreSQL server shared by every process of the bot (``postgresql://…``)."""
    pool_size: int = DEFAULT_POOL_SIZE
    """Connections to PostgreSQL this process keeps open at most."""
    log_level: str = "INFO"
    log_color: LogColor = LogColor.AUTO
    dev_guild_id: int | None = None
    """Commands are synced to this guild at once (global commands can take a while to appear)."""
    bot_pause: float = DEFAULT_BOT_PAUSE
    """Seconds a computer player's move waits, counted from the move before (pacing only)."""
    bot_policy: str = DEFAULT_BOT_POLICY
    """The strong computer players' policy, as ``package.module:function``
    (``BOT_STRONG_PLAYER``; casual ones always play the rules of thumb)."""
    bot_strong_name: str | None = None
    """What tables call the strong player (``BOT_STRONG_NAME``), if its admin named it."""
    bot_workers: int = field(default_factory=default_bot_workers)
    """Processes that think for the computer players, off the event loop."""
    shards: Shards | None = None
    """The Discord shards this process holds (``SHARD_COUNT``, ``SHARD_IDS``); ``None``: the
    bot does not shard, one connection gets every server."""

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

        data_dir, database, database_url = database_setting(values)
        pool_size = _whole_number(values, "DATABASE_POOL_SIZE", DEFAULT_POOL_SIZE,
                                  "connections")

        log_level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if log_level not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, "
                              f"not {log_level!r}.")
        color_text = values.get("LOG_COLOR", "").strip().lower() or LogColor.AUTO.value
        try:
            log_color = LogColor(color_text)
        except ValueError:
            raise ConfigError(f"LOG_COLOR must be auto, always or never, not "
                              f"{color_text!r}.") from None

        guild_text = values.get("DEV_GUILD_ID", "").strip()
        dev_guild_id: int | None = None
        if guild_text:
            if not guild_text.isdigit():
                raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), "
                                  f"not {guild_text!r}.")
            dev_guild_id = int(guild_text)

        pause_text = values.get("BOT_PAUSE_SECONDS", "").strip()
        bot_pause = DEFAULT_BOT_PAUSE
        if pause_text:
            try:
                bot_pause = float(pause_text)
            except ValueError:
                bot_pause = -1.0
            if not 0 <= bot_pause <= MAX_BOT_PAUSE:
                raise ConfigError(f"BOT_PAUSE_SECONDS must be a number of seconds from 0 to "
                                  f"{MAX_BOT_PAUSE:g}, not {pause_text!r}.")

        bot_policy = strong_player_setting(values)
        bot_strong_name = values.get("BOT_STRONG_NAME", "").strip() or None
        if bot_strong_name is not None and len(bot_strong_name) > MOST_NAME:
            raise ConfigError(f"BOT_STRONG_NAME is what tables call the strong player: at most "
                              f"{MOST_NAME} characters, not {len(bot_strong_name)}.")

        bot_workers = _whole_number(values, "BOT_WORKERS", default_bot_workers(), "processes")
        shards = shard_setting(values)
        if shards is not None and not shards.whole and database_url is None:
            raise ConfigError(f"SHARD_IDS={values.get('SHARD_IDS', '').strip()} holds only some "
                              f"of the {shards.count} shards: the other processes must share "
                              f"this one's database, so set DATABASE_URL to a PostgreSQL "
                              f"server.")

        return cls(token=token, database=database, data_dir=data_dir,
                   database_url=database_url, pool_size=pool_size, log_level=log_level,
                   log_color=log_color, dev_guild_id=dev_guild_id, bot_pause=bot_pause,
                   bot_policy=bot_policy, bot_strong_name=bot_strong_name,
                   bot_workers=bot_workers, shards=shards)

    @property
    def strong_player(self) -> StrongPlayer:
        """Who plays at a table whose computer players are strong, as the tables name it."""
        return StrongPlayer(self.bot_policy, self.bot_strong_name)

    @property
    def storage_target(self) -> Path | str:
        """What :func:`bot.storage.open_storage` opens: the PostgreSQL URL, else the file."""
        return self.database_url or self.database

    @property
    def database_name(self) -> str:
        """The database as logs and messages name it (never with a password)."""
        return describe_url(self.database_url) if self.database_url else str(self.database)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    def log_formatter(self, stream: TextIO = sys.stderr) -> logging.Formatter | None:
        """A plain formatter unless colours apply to ``stream``; ``None``: discord.py's own
        colour formatter."""
        if self.log_color.applies_to(stream):
            return None
        return logging.Formatter("[{asctime}] [{levelname:<8}] {name}: {message}",
                                 "%Y-%m-%d %H:%M:%S", style="{")

    def __repr__(self) -> str:  # never print the token
        return (f"Config(token='***', database={self.database_name!r}, "
                f"data_dir={str(self.data_dir) if self.data_dir else None!r}, "
                f"pool_size={self.pool_size!r}, "
                f"log_level={self.log_level!r}, log_color={self.log_color.value!r}, "
                f"dev_guild_id={self.dev_guild_id!r}, "
                f"bot_pause={self.bot_pause!r}, bot_policy={self.bot_policy!r}, "
                f"bot_strong_name={self.bot_strong_name!r}, "
                f"bot_workers={self.bot_workers!r}, "
                f"shards={str(self.shards) if self.shards else None!r})")


def strong_player_setting(values: Mapping[str, str]) -> str:
    """The policy of the strong computer players: ``BOT_STRONG_PLAYER``, one of the bot's own
    players by its name (:data:`PLAYERS`) or one of the admin's as ``package.module:function``.
    ``BOT_POLICY``, its name before, is read too; both set, they must name the same player."""
    chosen = {name: values.get(name, "").strip() for name in ("BOT_STRONG_PLAYER", "BOT_POLICY")}
    given = {name: PLAYERS.get(text, text) for name, text in chosen.items() if text}
    if len(set(given.values())) > 1:
        raise ConfigError(f"BOT_STRONG_PLAYER={chosen['BOT_STRONG_PLAYER']} and "
                          f"BOT_POLICY={chosen['BOT_POLICY']} (its old name) name different "
                          f"players: keep BOT_STRONG_PLAYER alone.")
    name, policy = next(iter(given.items()), ("BOT_STRONG_PLAYER", DEFAULT_BOT_POLICY))
    try:
        load_policy(policy)
    except ValueError as error:
        raise ConfigError(f"{name} must be {', '.join(PLAYERS)} or a computer player of your own "
                          f"as package.module:function: {error}.") from None
    return policy


def _whole_number(values: Mapping[str, str], name: str, default: int, unit: str) -> int:
    text = values.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ConfigError(f"{name} must be a whole number of {unit}, at least 1, not {text!r}.")
    return int(text)


def shard_setting(values: Mapping[str, str]) -> Shards | None:
    """``SHARD_COUNT`` shards in all, of which this process holds ``SHARD_IDS`` (all of them
    when unset); neither set: no sharding."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError(f"SHARD_IDS={ids_text} needs SHARD_COUNT, the number of shards "
                              f"of all the bot's processes together.")
        return None
    count = _whole_number(values, "SHARD_COUNT", 1, "shards")
    try:
        return Shards.parse(count, ids_text)
    except ShardError as error:
        raise ConfigError(f"SHARD_IDS must be shard ids or ranges of the {count} shards, like "
                          f"0-{count - 1}: {error}.") from None


def database_setting(values: Mapping[str, str]) -> tuple[Path | None, Path, str | None]:
    """``DATA_DIR``, the SQLite file and the PostgreSQL URL. ``DATABASE_URL`` chooses: unset,
    the file of ``DATABASE_PATH`` (see :func:`database_location`); ``sqlite:///path``, that
    file (``sqlite:////abs/path`` for an absolute one); ``postgresql://…``, that server."""
    url = values.get("DATABASE_URL", "").strip()
    if not url:
        return (*database_location(values), None)
    if url.startswith(SQLITE_SCHEME):
        path_text = url.removeprefix(SQLITE_SCHEME)
        given = values.get("DATABASE_PATH", "").strip()
        if not path_text:
            raise ConfigError("DATABASE_URL=sqlite:/// names no file: write "
                              "sqlite:///data/texas42.sqlite3 (or sqlite:////an/absolute/path).")
        if given and Path(given) != Path(path_text):
            raise ConfigError(f"DATABASE_URL names {path_text} and DATABASE_PATH {given}: "
                              f"keep one of them.")
        return (*database_location({**values, "DATABASE_PATH": path_text}), None)
    if not is_postgres(url):
        scheme = url.split("://", 1)[0] + "://…" if "://" in url else "that"
        raise ConfigError(f"DATABASE_URL must be sqlite:///path/to/file or "
                          f"postgresql://user:password@host:port/database, not {scheme}.")
    try:
        port = urlsplit(url).port
    except ValueError:
        port = -1
    if port is not None and not 0 < port < 65536:
        raise ConfigError(f"DATABASE_URL has no usable port after the host: "
                          f"{url.split('://', 1)[0]}://user:password@host:5432/database.")
    return (*database_location(values), url)


def database_location(values: Mapping[str, str]) -> tuple[Path | None, Path]:
    """``DATA_DIR`` and the database path. With ``DATA_DIR`` (the Docker image sets it to its
    volume) the database stays inside it whatever else is set: a relative ``DATABASE_PATH`` is
    placed in it, an absolute one elsewhere is refused, so games are never written where an
    upgrade would lose them."""
    path_text = values.get("DATABASE_PATH", "").strip()
    dir_text = values.get("DATA_DIR", "").strip()
    if not dir_text:
        return None, Path(path_text or DEFAULT_DATABASE)
    data_dir = Path(dir_text)
    if not data_dir.is_absolute():
        raise ConfigError(f"DATA_DIR must be an absolute folder, not {dir_text!r}.")
    database = Path(os.path.normpath(data_dir / (path_text or DEFAULT_DATABASE.name)))
    if not database.is_relative_to(data_dir):
        raise ConfigError(f"DATABASE_PATH={path_text} is outside DATA_DIR={data_dir}, the folder "
                          f"kept on the volume: remove DATABASE_PATH from .env, or give a path "
                          f"inside {data_dir}.")
    return data_dir, database


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
