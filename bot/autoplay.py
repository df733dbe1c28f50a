"""Computer players take their turns: after every change, the seat to act is checked, and a
computer player's move is thought out in a worker process, then applied after a short pause.

Per table at most one task runs. It asks the service for the turn (under the table's lock),
thinks with the lock released, waits out what is left of the pause, then hands the decision to
the service, which applies it under the lock only if the game is still where it was. The pause
is pacing for the people watching, counted from the move before; it is no move clock
(R-NO-CLOCK): members are never hurried, unless their table was opened with a move clock: then
a member's move is made for them, as a computer player would, once their time runs out.
After a restart, :meth:`Autoplay.resume` picks up every table whose seat to
act is a computer player's; the decision is made again from the same seed, so it is the same —
unless the thinking processes are behind (hundreds of tables resumed at once), when it is made
quickly (:mod:`bot.thinking`).

A table's level (:class:`bot.records.Level`) says who decides: the configured policy (the strong
player) in the worker processes, or at a casual table the rules of thumb, in this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence

from engine import Observation, Phase, RuleError
from engine.players import Policy, load_policy

from .keyed import KeyedWorkers
from .records import Level, Status, TableRecord
from .service import Accepted, ComputerTurn, Refusal, TableService
from .thinking import Thinker, decide_here

log = logging.getLogger(__name__)

FALLBACK_POLICY = "engine.players.rules:decide"
"""The rules of thumb: a casual table's computer players, and the fallback when the configured
policy fails (a broken worker, an illegal choice), so that a table is never stuck on a computer
player. They decide in the bot's own process: under a quarter of a millisecond a decision in
every game of the family. Should they fail too, or choose something not allowed, the first
legal action is played."""
HAND_BOUNDARY = 3
"""How many pauses a computer player waits before the first call of a new hand."""
TRICK_LYING = 2
"""How many pauses a computer player waits before leading while the last trick still lies on
the table (R-SEE-TABLE): leading gathers it."""
FIRST_MOVES_LIMIT = 30.0
"""Seconds at most a resumed table, its first move made, waits for the other resumed tables'
first moves before its next one."""


class Autoplay:
    """Drives the computer players of every table of ``service``."""

    def __init__(self, service: TableService, thinker: Thinker, *, pause: float,
                 fallback: Policy | None = None) -> None:
        self.service = service
        self.thinker = thinker
        self.pause = pause
        self._fallback = fallback or load_policy(FALLBACK_POLICY)
        self._turns: KeyedWorkers[int] = KeyedWorkers("computer players at table")
        self._listeners: list[Callable[[Accepted], None]] = []
        self._resuming: set[int] = set()
        """Tables :meth:`resume` picked up that have not had their first look yet."""
        self._resumed: set[int] = set()
        """Every table :meth:`resume` picked up, until all have had their first look."""
        self._caught_up = asyncio.Event()
        self._clocks: dict[int, asyncio.TimerHandle] = {}
        """Each table with a move clock whose member is to act: its look when time runs out."""
        service.watch(self.poke)

    def listen(self, callback: Callable[[Accepted], None]) -> None:
        """Call ``callback`` with every computer player's move once it is committed."""
        self._listeners.append(callback)

    def unlisten(self, callback: Callable[[Accepted], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def poke(self, table_id: int) -> None:
        """Something changed at this table: a computer player may be to act."""
        self._turns.mark(table_id, lambda: self._look(table_id))

    async def resume(self, tables: Sequence[TableRecord] | None = None) -> int:
        """After a start: every game in progress (of ``tables``, else of the service's
        active tables) gets a look; returns how many there are."""
        if tables is None:
            tables = await self.service.active_tables()
        playing = [t.id for t in tables if t.status is Status.PLAYING]
        if playing:
            self._caught_up.clear()
        self._resuming.update(playing)
        self._resumed.update(playing)
        for table_id in playing:
            self.poke(table_id)
        self._check_caught_up()
        return len(playing)

    async def caught_up(self) -> None:
        """Until every game :meth:`resume` picked up has had its first look: its computer
        player's move made, or none due."""
        await self._caught_up.wait()

    def _check_caught_up(self) -> None:
        if not self._resuming:
            self._resumed.clear()
            self._caught_up.set()

    @property
    def busy(self) -> int:
        """How many tables have a computer player's move pending."""
        return len(self._turns)

    async def idle(self) -> None:
        """Until no computer player anywhere has a move pending."""
        await self._turns.idle()

    async def close(self) -> None:
        """Stop: pending moves are dropped (a restart makes them again), workers end."""
        self.service.unwatch(self.poke)
        for waking in self._clocks.values():
            waking.cancel()
        self._clocks.clear()
        await self._turns.close()
        await self.thinker.close()

    # ----- one table ------------------------------------------------------------------------

    async def _look(self, table_id: int) -> None:
        """One look at the table: its computer player's move, if one is due. An accepted move
        marks the table again, for the next look."""
        try:
            await self._move(table_id)
        except Refusal as refusal:
            log.warning("table %s: a computer player could not move: %s", table_id,
                        refusal.msgid)
            return
        except Exception:
            log.exception("table %s: a computer player's move failed", table_id)
            return
        finally:
            self._looked_at(table_id)
        if self._turns.marked(table_id) and table_id in self._resumed:
            await self._others_first()

    async def _others_first(self) -> None:
        """After a restart every resumed table moves once before any moves twice: otherwise
        the tables that moved first, each back after a pause, would keep the thinking busy
        and the last ones waiting (at most :data:`FIRST_MOVES_LIMIT` seconds)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._caught_up.wait(), FIRST_MOVES_LIMIT)

    def _looked_at(self, table_id: int) -> None:
        if table_id in self._resuming:
            self._resuming.discard(table_id)
            self._check_caught_up()

    async def _move(self, table_id: int) -> None:
        turn = await self.service.computer_turn(table_id)
        if turn is None:
            return
        loop = asyncio.get_running_loop()
        if turn.timed:
            left = turn.due - time.time()
            if left > 0:
                self._wake_at(table_id, left)
                return
        started = loop.time()
        text = await self._decide(turn)
        wait = 0.0 if turn.timed else (
            self.pause_before(turn.observation) - (loop.time() - started))
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            accepted = await self.service.act_as_computer(turn, text)
        except (RuleError, ValueError):
            log.exception("table %s: the computer player chose %r, which is not allowed; "
                          "deciding again with %s", table_id, text, FALLBACK_POLICY)
            accepted = await self.service.act_as_computer(turn, self._decide_here(turn))
        if accepted is None:
            return  # the game moved on meanwhile, or the member took the seat back
        for callback in list(self._listeners):
            try:
                callback(accepted)
            except Exception:
                log.exception("table %s: a listener of computer moves failed", table_id)

    def _wake_at(self, table_id: int, delay: float) -> None:
        """Look at the table again in ``delay`` seconds, when its member's time runs out."""
        waking = self._clocks.pop(table_id, None)
        if waking is not None:
            waking.cancel()
        self._clocks[table_id] = asyncio.get_running_loop().call_later(
            delay, self.poke, table_id)

    def pause_before(self, observation: Observation) -> float:
        """The pause before a computer player's move: longer for the first call of a new hand,
        so the table can read how the last one ended before the auction moves on, and for a
        lead that gathers the trick before it, so it can be seen won."""
        opening = (observation.phase is Phase.AUCTION and not observation.auction
                   and observation.hand_number > 1)
        if opening:
            return self.pause * HAND_BOUNDARY
        if observation.phase is Phase.PLAY and observation.completed_trick is not None:
            return self.pause * TRICK_LYING
        return self.pause

    async def _decide(self, turn: ComputerTurn) -> str:
        if turn.level is Level.CASUAL:
            return self._decide_here(turn)
        try:
            return await self.thinker.decide(turn.observation, turn.seed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the computer player's thinking failed; deciding with %s",
                          turn.table_id, FALLBACK_POLICY)
            return self._decide_here(turn)

    def _decide_here(self, turn: ComputerTurn) -> str:
        """The rules of thumb's choice if it is legal, else the first legal action: whatever
        the house rules, a computer player's turn always ends in a legal move. They decide
        for a casual table, and whenever the strong player fails."""
        legal = [str(action) for action in turn.observation.legal]
        try:
            text = decide_here(self._fallback, turn.observation, turn.seed)
        except Exception:
            log.exception("table %s: %s failed too; playing the first legal action",
                          turn.table_id, FALLBACK_POLICY)
            return legal[0] if legal else ""
        if legal and text not in legal:
            log.error("table %s: %s chose %r, which is not allowed; playing the first legal "
                      "action", turn.table_id, FALLBACK_POLICY, text)
            return legal[0]
        return text
