"""``python -m engine.replay [--jsonl] [FILE]``: replay one hand from an omniscient record.

The format is REPLAY.md's, its "Variants" section included. Input that cannot be understood (not
JSON, a bad deal, an unknown tile, seat, trump, option, variant or action kind, a value of the
wrong type) is *malformed*: exit 2 with a one-line message, or, with ``--jsonl``, an
``{"error": …}`` line. Actions that are understood but illegal are refused one by one, as the
engine refuses them (R-ILLEGAL), and the replay goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from ..actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from ..deal import Deal
from ..dominoes import MOST_PIPS, Domino
from ..errors import RuleError
from ..game import tally
from ..goal import goal_of
from ..hand import HandState
from ..options import DEFAULT_OPTIONS, NelloDoubles, Options
from ..records import Trick
from ..seats import Seat
from ..trumps import Trump
from ..variants import FORTY_TWO, VARIANTS, LeftoverStep, Variant


class Malformed(ValueError):
    """The input itself cannot be understood (exit status 2)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """An action that is understood but can never be legal as written (a play's ``"suit"`` of
    another value): refused without asking the engine, like any illegal action."""

    reason: str


@dataclass(frozen=True, slots=True)
class Scenario:
    deal: Deal
    options: Options
    marks: tuple[int, ...]
    score: tuple[int, ...]
    actions: tuple[tuple[Seat, Action | Refused], ...]

    @property
    def variant(self) -> Variant:
        return self.deal.variant


# ----- reading ----------------------------------------------------------------------------------

_BOOL_OPTIONS = ("nello", "nello_dealer_only", "splash", "plunge", "sevens", "forced_bid",
                 "points_game")


