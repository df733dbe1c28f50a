"""How a match is scored, as 42 leagues and tournaments score it (docs/TOURNAMENTS.md): games to
7 marks, a match best 2 of 3 games, a forfeited game 7–0 and a bye 7–4 (the Austin 42 rules).

The other formats build their results here, so that every marks total a tie-break reads comes
from games that could have been played.
"""

from __future__ import annotations

from collections.abc import Sequence

from .types import Entrant, Game, Match, Result

MARKS_TO_WIN = 7
"""A game ends when a side reaches 7 marks; only one side scores in a hand, so the other has at
most 6. The winner may pass 7 with the last hand's bid."""

GAMES_TO_WIN = 2
"""A match is best 2 of 3 games."""

CAP = 7
"""Pools count at most 7 marks of a game (texas42.net), so a last hand bid high is worth no more
than the game it ends."""

FORFEIT = Game(MARKS_TO_WIN, 0)
"""A forfeited game, from the winner's side: 7–0."""

BYE = Game(MARKS_TO_WIN, 4)
"""A bye's game, from the side that has it: 7–4, a win but a modest one, so a bye does not
outweigh a game played."""


def game_winner(game: Game, marks_to_win: int = MARKS_TO_WIN) -> int:
    """0 if the first side won the game, 1 if the second did; an unfinished or impossible game
    (both sides at the goal) is refused."""
    first_won = game.first >= marks_to_win
    second_won = game.second >= marks_to_win
    if first_won == second_won:
        raise ValueError(f"{game} is not a finished game to {marks_to_win} marks")
    return 0 if first_won else 1


def match_result(match: Match, games: Sequence[Game], games_to_win: int = GAMES_TO_WIN,
                 marks_to_win: int = MARKS_TO_WIN) -> Result:
    """The result of a match played out: the games in order, ending as soon as a side has won
    ``games_to_win`` of them (no game is played after the match is decided)."""
    if match.second is None:
        raise ValueError(f"{match} is a bye: it has no games to play")
    won = [0, 0]
    for number, game in enumerate(games, start=1):
        if max(won) == games_to_win:
            raise ValueError(f"game {number} was played after the match was decided")
        won[game_winner(game, marks_to_win)] += 1
    if max(won) != games_to_win:
        raise ValueError(f"the match is not decided: games won {won[0]}–{won[1]}")
    winner = match.first if won[0] == games_to_win else match.second
    return Result(match, winner, tuple(games))


def forfeit(match: Match, winner: Entrant, games_to_win: int = GAMES_TO_WIN) -> Result:
    """The match ``winner``'s opponent forfeited: each game it needed scored 7–0."""
    if match.second is None:
        raise ValueError(f"{match} is a bye: nobody can forfeit it")
    game = FORFEIT if winner == match.first else Game(FORFEIT.second, FORFEIT.first)
    return Result(match, winner, (game,) * games_to_win, forfeit=True)


def bye(match: Match, games_to_win: int = GAMES_TO_WIN) -> Result:
    """A bye's result: its side wins each game it needed 7–4."""
    if match.second is not None:
        raise ValueError(f"{match} is not a bye")
    return Result(match, match.first, (BYE,) * games_to_win)
