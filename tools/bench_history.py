"""``python -m tools.bench_history --postgres URL``: how fast members' histories, the
leaderboard and members' statistics are read with a million stored games.

The empty PostgreSQL database at ``--postgres`` (one it may fill) is migrated by the bot's
storage, filled with ``--games`` finished games (:mod:`tools.history_fill`: 2,000 servers, a
few minutes for a million games), then vacuumed and analyzed as autovacuum keeps a table that
only grows (so that an index can answer alone for the rows it holds). Then every read behind
``/42 history``, ``/42 leaderboard``, ``/42 stats`` and ``/42 game`` runs ``--queries`` times
through the real :class:`Storage`, on one pool as the bot holds it, each time about a random
game's member: the active members and the big servers come up most, as in a bot's traffic.
Then the same reads again about the member with the most games (tens of thousands, in the
server with thousands of members), the heaviest case. Printed: the fill's time; p50/p95/max of
each read and of each command (its reads one after another; target: p95 under 50 ms); and the
plan of any read that scans a big table whole, which points at a missing index.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import asyncpg

from bot.records import GameKind, Ranking
from bot.storage import Storage, open_storage
from bot.storage.postgres import PostgresStorage
from tools.bench_bots import percentile
from tools.history_fill import Filled, fill

TARGET_MS = 50.0
CUTOFF = 1.0
"""Seconds after which a read is cancelled and counted as taking that long (twenty times the
target: a read that can take minutes would hold the run for hours)."""
BIG_TABLE = 10_000
"""Rows above which reading a table whole, for one member or server, means a missing index."""


@dataclass(frozen=True, slots=True)
class Pick:
    """What one round of commands asks about: a member, one of their games, and a member on
    another side of it (for their head-to-head)."""

    guild: int
    user: int
    other: int
    game: GameKind
    table_id: int
    order: int
    """Where the game is in the order games ended: the older page of the history starts
    before it."""


@dataclass(frozen=True, slots=True)
class Read:
    name: str
    run: Callable[[Storage, Pick], Awaitable[object]]


READS = (
    Read("history", lambda s, p: s.history(p.guild, p.user)),
    Read("history(before)", lambda s, p: s.history(p.guild, p.user, before=p.order)),
    Read("leaderboard(by=rating)", lambda s, p: s.leaderboard(p.guild, game=p.game)),
    Read("leaderboard(by=marks)",
         lambda s, p: s.leaderboard(p.guild, game=p.game, by=Ranking.MARKS)),
    Read("computer_standings", lambda s, p: s.computer_standings(p.guild, p.game)),
    Read("member_standings", lambda s, p: s.member_standings(p.guild, p.user)),
    Read("favourite_partner", lambda s, p: s.favourite_partner(p.guild, p.user)),
    Read("best_partners", lambda s, p: s.best_partners(p.guild, p.user)),
    Read("rating_series", lambda s, p: s.rating_series(p.guild, p.game, p.user)),
    Read("rivalry", lambda s, p: s.rivalry(p.guild, p.user, p.other)),
    Read("table", lambda s, p: s.table(p.table_id)),
    Read("finished_order", lambda s, p: s.finished_order(p.table_id)),
)
COMMANDS: dict[str, tuple[str, ...]] = {
    "/42 history": ("history",),
    "/42 history, an older page": ("history(before)",),
    "/42 leaderboard": ("leaderboard(by=rating)", "computer_standings"),
    "/42 leaderboard by:marks": ("leaderboard(by=marks)", "computer_standings"),
    "/42 stats": ("member_standings", "favourite_partner", "best_partners", "rating_series",
                  "rivalry"),
    "/42 game": ("table", "finished_order"),
}
"""Each command's reads (``/42 game`` shows a stored game by its table's id)."""

Timings = list[dict[str, float]]
"""Seconds each read took, for each pick in turn."""


@dataclass(frozen=True, slots=True)
class Heaviest:
    games: int
    members: int
    """Members with a finished game in their server."""
    server_games: int
    picks: list[Pick]


async def picks_at(db: asyncpg.Connection, rng: random.Random, table_ids: Sequence[int],
                   user: int | None = None) -> list[Pick]:
    """A pick at each of these games: ``user``, or a random member of it, against a random
    member of another side."""
    seated: dict[int, list[asyncpg.Record]] = {}
    for row in await db.fetch(
            "SELECT table_id, finished_order, guild_id, user_id, game, side FROM game_players"
            " WHERE table_id = ANY($1::bigint[]) ORDER BY table_id, user_id", list(table_ids)):
        seated.setdefault(row["table_id"], []).append(row)
    picks: list[Pick] = []
    for table_id in (t for t in table_ids if t in seated):
        rows = seated[table_id]
        me = next(r for r in rows if r["user_id"] == user) if user is not None else rng.choice(rows)
        other = rng.choice([r for r in rows if r["side"] != me["side"]] or [me])
        picks.append(Pick(me["guild_id"], me["user_id"], other["user_id"],
                          GameKind(me["game"]), table_id, me["finished_order"]))
    return picks


async def random_picks(db: asyncpg.Connection, rng: random.Random, games: int,
                       count: int) -> list[Pick]:
    """A random member of each of ``count`` random games."""
    orders = rng.sample(range(1, games + 1), min(count, games))
    table_ids = [row[0] for row in await db.fetch(
        "SELECT id FROM tables WHERE status = 'finished' AND finished_order = ANY($1::bigint[])",
        orders)]
    return await picks_at(db, rng, rng.sample(table_ids, len(table_ids)))


async def heaviest(db: asyncpg.Connection, rng: random.Random, count: int) -> Heaviest:
    """The member with the most games, at ``count`` random games of theirs."""
    row = await db.fetchrow("SELECT guild_id, user_id, sum(games_played) FROM player_stats"
                            " GROUP BY guild_id, user_id ORDER BY 3 DESC, 1, 2 LIMIT 1")
    assert row is not None, "no member has finished a game"
    guild, user, games = row
    members = await db.fetchval("SELECT count(DISTINCT user_id) FROM player_stats"
                                " WHERE guild_id = $1", guild)
    theirs = [row[0] for row in await db.fetch(
        "SELECT table_id FROM game_players WHERE guild_id = $1 AND user_id = $2", guild, user)]
    server_games = await db.fetchval("SELECT count(*) FROM tables WHERE guild_id = $1"
                                     " AND status = 'finished'", guild)
    picks = await picks_at(db, rng, rng.sample(theirs, min(count, len(theirs))), user)
    return Heaviest(int(games), int(members), int(server_games), picks)


async def timed(storage: Storage, read: Read, pick: Pick) -> float:
    """Seconds the read took (:data:`CUTOFF` if it was cancelled then)."""
    started = time.perf_counter()
    try:
        await asyncio.wait_for(read.run(storage, pick), CUTOFF)
    except TimeoutError:
        return CUTOFF
    return time.perf_counter() - started


async def measure(storage: Storage, picks: Sequence[Pick]) -> Timings:
    """Every read about each pick in turn, as commands come one after another; once beforehand
    unmeasured, so the connection has prepared its statements, as a running bot's has."""
    for read in READS:
        await timed(storage, read, picks[0])
    return [{read.name: await timed(storage, read, pick) for read in READS} for pick in picks]


