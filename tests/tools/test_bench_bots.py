"""``python -m tools.bench_bots`` runs end to end and prints its figures (a short, small run)."""

from __future__ import annotations

import io
import re

from tests.common import RULES_POLICY
from tools.bench_bots import main


def test_a_short_run_prints_every_figure() -> None:
    out = io.StringIO()
    assert main(["--tables", "2", "--seconds", "1.5", "--pause", "0", "--workers", "1",
                 "--policy", RULES_POLICY], out=out) == 0
    text = out.getvalue()
    assert text.startswith("bench_bots: 2 tables of 4 computer players")
    moves = int(re.search(r"computer moves: (\d+)", text)[1])  # type: ignore[index]
    assert moves > 10
    for figure in ("decisions (pool round trip", "event loop lag", "a member's action at"
                   " another table", "target: event loop lag under 50 ms"):
        assert figure in text, text


def test_tables_of_another_game() -> None:
    out = io.StringIO()
    assert main(["--tables", "2", "--seconds", "1.5", "--pause", "0", "--workers", "1",
                 "--game", "140", "--policy", RULES_POLICY], out=out) == 0
    text = out.getvalue()
    assert text.startswith("bench_bots: 2 tables of 6 computer players, game 140"), text
    assert int(re.search(r"computer moves: (\d+)", text)[1]) > 10  # type: ignore[index]
