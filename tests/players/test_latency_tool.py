"""``python -m engine.latency``: a line per variant and phase, and the verdict on the budget;
``python -m engine.tools.openings``: how the first trick's plays were decided."""

from __future__ import annotations

import io
import re

from engine.actions import Play
from engine.dominoes import TILES
from engine.players.strong import PlayChoice
from engine.players.strong_classic import PlaySearch
from engine.tools import latency, openings
from tests.common import RULES_POLICY


def test_every_variant_asked_for_gets_a_line_per_phase() -> None:
    out = io.StringIO()
    assert latency.main(["--policy", RULES_POLICY, "--games", "1",
                         "--variant", "moon", "--variant", "42"], out=out) == 0
    text = out.getvalue()
    for name in ("moon", "42"):
        assert re.search(rf"^{name} +\d+ +[\d.]+ +[\d.]+ +[\d.]+  within$", text, re.M)
    assert re.search(r"^  leftover +\d+", text, re.M)  # Moon's widow
    assert len(re.findall(r"^  auction ", text, re.M)) == 2


def test_a_slow_decision_is_reported_over_the_budget() -> None:
    assert latency._line("42", [0.05, 0.05, 2.5]).endswith("OVER")
    assert latency._line("42", [0.05, 0.05, 0.4]).endswith("within")


def test_the_first_trick_summary_counts_plays_by_how_they_were_decided() -> None:
    searched = PlaySearch((1, 2), {1: 8, 2: 3}, 8, False)
    few = PlaySearch((1, 2), {1: 2, 2: 0}, 2, True)
    short = PlaySearch((1, 2), {1: 1, 2: 0}, 1, False)
    play = Play(TILES[1])
    lines = openings.summary({0: [PlayChoice(play, searched, False), PlayChoice(play, few, False),
                                  PlayChoice(play, short, True), PlayChoice(play, None, False)]})
    assert lines == ["opening lead      4 plays: >= 8 deals solved 25.0%, settled with fewer "
                     "25.0%, by playouts 25.0%, median deals solved 2"]
