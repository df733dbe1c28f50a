"""``python -m tools.bench_channel``: what a table costs the bot's shared budget in the channel.

Discord gives the whole bot (every process and shard on its token) 50 requests a second for
what it sends with the token: posting, editing and deleting channel messages. Answers to
interactions and edits of a member's private panel (through the interaction's token) do not
count. The real ``python -m bot`` is started with its defaults (the strong computer player,
1.5 s pause) against the project's stand-in for Discord (:mod:`tools.discord_double`), and two
tables are played by simulated members, each pressing their private panel as a person would:

- **busy**: one member and three computer players, the member acting ``--think`` seconds into
  each turn. It prints the channel requests a second (target ≤ 0.15: ≥ 330 such tables within
  the budget) and how many tables of this kind the budget holds.
- **people**: four members acting ``--human`` seconds into each turn; one of them, once, lets
  a turn lie. It prints the pings per member turn (target ≤ 0.1) and how long the idle member
  waited for theirs (target: within 60 s).

With ``--crowd N``, N more tables of casual computer players play in other channels of the
server meanwhile, while the stand-in enforces Discord's global limit: it prints how many of
the bot's requests were refused for it (target under 1%), whether every table advanced, and
how soon the busy table's member was answered (target p95 under 1 s).

Members pass in every auction and play their first playable tile: the bench is about the
traffic, not the game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.config import DEFAULT_BOT_PAUSE
from tools.discord_double import (
    BotProcess,
    Channel,
    DiscordDouble,
    Message,
    RequestRecord,
    SimulatedMember,
)
from tools.discord_double.messages import walk_components
from tools.discord_double.payload import JSON

BUDGET = 50.0
"""Discord's global limit: requests a second with the bot's token, for the whole bot."""
CHANNEL_TARGET, PINGS_TARGET, PING_WAIT_TARGET = 0.15, 0.1, 60.0
REFUSED_TARGET, ANSWER_TARGET = 0.01, 1.0
CROWD_ADVANCED = 8
"""Actions a crowd's table must have stored to count as advancing (its first hand's auction and
its first trick take about that many)."""
MOST_CROWD = 450
"""Discord allows 500 channels in a server; the crowd shares the bot's development server,
where its commands are synced."""
PING_TEXT = "it's your turn"
REFRESH_AFTER = 5.0
"""Seconds a member looks at a panel that does not show the turn the table says is theirs
before pressing Refresh."""
TABLE_CHANNEL = "general"
"""Where the measured table plays (the crowd plays elsewhere)."""


@dataclass
class Seat:
    """A simulated member at the table with their private panel."""

    member: SimulatedMember
    panel: Message | None = None
    turns: int = 0
    idle_once: bool = False
    """Lets one turn lie, to be pinged."""
    waited: list[float] = field(default_factory=list)
    """Seconds from the start of the turn the member let lie to its ping."""
    answers: list[float] = field(default_factory=list)
    """Seconds each of the member's presses took to be answered."""
    refreshes: int = 0
    """Times the member pressed Refresh: their panel had expired or been replaced, or had not
    caught up with a turn the table said was theirs for :data:`REFRESH_AFTER` seconds."""


def actionable(panel: Message) -> list[JSON]:
    """The panel's enabled action controls: tile and pass buttons, the call select."""
    return [c for c in walk_components(panel.latest.components)
            if str(c.get("custom_id", "")).startswith(("42:a:", "42:s:"))
            and not c.get("disabled")]


async def act(seat: Seat, controls: list[JSON]) -> None:
    """Pass if the panel offers it, else the first button, else the first option."""
    assert seat.panel is not None
    buttons = [c for c in controls if c.get("type") == 2]
    passing = [c for c in buttons if str(c["custom_id"]).endswith(":pass")]
    if passing or buttons:
        result = await seat.member.click(seat.panel, (passing or buttons)[0]["custom_id"])
    else:
        select = controls[0]
        result = await seat.member.select(seat.panel, select["custom_id"],
                                          values=[select["options"][0]["value"]])
    seat.turns += 1
    seat.answers.append(result.interaction.answer_time)


