"""Swiss rounds: Dutch pairing by score groups, no repeated opponent while one can be avoided
(checked against brute force), one bye a team, Buchholz and Sonneborn–Berger."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import swiss
from bot.tournament.types import Entrant, Match, Result

from .brute import fewest_repeats
from .helpers import random_result


def _sides(matches: tuple[Match, ...]) -> list[tuple[Entrant, Entrant | None]]:
    return [(match.first, match.second) for match in matches]


def _win(state: swiss.Swiss, *winners: Entrant) -> swiss.Swiss:
    for match in swiss.next_matches(state):
        state = swiss.record(state, Result(match, next(w for w in winners if w in match.sides)))
    return state


def test_four_teams_top_half_meets_bottom_half_then_the_score_groups_meet() -> None:
    state = swiss.start([1, 2, 3, 4], rounds=3)
    assert _sides(state.rounds[0]) == [(1, 3), (2, 4)]
    state = _win(state, 1, 4)
    assert _sides(state.rounds[1]) == [(1, 4), (2, 3)]  # the winners, then the losers
    state = _win(state, 1, 3)
    # 1 leads alone and has met 3 and 4, so it floats down to 2; 3 and 4 have not met
    assert _sides(state.rounds[2]) == [(1, 2), (3, 4)]
    state = _win(state, 2, 4)
    assert swiss.finished(state)
    lines = swiss.standings(state)
    assert [(line.entrant, line.wins, line.buchholz, line.sonneborn_berger) for line in lines] == [
        (1, 2, 1 + 2 + 1, 1 + 2),  # beat 3 and 4, lost to 2
        (4, 2, 1 + 2 + 1, 1 + 1),  # beat 2 and 3, lost to 1: the same Buchholz, weaker wins
        (2, 1, 2 + 1 + 2, 2),
        (3, 1, 2 + 1 + 2, 1)]
    assert (lines[-1].wins, lines[-1].losses, lines[-1].byes) == (1, 2, 0)


def test_an_odd_count_gives_the_bye_to_the_lowest_ranked_team_without_one() -> None:
    state = swiss.start([1, 2, 3, 4, 5], rounds=5)
    assert _sides(state.rounds[0])[-1] == (5, None)
    state = _win(state, 1, 2)
    assert _sides(state.rounds[1])[-1] == (4, None)  # 3, 4 and 5 lost or sat: 5 had its bye
    lines = {line.entrant: line for line in swiss.standings(state)}
    assert lines[5].wins == 1 and lines[5].byes == 1 and lines[5].marks_for == 14


def test_the_first_round_draw_follows_the_seed() -> None:
    one = swiss.start(range(16), rounds=4, seed=7)
    assert one == swiss.start(range(16), rounds=4, seed=7)
    assert one.entrants != swiss.start(range(16), rounds=4, seed=8).entrants
    assert sorted(one.entrants) == list(range(16))


def test_results_must_be_for_matches_in_play() -> None:
    state = swiss.start([1, 2, 3], rounds=2)
    with pytest.raises(ValueError):
        swiss.record(state, Result(state.rounds[0][-1], 3))  # the bye
    with pytest.raises(ValueError):
        swiss.start([1, 2], rounds=0)
    with pytest.raises(ValueError):
        swiss.start([1, 1], rounds=1)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9), st.integers(1, 9), st.randoms(use_true_random=False))
def test_no_round_repeats_more_meetings_than_brute_force_must(
        n: int, rounds: int, rng: random.Random) -> None:
    state = swiss.start(range(n), rounds=min(rounds, n), seed=rng.randrange(1000))
    while True:
        before = {frozenset(match.sides) for matches in state.rounds[:-1] for match in matches}
        had = {match.first for matches in state.rounds[:-1] for match in matches if match.bye}

        def fresh(a: Entrant, b: Entrant, before: set[frozenset[Entrant]] = before) -> bool:
            return frozenset((a, b)) not in before

        drawn = state.rounds[-1]
        repeats = sum(1 for match in drawn if not match.bye and not fresh(*match.sides))
        sitting = [None] if n % 2 == 0 else [team for team in range(n) if team not in had]
        assert repeats == min(fewest_repeats([t for t in range(n) if t != out], fresh)
                              for out in sitting)
        for match in swiss.next_matches(state):
            state = swiss.record(state, random_result(match, rng))
        if swiss.finished(state):
            break
    byes = [match.first for matches in state.rounds for match in matches if match.bye]
    assert len(byes) == len(set(byes))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_an_evening_of_log2_n_rounds_never_repeats_a_meeting(n: int, rng: random.Random) -> None:
    rounds = max(1, min(math.ceil(math.log2(n)), (n - 1) // 2))
    state = swiss.start(range(n), rounds=rounds, seed=rng.randrange(1000))
    while not swiss.finished(state):
        state = swiss.record(state, random_result(rng.choice(swiss.next_matches(state)), rng))
    met = [frozenset(match.sides) for matches in state.rounds for match in matches]
    assert len(met) == len(set(met))
    byes = [match.first for matches in state.rounds for match in matches if match.bye]
    assert len(byes) == len(set(byes)) == (rounds if n % 2 else 0)
    lines = swiss.standings(state)
    assert sum(line.wins for line in lines) == len(state.results)
    assert [line.wins for line in lines] == sorted((line.wins for line in lines), reverse=True)
