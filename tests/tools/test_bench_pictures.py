"""``python -m tools.bench_pictures`` draws every set and prints its figures (a small run)."""

from __future__ import annotations

import pytest

from tools import bench_pictures


def test_the_benchmark_reports_every_set(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["bench", "--pictures", "4"])
    bench_pictures.main()
    out = capsys.readouterr().out
    for name in ("42: table, 4 seats", "moon: table, 3 seats", "140: table, 6 seats",
                 "84: table, 8 seats", "big: hand, 11 tiles"):
        assert name in out
    assert "targets" in out
