"""The last trick and the last hand, as everyone may see them (R-SEE-ANON, R-REVIEW)."""

from __future__ import annotations

import random

from engine import Game, Phase, observe, review, summarize
from engine.dominoes import sorted_for_display
from engine.seats import FOUR_SEATS


def play_until(game: Game, rng: random.Random, done: object) -> Game:
    while not done(game):  # type: ignore[operator]
        game = game.apply(game.to_act, rng.choice(game.legal_actions()))  # type: ignore[arg-type]
    return game


def test_last_trick_is_sorted_with_the_team_that_took_it() -> None:
    rng = random.Random(3)
    game = play_until(Game.new("last trick"), rng,
                      lambda g: g.hand.phase is Phase.PLAY and g.hand.tricks)
    trick = game.hand.tricks[-1]
    for seat in (None, *range(4)):
        seen = observe(game, seat).last_trick  # type: ignore[arg-type]
        assert seen is not None and seen.team == FOUR_SEATS.side_of[trick.winner]
        assert seen.tiles == sorted_for_display(trick.tiles)
    assert observe(Game.new("fresh"), None).last_trick is None


def test_summary_of_the_hand_just_ended() -> None:
    rng = random.Random(8)
    game = Game.new("summary")
    assert summarize(game) is None
    game = play_until(game, rng, lambda g: g.previous is not None)
    summary = summarize(game)
    assert summary is not None and game.previous is not None
    assert summary.hand_number == game.hand_number - 1
    assert summary.actions == review(game.previous)
    assert summary.result == game.previous.result
    assert sum(summary.tricks_won) == len(game.previous.tricks)
