"""Shared helpers of the variants' reference tests: writing actions and deals (the rest of a set
dealt in sorted order), replaying a document, and playing a hand out with a chosen strategy."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.conformance.reference import tile_name
from tests.conformance.replays import replay
from tests.conformance.variants import (
    MOON_EXAMPLE,
    VARIANTS,
    VariantHand,
    new_variant_hand,
    parse_variant_tile,
)

Action = dict[str, Any]

MOON = {"variant": "moon", "hands": MOON_EXAMPLE[:3], "leftover": MOON_EXAMPLE[3]}


def act(seat: int, kind: str, **fields: Any) -> Action:
    return {"seat": seat, "action": kind, **fields}


def passes(*seats: int) -> list[Action]:
    return [act(s, "pass") for s in seats]


def plays(*pairs: tuple[int, str]) -> list[Action]:
    return [act(seat, "play", tile=tile) for seat, tile in pairs]


def oks(out: dict[str, Any]) -> list[bool]:
    return [r["ok"] for r in out["results"]]


def deal(
    name: str, fixed: dict[int, list[str]], leftover: list[str] | None = None
) -> dict[str, Any]:
    """Hands for `name`: the `fixed` seats as given, every other seat filled from the rest of
    the set in sorted order; the leftover as given, or the last tiles of the rest."""
    v = VARIANTS[name]
    rest = v.full_set()
    for names in [*fixed.values(), leftover or []]:
        rest.subtract(parse_variant_tile(v, n) for n in names)
    assert min(rest.values()) >= 0
    pool = [tile_name(t) for t in sorted(rest.elements())]
    if leftover is None and v.leftover:
        pool, leftover = pool[: -v.leftover], pool[-v.leftover :]
    hands = []
    for seat in range(v.seats):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(pool[: v.hand_size])
            pool = pool[v.hand_size :]
    assert not pool
    doc: dict[str, Any] = {"variant": name, "hands": hands}
    if v.leftover:
        doc["leftover"] = leftover
    return doc


def sorted_deal(name: str) -> dict[str, Any]:
    """Every seat's hand a run of the sorted set: seat 0 the lowest tiles."""
    return deal(name, {})


def run(
    doc: dict[str, Any], actions: list[Action], dealer: int = 0, **extra: Any
) -> dict[str, Any]:
    scenario = {**doc, "dealer": dealer, "actions": actions, **extra}
    return replay(json.loads(json.dumps(scenario)))


Chooser = Callable[[VariantHand, list[Action]], Action]


def play_out(
    doc: dict[str, Any], actions: list[Action], choose: Chooser, **extra: Any
) -> dict[str, Any]:
    """Apply `actions`, then let `choose` pick each play until the hand is over."""
    scenario = json.loads(json.dumps({**doc, "actions": list(actions), **extra}))
    state = new_variant_hand(scenario)
    for action in scenario["actions"]:
        state.apply(action)
    while state.status == "play":
        action = choose(state, state.legal_actions())
        scenario["actions"].append(action)
        state.apply(action)
    return replay(scenario)


def seat_takes_everything(winner: int) -> Chooser:
    """`winner` plays a tile that takes the trick (its highest when leading); the others play
    their first legal tile, without any announced suit."""

    def choose(state: VariantHand, legal: list[Action]) -> Action:
        plain = [a for a in legal if "suit" not in a]
        if legal[0]["seat"] != winner:
            return plain[0]
        rules = state.rules
        assert rules is not None
        so_far = [t for _, t, _ in state.current]
        low = state.current[0][2] if state.current else False

        def strength(action: Action) -> tuple[bool, int]:
            tile = parse_variant_tile(state.v, action["tile"])
            if so_far:
                wins = rules.winning_index([*so_far, tile], low) == len(so_far)
                return (wins, 0)
            return (rules.is_trump(tile), rules.rank(tile, rules.led_suit(tile)))

        return max(plain, key=strength)

    return choose
