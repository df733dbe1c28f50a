"""Nello (H-NELLO) played with search: sampled deals of the unseen tiles, each solved exactly.

Under Nello the declarer must win no trick, the partner sits out, and a trick has three tiles,
so a deal is small enough to solve whole: :class:`NelloSolver` says whether the declarer can
still duck every trick against any defence. For each sampled deal consistent with what the seat
has seen (the voids the trick in progress shows; the tiles of the partner who sits out and of
covered tricks are among the unseen), each legal tile is solved; the declarer plays the tile
that stays clean in the most deals, a defender the one that catches the declarer in the most.
Ties go to the rules of thumb (the declarer ducks with its highest losing tile).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Play
from ..dominoes import mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import FOLLOW, LED, POWER, Trump, trick_model
from .house import house_play
from .knowledge import deal_tiles
from .solver import OutOfBudget

#: Deals solved per decision at most, and the tiles the solver may try over all of them.
NELLO_DEALS = 16
NELLO_NODES = 60_000


class NelloSolver:
    """Perfect-information Nello: can ``declarer`` lose every trick left? ``hands`` are four
    masks (the seat that sits out holds none); ``model`` is the Nello trick model."""

    def __init__(self, hands: Sequence[int], model: int, declarer: int, sitting_out: int,
                 node_limit: int = 1 << 60) -> None:
        self.hands = list(hands)
        self.model = model
        self.declarer = declarer
        self.next_of = tuple(_next(s, sitting_out) for s in range(4))
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[int, bool] = {}

    def clean_after(self, trick: Sequence[tuple[int, int]], seat: int, tile: int) -> bool:
        """Whether the declarer stays clean once ``seat`` has played ``tile`` to ``trick``."""
        hands = self.hands
        saved = list(hands)
        try:
            hands[seat] ^= 1 << tile
            plays = [*trick, (seat, tile)]
            suit = LED[self.model][plays[0][1]]
            strengths = POWER[self.model][suit]
            winner, best = plays[0][0], strengths[plays[0][1]]
            for s, t in plays[1:]:
                if strengths[t] > best:
                    winner, best = s, strengths[t]
            if len(plays) == 3:
                return winner != self.declarer and self._start(winner)
            return self._follow(self.next_of[seat], len(plays), suit, best, winner)
        finally:
            hands[:] = saved

    def _start(self, leader: int) -> bool:
        hands = self.hands
        if not hands[self.declarer]:
            return True
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        key = remaining << 2 | leader
        known = self.table.get(key)
        if known is not None:
            return known
        declaring = leader == self.declarer
        hand = hands[leader]
        led = LED[self.model]
        power = POWER[self.model]
        moves = sorted(_bits(hand), key=lambda t: power[led[t]][t])  # low leads first
        result = not declaring
        for t in moves:
            self._count()
            hands[leader] = hand ^ (1 << t)
            suit = led[t]
            clean = self._follow(self.next_of[leader], 1, suit, power[suit][t], leader)
            hands[leader] = hand
            if clean is declaring:
                result = declaring
                break
        self.table[key] = result
        return result

    def _follow(self, seat: int, k: int, suit: int, best: int, winner: int) -> bool:
        hands = self.hands
        hand = hands[seat]
        playable = hand & FOLLOW[self.model][suit] or hand
        strengths = POWER[self.model][suit]
        declaring = seat == self.declarer
        # the declarer tries its highest tile that loses first; a defender its lowest
        moves = sorted(_bits(playable), key=lambda t: (strengths[t] > best, -strengths[t])
                       if declaring else strengths[t])
        for t in moves:
            self._count()
            if strengths[t] > best:
                new_best, new_winner = strengths[t], seat
            else:
                new_best, new_winner = best, winner
            hands[seat] = hand ^ (1 << t)
            if k == 2:
                clean = new_winner != self.declarer and self._start(new_winner)
            else:
                clean = self._follow(self.next_of[seat], k + 1, suit, new_best, new_winner)
            hands[seat] = hand
            if clean is declaring:
                return declaring
        return not declaring

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfBudget


def _next(seat: int, sitting_out: int) -> int:
    after = (seat + 1) & 3
    return (after + 1) & 3 if after == sitting_out else after


def _bits(mask: int) -> list[int]:
    return [t for t in range(mask.bit_length()) if mask >> t & 1]


def decide_nello(observation: Observation, rng: random.Random) -> Action | None:
    """The play under Nello from solved sampled deals; ``None`` outside a Nello hand in play."""
    contract = observation.contract
    seat = observation.seat
    out = observation.sitting_out
    if (observation.trump is not Trump.NELLO or observation.phase is not Phase.PLAY
            or contract is None or seat is None or out is None):
        return None
    plays = [a for a in observation.legal if isinstance(a, Play)]
    if len(plays) <= 1:
        return plays[0] if plays else None
    model = trick_model(Trump.NELLO, observation.options)
    declarer = int(contract.declarer)
    trick = tuple((int(s), int(t)) for s, t in observation.trick)
    mine = mask_of(observation.hand)
    seen = mine | mask_of(t for _, t in trick)
    for pile in observation.captured:
        seen |= mask_of(pile.tiles)
    if observation.last_trick is not None:
        seen |= mask_of(observation.last_trick.tiles)
    barred = dict.fromkeys(range(4), 0)
    if trick:
        suit_mask = FOLLOW[model][LED[model][trick[0][1]]]
        for s, t in trick[1:]:
            if not suit_mask >> t & 1:
                barred[s] |= suit_mask
    others = {s: observation.hand_sizes[s] for s in range(4) if s not in (seat, out)}
    unseen = [t for t in range(28) if not seen >> t & 1]
    scores = dict.fromkeys(plays, 0)
    budget = NELLO_NODES
    for _ in range(NELLO_DEALS):
        hands = deal_tiles(unseen, others, barred, mine, int(seat), rng)
        if hands is None:
            break
        hands += [0] * (4 - len(hands))
        hands[out] = 0
        solver = NelloSolver(hands, model, declarer, int(out), node_limit=budget)
        try:
            results = [solver.clean_after(trick, int(seat), int(p.tile)) for p in plays]
        except OutOfBudget:
            break
        budget -= solver.nodes
        for play, clean in zip(plays, results, strict=True):
            scores[play] += clean is (seat == declarer)
    top = max(scores.values())
    fallback = house_play(observation)
    if isinstance(fallback, Play) and scores.get(fallback) == top:
        return fallback
    return next(p for p in plays if scores[p] == top)


__all__ = ["NelloSolver", "decide_nello"]
