"""Where computer players think: worker processes, never the event loop.

A decision is a pure function of one seat's observation (``engine.observe``) and a seed, so it
is sent to a process of a :class:`concurrent.futures.ProcessPoolExecutor` as exactly that: the
observation (plain frozen dataclasses, enums and tuples, which pickle) and the seed text. The
game, and with it the other seats' hands, never leaves the bot's process. Each worker loads the
policy once, runs at a lower priority than the bot so that the event loop is served first, and
ends itself if the bot's process disappears (a ``kill -9`` leaves no orphan thinking).

When the workers are behind — more than :data:`BACKLOG_PER_WORKER` decisions waiting for each
of them, as after a restart with hundreds of tables at a computer player's turn — a decision is
asked of the policy with ``quick=True`` (if it takes it, :class:`engine.players.QuickPolicy`):
a weaker move now rather than a table waiting behind hundreds of full searches. The queue then
drains and the next decisions think in full again.

This module imports only the standard library and the engine: it is what a worker imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol, TypeVar

from engine import Observation
from engine.players import Policy, QuickPolicy, can_hurry, load_policy
from engine.players.hints import Hint, hint
from engine.players.reasons import Explained, explained

log = logging.getLogger(__name__)
T = TypeVar("T")

WORKER_NICENESS = 10
"""How much lower than the bot a worker runs: the event loop gets a core first."""
BACKLOG_PER_WORKER = 8
"""Decisions waiting per worker beyond which the next one is asked for quickly."""


class Thinker(Protocol):
    """Decides a computer player's action, returned in its short text form, works out a
    member's hint (the strong player's choice and its reason), each from one observation, and
    explains a past decision of the strong player's (:mod:`engine.players.reasons`)."""

    async def decide(self, observation: Observation, seed: str) -> str: ...

    async def hint(self, observation: Observation) -> Hint: ...

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained: ...

    async def close(self) -> None: ...


# ----- inside a worker -------------------------------------------------------------------------

_policy: Policy | None = None
_quick_policy: QuickPolicy | None = None
"""The same policy, if it can decide quickly too."""


def _start_worker(policy_path: str, parent: int) -> None:
    """A worker's initializer: the policy is imported once; lower priority; an orphan exits.

    ``parent`` is the bot's process id, given by the bot: a worker that starts only after the
    bot was killed (it takes a moment to import the engine) has been orphaned already, and
    exits at once."""
    global _policy, _quick_policy
    _policy = load_policy(policy_path)
    _quick_policy = _policy if can_hurry(_policy) else None
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch parent", daemon=True).start()


def _decide_in_worker(observation: Observation, seed: str, quick: bool) -> str:
    assert _policy is not None, "the worker was started without a policy"
    if quick and _quick_policy is not None:
        return str(_quick_policy(observation, random.Random(seed), quick=True))
    return str(_policy(observation, random.Random(seed)))


def _hint_in_worker(observation: Observation) -> Hint:
    return hint(observation)


def _explain_in_worker(observation: Observation, seed: str,
                       hands: tuple[int, ...] | None) -> Explained:
    return explained(observation, seed, hands)


def decide_here(policy: Policy, observation: Observation, seed: str) -> str:
    """What a worker answers, computed in this process (for tests and fallbacks)."""
    return str(policy(observation, random.Random(seed)))


# ----- in the bot --------------------------------------------------------------------------------

def _context() -> multiprocessing.context.BaseContext:
    """Fresh processes, never a fork of the bot's (its threads, sockets and event loop). They
    are the bot's own children, so each notices when the bot is gone (a fork server would
    keep them alive after a ``kill -9``)."""
    return multiprocessing.get_context("spawn")


class PoolThinker:
    """Computer players' decisions in ``workers`` processes, started (in a thread) by
    :meth:`start` or at the first decision.

    >>> import asyncio
    >>> from engine import Game, observe
    >>> async def first_call() -> str:
    ...     thinker = PoolThinker("engine.players.random_legal:decide", workers=1)
    ...     try:
    ...         game = Game.new("a seed")
    ...         return await thinker.decide(observe(game, game.to_act), "a seed:0")
    ...     finally:
    ...         await thinker.close()
    >>> asyncio.run(first_call()) in {str(a) for a in Game.new("a seed").legal_actions()}
    True
    """

    def __init__(self, policy: str, workers: int) -> None:
        load_policy(policy)  # fail here, in the bot, if the name is wrong
        self.policy = policy
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None
        self._starting = asyncio.Lock()
        self._waiting = 0
        """Decisions asked of the workers and not answered yet."""
        self._hurrying = False
        self.quick_decisions = 0
        """How many decisions were asked for quickly (:data:`BACKLOG_PER_WORKER`)."""

    async def start(self) -> None:
        """Start the worker processes, in a thread: starting them (a fork server, the engine
        imported) takes a moment the event loop must not spend."""
        async with self._starting:
            if self._executor is None:
                self._executor = await asyncio.to_thread(self._new_pool)

    def _new_pool(self) -> ProcessPoolExecutor:
        executor = ProcessPoolExecutor(self.workers, mp_context=_context(),
                                       initializer=_start_worker,
                                       initargs=(self.policy, os.getpid()))
        pings = [executor.submit(os.getpid) for _ in range(self.workers)]
        for ping in pings:
            ping.result()
        return executor

    async def decide(self, observation: Observation, seed: str) -> str:
        quick = self._waiting >= self.workers * BACKLOG_PER_WORKER
        if quick != self._hurrying:
            self._hurrying = quick
            if quick:
                log.warning("the computer players' thinking is behind (%d decisions waiting): "
                            "deciding quickly until it catches up", self._waiting)
            else:
                log.info("the computer players' thinking has caught up (%d quick decisions "
                         "so far)", self.quick_decisions)
        self.quick_decisions += quick
        self._waiting += 1
        try:
            return await self._run(_decide_in_worker, observation, seed, quick)
        finally:
            self._waiting -= 1

    async def hint(self, observation: Observation) -> Hint:
        return await self._run(_hint_in_worker, observation)

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained:
        return await self._run(_explain_in_worker, observation, seed, hands)

    async def _run(self, work: Callable[..., T], *args: object) -> T:
        if self._executor is None:
            await self.start()
        executor = self._executor
        assert executor is not None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(executor, work, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): the next decision starts new ones.
            log.error("a computer player's process died; new ones start at the next decision")
            if self._executor is executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
