"""Whether a variant document is well formed before any action is applied (REPLAY.md "Exit
status" and "Variants"): what it calls malformed raises `Malformed`, what it leaves open
`Unspecified`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.conformance.reference import Malformed, Tile, Unspecified, is_int, tile_name
from tests.conformance.variants.games import WATER, Variant, parse_variant_tile

VARIANT_KINDS = ("bid", "pass", "trump", "play", "leftover", "discard")


def classify_bid(action: dict[str, Any]) -> tuple[str, Any] | None:
    """The kind of a bid and its value: ("points", n), ("marks", n), ("water", (n, name)),
    ("moon", None), ("over_moon", None), ("house", name) for Splash or Plunge; None when the
    documents do not decide what the shape means (it is then Unspecified)."""
    flags = {key: action[key] for key in ("moon", "over_moon", "splash", "plunge") if key in action}
    if any(type(value) is not bool for value in flags.values()):
        return None
    raised = [key for key, value in flags.items() if value]
    amounts = [key for key in ("points", "marks") if key in action]
    water = action.get("water")
    if len(raised) > 1:
        return None
    if raised and raised[0] in ("moon", "over_moon"):
        if amounts or "water" in action:
            return None
        return (raised[0], None)
    if len(amounts) != 1 or not is_int(action[amounts[0]]):
        return None
    amount = action[amounts[0]]
    if raised:  # Splash or Plunge: a kind of bid no variant has (V-GEN-POINTS)
        if amounts != ["marks"] or "water" in action:
            return None
        return ("house", raised[0])
    if "water" in action:
        if amounts != ["marks"] or water not in WATER:
            return None
        return ("water", (amount, water))
    return (amounts[0], amount)


def validate_variant(scenario: dict[str, Any], variant: Variant) -> None:
    """Check a variant document's shape: Malformed first, then Unspecified.

    Left open by the documents (Unspecified, never compared): "marks" in a game kept in points
    or "score" in one kept in marks; a side already at the target, or below zero where the game
    keeps totals at zero or more; a discard's "tile" or "tiles" written as null; a leftover
    action without a boolean "take"; a trump name that is neither a digit, doubles, none, nello
    nor sevens; piles that are not an integer; a bid mixing kinds (points and marks, a moon with
    an amount, water on a points bid, a flag that is not a boolean, Splash or Plunge on a points
    bid).
    """
    if scenario.get("options") is not None:
        raise Malformed("a variant takes no options")
    dealer = scenario.get("dealer")
    if not is_int(dealer) or not 0 <= dealer < variant.seats:
        raise Malformed(f"dealer must be a seat 0-{variant.seats - 1}, not {dealer!r}")
    hands = scenario.get("hands")
    if not isinstance(hands, list) or len(hands) != variant.seats:
        raise Malformed(f"hands must be {variant.seats} lists of {variant.hand_size} tiles")
    dealt: Counter[Tile] = Counter()
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != variant.hand_size:
            raise Malformed(f"each hand must hold {variant.hand_size} tiles")
        dealt.update(parse_variant_tile(variant, name) for name in hand)
    leftover = scenario.get("leftover")
    if variant.leftover:
        if not isinstance(leftover, list) or len(leftover) != variant.leftover:
            raise Malformed(f"leftover must list {variant.leftover} tile(s)")
        dealt.update(parse_variant_tile(variant, name) for name in leftover)
    elif leftover is not None:
        raise Malformed("this game has no leftover")
    for tile, n in dealt.items():
        if n > variant.full_set()[tile]:
            raise Malformed(f"tile {tile_name(tile)} appears more often than the set holds it")
    # With no face over its count and the right number of tiles, the deal is exactly the set.
    open_points: list[str] = []
    score_key, other_key = (
        ("score", "marks") if variant.scored_in == "points" else ("marks", "score")
    )
    totals = scenario.get(score_key, [0] * variant.sides())
    if (
        not isinstance(totals, list)
        or len(totals) != variant.sides()
        or not all(is_int(t) for t in totals)
    ):
        raise Malformed(f"{score_key} must hold one whole number per side")
    if other_key in scenario:
        open_points.append(f"{other_key!r} in a game that keeps {score_key!r}")
    if max(totals) >= variant.target:
        open_points.append("a side already at the game's target before the hand")
    if variant.name in ("big", "geezer", "three", "72", "84") and min(totals) < 0:
        open_points.append(f"{score_key} below zero where the game keeps it at zero or more")
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise Malformed("actions must be a list")
    for action in actions:
        if not isinstance(action, dict):
            raise Malformed("an action must be an object")
        seat = action.get("seat")
        if not is_int(seat) or not 0 <= seat < variant.seats:
            raise Malformed(f"seat out of range: {seat!r}")
        kind = action.get("action")
        if kind not in VARIANT_KINDS:
            raise Malformed(f"unknown action kind {kind!r}")
        if kind == "play":
            parse_variant_tile(variant, action.get("tile"))
        elif kind == "discard":
            if "tile" in action:
                if action["tile"] is None:
                    open_points.append("a discard's tile written as null")
                else:
                    parse_variant_tile(variant, action["tile"])
            if "tiles" in action:
                if action["tiles"] is None:
                    open_points.append("a discard's tiles written as null")
                elif not isinstance(action["tiles"], list):
                    raise Malformed("tiles must be a list of tile names")
                else:
                    for name in action["tiles"]:
                        parse_variant_tile(variant, name)
        elif kind == "bid":
            if classify_bid(action) is None:
                open_points.append("a bid whose shape the documents do not decide")
        elif kind == "trump":
            name = action.get("trump")
            known = name in ("doubles", "none", "nello", "sevens") or (
                isinstance(name, str) and len(name) == 1 and name.isdigit()
            )
            if not known:
                open_points.append("a trump action without a trump name")
            if "piles" in action and not is_int(action["piles"]):
                open_points.append("piles that are not a whole number")
        elif kind == "leftover" and type(action.get("take")) is not bool:
            open_points.append("a leftover action without take true or false")
    if open_points:
        raise Unspecified(open_points[0])
