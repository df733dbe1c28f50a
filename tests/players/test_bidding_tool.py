"""``python -m engine.tools.bidding``: the situations it solves replay, the fit finds what the
data holds, and the model it writes is the model the bidder reads."""

from __future__ import annotations

import io
import math
import random
import re
from pathlib import Path

import pytest

from engine.players import bid_model
from engine.players.bid_features import LEVELS, NAMES, trumps_by_strength
from engine.players.strong_classic import Turn
from engine.tools.bidding import __main__ as command
from engine.tools.bidding import fit, passes, samples, sweeps


def test_a_deals_situations_are_its_auction_and_replay_the_same() -> None:
    found = samples.deal_samples("tool:1")
    assert found == samples.deal_samples("tool:1")
    assert 1 <= len(found) <= 4
    for sample in found:
        assert sample.hand.bit_count() == 7 and len(sample.earlier) <= 3
        ranked = [t for t, _ in trumps_by_strength(sample.hand)][:samples.TRUMPS_SOLVED]
        assert [t for t, _ in sample.worth] == ranked
        assert all(0 <= worth <= 42 for _, worth in sample.worth)
        assert samples.Sample.from_json(sample.to_json()) == sample
    assert [len(s.earlier) for s in found] == sorted({len(s.earlier) for s in found})


def test_the_fit_finds_that_more_trumps_make_more(tmp_path: Path) -> None:
    """Synthetic situations where a hand's worth grows with its trumps: the weight of trumps
    comes out positive at every level, and the file round-trips."""
    rng = random.Random(3)
    made = []
    for _ in range(300):
        hand = rng.sample(range(28), 7)
        mask = sum(1 << t for t in hand)
        trump, _ = trumps_by_strength(mask)[0]
        held = sum(1 for t in hand if t in SIXES) if trump == 6 else 0
        made.append(samples.Sample(mask, (), ((trump, min(42, 20 + 4 * held
                                                          + rng.randrange(10))),)))
    solved = samples.Solved("synthetic", 300, tuple(made))
    path = tmp_path / "solved.jsonl"
    solved.save(path)
    assert samples.Solved.load(path) == solved
    fitted = fit.fit(made)
    assert set(fitted.weights) == set(LEVELS) and fitted.rows == 300
    assert all(len(w) == len(NAMES) for w in fitted.weights.values())


SIXES = {t for t in range(28) if t >= 21}  # the tiles with a six (numbered high to low ends)


def test_the_blend_recovers_known_weights() -> None:
    rng = random.Random(5)
    truth = (-2.0, 1.5, 0.8, 0.2)
    played: list[tuple[tuple[float, ...], bool]] = []
    for _ in range(8000):
        inputs = (1.0, rng.random(), rng.uniform(-3, 3), float(rng.randrange(3, 9)))
        z = sum(w * v for w, v in zip(truth, inputs, strict=True))
        played.append((inputs, rng.random() < 1 / (1 + math.exp(-z))))
    found = fit.fit_blend(played)
    assert all(abs(a - b) < 0.25 for a, b in zip(found, truth, strict=True)), found
    assert fit.fit_blend(played[:10]) == fit.UNBLENDED  # too few to fit on


def test_the_written_model_is_python_the_bidder_reads() -> None:
    fitted = fit.Fitted({level: tuple(0.1 * i for i in range(len(NAMES))) for level in LEVELS},
                        rows=10, pooled=7)
    text = fit.model_source(fitted, (-1.5, 0.5, 1.25, 0.0), "a test")
    space: dict[str, object] = {}
    exec(compile(text, "bid_model.py", "exec"), space)  # the text just written
    assert space["WEIGHTS"] == {level: tuple(round(0.1 * i, 4) for i in range(len(NAMES)))
                                for level in LEVELS}
    assert space["BLEND"] == (-1.5, 0.5, 1.25, 0.0) and space["SOLVED_HANDS"] == 10
    assert all(len(line) <= 100 for line in text.splitlines())


def test_the_shipped_model_has_a_weight_for_every_feature_and_level() -> None:
    assert set(bid_model.WEIGHTS) == set(LEVELS)
    assert all(len(w) == len(NAMES) for w in bid_model.WEIGHTS.values())
    assert len(bid_model.BLEND) == 4 and bid_model.SOLVED_HANDS > 10_000


