"""The computer players in every variant (VARIANTS.md): legal play through whole games, the
rules of thumb's counters and discards, and the strong player's time per decision."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

import pytest

from engine import Game, HandState, Phase, observe
from engine.actions import Discard, Leftover, Play
from engine.players import Policy, random_legal, rules, strong
from engine.players.knowledge import play_facts, trick_winner
from engine.variants import (
    BIG_GAME,
    FORTY_TWO,
    ONE_FORTY,
    SEVENTY_TWO,
    VARIANTS,
    Variant,
)
from tests.engine.variant_helpers import act, deal_of

OTHERS = [v for v in VARIANTS.values() if v is not FORTY_TWO]


def play_out(variant: Variant, policy: Policy, seed: int, most: int = 4000) -> tuple[Game, int]:
    """A game of ``policy`` in every seat; each decision must be legal."""
    rng = random.Random(seed)
    game = Game.new(f"players {seed}", variant=variant)
    decisions = 0
    while not game.is_over and decisions < most:
        seat = game.to_act
        assert seat is not None
        action = policy(observe(game, seat), rng)
        assert action in game.legal_actions(), (variant.name, str(action))
        game = game.apply(seat, action)
        decisions += 1
    return game, decisions


@pytest.mark.parametrize("variant", OTHERS, ids=lambda v: v.name)
@pytest.mark.parametrize("policy", [random_legal.decide, rules.decide],
                         ids=["random_legal", "rules"])
def test_random_legal_and_rules_play_every_variant_legally(variant: Variant,
                                                           policy: Policy) -> None:
    for seed in range(4):
        play_out(variant, policy, seed, most=1500)


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=lambda v: v.name)
def test_rules_order_plays_by_what_the_tiles_are_never_by_where_they_sit(variant: Variant) -> None:
    """Tiles of equal merit are ordered by what they are worth (``rules.worth``): the same
    position with the hand and its legal plays in reverse order ranks the same plays alike."""
    rng = random.Random(variant.name)
    game = Game.new("worth", variant=variant)
    ranked = 0
    while not game.is_over and ranked < 120:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        if sum(isinstance(a, Play) for a in observation.legal) > 1:
            mirrored = replace(observation, hand=observation.hand[::-1],
                               legal=observation.legal[::-1])
            assert rules.rank_plays(mirrored) == rules.rank_plays(observation)
            ranked += 1
        game = game.apply(seat, rules.decide(observation, rng))
    assert ranked >= 60


@pytest.mark.parametrize("variant", OTHERS, ids=lambda v: v.name)
def test_strong_plays_every_variant_legally_within_its_time(variant: Variant) -> None:
    """Median ≤ 100 ms, p95 ≤ 500 ms, max ≤ 2 s per decision (with room for a shared core)."""
    rng = random.Random(variant.name)
    game = Game.new("strong", variant=variant)
    spent = []
    while not game.is_over and len(spent) < 250:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        started = time.process_time()
        action = strong.decide(observation, rng)
        spent.append(time.process_time() - started)
        assert action in game.legal_actions()
        game = game.apply(seat, action)
    spent.sort()
    assert statistics.median(spent) <= 0.1
    assert spent[int(len(spent) * 0.95)] <= 0.5 and spent[-1] <= 2.0


def test_rules_never_discard_a_counter_when_another_tile_will_do() -> None:
    deal = deal_of(ONE_FORTY, 5, {0: "0-5 1-4 2-3 1-9 2-8 3-7 4-6 5-5 0-1"}, leftover="6-9")
    state = act(HandState.start(deal), ONE_FORTY, "0 bid:100 1 pass 2 pass 3 pass 4 pass 5 pass")
    game = Game("s", state.options, state, marks=(0, 0, 0), score=(0, 0, 0))
    choice = rules.decide(observe(game, game.hand.to_act), random.Random(1))  # type: ignore[arg-type]
    assert isinstance(choice, Discard) and [str(t) for t in choice.tiles] == ["0-1"]


def test_rules_in_72_lay_down_tiles_that_are_neither_trumps_nor_counters() -> None:
    deal = deal_of(SEVENTY_TWO, 3, {0: "6-6 5-6 4-6 3-6 2-6 1-6 5-5 1-4 2-3 1-1"},
                   leftover="4-6 1-2")
    state = act(HandState.start(deal), SEVENTY_TWO, "0 bid:40 1 pass 2 pass 3 pass 0 trump:6")
    game = Game("s", state.options, state)
    choice = rules.decide(observe(game, game.hand.to_act), random.Random(1))  # type: ignore[arg-type]
    assert isinstance(choice, Discard) and not any(SEVENTY_TWO.count[t] for t in choice.tiles)


def test_rules_take_a_big_game_leftover_that_strengthens_the_hand() -> None:
    deal = deal_of(BIG_GAME, 3, {0: "8-8 7-8 6-8 5-8 4-8 0-8 1-8 0-1 0-2 1-2 0-3"},
                   leftover="3-8")
    state = act(HandState.start(deal), BIG_GAME, "0 bid:42 1 pass 2 pass 3 pass")
    assert state.phase is Phase.LEFTOVER
    game = Game("s", state.options, state)
    choice = rules.decide(observe(game, game.hand.to_act), random.Random(1))  # type: ignore[arg-type]
    assert choice == Leftover(True)


def test_rules_give_a_variants_counter_to_a_winning_partner() -> None:
    """In the Big Game [3|7] and [2|8] are worth ten: a seat whose partner is winning the trick
    gives it the most count it can without taking the trick over."""
    rng = random.Random(3)
    checked = 0
    for seed in range(200):
        game, _ = play_out(BIG_GAME, rules.decide, seed, most=30 + seed % 40)
        hand = game.hand
        seat = hand.to_act
        if hand.phase is not Phase.PLAY or len(hand.trick) < 2 or seat is None:
            continue
        facts = play_facts(observe(game, seat))
        assert facts is not None
        winner, best = trick_winner(facts.model, facts.trick, BIG_GAME, facts.led_suit)
        if not facts.together(winner, seat):
            continue
        power = BIG_GAME.tables.power[facts.model][facts.led_suit]
        under = [a.tile for a in game.legal_actions()
                 if isinstance(a, Play) and power[a.tile] <= best]
        choice = rules.decide(observe(game, seat), rng)
        assert isinstance(choice, Play)
        if under:
            assert BIG_GAME.count[choice.tile] == max(BIG_GAME.count[t] for t in under)
            checked += 1
    assert checked >= 5
