"""The computer players' decisions of the last finished hand, for a member to ask why they were
made (docs/PLAYERS.md): each with what its seat saw then and the seed it decided with, so the
strong player's reasoning is found again exactly (:mod:`engine.players.reasons`), in a worker.

Only once the hand is over, and within R-REVIEW: a tile never played stays hidden even after the
game, so the reasons name only the tiles the hand's tricks show (:attr:`HandMoves.played`), and
hindsight (every hand face up) is given only for a hand played to its last trick, where every
tile, every hand with it, is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Game, Observation, Seat, observe, parse_action, summarize
from engine.actions import Action, Play
from engine.dominoes import mask_of
from engine.observation import HandSummary
from engine.variants import FORTY_TWO

from ..records import FIRST_RULES_VERSION, StoredAction, TableRecord
from .refusals import Refusal
from .store import TableStore
from .values import computer_seed


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A computer player's decision with a choice in it: what its seat saw, its seed, what it
    did, and every seat's tiles at that moment (for hindsight)."""

    n: int
    seat: Seat
    action: Action
    observation: Observation
    seed: str
    hands: tuple[int, ...] | None
    """Every seat's tiles at that moment, for hindsight: only when the hand was played to its
    last trick (None otherwise)."""
    trick: int
    """The trick it was played to, from 1 (0 before the play)."""


@dataclass(frozen=True, slots=True)
class HandMoves:
    """The last finished hand and its computer players' decisions, in order."""

    table: TableRecord
    summary: HandSummary
    moves: tuple[ComputerMove, ...]

    @property
    def played(self) -> frozenset[Action]:
        """The plays the hand's tricks show: the only tiles its review may name."""
        return frozenset(Play(tile) for trick in self.summary.tricks
                         for _, tile in trick.plays)


@dataclass(frozen=True, slots=True)
class TrickMoves:
    """The computer players' decisions in the trick on the table, while the hand is on: the
    tiles played to it are the only ones the reasons may name."""

    table: TableRecord
    moves: tuple[ComputerMove, ...]

    @property
    def played(self) -> frozenset[Action]:
        return frozenset(move.action for move in self.moves)


class Reasons(TableStore):
    async def computer_moves(self, table_id: int) -> HandMoves:
        """The last finished hand's computer decisions; a refusal when there is nothing to
        explain."""
        async with self._locked(table_id) as live:
            table, game = live.table, live.game
            summary = summarize(game) if game is not None else None
            if summary is None or table.seed is None:
                raise Refusal("No hand has finished yet at this table.")
            if table.variant is not FORTY_TWO:
                raise Refusal("The computer players' reasons are shown in 42 only.")
            if not any(p is not None and p.is_computer for p in table.seats):
                raise Refusal("No computer player played at this table.")
            stored = await self.storage.actions(table_id)
        public = len(summary.tricks) == table.variant.hand_size
        return HandMoves(table, summary,
                         tuple(_moves(table, stored, summary.hand_number, public)))


    async def trick_moves(self, table_id: int) -> TrickMoves:
        """The computer decisions in the trick on the table (R-SEE-TABLE: the trick in
        progress, or the one just completed, until it is gathered); a refusal when there is
        none."""
        async with self._locked(table_id) as live:
            table, game = live.table, live.game
            if table.variant is not FORTY_TWO:
                raise Refusal("The computer players' reasons are shown in 42 only.")
            if not any(p is not None and p.is_computer for p in table.seats):
                raise Refusal("No computer player played at this table.")
            seen = observe(game, None) if game is not None else None
            if seen is None or table.seed is None or not (seen.trick or seen.completed_trick):
                raise Refusal("No trick is on the table now.")
            done = summarize(game) if game is not None and game.ended_hand else None
            hand_number = done.hand_number if done is not None else seen.hand_number
            stored = await self.storage.actions(table_id)
        in_view = set(seen.trick or (seen.completed_trick.plays if seen.completed_trick else ()))
        moves = tuple(m for m in _moves(table, stored, hand_number, False)
                      if isinstance(m.action, Play) and (m.seat, m.action.tile) in in_view)
        return TrickMoves(table, moves)


def _moves(table: TableRecord, stored: Sequence[StoredAction], hand_number: int,
           public: bool) -> list[ComputerMove]:
    """Replay the game, noting each decision of a computer player's own seat in the hand (with
    every seat's tiles when the hand is ``public``)."""
    assert table.seed is not None
    version = table.rules_version if table.rules_version is not None else FIRST_RULES_VERSION
    game = Game.new(table.seed, table.options, version, table.variant)
    found = []
    seats = table.variant.seating.seats
    count = len(seats)
    plays = 0
    for action in stored:
        taken = parse_action(action.text, table.variant.top)
        player = table.player(action.seat)
        if action.hand_number != hand_number:
            game = game.apply(action.seat, taken)
            continue
        if player is not None and player.is_computer:
            seen = observe(game, action.seat)
            if len(seen.legal) > 1:
                found.append(ComputerMove(
                    action.n, action.seat, taken, seen, computer_seed(table.seed, action.n),
                    tuple(mask_of(game.hand.hand_of(s)) for s in seats) if public else None,
                    plays // count + 1 if isinstance(taken, Play) else 0))
        plays += isinstance(taken, Play)
        game = game.apply(action.seat, taken)
    return found
