"""Individual progressive play (docs/TOURNAMENTS.md): players, not teams, rotate partners round by
round so that each partners every other player exactly once and opposes every other exactly
twice. Such a schedule is a whist tournament Wh(n); one exists only for n ≡ 0 or 1 (mod 4): with
4k players everyone plays every one of 4k − 1 rounds, with 4k + 1 players one sits out each of
4k + 1 rounds.

Every schedule is built from one of three constructions, checked pair by pair by the tests (only
the third stores anything, a first round):

- n a power of two (4, 8, 16, 32, 64): the field of n elements, ω in it neither 0 nor 1. Round
  ``d`` (d ≠ 0) seats the cosets of {0, d, ωd, (1 + ω)d}, partners ``x, x + d``: every pair
  partners in the round of its difference, and opposes in the two rounds where its difference is
  ωd or (1 + ω)d.
- n a prime power ≡ 1 (mod 4) (5, 9, 13, 17, 25, 29, 37, 41, 49, 53, 61, 73, 81, 89, 97): the
  field of n elements has a square root ω of −1. The first round's tables are
  (y, −y against ωy, −ωy) for y over the cosets of {1, ω, −1, −ω}; round ``g`` adds ``g`` to
  every seat, and player ``g`` sits out.
- 12, 20, 21, 24, 28, 40, 65 and 76: a first round found by search (:data:`_STARTERS`), each
  round adding one to every seat modulo 4k − 1 (a fixed player ∞ apart) or 4k + 1. For 40, 65
  and 76 every partnership of the first round is some x and −x, so every difference partners
  exactly once by itself and the search only had to make the oppositions come out twice.

Other sizes have no schedule here (:func:`schedule` answers None): a tournament director seats
the extra players as byes, or picks a supported size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .types import Entrant

Seats = tuple[int, int, int, int]
"""A table by player index: ``(a, b, c, d)``, partners ``a, c`` against ``b, d``."""


@dataclass(frozen=True, slots=True)
class Table:
    """Four players at a table: two partnerships facing each other."""

    partners: tuple[Entrant, Entrant]
    opponents: tuple[Entrant, Entrant]

    @property
    def players(self) -> tuple[Entrant, ...]:
        return (*self.partners, *self.opponents)


@dataclass(frozen=True, slots=True)
class WhistRound:
    """One round: every table, and the player sitting it out (with 4k + 1 players)."""

    number: int
    tables: tuple[Table, ...]
    sitting_out: Entrant | None


def supported(players: int) -> bool:
    """Whether :func:`schedule` builds a schedule for this many players."""
    return _layout(players) is not None


def schedule(players: Sequence[Entrant]) -> tuple[WhistRound, ...] | None:
    """The rounds for ``players``, or None for a count without a schedule here."""
    if len(set(players)) != len(players):
        raise ValueError(f"players appear twice: {players}")
    layout = _layout(len(players))
    if layout is None:
        return None
    return tuple(
        WhistRound(number,
                   tuple(Table((players[a], players[c]), (players[b], players[d]))
                         for a, b, c, d in tables),
                   None if out is None else players[out])
        for number, (tables, out) in enumerate(layout, start=1))


def meetings(rounds: Sequence[WhistRound]) -> tuple[dict[frozenset[Entrant], int],
                                                     dict[frozenset[Entrant], int]]:
    """How often each pair of players partnered and how often it opposed, over ``rounds``."""
    partnered: dict[frozenset[Entrant], int] = {}
    opposed: dict[frozenset[Entrant], int] = {}
    for table in (table for each in rounds for table in each.tables):
        for pair in (table.partners, table.opponents):
            key = frozenset(pair)
            partnered[key] = partnered.get(key, 0) + 1
        for a in table.partners:
            for b in table.opponents:
                key = frozenset((a, b))
                opposed[key] = opposed.get(key, 0) + 1
    return partnered, opposed


Layout = tuple[tuple[tuple[Seats, ...], int | None], ...]
"""Rounds by player index: each round's tables and who sits out."""


@cache
def _layout(n: int) -> Layout | None:
    if n >= 4 and n & (n - 1) == 0:
        return _binary_field(n)
    if n in _ODD_FIELDS:
        return _odd_field(n, *_ODD_FIELDS[n])
    if n in _STARTERS:
        return _developed(n, _STARTERS[n])
    return None


# ----- the field of 2^k elements ---------------------------------------------------------------

_BINARY_MODULI = {4: 0b111, 8: 0b1011, 16: 0b10011, 32: 0b100101, 64: 0b1000011}
"""An irreducible polynomial of degree k over GF(2) for each field size 2^k, as bits."""


def _binary_field(n: int) -> Layout | None:
    modulus = _BINARY_MODULI.get(n)
    if modulus is None:
        return None

    def times(a: int, b: int) -> int:
        product = 0
        while b:
            if b & 1:
                product ^= a
            b >>= 1
            a <<= 1
            if a & n:
                a ^= modulus
        return product

    omega = 2  # x: neither 0 nor 1, so {1, ω} spans a plane
    rounds = []
    for d in range(1, n):
        step, other = times(omega, d), times(omega ^ 1, d)
        seated: set[int] = set()
        tables = []
        for x in range(n):
            if x not in seated:
                table = (x, x ^ step, x ^ d, x ^ other)  # partners x, x + d
                seated.update(table)
                tables.append(table)
        rounds.append((tuple(tables), None))
    return tuple(rounds)


