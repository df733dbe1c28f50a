"""The partnership battery (``tests/players/partnership.json``, :mod:`engine.tools.partnership`):
every position replays to the seat's decision with its expected actions legal, the generator
classifies hand-built positions as a human partner would, and the players keep their shares."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine import Game, observe, parse_action
from engine.actions import Pass
from engine.deal import Deal
from engine.dominoes import Domino
from engine.hand import HandState
from engine.players import courtesy
from engine.tools.partnership import __main__ as command
from engine.tools.partnership.battery import Battery, Category, Position
from engine.tools.partnership.generate import expectations
from engine.tools.partnership.measure import judge_all, shares
from engine.tools.partnership.situation import (
    PlaySituation,
    expected_plays,
    outbids_partner,
    play_candidates,
)
from tests.common import EAST, NORTH, RULES_POLICY, SOUTH, WEST

BATTERY = Battery.load(Path(__file__).with_name("partnership.json"))
STRONG_POLICY = "engine.players.strong:decide"

#: The shares measured when the battery was generated, a little under, per category and in
#: all (``None``): a player that gets worse as a partner fails here. Both players are
#: deterministic on the battery (each position seeds its generator). The rules of thumb answer
#: the whole battery; the strong player, at about 10 s for it, a fixed sample.
RULES_FLOORS = {Category.KEEP_PARTNERS_TRICK: 0.97, Category.COUNT_TO_PARTNER: 0.95,
                Category.CHEAPEST_WINNER: 0.80, Category.LEAD_BACK: 0.97,
                Category.NO_OUTBID_PARTNER: 0.97, None: 0.94}
STRONG_SAMPLE = 40
STRONG_SAMPLE_FLOOR = 0.95


def tiles(text: str) -> list[Domino]:
    return [Domino.parse(t) for t in text.split()]


def tile_set(text: str) -> frozenset[int]:
    return frozenset(int(t) for t in tiles(text))


def hand_built(dealer: int, hands: list[str], calls: list[str], plays: str = "") -> Game:
    """A game of the deal ``hands`` (North first) after ``calls`` and then ``plays``."""
    deal = Deal.of(dealer, [tiles(h) for h in hands])
    game = replace(Game.new("hand-built"), hand=HandState.start(deal))
    for text in [*calls, *(f"play:{t}" for t in plays.split())]:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, parse_action(text))
    return game


def situation(game: Game) -> PlaySituation:
    seat = game.to_act
    assert seat is not None
    found = PlaySituation.of(observe(game, seat))
    assert found is not None
    return found


# ----- (a) the battery replays ---------------------------------------------------------------

def test_the_battery_covers_every_category_and_names_each_position_once() -> None:
    assert 300 <= len(BATTERY.positions) <= 500
    for category in Category:
        assert BATTERY.of(category), category
    assert len({p.key for p in BATTERY.positions}) == len(BATTERY.positions)


def test_every_position_replays_to_the_seat_with_its_expected_actions_legal() -> None:
    for position in BATTERY.positions:
        assert all(str(parse_action(text)) == text for text in position.actions), position.key
        game = position.replay()
        assert game.to_act == position.seat, position.key
        legal = {str(a) for a in game.legal_actions()}
        assert position.expected and set(position.expected) <= legal, position.key
        assert legal - set(position.expected), f"{position.key}: every legal action is right"


def test_a_position_that_does_not_replay_is_refused() -> None:
    position = BATTERY.positions[0]
    with pytest.raises(ValueError, match="is not to act"):
        replace(position, seat=(position.seat + 1) % 4).replay()  # type: ignore[arg-type]


def test_the_file_is_what_the_battery_writes() -> None:
    path = Path(__file__).with_name("partnership.json")
    assert Battery.loads(BATTERY.dumps()) == BATTERY
    assert path.read_text(encoding="utf-8") == BATTERY.dumps()


def test_the_generator_gives_the_stored_expectations_again() -> None:
    for category in Category:
        for position in BATTERY.of(category)[:3]:
            game = position.replay()
            found = expectations(game, observe(game, position.seat), [category])
            assert found == {category: frozenset(position.expected)}, position.key


# ----- (b) the classification on hand-built positions ------------------------------------------

#: West deals; North bids 30, names sixes and leads.
NORTH_DECLARES = ["bid:30", "pass", "pass", "pass", "trump:6"]
SIXES_TOPPED = ["6-6 5-6 5-5 4-4 3-3 2-2 1-1", "0-6 0-5 0-4 0-3 0-2 0-1 0-0",
                "4-6 2-6 4-5 3-5 3-4 1-4 2-3", "1-2 1-3 1-5 1-6 2-4 2-5 3-6"]


def test_a_partner_leading_the_top_trump_is_certain_to_win() -> None:
    found = situation(hand_built(WEST, SIXES_TOPPED, NORTH_DECLARES, "6-6 0-6"))
    assert found.facts.seat == SOUTH and courtesy.partner_certain(found.facts)
    about = play_candidates(found)
    assert about[Category.KEEP_PARTNERS_TRICK] == tile_set("4-6 2-6")
    assert about[Category.COUNT_TO_PARTNER] == tile_set("4-6")
    everything = frozenset(found.legal)
    assert expected_plays(Category.COUNT_TO_PARTNER, found, tile_set("4-6"),
                          everything) == tile_set("4-6")
    # Neither of South's trumps can take the trick: nothing to test there.
    assert expected_plays(Category.KEEP_PARTNERS_TRICK, found, tile_set("4-6 2-6"),
                          everything) is None
    # The counter costs the contract on the real deal (say): no position.
    assert expected_plays(Category.COUNT_TO_PARTNER, found, tile_set("4-6"),
                          tile_set("2-6")) is None


def test_a_partner_merely_winning_with_an_opponent_still_to_play_is_not_certain() -> None:
    hands = ["3-6 5-6 5-5 4-4 3-3 2-2 1-1", SIXES_TOPPED[1], SIXES_TOPPED[2],
             "1-2 1-3 1-5 1-6 2-4 2-5 6-6"]
    found = situation(hand_built(WEST, hands, NORTH_DECLARES, "5-6 0-6"))
    assert found.facts.seat == SOUTH and courtesy.partner_winning(found.facts)
    assert not courtesy.partner_certain(found.facts)  # West may hold the [6|6], for all South knows
    assert play_candidates(found) == {}


#: South deals; West bids 30, names sixes and leads [4|4]; South plays last, void in fours.
WEST_DECLARES = ["bid:30", "pass", "pass", "pass", "trump:6"]
SOUTH_LAST = ["0-4 1-4 0-0 0-1 0-2 0-3 0-5", "2-4 3-4 4-5 2-6 1-3 1-5 2-3",
              "1-6 1-2 4-6 3-6 0-6 2-5 3-5", "6-6 5-6 4-4 5-5 3-3 2-2 1-1"]


def test_the_cheapest_winner_is_the_lowest_trump_and_those_no_unseen_tile_separates() -> None:
    found = situation(hand_built(SOUTH, SOUTH_LAST, WEST_DECLARES, "4-4 0-4 2-4"))
    facts = found.facts
    assert facts.seat == SOUTH and courtesy.last_to_play(facts)
    assert not courtesy.partner_winning(facts)
    winners = play_candidates(found)[Category.CHEAPEST_WINNER]
    assert winners == tile_set("0-6 1-6 3-6 4-6")
    assert courtesy.cheapest_winner(facts, sorted(winners)) == int(Domino.parse("0-6"))
    # [6|1] is worth the [6|0]; the [6|2] unseen splits off the [6|3]; the [6|4] is count.
    assert expected_plays(Category.CHEAPEST_WINNER, found, winners,
                          frozenset(found.legal)) == tile_set("0-6 1-6")
    # If the cheapest winner cost the contract, the position is not kept.
    assert expected_plays(Category.CHEAPEST_WINNER, found, winners, tile_set("4-6")) is None


#: North declares sixes; South holds the [1|1], East none of the ones but the [5|1].
SOUTH_TAKES_A_ONE = ["6-6 5-6 5-5 4-4 3-3 0-1 2-2", "0-6 0-5 0-4 0-3 0-2 0-0 1-5",
                     "4-6 2-6 4-5 3-5 3-4 1-1 2-3", "1-2 1-3 1-4 1-6 2-4 2-5 3-6"]


def test_on_lead_with_the_partner_declaring_a_trump_goes_back() -> None:
    found = situation(hand_built(WEST, SOUTH_TAKES_A_ONE, NORTH_DECLARES, "0-1 1-5 1-1 1-2"))
    assert found.facts.seat == SOUTH and found.partner_declared
    assert play_candidates(found) == {Category.LEAD_BACK: tile_set("4-6 2-6")}
    declarer = situation(hand_built(WEST, SOUTH_TAKES_A_ONE, NORTH_DECLARES, "5-5 0-5 4-5 2-5"))
    assert declarer.facts.seat == NORTH and not declarer.partner_declared
    assert play_candidates(declarer) == {}


def test_only_the_partners_high_bid_asks_for_a_pass() -> None:
    game = hand_built(SOUTH, SOUTH_LAST, ["bid:30"])  # West holds the bid
    assert game.to_act == NORTH and not outbids_partner(observe(game, NORTH))
    game = game.apply(NORTH, Pass())
    assert game.to_act == EAST and outbids_partner(observe(game, EAST))
    game = game.apply(EAST, Pass())
    assert game.to_act == SOUTH and not outbids_partner(observe(game, SOUTH))
    game = hand_built(SOUTH, SOUTH_LAST, ["pass", "bid:30", "pass"])  # North holds it
    assert game.to_act == SOUTH and outbids_partner(observe(game, SOUTH))


# ----- (c) the players' shares ----------------------------------------------------------------

def share_of(policy: str, positions: list[Position]) -> dict[Category | None, float]:
    """The policy's share right per category, and in all (``None``)."""
    found = shares(judge_all(policy, positions))
    by_name: dict[Category | None, float] = {
        Category(s.name): s.share for s in found if s.name != "total"}
    by_name[None] = found[-1].share
    return by_name


