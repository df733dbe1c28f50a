"""Finished hands written in REPLAY.md's format, so that anyone can replay them with
``python -m engine.replay`` to settle a ruling or study a hand away from the table.

Each hand is one scenario in one canonical form, which :func:`engine.replay.parse_scenario`
reads back exactly: ``variant`` (not for 42), ``dealer``, ``hands`` in dealt order, ``leftover``
in stack order (where the variant has one), ``options`` (42 only, and only when they are not the
default game's; then all of them), the sides' totals before the hand as ``marks`` or ``score``
(whichever the game is played to), and every accepted action in order; tiles low end first.

Only finished hands are written: a hand in progress holds tiles nobody may see yet.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any

from .actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from .goal import goal_of
from .hand import HandState
from .options import DEFAULT_OPTIONS, Options
from .seats import Seat
from .variants import FORTY_TWO, LeftoverStep, Variant


def hand_scenario(hand: HandState, before: tuple[int, ...] | None = None) -> dict[str, Any]:
    """A finished hand as a scenario; ``before`` are the sides' totals before it, in what the
    game is played to (zeros when None). ``ValueError`` for a hand in progress."""
    if hand.result is None:
        raise ValueError("a hand in progress is not exported: it holds tiles nobody may see")
    deal = hand.deal
    variant = deal.variant
    found: dict[str, Any] = {} if variant is FORTY_TWO else {"variant": variant.name}
    found["dealer"] = int(deal.dealer)
    found["hands"] = [[str(t) for t in tiles] for tiles in deal.hands]
    if variant.leftover:
        found["leftover"] = [str(t) for t in deal.leftover]
    if hand.options != DEFAULT_OPTIONS:
        found["options"] = _options(hand.options)
    totals = "score" if goal_of(variant, hand.options).in_points else "marks"
    found[totals] = list(before or (0,) * variant.seating.side_count)
    found["actions"] = [_action(variant, call.seat, call.action) for call in hand.actions]
    return found


def _options(options: Options) -> dict[str, Any]:
    """Every option under its own name, which is REPLAY.md's."""
    found = {}
    for field in fields(options):
        value = getattr(options, field.name)
        found[field.name] = value.value if isinstance(value, Enum) else value
    return found


def _action(variant: Variant, seat: Seat, action: Action) -> dict[str, Any]:
    item: dict[str, Any] = {"seat": int(seat)}
    if isinstance(action, Pass):
        item["action"] = "pass"
    elif isinstance(action, Play):
        item.update(action="play", tile=str(action.tile))
        if action.low:
            item["suit"] = "low"
    elif isinstance(action, NameTrump):
        item.update(action="trump", trump=action.trump.code)
        if action.piles is not None:
            item["piles"] = action.piles
    elif isinstance(action, Leftover):
        item.update(action="leftover", take=action.take)
    elif isinstance(action, Discard):
        item["action"] = "discard"
        names = [str(t) for t in action.tiles]
        two = variant.leftover_step is LeftoverStep.AFTER_TRUMP  # 72 discards two (V-72-WIDOW)
        item.update({"tiles": names} if two else {"tile": names[0]})
    else:
        item.update(action="bid", **_bid(variant, action))
    return item


def _bid(variant: Variant, bid: Bid) -> dict[str, Any]:
    if bid.kind.is_moon:
        return {bid.kind.value: True}
    found: dict[str, Any] = {"marks": bid.marks} if bid.marks else {"points": bid.points}
    if bid.kind is not BidKind.PLAIN:
        found.update({"water": bid.kind.value} if variant.water_bids else {bid.kind.value: True})
    return found
