"""Trump choices (R-TRUMP-CHOICE, V-GEN-SUITS) and the precomputed trick tables behind them.

Every way of playing tricks is a *trick model*: which suit a led tile calls (R-LED-SUIT), which
tiles follow it (R-FOLLOW, R-TRUMP-OWNS) and how strongly each tile bids for the trick (R-RANK,
R-WIN). The tables turn those rules into list look-ups and bit masks, so the hot path of play is a
handful of indexing operations; the functions that build them are the readable statement. They
are built once per set of tiles (:class:`TrickTables`), so every variant plays by the same rules
with its own numbers; the module-level ``LED``, ``FOLLOW`` and ``POWER`` are 42's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum, IntEnum
from functools import cache
from typing import TypeVar

from .dominoes import MOST_PIPS, SUIT_NAMES, TILES, Domino, tile_of
from .options import NelloDoubles, Options

#: The led "suit" that is not a number: trumps when trump is led, or the doubles as a suit.
SPECIAL_SUIT = MOST_PIPS + 1
#: Above every other end: the double's rank in its suit (R-RANK).
_DOUBLE_RANK = MOST_PIPS + 1


class Trump(IntEnum):
    """What the declarer names (R-TRUMP-CHOICE, V-GEN-SUITS): a suit, the doubles, no trump, or
    one of the house rules' contracts (H-NELLO; H-SEVENS, the contract called "Sevens").

    A suit's trump is :meth:`of_suit`; the suits above six (V-BIG-SET, V-140-SET,
    V-GEEZER-SET) are numbered after the others, so 42's trumps keep the numbers they always
    had (:data:`STANDARD_TRUMPS`).
    """

    BLANKS = 0
    ONES = 1
    TWOS = 2
    THREES = 3
    FOURS = 4
    FIVES = 5
    SIXES = 6
    DOUBLES = 7
    NONE = 8
    NELLO = 9
    CLOSEST_TO_SEVEN = 10
    """H-SEVENS: the tile closest to 7 pips wins each trick."""
    SEVENS = 12
    EIGHTS = 13
    NINES = 14

    @property
    def suit(self) -> int | None:
        """The number of a suit trump (0-9); None for doubles, no trump and the house rules."""
        if self <= 6:
            return int(self)
        return int(self) - _HIGH_SUITS_OFFSET if self > Trump.CLOSEST_TO_SEVEN else None

    @classmethod
    def of_suit(cls, suit: int) -> Trump:
        return _OF_SUIT[suit]

    @property
    def code(self) -> str:
        """The text form of REPLAY.md: ``"0"``..``"9"``, ``"doubles"``, ``"none"``, ``"nello"``,
        ``"sevens"`` (the house rule)."""
        suit = self.suit
        return str(suit) if suit is not None else _CODES[self]

    @property
    def title(self) -> str:
        suit = self.suit
        if suit is not None:
            return SUIT_NAMES[suit]
        return _TITLES[self]

    @classmethod
    def parse(cls, text: str, top: int = 6) -> Trump:
        """The trump whose code is ``text``, among those of a double-``top`` set."""
        for trump in cls:
            if trump.code == text and (trump.suit is None or trump.suit <= top):
                return trump
        raise ValueError(f"unknown trump {text!r}")


_HIGH_SUITS_OFFSET = 5
"""Trump 12 is the sevens: 11 is the trick model of Sevens (TrickModel.CLOSEST_TO_SEVEN)."""
_OF_SUIT = tuple(Trump(s if s <= 6 else s + _HIGH_SUITS_OFFSET) for s in range(MOST_PIPS + 1))
_CODES = {Trump.DOUBLES: "doubles", Trump.NONE: "none", Trump.NELLO: "nello",
          Trump.CLOSEST_TO_SEVEN: "sevens"}
_TITLES = {Trump.DOUBLES: "doubles", Trump.NONE: "no trump (follow me)", Trump.NELLO: "Nello",
           Trump.CLOSEST_TO_SEVEN: "Sevens"}

STANDARD_TRUMPS: tuple[Trump, ...] = tuple(Trump)[:9]
"""42's choices (R-TRUMP-CHOICE)."""


