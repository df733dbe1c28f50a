"""Finished hands exported in REPLAY.md's format (:mod:`engine.export`) replay to the results
the game stored, in every variant and with the house rules of 42; a hand in progress is never
exported; and the reader reads back exactly what was written."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from engine import (
    DEFAULT_OPTIONS,
    SEATS,
    VARIANTS,
    Deal,
    Game,
    HandState,
    NelloDoubles,
    Options,
    Phase,
    observe,
    review,
)
from engine.actions import Discard, Play
from engine.disclose import disclosed_hand
from engine.export import (
    export_game,
    export_hand,
    export_jsonl,
    hand_scenario,
    public_game,
    public_hand,
)
from engine.players import rules
from engine.replay import parse_scenario, run_one
from engine.tools.replay import Refused
from tests.engine.helpers import game_with
from tools import hermetic

HOUSE_RULES = (
    Options(nello=True, nello_doubles=NelloDoubles.LOW, splash=True, splash_marks=2,
            plunge=True, sevens=True),
    Options(nello=True, nello_doubles=NelloDoubles.OWN_SUIT, nello_dealer_only=True,
            forced_bid=True),
    Options(splash=True, plunge=True, sevens=True, forced_bid=True),
    Options(points_game=True, forced_bid=True),
)
TABLES = [*((name, DEFAULT_OPTIONS) for name in VARIANTS), *(("42", o) for o in HOUSE_RULES)]
TABLE_IDS = [f"{name}-{'+'.join(options.names) or 'plain'}" for name, options in TABLES]
SEEDS = (1, 2, 3, 4, 5)

RANDOM_SHARE = 0.3
"""How many decisions after the auction are a uniformly random legal action; the others are the
rules player's, so that whole games end (random contracts are set, and a set costs points in
moon and 140)."""
RANDOM_CALLS = 0.2
"""The same share for the calls of the auction, except in 140 (none): its random contracts, set
at 140 a mark, keep every team far below 500."""


@dataclass(frozen=True, slots=True)
class Played:
    game: Game
    totals: tuple[tuple[int, ...], ...]
    """The game's totals before its first hand and after each finished hand, as it stood."""


def play(game: Game, rng: random.Random, done: Callable[[Game], bool]) -> Played:
    """Play ``game`` until ``done``, some decisions at random (:data:`RANDOM_SHARE`), and keep
    its totals after each hand."""
    totals = [game.standing.totals]
    calls = 0.0 if game.variant.name == "140" else RANDOM_CALLS
    while not done(game):
        legal = game.legal_actions()
        chance = calls if game.hand.phase is Phase.AUCTION else RANDOM_SHARE
        seat = game.to_act
        assert seat is not None
        action = (rng.choice(legal) if rng.random() < chance
                  else rules.decide(observe(game, seat), rng))
        game = game.apply(seat, action)
        if len(game.finished) == len(totals):
            totals.append(game.standing.totals)
    return Played(game, tuple(totals))


@cache
def played(name: str, options: Options, seed: int) -> Played:
    """A whole game (or 300 hands, which :func:`check` refuses as not a whole game)."""
    game = Game.new(f"export {name} {seed}", options, variant=VARIANTS[name])
    return play(game, random.Random(seed), lambda g: g.is_over or len(g.finished) > 300)


def whole_games() -> list[Played]:
    return [played(name, options, seed) for name, options in TABLES for seed in SEEDS]


def tricks_of(report: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(t["leader"], [(p["seat"], p["tile"]) for p in t["plays"]], t["winner"], t["points"],
             t["plays"][0].get("suit") == "low") for t in report["tricks"]]


def stored_tricks(hand: HandState) -> list[tuple[Any, ...]]:
    return [(t.leader, [(seat, str(tile)) for seat, tile in t.plays], t.winner, t.points, t.low)
            for t in hand.tricks]


def check(run: Played, scenarios: list[dict[str, Any]], reports: list[dict[str, Any]]) -> None:
    """Every exported hand, replayed, ends as the game stored it: every action accepted, the
    same tricks, points, outcome (made or set, what each side got), totals and winner."""
    game = run.game
    assert game.is_over, "a whole game"
    key = "score" if game.goal.in_points else "marks"
    seating = game.variant.seating
    dealers = [*(hand.deal.dealer for hand in game.finished[1:]),
               seating.next_of[game.finished[-1].deal.dealer]]
    assert len(scenarios) == len(reports) == len(game.finished)
    for number, hand in enumerate(game.finished, 1):
        scenario, report, result = scenarios[number - 1], reports[number - 1], hand.result
        assert result is not None
        assert scenario[key] == list(run.totals[number - 1]), f"hand {number}"
        assert all(r["ok"] for r in report["results"]), f"hand {number}: {report['results']}"
        assert len(report["results"]) == len(hand.actions) and report["status"] == "over"
        assert tricks_of(report) == stored_tricks(hand) and report["points"] == list(hand.points)
        gained = result.marks if result.score is None else result.score
        first = {"redeal": True} if result.redeal else {"made": result.made}
        assert report["outcome"] == {**first, key: list(gained),
                                     "next_dealer": dealers[number - 1]}, f"hand {number}"
        assert report[key] == list(run.totals[number]), f"hand {number}"
        assert report["winner"] == (game.winner if number == len(game.finished) else None)


