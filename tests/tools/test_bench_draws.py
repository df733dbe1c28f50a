"""The draws' benchmark plays whole tournaments of every format and replays each to the same
draw (it asserts that itself), timing the replay."""

from __future__ import annotations

import pytest

from bot.tournament.event import Format
from tools.bench_draws import replay_ms


@pytest.mark.parametrize(("format", "results"), [(Format.DOUBLE_ELIMINATION, (14, 15)),
                                                 (Format.SINGLE_ELIMINATION, (7,)),
                                                 (Format.PROGRESSIVE, (14,))])
def test_a_whole_tournament_is_replayed_and_timed(format: Format,
                                                  results: tuple[int, ...]) -> None:
    count, median = replay_ms(format, 8, 3)
    assert count in results and median > 0
