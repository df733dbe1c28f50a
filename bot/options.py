"""A slash command's options read by type, before discord.py reads them.

discord.py trusts that each option arrives with the type its command declares: a number where a
string is expected reaches the command as a number (and fails inside it), a member option that
holds no id fails while discord.py reads the options, outside any error handler. Discord sends
what the command declared, unless a client works from an older list of commands or the payload
was made by hand; then the member is told which option, privately, and nothing is done.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from .i18n import translations
from .service import Refusal
from .translator import valid_name

_SNOWFLAKE = re.compile(r"[0-9]{1,20}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _snowflake(value: object) -> bool:
    return isinstance(value, str) and _SNOWFLAKE.fullmatch(value) is not None


FITS: Mapping[Kind, Callable[[object], bool]] = {
    Kind.string: lambda value: isinstance(value, str),
    Kind.integer: _whole,
    Kind.number: _number,
    Kind.boolean: lambda value: isinstance(value, bool),
    Kind.user: _snowflake,
    Kind.channel: _snowflake,
    Kind.role: _snowflake,
    Kind.mentionable: _snowflake,
    Kind.attachment: _snowflake,
}
"""Whether a value, as JSON brings it, is of the kind an option declares: snowflakes come as
strings of digits."""

RESOLVED: Mapping[Kind, tuple[str, ...]] = {
    Kind.user: ("users",), Kind.channel: ("channels",), Kind.role: ("roles",),
    Kind.mentionable: ("users", "roles"), Kind.attachment: ("attachments",),
}
"""Where Discord puts what a snowflake option names: an id it did not resolve names nothing."""


class WrongKind(Exception):
    """An option arrived as another kind of value than its command declares (or an
    autocomplete was asked of an option that offers none)."""

    def __init__(self, option: str) -> None:
        super().__init__(f"option {option!r} of the wrong kind")
        self.option = option

    def refusal(self, locale: str | None) -> Refusal:
        """What the member is told, naming the option as their client shows it (``seat:``)."""
        word = translations(locale).pgettext("command name", self.option)
        return Refusal("Nothing was done: the value given for {option} is not one that option"
                       " takes. Type the command again and pick from what Discord offers.",
                       option=f"{word if valid_name(word) else self.option}:")


def leaf(tree: app_commands.CommandTree[Any],
         data: Mapping[str, Any]) -> tuple[app_commands.Command[Any, ..., Any] | None,
                                           list[Any]]:
    """The command an application command interaction runs (through its groups) and the
    options given to it; ``None`` for a command this tree does not have, which discord.py
    refuses itself."""
    guild_id = data.get("guild_id")
    guild = discord.Object(int(guild_id)) if isinstance(guild_id, str) and _snowflake(
        guild_id) else None
    name = str(data.get("name"))
    found = tree.get_command(name, guild=guild) if guild is not None else None
    command = found or tree.get_command(name)
    options = data.get("options") or []
    while isinstance(command, app_commands.Group):
        sub = next((o for o in options if isinstance(o, dict) and o.get("type") in (1, 2)),
                   None)
        if sub is None:
            return None, []
        command = command.get_command(str(sub.get("name")))
        options = sub.get("options") or []
    if not isinstance(command, app_commands.Command) or not isinstance(options, list):
        return None, []
    return command, options


def check_options(tree: app_commands.CommandTree[Any],
                  interaction: discord.Interaction[Any]) -> None:
    """Raise :class:`WrongKind` for the first option of the interaction's command that does
    not hold what the command declares it takes: the type Discord says it has, and a value of
    that kind (for a member, a channel or a role, one Discord resolved). The value typed so far
    in an autocomplete is text, whatever the option, and only an option that offers choices as
    one types is asked for them."""
    data: Any = interaction.data or {}
    command, options = leaf(tree, data)
    if command is None:
        return
    declared = {parameter.display_name: parameter for parameter in command.parameters}
    resolved = data.get("resolved") or {}
    for option in options:
        parameter = declared.get(str(option.get("name"))) if isinstance(option, dict) else None
        if parameter is None:
            continue  # an option the command no longer has: discord.py leaves it out
        kind, value = parameter.type, option.get("value")
        if option.get("type") != kind.value:
            raise WrongKind(parameter.display_name)
        if option.get("focused"):
            if not isinstance(value, str) or not parameter.autocomplete:
                raise WrongKind(parameter.display_name)
            continue
        fits = FITS.get(kind)
        if fits is None or not fits(value):
            raise WrongKind(parameter.display_name)
        places = RESOLVED.get(kind, ())
        if places and not any(str(value) in (resolved.get(place) or {}) for place in places):
            raise WrongKind(parameter.display_name)
