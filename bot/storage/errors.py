"""What the storage raises."""


class StorageError(Exception):
    """The database cannot be used (for example, it was written by a newer version)."""


class ConflictError(StorageError):
    """A write broke a constraint: an active table already in the channel, a seat taken, or an
    action number already used (someone else's action got there first)."""
