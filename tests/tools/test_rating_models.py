"""``python -m tools.rating_models``: a tiny run prints figures for every candidate, and the
measures, the ranks and scores of a game, and the simulation are right on their own."""

from __future__ import annotations

import io
import math

import pytest
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from tools.rating_models import (
    MODELS,
    Candidate,
    Played,
    Setting,
    average_ranks,
    candidates,
    evaluate,
    first_place_chances,
    log_loss,
    main,
    mean_interval,
    play,
    simulate,
    spearman,
    true_picks,
)


def test_a_tiny_run_prints_figures_for_every_candidate() -> None:
    out = io.StringIO()
    assert main(["--players", "8", "--games", "40", "--seed", "t", "--jobs", "1"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("rating_models: 40 games of 42 between 8 players"), lines[0]
    assert lines[1] == "predictions scored over the 32 games after the first 8"
    rows = {line[:33].rstrip(): line[33:].split() for line in lines[3:-1]}
    names = [candidate.name for candidate in candidates(7)]
    assert list(rows) == names
    assert len(names) == len(MODELS) * 4 + 1
    for name in ("PlackettLuce", "PlackettLuce, own chances", "ThurstoneMostellerPart, margin 3"):
        assert name in rows
    for name, figures in rows.items():
        assert 0 < float(figures[0]) < 10, name
        assert -1 <= float(figures[-3]) <= 1, name
        assert figures[-4].endswith("%"), name
    assert rows["PlackettLuce"][1] == "-"
    assert lines[-1].startswith("knowing the true strengths")


def test_moon_rates_three_sides_with_margins_in_points() -> None:
    out = io.StringIO()
    assert main(["--players", "6", "--games", "12", "--variant", "moon", "--jobs", "1"],
                out=out) == 0
    text = out.getvalue()
    assert "12 games of moon between 6 players" in text
    assert "BradleyTerryPart, margin 9" in text  # three sevenths of 21 points


def test_a_table_needs_enough_players() -> None:
    with pytest.raises(SystemExit):
        main(["--players", "3", "--games", "10"], out=io.StringIO())


def test_log_loss() -> None:
    assert log_loss(1.0) == 0
    assert log_loss(0.5) == pytest.approx(math.log(2))
    assert math.isfinite(log_loss(0.0))


def test_average_ranks_share_ties() -> None:
    assert average_ranks([3.0, 1.0, 2.0]) == [3.0, 1.0, 2.0]
    assert average_ranks([5.0, 5.0, 5.0]) == [2.0, 2.0, 2.0]
    assert average_ranks([2.0, 1.0, 2.0, 0.0]) == [3.5, 2.0, 3.5, 1.0]


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 400]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)
    assert spearman([1, 2, 3], [5, 5, 5]) == 0
    # ranks 1 2 3 4 against 1 3 2 4: 1 - 6 * 2 / (4 * 15)
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)


def test_mean_interval() -> None:
    mean, half = mean_interval([1.0, 3.0])
    assert mean == 2
    assert half == pytest.approx(1.96 * math.sqrt(2) / math.sqrt(2))
    assert mean_interval([1.0])[1] == math.inf


def test_ranks_and_scores_of_a_game() -> None:
    game = Played(sides=((0,), (1,), (2,)), totals=(21, 30, 30), winner=0)
    assert game.ranks == [0.0, 1.0, 1.0]  # the others tied on their totals
    assert game.scores == [31.0, 30.0, 30.0]  # the declarer won on fewer: raised above
    two = Played(sides=((0, 2), (1, 3)), totals=(3, 7), winner=1)
    assert two.ranks == [1.0, 0.0]
    assert two.scores == [3.0, 7.0]


def test_first_place_chances() -> None:
    model = PlackettLuce()
    even = first_place_chances(model, [[model.rating()], [model.rating()], [model.rating()]])
    assert even == pytest.approx([1 / 3] * 3)
    strong = first_place_chances(model, [[model.rating(mu=35), model.rating()],
                                         [model.rating(), model.rating()]])
    assert sum(strong) == pytest.approx(1)
    assert strong[0] > 0.5


def test_candidates_name_their_model_and_margin() -> None:
    assert Candidate(PlackettLuce).name == "PlackettLuce"
    assert Candidate(ThurstoneMostellerFull, 2.0).name == "ThurstoneMostellerFull, margin 2"
    assert Candidate(PlackettLuce, 3.0).build().margin == 3.0
    assert [c.margin for c in candidates(21)[:5]] == [None, None, 3, 6, 9]


def test_ratings_find_the_stronger_players() -> None:
    """Player 0 always beats 1, who always beats 2, ..., in games of one against one."""
    games = [Played(((a,), (b,)), (7, 0) if a < b else (0, 7), 0 if a < b else 1)
             for _ in range(30) for a in range(5) for b in range(5) if a != b]
    strengths = [-player for player in range(5)]
    for candidate in (Candidate(PlackettLuce), Candidate(ThurstoneMostellerFull, 1.0)):
        figures = evaluate(candidate, games, strengths, warmup=100)
        assert figures.correlation == pytest.approx(1)
        assert figures.accuracy == 1
        assert len(figures.losses) == len(games) - 100
        assert figures.settled is not None and figures.settled < 100
    assert true_picks(games, [0.0, 0.1, 0.2, 0.3, 0.4], warmup=100) == 1


def test_a_population_won_against_its_strengths_never_settles() -> None:
    """When the weaker player always wins, the correlation is negative and never settles."""
    games = [Played(((a,), (b,)), (0, 7) if a < b else (7, 0), 1 if a < b else 0)
             for _ in range(10) for a in range(4) for b in range(4) if a != b]
    figures = evaluate(Candidate(PlackettLuce), games, [0.0, -1.0, -2.0, -3.0], warmup=20)
    assert figures.correlation < 0
    assert figures.settled is None
    assert figures.accuracy == 1  # the ratings still predict who wins


def test_the_games_replay_from_their_seed() -> None:
    setting = Setting(players=6, games=4, seed="r", variant="42")
    assert setting.errors[0] == 0 and setting.errors[-1] == pytest.approx(0.3)
    games = simulate(setting, jobs=1)
    assert simulate(setting, jobs=2) == games
    assert play(setting, 2) == games[2]
    for game in games:
        seated = [player for side in game.sides for player in side]
        assert len(seated) == 4 == len(set(seated))
        assert all(0 <= player < 6 for player in seated)
        assert max(game.totals) == game.totals[game.winner] >= 7