class Recording(PostgresStorage):
    """The storage, keeping the statements its reads run (to EXPLAIN them)."""

    def __init__(self, pool: asyncpg.Pool, where: str) -> None:
        super().__init__(pool, where)
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    async def _fetch(self, query: str, *args: Any) -> list[Any]:
        self.statements.append((query, args))
        return await super()._fetch(query, *args)

    async def _fetchrow(self, query: str, *args: Any) -> Any:
        self.statements.append((query, args))
        return await super()._fetchrow(query, *args)


def _nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from _nodes(child)


def _outline(plan: dict[str, Any]) -> str:
    """A plan on one line: ``Limit(Sort(Seq Scan on ratings))``."""
    name = plan["Node Type"]
    if "Relation Name" in plan:
        name += f" on {plan['Relation Name']}"
    if "Index Name" in plan:
        name += f" using {plan['Index Name']}"
    children = ", ".join(_outline(child) for child in plan.get("Plans", []))
    return f"{name}({children})" if children else name


async def full_scans(url: str, db: asyncpg.Connection, pick: Pick) -> list[str]:
    """The reads whose plans (for ``pick``) read a big table whole: each statement's plan."""
    sizes = {row[0]: row[1] for row in await db.fetch(
        "SELECT relname, reltuples FROM pg_class WHERE relkind = 'r'"
        " AND relnamespace = current_schema()::regnamespace")}
    storage = await Recording.connect(url)
    assert isinstance(storage, Recording)
    found: list[str] = []
    try:
        for read in READS:
            storage.statements.clear()
            await timed(storage, read, pick)  # its statements are kept as they start
            for query, args in storage.statements:
                plan = json.loads(await db.fetchval(f"EXPLAIN (FORMAT JSON) {query}",
                                                    *args))[0]["Plan"]
                if any(node["Node Type"] == "Seq Scan"
                       and sizes.get(node["Relation Name"], 0) > BIG_TABLE
                       for node in _nodes(plan)):
                    found.append(f"    {read.name}: {_outline(plan)}")
    finally:
        await storage.close()
    return found