@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_every_exported_hand_replays_to_the_result_the_game_stored(
        name: str, options: Options) -> None:
    for seed in SEEDS:
        run = played(name, options, seed)
        scenarios = export_game(run.game)
        check(run, scenarios, [run_one(json.dumps(scenario)) for scenario in scenarios])


@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_the_reader_reads_back_exactly_what_was_exported(name: str, options: Options) -> None:
    """The export is the inverse of :func:`parse_scenario`: the hand it reads, written again,
    is the same document, options and totals included."""
    for seed in SEEDS:
        game = played(name, options, seed).game
        in_points = game.goal.in_points
        for number, scenario in enumerate(export_game(game), 1):
            read = parse_scenario(json.dumps(scenario))
            hand = HandState.start(read.deal, read.options)
            for seat, action in read.actions:
                assert not isinstance(action, Refused)
                hand = hand.apply(seat, action)
            assert read.options == options
            assert hand_scenario(hand, read.score if in_points else read.marks) == scenario
            assert export_hand(game, number) == scenario


def test_the_command_replays_whole_games_from_their_jsonl() -> None:
    runs = whole_games()
    done = subprocess.run([sys.executable, "-m", "engine.replay", "--jsonl"],
                          input="".join(export_jsonl(run.game) for run in runs), text=True,
                          capture_output=True, check=True, env=hermetic.environment())
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(reports) == sum(len(run.game.finished) for run in runs)
    for run in runs:
        count = len(run.game.finished)
        check(run, export_game(run.game), reports[:count])
        reports = reports[count:]


def test_the_games_hold_every_kind_of_action_and_contract() -> None:
    """So that the tests above replay each of them at least once."""
    seen: set[str] = set()
    for run in whole_games():
        for scenario in export_game(run.game):
            for item in scenario["actions"]:
                seen.add(item["action"])
                seen.update(key for key in ("splash", "plunge", "moon", "over_moon", "water",
                                            "suit", "tiles") if key in item)
                seen.add(item.get("trump", "a suit"))
    assert seen >= {"pass", "bid", "trump", "play", "leftover", "discard", "splash", "plunge",
                    "moon", "over_moon", "water", "suit", "tiles", "nello", "sevens", "none",
                    "doubles"}


def test_a_game_in_progress_exports_only_its_finished_hands() -> None:
    game = play(Game.new("in progress"), random.Random(5),
                lambda g: len(g.finished) >= 2 and bool(g.hand.tricks)).game
    assert len(game.finished) == 2 and game.hand.result is None
    scenarios = export_game(game)
    current = [[str(t) for t in hand] for hand in game.hand.deal.hands]
    assert current not in [s["hands"] for s in scenarios]
    assert [s["hands"] for s in scenarios] == [[[str(t) for t in hand] for hand in h.deal.hands]
                                               for h in game.finished]
    assert [export_hand(game, 1), export_hand(game, 2)] == scenarios
    assert export_jsonl(game).count("\n") == 2
    for number in (0, 3, 4):
        with pytest.raises(ValueError, match=f"hand {number} is not a finished hand"):
            export_hand(game, number)
    with pytest.raises(ValueError, match="in progress"):
        hand_scenario(game.hand)
    assert export_game(Game.new("fresh")) == [] and export_jsonl(Game.new("fresh")) == ""


def test_a_game_set_up_at_other_totals_exports_them_as_they_stood() -> None:
    game = game_with(Deal.shuffled(SEATS[2], random.Random(3)), marks=(5, 6))
    run = play(game, random.Random(3), lambda g: g.is_over)
    scenarios = export_game(run.game)
    assert scenarios[0]["marks"] == [5, 6]
    check(run, scenarios, [run_one(json.dumps(scenario)) for scenario in scenarios])


# ----- what players download: the tiles never shown dealt again ---------------------------------

@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_every_public_hand_replays_to_the_result_the_game_stored(
        name: str, options: Options) -> None:
    for seed in SEEDS:
        run = played(name, options, seed)
        scenarios = public_game(run.game)
        check(run, scenarios, [run_one(json.dumps(scenario)) for scenario in scenarios])
        assert [public_hand(run.game, n) for n in range(1, len(scenarios) + 1)] == scenarios


@pytest.mark.parametrize(("name", "options"), TABLES, ids=TABLE_IDS)
def test_a_public_hand_depends_only_on_what_the_review_shows(
        name: str, options: Options) -> None:
    """Adversarially: the public hand has the same review as the real one, differs from the
    real deal where the review hides tiles, and is the same whichever deal consistent with the
    review the players really held: drawn from another such deal (itself, taken as real), the
    public hand is the same document."""
    hiding = differs = 0
    for seed in SEEDS:
        for hand in played(name, options, seed).game.finished:
            public = disclosed_hand(hand)
            assert review(public) == review(hand)
            hiding += shown_count(hand) < sum(map(len, (*hand.deal.hands, hand.deal.leftover)))
            differs += dealt(public) != dealt(hand)
            assert hand_scenario(disclosed_hand(public)) == hand_scenario(public)
    assert differs > hiding / 2 if hiding else differs == 0


def shown_count(hand: HandState) -> int:
    return sum(1 if isinstance(c.action, Play) else len(c.action.tiles)
               for c in review(hand) if isinstance(c.action, Play | Discard))


def dealt(hand: HandState) -> list[list[str]]:
    """Who held which tiles, whatever their order."""
    return [sorted(map(str, tiles)) for tiles in (*hand.deal.hands, hand.deal.leftover)]
