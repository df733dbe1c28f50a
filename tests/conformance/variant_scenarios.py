"""Random replay documents for the variants of docs/VARIANTS.md: random deals, dealers and totals,
with action lists that are mostly legal (as `variants` decides), partly illegal on purpose, and
now and then a document broken in one of the ways REPLAY.md's "Variants" section calls malformed.

As in `scenarios`, only inputs whose treatment the documents decide are drawn.

>>> import random
>>> text = random_variant_case(random.Random(7), "big")
>>> '"variant": "big"' in text
True
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from typing import Any

from tests.conformance.reference import Refused, Tile, is_double, tile_name
from tests.conformance.scenarios import written
from tests.conformance.variants import (
    LOW_LEADS,
    VARIANTS,
    WATER,
    Variant,
    VariantHand,
    new_variant_hand,
    parse_variant_tile,
)

Action = dict[str, Any]


# ---------------------------------------------------------------------------------------------
# The deal and the table


def random_variant_deal(rng: random.Random, v: Variant) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands and the leftover; now and then one seat is given many doubles (Geezer's water
    bids need 3 to 5)."""
    tiles = list(v.full_set().elements())
    rng.shuffle(tiles)
    if rng.random() < 0.3:
        doubles = [t for t in tiles if is_double(t)]
        others = [t for t in tiles if not is_double(t)]
        k = min(rng.choice([3, 4, 5, 6]), len(doubles), v.hand_size)
        lucky = doubles[:k] + others[: v.hand_size - k]
        rest = doubles[k:] + others[v.hand_size - k :]
        rng.shuffle(lucky)
        rng.shuffle(rest)
        seat = rng.randrange(v.seats)
        tiles = rest[: seat * v.hand_size] + lucky + rest[seat * v.hand_size :]
    dealt = v.seats * v.hand_size
    hands = [tiles[v.hand_size * i : v.hand_size * (i + 1)] for i in range(v.seats)]
    return hands, tiles[dealt:]


def rich_deal(rng: random.Random, v: Variant) -> tuple[list[list[Tile]], list[Tile], int] | None:
    """A deal for the rare discards, and the seat it favours: in 72 that seat and the widow hold
    every tile of one suit (so that, with it trump, any two tiles may go, counters included,
    V-72-WIDOW); in 140 they hold the ten counters (V-140-BONEYARD). None for other games."""
    tiles = list(v.full_set().elements())
    if v.name == "72":
        suit = rng.randint(1, 6)
        chosen = [t for t in tiles if suit in t]
    elif v.name == "140":
        chosen = [t for t in tiles if v.counters.get(t, 0)]
    else:
        return None
    others = list((v.full_set() - Counter(chosen)).elements())
    rng.shuffle(chosen)
    rng.shuffle(others)
    favourite = rng.randrange(v.seats)
    hands = [others[v.hand_size * i : v.hand_size * (i + 1)] for i in range(v.seats - 1)]
    hands.insert(favourite, chosen[: v.hand_size])
    return hands, chosen[v.hand_size :], favourite


def random_totals(rng: random.Random, v: Variant) -> list[int]:
    """Marks or score before the hand, now and then near the target."""
    near = rng.random() < 0.3
    if v.scored_in == "marks":
        low = 5 if near else 0
        return [rng.randint(low, v.target - 1) for _ in range(v.sides())]
    floor = 0 if v.name == "big" else -v.target
    low = v.target - v.target // 5 if near else floor
    return [rng.randint(low, v.target - 1) for _ in range(v.sides())]


# ---------------------------------------------------------------------------------------------
# Actions


