"""The real ``python -m bot`` in its own process: killed with SIGKILL mid-auction and mid-trick,
started again on the same database (an SQLite file, or PostgreSQL), it goes on from the same
state and the buttons posted before still work. Also its start-up failures: one line, no
traceback."""

from __future__ import annotations

import asyncio
import sys
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.storage.target import settings_for
from engine import Phase
from tests.bot.e2e import PanelControls, Table, action_count, components, table_state
from tests.discord_double.fixtures import StartBot
from tests.postgres import free_port
from tools import hermetic
from tools.discord_double import BotProcess, DiscordDouble, Message, SimulatedMember


def plan(hand: int) -> tuple[object, ...]:
    return ("points", 30)


def settled_fields(table: Table) -> dict[str, str]:
    """The table message's state: its text and what its picture shows."""
    return {"description": table.table_message().embeds[0]["description"],
            "content": table.table_message().content, "alt": table.alt(), **table.fields()}


async def restart(double: DiscordDouble, start_bot_process: StartBot, env: dict[str, str],
                  table: Table, process: BotProcess) -> BotProcess:
    """SIGKILL the running bot, start it again, wait until it redrew the table message."""
    message = table.table_message()
    versions = len(message.versions)
    before = settled_fields(table)
    assert await process.kill() == -9
    started = await start_bot_process("bot", env=env, wait_for_sync=True)
    await double.wait_for(lambda: len(message.versions) > versions, 10,
                          "the table message to be redrawn after the restart")
    await double.settle()
    assert settled_fields(table) == before
    assert table.audit is not None
    table.audit.check()
    return started


def shows_move(panel: Message, versions: int, to_act: bool) -> bool:
    """The panel was drawn again since it had ``versions``, with whose turn it is now."""
    line = str(panel.latest.embeds[0].get("description", ""))
    return len(panel.versions) > versions and ("Your" in line if to_act else "'s turn" in line)


async def old_panel_of(table: Table) -> tuple[SimulatedMember, Message]:
    found = await table.turn()
    assert found is not None
    return found


async def test_kill_mid_auction_and_mid_trick(discord_double: DiscordDouble,
                                             start_bot_process: StartBot,
                                             database: Path | str) -> None:
    """On SQLite, and on PostgreSQL."""
    double = discord_double
    db = database
    env = {**settings_for(db), "DEV_GUILD_ID": str(double.guild.id), "LOG_LEVEL": "INFO"}
    table = Table(double, db)
    process = await start_bot_process("bot", env=env, wait_for_sync=True)
    await table.open()
    await table.start()

    # Mid-auction: two calls made.
    await table.play(plan, until=lambda: action_count(db, table.table_id) >= 2)
    member, panel = await old_panel_of(table)
    ids_before = [c.get("custom_id") for c in components(panel)]
    others = {seated: table.panel(seated) for seated in table.seats.values()
              if seated is not member}
    drawn = {seated: len(other.versions) for seated, other in others.items() if other}
    assert len(drawn) == 3
    process = await restart(double, start_bot_process, env, table, process)
    count = action_count(db, table.table_id)
    # The panel posted before the kill still works: it is the current one.
    result = await table.act(member, panel, plan)
    assert not result.failed and result.response_type == 7, result
    assert action_count(db, table.table_id) == count + 1
    await table.quiet()
    table.audit.check()  # type: ignore[union-attr]
    assert [c.get("custom_id") for c in components(panel)] != ids_before
    # The other members' panels, stored with the table, follow the game again by themselves.
    to_act = table.to_act()
    for seated, versions in drawn.items():
        other = others[seated]
        assert other is not None
        await double.wait_for(partial(shows_move, other, versions, seated is to_act), 10,
                              f"{seated.name}'s panel to follow the game")
    # Every seated member may bring their panel up to date with its Refresh button too.
    for seat_member in table.seats.values():
        old = table.panel(seat_member)
        assert old is not None
        refreshed = table.touched(seat_member, await seat_member.click(old, label="Refresh"))
        assert not refreshed.failed and refreshed.response_type == 7

    # Mid-trick: two tiles on the table.
    def mid_trick() -> bool:
        game = table_state(db, table.table_id)
        return game.hand.phase is Phase.PLAY and len(game.hand.trick) == 2

    await table.play(plan, until=mid_trick)
    member, panel = await old_panel_of(table)
    trick_before = table.alt()
    process = await restart(double, start_bot_process, env, table, process)
    tile = PanelControls.of(panel).tiles[0]
    result = await table.act(member, panel, plan)
    assert not result.failed and result.response_type == 7, result
    await table.quiet()
    table.audit.check()  # type: ignore[union-attr]
    game = table_state(db, table.table_id)
    assert len(game.hand.trick) in (0, 3)  # the third tile, or the trick is complete
    # The table message shows it once redrawn (the bot's own process edits it after answering).
    await double.wait_for(lambda: tile["label"] in table.alt()
                          or not game.hand.trick, 10, "the table to show the tile played")
    assert "Trick" in trick_before

    # The game goes on: everybody opens a fresh panel with My hand, and the hand is finished.
    for seat_member in table.seats.values():
        await table.open_panel(seat_member)
    hand = game.hand_number
    await table.play(plan, until=lambda: table_state(db, table.table_id).hand_number > hand)
    assert not double.failed_interactions and not double.late_answers
    assert "Traceback" not in process.output


async def run_bot(env: dict[str, str], *args: str, cwd: Path) -> tuple[int, str, str]:
    """``python *args`` with exactly ``env`` (and nothing of the developer's) in ``cwd``."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, *args, cwd=cwd, env=hermetic.environment(env),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_without_a_token_it_says_so_in_one_line(tmp_path: Path) -> None:
    env = {"DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    code, out, err = await run_bot(env, "-m", "bot", cwd=tmp_path)
    assert code != 0
    assert err.strip().count("\n") == 0 and "DISCORD_TOKEN is not set" in err, err
    assert "Traceback" not in out + err


async def test_a_refused_token_is_one_line(discord_double: DiscordDouble,
                                           tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "not-the-bot-token",
           "DATABASE_PATH": str(tmp_path / "db.sqlite3"), "LOG_LEVEL": "CRITICAL"}
    code, out, err = await run_bot(env, "-m", "tools.discord_double.launcher",
                                   "--api", discord_double.url, "--", "bot", cwd=tmp_path)
    assert code != 0
    assert "Traceback" not in out + err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines == ["texas42: Discord refused DISCORD_TOKEN: copy the token again from the Bot "
                     "page of your application in the developer portal."], err


async def test_database_problems_are_one_line(tmp_path: Path, postgres_url: str) -> None:
    """A database the bot can't use stops it at start-up with one line that names the problem
    and never the password, before it connects to Discord."""
    parts = urlsplit(postgres_url)
    cases = {
        "DATABASE_URL must be sqlite:///path/to/file or postgresql://":
            "mysql://bot:s3cret@127.0.0.1/texas42",
        "cannot reach PostgreSQL at bot@127.0.0.1":
            f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/texas42",
        "refused the login": urlunsplit(parts._replace(
            netloc=f"intruder:s3cret@{parts.hostname}:{parts.port}")),
    }
    for words, url in cases.items():
        env = {"DISCORD_TOKEN": "MTA4.Gx7abc.0123456789abcdefghij", "DATABASE_URL": url}
        code, out, err = await run_bot(env, "-m", "bot", cwd=tmp_path)
        lines = [line for line in err.splitlines() if line.strip()]
        assert code == 2 and len(lines) == 1 and words in lines[0], err
        assert "Traceback" not in out + err and "s3cret" not in out + err