def parse_scenario(text: str) -> Scenario:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: also an over-long integer
        raise Malformed(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise Malformed("the input must be one JSON object")
    variant = _variant(data.get("variant"))
    reader = _Reader(variant)
    if variant is FORTY_TWO:
        options = _options(data.get("options", {}))
        marks = _totals(data.get("marks", [0, 0]), "marks", variant, any_sign=False)
        score = _totals(data.get("score", [0, 0]), "score", variant, any_sign=False)
    else:
        if data.get("options") is not None:
            raise Malformed(f"'options' are house rules of 42: not with variant {variant.name!r}")
        options = DEFAULT_OPTIONS
        in_points = variant.scoring.in_points
        wanted, unwanted = ("score", "marks") if in_points else ("marks", "score")
        if data.get(unwanted) is not None:
            raise Malformed(f"variant {variant.name!r} is scored in {wanted}, not {unwanted}")
        totals = _totals(data.get(wanted), wanted, variant,
                         any_sign=variant.scoring.below_zero)
        zeros = (0,) * variant.seating.side_count
        marks, score = (zeros, totals) if in_points else (totals, zeros)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise Malformed("'actions' must be a list")
    return Scenario(reader.deal(data), options, marks, score,
                    tuple(reader.action(item) for item in actions))


def _variant(value: object) -> Variant:
    if value is None:
        return FORTY_TWO
    if not isinstance(value, str) or value not in VARIANTS:
        raise Malformed(f"'variant' must be one of {', '.join(VARIANTS)}, not "
                        f"{_shown(value)}")
    return VARIANTS[value]


def _shown(value: object) -> str:
    """A value for a one-line message, however large."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: object) -> bool:
    return type(value) is int


def _totals(value: object, what: str, variant: Variant, any_sign: bool) -> tuple[int, ...]:
    sides = variant.seating.side_count
    if value is None and variant is not FORTY_TWO:  # absent or null: all zeros
        return (0,) * sides
    if not (isinstance(value, list) and len(value) == sides
            and all(_is_int(v) and (any_sign or v >= 0) for v in value)):
        kind = "whole numbers" if any_sign else "whole numbers ≥ 0"
        per = "team" if variant is FORTY_TWO else "side"
        raise Malformed(f"'{what}' must be {sides} {kind}, one per {per}")
    return tuple(value)


def _options(value: object) -> Options:
    if not isinstance(value, dict):
        raise Malformed("'options' must be an object")
    known = {*_BOOL_OPTIONS, "nello_doubles", "splash_marks"}
    for key in value:
        if key not in known:
            raise Malformed(f"unknown option {key!r}")
    for key in _BOOL_OPTIONS:
        if key in value and type(value[key]) is not bool:
            raise Malformed(f"option {key!r} must be true or false")
    doubles = value.get("nello_doubles", "high")
    if doubles not in [kind.value for kind in NelloDoubles]:  # a list: it may be unhashable
        raise Malformed("option 'nello_doubles' must be 'high', 'low' or 'own_suit'")
    splash_marks = value.get("splash_marks", 3)
    if not _is_int(splash_marks) or splash_marks not in (2, 3):
        raise Malformed("option 'splash_marks' must be 2 or 3")
    flags = {key: value.get(key, False) for key in _BOOL_OPTIONS}
    try:
        return Options(nello_doubles=NelloDoubles(doubles), splash_marks=splash_marks, **flags)
    except ValueError as error:
        raise Malformed(str(error)) from None


class _Reader:
    """Reads the deal and the actions of one variant's document."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def deal(self, data: dict[str, Any]) -> Deal:
        variant = self.variant
        hands = data.get("hands")
        seats, size = variant.seating.count, variant.hand_size
        if not isinstance(hands, list) or len(hands) != seats or not all(
                isinstance(hand, list) for hand in hands):
            raise Malformed(f"'hands' must be {seats} lists of {size} tiles")
        leftover = data.get("leftover")
        if variant.leftover and not isinstance(leftover, list):
            raise Malformed(f"'leftover' must list the {variant.leftover} tiles left over")
        if not variant.leftover and leftover is not None:
            raise Malformed(f"variant {variant.name!r} has no leftover")
        try:
            return Deal.of(self.seat(data.get("dealer"), "dealer"),
                           [[self.tile(tile) for tile in hand] for hand in hands], variant,
                           [self.tile(tile) for tile in leftover or ()])
        except ValueError as error:
            if isinstance(error, Malformed):
                raise
            raise Malformed(str(error)) from None

    def seat(self, value: object, what: str = "seat") -> Seat:
        last = self.variant.seating.count - 1
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= last:
            raise Malformed(f"{what} must be a seat 0-{last}, not {_shown(value)}")
        return self.variant.seating.seats[value]

    def tile(self, value: object) -> Domino:
        if not isinstance(value, str):
            raise Malformed(f"a tile is a string like '6-4', not {_shown(value)}")
        try:
            return Domino.parse(value, self.variant.top)
        except ValueError:
            raise Malformed(f"unknown tile {value!r}") from None

    def action(self, item: object) -> tuple[Seat, Action | Refused]:
        if not isinstance(item, dict):
            raise Malformed("each action must be an object")
        seat = self.seat(item.get("seat"))
        kind = item.get("action")
        if kind == "pass":
            return seat, Pass()
        if kind == "play":
            return seat, self.play(item)
        if kind == "trump":
            return seat, self.name_trump(item)
        if kind == "bid":
            return seat, self.bid(item)
        if self.variant is not FORTY_TWO and kind == "leftover":
            take = item.get("take")
            if type(take) is not bool:
                raise Malformed("a leftover action needs 'take': true or false")
            return seat, Leftover(take)
        if self.variant is not FORTY_TWO and kind == "discard":
            return seat, self.discard(item)
        raise Malformed(f"unknown action kind {_shown(kind)}")

    def play(self, item: dict[str, Any]) -> Play | Refused:
        tile = self.tile(item.get("tile"))
        suit = item.get("suit")
        if self.variant is FORTY_TWO or suit is None:
            return Play(tile)
        if suit != "low":
            return Refused(f"a play's suit is \"low\" or absent, not {_shown(suit)}")
        return Play(tile, low=True)

    def discard(self, item: dict[str, Any]) -> Discard | Refused:
        """``"tile"`` (one tile) or ``"tiles"`` (72's two); the other key, none or both are
        refused, as a discard the rules do not know."""
        one, two = item.get("tile"), item.get("tiles")
        if two is not None and not isinstance(two, list):
            raise Malformed("'tiles' must be a list of tile names")
        tiles = [self.tile(t) for t in two or ()]
        if one is not None:
            tiles.append(self.tile(one))
        key = "tiles" if self.variant.leftover_step is LeftoverStep.AFTER_TRUMP else "tile"
        if (one is None) == (two is None) or (one if key == "tile" else two) is None:
            return Refused(f"a discard here gives {key!r}")
        return Discard(tuple(tiles))

    def name_trump(self, item: dict[str, Any]) -> NameTrump:
        trump = item.get("trump")
        if not isinstance(trump, str):
            raise Malformed("a trump action needs 'trump'")
        try:  # in a variant any digit names a suit; one the set lacks is refused (V-GEN-SUITS)
            named = Trump.parse(trump, 6 if self.variant is FORTY_TWO else MOST_PIPS)
        except ValueError:
            raise Malformed(f"unknown trump {trump!r}") from None
        piles = item.get("piles")
        if piles is not None and not _is_int(piles):
            raise Malformed("'piles' must be a whole number")
        return NameTrump(named, piles)

    def bid(self, item: dict[str, Any]) -> Bid | Refused:
        flags = _FLAGS_42 if self.variant is FORTY_TWO else _FLAGS
        points, marks = item.get("points"), item.get("marks")
        if not (item.keys() & _SPECIAL_KEYS):  # a plain bid, the common case
            if (points is None) == (marks is None):
                raise Malformed("a bid has either 'points' or 'marks'")
            amount = points if points is not None else marks
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise Malformed("a bid's amount must be a whole number")
            return Bid(points=amount) if points is not None else Bid(marks=amount)
        for kind in flags:
            if kind.value in item and type(item[kind.value]) is not bool:
                raise Malformed(f"'{kind.value}' must be true or false")
        specials = [kind for kind in flags if item.get(kind.value)]
        if self.variant is not FORTY_TWO and set(specials) & set(_FLAGS_42):
            return Refused("house rules are not played in this game")
        water = item.get("water") if self.variant is not FORTY_TWO else None
        if water is not None:
            if water not in ("dip", "dive", "plunge"):
                raise Malformed("'water' is \"dip\", \"dive\" or \"plunge\"")
            specials.append(BidKind(water))
        moon = [kind for kind in specials if kind.is_moon]
        if moon:
            if len(specials) > 1 or points is not None or marks is not None:
                raise Malformed("a moon bid has no amount and no other kind")
            return Bid(kind=moon[0])
        if (points is None) == (marks is None):
            raise Malformed("a bid has either 'points' or 'marks'")
        if not _is_int(points if points is not None else marks):
            raise Malformed("a bid's amount must be a whole number")
        if len(specials) > 1 or (specials and points is not None):
            raise Malformed("a bid is at most one special kind, and those are marks bids")
        if points is not None:
            return Bid(points=points)
        assert marks is not None
        return Bid(marks=marks, kind=specials[0] if specials else BidKind.PLAIN)


_FLAGS_42 = (BidKind.SPLASH, BidKind.PLUNGE)
_FLAGS = (*_FLAGS_42, BidKind.MOON, BidKind.OVER_MOON)
_SPECIAL_KEYS = frozenset({*(kind.value for kind in _FLAGS), "water"})


# ----- replaying --------------------------------------------------------------------------------

def replay(scenario: Scenario) -> dict[str, Any]:
    """Attempt every action in order and report the hand as REPLAY.md writes it."""
    state = HandState.start(scenario.deal, scenario.options)
    results: list[dict[str, Any]] = []
    for seat, action in scenario.actions:
        if isinstance(action, Refused):
            results.append({"ok": False, "reason": f"seat {int(seat)}: {action.reason}"})
            continue
        try:
            state = state.apply(seat, action)
        except RuleError as refusal:
            results.append({"ok": False, "reason": f"seat {int(seat)}: {refusal.message}"})
        else:
            results.append({"ok": True})
    return _report(scenario, state, results)


def _contract(state: HandState) -> dict[str, Any] | None:
    if state.contract is None:
        return None
    bid = state.contract.bid
    contract: dict[str, Any] = {"declarer": int(state.contract.declarer)}
    if bid.kind.is_moon:
        contract[bid.kind.value] = True
        return contract
    contract.update({"marks": bid.marks} if bid.marks else {"points": bid.points})
    if state.variant.water_bids and bid.kind is not BidKind.PLAIN:
        contract["water"] = bid.kind.value
    elif bid.kind is not BidKind.PLAIN:
        contract[bid.kind.value] = True
    return contract


def _plays(trick: Trick) -> list[dict[str, Any]]:
    """A trick's plays; a low lead says so (V-BIG-LEAD-LOW)."""
    plays: list[dict[str, Any]] = [{"seat": int(seat), "tile": str(tile)}
                                   for seat, tile in trick.plays]
    if trick.low:
        plays[0]["suit"] = "low"
    return plays


def _report(scenario: Scenario, state: HandState,
            results: list[dict[str, Any]]) -> dict[str, Any]:
    options = scenario.options
    variant = scenario.variant
    marks: tuple[int, ...] = scenario.marks
    score: tuple[int, ...] = scenario.score
    winner, outcome = None, None
    if state.result is not None:
        standing = tally(options, marks, score, state)
        marks, score, winner = standing.marks, standing.score, standing.winner
        outcome = _outcome(state, options)
    seats = variant.seating.seats
    report: dict[str, Any] = {
        "results": results,
        "status": state.phase.value,
        "to_act": None if state.to_act is None else int(state.to_act),
        "contract": _contract(state),
        "trump": None if state.trump is None else state.trump.code,
        "piles": state.piles,
        "tricks": [{"leader": int(trick.leader),
                    "plays": _plays(trick), "winner": int(trick.winner), "points": trick.points}
                   for trick in state.tricks],
        "points": list(state.points),
        "hands": [[str(tile) for tile in state.hand_of(seat)] for seat in seats],
    }
    if variant is not FORTY_TWO:
        report["discards"] = [[str(tile) for tile in state.discards_of(seat)] for seat in seats]
    report["outcome"] = outcome
    if _in_points(variant, options):
        if variant is FORTY_TWO:
            report["marks"] = list(marks)
        report["score"] = list(score)
    else:
        report["marks"] = list(marks)
    report["winner"] = None if winner is None else int(winner)
    return report


def _in_points(variant: Variant, options: Options) -> bool:
    return goal_of(variant, options).in_points


def _outcome(state: HandState, options: Options) -> dict[str, Any]:
    result = state.result
    assert result is not None
    variant = state.variant
    next_dealer = int(variant.seating.next_of[state.deal.dealer])
    first: dict[str, Any] = {"redeal": True} if result.redeal else {"made": result.made}
    if _in_points(variant, options):
        zeros = (0,) * variant.seating.side_count
        return {**first, "score": list(result.score or zeros), "next_dealer": next_dealer}
    return {**first, "marks": list(result.marks), "next_dealer": next_dealer}


# ----- the command ------------------------------------------------------------------------------

def run_one(text: str) -> dict[str, Any]:
    return replay(parse_scenario(text))


def run_lines(lines: Iterator[str]) -> Iterator[str]:
    """``--jsonl``: one result per input line, ``{"error": …}`` for a malformed one."""
    for line in lines:
        try:
            result = run_one(line)
        except Malformed as error:
            result = {"error": str(error)}
        yield json.dumps(result)


def main(argv: list[str] | None = None, stdin: IO[str] | None = None,
         stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m engine.replay",
                                     description="Replay one hand of Texas 42 (REPLAY.md).")
    parser.add_argument("file", nargs="?", default="-", help="a JSON file; - for stdin")
    parser.add_argument("--jsonl", action="store_true", help="one scenario per line")
    args = parser.parse_args(argv)
    try:
        source = stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        print(f"cannot read {args.file}: {error.strerror}", file=stderr)
        return 2
    with source:
        if args.jsonl:
            try:
                for line in run_lines(line.rstrip("\n") for line in source):
                    stdout.write(line + "\n")
            except UnicodeDecodeError:
                print("malformed input: not UTF-8 text", file=stderr)
                return 2
            return 0
        try:
            result = run_one(source.read())
        except UnicodeDecodeError:
            print("malformed input: not UTF-8 text", file=stderr)
            return 2
        except Malformed as error:
            print(f"malformed input: {error}", file=stderr)
            return 2
    stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
