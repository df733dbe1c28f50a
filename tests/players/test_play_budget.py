"""The strong player searches twice the classic player's deals and nodes for a play."""

from __future__ import annotations

import random

from engine.players import strong, strong_classic

from .test_opening_search import opening_leads


def test_the_budget_is_twice_the_classics_for_every_play_with_a_choice() -> None:
    classic = strong_classic.PLAY_BUDGET
    assert strong.PLAY_BUDGET.samples == {left: n * 2 if left > 1 else n
                                          for left, n in classic.samples.items()}
    assert strong.PLAY_BUDGET.nodes == {left: n * 2 if left > 1 else n
                                        for left, n in classic.nodes.items()}


def test_the_strong_player_solves_more_deals_where_the_classic_budget_ends() -> None:
    """At opening leads the classic player decides on its ten deals or about as many (a leader
    who cannot be caught in the deals left), the strong player goes on."""
    more = 0
    for index, observation in enumerate(opening_leads(range(2))):
        classic = strong_classic.play(observation, random.Random(index)).search
        found = strong.play(observation, random.Random(index)).search
        assert classic is not None and found is not None
        assert classic.solved <= 10 and found.solved <= 20
        more += found.solved > classic.solved
    assert more == 2
