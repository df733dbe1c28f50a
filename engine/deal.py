"""Dealing (R-DEAL, R-DEALER): who holds what, in the order it was dealt (R-ORDER)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .dominoes import ALL_TILES_MASK, TILES, Domino, mask_of
from .seats import SEATS, Seat

HAND_SIZE = 7
_BIT = tuple(1 << t for t in range(28))


class Deal(NamedTuple):
    """The four hands as dealt, plus each seat's bit mask, which play needs."""

    dealer: Seat
    hands: tuple[tuple[Domino, ...], ...]
    masks: tuple[int, ...]

    @classmethod
    def of(cls, dealer: int, hands: Sequence[Sequence[Domino]]) -> Deal:
        """Four hands of seven distinct tiles covering the set; ``ValueError`` otherwise."""
        if not 0 <= dealer <= 3:
            raise ValueError(f"the dealer is a seat 0-3, not {dealer}")
        if len(hands) != 4 or any(len(hand) != HAND_SIZE for hand in hands):
            raise ValueError("a deal is 4 hands of 7 tiles")
        masks = tuple(mask_of(hand) for hand in hands)
        if sum(m.bit_count() for m in masks) != 28 or (masks[0] | masks[1] | masks[2]
                                                      | masks[3]) != ALL_TILES_MASK:
            raise ValueError("the 4 hands must hold 28 distinct tiles covering the set")
        return cls(SEATS[dealer], tuple(tuple(TILES[t] for t in h) for h in hands), masks)

    @classmethod
    def from_stack(cls, dealer: Seat, stack: Sequence[Domino]) -> Deal:
        """R-DEAL: tile *i* of the shuffled stack goes to seat ``(dealer + 1 + i) mod 4``."""
        if sorted(stack) != list(TILES):
            raise ValueError("a stack is the 28 tiles, each once")
        return cls._from_permutation(dealer, stack)

    @classmethod
    def _from_permutation(cls, dealer: Seat, stack: Sequence[Domino]) -> Deal:
        dealer = SEATS[dealer]
        by_turn = [tuple(stack[i::4]) for i in range(4)]  # the left of the dealer is dealt first
        hands = tuple(by_turn[(seat - dealer - 1) & 3] for seat in SEATS)
        return cls(dealer, hands, tuple([sum([_BIT[t] for t in hand]) for hand in hands]))

    @classmethod
    def shuffled(cls, dealer: Seat, rng: random.Random) -> Deal:
        """A uniformly shuffled deal (R-DEAL)."""
        stack = list(TILES)
        rng.shuffle(stack)
        return cls._from_permutation(dealer, stack)
