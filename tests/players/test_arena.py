"""``python -m engine.arena``: the fields it prints and the seats it gives each policy."""

from __future__ import annotations

import io
import re

import pytest

from engine.players import random_legal, rules
from engine.tools import arena
from tests.common import RULES_POLICY

RANDOM = "engine.players.random_legal:decide"


def _run(*argv: str) -> str:
    out = io.StringIO()
    assert arena.main(list(argv), out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_two_games_print_every_field(jobs: str) -> None:
    text = _run("--a", RULES_POLICY, "--b", RANDOM, "--games", "2", "--seed", "1", "--jobs", jobs)
    assert re.search(r"games won: +A \d+ \(\d+\.\d%, 95% CI \d+\.\d%-\d+\.\d%\) +B \d+", text)
    assert re.search(r"marks/game: +A \d+\.\d\d +B \d+\.\d\d", text)
    for side in "AB":
        assert re.search(rf"contracts {side}: +bid \d+, made \d+", text)
        assert re.search(rf"latency {side}: +p50 [\d.]+ ms +p95 [\d.]+ ms +max [\d.]+ ms "
                         rf"+\(\d+ decisions\)", text)
    assert "2 games, seed 1" in text


def test_the_same_seed_replays_the_same_games() -> None:
    first = [arena.play_game([rules.decide, random_legal.decide], "replay", 0)
             for _ in range(2)]
    assert first[0].marks == first[1].marks and first[0].bid == first[1].bid


def test_policies_swap_partnerships_from_one_game_to_the_next() -> None:
    """Game i gives A team i mod 2, so seat bias cancels over pairs of games."""
    policies = [rules.decide, random_legal.decide]
    for a_team in (0, 1):
        record = arena.play_game(policies, f"swap:{a_team}", a_team)
        assert record.won == 0  # rules beats random from either side of the table
        assert record.marks[0] >= 7


def test_a_duplicate_run_deals_each_game_twice_with_the_sides_swapped() -> None:
    """Issue 16's duplicate arena: luck of the deal cancels over each pair of games."""
    text = _run("--a", RULES_POLICY, "--b", RULES_POLICY, "--games", "4", "--seed", "dup",
                "--duplicate")
    assert "duplicate (each deal played with A on each of the 2 sides)" in text
    seeds = [arena.deal_of("dup", index, 2, True) for index in range(4)]
    assert seeds[0][0] == seeds[1][0] != seeds[2][0] == seeds[3][0]
    assert [side for _, side in seeds] == [0, 1, 0, 1]
    # The same policy on both sides of the same deals: the pair's results mirror each other.
    first, second = (arena.play_game([rules.decide, rules.decide], seed, side)
                     for seed, side in seeds[:2])
    assert first.won != second.won and first.marks == second.marks[::-1]


def test_wilson_interval() -> None:
    low, high = arena.wilson(950, 1000)
    assert 0.934 < low < 0.935 and 0.961 < high < 0.962
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--a", "engine.players.nobody:decide", "--b", RULES_POLICY], out=io.StringIO())
