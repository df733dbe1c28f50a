"""What a call is worth at the score (engine.players.stakes)."""

from __future__ import annotations

import pytest

from engine.observation import Observation
from engine.players.stakes import Stakes, pass_worth, win_chance

from .conftest import after_calls, at_marks

AUCTIONS = ((), ("pass",), ("pass", "pass"), ("pass", "pass", "pass"), ("pass", "30"))


def test_the_game_is_even_at_equal_marks_and_decided_by_the_last_one() -> None:
    assert win_chance(7, 7) == win_chance(1, 1) == 0.5
    assert win_chance(1, 7) == 1 - 1 / 128  # unless they take the next seven
    assert win_chance(0, 1) == 1.0 and win_chance(1, 0) == 0.0



def break_even(observation: Observation, marks: int) -> float:
    """The chance from which a bid of ``marks`` is worth more than a pass."""
    stakes = Stakes.of(observation)
    lost, won = stakes.bid(0.0, marks), stakes.bid(1.0, marks)
    return (pass_worth(observation, stakes) - lost) / (won - lost)


@pytest.mark.parametrize("calls", AUCTIONS)
def test_with_one_mark_at_stake_the_score_never_changes_the_call(calls: tuple[str, ...]) -> None:
    observation = after_calls(calls, "stakes")
    at_the_start = break_even(at_marks(observation, 0, 0), 1)
    for ours in range(7):
        for theirs in range(7):
            assert break_even(at_marks(observation, ours, theirs), 1) == pytest.approx(
                at_the_start, abs=1e-9)


def test_with_two_marks_at_stake_the_score_does() -> None:
    """Two marks to one when they need one mark: two marks at half the chance are as good."""
    stakes = Stakes(ours=4, theirs=6, target=7)
    assert stakes.bid(0.45, 2) == pytest.approx(stakes.bid(0.9, 1))
    level = Stakes(ours=0, theirs=0, target=7)
    assert level.bid(0.45, 2) < level.bid(0.9, 1)
