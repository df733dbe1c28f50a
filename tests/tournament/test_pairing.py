"""Pairing with the fewest repeated meetings: the matching against brute force, and the order."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.pairing import maximum_matching, pair_off
from bot.tournament.types import Entrant

from .brute import fewest_repeats


def _fold(top: Entrant, rest: Sequence[Entrant]) -> Sequence[Entrant]:
    return rest[::-1]


def _in_order(top: Entrant, rest: Sequence[Entrant]) -> Sequence[Entrant]:
    return rest


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, set[frozenset[int]]]:
    n = draw(st.integers(0, 10))
    pairs = [frozenset((a, b)) for a in range(n) for b in range(a + 1, n)]
    return n, set(draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else [])


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_the_matching_is_as_large_as_brute_force_finds(graph: tuple[int, set[frozenset[int]]]
                                                        ) -> None:
    n, edges = graph
    adjacent = [[b for b in range(n) if frozenset((a, b)) in edges] for a in range(n)]
    mate = maximum_matching(adjacent)
    assert all(mate[b] == a and frozenset((a, b)) in edges
               for a, b in enumerate(mate) if b != -1)
    matched = sum(1 for b in mate if b != -1) // 2
    entrants = list(range(n + n % 2))  # an isolated extra vertex evens the count
    def fresh(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges
    assert len(entrants) // 2 - matched == fewest_repeats(entrants, fresh)


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_pair_off_repeats_no_more_than_it_must(graph: tuple[int, set[frozenset[int]]]) -> None:
    n, edges = graph
    entrants = list(range(n - n % 2))
    def fresh(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges
    pairs = pair_off(entrants, fresh, _fold)
    assert sorted(x for pair in pairs for x in pair) == entrants
    assert sum(1 for a, b in pairs if not fresh(a, b)) == fewest_repeats(entrants, fresh)


def test_with_nothing_met_the_preference_decides() -> None:
    def anyone(a: int, b: int) -> bool:
        return True
    assert pair_off(range(1, 9), anyone, _fold) == ((1, 8), (2, 7), (3, 6), (4, 5))
    assert pair_off(range(1, 9), anyone, _in_order) == ((1, 2), (3, 4), (5, 6), (7, 8))


def test_the_top_gives_way_when_its_choice_would_force_a_repeat() -> None:
    met = {frozenset(pair) for pair in [(2, 3), (2, 4), (1, 3)]}
    def fresh(a: int, b: int) -> bool:
        return frozenset((a, b)) not in met
    # 1 would take 4 first, leaving 2 and 3 to meet again: 1 takes 2, 3 takes 4
    assert pair_off([1, 2, 3, 4], fresh, _fold) == ((1, 2), (3, 4))


def test_an_odd_list_cannot_be_paired() -> None:
    with pytest.raises(ValueError):
        pair_off([1, 2, 3], lambda a, b: True, _fold)
