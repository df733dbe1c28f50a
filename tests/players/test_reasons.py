"""Why the strong player chose: its decision is the one :func:`strong.decide` makes with the same
seed, its estimates rest on the deals it says, and they come from the seat's view alone: a game
in which the other seats' unplayed tiles are dealt otherwise gives the very same reasoning."""

from __future__ import annotations

import random
from collections import Counter

from engine import Phase, observe
from engine.actions import Bid, Play
from engine.players import rules, strong
from engine.players.reasons import Basis, reasoning
from tests.players.conftest import decision_points, twin


def test_the_reasoning_is_the_decision_and_its_estimates() -> None:
    kinds: Counter[Basis] = Counter()
    for number, game in enumerate(decision_points("why", rules.decide, every=3)):
        seat = game.to_act
        assert seat is not None
        seen = observe(game, seat)
        found = reasoning(seen, random.Random(number))
        assert found.chosen == strong.decide(seen, random.Random(number))
        kinds[found.basis] += 1
        if found.basis is Basis.SOLVED:
            assert found.deals >= 1 and all(isinstance(e.action, Play) for e in found.estimates)
            assert found.chosen in [e.action for e in found.estimates]
            chances = [e.chance for e in found.estimates]
            assert chances == sorted(chances, reverse=True)
            assert all(0 <= c <= 1 and round(c * found.deals) == c * found.deals
                       for c in chances)
        if found.basis is Basis.PLAYOUTS and seen.phase is Phase.AUCTION:
            assert found.deals == strong.PROSPECT_PLAYOUTS
            assert all(isinstance(e.action, Bid) for e in found.estimates)
        if number == 60:
            break
    assert kinds[Basis.SOLVED] and kinds[Basis.PLAYOUTS] and kinds[Basis.ONLY_CHOICE]


def test_hidden_hands_dealt_otherwise_leave_every_estimate_unchanged() -> None:
    """R-SEE-HAND: what the seat is shown rests on its observation alone."""
    rng = random.Random("twins")
    compared = 0
    for number, game in enumerate(decision_points("why-twins", rules.decide, every=4)):
        seat = game.to_act
        assert seat is not None
        other = twin(game, seat, rng)
        if other is None:
            continue
        assert observe(other, seat) == observe(game, seat)
        assert reasoning(observe(game, seat), random.Random(number)) == reasoning(
            observe(other, seat), random.Random(number))
        compared += 1
        if compared == 12:
            break
    assert compared == 12
