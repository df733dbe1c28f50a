"""The bot's storage: one contract (:class:`Storage`), two backends.

:func:`open_storage` picks the backend from the setting: a ``postgresql://`` URL connects to a
PostgreSQL server shared by every process of the bot (:mod:`.postgres`); anything else is the
path of an SQLite file, the default (:mod:`.sqlite`). The service only ever sees
:class:`Storage`.
"""

from __future__ import annotations

from pathlib import Path

from .base import SCHEMA_VERSION, Storage
from .errors import ConflictError, StorageError
from .sqlite import MIGRATIONS, SqliteStorage
from .target import is_postgres

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "ConflictError", "Storage", "StorageError",
           "open_storage"]


async def open_storage(target: Path | str, *, pool_size: int = 10) -> Storage:
    """The database at ``target``, migrated: a ``postgresql://`` URL (a pool of up to
    ``pool_size`` connections), else the path of an SQLite file. The PostgreSQL backend is
    imported only when used, so a bot on SQLite needs no PostgreSQL driver."""
    if is_postgres(target):
        from .postgres import PostgresStorage

        return await PostgresStorage.connect(target, pool_size=pool_size)
    return await SqliteStorage.open_file(target)
