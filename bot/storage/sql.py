"""What every statement module of the storage shares: the connection's shape, the columns of a
table's row, the way long ``IN (…)`` lists are cut into batches, and how a game's options are
stored."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from typing import Any, Protocol

from engine import DEFAULT_OPTIONS, Options
from engine.options import NelloDoubles

TABLE_COLUMNS = ("id, guild_id, channel_id, message_id, creator_id, locale, seed, options, "
                 "rules_version, status, ping_message_id, variant, level, hints, clock, title")
BATCH = 500
"""Tables whose seats are read in one query (far below either backend's parameter limit)."""


class Sql(Protocol):
    """What a transaction offers the statements: asyncpg's connection methods, which the SQLite
    backend imitates."""

    async def execute(self, query: str, /, *args: Any) -> object: ...

    async def executemany(self, query: str, args: Iterable[Sequence[Any]], /) -> object: ...

    async def fetch(self, query: str, /, *args: Any) -> list[Any]: ...

    async def fetchrow(self, query: str, /, *args: Any) -> Any: ...


def placeholders(count: int, first: int = 1) -> str:
    """``$1, $2, …``: the parameters of an ``IN (…)`` list of ``count`` values."""
    return ", ".join(f"${i}" for i in range(first, first + count))


def batches(ids: Sequence[int]) -> Iterator[tuple[Sequence[int], str]]:
    """``ids`` in slices of at most :data:`BATCH`, each with its parameters' marks."""
    for start in range(0, len(ids), BATCH):
        chunk = ids[start:start + BATCH]
        yield chunk, placeholders(len(chunk))


def by_key(columns: int) -> Callable[[Sequence[Any]], str]:
    """Rows in the order of their first ``columns`` values (the primary key): any order would
    do, as long as every transaction uses the same one."""
    return lambda row: repr(tuple(row[:columns]))


def options_json(options: Options) -> str:
    """Only the options that differ from the defaults, so new options need no migration."""
    changed = {}
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        if value != getattr(DEFAULT_OPTIONS, field.name):
            changed[field.name] = value.value if isinstance(value, Enum) else value
    return json.dumps(changed, sort_keys=True)


def options_from_json(text: str) -> Options:
    values = json.loads(text or "{}")
    if "nello_doubles" in values:
        values["nello_doubles"] = NelloDoubles(values["nello_doubles"])
    return Options(**values)