async def play(double: DiscordDouble, seat: Seat, think: float, until: float) -> None:
    """Whenever the member's panel offers a move, they make it ``think`` seconds later; a
    panel that stopped following the game is refreshed, as a person would."""
    seen = ""
    stuck = 0.0
    while time.monotonic() < until:
        assert seat.panel is not None
        controls = actionable(seat.panel)
        mark = str(controls[0]["custom_id"]) if controls else ""
        if not controls or mark == seen:
            stuck = stuck or time.monotonic()
            if time.monotonic() - stuck > REFRESH_AFTER and needs_refresh(double, seat):
                await refresh(seat)
                stuck = 0.0
            await asyncio.sleep(0.05)
            continue
        stuck = 0.0
        if seat.idle_once:
            seat.idle_once = False
            seat.waited.append(await let_lie(double, seat.member))
        await asyncio.sleep(think)
        controls = actionable(seat.panel)
        if controls:
            try:
                await act(seat, controls)
            except AssertionError:  # the game moved on meanwhile: look again
                continue
            seen = str(controls[0]["custom_id"])


def needs_refresh(double: DiscordDouble, seat: Seat) -> bool:
    """The member's panel offers only Refresh (it expired or another replaced it), or the
    table message names them to act while their panel offers nothing."""
    assert seat.panel is not None
    controls = [str(c.get("custom_id", "")) for c in walk_components(
        seat.panel.latest.components) if c.get("type") != 1]
    if controls and all(control.startswith("42:refresh:") for control in controls):
        return True
    tables = [m for m in double.messages(double.channel(TABLE_CHANNEL)) if not m.ephemeral]
    return bool(tables) and f"<@{seat.member.id}>" in (tables[-1].latest.content or "")


def refresh_button(panel: Message) -> JSON | None:
    return next((c for c in walk_components(panel.latest.components)
                 if str(c.get("custom_id", "")).startswith("42:refresh:")), None)


async def refresh(seat: Seat) -> None:
    assert seat.panel is not None
    button = refresh_button(seat.panel)
    if button is not None:
        await seat.member.click(seat.panel, button["custom_id"])
        seat.refreshes += 1


async def let_lie(double: DiscordDouble, member: SimulatedMember) -> float:
    """The member lets their turn lie until they are pinged; how long that took."""
    began = time.monotonic()
    await double.wait_for(lambda: pinged_after(double, member, began), 120,
                          f"{member.name} to be pinged")
    return pinged_after(double, member, began) - began


def pinged_after(double: DiscordDouble, member: SimulatedMember, since: float) -> float:
    """When the first ping for ``member`` after ``since`` was posted (0 if none was)."""
    for record in pings(double.requests):
        if record.at > since and str(member.id) in str(record.body):
            return record.at
    return 0.0


def pings(records: Sequence[RequestRecord]) -> list[RequestRecord]:
    return [r for r in records if r.method == "POST" and r.route.endswith("/messages")
            and PING_TEXT in str(r.body)]


def channel_requests(records: Sequence[RequestRecord], channel: int) -> Counter[str]:
    """The bot-token requests on messages of ``channel``, by kind."""
    kinds: Counter[str] = Counter()
    for record in records:
        if record.path.startswith(f"/channels/{channel}/"):
            kinds[f"{record.method} {record.route}"] += 1
    return kinds


async def crowd(double: DiscordDouble, channels: Sequence[Channel]) -> None:
    """A table of casual computer players in each of ``channels``."""
    host = double.member("host")
    for channel in channels:
        opened = await host.slash("42 new", where=channel, bots="all", level="casual")
        if opened.failed:
            raise RuntimeError(f"/42 new failed in #{channel.name}: {opened.failure}")