class TrickModel(IntEnum):
    """One row of the trick tables: the nine trumps of R-TRUMP-CHOICE, then house-rule variants."""

    # 0..8 share their numbers with Trump BLANKS..NONE.
    NELLO_DOUBLES_LOW = 9
    NELLO_DOUBLES_OWN_SUIT = 10
    CLOSEST_TO_SEVEN = 11


MODEL_COUNT = MOST_PIPS + _HIGH_SUITS_OFFSET + 1


def _trump_suit(model: int) -> int | None:
    return Trump(model).suit if model <= 6 or model > TrickModel.CLOSEST_TO_SEVEN else None


def _is_trump(model: int, tile: Domino) -> bool:
    """R-TRUMP-OWNS: a suit trump owns every tile with its number; doubles trump owns doubles."""
    suit = _trump_suit(model)
    if suit is not None:
        return tile.has(suit)
    return model == Trump.DOUBLES and tile.is_double


def _doubles_are_a_suit(model: int) -> bool:
    return model == Trump.DOUBLES or model == TrickModel.NELLO_DOUBLES_OWN_SUIT


def _led_suit(model: int, tile: Domino) -> int:
    """R-LED-SUIT: a trump led calls trumps; any other tile calls its higher end."""
    if model == TrickModel.CLOSEST_TO_SEVEN:
        return 0
    if _is_trump(model, tile) or (_doubles_are_a_suit(model) and tile.is_double):
        return SPECIAL_SUIT
    return tile.high


def _follows(model: int, tile: Domino, suit: int) -> bool:
    """R-FOLLOW: a number suit is followed by its non-trump tiles; trumps by trumps."""
    if model == TrickModel.CLOSEST_TO_SEVEN:
        return True
    if suit == SPECIAL_SUIT:
        return _is_trump(model, tile) or (_doubles_are_a_suit(model) and tile.is_double)
    special = _is_trump(model, tile) or (_doubles_are_a_suit(model) and tile.is_double)
    return tile.has(suit) and not special


def _rank(model: int, tile: Domino, suit: int) -> int:
    """R-RANK: the double is highest in its number suit, the others rank by their other end;
    doubles as a suit rank by value. Nello may put doubles low instead (H-NELLO)."""
    if suit == SPECIAL_SUIT:
        if _doubles_are_a_suit(model):
            return tile.high
        trump_suit = _trump_suit(model)  # a trump suit ranks like a number suit
        assert trump_suit is not None
        suit = trump_suit
    if tile.is_double:
        return -1 if model == TrickModel.NELLO_DOUBLES_LOW else _DOUBLE_RANK
    return tile.other_end(suit)


def _power(model: int, tile: Domino, suit: int) -> int:
    """How strongly ``tile`` bids for a trick led in ``suit`` (R-WIN); 0 never wins."""
    if model == TrickModel.CLOSEST_TO_SEVEN:
        return 10 - abs(tile.pips - 7)  # H-SEVENS: closest to 7 wins
    if _is_trump(model, tile):
        return 200 + _rank(model, tile, SPECIAL_SUIT)
    if _follows(model, tile, suit):
        return 100 + _rank(model, tile, suit)
    return 0


_SUITS = range(SPECIAL_SUIT + 1)


