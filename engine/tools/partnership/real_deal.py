"""Which plays cost the contract nothing, on the real deal: every hand known, solved exactly.

The battery is built from games this project played, so every hand is known; the exact solver
(:class:`engine.players.solver.DealSolver`) says, for each legal tile, whether the contract is
still made after it against any defence (R-CONTRACT-POINTS: the points the declarers still need;
R-CONTRACT-MARKS: every point, so every trick, as :func:`engine.players.strong_classic.search_play`
asks). A play costs nothing when the contract then goes the seat's side's way whenever any play
would. The question is the contract's, as the strong player's is: a hand of 42 is worth its
marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...game import Game
from ...players.solver import DealSolver, OutOfBudget
from ...seats import FOUR_SEATS

#: Tiles the solver may try for one position, all its plays together; a position that needs
#: more is left out (deterministically: nodes are counted, not timed).
NODE_LIMIT = 400_000


def costless_plays(game: Game, tiles: Sequence[int],
                   node_limit: int = NODE_LIMIT) -> frozenset[int] | None:
    """Of ``tiles`` (legal plays of the seat to act), those after which the contract goes the
    seat's side's way if it can go that way at all; ``None`` past the node limit."""
    hand = game.hand
    seat = hand.to_act
    contract = hand.contract
    trump = hand.trump
    assert seat is not None and contract is not None and trump is not None
    hands = [hand.held & mask for mask in hand.setup.masks]
    team = int(FOUR_SEATS.side_of[contract.declarer])
    ours = FOUR_SEATS.side_of[seat] == team
    trick = tuple((int(s), int(t)) for s, t in hand.trick)
    leader = trick[0][0] if trick else int(seat)
    solver = DealSolver(hands, int(trump), team, node_limit=node_limit)
    if contract.takes_every_trick:
        need = solver.points_in_play(trick)
    else:
        need = contract.bid.points - hand.points[team]
    try:
        good = {t: solver.reach_after(leader, trick, t, need) is ours for t in tiles}
    except OutOfBudget:
        return None
    reachable = any(good.values())
    return frozenset(t for t in tiles if good[t] is reachable)
