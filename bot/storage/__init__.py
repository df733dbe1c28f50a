"""The bot's storage: one contract (:class:`Storage`), two backends.

``Storage.open`` picks the backend from the setting: a ``postgresql://`` URL connects to a
PostgreSQL server shared by every process of the bot (:mod:`.postgres`); anything else is the
path of an SQLite file, the default (:mod:`.sqlite`). The service only ever sees
:class:`Storage`.
"""

from .base import SCHEMA_VERSION, ConflictError, Storage, StorageError
from .sqlite import MIGRATIONS

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "ConflictError", "Storage", "StorageError"]