# ----- the field of q ≡ 1 (mod 4) elements, q odd ----------------------------------------------

_ODD_FIELDS: dict[int, tuple[int, tuple[int, ...]]] = {
    **{p: (p, (0,)) for p in (5, 13, 17, 29, 37, 41, 53, 61, 73, 89, 97)},
    9: (3, (1, 0)),  # x² + 1
    25: (5, (2, 0)),  # x² + 2
    49: (7, (1, 0)),  # x² + 1
    81: (3, (1, 0, 1, 1)),  # x⁴ + x³ + x² + 1
}
"""For each prime power q ≡ 1 (mod 4) up to 97: its prime and the low coefficients of a monic
irreducible polynomial of the power's degree (any, for a prime)."""


def _odd_field(q: int, p: int, modulus: tuple[int, ...]) -> Layout:
    degree = len(modulus)

    def digits(a: int) -> list[int]:
        return [a // p**i % p for i in range(degree)]

    def number(coefficients: Sequence[int]) -> int:
        return sum(c % p * p**i for i, c in enumerate(coefficients))

    def plus(a: int, b: int) -> int:
        return number([x + y for x, y in zip(digits(a), digits(b), strict=True)])

    def minus(a: int) -> int:
        return number([-x for x in digits(a)])

    def times(a: int, b: int) -> int:
        product = [0] * (2 * degree - 1)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                product[i + j] += x * y
        for top in range(2 * degree - 2, degree - 1, -1):  # x^degree = −(the low terms)
            carry, product[top] = product[top], 0
            for i, c in enumerate(modulus):
                product[top - degree + i] -= carry * c
        return number(product[:degree])

    omega = next(a for a in range(q) if times(a, a) == minus(1))
    starts: list[int] = []
    covered: set[int] = set()
    for y in range(1, q):
        if y not in covered:
            starts.append(y)
            covered.update((y, minus(y), times(omega, y), minus(times(omega, y))))
    first = [(y, times(omega, y), minus(y), minus(times(omega, y))) for y in starts]
    return tuple((tuple((plus(a, g), plus(b, g), plus(c, g), plus(d, g))
                        for a, b, c, d in first), g) for g in range(q))


# ----- first rounds found by search, developed modulo 4k − 1 or 4k + 1 -------------------------

_STARTERS: dict[int, str] = {
    12: "1 9 10 5, 4 2 3 7, 6 0 11 8",
    20: "10 17 16 14, 18 4 13 2, 12 19 3 1, 0 6 11 7, 8 9 15 5",
    21: "18 19 15 6, 11 3 10 5, 9 4 2 20, 14 12 8 1, 17 7 13 16",
    24: "16 14 13 6, 8 17 9 3, 0 20 2 4, 12 5 18 1, 22 21 23 11, 19 10 7 15",
    28: "15 22 24 1, 3 20 25 21, 27 10 7 18, 2 23 5 12, 14 13 26 11, 6 0 19 17, 8 9 4 16",
    40: ("39 13 0 26, 18 4 21 35, 19 12 20 27, 8 10 31 29, 17 6 22 33, 1 2 38 37, "
         "16 11 23 28, 15 9 24 30, 14 5 25 34, 3 7 36 32"),
    65: ("8 7 57 58, 16 3 49 62, 23 12 42 53, 29 5 36 60, 18 21 47 44, 4 10 61 55, "
         "2 27 63 38, 22 6 43 59, 17 15 48 50, 14 9 51 56, 19 1 46 64, 31 24 34 41, "
         "20 28 45 37, 32 11 33 54, 26 30 39 35, 25 13 40 52"),
    76: ("75 35 0 40, 24 14 51 61, 17 26 58 49, 12 27 63 48, 9 20 66 55, 19 36 56 39, "
         "8 13 67 62, 7 37 68 38, 3 5 72 70, 4 10 71 65, 28 21 47 54, 30 11 45 64, "
         "31 32 44 43, 23 1 52 74, 18 15 57 60, 2 25 73 50, 22 6 53 69, 16 34 59 41, "
         "29 33 46 42"),
}
"""A first round for each size, tables ``a b c d`` (partners a, c). With 4k players the others
turn modulo 4k − 1 and player 4k − 1 (∞) stays; with 4k + 1 players all turn modulo 4k + 1 and
the round's number sits out (player 0 in the first)."""


def _developed(n: int, starter: str) -> Layout:
    first = [tuple(int(seat) for seat in table.split()) for table in starter.split(",")]
    modulus = n - 1 if n % 4 == 0 else n

    def turned(seat: int, g: int) -> int:
        return seat if seat == modulus else (seat + g) % modulus

    return tuple((tuple((turned(a, g), turned(b, g), turned(c, g), turned(d, g))
                        for a, b, c, d in first), None if n % 4 == 0 else g)
                 for g in range(modulus))
