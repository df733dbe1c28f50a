"""A finished hand as anyone may have it (R-REVIEW): the tiles never shown dealt again.

REPLAY.md's scenarios need every hand whole, but after a hand R-REVIEW shows only the tiles that
were played or laid face up; the others stay hidden, even once the game is over. So a hand
written for the public (:func:`disclosed_hand`) is drawn from the review alone: each seat is
dealt the tiles it showed, in the order it showed them, then as many of the hidden tiles as it
held; the leftover gets the rest; a face-down discard is of the declarer's hidden tiles. The
hidden tiles are dealt from their sorted list by a generator seeded with the review, again
until the hand replays with every action accepted and ends exactly as it did: a deal the players
could have held. The real deal is read for nothing but its sizes and the variant's set, so two
deals with the same review give the same public hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from .actions import Action, Discard, Play
from .deal import Deal
from .dominoes import Domino
from .errors import RuleError
from .hand import HandState
from .observation import review
from .records import Call

ATTEMPTS = 5000
"""Deals of the hidden tiles tried before giving up, each one replayed through the rules."""


class Undisclosable(ValueError):
    """No deal of the hidden tiles that replays the hand was found."""


def disclosed_hand(hand: HandState) -> HandState:
    """``hand`` (finished) replayed on a deal drawn from its review alone (the module's
    docstring). ``ValueError`` for a hand in progress, :class:`Undisclosable` if no such deal
    is found."""
    if hand.result is None:
        raise ValueError("a hand in progress is not disclosed: it holds tiles nobody may see")
    deal = hand.deal
    calls = review(hand)
    shown: list[list[Domino]] = [[] for _ in deal.hands]
    for call in calls:
        shown[call.seat].extend(_tiles(call.action))
    dealt = Counter(tile.face for tiles in (*deal.hands, deal.leftover) for tile in tiles)
    hidden = sorted((dealt - Counter(t.face for tiles in shown for t in tiles)).elements(),
                    key=int)
    rng = random.Random(repr((int(deal.dealer), deal.variant.name, calls, hidden)))
    size = len(deal.hands[0])
    for _ in range(ATTEMPTS):
        rng.shuffle(hidden)
        replayed = _replay(hand, calls, shown, _deal(shown, hidden, size, len(deal.leftover)))
        if replayed is not None:
            return replayed
    raise Undisclosable(f"no deal of the {len(hidden)} hidden tiles replays this hand")


def _tiles(action: Action) -> Iterator[Domino]:
    if isinstance(action, Play):
        yield action.tile
    elif isinstance(action, Discard):
        yield from action.tiles


def _deal(shown: Sequence[Sequence[Domino]], hidden: Sequence[Domino], size: int,
          leftover: int) -> tuple[list[list[Domino]], list[Domino]]:
    """Each seat's shown tiles, then hidden ones up to the hand's size; what a seat showed
    beyond its hand (the leftover it took) and the hidden tiles left over, the leftover."""
    rest = list(hidden)
    hands: list[list[Domino]] = []
    extra: list[Domino] = []
    for tiles in shown:
        hands.append([*tiles[:size], *rest[:max(0, size - len(tiles))]])
        rest = rest[max(0, size - len(tiles)):]
        extra += tiles[size:]
    return hands, [*extra, *rest][:leftover]


def _replay(hand: HandState, calls: Sequence[Call], shown: Sequence[Sequence[Domino]],
            dealt: tuple[list[list[Domino]], list[Domino]]) -> HandState | None:
    """The hand's actions on this deal, a face-down discard's hidden tiles the last the
    declarer holds that it never shows; ``None`` unless every action is accepted and the hand
    ends as it did."""
    hands, leftover = dealt
    try:
        state = HandState.start(Deal.of(int(hand.deal.dealer), hands, hand.deal.variant,
                                        leftover), hand.options)
        for call in calls:
            action = call.action
            if isinstance(action, Discard) and action.hidden:
                held = _unshown(state.hand_of(call.seat), shown[call.seat])
                action = Discard((*action.tiles, *held[len(held) - action.hidden:]))
            state = state.apply(call.seat, action)
    except (RuleError, ValueError):
        return None
    if (state.result != hand.result or _told(state) != _told(hand)
            or state.points != hand.points):
        return None
    return state


def _unshown(held: Sequence[Domino], shown: Sequence[Domino]) -> list[Domino]:
    """The tiles held that the seat never shows, in the order held."""
    left = Counter(t.face for t in shown)
    found = []
    for tile in held:
        if left[tile.face]:
            left[tile.face] -= 1
        else:
            found.append(tile)
    return found


def _told(hand: HandState) -> tuple[object, ...]:
    """The hand's tricks by face: of a face dealt twice, either copy tells the same trick."""
    return tuple((t.leader, tuple((seat, tile.face) for seat, tile in t.plays), t.winner,
                  t.points, t.low) for t in hand.tricks)
