"""Tiles: the 28 of a double-six set (R-SET) with their count values (R-POINTS), and the faces of
the larger sets the variants play (V-GEN-SET: up to double-nine, one or two copies of a face).

A :class:`Domino` is an ``int``, so it indexes the precomputed tables and bit masks of the hot
path directly, while reading as a tile everywhere else. Face ``[a|b]`` (a ≤ b) is number
``b(b+1)/2 + a``, so the double-six set is 0 to 27 whatever the variant; the second copy of a
face (V-72-SET, V-84-SET) is that number plus :data:`FACES`. Its one canonical text form is
``"low-high"`` (``"4-6"``), the same for both copies; :meth:`Domino.parse` also takes ``"6-4"``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Pips on a side of a tile of 42's set, and the suits named after them (up to nines).
PIPS = range(7)
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
              "nines")
#: The highest number of pips in any set played (double-nine, V-140-SET).
MOST_PIPS = 9
#: Faces of a double-nine set: a second copy's number is its face's plus this.
FACES = (MOST_PIPS + 1) * (MOST_PIPS + 2) // 2


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
    def face(self) -> Domino:
        """The first copy of this face: the tile an action names (V-GEN-SET)."""
        return _ALL[self % FACES]

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
    def of(cls, a: int, b: int, top: int = 6) -> Domino:
        """The (first copy of the) tile with ends ``a`` and ``b``, in either order, of a
        double-``top`` set."""
        if not (0 <= a <= top and 0 <= b <= top):
            raise ValueError(f"a tile's ends are 0 to {top}, not {a} and {b}")
        low, high = min(a, b), max(a, b)
        return _ALL[high * (high + 1) // 2 + low]

    @classmethod
    def parse(cls, text: str, top: int = 6) -> Domino:
        """Read ``"a-b"`` (either end first, nothing around it) of a double-``top`` set;
        ``ValueError`` otherwise."""
        found = _BY_TEXT[top].get(text) if 0 <= top <= MOST_PIPS else None
        if found is None:
            raise ValueError(f"unknown tile {text!r}: write it as two pips 0-{top}, like '6-4'")
        return found


_LOW: list[int] = []
_HIGH: list[int] = []
for _copy in range(2):
    for _high in range(MOST_PIPS + 1):
        for _low in range(_high + 1):
            _LOW.append(_low)
            _HIGH.append(_high)

_ALL: tuple[Domino, ...] = tuple(Domino(i) for i in range(2 * FACES))

TILES: tuple[Domino, ...] = _ALL[:28]
"""The 28 tiles of a double-six set (R-SET), in index order."""
EVERY_FACE: tuple[Domino, ...] = _ALL[:FACES]
"""The 55 faces of a double-nine set, one copy each: every face a game of the family deals
(V-GEN-SET), the double-six set's first."""


def tile_of(number: int) -> Domino:
    """The tile numbered ``number`` (either copy of any face up to double-nine)."""
    return _ALL[number]


_TEXT = tuple(f"{_LOW[t]}-{_HIGH[t]}" for t in range(2 * FACES))
_BY_TEXT = tuple({f"{a}-{b}": _ALL[t] for t in range(FACES) if _HIGH[t] <= top
                  for a, b in ((_LOW[t], _HIGH[t]), (_HIGH[t], _LOW[t]))}
                 for top in range(MOST_PIPS + 1))
"""Tiles by text, either end first, for each double-N set."""

_COUNT_TILES = {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}
COUNT: tuple[int, ...] = tuple(_COUNT_TILES.get((_LOW[t], _HIGH[t]), 0)
                               for t in range(2 * FACES))
"""Count value of each tile by number under R-POINTS (the 28 of 42 add up to 35); a variant
lists its own counters (V-GEN-POINTS)."""

DOUBLES: tuple[Domino, ...] = tuple(t for t in TILES if t.is_double)


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
