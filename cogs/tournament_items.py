"""The tournament sign-up message's items (:mod:`cogs.tournaments`): Join, Leave, check-in,
Start, and the menu to join as a pair; each names its tournament in its custom id."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, UserSelect

from .components import (
    TABLE,
    Interaction,
    OnTable,
    Picked,
    TableButton,
    TableHandlers,
    guarded,
)


class EnterButton(TableButton, DynamicItem[Button[Any]], template=r"42:tjoin:" + TABLE):
    """Sign up for the tournament (the id in the template is the tournament's)."""

    verb, style = "tjoin", discord.ButtonStyle.success

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_enter


class WithdrawButton(TableButton, DynamicItem[Button[Any]], template=r"42:tleave:" + TABLE):
    """Withdraw from the tournament before it starts."""

    verb = "tleave"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_withdraw


class BeginButton(TableButton, DynamicItem[Button[Any]], template=r"42:tstart:" + TABLE):
    """The organiser starts the tournament: sign-ups close and the first round is drawn."""

    verb, style = "tstart", discord.ButtonStyle.primary

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_begin


class PartnerSelect(DynamicItem[UserSelect[Any]], template=r"42:tpair:" + TABLE):
    """On the sign-up message: join the tournament as a pair with the member picked."""

    def __init__(self, tournament_id: int, placeholder: str = "") -> None:
        super().__init__(UserSelect(custom_id=f"42:tpair:{tournament_id}",
                                    placeholder=placeholder or None))
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        picked = Picked.of(interaction)
        await guarded(interaction, lambda table: table.on_pair(interaction,
                                                                self.tournament_id, picked))


class CheckInButton(TableButton, DynamicItem[Button[Any]], template=r"42:tcheck:" + TABLE):
    """The organiser opens the check-in; once it is open, a member checks in."""

    verb = "tcheck"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_check_in
