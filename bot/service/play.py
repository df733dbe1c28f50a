"""Playing: a member's action (from a button, or typed), a computer player's turn and its
decision, and a hint. Every accepted action is committed before anyone is answered, and one
that lost a race against another writer of its table is tried again on the game as stored, so
it is never applied twice."""

from __future__ import annotations

import logging
import time
from dataclasses import replace

from engine import Action, RuleError, Seat, observe, parse_action
from engine.seats import seat_title

from ..i18n import N_
from ..records import Status, StoredAction
from ..storage import ConflictError
from .refusals import OUT_OF_DATE, Refusal, Stale, refusal_for, require_drawn, seat_of
from .results import results
from .store import Live, TableStore, clock_deadline
from .values import Accepted, ComputerTurn, Panel, computer_seed

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""Tries of one action against other writers of its table before the player is told to retry."""
AWAY = N_("A computer player is playing for you while you are away: press I'm back to play"
          " again.")


class Play(TableStore):
    async def act(self, table_id: int, user_id: int, hand_number: int, count: int,
                  text: str) -> Accepted:
        """Apply ``text`` (an action's short form) for ``user_id``'s seat, from a panel drawn
        when the game had accepted ``count`` actions in hand ``hand_number``."""
        return await self._act(table_id, user_id, text, drawn=(hand_number, count))

    async def act_now(self, table_id: int, user_id: int, text: str) -> Accepted:
        """Apply ``text`` for ``user_id``'s seat as the game stands when it arrives: a typed
        command, which no panel drew. Same refusals, same commit, same answer as a button."""
        return await self._act(table_id, user_id, text, drawn=None)

    async def _act(self, table_id: int, user_id: int, text: str,
                   drawn: tuple[int, int] | None) -> Accepted:
        """One attempt on the game as cached, then, if another writer (another process of the
        bot) moved the table meanwhile, on the game as stored: a click from a panel that
        process drew is accepted, and an action is never applied twice."""
        async with self._locks[table_id]:
            for attempt in range(ATTEMPTS):
                live = await self._load(table_id)
                try:
                    accepted = await self._act_on(live, user_id, text, drawn)
                    break
                except Stale:
                    continue
                except Refusal:
                    if attempt or not await self._behind(live):
                        raise
            else:
                raise Refusal("The table changed meanwhile; open your hand again.")
        self._changed(table_id)
        return accepted

    async def _act_on(self, live: Live, user_id: int, text: str,
                      drawn: tuple[int, int] | None) -> Accepted:
        table = live.table
        if table.status is Status.CLOSED:
            raise Refusal("This table was closed.")
        seat = seat_of(table, user_id)
        if table.status is Status.FINISHED:
            raise Refusal("This game is over.")
        if live.game is None:
            raise Refusal("The game has not started yet.")
        if drawn is not None and drawn != (live.game.hand_number, live.count):
            panel = self._panel(live, seat)
            if drawn[0] != live.game.hand_number:
                raise Refusal("That button belongs to an earlier hand; here is your current"
                              " panel.", panel=panel)
            raise Refusal(OUT_OF_DATE, panel=panel)
        if seat in table.stand_ins:
            raise Refusal(AWAY, panel=self._panel(live, seat))
        try:
            action = parse_action(text, table.variant.top)
        except ValueError:
            raise Refusal("That button is not one of this table's.") from None
        try:
            return await self._commit(live, seat, action)
        except RuleError as error:
            raise refusal_for(error, self._panel(live, seat)) from None

    async def computer_turn(self, table_id: int) -> ComputerTurn | None:
        """The computer player's turn at this table, if the seat to act is played by one, or
        is a member's under a move clock (made for them when their time runs out)."""
        async with self._locks[table_id]:
            try:
                live = await self._load(table_id)
            except Refusal:
                return None
            table, game = live.table, live.game
            if table.status is not Status.PLAYING or game is None or table.seed is None:
                return None
            seat = game.to_act
            deadline = clock_deadline(live)
            if seat is None or (deadline is None and not table.computer_plays(seat)):
                return None
            return ComputerTurn(table_id, live.count, seat, observe(game, seat),
                                computer_seed(table.seed, live.count), table.level,
                                due=deadline or 0.0)

    async def hint_panel(self, table_id: int, user_id: int, hand_number: int,
                         count: int) -> Panel:
        """A member asks for a hint from their panel drawn at ``count`` actions: refused unless
        the table offers hints and it is still that member's turn; counted (once per turn) for
        the leaderboard when the game ends. The hint is worked out from the panel's
        observation, the seat's own (R-SEE-HAND), and from nothing else."""
        async with self._locked(table_id, current=True) as live:
            table = live.table
            if table.status is not Status.PLAYING or live.game is None:
                raise Refusal("A hint can be asked for only while the game is on.")
            seat = seat_of(table, user_id)
            panel = self._panel(live, seat)
            if not table.hints:
                raise Refusal("Hints are off at this table.", panel=panel)
            require_drawn(panel, (hand_number, count), N_(
                "That panel was out of date, so no hint was given; here is your current one."))
            if seat in table.stand_ins:
                raise Refusal(AWAY, panel=panel)
            if live.game.to_act != seat:
                raise Refusal("A hint is for your own turn.", panel=panel)
            await self._store(live, self.storage.count_hint(table_id, user_id, live.count))
            log.info("table %s: a hint for %s", table_id, seat_title(seat))
            return panel

    async def act_as_computer(self, turn: ComputerTurn, text: str) -> Accepted | None:
        """Apply a computer player's decision for ``turn``, through the same path as a
        member's action; ``None`` (nothing done) if the game moved on while it thought, or the
        seat's member took it back. Raises ``RuleError`` or ``ValueError`` if the decision is
        not a legal action (a faulty policy)."""
        async with self._locked(turn.table_id) as live:
            table, game = live.table, live.game
            if (table.status is not Status.PLAYING or game is None or live.count != turn.count
                    or game.to_act != turn.seat
                    or not (table.computer_plays(turn.seat) or turn.timed)):
                return None
            try:
                accepted: Accepted | None = await self._commit(
                    live, turn.seat, parse_action(text, table.variant.top), by_computer=True,
                    timed_out=turn.timed)
            except Stale:
                accepted = None  # another process moved first: look again at the stored game
        self._changed(turn.table_id)
        return accepted

    async def _commit(self, live: Live, seat: Seat, action: Action, *,
                      by_computer: bool = False, timed_out: bool = False) -> Accepted:
        """Apply (``RuleError`` if illegal), commit, then update the cache: nothing is shown
        before the action is on disk."""
        table, game = live.table, live.game
        assert game is not None
        after = game.apply(seat, action)
        members, computers = results(table, after) if after.is_over else (None, [])
        stored = StoredAction(live.count, game.hand_number, seat, str(action))
        try:
            await self.storage.append_action(
                table.id, stored, finished=members, computers=computers,
                totals=after.standing.totals if after.is_over else ())
        except ConflictError:
            # Another process wrote to this table first: the cache is behind, drop it.
            self._forget(table.id)
            raise Stale() from None
        live.game, live.count = after, live.count + 1
        live.moved_at, live.timed_out = time.time(), seat if timed_out else None
        if members is not None:
            live.table = replace(table, status=Status.FINISHED)
        snapshot = self._snapshot(live)
        last = snapshot.last_action
        assert last is not None
        log.info("table %s: %s %s%s", table.id, seat_title(seat), last.action,
                 " (time ran out; computer)" if timed_out else " (computer)" if by_computer
                 else "")
        redraw = tuple(player.user_id for other, player in enumerate(live.table.seats)
                       if player is not None and player.user_id is not None
                       and (other != seat or by_computer))
        return Accepted(snapshot, self._panel(live, seat), by_computer, redraw)
