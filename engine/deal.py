"""Dealing (R-DEAL, R-DEALER, V-GEN-DEAL): who holds what, in the order it was dealt (R-ORDER),
and the leftover (widow or boneyard) that the variants with one keep face down."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .dominoes import FACES, Domino, mask_of, tile_of
from .seats import Seat
from .variants import FORTY_TWO, Variant


class Deal(NamedTuple):
    """The hands as dealt, each seat's bit mask (which play needs), and the leftover."""

    dealer: Seat
    hands: tuple[tuple[Domino, ...], ...]
    masks: tuple[int, ...]
    leftover: tuple[Domino, ...] = ()
    variant: Variant = FORTY_TWO

    @classmethod
    def of(cls, dealer: int, hands: Sequence[Sequence[Domino]],
           variant: Variant = FORTY_TWO, leftover: Sequence[Domino] = ()) -> Deal:
        """Hands of the variant's size and its leftover, together exactly its set (two copies
        of a face where it has two); ``ValueError`` otherwise. Of two copies of a face, the
        first written is the first copy."""
        seating = variant.seating
        if not 0 <= dealer < seating.count:
            raise ValueError(f"the dealer is a seat 0-{seating.count - 1}, not {dealer}")
        size = variant.hand_size
        if len(hands) != seating.count or any(len(hand) != size for hand in hands):
            raise ValueError(f"a deal is {seating.count} hands of {size} tiles")
        if len(leftover) != variant.leftover:
            raise ValueError(f"the leftover is {variant.leftover} tiles, not {len(leftover)}")
        stack = [*(tile for hand in hands for tile in hand), *leftover]
        if not _is_the_set(stack, variant):
            held = "each once" if variant.copies == 1 else "each face twice"
            raise ValueError(f"the hands{' and leftover' if variant.leftover else ''} must "
                             f"hold the {len(variant.tiles)} tiles of the set, {held}")
        copies = _copies(stack) if variant.copies > 1 else stack
        dealt = [tuple(copies[i * size:(i + 1) * size]) for i in range(seating.count)]
        return cls(seating.seats[dealer], tuple(dealt), tuple(mask_of(h) for h in dealt),
                   tuple(copies[seating.count * size:]), variant)

    @classmethod
    def from_stack(cls, dealer: Seat, stack: Sequence[Domino],
                   variant: Variant = FORTY_TWO) -> Deal:
        """V-GEN-DEAL: tile *i* of the shuffled stack goes to seat ``(dealer + 1 + i) mod P``
        until every seat holds its hand; the rest, in order, is the leftover."""
        if not _is_the_set(stack, variant):
            raise ValueError(f"a stack is the {len(variant.tiles)} tiles of the set")
        return cls._from_permutation(dealer, _copies(stack), variant)

    @classmethod
    def _from_permutation(cls, dealer: Seat, stack: Sequence[Domino],
                          variant: Variant) -> Deal:
        seating = variant.seating
        players = seating.count
        dealt = players * variant.hand_size
        # The left of the dealer is dealt first: turn k of each round goes to seat dealer+1+k.
        by_turn = [tuple(stack[i:dealt:players]) for i in range(players)]
        hands = tuple(by_turn[(seat - dealer - 1) % players] for seat in seating.seats)
        return cls(seating.seats[dealer], hands, tuple([sum([_BIT[t] for t in hand])
                                                        for hand in hands]),
                   tuple(stack[dealt:]), variant)

    @classmethod
    def shuffled(cls, dealer: Seat, rng: random.Random, variant: Variant = FORTY_TWO) -> Deal:
        """A uniformly shuffled deal (R-DEAL, V-GEN-DEAL)."""
        stack = list(variant.tiles)
        rng.shuffle(stack)
        return cls._from_permutation(dealer, _copies(stack) if variant.copies > 1 else stack,
                                     variant)


def _is_the_set(stack: Sequence[Domino], variant: Variant) -> bool:
    """Whether ``stack`` holds every tile of the set, a face as often as the set has it."""
    if variant.copies == 1:
        return len(stack) == len(variant.tiles) and mask_of(stack) == variant.set_mask
    return sorted(t.face for t in stack) == sorted(t.face for t in variant.tiles)


def _copies(stack: Sequence[Domino]) -> list[Domino]:
    """The stack with the first copy of each face where it comes first: so whenever a seat holds
    both, the first copy is the one dealt first, and an action naming a face takes it
    (REPLAY.md: "the copy dealt first")."""
    seen: set[int] = set()
    numbered = []
    for tile in stack:
        face = tile.face
        numbered.append(tile_of(face + FACES) if face in seen else face)
        seen.add(face)
    return numbered


_BIT = tuple(1 << t for t in range(2 * FACES))