def tables_advanced(database: Path, since: int) -> tuple[int, int]:
    """How many tables stored an action after the ``since`` first ones, of how many."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        counts = [n for (n,) in db.execute("SELECT COUNT(*) FROM actions GROUP BY table_id")]
        tables = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    return sum(1 for n in counts if n > since), tables


async def seated(double: DiscordDouble, names: Sequence[str], bots: str | None) -> list[Seat]:
    """A table opened by the first member (with computer players in the other seats if
    ``bots``), the others sitting, started, and each member's panel open."""
    members = [double.member(name) for name in names]
    channel = double.channel(TABLE_CHANNEL)
    opened = await members[0].slash("42 new", where=channel,
                                    options={"bots": bots} if bots else None)
    if opened.failed:
        raise RuntimeError(f"/42 new failed: {opened.failure}")
    table = await double.wait_for(lambda: next(
        (m for m in double.messages(channel) if not m.ephemeral and any(
            str(c.get("custom_id", "")).startswith(("42:sit:", "42:hand:"))
            for c in walk_components(m.latest.components))), None), 10, "the table message")
    for member in members[1:]:
        sit = next(c for c in walk_components(table.latest.components)
                   if str(c.get("custom_id", "")).startswith("42:sit:") and not c.get("disabled"))
        await member.click(table, sit["custom_id"])
    start = [c for c in walk_components(table.latest.components)
             if str(c.get("custom_id", "")).startswith("42:start:")]
    if start:
        await members[0].click(table, start[0]["custom_id"])
    await double.wait_for(lambda: any(str(c.get("custom_id", "")).startswith("42:hand:")
                                      for c in walk_components(table.latest.components)), 10,
                          "the game to start")
    seats = [Seat(member) for member in members]
    for seat in seats:
        hand = next(c for c in walk_components(table.latest.components)
                    if str(c.get("custom_id", "")).startswith("42:hand:"))
        result = await seat.member.click(table, hand["custom_id"])
        seat.panel = result.message
        if seat.panel is None:
            raise RuntimeError(f"{seat.member.name}'s panel did not open: {result.failure}")
    return seats


@dataclass(frozen=True, slots=True)
class Figures:
    seconds: float
    channel: Counter[str]
    """The requests on the busy (or people's) table's channel, by kind."""
    pings: int
    turns: int
    waited: list[float]
    answers: list[float]
    requests: int = 0
    """The bot's requests with its token, the crowd's included."""
    refused: int = 0
    """Of them, answered 429 for the global limit."""
    advanced: tuple[int, int] = (0, 0)
    refreshes: int = 0
    """Refresh presses the members needed (:attr:`Seat.refreshes`)."""


async def run(names: Sequence[str], bots: str | None, think: float, minutes: float, pause: float,
              policy: str | None, idle: bool, crowded: int = 0) -> Figures:
    """One table played for ``minutes`` by these members (beside ``crowded`` tables of
    computer players); its channel traffic."""
    double = DiscordDouble()
    crowds = [double.add_channel(f"crowd-{n}") for n in range(crowded)]
    await double.start()
    process: BotProcess | None = None
    with tempfile.TemporaryDirectory(prefix="bench-channel-") as folder:
        database = Path(folder) / "bench.sqlite3"
        try:
            env = {"DATABASE_PATH": str(database),
                   "DEV_GUILD_ID": str(double.guild.id), "LOG_LEVEL": "WARNING",
                   "BOT_PAUSE_SECONDS": str(pause),
                   **({"BOT_STRONG_PLAYER": policy} if policy else {})}
            process = BotProcess(double, "bot", env=env)
            await process.start(timeout=120, wait_for_sync=True)
            await crowd(double, crowds)
            seats = await seated(double, names, bots)
            if idle:
                seats[-1].idle_once = True
            since = time.monotonic()
            until = since + minutes * 60
            before = len(double.requests)
            await asyncio.gather(*(play(double, seat, think, until) for seat in seats))
            elapsed = time.monotonic() - since
            records = [r for r in double.requests[before:] if r.at >= since]
            table = double.channel(TABLE_CHANNEL).id
            token = [r for r in records if not r.route.startswith(("/webhooks/",
                                                                   "/interactions/"))]
            return Figures(elapsed, channel_requests(records, table), len(pings(records)),
                           sum(seat.turns for seat in seats),
                           [w for seat in seats for w in seat.waited],
                           [a for seat in seats for a in seat.answers], len(token),
                           sum(1 for r in token if r.fault == "global"),
                           tables_advanced(database, CROWD_ADVANCED) if crowded else (0, 0),
                           sum(seat.refreshes for seat in seats))
        finally:
            if process is not None:
                await process.end()
            await double.stop()