def illegal_variant_candidates(rng: random.Random, state: VariantHand) -> list[Action]:
    """Actions that are (or are likely to be) refused in the present state."""
    v = state.v
    seat = state.to_act if state.to_act is not None else rng.randrange(v.seats)
    wrong = rng.choice([s for s in range(v.seats) if s != seat])
    held = [t for hand in state.hands for t in hand] or list(v.full_set())
    low_bid = v.points_bids[0]
    cands: list[Action] = [
        {"seat": wrong, "action": "pass"},
        {"seat": wrong, "action": "bid", "points": rng.choice(v.points_bids)},
        {"seat": seat, "action": "trump", "trump": rng.choice(["1", "doubles", "none"])},
        {"seat": seat, "action": "leftover", "take": rng.random() < 0.5},
        {"seat": seat, "action": "discard", "tile": written(rng, rng.choice(held))},
        {"seat": seat, "action": "play", "tile": written(rng, rng.choice(held))},
        {"seat": wrong, "action": "play", "tile": written(rng, rng.choice(held))},
    ]
    if state.status == "auction":
        cands += [
            {
                "seat": seat,
                "action": "bid",
                "points": rng.choice([low_bid - 1, v.points_bids[-1] + 1, low_bid + 1, 0]),
            },
            {"seat": seat, "action": "bid", "marks": rng.choice([0, 3, 4, -1, 1, 2])},
            {"seat": seat, "action": "bid", "moon": True},
            {"seat": seat, "action": "bid", "over_moon": True},
            {
                "seat": seat,
                "action": "bid",
                "marks": rng.randint(1, 5),
                "water": rng.choice(list(WATER)),
            },
            {"seat": seat, "action": "bid", "marks": rng.randint(2, 5), "splash": True},
            {"seat": seat, "action": "bid", "marks": rng.randint(3, 6), "plunge": True},
        ]
        if state.high_points is not None:
            cands.append({"seat": seat, "action": "bid", "points": state.high_points})
        if state.high_marks is not None:
            cands += [
                {"seat": seat, "action": "bid", "marks": state.high_marks},
                {"seat": seat, "action": "bid", "marks": state.high_marks + 2},
                {"seat": seat, "action": "bid", "points": v.points_bids[-1]},
            ]
    elif state.status == "leftover":
        cands.append({"seat": seat, "action": "leftover", "take": False})
        cands.append({"seat": seat, "action": "discard", "tile": tile_name(state.leftover[0])})
    elif state.status == "discard":
        hand = state.hands[seat]
        counters = [t for t in hand if v.counters.get(t, 0)]
        one = written(rng, rng.choice(hand))
        cands += [
            {"seat": seat, "action": "discard", "tiles": [one, written(rng, rng.choice(hand))]},
            {"seat": seat, "action": "discard", "tile": one},
            {"seat": seat, "action": "discard", "tiles": [one]},
            {"seat": seat, "action": "discard", "tiles": [one, one, one]},
            {"seat": seat, "action": "discard"},
            {"seat": seat, "action": "discard", "tile": written(rng, rng.choice(held))},
            {"seat": seat, "action": "pass"},
        ]
        if counters:
            tile = written(rng, rng.choice(counters))
            cands += [
                {"seat": seat, "action": "discard", "tile": tile},
                {"seat": seat, "action": "discard", "tiles": [tile, one]},
            ] * 2
        singles = [t for t in set(hand) if hand.count(t) == 1]
        if singles:
            tile = written(rng, rng.choice(singles))
            cands.append({"seat": seat, "action": "discard", "tiles": [tile, tile]})
    elif state.status == "trump":
        name = rng.choice(["0", "7", "8", "9", "nello", "sevens", "3"])
        cands += [
            {"seat": seat, "action": "trump", "trump": name},
            {"seat": seat, "action": "trump", "trump": name, "piles": rng.choice([1, 2])},
            {"seat": seat, "action": "trump", "trump": "none", "piles": rng.choice([0, 1, 2, 3])},
            {"seat": wrong, "action": "trump", "trump": "doubles", "piles": 1},
            {"seat": seat, "action": "bid", "points": low_bid},
        ]
        if state.contract is not None:
            cands.append({"seat": state.declarer(), "action": "trump", "trump": "none"})
    elif state.status == "play":
        mine = state.hands[seat]
        playable = state.playable(seat, low=False) if mine else []
        blocked = [t for t in mine if t not in playable]
        not_mine = [t for t in held if t not in mine]
        if blocked:
            for _ in range(3):  # failure to follow is the subtle one: weigh it up
                cands.append(
                    {"seat": seat, "action": "play", "tile": written(rng, rng.choice(blocked))}
                )
        if not_mine:
            cands.append(
                {"seat": seat, "action": "play", "tile": written(rng, rng.choice(not_mine))}
            )
        if mine:
            tile = written(rng, rng.choice(mine))
            cands += [
                {"seat": seat, "action": "play", "tile": tile, "suit": "low"},
                {
                    "seat": seat,
                    "action": "play",
                    "tile": tile,
                    "suit": rng.choice(["high", 3, "LOW"]),
                },
            ]
        for low in LOW_LEADS:
            if low in mine:
                cands.append(
                    {"seat": seat, "action": "play", "tile": tile_name(low), "suit": "low"}
                )
        cands.append({"seat": seat, "action": "pass"})
    return cands


def choose_variant_legal(rng: random.Random, legal: list[Action], pass_rate: float) -> Action:
    """A legal action, weighted towards interesting ones."""
    passes = [a for a in legal if a["action"] == "pass"]
    bids = [a for a in legal if a["action"] == "bid"]
    if passes or bids:
        special = [a for a in bids if "water" in a or "moon" in a or "over_moon" in a]
        marks = [a for a in bids if "marks" in a and a not in special]
        points = [a for a in bids if "points" in a]
        if special and rng.random() < 0.12:
            return rng.choice(special)
        if passes and (rng.random() < pass_rate or not bids):
            return passes[0]
        if marks and (rng.random() < 0.08 or not points):
            return rng.choice(marks)
        if points:
            return points[min(int(rng.expovariate(0.5)), len(points) - 1)]
        return rng.choice(bids)
    lows = [a for a in legal if a.get("suit") == "low"]
    if lows and rng.random() < 0.4:
        return rng.choice(lows)
    return rng.choice(legal)


