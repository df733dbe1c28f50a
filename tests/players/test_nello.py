"""Nello with search (H-NELLO): the solver agrees with a plain minimax, and the strong player
uses it to duck, or to catch a Nello declarer."""

from __future__ import annotations

import random

from engine import Game, NameTrump, Options, Pass, Seat, Trump, observe
from engine.actions import Bid
from engine.options import NelloDoubles
from engine.players import strong
from engine.players.nello import NelloSolver
from engine.trumps import FOLLOW, LED, POWER, trick_model


def _minimax(hands: list[int], model: int, declarer: int, order: list[int], leader: int) -> bool:
    """Whether the declarer can duck every trick left: every line of play, no memory."""
    if not hands[declarer]:
        return True

    def trick(k: int, plays: list[tuple[int, int]]) -> bool:
        if k == 3:
            suit = LED[model][plays[0][1]]
            winner = max(plays, key=lambda p: POWER[model][suit][p[1]])[0]
            return winner != declarer and _minimax(hands, model, declarer, order, winner)
        seat = order[(order.index(leader) + k) % 3]
        hand = hands[seat]
        if plays:
            hand = hand & FOLLOW[model][LED[model][plays[0][1]]] or hand
        results = []
        for t in (t for t in range(28) if hand >> t & 1):
            hands[seat] ^= 1 << t
            results.append(trick(k + 1, [*plays, (seat, t)]))
            hands[seat] ^= 1 << t
        return any(results) if seat == declarer else all(results)

    return trick(0, [])


def test_the_solver_agrees_with_minimax_on_random_endings() -> None:
    rng = random.Random(42)
    for doubles in NelloDoubles:
        model = trick_model(Trump.NELLO, Options(nello=True, nello_doubles=doubles))
        for _ in range(40):
            tiles = rng.sample(range(28), 9)
            hands = [0, 0, 0, 0]
            for i, seat in enumerate((0, 1, 3)):  # South (2) sits out
                for t in tiles[i * 3:i * 3 + 3]:
                    hands[seat] |= 1 << t
            solver = NelloSolver(hands, model, 0, 2)
            first = min(t for t in range(28) if hands[0] >> t & 1)
            expected = _minimax(list(hands), model, 0, [0, 1, 3], 0)
            # the declarer's best lead: clean after some lead exactly when minimax says so
            answers = [solver.clean_after((), 0, t) for t in range(28) if hands[0] >> t & 1]
            assert any(answers) == expected, (hands, first)


def test_a_nello_hand_is_played_with_search_legally() -> None:
    options = Options(nello=True)
    rng = random.Random(3)
    for seed in range(6):
        game = Game.new(f"nello {seed}", options)
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, Bid(marks=1))
        while game.hand.phase.name == "AUCTION":
            game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
        game = game.apply(seat, NameTrump(Trump.NELLO, 1))
        number = game.hand_number
        while game.hand_number == number and not game.is_over:
            now = game.to_act
            assert isinstance(now, Seat)
            action = strong.decide(observe(game, now), rng)
            assert action in game.legal_actions()
            game = game.apply(now, action)
