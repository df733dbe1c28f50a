"""Several ``python -m bot`` processes, each holding some of the Discord shards, on one
PostgreSQL database, through a double with four shards and a guild on each.

Two processes split the shards and play tables on every shard, members' and computer players';
one is killed with -9 and the others' tables play on; a new process takes its shards and every
table resumes exactly, its old buttons working. Two processes holding the same shard (a rolling
deploy) both receive every click of a table: each action is applied exactly once."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.e2e import Table, action_count, latest_table_id, table_state
from tests.bot.test_e2e_restart import settled_fields
from tests.common import RULES_POLICY
from tests.discord_double.fixtures import StartBot
from tools.discord_double import BotProcess, DiscordDouble, Guild, SimulatedMember

SHARDS = 4


@pytest.fixture
async def discord_double() -> AsyncIterator[DiscordDouble]:
    """Four shards, and on each of them a guild of members and one of computer players
    (besides the double's first guild)."""
    double = DiscordDouble(shard_count=SHARDS)
    for shard in range(SHARDS):
        double.add_guild(f"club {shard}", shard=shard)
        double.add_guild(f"bots {shard}", shard=shard)
    await double.start()
    try:
        yield double
    finally:
        await double.stop()
    assert not double.unknown_requests, double.unknown_requests


def clubs(double: DiscordDouble, kind: str = "club") -> dict[int, Guild]:
    """The guild of members (``bots``: of computer players) on each shard."""
    return {g.shard(SHARDS): g for g in double.guilds if g.name.startswith(kind)}


def settings(postgres_url: str, shard_ids: str) -> dict[str, str]:
    return {"DATABASE_URL": postgres_url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": shard_ids,
            "LOG_LEVEL": "INFO", "BOT_PAUSE_SECONDS": "0.3", "BOT_STRONG_PLAYER": RULES_POLICY,
            "BOT_WORKERS": "1"}


async def start(start_bot_process: StartBot, postgres_url: str, shard_ids: str) -> BotProcess:
    first, last = (int(x) for x in shard_ids.split("-"))
    return await start_bot_process("bot", env=settings(postgres_url, shard_ids),
                                   wait_for_sync=True, shards=last - first + 1, timeout=40)


def holds(process: BotProcess, guild: Guild, double: DiscordDouble) -> bool:
    """Whether the guild's events go to this process's sessions now."""
    serving = double.gateway.sessions_for(guild.id)
    return bool(serving) and all(s in process.sessions for s in serving)


async def whose_turn(table: Table, db: str) -> SimulatedMember:
    """The member to act in the stored game, once the table message says so too (it is
    redrawn just after the answer to the action before)."""
    to_act = table_state(db, table.table_id).to_act
    assert to_act is not None
    member = table.seats[to_act]
    await table.double.wait_for(lambda: table.to_act() is member, 10,
                                "the table message to name the member to act")
    return member


def plan(hand: int) -> tuple[object, ...]:
    return ("points", 30)


async def computer_table(double: DiscordDouble, guild: Guild, db: str) -> int:
    eve = double.member("eve", guild=guild)
    opened = await eve.slash("42 new", bots="all")
    assert not opened.failed and "bots are playing" in opened.content, opened
    return latest_table_id(db)


async def test_processes_split_the_shards_and_a_new_one_takes_over_after_a_kill(
        discord_double: DiscordDouble, start_bot_process: StartBot, postgres_url: str) -> None:
    double, db = discord_double, postgres_url
    low = await start(start_bot_process, db, "0-1")
    high = await start(start_bot_process, db, "2-3")
    guilds = clubs(double)
    for shard, guild in guilds.items():
        assert holds(low if shard < 2 else high, guild, double), shard

    # On every shard: a table of four members, who play a few calls, and one of computers.
    tables: dict[int, Table] = {}
    computers: dict[int, int] = {}
    for shard, guild in guilds.items():
        table = Table(double, db, guild=guild)
        await table.open()
        await table.start()
        await table.play(plan, until=lambda t=table: action_count(db, t.table_id) >= 3)
        tables[shard] = table
        computers[shard] = await computer_table(double, clubs(double, "bots")[shard], db)
    await double.wait_for(lambda: all(action_count(db, t) >= 4 for t in computers.values()),
                          30, "the computer players of every shard to play")

    # The process of shards 2-3 dies; shards 0-1 play on, 2-3 wait.
    panels = {shard: await tables[shard].turn() for shard in (2, 3)}
    before = {shard: settled_fields(tables[shard]) for shard in (2, 3)}
    assert await high.kill() == -9
    frozen = {shard: action_count(db, computers[shard]) for shard in (2, 3)}
    moving = action_count(db, computers[0])
    await double.wait_for(lambda: action_count(db, computers[0]) >= moving + 3, 20,
                          "shard 0's computer players to play on alone")
    await tables[1].play(plan, until=lambda: action_count(db, tables[1].table_id) >= 5)
    assert {shard: action_count(db, computers[shard]) for shard in (2, 3)} == frozen

    # A new process takes shards 2-3: their tables resume exactly, and old buttons work.
    messages = {shard: tables[shard].table_message() for shard in (2, 3)}
    versions = {shard: len(m.versions) for shard, m in messages.items()}
    taker = await start(start_bot_process, db, "2-3")
    assert all(holds(taker, guilds[shard], double) for shard in (2, 3))
    await double.wait_for(lambda: all(len(messages[s].versions) > versions[s] for s in (2, 3)),
                          20, "the tables of shards 2-3 to be redrawn")
    await double.settle()
    assert "resuming 4 open tables" in taker.output  # its own shards' tables, none of 0-1's
    for shard in (2, 3):
        assert settled_fields(tables[shard]) == before[shard]
        found = panels[shard]
        assert found is not None
        member, panel = found
        count = action_count(db, tables[shard].table_id)
        result = await tables[shard].act(member, panel, plan)
        assert not result.failed and result.response_type == 7, result
        assert action_count(db, tables[shard].table_id) == count + 1
    await double.wait_for(lambda: all(action_count(db, computers[s]) >= frozen[s] + 3
                                      for s in (2, 3)), 30,
                          "the computer players of shards 2-3 to play again")
    for table in tables.values():
        await table.quiet()
        assert table.audit is not None
        table.audit.check()
    for table_id in [*computers.values(), *(t.table_id for t in tables.values())]:
        table_state(db, table_id)  # every stored game replays
    assert not double.failed_interactions and not double.late_answers
    for process in (low, taker):
        assert "Traceback" not in process.output, process.output


async def test_two_processes_on_one_shard_apply_each_click_once(
        discord_double: DiscordDouble, start_bot_process: StartBot, postgres_url: str) -> None:
    """A rolling deploy: the new process connects for shards 0-1 before the old one stops, and
    for a while both receive every event of those shards."""
    double, db = discord_double, postgres_url
    old = await start(start_bot_process, db, "0-1")
    guild = clubs(double)[0]
    table = Table(double, db, guild=guild)
    await table.open()
    await table.start()
    await table.play(plan, until=lambda: action_count(db, table.table_id) >= 2)
    computers = await computer_table(double, clubs(double, "bots")[1], db)
    new = await start(start_bot_process, db, "0-1")
    serving = double.gateway.sessions_for(guild.id)
    assert len(serving) == 2 and {s in old.sessions for s in serving} == {True, False}

    for _ in range(10):  # each click reaches both processes; one answers it
        # A panel is kept current by the process that answered its last press; the other
        # process applies some of the actions, so each player presses My hand first.
        member = await whose_turn(table, db)
        panel = await table.open_panel(member)
        count = action_count(db, table.table_id)
        result = await table.act(member, panel, plan)
        assert not result.failed and not result.errors, result
        await double.settle()
        assert action_count(db, table.table_id) == count + 1
        assert table.audit is not None
        table.audit.check()
    start_count = action_count(db, computers)
    await double.wait_for(lambda: action_count(db, computers) >= start_count + 8, 30,
                          "computer players driven by both processes to play on")
    table_state(db, computers)  # each of their moves made once, each legal where it stands
    await old.stop()
    member = await whose_turn(table, db)
    result = await table.act(member, await table.open_panel(member), plan)  # the new one alone
    assert not result.failed and result.response_type == 7, result
    outputs = old.output + new.output
    assert "answered by another process of the bot" in outputs  # both got the clicks
    assert "Traceback" not in outputs
