"""Individual progressive play as a tournament: tables of the whist schedule round by round,
partnerships named by one entrant, players ranked by what they scored themselves."""

from __future__ import annotations

import random

import pytest

from bot.tournament import progressive
from bot.tournament.types import Stage
from bot.tournament.whist import meetings
from tests.tournament.helpers import random_result


def test_a_partnership_is_one_entrant_and_back() -> None:
    assert progressive.pair(7, 3) == progressive.pair(3, 7) == 3007
    assert progressive.partners(3007) == (3, 7)
    with pytest.raises(ValueError):
        progressive.pair(5, 5)
    with pytest.raises(ValueError):
        progressive.pair(0, 1000)


def test_a_count_without_a_schedule_is_refused() -> None:
    with pytest.raises(ValueError, match="no progressive schedule for 6 players"):
        progressive.start(range(1, 7))


@pytest.mark.parametrize("players", [4, 5, 8, 9, 12, 13])
def test_rounds_open_one_after_the_other_and_everyone_scores_their_own(players: int) -> None:
    rng = random.Random(players)
    state = progressive.start(range(1, players + 1))
    played_rounds = []
    while not progressive.finished(state):
        waiting = progressive.next_matches(state)
        assert len({match.round for match in waiting}) == 1
        played_rounds.append(waiting[0].round)
        result = random_result(rng.choice(waiting), rng, 1)
        state = progressive.record(state, result)
        with pytest.raises(ValueError):
            progressive.record(state, result)
    assert sorted(set(played_rounds)) == list(range(1, len(state.rounds) + 1))
    assert all(result.match.stage is Stage.PROGRESSIVE for result in state.results)
    lines = progressive.standings(state)
    assert sorted(line.player for line in lines) == list(range(1, players + 1))
    assert all(line.played == players - 1 for line in lines)  # every round, or all but one
    assert sum(line.wins for line in lines) == 2 * len(state.results)
    assert [line.marks_for for line in lines] == sorted((line.marks_for for line in lines),
                                                        reverse=True)
    partnered, opposed = meetings(state.rounds)
    assert set(partnered.values()) == {1} and set(opposed.values()) == {2}
