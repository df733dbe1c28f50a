"""Brute force, to check the pairing against on small cases."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.tournament.pairing import Fresh
from bot.tournament.types import Entrant


def pairings(entrants: Sequence[Entrant]) -> Iterator[list[tuple[Entrant, Entrant]]]:
    """Every way to pair an even list."""
    if not entrants:
        yield []
        return
    first = entrants[0]
    for index in range(1, len(entrants)):
        rest = [*entrants[1:index], *entrants[index + 1:]]
        for pairs in pairings(rest):
            yield [(first, entrants[index]), *pairs]


def fewest_repeats(entrants: Sequence[Entrant], fresh: Fresh) -> int:
    """The fewest pairs that are not fresh in any pairing of ``entrants``."""
    return min(sum(1 for a, b in pairs if not fresh(a, b)) for pairs in pairings(entrants))
