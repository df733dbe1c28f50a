"""``python -m tools.bench_actions``, ``bench_restart`` and ``bench_channel`` run end to end
and print their figures (short, small runs on SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import re

import pytest

from bot.service import Fill, TableService
from bot.storage import open_storage
from tests.common import RULES_POLICY
from tests.databases import run_sync
from tools import bench_actions, bench_channel, bench_restart


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
    assert bench_restart.main(["--tables", "4", "--policy", RULES_POLICY,
                               "--pause", "0"], out=out) == 0
    text = out.getvalue()
    for figure in ("SQLite: 4 open tables", "connected (READY)", "first interaction answered",
                   "every computer players' table moved", "every table message redrawn"):
        assert figure in text, text


def test_bench_restart_refuses_a_database_with_open_tables(
        postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The restart would resume an earlier run's tables too (their channels long gone)."""
    async def open_one() -> None:
        storage = await open_storage(postgres_url)
        try:
            await TableService(storage).open_table(1, 2, 3, None, Fill.ALL)
        finally:
            await storage.close()

    run_sync(open_one)
    with pytest.raises(SystemExit) as stopped:
        bench_restart.main(["--tables", "4", "--postgres", postgres_url], out=io.StringIO())
    assert stopped.value.code == 2
    assert "already has open tables" in capsys.readouterr().err


def test_bench_channel_prints_the_busy_and_crowded_tables_figures() -> None:
    out = io.StringIO()
    assert bench_channel.main(["--only", "busy", "--minutes", "0.1", "--think", "0.1",
                               "--pause", "0.05", "--policy", RULES_POLICY, "--crowd", "2"],
                              out=out) == 0
    text = out.getvalue()
    rate = re.search(r"channel requests a second +([0-9.]+)", text)
    assert rate is not None and float(rate[1]) > 0, text
    assert "member turns" in text and "such tables in the 50/s budget" in text, text
    assert "PATCH /channels/{channel_id}/messages/{message_id}" in text, text
    assert "member answered p50 / p95" in text, text
    assert "refused for the global limit   0 " in text, text
    assert "tables that advanced           3 of 3" in text, text

