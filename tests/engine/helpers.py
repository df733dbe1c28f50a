"""Shared helpers for the engine tests: writing tiles, deals and scripts, and reading what an
observation holds. Tiles are written as in REPLAY.md (``"6-4"``); scripts as pairs
``"<seat> <action text>"`` separated by whitespace, e.g. ``"0 bid:30  1 pass  0 play:5-5"``."""

from __future__ import annotations

import dataclasses
from enum import Enum

from engine import (
    DEFAULT_OPTIONS,
    SEATS,
    Action,
    Bid,
    Deal,
    Domino,
    Game,
    HandState,
    NameTrump,
    Observation,
    Pass,
    Play,
    RuleError,
    Trump,
    parse_action,
)
from engine.hand.leftover import shown_discards
from engine.variants import Variant

from . import reference as ref


def t(text: str) -> Domino:
    return Domino.parse(text)


def tiles(text: str) -> tuple[Domino, ...]:
    return tuple(Domino.parse(word) for word in text.split())


def make_deal(dealer: int, *hands: str) -> Deal:
    """A deal from four hands written out, each in dealt order."""
    return Deal.of(dealer, [tiles(hand) for hand in hands])


def steps(script: str) -> list[tuple[int, Action]]:
    words = script.split()
    assert len(words) % 2 == 0, f"a script is pairs of seat and action: {script!r}"
    return [(int(words[i]), parse_action(words[i + 1])) for i in range(0, len(words), 2)]


def run(state: HandState, script: str) -> HandState:
    """Apply every step of ``script``; any refusal fails the test at the step that caused it."""
    for seat, action in steps(script):
        try:
            state = state.apply(SEATS[seat], action)
        except RuleError as error:  # pragma: no cover - a failing script is a test failure
            raise AssertionError(f"step {seat} {action} was refused: {error.message}") from error
    return state


def run_game(game: Game, script: str) -> Game:
    for seat, action in steps(script):
        try:
            game = game.apply(SEATS[seat], action)
        except RuleError as error:  # pragma: no cover
            raise AssertionError(f"step {seat} {action} was refused: {error.message}") from error
    return game


def start(deal: Deal, script: str = "") -> HandState:
    return run(HandState.start(deal), script)


def game_with(deal: Deal, marks: tuple[int, int] = (0, 0), seed: str = "tests") -> Game:
    """A game whose current hand is ``deal``; later hands come from ``seed``."""
    return Game(seed=seed, options=DEFAULT_OPTIONS, hand=HandState.start(deal), marks=marks)


def texts(dominoes: tuple[Domino, ...] | list[Domino]) -> list[str]:
    return [str(d) for d in dominoes]


# ----- scripted deals -------------------------------------------------------------------------

#: The worked example of RULES.md. Dealer 3, so A = seat 0 speaks first; B = 1, C = 2, D = 3.
#: A holds [5|5]; B holds [3|5]; C holds [0|5]; D holds [6|6] and [5|6] but no other five.
WORKED_DEAL = make_deal(
    3,
    "5-5 4-5 0-0 0-1 0-2 0-3 0-4",
    "3-5 1-5 1-1 1-2 1-3 1-4 1-6",
    "0-5 2-5 2-2 2-3 2-4 2-6 3-3",
    "6-6 5-6 3-4 3-6 4-4 4-6 0-6",
)

#: Seat 0 holds all seven sixes; dealer 3, so seat 0 speaks first. Counts: [4|6] with seat 0,
#: [5|5] and [2|3] with seat 1, [0|5] and [1|4] with seat 2, none with seat 3.
SIXES_DEAL = make_deal(
    3,
    "6-6 5-6 4-6 3-6 2-6 1-6 0-6",
    "5-5 2-3 0-0 0-1 0-2 0-3 0-4",
    "0-5 1-1 1-2 1-3 1-4 1-5 2-2",
    "2-4 2-5 3-3 3-4 3-5 4-4 4-5",
)

#: The tricks of SIXES_DEAL when seat 0 declares sixes and leads its sixes, highest first; the
#: others let their count tiles fall early. Hand points of team 0 after each: POINTS_AFTER.
POINTS_TRICKS = [
    "0 play:6-6 1 play:5-5 2 play:0-5 3 play:2-4",  # 1 + 10 + 5 = 16
    "0 play:4-6 1 play:2-3 2 play:1-4 3 play:2-5",  # 1 + 10 + 5 + 5 = 21, 37 in all
    "0 play:5-6 1 play:0-0 2 play:1-1 3 play:3-3",  # 38
    "0 play:3-6 1 play:0-1 2 play:1-2 3 play:3-4",  # 39
    "0 play:2-6 1 play:0-2 2 play:1-3 3 play:3-5",  # 40
    "0 play:1-6 1 play:0-3 2 play:1-5 3 play:4-4",  # 41
    "0 play:0-6 1 play:0-4 2 play:2-2 3 play:4-5",  # 42
]
POINTS_AFTER = [16, 37, 38, 39, 40, 41, 42]

#: The first tricks of SIXES_DEAL when seat 1 declares sixes: seat 0, a defender, holds every six.
DEFENCE_TRICKS = [
    "1 play:0-0 2 play:0-5 3 play:3-3 0 play:6-6",  # seat 0 trumps: 1 + 5 = 6 for team 0
    "0 play:5-6 1 play:2-3 2 play:1-1 3 play:3-4",  # 1 + 5: 12 for team 0
    "0 play:3-6 1 play:0-1 2 play:1-2 3 play:4-4",  # 13 for team 0
]


