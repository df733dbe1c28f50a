"""Shared by the picture tests: random games, twin games that differ only where nobody looks,
and the walk that finds every tile a scene holds."""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from enum import Enum

from cogs.pictures import Tile
from cogs.pictures.samples import playout
from engine import DEFAULT_OPTIONS, SEATS, Deal, Game, HandState, RuleError
from engine.dominoes import TILES

__all__ = ["NAMES", "playout", "tiles_in", "twins"]

NAMES = ("ana", "bia", "caio", "davi")


def tiles_in(value: object) -> list[Tile]:
    """Every :class:`Tile` anywhere inside a scene, in the order each tuple holds them; an
    unknown kind of value fails the walk, so a new field cannot hide a tile from it."""
    found: list[Tile] = []
    queue = deque([value])
    while queue:
        item = queue.popleft()
        if isinstance(item, Tile):
            found.append(item)
        elif item is None or isinstance(item, str | int | float | Enum):
            continue
        elif isinstance(item, tuple):
            queue.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            queue.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        else:
            raise TypeError(f"don't know how to look inside {type(item).__name__}")
    return found


def twins(seed: str) -> tuple[Game, Game] | None:
    """Two games in the same first hand after the same actions, whose deals differ by two
    tiles that two seats still hold; None when the swap makes an action illegal."""
    rng = random.Random(seed)
    deal = Deal.shuffled(SEATS[rng.randrange(4)], rng)
    game = Game(seed, DEFAULT_OPTIONS, HandState.start(deal))
    actions = []
    for _ in range(rng.randrange(1, 36)):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        after = game.apply(game.to_act, action)
        if after.hand_number != 1 or after.winner is not None:
            break
        actions.append((game.to_act, action))
        game = after
    first, second = rng.sample(list(SEATS), 2)
    held = game.hand.hand_of(first), game.hand.hand_of(second)
    if not held[0] or not held[1]:
        return None
    swap = {rng.choice(held[0]): rng.choice(held[1])}
    swap.update({b: a for a, b in swap.items()})
    hands = [[TILES[swap.get(tile, tile)] for tile in hand] for hand in deal.hands]
    other = Game(seed, DEFAULT_OPTIONS, HandState.start(Deal.of(deal.dealer, hands)))
    try:
        for seat, action in actions:
            other = other.apply(seat, action)
    except RuleError:
        return None
    return game, other