class TrickTables:
    """The trick tables of one set of tiles, every trick model included; rows are indexed by
    tile number, so a second copy of a face plays exactly as the first (V-GEN-SET)."""

    __slots__ = ("follow", "led", "power")

    def __init__(self, tiles: Iterable[Domino]) -> None:
        held = tuple(tiles)
        every = tuple(tile_of(n) for n in range(max(held) + 1))
        self.led: tuple[tuple[int, ...], ...] = tuple(
            tuple(_led_suit(m, t) for t in every) for m in range(MODEL_COUNT))
        """``led[model][tile]``: the suit a led tile calls."""
        self.follow: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << t for t in held if _follows(m, t, s)) for s in _SUITS)
            for m in range(MODEL_COUNT))
        """``follow[model][suit]``: the mask of tiles that follow ``suit``."""
        self.power: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(_power(m, t, s) for t in every) for s in _SUITS)
            for m in range(MODEL_COUNT))
        """``power[model][suit][tile]``: the highest power played wins; the first played
        among equals (V-GEN-TIE)."""


@cache
def trick_tables(tiles: frozenset[Domino]) -> TrickTables:
    """The tables of a set, built once."""
    return TrickTables(sorted(tiles))


_FORTY_TWO = trick_tables(frozenset(TILES))
LED = _FORTY_TWO.led
FOLLOW = _FORTY_TWO.follow
POWER = _FORTY_TWO.power

SEVENS_DISTANCE: tuple[int, ...] = tuple(abs(t.pips - 7) for t in TILES)

_Player = TypeVar("_Player", bound=int)


def winning_play(power: Sequence[int],
                 plays: Sequence[tuple[_Player, int]]) -> tuple[_Player, int]:
    """R-WIN: who of ``plays`` (player and tile, in the order played) takes the trick so far,
    and the power they take it with; ``power`` is the trick tables' row of the suit led. Among
    equals the first played wins (V-GEN-TIE); under Sevens the closest to 7 (H-SEVENS)."""
    winner, lead = plays[0]
    best = power[lead]
    for player, tile in plays[1:]:
        if power[tile] > best:
            winner, best = player, power[tile]
    return winner, best


class Called(Enum):
    """What a lead calls for when it is not a number suit (R-LED-SUIT)."""

    TRUMPS = "trumps"
    DOUBLES = "doubles"
    """The doubles as a suit of their own: doubles trump, or Nello's doubles apart (H-NELLO)."""


Led = int | Called
"""What a trick's lead calls for: a number suit (0-9), the trumps, or the doubles."""


def led_suit(model: int, suit: int) -> Led:
    """R-LED-SUIT: what a trick led in the trick tables' suit row ``suit`` calls for."""
    if suit != SPECIAL_SUIT:
        return suit
    return Called.DOUBLES if _doubles_are_a_suit(model) else Called.TRUMPS


def led_title(led: Led) -> str:
    """A led suit in the engine's English words, for messages such as "You must follow fives"."""
    return led.value if isinstance(led, Called) else SUIT_NAMES[led]


_NELLO_MODELS = {NelloDoubles.HIGH: int(Trump.NONE),
                 NelloDoubles.LOW: int(TrickModel.NELLO_DOUBLES_LOW),
                 NelloDoubles.OWN_SUIT: int(TrickModel.NELLO_DOUBLES_OWN_SUIT)}


def is_trump(model: int, tile: Domino) -> bool:
    """R-TRUMP-OWNS under the trick model ``model`` (see :func:`trick_model`)."""
    return _is_trump(model, tile)


def trick_model(trump: Trump, options: Options) -> int:
    """The trick model a named trump plays by; Nello's depends on where its doubles rank."""
    if trump is Trump.CLOSEST_TO_SEVEN:
        return TrickModel.CLOSEST_TO_SEVEN
    if trump is Trump.NELLO:
        return _NELLO_MODELS[options.nello_doubles]
    return int(trump)


def closest_to_seven(mine: int) -> int:
    """H-SEVENS: the held tiles at the smallest distance from 7 are the only ones playable."""
    best = 99
    found = 0
    while mine:
        low_bit = mine & -mine
        distance = SEVENS_DISTANCE[low_bit.bit_length() - 1]
        if distance < best:
            best, found = distance, low_bit
        elif distance == best:
            found |= low_bit
        mine ^= low_bit
    return found
