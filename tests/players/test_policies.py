"""Every shipped policy acts legally and decides from its seat's observation alone (R-SEE-*)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from engine import Game, Observation, Options, Phase, observe
from engine.actions import Action, Bid, NameTrump, Pass
from engine.players import (
    Policy,
    can_hurry,
    load_policy,
    random_legal,
    rules,
    strong,
    strong_classic,
)
from engine.players.playouts import decide_play
from engine.seats import FOUR_SEATS
from engine.variants import FORTY_TWO, VARIANTS, Variant

from .conftest import decision_points, twin

POLICIES: dict[str, Policy] = {
    "random_legal": random_legal.decide,
    "rules": rules.decide,
    "strong": strong.decide,
    "strong_quick": partial(strong.decide, quick=True),
}

HOUSE_RULES = Options(nello=True, splash=True, plunge=True, sevens=True, forced_bid=True)


def _play_checking(game: Game, policies: list[Policy], seed: str, max_actions: int) -> Game:
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(4)]
    for _ in range(max_actions):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        action = policies[seat](observation, rngs[seat])
        assert action in observation.legal, (action, observation.legal)
        game = game.apply(seat, action)
    return game


@pytest.mark.parametrize(("name", "games"),
                         [("random_legal", 6), ("rules", 6), ("strong_quick", 2)])
def test_cheap_policies_only_play_legal_actions_over_whole_games(name: str, games: int) -> None:
    policy = POLICIES[name]
    for number in range(games):
        seed = f"legal:{name}:{number}"
        options = HOUSE_RULES if number % 2 else Options()
        game = _play_checking(Game.new(seed, options), [policy] * 4, seed, 10_000)
        assert game.is_over


def test_strong_only_plays_legal_actions_against_every_other_policy() -> None:
    seed = "legal:strong"
    mixed = [strong.decide, rules.decide, strong.decide, random_legal.decide]
    game = _play_checking(Game.new(seed), mixed, seed, 10_000)
    assert game.is_over


def test_strong_only_plays_legal_actions_under_house_rules() -> None:
    """H-NELLO, H-SEVENS, H-SPLASH, H-PLUNGE, H-FORCED-BID: it falls back where it cannot solve."""
    for number in range(3):
        seed = f"legal:strong:house:{number}"
        options = HOUSE_RULES if number < 2 else Options(points_game=True)
        _play_checking(Game.new(seed, options), [strong.decide, random_legal.decide] * 2, seed,
                       120)


def _decide_beside(game: Game, policy: Policy, observation: Observation, seed: int) -> Action:
    """The decision, taken while the whole game (every hidden hand) sits in this frame."""
    assert game.to_act == observation.seat
    return policy(observation, random.Random(seed))


@pytest.mark.parametrize(("name", "limit"),
                         [("random_legal", 40), ("rules", 40), ("strong", 16),
                          ("strong_quick", 40)])
def test_decisions_do_not_change_when_hidden_hands_are_dealt_otherwise(
        name: str, limit: int) -> None:
    """R-SEE-HAND: two games that look the same from the seat to act, other hands differing,
    get the same decision from the same random seed: in the auction, naming trump and in
    play, where the strong player samples the hidden hands."""
    policy = POLICIES[name]
    rng = random.Random(name)
    checked: Counter[Phase] = Counter()
    plays = 0
    for game in decision_points(f"peek:{name}", rules.decide):
        seat = game.to_act
        assert seat is not None
        if game.hand.phase is Phase.PLAY:
            plays += 1
            if plays % 3:
                continue
        if game.hand.phase is Phase.AUCTION and checked[Phase.AUCTION] >= limit // 2:
            continue  # leave room for plays
        other = twin(game, seat, rng)
        if other is None:
            continue
        seen = observe(game, seat)
        assert observe(other, seat) == seen
        assert [other.hand.hand_of(s) for s in range(4)] != [game.hand.hand_of(s)
                                                              for s in range(4)]
        number = sum(checked.values())
        assert _decide_beside(game, policy, seen, number) == _decide_beside(
            other, policy, observe(other, seat), number)
        checked[game.hand.phase] += 1
        if number + 1 == limit:
            break
    assert sum(checked.values()) == limit
    assert checked[Phase.AUCTION] and checked[Phase.TRUMP] and checked[Phase.PLAY] > limit // 3


def test_policies_load_by_import_path() -> None:
    assert load_policy("engine.players.strong:decide") is strong.decide
    for bad in ("engine.players.strong", "engine.players.nothing:decide",
                "engine.players.strong:nothing"):
        with pytest.raises(ValueError):
            load_policy(bad)


def test_no_policy_acts_out_of_turn() -> None:
    game = Game.new("out of turn")
    seat = game.to_act
    assert seat is not None
    observation = observe(game, FOUR_SEATS.next_of[seat])
    for policy in POLICIES.values():
        with pytest.raises(ValueError):
            policy(observation, random.Random(0))


def test_the_strong_players_name_the_trump_their_bid_was_made_on() -> None:
    """The bid and the trump agree: the declarer names the trump its winning bid assumed, with
    the strong player's auction, the classic one and the calibrated one."""
    bidders = ((strong.auction_call, strong.decide), (strong_classic.call, strong_classic.decide),
               (strong.call, strong.calibrated))
    for call, decide in bidders:
        checked = 0
        for index in range(40):
            game = Game.new(f"agree {index}")
            seat = game.to_act
            assert seat is not None
            found = call(observe(game, seat))
            if not isinstance(found.action, Bid) or found.action.is_marks:
                continue
            game = game.apply(seat, found.action)
            while game.hand.phase is Phase.AUCTION:
                game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
            named = decide(observe(game, seat), random.Random(index))
            trump = found.trump if isinstance(found, strong.Call) else (
                found.outlook.trump if found.outlook is not None else None)
            assert trump is not None and isinstance(named, NameTrump)
            assert named.trump == trump
            checked += 1
        assert checked >= 5


def test_a_quick_decision_is_a_playout_play_or_the_rules_of_thumb() -> None:
    """``quick=True`` (a caller behind with its thinking): plays by sampled playouts, the
    strong player's own fallback; calls and trump by the rules of thumb; never the solver."""
    seen: Counter[Phase] = Counter()
    for number, game in enumerate(decision_points("quick", rules.decide)):
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        quick = strong.decide(observation, random.Random(number), quick=True)
        if len(observation.legal) > 1:
            expected = (decide_play(observation, random.Random(number))
                        if observation.phase is Phase.PLAY
                        else rules.decide(observation, random.Random(number)))
            assert quick == expected
            seen[observation.phase] += 1
        if sum(seen.values()) == 30:
            break
    assert seen[Phase.AUCTION] and seen[Phase.PLAY]
    assert can_hurry(strong.decide) and not can_hurry(rules.decide)


@pytest.mark.parametrize("variant", [v for v in VARIANTS.values() if v is not FORTY_TWO],
                         ids=lambda v: v.name)
def test_quick_decisions_are_legal_in_every_game_of_the_family(variant: Variant) -> None:
    game = Game.new(f"quick:{variant.name}", variant=variant)
    rng = random.Random(variant.name)
    for _ in range(90):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        action = strong.decide(observation, rng, quick=True)
        assert action in observation.legal
        game = game.apply(seat, action)
