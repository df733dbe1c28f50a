"""Payloads of the wrong shape, through the double: every option of every /42 command sent with
a value of another kind (a number where a string is expected, a string where a number is, a
member who is no id), and component interactions whose id or type no button has. Each is
answered privately with a sentence, changes nothing, and logs no error."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from cogs.tables import Tables
from tests.bot.conftest import LiveBot
from tests.bot.e2e import Table
from tests.bot.test_e2e_refusals import Unchanged, refused
from tools.discord_double import DiscordDouble, SimulatedMember
from tools.discord_double.driver import InteractionResult

WRONG_KIND = "is not one that option takes"
"""What every answer to a value of the wrong kind says."""
NOBODY = 4_000_000_000_000_000
"""A member id no member has, sent as a number."""

WRONG: dict[AppCommandOptionType, list[tuple[int, object]]] = {
    AppCommandOptionType.string: [(3, 3), (4, 3), (3, True)],
    AppCommandOptionType.integer: [(4, "0"), (3, "0"), (4, False), (4, 1.5)],
    AppCommandOptionType.boolean: [(5, "true"), (3, "true"), (5, 1)],
    AppCommandOptionType.user: [(6, "ana"), (3, "ana"), (6, NOBODY), (6, str(NOBODY))],
    AppCommandOptionType.mentionable: [(9, "ana"), (3, "ana"), (9, NOBODY), (9, str(NOBODY))],
    AppCommandOptionType.role: [(8, "admins"), (3, "admins"), (8, NOBODY), (8, str(NOBODY))],
}
"""For each kind of option the commands declare, what a forged payload sends instead: (the
option type it says, its value)."""

FILLERS = {"amount": "30", "choice": "sixes", "tile": "6-6", "name": "Cup", "format": "double"}
"""Values of the right kind for the required options beside the one being swept."""
MEMBER_OPTIONS = frozenset({"member", "with"})
"""Required member options: beside the one swept, they name the member sending the command."""


def _commands() -> Iterator[tuple[str, app_commands.Command[Any, Any, Any]]]:
    """Every /42 command, by its path below /42 ("new", "tournament new")."""
    for command in Tables.__cog_app_commands__:
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                assert isinstance(sub, app_commands.Command)
                yield f"{command.name} {sub.name}", sub
        else:
            yield command.name, command


OPTIONS = [(path, parameter.display_name, parameter.type,
            [p.display_name for p in command.parameters if p.required])
           for path, command in _commands() for parameter in command.parameters]
"""Every option of every /42 command, read from the commands themselves."""


def _forged(path: str, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The payload's options of the command at ``path``, inside its group if it has one."""
    *group, name = path.split()
    sent = [{"type": 1, "name": name, "options": options}]
    return [{"type": 2, "name": group[0], "options": sent}] if group else sent


def test_every_kind_of_option_is_swept() -> None:
    assert len(OPTIONS) >= 13
    assert {kind for _, _, kind, _ in OPTIONS} <= set(WRONG)


def everything(db: Path | str) -> list[str]:
    """The whole database, as SQL."""
    assert isinstance(db, Path)
    with sqlite3.connect(db) as raw:
        return list(raw.iterdump())


def channel_messages(double: DiscordDouble) -> list[tuple[int, int, bool]]:
    """Every message any member could see in a channel: its id, its versions, deleted or not."""
    return [(m.id, len(m.versions), m.deleted) for m in double.world.messages.values()
            if not m.ephemeral]


Setup = Callable[[DiscordDouble, LiveBot], Awaitable[tuple[SimulatedMember, str]]]


async def _empty_channel(double: DiscordDouble, live_bot: LiveBot) -> tuple[SimulatedMember, str]:
    return double.member("caio"), "table-2"


async def _lobby(double: DiscordDouble, live_bot: LiveBot) -> tuple[SimulatedMember, str]:
    """A table with free seats: a seat chosen would be taken."""
    opened = await double.member("bia").slash("42 new", where="table-1")
    assert not opened.failed, opened
    return double.member("caio"), "table-1"


async def _game(double: DiscordDouble, live_bot: LiveBot) -> tuple[SimulatedMember, str]:
    """A game of a member and three computer players, at the member's turn."""
    ana = double.member("ana")
    opened = await ana.slash("42 new", where="table-1", bots="others")
    assert not opened.failed, opened
    await live_bot.idle()
    return ana, "table-1"


SETUPS: dict[str, Setup] = {"join": _lobby, "bid": _game, "trump": _game, "play": _game}


@pytest.mark.parametrize(("command", "option", "kind", "required"), OPTIONS,
                         ids=[f"{c}-{o}" for c, o, _, _ in OPTIONS])
async def test_an_option_of_the_wrong_kind_is_refused(
        discord_double: DiscordDouble, live_bot: LiveBot, caplog: pytest.LogCaptureFixture,
        command: str, option: str, kind: AppCommandOptionType, required: list[str]) -> None:
    double = discord_double
    caplog.set_level(logging.INFO)
    member, where = await SETUPS.get(command, _empty_channel)(double, live_bot)
    await live_bot.idle()
    await double.settle(quiet=0.02)
    before, messages = everything(live_bot.db), channel_messages(double)
    for sent_type, value in WRONG[kind]:
        options: list[dict[str, Any]] = [
            {"type": 6, "name": name, "value": str(member.id)} if name in MEMBER_OPTIONS else
            {"type": 3, "name": name, "value": FILLERS[name]}
            for name in required if name != option]
        options.append({"type": sent_type, "name": option, "value": value})
        result = await member.raw_command("42", _forged(command, options), where=where,
                                          members=[member])
        text = refused(result, WRONG_KIND)
        assert f"{option}:" in text, text
        completed = await member.raw_autocomplete(
            "42", _forged(command, [{**o, "focused": True} if o["name"] == option else o
                                    for o in options]), where=where)
        assert not completed.failed and not completed.errors, completed
        assert completed.choices is not None
    await live_bot.idle()
    await double.settle(quiet=0.02)
    assert everything(live_bot.db) == before
    assert channel_messages(double) == messages
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert not double.failed_interactions and not double.late_answers


async def test_a_component_no_button_has_is_answered(discord_double: DiscordDouble,
                                                     live_bot: LiveBot,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """An empty id, an id that is not the bot's, and one of today's ids sent as another kind of
    component (discord.py hands such a click to nothing): a sentence, and nothing changes."""
    double = discord_double
    caplog.set_level(logging.INFO)
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    message = table.table_message()
    ana = table.north
    start = f"42:start:{table.table_id}"
    async with Unchanged(table):
        for custom_id in ("", " ", "nonsense"):
            for carried in (True, False):
                result: InteractionResult = await ana.forge_click(message, custom_id,
                                                                  carried=carried)
                text = refused(result, "not one of mine")
                assert f"/{message.id}" in text
        refused(await ana.forge_click(message, start, component_type=3), "older version")
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert not double.failed_interactions and not double.late_answers
    await table.start()  # the same button, pressed as a button, works
