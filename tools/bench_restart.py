"""``python -m tools.bench_restart``: how soon a restarted bot with many open tables is back.

A database is filled with ``--tables`` open tables, each with its table message posted, half of
them four computer players mid-hand and half four members mid-hand. Then the real
``python -m bot`` is started on it against the project's stand-in for Discord
(:mod:`tools.discord_double`), and timed from the moment the process is started:

- until it is connected (READY);
- until it answered the first interaction: a member pressing My hand on a table message posted
  before the restart (target: under 2 s);
- until every computer players' table has made a move again (target: under 10 s);
- until every table message has been redrawn.

It runs on an SQLite file, then, with ``--postgres URL`` (an empty database it may fill), on
PostgreSQL. The bot runs with its defaults (the strong computer player, a 1.5 s pause, one
thinking process per core) unless ``--policy``/``--pause`` say otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bot.config import DEFAULT_BOT_PAUSE, DEFAULT_BOT_POLICY
from bot.service import Fill, TableService
from bot.storage import open_storage
from bot.storage.target import settings_for
from bot.thinking import decide_here
from engine.players import load_policy
from tools.discord_double import BotProcess, DiscordDouble, SimulatedMember

CHANNELS_PER_GUILD = 250
"""Discord allows 500 channels in a server; the tables are spread over servers of 250."""
ACTIONS = 7
"""Actions played at each table before the restart: the auction done, trump named, a trick
started (mid-hand)."""
RULES = "engine.players.rules:decide"
FIRST_ANSWER_TARGET, COMPUTERS_TARGET = 2.0, 10.0


@dataclass(frozen=True, slots=True)
class Restart:
    connected: float
    first_answer: float
    computers_moving: float
    redrawn: float
    filled: float
    """Seconds it took to fill the database (not part of the restart)."""


@dataclass(frozen=True, slots=True)
class Filled:
    computer_tables: dict[int, int]
    """Table id → actions stored before the restart."""
    member: SimulatedMember
    member_table: int
    messages: list[int]


async def fill(double: DiscordDouble, target: Path | str, tables: int) -> Filled:
    """Open ``tables`` tables through the service, play each to mid-hand, post their messages
    in the double."""
    rules = load_policy(RULES)
    storage = await open_storage(target)
    counter = itertools.count()
    service = TableService(storage, new_seed=lambda: f"restart-{next(counter)}")
    computers: dict[int, int] = {}
    messages: list[int] = []
    member: SimulatedMember | None = None
    member_table = 0
    try:
        guilds = [double.add_guild(f"servers {n}", channels=tuple(
            f"t{c}" for c in range(min(CHANNELS_PER_GUILD, tables - n * CHANNELS_PER_GUILD))))
            for n in range((tables + CHANNELS_PER_GUILD - 1) // CHANNELS_PER_GUILD)]
        for number in range(tables):
            guild = guilds[number // CHANNELS_PER_GUILD]
            channel = double.channel(f"t{number % CHANNELS_PER_GUILD}", guild)
            seated = [double.member(f"m{number}-{seat}", guild=guild) for seat in range(4)]
            by_computers = number % 2 == 0
            snapshot = await service.open_table(
                guild.id, channel.id, seated[0].id, None,
                Fill.ALL if by_computers else Fill.NONE)
            table_id = snapshot.table.id
            if not by_computers:
                for user in seated[1:]:
                    await service.join(table_id, user.id)
            await service.start(table_id, seated[0].id)
            for _ in range(ACTIONS):
                if by_computers:
                    turn = await service.computer_turn(table_id)
                    assert turn is not None
                    await service.act_as_computer(turn, decide_here(rules, turn.observation,
                                                                    turn.seed))
                else:
                    to_act = (await service.snapshot(table_id)).observation.to_act  # type: ignore[union-attr]
                    user = seated[int(to_act)]  # type: ignore[arg-type]
                    panel = await service.panel(table_id, user.id)
                    await service.act(table_id, user.id, panel.observation.hand_number,
                                      panel.count, decide_here(rules, panel.observation, "m"))
            message = double.world.create_message(channel, {"content": "Texas 42"})
            await service.set_message(table_id, message.id)
            messages.append(message.id)
            if by_computers:
                computers[table_id] = ACTIONS
            elif member is None:
                member, member_table = seated[0], table_id
    finally:
        await storage.close()
    assert member is not None
    return Filled(computers, member, member_table, messages)


async def restart(target: Path | str, tables: int, policy: str, pause: float) -> Restart:
    double = DiscordDouble()
    await double.start()
    process: BotProcess | None = None
    try:
        began = time.perf_counter()
        filled = await fill(double, target, tables)
        filled_in = time.perf_counter() - began
        env = {**settings_for(target), "LOG_LEVEL": "WARNING", "BOT_STRONG_PLAYER": policy,
               "BOT_PAUSE_SECONDS": str(pause)}
        process = BotProcess(double, "bot", env=env)
        started = time.perf_counter()
        await process.start(timeout=120)
        connected = time.perf_counter() - started
        first_answer = await first_answer_after(double, filled, started)
        computers_moving = await computers_moving_after(target, filled, started)
        await double.wait_for(lambda: all(len(double.message(m).versions) > 1
                                          for m in filled.messages), 600,
                              "every table message to be redrawn")
        redrawn = time.perf_counter() - started
        return Restart(connected, first_answer, computers_moving, redrawn, filled_in)
    finally:
        if process is not None:
            await process.end()
        await double.stop()


async def first_answer_after(double: DiscordDouble, filled: Filled, started: float) -> float:
    """A member presses My hand on the table message posted before the restart."""
    message = double.message(filled.messages[1])
    before = len(double.interactions)
    press = asyncio.create_task(filled.member.forge_click(
        message, f"42:hand:{filled.member_table}"))
    interaction = await double.wait_for(
        lambda: next((i for i in double.interactions[before:] if i.status != "pending"), None),
        30, "the first interaction to be answered")
    answered = time.perf_counter() - started
    result = await press
    if result.failed:
        raise RuntimeError(f"the first interaction failed: {interaction.failure}")
    return answered


async def computers_moving_after(target: Path | str, filled: Filled, started: float) -> float:
    """Until every table of computer players has stored an action more than before (asked
    in one query per look, so that watching costs the bot's machine next to nothing)."""
    waiting = dict(filled.computer_tables)
    storage = await open_storage(target)
    try:
        while waiting:
            counts = await storage.action_counts(list(waiting))
            waiting = {table_id: n for table_id, n in waiting.items() if counts[table_id] <= n}
            if waiting:
                await asyncio.sleep(0.1)
            if time.perf_counter() - started > 600:
                raise RuntimeError(f"{len(waiting)} tables of computer players never moved")
    finally:
        await storage.close()
    return time.perf_counter() - started


async def open_tables(target: str) -> int:
    """How many open tables the database already has: the restart would resume them too."""
    storage = await open_storage(target)
    try:
        return len(await storage.active_tables())
    finally:
        await storage.close()


def report(name: str, figures: Restart, tables: int) -> str:
    def verdict(seconds: float, target: float) -> str:
        return f"{seconds:.2f} s ({'met' if seconds < target else 'MISSED'}: < {target:g} s)"

    return "\n".join([
        f"  {name}: {tables} open tables (filled in {figures.filled:.0f} s)",
        f"    connected (READY)                       {figures.connected:.2f} s",
        f"    first interaction answered              "
        f"{verdict(figures.first_answer, FIRST_ANSWER_TARGET)}",
        f"    every computer players' table moved     "
        f"{verdict(figures.computers_moving, COMPUTERS_TARGET)}",
        f"    every table message redrawn             {figures.redrawn:.2f} s",
    ])


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_restart",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000, help="open tables (default 1000)")
    parser.add_argument("--postgres", metavar="URL",
                        help="an empty PostgreSQL database for the PostgreSQL run")
    parser.add_argument("--policy", default=DEFAULT_BOT_POLICY,
                        help=f"the computer players (default {DEFAULT_BOT_POLICY})")
    parser.add_argument("--pause", type=float, default=DEFAULT_BOT_PAUSE,
                        help=f"seconds before a computer move (default {DEFAULT_BOT_PAUSE:g})")
    args = parser.parse_args(argv)
    if args.tables < 4:
        parser.error("--tables must be at least 4")
    runs: list[tuple[str, Path | str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-restart-") as folder:
        runs.append(("SQLite", Path(folder) / "bench.sqlite3"))
        if args.postgres:
            runs.append(("PostgreSQL", args.postgres))
        if args.postgres and asyncio.run(open_tables(args.postgres)):
            parser.error("the --postgres database already has open tables (an earlier run's?):"
                         " give it an empty database")
        print(f"bench_restart: {args.policy}, pause {args.pause:g} s", file=out)
        for name, target in runs:
            figures = asyncio.run(restart(target, args.tables, args.policy, args.pause))
            print(report(name, figures, args.tables), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
