"""The 28 tiles of a double-six set (R-SET) and their count values (R-POINTS).

A :class:`Domino` is an ``int`` from 0 to 27, so it indexes the precomputed tables and bit
masks of the hot path directly, while reading as a tile everywhere else. Its one canonical text
form is ``"low-high"`` (``"4-6"``); :meth:`Domino.parse` also takes ``"6-4"``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Pips on a side of a tile, and the suits named after them.
PIPS = range(7)
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")


class Domino(int):
    """One tile; ``Domino.parse("6-4") == Domino.parse("4-6")``.

    >>> tile = Domino.parse("6-4")
    >>> str(tile), tile.label, tile.count, tile.is_double
    ('4-6', '[6|4]', 10, False)
    """

    __slots__ = ()

    @property
    def low(self) -> int:
        return _LOW[self]

    @property
    def high(self) -> int:
        return _HIGH[self]

    @property
    def is_double(self) -> bool:
        return _LOW[self] == _HIGH[self]

    @property
    def pips(self) -> int:
        return _LOW[self] + _HIGH[self]

    @property
    def count(self) -> int:
        """Extra hand points for capturing this tile (R-POINTS): 5, 10 or 0."""
        return COUNT[self]

    @property
    def label(self) -> str:
        """The way players write it, high end first: ``[6|4]``."""
        return f"[{_HIGH[self]}|{_LOW[self]}]"

    def has(self, suit: int) -> bool:
        return suit in (_LOW[self], _HIGH[self])

    def other_end(self, suit: int) -> int:
        return _HIGH[self] if _LOW[self] == suit else _LOW[self]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Domino({_TEXT[self]!r})"

    @classmethod
    def of(cls, a: int, b: int) -> Domino:
        """The tile with ends ``a`` and ``b``, in either order."""
        if not (0 <= a <= 6 and 0 <= b <= 6):
            raise ValueError(f"a tile's ends are 0 to 6, not {a} and {b}")
        low, high = min(a, b), max(a, b)
        return TILES[high * (high + 1) // 2 + low]

    @classmethod
    def parse(cls, text: str) -> Domino:
        """Read ``"a-b"`` (either end first, nothing around it); ``ValueError`` otherwise."""
        found = _BY_TEXT.get(text)
        if found is None:
            raise ValueError(f"unknown tile {text!r}: write it as two pips 0-6, like '6-4'")
        return found


_LOW: list[int] = []
_HIGH: list[int] = []
for _high in PIPS:
    for _low in range(_high + 1):
        _LOW.append(_low)
        _HIGH.append(_high)

TILES: tuple[Domino, ...] = tuple(Domino(i) for i in range(28))
"""All 28 tiles, in index order."""

_TEXT = tuple(f"{_LOW[t]}-{_HIGH[t]}" for t in range(28))
_BY_TEXT = {f"{a}-{b}": TILES[t] for t in range(28) for a, b in ((_LOW[t], _HIGH[t]),
                                                                    (_HIGH[t], _LOW[t]))}

_COUNT_TILES = {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}
COUNT: tuple[int, ...] = tuple(_COUNT_TILES.get((_LOW[t], _HIGH[t]), 0) for t in range(28))
"""Count value of each tile by index (R-POINTS); they add up to 35."""

DOUBLES: tuple[Domino, ...] = tuple(t for t in TILES if t.is_double)
ALL_TILES_MASK = (1 << 28) - 1


def mask_of(tiles: Iterable[int]) -> int:
    """The bit mask with one bit per tile."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask


DOUBLES_MASK = mask_of(DOUBLES)


def sorted_for_display(tiles: Iterable[Domino]) -> tuple[Domino, ...]:
    """Highest first, so a pile reveals nothing of the order it was played in (R-SEE-ANON)."""
    return tuple(sorted(tiles, key=lambda t: (_HIGH[t], _LOW[t]), reverse=True))
