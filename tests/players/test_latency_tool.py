"""``python -m engine.latency``: a line per variant and phase, and the verdict on the budget."""

from __future__ import annotations

import io
import re

from engine.tools import latency


def test_every_variant_asked_for_gets_a_line_per_phase() -> None:
    out = io.StringIO()
    assert latency.main(["--policy", "engine.players.rules:decide", "--games", "1",
                         "--variant", "moon", "--variant", "42"], out=out) == 0
    text = out.getvalue()
    for name in ("moon", "42"):
        assert re.search(rf"^{name} +\d+ +[\d.]+ +[\d.]+ +[\d.]+  within$", text, re.M)
    assert re.search(r"^  leftover +\d+", text, re.M)  # Moon's widow
    assert len(re.findall(r"^  auction ", text, re.M)) == 2


def test_a_slow_decision_is_reported_over_the_budget() -> None:
    assert latency._line("42", [0.05, 0.05, 2.5]).endswith("OVER")
    assert latency._line("42", [0.05, 0.05, 0.4]).endswith("within")
