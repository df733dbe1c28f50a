"""The 250-point game (H-POINTS) is played for points: the strong player values each play by the
points it scores for its side, contract included."""

from __future__ import annotations

import random

from engine import Game, Options, Phase, observe
from engine.players import strong
from engine.players.knowledge import play_facts
from engine.players.playouts import _value

POINTS = Options(points_game=True)


def test_a_hand_of_the_points_game_is_played_legally_for_points() -> None:
    game = Game.new("points", POINTS)
    rng = random.Random(1)
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = strong.decide(observe(game, seat), rng)
        assert action in game.legal_actions()
        game = game.apply(seat, action)
    assert game.previous is not None and game.previous.result is not None
    assert game.previous.result.score is not None


def test_a_play_is_worth_the_points_it_scores_made_or_set() -> None:
    game = Game.new("points value", POINTS)
    rng = random.Random(2)
    while game.hand.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, strong.decide(observe(game, seat), rng))
    seen = observe(game, game.to_act)
    facts = play_facts(seen)
    assert facts is not None and facts.ours  # the declarer leads
    play = next(a for a in seen.legal)
    hands = [0] * 4
    hands[facts.seat] = facts.mine
    dealt = iter(t for t in range(28) if facts.unseen >> t & 1)
    for s in range(4):
        if s != facts.seat:
            for _ in range(7):
                hands[s] |= 1 << next(dealt)
    made = _value(facts, hands, play, (facts.need, 0))
    as_marks = _value(facts, hands, play)
    assert made in (0,) or made >= facts.need  # set: nothing; made: at least the bid
    assert (made > 0) == (as_marks >= 1000)
