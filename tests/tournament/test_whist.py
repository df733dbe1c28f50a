"""Individual progressive (whist) schedules: each player partners every other exactly once and
opposes every other exactly twice, for every size with a schedule; None for the others."""

from __future__ import annotations

import pytest

from bot.tournament import whist

SUPPORTED = (4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32, 37, 40, 41, 49, 53, 61,
             64, 65, 73, 76, 81, 89, 97)


def test_the_sizes_with_a_schedule() -> None:
    assert tuple(n for n in range(1, 101) if whist.supported(n)) == SUPPORTED


def test_four_players_play_three_rounds_with_each_other_player_as_partner() -> None:
    rounds = whist.schedule([1, 2, 3, 4])
    assert rounds is not None and len(rounds) == 3
    assert {frozenset(each.tables[0].partners) for each in rounds} == {
        frozenset((1, 2)), frozenset((1, 3)), frozenset((1, 4))}
    assert all(each.sitting_out is None for each in rounds)


def test_five_players_one_sits_out_each_round() -> None:
    rounds = whist.schedule([1, 2, 3, 4, 5])
    assert rounds is not None
    assert sorted(each.sitting_out or 0 for each in rounds) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("n", [2, 3, 6, 7, 10, 33, 36, 45, 96])
def test_other_sizes_have_none(n: int) -> None:
    assert whist.schedule(list(range(n))) is None


def test_a_player_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        whist.schedule([1, 2, 3, 1])


@pytest.mark.parametrize("n", SUPPORTED)
def test_each_player_partners_every_other_once_and_opposes_every_other_twice(n: int) -> None:
    players = [1000 + 7 * index for index in range(n)]
    rounds = whist.schedule(players)
    assert rounds is not None
    assert len(rounds) == (n - 1 if n % 4 == 0 else n)
    for each in rounds:
        seated = [player for table in each.tables for player in table.players]
        if each.sitting_out is not None:
            seated.append(each.sitting_out)
        assert sorted(seated) == players and len(each.tables) == n // 4
    if n % 4 == 1:
        assert sorted(each.sitting_out or 0 for each in rounds) == players
    partnered, opposed = whist.meetings(rounds)
    pairs = {frozenset((a, b)) for a in players for b in players if a < b}
    assert set(partnered) == pairs and set(partnered.values()) == {1}
    assert set(opposed) == pairs and set(opposed.values()) == {2}
    assert [each.number for each in rounds] == list(range(1, len(rounds) + 1))
