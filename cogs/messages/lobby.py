"""The table message before the start: how many seats are taken, and the buttons to sit, add a
bot, leave, start, and (for the creator) set the level, the hints and the house rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.house_rules import CHOICES, label, values_of
from bot.i18n import Locale, t, tn
from bot.records import DEFAULT_STRONG, Level, Status, StrongPlayer, TableRecord
from bot.service import TableSnapshot

from ..components import (
    AddComputerButton,
    HintsButton,
    LeaveButton,
    LevelButton,
    RemoveComputerButton,
    RulesSelect,
    SitButton,
    StartButton,
)
from .reply import Reply
from .words import level_name, voice


def lobby(snapshot: TableSnapshot, embed: discord.Embed, lines: list[str],
          strong: StrongPlayer = DEFAULT_STRONG) -> Reply:
    """The table message before the start, after its first ``lines``: the seats taken, and
    the lobby's buttons (the level's button names who plays at strong tables, as ``strong``
    says)."""
    table = snapshot.table
    locale = voice(table.locale, table)
    seated = sum(1 for p in table.seats if p is not None)
    if table.status is Status.CLOSED:
        lines.append(t(locale, "This table is closed."))
        embed.description = "\n".join(lines)
        return Reply(None, embed, None)
    if table.is_full:
        lines.append(t(locale, "Every seat is taken: anyone seated presses Start to deal."))
    elif len(table.seats) == 4:
        lines.append(tn(locale, "{n} of 4 seats taken. Take a seat; the game starts once all"
                        " four are taken and someone seated presses Start.",
                        "{n} of 4 seats taken. Take a seat; the game starts once all four are"
                        " taken and someone seated presses Start.", seated))
    else:
        lines.append(tn(locale, "{n} of {seats} seats taken. Take a seat; the game starts once"
                        " every seat is taken and someone seated presses Start.",
                        "{n} of {seats} seats taken. Take a seat; the game starts once every"
                        " seat is taken and someone seated presses Start.", seated,
                        seats=len(table.seats)))
    embed.description = "\n".join(lines)
    view = discord.ui.View(timeout=None)
    _seat_buttons(locale, view, table)
    leave = LeaveButton(table.id, t(locale, "Leave"))
    leave.row = 4 if table.variant.house_rules else 3
    start = StartButton(table.id, t(locale, "Start"), disabled=not table.is_full)
    other = Level.CASUAL if table.level is Level.STRONG else Level.STRONG
    level = LevelButton(table.id, other.value, t(locale, "Bots: {level}",
                                                  level=level_name(locale, table.level, strong)))
    hints = HintsButton(table.id, "off" if table.hints else "on",
                        t(locale, "Hints: on") if table.hints else t(locale, "Hints: off"))
    for item in (leave, start, level, hints):
        item.row = leave.row
        view.add_item(item)
    if not table.variant.house_rules:
        return Reply(None, embed, view)
    chosen = values_of(table.options)
    view.add_item(RulesSelect(
        table.id, row=3, placeholder=t(locale, "House rules (the table's creator chooses)…"),
        options=[discord.SelectOption(label=label(locale, choice), value=choice.value,
                                      description=t(locale, choice.description),
                                      default=choice.value in chosen) for choice in CHOICES]))
    return Reply(None, embed, view)


def _seat_buttons(locale: Locale, view: discord.ui.View, table: TableRecord) -> None:
    """Sit and Add bot for each empty seat, Remove bot for each computer player's, within
    Discord's five buttons a row: rows 0-2 for four seats as ever; a larger table puts each
    seat's one button (Sit, or Remove bot) first and the Add bot buttons after, no more than
    three rows in all."""
    empty = [s for s in table.all_seats if table.player(s) is None]
    bots = [s for s in table.all_seats if (p := table.player(s)) is not None and p.is_computer]
    sits = [SitButton(table.id, s, t(locale, "Sit {seat}", seat=s)) for s in empty]
    adds = [AddComputerButton(table.id, s, t(locale, "Add bot {seat}", seat=s)) for s in empty]
    removes = [RemoveComputerButton(table.id, s, t(locale, "Remove bot {seat}", seat=s))
               for s in bots]
    groups: list[Sequence[discord.ui.Item[Any]]] = [sits, adds, removes]
    if len(table.seats) > 5:
        items = [item for group in groups for item in group]
        groups = [items[i:i + 5] for i in range(0, min(len(items), 15), 5)]
    for row, group in enumerate(groups):
        for item in group:
            item.row = row
            view.add_item(item)
