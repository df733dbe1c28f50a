"""Trump choices (R-TRUMP-CHOICE) and the precomputed trick tables behind them.

Every way of playing tricks is a *trick model*: which suit a led tile calls (R-LED-SUIT), which
tiles follow it (R-FOLLOW, R-TRUMP-OWNS) and how strongly each tile bids for the trick (R-RANK,
R-WIN). The tables turn those rules into list look-ups and bit masks, so the hot path of play is a
handful of indexing operations; the functions that build them are the readable statement.
"""

from __future__ import annotations

from enum import IntEnum

from .dominoes import SUIT_NAMES, TILES, Domino
from .options import NelloDoubles, Options

#: The led "suit" that is not a number: trumps when trump is led, or the doubles as a suit.
SPECIAL_SUIT = 7


class Trump(IntEnum):
    """What the declarer names (R-TRUMP-CHOICE); NELLO and SEVENS exist only as house rules."""

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
    SEVENS = 10

    @property
    def code(self) -> str:
        """The text form of REPLAY.md: ``"0"``..``"6"``, ``"doubles"``, ``"none"``, …"""
        return str(int(self)) if self <= 6 else self.name.lower()

    @property
    def title(self) -> str:
        if self <= 6:
            return SUIT_NAMES[self]
        return {Trump.DOUBLES: "doubles", Trump.NONE: "no trump (follow me)",
                Trump.NELLO: "Nello", Trump.SEVENS: "Sevens"}[self]

    @classmethod
    def parse(cls, text: str) -> Trump:
        for trump in cls:
            if trump.code == text:
                return trump
        raise ValueError(f"unknown trump {text!r}")


STANDARD_TRUMPS: tuple[Trump, ...] = tuple(Trump)[:9]


class TrickModel(IntEnum):
    """One row of the trick tables: the nine trumps of R-TRUMP-CHOICE, then house-rule variants."""

    # 0..8 share their numbers with Trump BLANKS..NONE.
    NELLO_DOUBLES_LOW = 9
    NELLO_DOUBLES_OWN_SUIT = 10
    SEVENS = 11


MODEL_COUNT = 12


def _is_trump(model: int, tile: Domino) -> bool:
    """R-TRUMP-OWNS: a suit trump owns every tile with its number; doubles trump owns doubles."""
    if model <= 6:
        return tile.has(model)
    return model == Trump.DOUBLES and tile.is_double


def _doubles_are_a_suit(model: int) -> bool:
    return model == Trump.DOUBLES or model == TrickModel.NELLO_DOUBLES_OWN_SUIT


def _led_suit(model: int, tile: Domino) -> int:
    """R-LED-SUIT: a trump led calls trumps; any other tile calls its higher end."""
    if model == TrickModel.SEVENS:
        return 0
    if _is_trump(model, tile) or (_doubles_are_a_suit(model) and tile.is_double):
        return SPECIAL_SUIT
    return tile.high


def _follows(model: int, tile: Domino, suit: int) -> bool:
    """R-FOLLOW: a number suit is followed by its non-trump tiles; trumps by trumps."""
    if model == TrickModel.SEVENS:
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
        suit = model  # a trump suit ranks like a number suit
    if tile.is_double:
        return -1 if model == TrickModel.NELLO_DOUBLES_LOW else 7
    return tile.other_end(suit)


def _power(model: int, tile: Domino, suit: int) -> int:
    """How strongly ``tile`` bids for a trick led in ``suit`` (R-WIN); 0 never wins."""
    if model == TrickModel.SEVENS:
        return 10 - abs(tile.pips - 7)  # H-SEVENS: closest to 7 wins
    if _is_trump(model, tile):
        return 200 + _rank(model, tile, SPECIAL_SUIT)
    if _follows(model, tile, suit):
        return 100 + _rank(model, tile, suit)
    return 0


_SUITS = range(8)

LED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_led_suit(m, t) for t in TILES) for m in range(MODEL_COUNT))
"""``LED[model][tile]``: the suit a led tile calls."""

FOLLOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << t for t in TILES if _follows(m, t, s)) for s in _SUITS)
    for m in range(MODEL_COUNT))
"""``FOLLOW[model][suit]``: the mask of tiles that follow ``suit``."""

POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_power(m, t, s) for t in TILES) for s in _SUITS) for m in range(MODEL_COUNT))
"""``POWER[model][suit][tile]``: the highest power played wins; the first played among equals."""

SEVENS_DISTANCE: tuple[int, ...] = tuple(abs(t.pips - 7) for t in TILES)


def suit_title(model: int, suit: int) -> str:
    """A led suit in words, for messages such as "You must follow fives"."""
    if suit != SPECIAL_SUIT:
        return SUIT_NAMES[suit]
    return "doubles" if _doubles_are_a_suit(model) else "trumps"



_NELLO_MODELS = {NelloDoubles.HIGH: int(Trump.NONE),
                 NelloDoubles.LOW: int(TrickModel.NELLO_DOUBLES_LOW),
                 NelloDoubles.OWN_SUIT: int(TrickModel.NELLO_DOUBLES_OWN_SUIT)}


def trick_model(trump: Trump, options: Options) -> int:
    """The trick model a named trump plays by; Nello's depends on where its doubles rank."""
    if trump is Trump.SEVENS:
        return TrickModel.SEVENS
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
