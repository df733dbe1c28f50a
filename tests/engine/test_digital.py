"""R-ILLEGAL, R-NO-CLOCK, R-NO-CLAIM, and the text form of actions they rely on."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from engine import (
    SEATS,
    TILES,
    Action,
    Bid,
    Game,
    NameTrump,
    Pass,
    Play,
    RuleError,
    Seat,
    parse_action,
)
from engine import errors as engine_errors
from engine.actions import Discard, Leftover
from engine.errors import UnsupportedRulesVersion
from engine.game import RULES_VERSION
from tests.common import FORTY_TWO_TRUMPS

from .helpers import SIXES_DEAL, WORKED_DEAL, game_with, run_game, start, steps, t

ENGINE = Path(__file__).resolve().parents[2] / "engine"

STABLE_CODES = {
    "RuleError": "illegal",
    "NotYourTurn": "not_your_turn",
    "WrongPhase": "wrong_phase",
    "HandOver": "hand_over",
    "GameOver": "game_over",
    "IllegalBid": "illegal_bid",
    "IllegalTrump": "illegal_trump",
    "NotInHand": "not_in_hand",
    "MustFollow": "must_follow",
    "UnsupportedRulesVersion": "unsupported_rules_version",
    "IllegalPlay": "illegal_play",
    "IllegalDiscard": "illegal_discard",
}

AUCTION = "0 bid:30 1 pass 2 pass 3 pass"
PLAYING = f"{AUCTION} 0 trump:6 0 play:5-5"
OVER = f"{PLAYING} 1 play:3-5 2 play:0-5 3 play:6-6"

#: (script so far, seat, action text, expected code)
REFUSALS = [
    ("", 1, "pass", "not_your_turn"),
    ("", 3, "bid:30", "not_your_turn"),
    ("0 bid:30", 0, "bid:31", "not_your_turn"),  # a seat speaks once
    ("", 0, "play:5-5", "wrong_phase"),
    ("", 0, "trump:6", "wrong_phase"),
    (AUCTION, 0, "pass", "wrong_phase"),
    (AUCTION, 0, "bid:31", "wrong_phase"),
    (AUCTION, 0, "play:5-5", "wrong_phase"),
    (AUCTION, 1, "trump:6", "not_your_turn"),
    (PLAYING, 1, "pass", "wrong_phase"),
    (PLAYING, 1, "bid:35", "wrong_phase"),
    (PLAYING, 1, "trump:5", "wrong_phase"),
    (PLAYING, 2, "play:0-5", "not_your_turn"),
    (PLAYING, 1, "play:6-6", "not_in_hand"),
    (PLAYING, 1, "play:5-5", "not_in_hand"),  # already played
    (PLAYING, 1, "play:1-1", "must_follow"),
    ("", 0, "bid:29", "illegal_bid"),
    ("", 0, "bid:42", "illegal_bid"),
    ("", 0, "bid:3m", "illegal_bid"),
    ("0 bid:1m", 1, "bid:41", "illegal_bid"),
    ("0 bid:35", 1, "bid:35", "illegal_bid"),
    ("0 bid:1m", 1, "bid:3m", "illegal_bid"),
    (AUCTION, 0, "trump:6:1", "illegal_trump"),
    (AUCTION, 0, "trump:nello", "illegal_trump"),
    (AUCTION, 0, "trump:sevens", "illegal_trump"),
    ("0 bid:1m 1 pass 2 pass 3 pass", 0, "trump:6", "illegal_trump"),
    ("0 bid:1m 1 pass 2 pass 3 pass", 0, "trump:6:3", "illegal_trump"),
    (OVER, 0, "play:4-5", "hand_over"),
    (OVER, 1, "pass", "hand_over"),
]


# ----- R-ILLEGAL ------------------------------------------------------------------------------

@pytest.mark.parametrize(("script", "seat", "text", "code"), REFUSALS)
def test_R_ILLEGAL_refused_with_a_reason_and_nothing_changes(script: str, seat: int, text: str,
                                                              code: str) -> None:
    hand = start(WORKED_DEAL, script)
    legal = hand.legal_actions()
    hands = [hand.hand_of(s) for s in SEATS]
    with pytest.raises(RuleError) as refused:
        hand.apply(Seat(seat), parse_action(text))
    error = refused.value
    assert error.code == code
    assert type(error).code == code  # a class attribute: stable, not made up per refusal
    assert isinstance(error.message, str) and error.message.strip()
    assert str(error) == error.message
    assert isinstance(error, ValueError)
    # nothing changed: the same state as the one rebuilt from the same script
    assert hand == start(WORKED_DEAL, script)
    assert hand.legal_actions() == legal
    assert [hand.hand_of(s) for s in SEATS] == hands


def test_R_ILLEGAL_error_codes_are_stable() -> None:
    for name, code in STABLE_CODES.items():
        assert getattr(engine_errors, name).code == code
    subclasses = {cls.__name__ for cls in RuleError.__subclasses__()}
    assert subclasses <= set(STABLE_CODES), subclasses - set(STABLE_CODES)


@pytest.mark.parametrize("version", [0, RULES_VERSION + 1, 99, None])
def test_a_game_stored_under_unknown_rules_is_refused_with_its_version(version: object) -> None:
    with pytest.raises(UnsupportedRulesVersion) as refused:
        Game.replay("seed", [], rules_version=version)  # type: ignore[arg-type]
    assert refused.value.version == version and str(version) in refused.value.message
    assert isinstance(refused.value, RuleError)


def test_a_game_stored_under_the_current_rules_replays() -> None:
    assert Game.replay("seed", [], rules_version=RULES_VERSION) == Game.new("seed")


def test_R_ILLEGAL_a_refused_game_action_leaves_the_game_equal() -> None:
    game = run_game(game_with(WORKED_DEAL, marks=(3, 4)), PLAYING)
    again = run_game(game_with(WORKED_DEAL, marks=(3, 4)), PLAYING)
    for seat, text in [(1, "play:1-1"), (0, "play:4-5"), (1, "pass"), (1, "play:6-6")]:
        with pytest.raises(RuleError):
            game.apply(Seat(seat), parse_action(text))
        assert game == again


def test_R_ILLEGAL_a_refusal_says_what_to_do() -> None:
    hand = start(WORKED_DEAL, PLAYING)
    with pytest.raises(RuleError) as refused:
        hand.apply(Seat(1), Play(t("1-1")))
    assert "fives" in refused.value.message
    with pytest.raises(RuleError) as refused:
        hand.apply(Seat(2), Play(t("0-5")))
    assert "East" in refused.value.message or "1" in refused.value.message  # whose turn it is


def test_R_ILLEGAL_a_refused_play_does_not_reveal_other_hands() -> None:
    # Seat 1 names [6|6], held by seat 3: the refusal says only that seat 1 does not hold it.
    hand = start(WORKED_DEAL, PLAYING)
    with pytest.raises(RuleError) as refused:
        hand.apply(Seat(1), Play(t("6-6")))
    assert "West" not in refused.value.message and "3" not in refused.value.message


# ----- R-NO-CLOCK -----------------------------------------------------------------------------

def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path: Path) -> set[str]:
    """Top-level names of the absolute imports of one module."""
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _rules_modules() -> list[Path]:
    """The modules behind ``import engine`` and the replay of REPLAY.md, found by following
    their relative imports. Tools that time the engine from outside (benchmarks) are not rules."""
    todo = [ENGINE / "__init__.py", ENGINE / "replay.py"]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        seen.add(path)
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.level and (
                    node.level == 1 or path.parent != ENGINE):
                package = path.parents[node.level - 1]
                names = [node.module] if node.module else [a.name for a in node.names]
                for name in names:
                    target = package.joinpath(*name.split("."))
                    todo.append(target / "__init__.py" if target.is_dir()
                                else target.with_suffix(".py"))
    return sorted(seen)


def test_R_NO_CLOCK_the_rules_import_no_clock() -> None:
    modules = _rules_modules()
    assert {p.name for p in modules} >= {"machine.py", "game.py", "observation.py",
                                         "scoring.py", "trumps.py", "auction.py", "deal.py"}
    banned = {"time", "datetime", "asyncio", "threading", "sched", "secrets", "calendar"}
    for path in modules:
        assert not _imports(path) & banned, f"{path.name} imports {_imports(path) & banned}"


def test_R_NO_CLOCK_randomness_only_from_a_seeded_generator() -> None:
    for path in _rules_modules():
        for node in ast.walk(_tree(path)):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in ("random", "os")):
                assert (node.value.id, node.attr) == ("random", "Random"), (
                    f"{path.name} uses {node.value.id}.{node.attr}")


def test_R_NO_CLOCK_a_game_is_the_same_whenever_it_is_played() -> None:
    script = "pass pass pass pass"
    one = Game.new("clock")
    two = Game.new("clock")
    assert one == two
    for _ in script.split():
        seat = one.to_act
        assert seat is not None
        one = one.apply(seat, Pass())
        two = two.apply(seat, Pass())
    assert one == two


# ----- R-NO-CLAIM -----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["claim", "claim:all", "claim:7", "concede", "resign"])
def test_R_NO_CLAIM_there_is_no_claim_action(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_R_NO_CLAIM_the_only_actions_are_pass_bid_trump_play_and_the_leftover_step() -> None:
    assert set(typing.get_args(Action)) == {Pass, Bid, NameTrump, Play, Leftover, Discard}


def test_R_NO_CLAIM_the_hand_is_played_out_tile_by_tile() -> None:
    # Seat 0 holds every remaining trump after one trick, yet each trick must still be played.
    hand = start(SIXES_DEAL, "0 bid:2m 1 pass 2 pass 3 pass 0 trump:6:1")
    for n in range(28):
        assert hand.result is None
        assert all(isinstance(a, Play) for a in hand.legal_actions())
        assert hand.to_act is not None
        hand = hand.apply(hand.to_act, hand.legal_actions()[0])
        assert len(hand.tricks) == (n + 1) // 4
    assert hand.result is not None and hand.result.made


# ----- the text form of actions ---------------------------------------------------------------

def _every_action() -> list[Action]:
    actions: list[Action] = [Pass()]
    actions += [Bid(points=p) for p in range(30, 42)]
    actions += [Bid(marks=m) for m in range(1, 6)]
    actions += [NameTrump(trump, piles) for trump in FORTY_TWO_TRUMPS for piles in (None, 1, 2)]
    actions += [Play(tile) for tile in TILES]
    return actions


def test_actions_round_trip_through_their_text() -> None:
    for action in _every_action():
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "bid", "bid:", "bid:x", "bid:30:x", "trump:7", "trump:",
                                  "play:", "play:7-7", "play:66", "PASS", "Play:6-6"])
def test_actions_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_actions_play_text_takes_either_order() -> None:
    assert parse_action("play:6-4") == parse_action("play:4-6") == Play(t("4-6"))
    assert str(parse_action("play:6-4")) == "play:4-6"
    assert steps("0 play:5-3") == [(0, Play(t("3-5")))]


def test_actions_text_is_only_the_canonical_form() -> None:
    """parse_action is documented as the exact inverse of str(action): the text of an action is
    stored and travels in component ids, so one action must have one text (tiles excepted, which
    may be written either end first)."""
    lenient = ["pass:", "bid:30:", "trump:5:", "bid:+30", "bid: 30", "bid:030", "bid:1_0",
               "bid:\u0663\u0660", "trump:5:01", "bid:1m:plain"]
    accepted = {}
    for text in lenient:
        try:
            accepted[text] = str(parse_action(text))
        except ValueError:
            continue
    assert accepted == {}, f"accepted as other actions' text: {accepted}"
