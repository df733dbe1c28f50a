"""Round-robin pools: dealt in a snake, everyone meets everyone in their pool once, marks summed
at most 7 a game, and the top two of each pool into the single elimination."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import league
from bot.tournament import round_robin as rr
from bot.tournament import single_elimination as se
from bot.tournament.types import Game, Match, Result

from .helpers import random_result


def test_sixteen_teams_make_four_pools_of_four_dealt_in_a_snake() -> None:
    assert rr.make_pools(range(1, 17)) == (
        (1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))


def test_sizes_that_do_not_divide_are_balanced() -> None:
    assert [len(pool) for pool in rr.make_pools(range(10))] == [3, 3, 4]  # 9 snakes back
    assert [len(pool) for pool in rr.make_pools(range(5))] == [3, 2]
    assert rr.make_pools(range(3)) == ((0, 1, 2),)
    with pytest.raises(ValueError):
        rr.make_pools(range(8), size=2)


def test_the_circle_method_gives_each_team_of_an_odd_pool_one_bye() -> None:
    assert rr.circle([1, 2, 3, 4]) == (((1, 4), (2, 3)), ((1, 3), (2, 4)), ((1, 2), (3, 4)))
    assert rr.circle([1, 2, 3]) == (((1, None), (2, 3)), ((1, 3), (2, None)),
                                    ((1, 2), (3, None)))


def test_a_pool_ranks_by_marks_capped_at_seven_a_game() -> None:
    state = rr.start([1, 2, 3, 4])
    games = {frozenset((1, 4)): Game(9, 0), frozenset((2, 3)): Game(7, 5),
             frozenset((1, 3)): Game(2, 7), frozenset((2, 4)): Game(7, 6),
             frozenset((1, 2)): Game(7, 1), frozenset((3, 4)): Game(3, 7)}
    while not rr.finished(state):
        match = rr.next_matches(state)[0]
        state = rr.record(state, league.match_result(match, [games[frozenset(match.sides)]], 1))
    table = rr.pool_standings(state, 0)
    # 1: 7 (of 9) + 2 + 7 = 16; 2: 7 + 7 + 1 = 15; 3: 5 + 7 + 3 = 15; 4: 0 + 6 + 7 = 13
    assert [(line.entrant, line.marks_for, line.wins) for line in table] == [
        (1, 16, 2), (2, 15, 2), (3, 15, 1), (4, 13, 1)]
    assert table[0].marks_against == 1 + 7 + 0
    assert rr.qualifiers(state) == ((1,), (2,))


def test_pool_meetings_are_played_round_by_round() -> None:
    state = rr.start(range(1, 9))  # two pools of four
    first = rr.next_matches(state)
    assert {match.round for match in first} == {1} and len(first) == 4
    state = rr.record(state, Result(first[0], first[0].first))
    with pytest.raises(ValueError):
        rr.record(state, Result(first[0], first[0].first))
    with pytest.raises(ValueError):
        rr.qualifiers(state)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 64), st.integers(3, 6))
def test_everybody_meets_everybody_in_their_pool_exactly_once(n: int, size: int) -> None:
    state = rr.start(range(n), size)
    sizes = [len(pool) for pool in state.pools]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 2 and max(sizes) <= size
    assert sorted(team for pool in state.pools for team in pool) == list(range(n))
    byes = Counter(match.first for match in state.matches if match.bye)
    for pool in state.pools:
        met = Counter(frozenset(match.sides) for match in state.matches
                      if match.first in pool and not match.bye)
        assert all(set(pair) <= set(pool) for pair in met)
        assert met == Counter(frozenset((a, b)) for a in pool for b in pool if a < b)
        assert all(byes[team] == len(pool) % 2 for team in pool)
    for matches in _rounds(state):
        seated = [team for match in matches for team in match.sides]
        assert len(seated) == len(set(seated))


def _rounds(state: rr.RoundRobin) -> list[list[Match]]:
    return [[match for match in state.matches if match.round == number]
            for number in {match.round for match in state.matches}]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_the_pools_top_two_play_out_the_single_elimination(n: int, rng: random.Random) -> None:
    state = rr.start(range(n))
    while not rr.finished(state):
        state = rr.record(state, random_result(rng.choice(rr.next_matches(state)), rng, 1))
    winners, runners_up = rr.qualifiers(state)
    for pool, (winner, second) in enumerate(zip(winners, runners_up, strict=True)):
        table = rr.pool_standings(state, pool)
        assert (table[0].entrant, table[1].entrant) == (winner, second)
        assert all(line.marks_for <= 7 * line.played for line in table)
    bracket = rr.knockout(state)
    assert sorted(bracket.entrants) == sorted((*winners, *runners_up))
    while not se.finished(bracket):
        bracket = se.record(bracket, random_result(rng.choice(se.next_matches(bracket)), rng))
    assert se.champion(bracket) in (*winners, *runners_up)
