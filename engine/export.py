"""Finished hands and games written in REPLAY.md's format, so that anyone can replay them with
``python -m engine.replay`` to settle a ruling or study a hand away from the table.

Each hand is one scenario in one canonical form, which :func:`engine.replay.parse_scenario`
reads back exactly: ``variant`` (not for 42), ``dealer``, ``hands`` in dealt order, ``leftover``
in stack order (where the variant has one), ``options`` (42 only, and only when they are not the
default game's; then all of them), the sides' totals before the hand as ``marks`` or ``score``
(whichever the game is played to), and every accepted action in order; tiles low end first.

Only finished hands are written: a hand in progress holds tiles nobody may see yet. The real
deal is for the engine's own checks; what players download is :func:`public_game`, where the
tiles never shown (R-REVIEW) are dealt again as they could have lain.

>>> from engine.actions import Pass
>>> game = Game.new("a seed")
>>> for _ in range(4):  # everybody passes: hand 1 is over, hand 2 is dealt
...     game = game.apply(game.to_act, Pass())
>>> [len(export_game(game)), export_hand(game, 1)["marks"]]
[1, [0, 0]]
>>> [item["action"] for item in export_hand(game, 1)["actions"]]
['pass', 'pass', 'pass', 'pass']
>>> export_hand(game, 2)
Traceback (most recent call last):
ValueError: hand 2 is not a finished hand of this game (1 finished)
"""

from __future__ import annotations

import json
from dataclasses import fields
from enum import Enum
from typing import Any

from .actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from .disclose import disclosed_hand
from .game import Game
from .goal import goal_of
from .hand import HandState
from .options import DEFAULT_OPTIONS, Options
from .seats import Seat
from .variants import FORTY_TWO, LeftoverStep, Variant


def export_game(game: Game) -> list[dict[str, Any]]:
    """Every finished hand of ``game``, in order, as scenarios; never the hand in progress."""
    return [hand_scenario(hand, before)
            for hand, before in zip(game.finished, _totals_before(game), strict=True)]


def export_hand(game: Game, number: int) -> dict[str, Any]:
    """Hand ``number`` of ``game`` (1 for the first, as :attr:`Game.hand_number` counts) as a
    scenario; ``ValueError`` unless that hand is finished."""
    return hand_scenario(_finished(game, number), _totals_before(game)[number - 1])


def public_game(game: Game) -> list[dict[str, Any]]:
    """:func:`export_game` as anyone may have it: in each hand the tiles R-REVIEW keeps hidden
    are dealt again (:func:`engine.disclose.disclosed_hand`), every shown tile where it was."""
    return [hand_scenario(disclosed_hand(hand), before)
            for hand, before in zip(game.finished, _totals_before(game), strict=True)]


def public_hand(game: Game, number: int) -> dict[str, Any]:
    """:func:`export_hand` as anyone may have it (:func:`public_game`)."""
    return hand_scenario(disclosed_hand(_finished(game, number)),
                         _totals_before(game)[number - 1])


def _finished(game: Game, number: int) -> HandState:
    if not 1 <= number <= len(game.finished):
        raise ValueError(f"hand {number} is not a finished hand of this game "
                         f"({len(game.finished)} finished)")
    return game.finished[number - 1]


def export_jsonl(game: Game) -> str:
    """:func:`export_game` as ``python -m engine.replay --jsonl`` reads it: a line per hand."""
    return "".join(json.dumps(scenario) + "\n" for scenario in export_game(game))


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


def _totals_before(game: Game) -> list[tuple[int, ...]]:
    """Each finished hand's totals before it: the game's totals less what that hand and the
    later ones scored, so that a game set up at other totals than zero is told as it stood."""
    totals = game.standing.totals
    found = []
    for hand in reversed(game.finished):
        result = hand.result
        assert result is not None
        scored = result.marks if result.score is None else result.score
        totals = tuple(total - part for total, part in zip(totals, scored, strict=True))
        found.append(totals)
    return found[::-1]


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