def helpful_variant_play(rng: random.Random, state: VariantHand, legal: list[Action]) -> Action:
    """A play that helps the declaring side, so that made contracts are common enough."""
    assert state.rules is not None
    seat = legal[0]["seat"]
    want_win = state.declares(seat)
    so_far = [t for _, t, _ in state.current]
    low = state.current[0][2] if state.current else False

    def wins(action: Action) -> bool:
        assert state.rules is not None
        tile = parse_variant_tile(state.v, action["tile"])
        lead_low = low if so_far else action.get("suit") == "low"
        return state.rules.winning_index([*so_far, tile], lead_low) == len(so_far)

    if so_far:
        good = [a for a in legal if wins(a) == want_win]
        return rng.choice(good or legal)

    def strength(action: Action) -> tuple[bool, int]:
        assert state.rules is not None
        tile = parse_variant_tile(state.v, action["tile"])
        rules = state.rules
        return (rules.is_trump(tile), rules.rank(tile, rules.led_suit(tile)))

    return max(legal, key=strength) if want_win else min(legal, key=strength)


def helpful_variant_trump(state: VariantHand, legal: list[Action]) -> Action:
    """The trump of which the namer holds most tiles (doubles count as a suit)."""
    hand = state.hands[legal[0]["seat"]]

    def held(action: Action) -> int:
        name = action["trump"]
        if name == "doubles":
            return sum(1 for t in hand if is_double(t))
        if name == "none":
            return 0
        return sum(1 for t in hand if int(name) in t)

    return max(legal, key=held)


def favoured_action(
    rng: random.Random, state: VariantHand, legal: list[Action], seat: int
) -> Action | None:
    """With a rich deal: the others mostly pass, the favoured seat bids, names its long suit and
    likes discarding counters. None when nothing in particular is wanted."""
    if state.status == "auction":
        if legal[0]["seat"] != seat:
            return legal[0] if rng.random() < 0.9 else None  # the pass
        bids = [a for a in legal if a["action"] == "bid"]
        return rng.choice(bids) if bids else None
    if legal[0]["seat"] != seat:
        return None
    if state.status == "trump" and rng.random() < 0.9:
        return helpful_variant_trump(state, legal)
    if state.status == "discard" and rng.random() < 0.7:
        names = [a.get("tiles") or [a["tile"]] for a in legal]
        counting = [
            a
            for a, tiles in zip(legal, names, strict=True)
            if any(state.v.counters.get(parse_variant_tile(state.v, n), 0) for n in tiles)
        ]
        return rng.choice(counting) if counting else None
    return None


def random_variant_actions(
    rng: random.Random, state: VariantHand, illegal_rate: float, favourite: int | None = None
) -> list[Action]:
    """Play `state` forward, recording every attempted action (legal and illegal)."""
    helpful = rng.random() < 0.4
    pass_rate = rng.choice([0.3, 0.5, 0.8])
    actions: list[Action] = []
    limit = rng.randint(0, 60) if rng.random() < 0.2 else 400
    while len(actions) < limit:
        if state.status == "over":
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                actions.append(rng.choice(illegal_variant_candidates(rng, state)))
            break
        legal = state.legal_actions()
        favoured = (
            None
            if favourite is None or not legal
            else favoured_action(rng, state, legal, favourite)
        )
        if rng.random() < illegal_rate or not legal:
            action = rng.choice(illegal_variant_candidates(rng, state))
        elif favoured is not None:
            action = favoured
        elif helpful and state.status == "play":
            action = helpful_variant_play(rng, state, legal)
        elif helpful and state.status == "trump" and rng.random() < 0.7:
            action = helpful_variant_trump(state, legal)
        else:
            action = choose_variant_legal(rng, legal, pass_rate)
        if action["action"] in ("play", "discard") and "tile" in action and rng.random() < 0.3:
            action = {**action, "tile": written(rng, parse_variant_tile(state.v, action["tile"]))}
        actions.append(action)
        with contextlib.suppress(Refused):
            state.apply(action)
    return actions


# ---------------------------------------------------------------------------------------------
# Whole documents


