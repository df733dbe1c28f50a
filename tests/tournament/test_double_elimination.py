"""Double elimination: out after two match losses, at most one bye a team, the grand final and
its reset; worked examples, and random tournaments of 2 to 64 teams played to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import double_elimination as de
from bot.tournament.types import Entrant, Match, Result, Stage

from .helpers import random_result


def _sides(matches: tuple[Match, ...]) -> list[tuple[str, Entrant, Entrant | None]]:
    return [(match.stage.value, match.first, match.second) for match in matches]


def _win(state: de.DoubleElimination, *winners: Entrant) -> de.DoubleElimination:
    """Records the matches in play, each won by the one of ``winners`` in it."""
    for match in de.next_matches(state):
        state = de.record(state, Result(match, next(w for w in winners if w in match.sides)))
    return state


def test_four_teams_the_losers_bracket_winner_forces_the_reset() -> None:
    state = de.start([1, 2, 3, 4])
    assert _sides(de.current_round(state)) == [("winners", 1, 4), ("winners", 2, 3)]
    state = _win(state, 1, 2)
    assert _sides(de.current_round(state)) == [("winners", 1, 2), ("losers", 3, 4)]
    state = _win(state, 1, 3)
    # 1 is the last unbeaten team and waits; 2 and 3 meet again, nobody else is left
    assert _sides(de.current_round(state)) == [("losers", 2, 3)]
    state = _win(state, 2)
    assert _sides(de.current_round(state)) == [("final", 1, 2)]
    state = _win(state, 2)
    assert not de.finished(state)  # 1 has lost once only
    assert _sides(de.current_round(state)) == [("reset", 1, 2)]
    state = _win(state, 2)
    assert de.champion(state) == 2
    assert de.placings(state) == ((2,), (1,), (3,), (4,))
    assert len(state.results) == 2 * 4 - 1


def test_the_unbeaten_team_winning_the_final_ends_it() -> None:
    state = _win(_win(_win(_win(de.start([1, 2, 3, 4]), 1, 2), 1, 3), 2), 1)
    assert de.champion(state) == 1 and len(state.results) == 2 * 4 - 2
    assert de.losses(state) == {1: 0, 2: 2, 3: 2, 4: 2}
    assert de.next_matches(state) == ()


def test_three_teams_each_bracket_odd_gives_its_top_seed_without_a_bye_the_bye() -> None:
    state = de.start([1, 2, 3])
    assert _sides(de.current_round(state)) == [("winners", 2, 3), ("winners", 1, None)]
    state = _win(state, 2)
    # the losers' bracket holds 3 alone: its bye, while 1 and 2 play
    assert _sides(de.current_round(state)) == [("winners", 1, 2), ("losers", 3, None)]
    assert de.byes(state) == {1: 1, 2: 0, 3: 1}


def test_when_only_a_cross_match_keeps_byes_to_one_an_unbeaten_team_meets_a_beaten_one() -> None:
    """Nine teams, the team that had a bye winning every match it plays against one that had
    not: giving 3 the winners' bracket's bye in the third round would let results leave an odd
    bracket of teams that all had a bye, so 3 meets 5 of the losers' bracket instead."""
    state = de.start(range(1, 10))
    while not de.finished(state):
        had = de.byes(state)
        for match in de.next_matches(state):
            winner = max(match.sides, key=lambda team: (had[team], -team))
            state = de.record(state, Result(match, winner))
    assert [_sides(matches) for matches in state.rounds[:3]] == [
        [("winners", 2, 9), ("winners", 3, 8), ("winners", 4, 7), ("winners", 5, 6),
         ("winners", 1, None)],
        [("winners", 1, 5), ("winners", 3, 4), ("winners", 2, None),
         ("losers", 6, 9), ("losers", 7, 8)],
        [("winners", 1, 2), ("cross", 3, 5), ("losers", 6, 7), ("losers", 4, None)]]
    assert max(de.byes(state).values()) == 1


def test_every_count_of_teams_up_to_128_can_be_kept_to_one_bye_each() -> None:
    assert [n for n in range(2, 129) if not de._safe((n, 0, 0, 0))] == []


def test_a_result_must_be_for_a_match_in_play() -> None:
    state = de.start([1, 2, 3])
    first = de.next_matches(state)[0]
    with pytest.raises(ValueError):
        de.record(state, Result(de.current_round(state)[-1], 1))  # the bye
    with pytest.raises(ValueError):
        de.record(state, Result(Match(Stage.WINNERS, 2, 0, 2, 3), 2))
    state = de.record(state, Result(first, 2))
    with pytest.raises(ValueError):
        de.record(state, Result(first, 2))  # twice
    with pytest.raises(ValueError):
        de.placings(state)
    for entrants in ([], [1], [1, 1]):
        with pytest.raises(ValueError):
            de.start(entrants)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_random_tournaments_end_with_two_losses_for_all_but_the_champion(
        n: int, rng: random.Random) -> None:
    state = de.start([100 + seed for seed in range(n)])
    while not de.finished(state):
        in_play = de.next_matches(state)
        number = len(state.rounds)
        lost = dict.fromkeys(state.entrants, 0)  # as the round in play began
        for result in state.results:
            if result.loser is not None and result.match.round < number:
                lost[result.loser] += 1
        stages = {match.stage: match for match in in_play}
        for match in de.current_round(state):
            if match.stage is Stage.WINNERS:
                assert all(lost[team] == 0 for team in match.sides)
            elif match.stage is Stage.LOSERS:
                assert all(lost[team] == 1 for team in match.sides)
            elif match.stage is Stage.CROSS:
                assert sorted(lost[team] for team in match.sides) == [0, 1]
        alive = [team for team, count in lost.items() if count < 2]
        seated = [team for match in de.current_round(state) for team in match.sides]
        assert len(seated) == len(set(seated)) and set(seated) <= set(alive)
        # everyone alive plays or has a bye, but the last unbeaten team waiting for the others
        assert len(alive) - len(seated) <= 1
        if Stage.FINAL in stages or Stage.RESET in stages:
            assert len(alive) == 2
        state = de.record(state, random_result(rng.choice(in_play), rng))
    champion = de.champion(state)
    lost = de.losses(state)
    assert champion is not None and lost.pop(champion) < 2
    assert set(lost.values()) == {2}
    assert max(de.byes(state).values()) <= 1
    reset = any(match.stage is Stage.RESET for matches in state.rounds for match in matches)
    assert len(state.results) == 2 * n - 1 if reset else 2 * n - 2
    places = de.placings(state)
    assert sorted(team for place in places for team in place) == sorted(state.entrants)


@pytest.mark.parametrize("n", range(2, 9))
def test_every_sequence_of_results_keeps_byes_to_one(n: int) -> None:
    """Every winner of every match, up to eight teams (six is the fewest where giving each bye
    to whoever has none could lead to a second)."""
    endings = 0
    pending = [de.start(range(n))]
    while pending:
        state = pending.pop()
        assert max(de.byes(state).values()) <= 1
        if de.finished(state):
            endings += 1
            continue
        match = de.next_matches(state)[0]
        pending += (de.record(state, Result(match, team)) for team in match.sides)
    assert endings >= 2 ** (2 * n - 2)
