"""Fast playouts of a whole hand by the rules of thumb, on bit masks: how a hand fares in
ordinary play, for bidding.

A perfect-information solver says what a deal is worth when every tile is known; ordinary play
takes less. Playouts in which each seat follows the rules of thumb of :mod:`engine.players.rules`
— seeing only its own tiles, the trick in progress and the tiles already played — tell how often
a hand makes a bid when nobody knows where the tiles are. They are cheap: a playout is a few
dozen table look-ups per tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dominoes import COUNT, DOUBLES_MASK
from ..trumps import FOLLOW, LED, POWER, SPECIAL_SUIT


def _lead(hand: int, model: int, declaring: bool, trumps_out: int) -> int:
    """As :func:`engine.players.rules.rank_plays` leads: declarers lead high trumps while
    trumps are out; anyone leads a trump nobody else holds, or a double; otherwise a low
    countless tile; defenders keep their trumps (R-LEAD)."""
    power = POWER[model]
    led = LED[model]
    trumps = hand & FOLLOW[model][SPECIAL_SUIT]
    if trumps and (declaring or not trumps_out):
        return max(tiles_in(trumps), key=lambda t: power[SPECIAL_SUIT][t])
    doubles = hand & DOUBLES_MASK & ~trumps
    if doubles:
        return max(tiles_in(doubles), key=lambda t: power[led[t]][t])
    plain = hand & ~trumps or hand
    return min(tiles_in(plain), key=lambda t: (COUNT[t], power[led[t]][t]))


def follow_cheaply(hand: int, suit_mask: int, strengths: Sequence[int], best: int,
                   partner_wins: bool, count: Sequence[int] = COUNT) -> int:
    """Give count to a winning partner; else win as cheaply as can be, or lose cheaply."""
    playable = tiles_in(hand & suit_mask or hand)
    if partner_wins:
        keep = [t for t in playable if strengths[t] <= best] or playable
        return max(keep, key=lambda t: (count[t], -strengths[t]))
    winners = [t for t in playable if strengths[t] > best]
    if winners:
        return max(winners, key=lambda t: (count[t], -strengths[t]))
    return min(playable, key=lambda t: (count[t], strengths[t]))


def tiles_in(mask: int) -> list[int]:
    """The tile numbers of a mask, lowest first."""
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(low.bit_length() - 1)
        mask ^= low
    return tiles


def playout(hands: Sequence[int], model: int, leader: int, team: int) -> int:
    """The points ``team`` (the declarers, ``leader`` among them) takes when all seven tricks of
    the deal ``hands`` are played by the rules of thumb."""
    held = list(hands)
    trump_mask = FOLLOW[model][SPECIAL_SUIT]
    unplayed = held[0] | held[1] | held[2] | held[3]
    taken = 0
    for _ in range(7):
        seat = leader
        mine = held[seat]
        tile = _lead(mine, model, seat & 1 == team, unplayed & trump_mask & ~mine)
        suit = LED[model][tile]
        strengths = POWER[model][suit]
        best, winner = strengths[tile], seat
        points = 1 + COUNT[tile]
        held[seat] ^= 1 << tile
        unplayed ^= 1 << tile
        for _ in range(3):
            seat = (seat + 1) & 3
            tile = follow_cheaply(held[seat], FOLLOW[model][suit], strengths, best,
                                  winner & 1 == seat & 1)
            points += COUNT[tile]
            if strengths[tile] > best:
                best, winner = strengths[tile], seat
            held[seat] ^= 1 << tile
            unplayed ^= 1 << tile
        if winner & 1 == team:
            taken += points
        leader = winner
    return taken
