"""Writing deals and scripts for the variants (VARIANTS.md): hands by tile names, the rest of
the set dealt in set order, and actions in their text form for the variant's set."""

from __future__ import annotations

import random

from engine import Deal, Domino, Game, HandState, RuleError
from engine.actions import Action, parse_action
from engine.variants import Variant


def tiles_of(variant: Variant, text: str) -> list[Domino]:
    return [Domino.parse(word, variant.top) for word in text.split()]


def deal_of(variant: Variant, dealer: int, hands: dict[int, str], leftover: str = "") -> Deal:
    """A deal where the seats of ``hands`` hold those tiles (in that order) and the leftover is
    ``leftover``; the other seats get the rest of the set in set order."""
    given = {seat: tiles_of(variant, text) for seat, text in hands.items()}
    rest = list(t.face for t in variant.tiles)
    for tile in [*(t for hand in given.values() for t in hand), *tiles_of(variant, leftover)]:
        rest.remove(tile)
    size = variant.hand_size
    full = []
    for seat in variant.seating.seats:
        hand = given.get(seat, [])
        while len(hand) < size:
            hand.append(rest.pop(0))
        full.append(hand)
    extra = tiles_of(variant, leftover) or rest
    return Deal.of(dealer, full, variant, extra)


def act(state: HandState, variant: Variant, script: str) -> HandState:
    """Apply ``"<seat> <action>"`` pairs; a refusal fails the test at its step."""
    words = script.split()
    for seat, text in zip(words[::2], words[1::2], strict=True):
        try:
            state = state.apply(variant.seating.seats[int(seat)], parse_action(text, variant.top))
        except RuleError as error:  # pragma: no cover - a failing script is a test failure
            raise AssertionError(f"{seat} {text} was refused: {error.message}") from error
    return state


def refused(state: HandState, variant: Variant, seat: int, text: str) -> RuleError:
    try:
        state.apply(variant.seating.seats[seat], parse_action(text, variant.top))
    except RuleError as error:
        return error
    raise AssertionError(f"{seat} {text} was accepted")


def texts(actions: tuple[Action, ...]) -> list[str]:
    return [str(a) for a in actions]


def random_hand(variant: Variant, rng: random.Random) -> HandState:
    """A hand of uniformly random legal actions, from a random deal."""
    dealer = variant.seating.seats[rng.randrange(variant.seating.count)]
    state = HandState.start(Deal.shuffled(dealer, rng, variant))
    while state.to_act is not None:
        state = state.apply(state.to_act, rng.choice(state.legal_actions()))
    return state


def random_game_states(variant: Variant, seed: int, steps: int) -> list[Game]:
    """The games met along ``steps`` random legal actions of one game of ``variant``."""
    rng = random.Random(seed)
    game = Game.new(f"seed {seed}", variant=variant)
    seen = [game]
    for _ in range(steps):
        if game.is_over:
            break
        assert game.to_act is not None
        game = game.apply(game.to_act, rng.choice(game.legal_actions()))
        seen.append(game)
    return seen