def figures(name: str, seconds: Sequence[float], verdict: bool = False) -> str:
    values = [percentile(seconds, fraction) * 1000 for fraction in (0.5, 0.95)]
    values.append(max(seconds, default=0.0) * 1000)
    line = f"    {name:<28}" + "".join(f"{value:9.2f} ms" for value in values)
    if verdict:
        line += "  met" if values[1] < TARGET_MS else "  MISSED"
    if values[2] >= CUTOFF * 1000:
        line += f"  (cancelled at {CUTOFF:g} s)"
    return line


def table_of(timings: Timings) -> list[str]:
    lines = [f"    {'read':<28}{'p50':>12}{'p95':>12}{'max':>12}"]
    lines += [figures(read.name, [took[read.name] for took in timings]) for read in READS]
    lines.append("    command (its reads in turn)")
    lines += [figures(command, [sum(took[name] for name in reads) for took in timings],
                      verdict=True) for command, reads in COMMANDS.items()]
    return lines


async def bench(url: str, games: int, queries: int, seed: int, out: TextIO) -> None:
    def say(*lines: str) -> None:
        print(*lines, sep="\n", file=out, flush=True)

    rng = random.Random(seed)
    storage = await open_storage(url)  # the bot's schema, migrated
    db = await asyncpg.connect(url)
    try:
        version = str(await db.fetchval("SHOW server_version")).split()[0]
        say(f"bench_history: {games:,} games on PostgreSQL {version}, {queries} picks,"
            f" seed {seed}")
        started = time.perf_counter()
        filled: Filled = await fill(db, games, seed)
        filled_in = time.perf_counter() - started
        started = time.perf_counter()
        await db.execute("VACUUM (ANALYZE)")
        say(f"  filled in {filled_in:.0f} s with COPY (no actions: none of these reads touch"
            f" them), vacuumed and analyzed in {time.perf_counter() - started:.0f} s:"
            f" {filled.servers:,} servers, {filled.members:,} members, {filled.played:,}"
            f" members' games, {filled.changes:,} rating changes")
        picks = await random_picks(db, rng, games, queries)
        say(f"  a random game's member ({len(picks)}: the active members and big servers come"
            " up most)", *table_of(await measure(storage, picks)))
        heavy = await heaviest(db, rng, queries)
        say(f"  the member with the most games ({heavy.games:,}, in a server of"
            f" {heavy.members:,} members and {heavy.server_games:,} games), at"
            f" {len(heavy.picks)} of their games", *table_of(await measure(storage, heavy.picks)))
        scans = await full_scans(url, db, heavy.picks[0])
        say(*(["  plans that read a big table whole (the heaviest member's):", *scans] if scans
              else [f"  plans: no read scans a table of over {BIG_TABLE:,} rows whole"]))
    finally:
        await db.close()
        await storage.close()


async def stored_tables(url: str) -> bool:
    """Whether the database already holds tables (an earlier run's)."""
    db = await asyncpg.connect(url)
    try:
        if await db.fetchval("SELECT to_regclass('tables')") is None:
            return False
        return bool(await db.fetchval("SELECT EXISTS (SELECT 1 FROM tables)"))
    finally:
        await db.close()


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_history",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--postgres", metavar="URL", required=True,
                        help="an empty PostgreSQL database it may fill")
    parser.add_argument("--games", type=int, default=1_000_000,
                        help="finished games stored (default 1,000,000)")
    parser.add_argument("--queries", type=int, default=200,
                        help="picks each read is measured at (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the fill's and the picks' seed")
    args = parser.parse_args(argv)
    if args.games < 100 or args.queries < 1:
        parser.error("--games must be at least 100 and --queries at least 1")
    if asyncio.run(stored_tables(args.postgres)):
        parser.error("the --postgres database already has tables (an earlier run's?): give it"
                     " an empty database")
    asyncio.run(bench(args.postgres, args.games, args.queries, args.seed, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
