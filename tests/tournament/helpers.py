"""Results as a table would report them, drawn at random for the property tests."""

from __future__ import annotations

import random

from bot.tournament import league
from bot.tournament.types import Game, Match, Result


def random_game(rng: random.Random, first_wins: bool) -> Game:
    """A finished game to 7 marks: the winner at 7 to 9 (a last bid may pass 7), the loser at 6
    or fewer."""
    won, lost = rng.randint(7, 9), rng.randint(0, 6)
    return Game(won, lost) if first_wins else Game(lost, won)


def random_result(match: Match, rng: random.Random, games_to_win: int = league.GAMES_TO_WIN,
                  winner: int | None = None) -> Result:
    """A played match won by ``winner`` (at random if None), its games drawn at random."""
    assert match.second is not None
    side = winner if winner is not None else rng.choice(match.sides)
    losses = rng.randint(0, games_to_win - 1)
    order = [True] * (games_to_win - 1) + [False] * losses
    rng.shuffle(order)
    order.append(True)  # the deciding game is the winner's
    games = [random_game(rng, won == (side == match.first)) for won in order]
    return league.match_result(match, games, games_to_win)
