"""Every persistent item the bot answers (:data:`DYNAMIC_ITEMS`, registered with the client as
the Tables cog loads), and how a click is matched to one: :func:`press` does what an item of
today does for an id a message no longer carries, :func:`dispatched` says whether discord.py
hands a click to one of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord.ui import DynamicItem

from .components import (
    ActionButton,
    ActionSelect,
    AddComputerButton,
    AwayButton,
    AwayMenuButton,
    BackButton,
    DiscardSelect,
    EndButton,
    ExportButton,
    GameButton,
    GamePageButton,
    GameSelect,
    GuideButton,
    HandButton,
    HintButton,
    HintsButton,
    JoinButton,
    KeepButton,
    LastTrickButton,
    LeaveButton,
    LevelButton,
    NudgeButton,
    OlderGamesButton,
    PilesButton,
    RefreshButton,
    RematchButton,
    RemoveComputerButton,
    ReturnButton,
    ReviewButton,
    RulesSelect,
    ShareGameButton,
    SitButton,
    StartButton,
    WhyButton,
)
from .tournament_items import (
    BeginButton,
    CheckInButton,
    EnterButton,
    PartnerSelect,
    WithdrawButton,
)

DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (
    SitButton, LeaveButton, StartButton, HandButton, RefreshButton, ReviewButton, RematchButton,
    ActionButton, ActionSelect, DiscardSelect, PilesButton, AddComputerButton,
    RemoveComputerButton,
    AwayButton, BackButton, RulesSelect, LastTrickButton, GuideButton, EndButton, KeepButton,
    AwayMenuButton, HintButton, LevelButton, HintsButton, ReturnButton, NudgeButton,
    JoinButton, GameButton, GamePageButton, ShareGameButton, ExportButton, OlderGamesButton,
    GameSelect, EnterButton, WithdrawButton, BeginButton, CheckInButton, WhyButton,
    PartnerSelect,
)


async def press(interaction: discord.Interaction[Any], custom_id: str) -> bool:
    """Do what one of today's items with ``custom_id`` does, though the message pressed no
    longer carries it; whether ``custom_id`` is one of them."""
    for kind in DYNAMIC_ITEMS:
        found = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if found is not None:
            item = await kind.from_custom_id(interaction, None, found)  # type: ignore[arg-type]
            await item.callback(interaction)
            return True
    return False


def dispatched(custom_id: str, message: discord.Message | None,
               component_type: object = discord.ComponentType.button.value) -> bool:
    """Whether discord.py hands a click on ``custom_id`` to one of today's items: its id matches
    one, and the message it came from carries it as a component of ``component_type`` (the
    kind the interaction says was used: discord.py drops the click otherwise). A click that is
    not dispatched comes from an older version of the bot, or was tampered with, and is
    answered by the Tables cog instead."""
    if message is None or not any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
                                  for item in DYNAMIC_ITEMS):
        return False
    return any(getattr(item, "custom_id", None) == custom_id
               and item.type.value == component_type for item in _carried(message))


def carries(message: discord.Message, custom_id: str) -> bool:
    """Whether ``message`` carries a component with ``custom_id``, of whatever kind."""
    return any(getattr(item, "custom_id", None) == custom_id for item in _carried(message))


def _carried(message: discord.Message) -> Iterator[discord.ui.Item[Any]]:
    layout = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    return layout.from_message(message, timeout=None).walk_children()
