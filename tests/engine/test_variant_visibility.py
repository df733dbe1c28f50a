"""No observation holds a tile its seat may not see, in every variant (V-GEN-SEE, V-GEN-DEAL,
V-GEN-DISCARD, R-SEE-*, R-REVIEW): for 3, 4, 6 and 8 seats and spectators, through whole games."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Domino, Game, Phase, Seat, observe, summarize
from engine.hand.leftover import shown_discards
from engine.variants import VARIANTS, Variant

from .helpers import dominoes_in, finished_public, split_by_hand
from .variant_helpers import random_game_states


def allowed(game: Game, seat: Seat | None) -> tuple[set[Domino], set[Domino]]:
    """(tiles ``seat`` may see now, tiles it must never see)."""
    hand = game.hand
    variant = game.variant
    setup = hand.setup
    seats = variant.seating.seats
    own = set(hand.hand_of(seat)) if seat is not None else set()
    own |= set(hand.discards_of(seat)) if seat is not None else set()
    public = {x for s in seats for x in shown_discards(variant, setup, s)}
    public |= {x for _, x in hand.trick}
    contract = hand.contract
    if hand.phase is Phase.OVER or (contract is not None and not contract.is_marks):
        public |= {x for trick in hand.tricks for x in trick.tiles}
    elif contract is not None and hand.tricks:
        public |= {x for trick in hand.tricks[-(hand.piles or 1):] for x in trick.tiles}
    looked = contract is not None and contract.declarer == seat and (
        hand.phase is Phase.LEFTOVER or setup.took_leftover is not None)
    if looked:
        own |= set(hand.deal.leftover)
    secret = {x for s in seats if s != seat for x in (*hand.hand_of(s), *hand.discards_of(s))}
    if not looked:
        secret |= set(hand.deal.leftover) - set(hand.hand_of(seat) if seat is not None else ())
    return own | public, secret - public


def check(game: Game) -> None:
    variant = game.variant
    for seat in (*variant.seating.seats, None):
        obs = observe(game, seat)
        assert obs.hand == (game.hand.hand_of(seat) if seat is not None else ())
        assert len(obs.hand_sizes) == variant.seating.count
        assert len(obs.tricks_won) == variant.seating.side_count == len(obs.marks)
        obs, before = split_by_hand(game, obs)
        assert {x.face for x in before} <= {x.face for x in finished_public(game)}
        # Faces: an action names a face, whichever copy is held (V-GEN-SET).
        seen = {x.face for x in dominoes_in(obs)}
        may, never = ({x.face for x in tiles} for tiles in allowed(game, seat))
        assert not seen & (never - may), f"{seat} sees {sorted(map(str, seen & never))}"
        assert seen <= may, f"{seat} sees {sorted(map(str, seen - may))}"
    summary = summarize(game)
    if summary is not None:
        hand = game.previous
        assert hand is not None
        played = {x for trick in hand.tricks for x in trick.tiles}
        shown = {x for s in variant.seating.seats
                 for x in shown_discards(variant, hand.setup, s)}
        faces = {x.face for x in played | shown}
        assert {x.face for x in dominoes_in(summary)} <= faces


@pytest.mark.parametrize("name", [name for name in VARIANTS if name != "42"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_V_GEN_SEE_no_observation_holds_an_unseen_tile_in_any_variant(name: str, seed: int) -> None:
    variant: Variant = VARIANTS[name]
    for game in random_game_states(variant, seed, 150):
        check(game)
