"""Random replay scenarios: random deals, dealers, marks, scores and table options, with action
lists that are mostly legal (as `reference` decides) and partly illegal on purpose.

Only inputs whose treatment the documents decide are drawn: a structurally odd action (a bid
with both points and marks, a trump name outside the list, a seat written as a string, ...) is
never generated, because REPLAY.md does not say whether it is malformed or merely illegal.

>>> import random
>>> text = random_case(random.Random(7))
>>> isinstance(text, str)
True
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from tests.conformance.reference import (
    ALL_TILES,
    OPTION_DEFAULTS,
    ORDINARY_TRUMPS,
    HandState,
    Refused,
    Tile,
    distance_from_seven,
    is_double,
    new_hand,
    parse_tile,
    partner_of,
    tile_name,
)

Action = dict[str, Any]

BOOLEAN_OPTIONS = [k for k, v in OPTION_DEFAULTS.items() if isinstance(v, bool)]
HOUSE_CONTRACTS = ("nello", "splash", "plunge", "sevens")


# ---------------------------------------------------------------------------------------------
# The deal and the table


def written(rng: random.Random, tile: Tile) -> str:
    """A tile as a player might write it: either end first ("6-4" is "4-6")."""
    return tile_name(tile) if rng.random() < 0.7 else f"{tile[1]}-{tile[0]}"


def random_deal(rng: random.Random) -> list[list[Tile]]:
    """Four hands of seven; now and then one seat gets 3-5 doubles, to make Splash and Plunge
    biddable."""
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    if rng.random() < 0.3:
        lucky = rng.randrange(4)
        doubles = [t for t in tiles if is_double(t)]
        others = [t for t in tiles if not is_double(t)]
        k = rng.choice([3, 4, 4, 5])
        hand = doubles[:k] + others[: 7 - k]
        rest = doubles[k:] + others[7 - k :]
        rng.shuffle(hand)
        rng.shuffle(rest)
        hands = [rest[7 * i : 7 * i + 7] for i in range(3)]
        hands.insert(lucky, hand)
        return hands
    return [tiles[7 * i : 7 * i + 7] for i in range(4)]


def random_options(rng: random.Random) -> dict[str, Any] | None:
    """None (no "options" key), {}, every option false, or a random set."""
    roll = rng.random()
    if roll < 0.25:
        return None
    if roll < 0.30:
        return {}
    if roll < 0.35:
        return {k: False for k in BOOLEAN_OPTIONS}
    options: dict[str, Any] = {}
    if rng.random() < 0.15:
        options["points_game"] = True
        if rng.random() < 0.5:
            options["forced_bid"] = rng.random() < 0.5
        for name in HOUSE_CONTRACTS:
            if rng.random() < 0.2:
                options[name] = False
        return options
    for name in ("nello", "splash", "plunge", "sevens", "forced_bid"):
        if rng.random() < 0.5:
            options[name] = rng.random() < 0.75
    if rng.random() < 0.5:
        options["nello_doubles"] = rng.choice(["high", "low", "own_suit"])
    if rng.random() < 0.4:
        options["nello_dealer_only"] = rng.random() < 0.7
        if rng.random() < 0.5:
            options["nello"] = True
    if rng.random() < 0.4:
        options["splash_marks"] = rng.choice([2, 3])
    if rng.random() < 0.2:
        options["points_game"] = False
    return options


# ---------------------------------------------------------------------------------------------
# Actions


def illegal_candidates(rng: random.Random, state: HandState) -> list[Action]:
    """Actions that are (or are likely to be) refused in the present state."""
    seat = state.to_act if state.to_act is not None else rng.randrange(4)
    others = [s for s in range(4) if s != seat]
    wrong = rng.choice(others)
    held = [t for hand in state.hands for t in hand]
    cands: list[Action] = [
        {"seat": wrong, "action": "pass"},
        {"seat": wrong, "action": "bid", "points": rng.randint(30, 41)},
        {"seat": wrong, "action": "bid", "marks": rng.choice([1, 2])},
        {"seat": seat, "action": "trump", "trump": rng.choice(ORDINARY_TRUMPS)},
        {"seat": seat, "action": "trump", "trump": "5", "piles": rng.choice([1, 2])},
    ]
    if held:
        tile = rng.choice(held)
        cands.append({"seat": seat, "action": "play", "tile": written(rng, tile)})
    if state.hands[wrong]:
        tile = rng.choice(state.hands[wrong])
        cands.append({"seat": wrong, "action": "play", "tile": written(rng, tile)})
    trump = rng.choice(ORDINARY_TRUMPS)
    cands.append({"seat": wrong, "action": "trump", "trump": trump, "piles": 1})
    if state.status == "auction":
        low = state.high_points if state.high_points is not None else 30
        cands += [
            {"seat": seat, "action": "bid", "points": rng.choice([low, low - 1, 29, 42, 0, 84])},
            {"seat": seat, "action": "bid", "marks": rng.choice([0, 3, 4, -1])},
            {"seat": seat, "action": "bid", "points": rng.randint(30, 41)},
            {"seat": seat, "action": "pass"},
            {"seat": seat, "action": "bid", "marks": rng.randint(2, 5), "splash": True},
            {"seat": seat, "action": "bid", "marks": rng.randint(3, 6), "plunge": True},
        ]
        if state.high_marks is not None:
            cands += [
                {"seat": seat, "action": "bid", "marks": state.high_marks + 2},
                {"seat": seat, "action": "bid", "marks": state.high_marks},
                {"seat": seat, "action": "bid", "points": 41},
            ]
        if state.to_act is not None and wrong != state.to_act:
            cands.append({"seat": wrong, "action": "bid", "marks": 3, "splash": True})
    elif state.status == "trump":
        trump = rng.choice([*ORDINARY_TRUMPS, "nello", "sevens", "nello", "sevens"])
        cands += [
            {"seat": seat, "action": "trump", "trump": trump},
            {"seat": seat, "action": "trump", "trump": trump, "piles": rng.choice([0, 1, 2, 3])},
            {"seat": seat, "action": "trump", "trump": "nello", "piles": 1},
            {"seat": seat, "action": "trump", "trump": "sevens", "piles": 2},
            {"seat": partner_of(seat), "action": "trump", "trump": trump, "piles": 1},
            {"seat": seat, "action": "pass"},
            {"seat": seat, "action": "bid", "marks": 1},
        ]
    elif state.status == "play":
        mine = state.hands[seat]
        not_mine = [t for t in held if t not in mine]
        playable = state.playable(seat) if mine else []
        blocked = [t for t in mine if t not in playable]
        if not_mine:
            cands.append(
                {"seat": seat, "action": "play", "tile": written(rng, rng.choice(not_mine))}
            )
        if blocked:
            for _ in range(3):  # failure to follow is the subtle one: weigh it up
                cands.append(
                    {"seat": seat, "action": "play", "tile": written(rng, rng.choice(blocked))}
                )
        gone = [t for t in ALL_TILES if t not in held]
        if gone:
            cands.append({"seat": seat, "action": "play", "tile": written(rng, rng.choice(gone))})
        if state.sitting_out is not None and state.hands[state.sitting_out]:
            out = state.sitting_out
            tile = rng.choice(state.hands[out])
            cands.append({"seat": out, "action": "play", "tile": written(rng, tile)})
        cands += [
            {"seat": seat, "action": "pass"},
            {"seat": seat, "action": "bid", "points": 30},
            {"seat": seat, "action": "trump", "trump": "doubles", "piles": 1},
        ]
    return cands


def choose_legal(rng: random.Random, legal: list[Action], pass_rate: float = 0.5) -> Action:
    """A legal action, weighted towards interesting ones."""
    passes = [a for a in legal if a["action"] == "pass"]
    bids = [a for a in legal if a["action"] == "bid"]
    if passes or bids:
        special = [a for a in bids if a.get("splash") or a.get("plunge")]
        marks = [a for a in bids if "marks" in a and a not in special]
        points = [a for a in bids if "points" in a]
        roll = rng.random()
        if special and rng.random() < 0.3:
            return rng.choice(special)
        if passes and (roll < pass_rate or not bids):
            return passes[0]
        if marks and (rng.random() < 0.3 or not points):
            return rng.choice(marks)
        if points:
            # Mostly modest raises, so that several seats get to bid.
            return points[min(int(rng.expovariate(0.5)), len(points) - 1)]
        return rng.choice(bids)
    houses = [a for a in legal if a["action"] == "trump" and a["trump"] in ("nello", "sevens")]
    if houses and rng.random() < 0.5:
        return rng.choice(houses)
    return rng.choice(legal)


def helpful_play(rng: random.Random, state: HandState, legal: list[Action]) -> Action:
    """A play that helps the declarers' side make its contract, so that made contracts (and
    the awards and game ends they bring) are common enough to be checked."""
    assert state.rules is not None and state.contract is not None
    seat = legal[0]["seat"]
    declarer = state.contract["declarer"]
    so_far = [t for _, t in state.current]

    def wins(action: Action) -> bool:
        tiles = [*so_far, parse_tile(action["tile"])]
        assert state.rules is not None
        return state.rules.winning_index(tiles) == len(so_far)

    # In Nello the declarer must lose every trick; otherwise the declarers want them all.
    want_win = seat != declarer if state.trump == "nello" else seat % 2 == declarer % 2
    if so_far:
        good = [a for a in legal if wins(a) == want_win]
        return rng.choice(good or legal)

    def strength(action: Action) -> tuple[bool, int]:
        tile = parse_tile(action["tile"])
        rules = state.rules
        assert rules is not None
        if rules.trump == "sevens":
            return (True, -distance_from_seven(tile))
        return (rules.is_trump(tile), rules.rank(tile, rules.led_suit(tile)))

    return max(legal, key=strength) if want_win else min(legal, key=strength)


def helpful_trump(state: HandState, legal: list[Action]) -> Action:
    """The trump of which the namer holds most tiles (doubles count as a suit)."""
    hand = state.hands[legal[0]["seat"]]

    def held(action: Action) -> int:
        name = action["trump"]
        if name in ORDINARY_TRUMPS[:7]:
            return sum(1 for t in hand if int(name) in t)
        if name == "doubles":
            return sum(1 for t in hand if is_double(t))
        return 0

    return max(legal, key=held)


def dealer_after_three_passes(state: HandState) -> bool:
    return state.status == "auction" and [bid for _, bid in state.spoken] == [None] * 3


def random_actions(rng: random.Random, state: HandState, illegal_rate: float) -> list[Action]:
    """Play `state` forward, recording every attempted action (legal and illegal)."""
    helpful = rng.random() < 0.4
    pass_rate = rng.choice([0.3, 0.5, 0.8])
    actions: list[Action] = []
    stop_early = rng.random() < 0.2
    limit = rng.randint(0, 40) if stop_early else 200
    while len(actions) < limit:
        if state.status == "over":
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                actions.append(rng.choice(illegal_candidates(rng, state)))
            break
        legal = state.legal_actions()
        if rng.random() < illegal_rate or not legal:
            action = rng.choice(illegal_candidates(rng, state))
        elif dealer_after_three_passes(state) and rng.random() < 0.6:
            # The dealer's pass (refused under H-FORCED-BID), or the one 1-mark bid that may
            # become a dealer-only Nello (H-NELLO).
            kind = rng.choice([{"action": "pass"}, {"action": "bid", "marks": 1}])
            action = {"seat": state.dealer, **kind}
        elif state.status == "trump" and rng.random() < 0.15:
            # Nello or Sevens, whether or not the options and the contract allow it.
            house = rng.choice(["nello", "sevens"])
            action = {"seat": state.to_act, "action": "trump", "trump": house}
            if state.is_marks_contract():
                action["piles"] = rng.choice([1, 2])
        elif helpful and state.status == "play":
            action = helpful_play(rng, state, legal)
        elif helpful and state.status == "trump" and rng.random() < 0.7:
            action = helpful_trump(state, legal)
        else:
            action = choose_legal(rng, legal, pass_rate)
        actions.append(action)
        with contextlib.suppress(Refused):
            state.apply(action)
    return actions


# ---------------------------------------------------------------------------------------------
# Whole scenarios


def random_scenario(rng: random.Random) -> dict[str, Any]:
    """A well-formed scenario."""
    dealer = rng.randrange(4)
    deal = random_deal(rng)
    scenario: dict[str, Any] = {
        "dealer": dealer,
        "hands": [[written(rng, t) for t in hand] for hand in deal],
    }
    if rng.random() < 0.7:
        low = rng.choice([0, 0, 5])  # near the end of the game now and then (R-GAME)
        scenario["marks"] = [rng.randint(low, 6), rng.randint(low, 6)]
    options = random_options(rng)
    if options is not None:
        scenario["options"] = options
        if options.get("points_game") and rng.random() < 0.7:
            low = rng.choice([0, 200])  # both teams can pass 250 in one hand (H-POINTS)
            scenario["score"] = [rng.randint(low, 249), rng.randint(low, 249)]
    state = new_hand({**scenario, "actions": []})
    illegal_rate = rng.choice([0.0, 0.05, 0.15, 0.3])
    scenario["actions"] = random_actions(rng, state, illegal_rate)
    return scenario


def make_malformed(rng: random.Random, scenario: dict[str, Any]) -> dict[str, Any]:
    """Break a well-formed scenario in one of the ways REPLAY.md calls malformed."""
    broken = json.loads(json.dumps(scenario))
    hands = broken["hands"]
    actions = broken["actions"]
    kind = rng.choice(
        [
            "short_hand",
            "three_hands",
            "duplicate",
            "unknown_tile",
            "dealer",
            "seat",
            "action_kind",
            "play_unknown_tile",
            "unknown_option",
            "option_type",
            "points_game_combo",
        ]
    )
    if kind == "short_hand":
        donor, taker = rng.sample(range(4), 2)
        hands[taker].append(hands[donor].pop())
    elif kind == "three_hands":
        hands.pop(rng.randrange(4))
    elif kind == "duplicate":
        a, b = rng.sample(range(4), 2)
        tile = hands[a][rng.randrange(7)]
        low, high = tile.split("-")
        hands[b][rng.randrange(7)] = f"{high}-{low}"
    elif kind == "unknown_tile":
        hands[rng.randrange(4)][rng.randrange(7)] = rng.choice(["7-1", "6-9", "x", "12", "3-3-3"])
    elif kind == "dealer":
        broken["dealer"] = rng.choice([4, 5, -1])
    elif kind == "seat":
        action = {"seat": rng.choice([4, -1, 7]), "action": "pass"}
        actions.insert(rng.randint(0, len(actions)), action)
    elif kind == "action_kind":
        action = {"seat": rng.randrange(4), "action": rng.choice(["double", "claim", "redeal"])}
        actions.insert(rng.randint(0, len(actions)), action)
    elif kind == "play_unknown_tile":
        action = {"seat": rng.randrange(4), "action": "play", "tile": rng.choice(["7-7", "0-8"])}
        actions.insert(rng.randint(0, len(actions)), action)
    elif kind == "unknown_option":
        broken.setdefault("options", {})[rng.choice(["nelo", "doubles_high", "follow_me"])] = True
    elif kind == "option_type":
        name, value = rng.choice(
            [
                ("nello", "yes"),
                ("splash", 1),
                ("forced_bid", 0),
                ("splash_marks", "3"),
                ("nello_doubles", True),
                ("points_game", None),
                ("sevens", [True]),
            ]
        )
        broken.setdefault("options", {})[name] = value
    else:
        options = broken.setdefault("options", {})
        options.update({"points_game": True, rng.choice(HOUSE_CONTRACTS): True})
    return broken


def random_case(rng: random.Random, malformed_rate: float = 0.04) -> str:
    """One scenario as JSON text; a small share is malformed (a few are not even JSON)."""
    scenario = random_scenario(rng)
    roll = rng.random()
    if roll < malformed_rate * 0.1:
        return rng.choice(['{"dealer": 0, "hands": [', "not json", "[]", "null"])
    if roll < malformed_rate:
        scenario = make_malformed(rng, scenario)
    return json.dumps(scenario)
