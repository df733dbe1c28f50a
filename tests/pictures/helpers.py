"""Shared by the picture tests: random games, twin games that differ only where nobody looks,
and the walk that finds every tile a scene holds."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter, deque
from collections.abc import Iterable
from enum import Enum

from cogs.pictures import Tile
from cogs.pictures.samples import playout
from engine import (
    DEFAULT_OPTIONS,
    FORTY_TWO,
    Deal,
    Domino,
    Game,
    HandState,
    Phase,
    RuleError,
    Variant,
)

__all__ = ["NAMES", "faces", "playout", "tiles_in", "twins"]

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


def faces(tiles: Iterable[Tile | Domino]) -> Counter[tuple[int, int]]:
    """The faces of ``tiles`` as a multiset: two copies of a face (V-72-SET, V-84-SET) count
    twice."""
    return Counter((tile.high, tile.low) for tile in tiles)


def twins(seed: str, variant: Variant = FORTY_TWO) -> tuple[Game, Game] | None:
    """Two games in the same first hand after the same actions, whose deals differ by two
    tiles of different faces that two seats still hold (or one a seat holds and one of a
    leftover nobody has taken yet); None when the swap makes an action illegal."""
    rng = random.Random(seed)
    seating = variant.seating
    deal = Deal.shuffled(seating.seats[rng.randrange(seating.count)], rng, variant)
    game = _first_hand(seed, variant, deal)
    actions = []
    for _ in range(rng.randrange(1, seating.count * variant.hand_size + 8)):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        after = game.apply(game.to_act, action)
        if after.hand_number != 1 or after.winner is not None:
            break
        actions.append((game.to_act, action))
        game = after
    first, second = rng.sample(list(seating.seats), 2)
    held = list(game.hand.hand_of(first))
    other = list(game.hand.hand_of(second))
    untaken = game.hand.setup.took_leftover is None and game.hand.phase is not Phase.DISCARD
    if deal.leftover and untaken and rng.random() < 0.5:
        other = list(deal.leftover)
    if not held or not other:
        return None
    one, two = rng.choice(held), rng.choice(other)
    if one.face == two.face:
        return None
    swap = {one: two, two: one}
    hands = [[swap.get(tile, tile) for tile in hand] for hand in deal.hands]
    leftover = [swap.get(tile, tile) for tile in deal.leftover]
    twin = _first_hand(seed, variant, Deal.of(deal.dealer, hands, variant, leftover))
    try:
        for seat, action in actions:
            twin = twin.apply(seat, action)
    except RuleError:
        return None
    return game, twin


def _first_hand(seed: str, variant: Variant, deal: Deal) -> Game:
    zero = variant.no_points
    return Game(seed, DEFAULT_OPTIONS, HandState.start(deal), marks=zero, score=zero)
