"""Why the strong player chose: its decision is the one :func:`strong.decide` makes with the same
seed, its estimates rest on the deals it says, and they come from the seat's view alone: a game
in which the other seats' unplayed tiles are dealt otherwise gives the very same reasoning."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Game, Phase, Seat, observe
from engine.actions import Action, Bid, Play
from engine.dominoes import mask_of
from engine.players import rules, strong, strong_classic
from engine.players.reasons import Basis, Estimate, hindsight, reasoning
from engine.trumps import Trump
from tests.players.conftest import at_marks, decision_points, twin


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
            assert found.deals == strong_classic.PROSPECT_PLAYOUTS
            assert all(isinstance(e.action, Bid) for e in found.estimates)
        if number == 36:
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


def test_a_marks_bid_to_the_score_shows_its_chance_of_every_trick(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sweeps = strong_classic.Outlook(Trump.SIXES, 6.0, [42] * 6 + [36] * 2)
    monkeypatch.setattr(strong_classic, "weigh",
                        lambda observation: strong_classic.Choice(Bid(30), 0.9, sweeps, sweeps))
    game = Game.new("why-marks")
    seat = game.to_act
    assert seat is not None
    seen = at_marks(observe(game, seat), 4, 6)
    found = reasoning(seen, random.Random(0))
    assert found.chosen == Bid(marks=2) and found.basis is Basis.PLAYOUTS
    assert Estimate(Bid(marks=2), strong.sweep_chance(sweeps)) in found.estimates


def _made(game: Game, seat: Seat, declarers: bool) -> bool:
    """Whether, from here, the side of ``seat`` gets its way (the declarers make the contract,
    or the defenders set it) against the best play of the other side: every line searched."""
    hand = game.hand_number
    to_act = game.to_act
    assert to_act is not None
    ours = game.variant.seating.side_of[to_act] == game.variant.seating.side_of[seat]
    outcomes = []
    for action in game.legal_actions():
        after = game.apply(to_act, action)
        if after.hand_number != hand or after.is_over:
            result = after.results[-1]
            outcomes.append(result.made == declarers)
        else:
            outcomes.append(_made(after, seat, declarers))
    return any(outcomes) if ours else all(outcomes)


def test_hindsight_is_every_play_that_gets_the_seats_way_with_all_hands_known() -> None:
    """Against a search of every line, in the last two tricks of hands of 42."""
    checked = 0
    for game in decision_points("hindsight", rules.decide):
        seat = game.to_act
        if seat is None or game.hand.phase is not Phase.PLAY or len(game.hand.hand_of(seat)) > 2:
            continue
        seen = observe(game, seat)
        if seen.contract is None or len(seen.legal) < 2:
            continue
        side_of = game.variant.seating.side_of
        declarers = side_of[seen.contract.declarer] == side_of[seat]
        hands = [mask_of(game.hand.hand_of(s)) for s in range(4)]
        expected = tuple(action for action in seen.legal
                         if _after(game, seat, action, declarers))
        assert hindsight(seen, hands) == expected
        checked += 1
    assert checked >= 10


def _after(game: Game, seat: Seat, action: Action, declarers: bool) -> bool:
    hand = game.hand_number
    after = game.apply(seat, action)
    if after.hand_number != hand or after.is_over:
        return after.results[-1].made == declarers
    return _made(after, seat, declarers)
