"""Contracts bid and played at the table by the strong player, to correct the solved chances.

A hand solved with every tile face up is not a hand played at a table, where nobody sees the
others' tiles. So deals are dealt from a seed, the strong player calls every seat's auction on
the model being fitted (:func:`engine.players.strong.calibrated_call`), the declarer names its
trump on it, and the strong player plays all four seats. A hand ends once its contract is
decided (R-EARLY-END), so each gives one level, its bid's: what the bidder knew of the
declarer's bid (:func:`engine.players.bidding.blend_inputs`), and whether it was made.
:func:`fit.fit_blend` reads the one from the other. Hands thrown in, and house-rule contracts,
give nothing.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator
from functools import partial

from ...actions import Bid, BidKind
from ...dominoes import mask_of
from ...game import Game
from ...hand import Phase
from ...observation import observe
from ...players import strong
from ...players.bid_features import features
from ...players.bidding import Model, blend_inputs, earlier_calls
from ...players.strong_classic import prospects
from ...records import HandResult

Known = tuple[float, ...]


def played(model: Model, seed: str) -> tuple[Known, bool] | None:
    """One contract: what the declarer knew of its bid, and whether it was made."""
    game = Game.new(seed)
    rng = random.Random(seed)
    at_bid: tuple[Known, int] | None = None
    while game.hand.phase is not Phase.PLAY and game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        if game.hand.phase is Phase.AUCTION:
            found = strong.calibrated_call(observation, model)
            action = found.action
            if isinstance(action, Bid) and found.chances is not None:
                trump = found.chances.trump
                outlook = next(o for o in prospects(observation) if o.trump == trump)
                x = features(mask_of(observation.hand), int(trump), earlier_calls(observation))
                level = 42 if action.is_marks else action.points
                at_bid = (blend_inputs(model, x, level, outlook), int(seat))
        else:
            action = strong.name_trump(observation, rng, model)
        game = game.apply(seat, action)
    contract = game.hand.contract if game.hand_number == 1 else None
    if (contract is None or at_bid is None or at_bid[1] != contract.declarer
            or contract.bid.kind is not BidKind.PLAIN):
        return None
    return at_bid[0], play_first_hand(game, seed).made


def play_first_hand(game: Game, seed: str) -> HandResult:
    """The first hand of ``game`` played out by the strong player in every seat (each seat's
    generator seeded from ``seed``), and how it ended."""
    rngs = [random.Random(f"{seed}:{s}") for s in range(4)]
    while game.hand_number == 1 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, strong.decide(observe(game, seat), rngs[seat]))
    result = game.finished[0].result
    assert result is not None
    return result


def play_all(model: Model, seed: str, deals: int,
             jobs: int = 1) -> Iterator[tuple[Known, bool]]:
    """The contracts of ``deals`` deals, in deal order, over ``jobs`` processes."""
    seeds = [f"{seed}:{i}" for i in range(deals)]
    one = partial(played, model)
    if jobs == 1:
        yield from (f for f in map(one, seeds) if f is not None)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from (f for f in pool.imap(one, seeds, chunksize=4) if f is not None)
