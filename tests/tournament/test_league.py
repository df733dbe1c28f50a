"""Match scoring: best 2 of 3 games to 7 marks, a forfeit 7–0 a game, a bye 7–4 a game."""

from __future__ import annotations

import pytest

from bot.tournament import league
from bot.tournament.types import Game, Match, Result, Stage

MATCH = Match(Stage.SWISS, 1, 0, 10, 20)
BYE = Match(Stage.SWISS, 1, 1, 30)


def test_a_match_is_won_by_the_first_side_to_two_games() -> None:
    result = league.match_result(MATCH, [Game(7, 3), Game(5, 7), Game(2, 8)])
    assert result.winner == 20 and result.loser == 10
    assert result.marks(10) == (14, 18) and result.marks(20) == (18, 14)
    assert result.marks(20, cap=7) == (17, 14)  # the 8 of the last game counts 7


def test_two_games_straight_decide_a_match() -> None:
    assert league.match_result(MATCH, [Game(7, 0), Game(9, 6)]).winner == 10


@pytest.mark.parametrize("games", [
    [Game(7, 3)],  # undecided
    [Game(7, 3), Game(7, 1), Game(0, 7)],  # a game after the match was won
    [Game(6, 3), Game(7, 1)],  # an unfinished game
    [Game(7, 7), Game(7, 1)],  # both sides at 7
])
def test_a_match_that_could_not_have_been_played_is_refused(games: list[Game]) -> None:
    with pytest.raises(ValueError):
        league.match_result(MATCH, games)


def test_a_forfeit_scores_each_game_the_winner_needed_seven_to_nothing() -> None:
    result = league.forfeit(MATCH, 20)
    assert result.forfeit and result.winner == 20
    assert result.games == (Game(0, 7), Game(0, 7))
    assert result.marks(20) == (14, 0)
    assert league.forfeit(MATCH, 10, games_to_win=1).games == (Game(7, 0),)


def test_a_bye_scores_each_game_seven_to_four() -> None:
    result = league.bye(BYE)
    assert result.winner == 30 and result.loser is None
    assert result.marks(30) == (14, 8)
    assert league.bye(BYE, games_to_win=1).marks(30) == (7, 4)
    with pytest.raises(ValueError):
        league.bye(MATCH)
    with pytest.raises(ValueError):
        league.forfeit(BYE, 30)
    with pytest.raises(ValueError):
        league.match_result(BYE, [Game(7, 0), Game(7, 0)])


def test_a_result_names_a_side_of_its_match() -> None:
    with pytest.raises(ValueError):
        Result(MATCH, 30)
    with pytest.raises(ValueError):
        Result(MATCH, 10).marks(30)
    with pytest.raises(ValueError):
        Game(-1, 7)
