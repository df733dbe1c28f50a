"""``python -m engine.replay [--jsonl] [FILE]``: replay one hand from an omniscient record.

The format is REPLAY.md's. Input that cannot be understood (not JSON, a bad deal, an unknown
tile, seat, trump, option or action kind) is *malformed*: exit 2 with a one-line message, or, with
``--jsonl``, an ``{"error": …}`` line. Actions that are understood but illegal are refused one by
one, as the engine refuses them (R-ILLEGAL), and the replay goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from .actions import Action, Bid, BidKind, NameTrump, Pass, Play
from .deal import Deal
from .dominoes import Domino
from .errors import RuleError
from .game import tally
from .hand import HandState
from .options import NelloDoubles, Options
from .seats import SEATS, Seat
from .trumps import Trump


class Malformed(ValueError):
    """The input itself cannot be understood (exit status 2)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    deal: Deal
    options: Options
    marks: tuple[int, int]
    score: tuple[int, int]
    actions: tuple[tuple[Seat, Action], ...]


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
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != 4 or not all(
            isinstance(hand, list) for hand in hands):
        raise Malformed("'hands' must be 4 lists of 7 tiles")
    try:
        deal = Deal.of(_seat(data.get("dealer"), "dealer"),
                       [[_tile(tile) for tile in hand] for hand in hands])
    except ValueError as error:
        raise Malformed(str(error)) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise Malformed("'actions' must be a list")
    return Scenario(deal, _options(data.get("options", {})),
                    _pair(data.get("marks", [0, 0]), "marks"),
                    _pair(data.get("score", [0, 0]), "score"),
                    tuple(_action(item) for item in actions))


def _is_int(value: object) -> bool:
    return type(value) is int


def _seat(value: object, what: str = "seat") -> Seat:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise Malformed(f"{what} must be a seat 0-3, not {json.dumps(value)}")
    return SEATS[value]


def _tile(value: object) -> Domino:
    if not isinstance(value, str):
        raise Malformed(f"a tile is a string like '6-4', not {json.dumps(value)}")
    try:
        return Domino.parse(value)
    except ValueError:
        raise Malformed(f"unknown tile {value!r}") from None


def _pair(value: object, what: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2
            and all(_is_int(v) and v >= 0 for v in value)):
        raise Malformed(f"'{what}' must be two whole numbers, one per team")
    return (value[0], value[1])


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


def _action(item: object) -> tuple[Seat, Action]:
    if not isinstance(item, dict):
        raise Malformed("each action must be an object")
    seat = _seat(item.get("seat"))
    kind = item.get("action")
    if kind == "pass":
        return seat, Pass()
    if kind == "play":
        return seat, Play(_tile(item.get("tile")))
    if kind == "trump":
        return seat, _name_trump(item)
    if kind == "bid":
        return seat, _bid(item)
    raise Malformed(f"unknown action kind {json.dumps(kind)}")


def _name_trump(item: dict[str, Any]) -> NameTrump:
    trump = item.get("trump")
    if not isinstance(trump, str):
        raise Malformed("a trump action needs 'trump'")
    try:
        named = Trump.parse(trump)
    except ValueError:
        raise Malformed(f"unknown trump {trump!r}") from None
    piles = item.get("piles")
    if piles is not None and not _is_int(piles):
        raise Malformed("'piles' must be a whole number")
    return NameTrump(named, piles)


def _bid(item: dict[str, Any]) -> Bid:
    points, marks = item.get("points"), item.get("marks")
    if (points is None) == (marks is None):
        raise Malformed("a bid has either 'points' or 'marks'")
    amount = points if points is not None else marks
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise Malformed("a bid's amount must be a whole number")
    specials = [kind for kind in (BidKind.SPLASH, BidKind.PLUNGE) if item.get(kind.value)]
    for kind in (BidKind.SPLASH, BidKind.PLUNGE):
        if kind.value in item and type(item[kind.value]) is not bool:
            raise Malformed(f"'{kind.value}' must be true or false")
    if len(specials) > 1 or (specials and points is not None):
        raise Malformed("a bid is at most one of splash or plunge, and those are marks bids")
    if points is not None:
        return Bid(points=points)
    return Bid(marks=amount, kind=specials[0] if specials else BidKind.PLAIN)


# ----- replaying --------------------------------------------------------------------------------

def replay(scenario: Scenario) -> dict[str, Any]:
    """Attempt every action in order and report the hand as REPLAY.md writes it."""
    state = HandState.start(scenario.deal, scenario.options)
    results: list[dict[str, Any]] = []
    for seat, action in scenario.actions:
        try:
            state = state.apply(seat, action)
        except RuleError as refusal:
            results.append({"ok": False, "reason": f"seat {int(seat)}: {refusal.message}"})
        else:
            results.append({"ok": True})
    return _report(scenario, state, results)


def _report(scenario: Scenario, state: HandState,
            results: list[dict[str, Any]]) -> dict[str, Any]:
    options = scenario.options
    contract = None
    if state.contract is not None:
        bid = state.contract.bid
        contract = {"declarer": int(state.contract.declarer)}
        contract.update({"marks": bid.marks} if bid.marks else {"points": bid.points})
        if bid.kind is not BidKind.PLAIN:
            contract[bid.kind.value] = True
    marks: tuple[int, ...] = scenario.marks
    score: tuple[int, ...] = scenario.score
    winner, outcome = None, None
    if state.result is not None:
        standing = tally(options, marks, score, state)
        marks, score, winner = standing.marks, standing.score, standing.winner
        outcome = _outcome(state, options)
    report: dict[str, Any] = {
        "results": results,
        "status": state.phase.value,
        "to_act": None if state.to_act is None else int(state.to_act),
        "contract": contract,
        "trump": None if state.trump is None else state.trump.code,
        "piles": state.piles,
        "tricks": [{"leader": int(trick.leader),
                    "plays": [{"seat": int(seat), "tile": str(tile)} for seat, tile in trick.plays],
                    "winner": int(trick.winner), "points": trick.points}
                   for trick in state.tricks],
        "points": list(state.points),
        "hands": [[str(tile) for tile in state.hand_of(seat)] for seat in SEATS],
        "outcome": outcome,
        "marks": list(marks),
    }
    if options.points_game:
        report["score"] = list(score)
    report["winner"] = None if winner is None else int(winner)
    return report


def _outcome(state: HandState, options: Options) -> dict[str, Any]:
    result = state.result
    assert result is not None
    next_dealer = int(state.deal.dealer.next)
    first: dict[str, Any] = {"redeal": True} if result.redeal else {"made": result.made}
    if options.points_game:
        return {**first, "score": list(result.score or (0, 0)), "next_dealer": next_dealer}
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