def report_busy(figures: Figures) -> str:
    total = sum(figures.channel.values())
    rate = total / figures.seconds
    verdict = "met" if rate <= CHANNEL_TARGET else "MISSED"
    lines = [f"  busy table (1 member, 3 computer players), {figures.seconds:.0f} s, "
             f"{figures.turns} member turns",
             f"    channel requests a second      {rate:.3f} ({verdict}: ≤ {CHANNEL_TARGET:g})",
             f"    such tables in the 50/s budget {BUDGET / rate if rate else float('inf'):.0f}",
             f"    Refreshes the member needed    {figures.refreshes}"]
    lines += [f"      {count:5d}  {kind}" for kind, count in figures.channel.most_common()]
    answers = sorted(figures.answers)
    if answers:
        p95 = answers[min(len(answers) - 1, int(0.95 * len(answers)))]
        verdict = "met" if p95 <= ANSWER_TARGET else "MISSED"
        lines.append(f"    member answered p50 / p95      {statistics.median(answers):.3f} s / "
                     f"{p95:.3f} s ({verdict}: p95 ≤ {ANSWER_TARGET:g} s)")
    if figures.advanced[1]:
        share = figures.refused / figures.requests if figures.requests else 0.0
        verdict = "met" if share < REFUSED_TARGET else "MISSED"
        advanced, tables = figures.advanced
        lines += [f"    with {tables - 1} tables of computer players beside it:",
                  f"      the bot's requests             {figures.requests} "
                  f"({figures.requests / figures.seconds:.1f} a second)",
                  f"      refused for the global limit   {figures.refused} "
                  f"({share:.2%}; {verdict}: < {REFUSED_TARGET:.0%})",
                  f"      tables that advanced           {advanced} of {tables}"]
    return "\n".join(lines)


def report_people(figures: Figures) -> str:
    per_turn = figures.pings / figures.turns if figures.turns else 0.0
    verdict = "met" if per_turn <= PINGS_TARGET else "MISSED"
    waited = max(figures.waited, default=0.0)
    wait_verdict = "met" if figures.waited and waited <= PING_WAIT_TARGET else "MISSED"
    total = sum(figures.channel.values())
    return "\n".join([
        f"  people (4 members), {figures.seconds:.0f} s, {figures.turns} member turns",
        f"    pings per member turn          {per_turn:.3f} ({figures.pings} pings; "
        f"{verdict}: ≤ {PINGS_TARGET:g})",
        f"    idle member pinged after       {waited:.1f} s ({wait_verdict}: ≤ "
        f"{PING_WAIT_TARGET:g} s)",
        f"    channel requests a second      {total / figures.seconds:.3f}"])


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_channel",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0,
                        help="minutes each table is played (default 5)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="seconds the busy table's member takes a move (default 3)")
    parser.add_argument("--human", type=float, default=8.0,
                        help="seconds each member of the people's table takes (default 8)")
    parser.add_argument("--pause", type=float, default=DEFAULT_BOT_PAUSE,
                        help=f"computer players' pause (default {DEFAULT_BOT_PAUSE:g} s)")
    parser.add_argument("--policy", help="the computer players (default: the bot's)")
    parser.add_argument("--only", choices=("busy", "people"), help="one table only")
    parser.add_argument("--crowd", type=int, default=0,
                        help=f"tables of casual computer players beside the busy table "
                             f"(default 0, at most {MOST_CROWD})")
    args = parser.parse_args(argv)
    if not 0 <= args.crowd <= MOST_CROWD:
        parser.error(f"--crowd must be from 0 to {MOST_CROWD}")
    print(f"bench_channel: {args.minutes:g} min a table, pause {args.pause:g} s", file=out,
          flush=True)
    if args.only != "people":
        busy = asyncio.run(run(["ana"], "others", args.think, args.minutes, args.pause,
                               args.policy, idle=False, crowded=args.crowd))
        print(report_busy(busy), file=out, flush=True)
    if args.only != "busy":
        people = asyncio.run(run(["ana", "bia", "caio", "davi"], None, args.human,
                                 args.minutes, args.pause, args.policy, idle=True))
        print(report_people(people), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
