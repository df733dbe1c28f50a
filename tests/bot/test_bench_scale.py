"""``python -m bot.bench_actions`` and ``python -m bot.bench_restart`` run end to end and print
their figures (short, small runs on SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import re

from bot import bench_actions, bench_restart


def test_bench_actions_prints_every_figure(postgres_url: str) -> None:
    out = io.StringIO()
    assert bench_actions.main(["--tables", "1", "--seconds", "0.5", "--postgres",
                               postgres_url], out=out) == 0
    text = out.getvalue()
    for run in ("SQLite, 1 process", "PostgreSQL, 1 process", "PostgreSQL, 2 processes"):
        line = next(line for line in text.splitlines() if run in line)
        assert int(re.search(r"(\d+) in all", line)[1]) > 0, text  # type: ignore[index]
        assert "commit p50" in line and "p99" in line and "loop lag p95" in line, text


def test_bench_restart_prints_every_figure() -> None:
    out = io.StringIO()
    assert bench_restart.main(["--tables", "4", "--policy", "engine.players.rules:decide",
                               "--pause", "0"], out=out) == 0
    text = out.getvalue()
    for figure in ("SQLite: 4 open tables", "connected (READY)", "first interaction answered",
                   "every computer players' table moved", "every table message redrawn"):
        assert figure in text, text
