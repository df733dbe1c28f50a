"""A finished game as the leaderboard counts it: each seat's part, read from the game."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game

from ..records import (
    COMPUTER_PARTNER,
    ComputerResult,
    GameKind,
    Player,
    PlayerResult,
    TableRecord,
)


def results(table: TableRecord, game: Game) -> tuple[list[PlayerResult], list[ComputerResult]]:
    """Each seat's part in a finished game, for the leaderboard: a member's seat counts for the
    member (hands a computer player played for them while they were away included, as the
    others agreed), a computer player's own seat for the server's computer players."""
    members: list[PlayerResult] = []
    computers: list[ComputerResult] = []
    variant = game.variant
    kind = GameKind.of(game.options, variant)
    seating = variant.seating
    contracts = [(hand.contract.declarer, hand.result.made) for hand in game.finished
                 if hand.contract is not None and hand.result is not None]
    totals = game.standing.totals
    for seat in seating.seats:
        player = table.player(seat)
        if player is None:
            continue
        side = seating.side_of[seat]
        won = game.winner == side
        marks = game.marks[side]
        points = game.score[side] if kind.in_points else 0
        bid = sum(1 for declarer, _ in contracts if declarer == seat)
        made = sum(1 for declarer, ok in contracts if declarer == seat and ok)
        if player.user_id is not None:
            partners = tuple(_partner_id(table.player(other)) for other in seating.partners(seat)
                             if table.player(other) is not None)
            members.append(PlayerResult(player.user_id, won, marks, bid, made, points, kind,
                                        partners, side=int(side),
                                        rank=_rank(side, game.winner, totals)))
        elif player.is_computer:
            computers.append(ComputerResult(won, marks, bid, made, points, kind, table.level,
                                            side=int(side),
                                            rank=_rank(side, game.winner, totals)))
    return members, computers


def _partner_id(player: Player | None) -> int:
    """How a member's statistics name a partner: by member id, or as a computer player."""
    if player is None or player.user_id is None:
        return COMPUTER_PARTNER
    return player.user_id


def _rank(side: int, winner: int | None, totals: Sequence[int]) -> int:
    """A side's place as the game ended: the winner first, the others by their final totals
    (equal totals tied)."""
    if side == winner:
        return 0
    return 1 + sum(1 for other, total in enumerate(totals)
                   if other not in (side, winner) and total > totals[side])
