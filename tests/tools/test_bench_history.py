"""``python -m tools.bench_history`` fills a small PostgreSQL database and prints a figure for
every read and command, for random members and for the member with the most games; it
refuses a database that already holds games."""

from __future__ import annotations

import io
import re

import pytest

from tools import bench_history

READS = ("history", "history(before)", "leaderboard(by=rating)", "leaderboard(by=marks)",
         "computer_standings", "member_standings", "favourite_partner", "best_partners",
         "rating_series", "rivalry", "table", "finished_order")
COMMANDS = ("/42 history", "/42 history, an older page", "/42 leaderboard",
            "/42 leaderboard by:marks", "/42 stats", "/42 game")
FIGURES = re.compile(r" {4}(\S.*?) +([0-9.]+) ms +([0-9.]+) ms +([0-9.]+) ms(?:  (met|MISSED))?")


def test_bench_history_prints_a_figure_for_every_read(postgres_url: str) -> None:
    out = io.StringIO()
    assert bench_history.main(["--games", "2000", "--queries", "5", "--postgres",
                               postgres_url], out=out) == 0
    text = out.getvalue()
    lines = [found.groups() for found in map(FIGURES.fullmatch, text.splitlines()) if found]
    assert [line[0] for line in lines] == [*READS, *COMMANDS] * 2, text
    for name, p50, p95, most, verdict in lines:
        assert 0 < float(p50) <= float(p95) <= float(most), text
        assert (verdict is not None) == (name in COMMANDS), text
    filled = re.search(r"filled in \d+ s .*?: ([\d,]+) servers, ([\d,]+) members", text)
    assert filled is not None and int(filled[2].replace(",", "")) > 0, text
    assert re.search(r"the member with the most games \([\d,]+, in a server of", text), text
    assert "plans" in text, text


def test_bench_history_refuses_a_database_with_games(
        postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Its games would be counted with an earlier run's."""
    run = ["--games", "200", "--queries", "1", "--postgres", postgres_url]
    assert bench_history.main(run, out=io.StringIO()) == 0
    with pytest.raises(SystemExit) as stopped:
        bench_history.main(run, out=io.StringIO())
    assert stopped.value.code == 2
    assert "already has tables" in capsys.readouterr().err
