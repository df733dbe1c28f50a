"""The double's time: a clock a test can move forward, and the snowflakes that decode to it."""

from __future__ import annotations

import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """The double's idea of the wall-clock time: real time, moved forward by ``advance``.

    Snowflakes, timestamps, notification times and the 15-minute life of interaction tokens
    read it, so a test can let a quarter of an hour pass without waiting for it."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self.offset += seconds


class Snowflakes:
    """Increasing ids that decode to the current time, like Discord's."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._last = 0
        self.clock = clock or Clock()

    def next(self) -> int:
        now = (int(self.clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, shard_count: int) -> int:
        """An id whose guild would be on ``shard`` of ``shard_count`` by Discord's formula
        (``(id >> 22) % shard_count``): the next one a millisecond or so later."""
        snowflake = self.next()
        while (snowflake >> 22) % shard_count != shard:
            snowflake += 1 << 22
        self._last = snowflake
        return snowflake

    @staticmethod
    def timestamp(snowflake: int) -> float:
        return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000