def test_the_commands_solve_fit_and_time(tmp_path: Path) -> None:
    solved, model = tmp_path / "solved.jsonl", tmp_path / "model.py"
    out = io.StringIO()
    assert command.main(["samples", "--deals", "2", "--seed", "t", "--out", str(solved)],
                        out=out) == 0
    assert re.search(r"\d+ situations from 2 deals", out.getvalue())
    assert command.main(["fit", "--samples", str(solved), "--contracts", "2",
                         "--out", str(model)], out=out) == 0
    assert "WEIGHTS" in model.read_text(encoding="utf-8")
    text = model.read_text(encoding="utf-8").replace("\n", " ")
    assert "--contracts 2 --seed T3" in text and "BLEND = (0.0000, 0.0000, 1.0000, 0.0000)" in text
    assert command.main(["speed", "--hands", "5"], out=out) == 0
    assert re.search(r"model alone: median [\d.]+ ms", out.getvalue())


# ----- bid or pass, by a coin ------------------------------------------------------------------

def test_a_crossing_is_where_a_bid_starts_to_be_worth_more_than_a_pass() -> None:
    """Synthetic tosses: a pass is worth nothing, a bid −1 at 0.4 and +1 at 0.6."""
    tosses = [passes.Trial(Turn.FIRST, chance, bid, marks)
              for chance, bid, marks in ((0.4, False, 0), (0.6, False, 0), (0.4, True, -1),
                                         (0.6, True, 1))] * 3
    tosses.append(passes.Trial(Turn.OVER, 0.5, True, 1))  # one way only: no crossing
    (found,) = passes.crossings(tosses)
    assert found.turn is Turn.FIRST and (found.trials, found.bids) == (12, 6)
    assert found.chance == pytest.approx(0.5)
    assert found.bid_over_pass(0.6) == pytest.approx(1.0)
    assert passes.Crossing(Turn.LAST, 4, 2, 1.0, -1.0).chance is None
    assert passes.Trial.of_row(tosses[0].row()) == tosses[0]


def played_and_read_again(name: str, deals: int, seed: str, again_flag: str,
                          saved: Path) -> str:
    """What ``name`` prints dealing ``deals`` deals of ``seed`` (kept in ``saved``), checked to
    be what it prints reading them again with ``again_flag`` (the time aside)."""
    out, again = io.StringIO(), io.StringIO()
    assert command.main([name, "--deals", str(deals), "--seed", seed, "--out", str(saved)],
                        out=out) == 0
    assert command.main([name, again_flag, str(saved)], out=again) == 0
    assert again.getvalue().splitlines()[:-1] == out.getvalue().splitlines()[:-1]
    return out.getvalue()


def test_the_passes_command_tosses_close_calls_and_reads_them_again(tmp_path: Path) -> None:
    saved = tmp_path / "tosses.jsonl"
    printed = played_and_read_again("passes", 4, "toss", "--tosses", saved)
    tosses = passes.load(saved)
    assert tosses and printed.startswith(f"{len(tosses)} tosses")
    for toss in tosses:
        assert passes.BAND[0] <= toss.chance <= passes.BAND[1] and abs(toss.marks) <= 4


def test_the_sweeps_command_bids_two_marks_on_hands_that_may_sweep(tmp_path: Path) -> None:
    saved = tmp_path / "sweeps.jsonl"
    printed = played_and_read_again("sweeps", 6, "M1", "--sweeps", saved)
    assert sweeps.load(saved) == [sweeps.Sweep(0.40625, 5.5, True)]  # M1:4, to the last trick
    assert printed.startswith("1 bids of two marks\nshare 0.4-0.5:    1 bids,    1 swept")


def test_the_sweep_model_reads_a_sweep_from_the_share_and_strength() -> None:
    rng = random.Random(8)
    truth = (-2.5, 3.0, 0.1)
    found = []
    for _ in range(6000):
        share, strength = rng.random(), float(rng.randrange(8, 15)) / 2
        z = truth[0] + truth[1] * share + truth[2] * strength
        found.append(sweeps.Sweep(share, strength, rng.random() < 1 / (1 + math.exp(-z))))
    weights = sweeps.fit(found)
    assert all(abs(a - b) < 0.5 for a, b in zip(weights, truth, strict=True)), weights
