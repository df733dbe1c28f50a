"""Which Discord shards this process holds, and so which tables are its own.

Past a few thousand servers Discord splits a bot's connection into shards: a server's events
go to shard ``(guild_id >> 22) % shard_count``. Several processes of the bot, each holding some
of the shards, share one PostgreSQL database; each resumes and drives the tables of the servers
on its shards only (:meth:`Shards.owns`), and answers everything that reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardError(ValueError):
    """``SHARD_IDS`` is not a list of shards of ``SHARD_COUNT``; the message says why."""


@dataclass(frozen=True, slots=True)
class Shards:
    count: int
    ids: tuple[int, ...]
    """Sorted, each below ``count``."""

    @classmethod
    def all(cls, count: int = 1) -> Shards:
        return cls(count, tuple(range(count)))

    @classmethod
    def parse(cls, count: int, text: str) -> Shards:
        """``SHARD_IDS`` as written: ids and ranges, comma-separated (``0-3``, ``0,2,4-5``);
        empty for all of them.

        >>> Shards.parse(8, "0-2, 6")
        Shards(count=8, ids=(0, 1, 2, 6))
        """
        if count < 1:
            raise ShardError("there must be at least one shard")
        if not text.strip():
            return cls.all(count)
        ids: set[int] = set()
        for part in text.split(","):
            first, _, last = part.strip().partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                raise ShardError(f"{part.strip()!r} is neither a shard id nor a range like 0-3")
            low, high = int(first), int(last or first)
            if low > high or high >= count:
                raise ShardError(f"{part.strip()} is not within shards 0 to {count - 1}")
            ids.update(range(low, high + 1))
        return cls(count, tuple(sorted(ids)))

    @property
    def whole(self) -> bool:
        """Whether this process holds every shard (the only process, in effect)."""
        return len(self.ids) == self.count

    def of(self, guild_id: int) -> int:
        """The shard that gets the server's events (Discord's formula)."""
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.whole or self.of(guild_id) in self.ids

    def __str__(self) -> str:
        """``0-1 of 4``: ranges of the ids held, and the total.

        >>> str(Shards(8, (0, 1, 2, 6)))
        '0-2, 6 of 8'
        """
        runs: list[list[int]] = []
        for shard in self.ids:
            if runs and shard == runs[-1][-1] + 1:
                runs[-1].append(shard)
            else:
                runs.append([shard])
        held = ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)
        return f"{held} of {self.count}"


ALL = Shards.all()
"""A bot that does not shard: one connection, every server."""
