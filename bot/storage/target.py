"""Which database a setting names: a PostgreSQL URL, or else the path of an SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import TypeGuard
from urllib.parse import urlsplit

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres(target: Path | str) -> TypeGuard[str]:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def describe_url(url: str) -> str:
    """``user@host:port/database`` of a PostgreSQL URL, without its password.

    >>> describe_url("postgresql://bot:secret@db.example:5433/texas42")
    'bot@db.example:5433/texas42'
    >>> describe_url("postgresql:///texas42?host=/run/postgresql")
    'localhost/texas42'
    """
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    database = parts.path.lstrip("/")
    return f"{user}{parts.hostname or 'localhost'}{port}" + (f"/{database}" if database else "")


def settings_for(target: Path | str) -> dict[str, str]:
    """The settings that put a bot process on ``target``."""
    return {"DATABASE_URL": target} if is_postgres(target) else {"DATABASE_PATH": str(target)}