def random_variant_scenario(rng: random.Random, name: str) -> dict[str, Any]:
    """A well-formed document of the variant `name`."""
    v = VARIANTS[name]
    dealer = rng.randrange(v.seats)
    rich = rich_deal(rng, v) if rng.random() < 0.2 else None
    favourite = None
    if rich is not None:
        hands, leftover, favourite = rich
    else:
        hands, leftover = random_variant_deal(rng, v)
    scenario: dict[str, Any] = {
        "variant": name,
        "dealer": dealer,
        "hands": [[written(rng, t) for t in hand] for hand in hands],
    }
    if leftover:
        scenario["leftover"] = [written(rng, t) for t in leftover]
    elif rng.random() < 0.1:
        scenario["leftover"] = None
    if rng.random() < 0.1:
        scenario["options"] = None
    if rng.random() < 0.7:
        scenario["score" if v.scored_in == "points" else "marks"] = random_totals(rng, v)
    state = new_variant_hand({**scenario, "actions": []})
    illegal_rate = rng.choice([0.0, 0.05, 0.15, 0.3])
    scenario["actions"] = random_variant_actions(rng, state, illegal_rate, favourite)
    return scenario


def make_variant_malformed(rng: random.Random, scenario: dict[str, Any]) -> dict[str, Any]:
    """Break a well-formed variant document in one of the ways REPLAY.md calls malformed."""
    broken = json.loads(json.dumps(scenario))
    v = VARIANTS[broken["variant"]]
    hands = broken["hands"]
    actions = broken["actions"]
    seat = rng.randrange(v.seats)
    kind = rng.choice(
        [
            "variant_name",
            "options",
            "hand_count",
            "hand_size",
            "not_in_set",
            "too_often",
            "leftover",
            "big_number",
            "dealer",
            "seat",
            "action_kind",
            "discard_name",
            "totals",
        ]
    )
    if kind == "variant_name":
        broken["variant"] = rng.choice(["Moon", "42 ", 42, "big game", "", ["moon"], "sevens"])
    elif kind == "options":
        broken["options"] = rng.choice([{}, {"nello": True}, {"forced_bid": False}])
    elif kind == "hand_count":
        if rng.random() < 0.5:
            hands.pop(rng.randrange(v.seats))
        else:
            hands.append(list(hands[0]))
    elif kind == "hand_size":
        donor, taker = rng.sample(range(v.seats), 2)
        hands[taker].append(hands[donor].pop())
    elif kind == "not_in_set" and v.removed:
        tile = rng.choice(sorted(v.removed))
        hands[seat][rng.randrange(v.hand_size)] = tile_name(tile)
    elif kind in ("not_in_set", "too_often"):  # without removed tiles: a face too often
        other = (seat + 1) % v.seats
        hands[seat][0] = hands[other][0]
        if v.copies == 2:
            hands[seat][1] = hands[other][0]
            hands[(seat + 2) % v.seats][0] = hands[other][0]
    elif kind == "leftover":
        if v.leftover:
            broken["leftover"] = rng.choice([None, [], broken["leftover"] * 2, "x"])
            if broken["leftover"] is None:
                del broken["leftover"]
        else:
            broken["leftover"] = rng.choice([[], [tile_name((1, 1))]])
    elif kind == "big_number":
        name = rng.choice([f"{v.top + 1}-{v.top + 1}", f"0-{v.top + 1}", "10-1", "x-y"])
        if rng.random() < 0.5:
            hands[seat][0] = name
        else:
            actions.insert(
                rng.randint(0, len(actions)), {"seat": seat, "action": "play", "tile": name}
            )
    elif kind == "dealer":
        broken["dealer"] = rng.choice([v.seats, v.seats + 1, -1])
    elif kind == "seat":
        actions.insert(rng.randint(0, len(actions)), {"seat": v.seats, "action": "pass"})
    elif kind == "action_kind":
        action = {"seat": seat, "action": rng.choice(["double", "claim", "exchange", "widow"])}
        actions.insert(rng.randint(0, len(actions)), action)
    elif kind == "discard_name":
        action = rng.choice(
            [
                {"seat": seat, "action": "discard", "tile": 5},
                {"seat": seat, "action": "discard", "tile": "1-x"},
                {"seat": seat, "action": "discard", "tiles": "1-4"},
                {"seat": seat, "action": "discard", "tiles": ["1-4", 7]},
            ]
        )
        actions.insert(rng.randint(0, len(actions)), action)
    else:
        key = "score" if v.scored_in == "points" else "marks"
        broken[key] = rng.choice(
            [[0] * (v.sides() + 1), [0] * (v.sides() - 1), "0", [0.5] * v.sides()]
        )
    return broken


def _every_name(top: int) -> list[Tile]:
    return [(a, b) for a in range(top + 1) for b in range(a, top + 1)]


def random_variant_case(rng: random.Random, name: str, malformed_rate: float = 0.04) -> str:
    """One document of the variant `name` as JSON text; a small share is malformed."""
    scenario = random_variant_scenario(rng, name)
    if rng.random() < malformed_rate:
        scenario = make_variant_malformed(rng, scenario)
    return json.dumps(scenario)
