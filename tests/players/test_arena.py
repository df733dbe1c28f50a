"""``python -m engine.arena``: the fields it prints and the seats it gives each policy."""

from __future__ import annotations

import io
import re

import pytest

from engine.players import random_legal, rules
from engine.tools import arena

RULES = "engine.players.rules:decide"
RANDOM = "engine.players.random_legal:decide"


def _run(*argv: str) -> str:
    out = io.StringIO()
    assert arena.main(list(argv), out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_two_games_print_every_field(jobs: str) -> None:
    text = _run("--a", RULES, "--b", RANDOM, "--games", "2", "--seed", "1", "--jobs", jobs)
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


def test_wilson_interval() -> None:
    low, high = arena.wilson(950, 1000)
    assert 0.934 < low < 0.935 and 0.961 < high < 0.962
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--a", "engine.players.nobody:decide", "--b", RULES], out=io.StringIO())