# ----- bridges to the reference model -----------------------------------------------------------

def ref_tile(domino: Domino) -> ref.Tile:
    low, high = (int(x) for x in str(domino).split("-"))
    return ref.tile(low, high)


def ref_trump(trump: Trump) -> ref.TrumpName:
    return int(trump) if trump <= 6 else trump.code


def ref_action(action: Action) -> ref.Call:
    if isinstance(action, Pass):
        return ("pass",)
    if isinstance(action, Bid):
        if action.kind.value != "plain" or (action.points and action.marks):
            return ("special", str(action))
        if action.marks:
            return ("marks", action.marks)
        return ("points", action.points)
    if isinstance(action, NameTrump):
        return ("trump", ref_trump(action.trump), action.piles)
    assert isinstance(action, Play)
    return ("play", ref_tile(action.tile))


def trump_of(name: ref.TrumpName) -> Trump:
    if isinstance(name, int):
        return Trump(name)
    return {"doubles": Trump.DOUBLES, "none": Trump.NONE}[name]


def single_trick(trump: ref.TrumpName, plays: str, bid: str = "bid:30") -> HandState:
    """The state after one trick in which seats 0, 1, 2, 3 play ``plays`` in turn.

    Seat 0 (dealer 3) wins the auction with ``bid`` and names ``trump``. The other tiles are dealt
    so that a follower whose scripted tile does not follow holds nothing that would: every other
    tile of the led suit goes to the leader, who may lead anything (R-LEAD).
    """
    played = [ref_tile(d) for d in tiles(plays)]
    assert len(played) == 4 and len(set(played)) == 4
    suit = ref.led_suit(played[0], trump)
    rest = [x for x in ref.ALL_TILES if x not in played]
    followers = [x for x in rest if ref.follows(x, suit, trump)]
    others = [x for x in rest if x not in followers]
    hands = [[played[i]] for i in range(4)]
    hands[0].extend(followers)
    for seat in range(4):
        while len(hands[seat]) < 7:
            hands[seat].append(others.pop(0))
    deal = Deal.of(3, [[Domino.of(*x) for x in hand] for hand in hands])
    piles = ":1" if bid.endswith("m") else ""
    script = f"0 {bid} 1 pass 2 pass 3 pass 0 trump:{trump}{piles}"
    script += "".join(f" {seat} play:{word}" for seat, word in enumerate(plays.split()))
    return start(deal, script)


# ----- what an observation holds -----------------------------------------------------------------

def split_by_hand(game: Game, observation: Observation) -> tuple[Observation, list[Domino]]:
    """The observation without what it says of the hand finished just before (the last action,
    when that action ended the hand and the game goes on, and that hand's last trick, still on
    the table until the next hand's first call: R-SEE-TABLE), and the tiles of that part: what
    a seat sees of the hand in play is audited against that hand, the rest against the
    finished one, whose tiles are dealt again in the hand now in play."""
    if not game.ended_hand or game.is_over:
        return observation, []
    before = [observation.last_action, observation.completed_trick]
    return dataclasses.replace(observation, last_action=None, completed_trick=None), (
        dominoes_in(before))


def finished_public(game: Game) -> set[Domino]:
    """What everyone may see of the hand finished last: its played tiles (R-REVIEW) and the
    discards laid face up (V-72-WIDOW)."""
    hand = game.previous
    if hand is None:
        return set()
    variant = hand.variant
    played = {tile for trick in hand.tricks for tile in trick.tiles}
    return played | {x for s in variant.seating.seats
                     for x in shown_discards(variant, hand.setup, s)}


def dominoes_in(value: object) -> list[Domino]:
    """Every tile anywhere inside ``value``: dataclasses, tuples (named or not), lists, dicts.

    An unknown kind of value fails loudly, so a new field cannot hide a tile from the walk.
    """
    found: list[Domino] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = _KINDS.get(type(item)) or _kind_of(type(item))
        if kind == "domino":
            found.append(item)  # type: ignore[arg-type]
        elif kind == "sequence":
            stack.extend(item)  # type: ignore[call-overload]
        elif kind == "mapping":
            stack.extend(item.keys())  # type: ignore[attr-defined]
            stack.extend(item.values())  # type: ignore[attr-defined]
        elif kind != "scalar":
            stack.extend(getattr(item, name) for name in _FIELDS[type(item)])
    return found


_KINDS: dict[type, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _kind_of(cls: type) -> str:
    if issubclass(cls, Domino):
        kind = "domino"
    elif cls is type(None) or issubclass(cls, str | bytes | bool | int | float | Enum):
        kind = "scalar"
    elif cls is Variant:
        kind = "scalar"  # the rules of the game name tiles (its set, counters), but hold none
    elif dataclasses.is_dataclass(cls):
        kind = "dataclass"
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    elif issubclass(cls, tuple | list | set | frozenset):
        kind = "sequence"
    elif issubclass(cls, dict):
        kind = "mapping"
    else:
        raise TypeError(f"don't know how to look inside {cls.__name__}")
    _KINDS[cls] = kind
    return kind
