"""Single elimination: the seeded bracket, byes to the top seeds, and the seeding of the pools'
top two (each pool winner first meets another pool's runner-up)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import single_elimination as se
from bot.tournament.types import Entrant, Match, Result

from .helpers import random_result


def _sides(matches: tuple[Match, ...]) -> list[tuple[Entrant, Entrant | None]]:
    return [(match.first, match.second) for match in matches]


def test_the_bracket_keeps_the_best_seeds_apart_until_the_last_rounds() -> None:
    assert se.bracket_order(2) == (0, 1)
    assert se.bracket_order(8) == (0, 7, 3, 4, 1, 6, 2, 5)
    with pytest.raises(ValueError):
        se.bracket_order(6)


def test_six_teams_the_two_top_seeds_have_the_byes_and_matches_are_drawn_when_known() -> None:
    state = se.start([1, 2, 3, 4, 5, 6])
    assert _sides(se.rounds(state)[0]) == [(1, None), (4, 5), (2, None), (3, 6)]
    assert _sides(se.next_matches(state)) == [(4, 5), (3, 6)]
    state = se.record(state, Result(se.next_matches(state)[1], 6))
    assert _sides(se.next_matches(state)) == [(4, 5), (2, 6)]  # 2 need not wait for 4 and 5
    for winner in (5, 2, 1, 1):
        match = next(m for m in se.next_matches(state) if winner in m.sides)
        state = se.record(state, Result(match, winner))
    assert se.champion(state) == 1
    assert se.placings(state) == ((1,), (2,), (5, 6), (3, 4))  # semi-finalists share third


def test_a_result_must_be_for_a_match_in_play() -> None:
    state = se.start([1, 2, 3])
    with pytest.raises(ValueError):
        se.record(state, Result(se.rounds(state)[0][0], 1))  # the bye
    with pytest.raises(ValueError):
        se.placings(state)
    with pytest.raises(ValueError):
        se.start([1])


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_random_brackets_play_n_minus_one_matches_with_byes_only_in_the_first_round(
        n: int, rng: random.Random) -> None:
    state = se.start(range(n))
    size = 1 << (n - 1).bit_length()
    byes = [match for match in se.rounds(state)[0] if match.bye]
    assert sorted(match.first for match in byes) == list(range(size - n))  # the top seeds
    while not se.finished(state):
        state = se.record(state, random_result(rng.choice(se.next_matches(state)), rng))
    assert len(state.results) == n - 1
    assert all(match.round == 1 for matches in se.rounds(state) for match in matches
               if match.bye)
    assert sorted(team for place in se.placings(state) for team in place) == list(range(n))


@pytest.mark.parametrize("pools", range(1, 17))
def test_pool_mates_are_in_opposite_halves_and_winners_meet_other_pools_first(
        pools: int) -> None:
    winners = [100 + pool for pool in range(pools)]
    runners_up = [200 + pool for pool in range(pools)]
    seeded = se.seeding_from_pools(winners, runners_up)
    assert seeded[:pools] == tuple(winners) and sorted(seeded[pools:]) == runners_up
    size = 1 << (2 * pools - 1).bit_length()
    place = {seeded[seed]: spot for spot, seed in enumerate(se.bracket_order(size))
             if seed < len(seeded)}
    for pool in range(pools):
        assert (place[100 + pool] < size // 2) != (place[200 + pool] < size // 2)
    if size == 2 * pools:  # no byes: every first-round match is a winner against a runner-up
        assert all(match.first // 100 == 1 and match.second is not None
                   and match.second // 100 == 2 and match.first % 100 != match.second % 100
                   for match in se.rounds(se.start(seeded))[0]) or pools == 1