def test_the_rules_of_thumb_keep_their_share_of_the_battery() -> None:
    found = share_of(RULES_POLICY, list(BATTERY.positions))
    assert {c: found[c] >= floor for c, floor in RULES_FLOORS.items()} == dict.fromkeys(
        RULES_FLOORS, True), found


def test_the_strong_player_keeps_its_share_of_a_fixed_sample() -> None:
    """The strong player plays as a partner expects; the classic one, the same search without
    the partner's tie-breaks, does not."""
    step = len(BATTERY.positions) // STRONG_SAMPLE
    sample = list(BATTERY.positions[::step][:STRONG_SAMPLE])
    assert {p.category for p in sample} == set(Category)
    assert share_of(STRONG_POLICY, sample)[None] >= STRONG_SAMPLE_FLOOR
    assert share_of("engine.players.strong_classic:decide", sample)[None] < STRONG_SAMPLE_FLOOR


def test_a_random_player_falls_short_of_the_floors() -> None:
    found = share_of("engine.players.random_legal:decide", list(BATTERY.positions))
    assert found[None] < RULES_FLOORS[None]
    assert found[Category.NO_OUTBID_PARTNER] < RULES_FLOORS[Category.NO_OUTBID_PARTNER]


def test_measure_prints_a_share_per_category_and_the_decision_times() -> None:
    out = io.StringIO()
    assert command.main(["measure", "--policy", RULES_POLICY, "--category", "lead_back",
                         "--wrong"], out=out) == 0
    text = out.getvalue()
    assert re.search(r"^lead_back +\d+ +\d+ +[\d.]+%$", text, re.M)
    assert re.search(r"^total +\d+ +\d+ +[\d.]+%$", text, re.M)
    assert "decision time (CPU ms): median" in text
