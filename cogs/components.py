"""Persistent buttons and selects: what they do is written in their custom ids.

Each is a ``discord.ui.DynamicItem`` whose template names the table (and, on a panel, the hand,
the number of actions accepted when the panel was drawn, and the action), so every button ever
posted still works after a restart, and a stale one is recognised rather than obeyed. A custom
id holds a tile only on its owner's private panel. Their bodies only parse the id and call
their handler: a method of :class:`TableHandlers`, named by each item, so the type checker sees
every click's call. A tournament's sign-up items are :mod:`cogs.tournament_items`'; every item
the bot answers is registered from :mod:`cogs.dispatch`.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

import discord
from discord.ui import Button, DynamicItem, Select

from bot.answers import answer_error
from engine import Seat

TABLE = r"(?P<table>[0-9]{1,19})"
PANEL = TABLE + r":(?P<hand>[0-9]{1,4}):(?P<count>[0-9]{1,6})"
ACTION_TEXT = r"(?P<action>[a-z0-9:\-]{1,40})"

Interaction = discord.Interaction[Any]


@dataclass(frozen=True, slots=True)
class Picked:
    """A member picked in a user select, as the interaction resolves them (id 0: none)."""

    user_id: int
    name: str | None
    bot: bool

    @classmethod
    def of(cls, interaction: Interaction) -> Picked:
        data: Any = interaction.data or {}
        values = [str(value) for value in data.get("values") or []]
        if not values or not values[0].isdigit():
            return cls(0, None, False)
        resolved = data.get("resolved") or {}
        user = (resolved.get("users") or {}).get(values[0]) or {}
        member = (resolved.get("members") or {}).get(values[0]) or {}
        name = member.get("nick") or user.get("global_name") or user.get("username")
        return cls(int(values[0]), str(name) if name else None, bool(user.get("bot")))


class TableHandlers(Protocol):
    """What the items do once their ids are read. The Tables cog implements it and registers
    itself for its client with :func:`serve`, so this module needs nothing of the cog."""

    # The table message's buttons, and the private ones that name only the table.
    async def on_leave(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_start(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_hand(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_refresh(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_review(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_why(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_last_trick(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_guide(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_end_confirmed(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_end_cancelled(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_away_menu(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_nudge(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_join(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_return(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_rematch(self, interaction: Interaction, table_id: int) -> None: ...

    # The buttons about one seat.
    async def on_sit(self, interaction: Interaction, table_id: int, seat: Seat) -> None: ...
    async def on_add_computer(self, interaction: Interaction, table_id: int,
                              seat: Seat) -> None: ...
    async def on_remove_computer(self, interaction: Interaction, table_id: int,
                                 seat: Seat) -> None: ...
    async def on_away(self, interaction: Interaction, table_id: int, seat: Seat) -> None: ...
    async def on_back(self, interaction: Interaction, table_id: int, seat: Seat) -> None: ...

    # The lobby's settings.
    async def on_level(self, interaction: Interaction, table_id: int, value: str) -> None: ...
    async def on_hints(self, interaction: Interaction, table_id: int, value: str) -> None: ...
    async def on_rules(self, interaction: Interaction, table_id: int,
                       values: list[str]) -> None: ...

    # A panel's items, which also name the hand and how many actions it was drawn after.
    async def on_action(self, interaction: Interaction, table_id: int, hand: int, count: int,
                        text: str) -> None: ...
    async def on_hint(self, interaction: Interaction, table_id: int, hand: int,
                      count: int) -> None: ...
    async def on_piles(self, interaction: Interaction, table_id: int, hand: int, count: int,
                       piles: int) -> None: ...

    # A finished game opened again: its pages, and a member's history.
    async def on_game_page(self, interaction: Interaction, table_id: int,
                           page: int) -> None: ...
    async def on_share_game(self, interaction: Interaction, table_id: int,
                            page: int) -> None: ...
    async def on_export(self, interaction: Interaction, table_id: int, page: int) -> None: ...
    async def on_open_game(self, interaction: Interaction, table_id: int) -> None: ...
    async def on_older_games(self, interaction: Interaction, user_id: int,
                             before: int) -> None: ...

    # A tournament's sign-up message (the id is the tournament's).
    async def on_enter(self, interaction: Interaction, tournament_id: int) -> None: ...
    async def on_withdraw(self, interaction: Interaction, tournament_id: int) -> None: ...
    async def on_begin(self, interaction: Interaction, tournament_id: int) -> None: ...
    async def on_check_in(self, interaction: Interaction, tournament_id: int) -> None: ...
    async def on_pair(self, interaction: Interaction, tournament_id: int,
                      partner: Picked) -> None: ...

    async def answer_error(self, interaction: Interaction, error: BaseException) -> None:
        """Every error of a handler, answered privately in one place."""

    def saw(self, interaction: Interaction) -> None:
        """Somebody pressed one of the items (before it is handled)."""


OnTable = Callable[[Interaction, int], Awaitable[None]]
OnPage = Callable[[Interaction, int, int], Awaitable[None]]
OnSeat = Callable[[Interaction, int, Seat], Awaitable[None]]
OnSetting = Callable[[Interaction, int, str], Awaitable[None]]

_served: dict[discord.Client, TableHandlers] = {}


def serve(client: discord.Client, handlers: TableHandlers) -> None:
    """Hand this client's clicks to ``handlers`` (the Tables cog, as it loads)."""
    _served[client] = handlers


def unserve(client: discord.Client, handlers: TableHandlers) -> None:
    """No longer (the Tables cog, as it unloads); another one served since stays."""
    if _served.get(client) is handlers:
        del _served[client]


class NotServed(RuntimeError):
    """A click reached a client that serves no table handlers: its Tables cog is not loaded."""


async def guarded(interaction: Interaction,
                   body: Callable[[TableHandlers], Awaitable[None]]) -> None:
    """Run a component's body with its client's handlers; any error is answered privately in
    one place (without handlers, as any unexpected error is)."""
    handlers = _served.get(interaction.client)
    if handlers is None:
        await answer_error(interaction, NotServed(
            "no table handlers serve this client: the Tables cog is not loaded"))
        return
    handlers.saw(interaction)
    try:
        await body(handlers)
    except Exception as error:
        await handlers.answer_error(interaction, error)


class TableButton:
    """A button that names only its table: ``42:{verb}:{table}``, handled by :meth:`handler`.

    Mixed into a ``DynamicItem`` whose template is ``42:{verb}:`` + TABLE."""

    verb: ClassVar[str]
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, table_id: int, label: str, disabled: bool = False) -> None:
        super().__init__(Button(  # type: ignore[call-arg]
            label=label, style=self.style, disabled=disabled,
            custom_id=f"42:{self.verb}:{table_id}"))
        self.table_id = table_id

    @staticmethod
    @abstractmethod
    def handler(table: TableHandlers) -> OnTable:
        """The method of ``table`` that does what this button says."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: self.handler(table)(
            interaction, self.table_id))


class LeaveButton(TableButton, DynamicItem[Button[Any]], template=r"42:leave:" + TABLE):
    verb = "leave"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_leave


class StartButton(TableButton, DynamicItem[Button[Any]], template=r"42:start:" + TABLE):
    verb, style = "start", discord.ButtonStyle.success

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_start


class HandButton(TableButton, DynamicItem[Button[Any]], template=r"42:hand:" + TABLE):
    """My hand: the presser's own panel, as a new private message."""

    verb, style = "hand", discord.ButtonStyle.primary

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_hand


class RefreshButton(TableButton, DynamicItem[Button[Any]], template=r"42:refresh:" + TABLE):
    """On a panel: draw it again in place (which also renews how long it can be updated)."""

    verb = "refresh"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_refresh


class ReviewButton(TableButton, DynamicItem[Button[Any]], template=r"42:review:" + TABLE):
    verb = "review"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_review


class WhyButton(TableButton, DynamicItem[Button[Any]], template=r"42:why:" + TABLE):
    """Under a hand's review: why the computer players played it as they did, privately."""

    verb = "why"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_why


class LastTrickButton(TableButton, DynamicItem[Button[Any]], template=r"42:last:" + TABLE):
    """The last completed trick, privately: sorted, by side only (R-SEE-ANON)."""

    verb = "last"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_last_trick


class GuideButton(TableButton, DynamicItem[Button[Any]], template=r"42:guide:" + TABLE):
    """The rules the table plays, privately, in the presser's language."""

    verb = "guide"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_guide


class JoinButton(TableButton, DynamicItem[Button[Any]], template=r"42:join:" + TABLE):
    """On an invitation: the presser takes the table's first free seat."""

    verb, style = "join", discord.ButtonStyle.success

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_join


class NudgeButton(TableButton, DynamicItem[Button[Any]], template=r"42:nudge:" + TABLE):
    """A seated player nudges the member whose turn it is: one ping, at most once a turn."""

    verb = "nudge"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_nudge


class EndButton(TableButton, DynamicItem[Button[Any]], template=r"42:endok:" + TABLE):
    """Confirms /42 end while a game is on: the table closes and the game counts for nothing."""

    verb, style = "endok", discord.ButtonStyle.danger

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_end_confirmed


class KeepButton(TableButton, DynamicItem[Button[Any]], template=r"42:endno:" + TABLE):
    """Answers /42 end's question the other way: the game goes on."""

    verb = "endno"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_end_cancelled


class ReturnButton(TableButton, DynamicItem[Button[Any]], template=r"42:return:" + TABLE):
    """I'm back, for whichever away member presses it: the table's one such button when its
    away members' own (:class:`BackButton`) would not fit in a row."""

    verb, style = "return", discord.ButtonStyle.primary

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_return


class AwayMenuButton(TableButton, DynamicItem[Button[Any]], template=r"42:awaymenu:" + TABLE):
    """Someone's away…: privately, the seats a computer player could be voted in for."""

    verb = "awaymenu"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_away_menu


class RematchButton(TableButton, DynamicItem[Button[Any]], template=r"42:rematch:" + TABLE):
    verb, style = "rematch", discord.ButtonStyle.success

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_rematch


class GameButton(TableButton, DynamicItem[Button[Any]], template=r"42:hands:" + TABLE):
    """On a finished table: the whole game, hand by hand, privately (as /42 game opens it)."""

    verb = "hands"

    @staticmethod
    def handler(table: TableHandlers) -> OnTable:
        return table.on_open_game


SEAT = TABLE + r":(?P<seat>[0-7])"


class _SeatButton:
    """A button about one seat: ``42:{verb}:{table}:{seat}``, handled by :meth:`handler`."""

    verb: ClassVar[str]
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    emoji: ClassVar[str | None] = None

    def __init__(self, table_id: int, seat: Seat, label: str) -> None:
        super().__init__(Button(  # type: ignore[call-arg]
            label=label, style=self.style, emoji=self.emoji,
            custom_id=f"42:{self.verb}:{table_id}:{int(seat)}"))
        self.table_id, self.seat = table_id, seat

    @staticmethod
    @abstractmethod
    def handler(table: TableHandlers) -> OnSeat:
        """The method of ``table`` that does what this button says to the seat."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), Seat(int(match["seat"])),
                   getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: self.handler(table)(
            interaction, self.table_id, self.seat))


class SitButton(_SeatButton, DynamicItem[Button[Any]], template=r"42:sit:" + SEAT):
    verb = "sit"

    @staticmethod
    def handler(table: TableHandlers) -> OnSeat:
        return table.on_sit


class AddComputerButton(_SeatButton, DynamicItem[Button[Any]], template=r"42:bot:" + SEAT):
    """Before the start: a computer player takes this empty seat."""

    verb, emoji = "bot", "🤖"

    @staticmethod
    def handler(table: TableHandlers) -> OnSeat:
        return table.on_add_computer


class RemoveComputerButton(_SeatButton, DynamicItem[Button[Any]],
                           template=r"42:unbot:" + SEAT):
    """Before the start: the computer player at this seat leaves it."""

    verb = "unbot"

    @staticmethod
    def handler(table: TableHandlers) -> OnSeat:
        return table.on_remove_computer


class AwayButton(_SeatButton, DynamicItem[Button[Any]], template=r"42:away:" + SEAT):
    """In a game: the presser agrees to let a computer player play this member's seat."""

    verb = "away"

    @staticmethod
    def handler(table: TableHandlers) -> OnSeat:
        return table.on_away


class BackButton(_SeatButton, DynamicItem[Button[Any]], template=r"42:back:" + SEAT):
    """I'm back: the member of this seat plays it again (on the table message or their panel)."""

    verb, style = "back", discord.ButtonStyle.primary

    @staticmethod
    def handler(table: TableHandlers) -> OnSeat:
        return table.on_back


class ActionButton(DynamicItem[Button[Any]], template=r"42:a:" + PANEL + ":" + ACTION_TEXT):
    """A panel's button for one action (a tile, pass, a trump), in its short text form."""

    def __init__(self, table_id: int, hand: int, count: int, action: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None,
                 emoji: discord.Emoji | None = None) -> None:
        super().__init__(Button(label=label, style=style, disabled=disabled, emoji=emoji,
                                custom_id=f"42:a:{table_id}:{hand}:{count}:{action}"), row=row)
        self.table_id, self.hand, self.count, self.action = table_id, hand, count, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["count"]),
                   match["action"], label=getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: table.on_action(
            interaction, self.table_id, self.hand, self.count, self.action))


class ActionSelect(DynamicItem[Select[Any]], template=r"42:s:" + PANEL):
    """A panel's select of actions (bids, or trumps); each option's value is an action."""

    def __init__(self, table_id: int, hand: int, count: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(Select(custom_id=f"42:s:{table_id}:{hand}:{count}",
                                options=options or [discord.SelectOption(label="·")],
                                placeholder=placeholder or None, disabled=disabled), row=row)
        self.table_id, self.hand, self.count = table_id, hand, count

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["count"]))

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or [""]
        text = str(values[0])
        await guarded(interaction, lambda table: table.on_action(
            interaction, self.table_id, self.hand, self.count, text))


class DiscardSelect(ActionSelect, template=r"42:d:" + PANEL):
    """A panel's choice of several tiles to lay face down at once (V-72-WIDOW); each option's
    value is a tile, and the choice is one discard of them all."""

    def __init__(self, table_id: int, hand: int, count: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 tiles: int = 1, row: int | None = None) -> None:
        DynamicItem.__init__(self, Select(
            custom_id=f"42:d:{table_id}:{hand}:{count}",
            options=options or [discord.SelectOption(label="·")],
            placeholder=placeholder or None, min_values=tiles, max_values=tiles), row=row)
        self.table_id, self.hand, self.count = table_id, hand, count

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        text = "discard:" + ",".join(str(value) for value in data.get("values") or [])
        await guarded(interaction, lambda table: table.on_action(
            interaction, self.table_id, self.hand, self.count, text))


class HintButton(DynamicItem[Button[Any]], template=r"42:hint:" + PANEL):
    """On a panel, at the member's turn: the strong player's suggestion and why, shown on the
    same panel (from this seat's own observation only)."""

    def __init__(self, table_id: int, hand: int, count: int, *, label: str = "",
                 row: int | None = None) -> None:
        super().__init__(Button(label=label or "·", emoji="💡",
                                custom_id=f"42:hint:{table_id}:{hand}:{count}"), row=row)
        self.table_id, self.hand, self.count = table_id, hand, count

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["count"]),
                   label=getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: table.on_hint(
            interaction, self.table_id, self.hand, self.count))


class _SettingButton:
    """In the lobby, for the creator: a button that sets one of the table's settings to the
    value its id names (``42:{verb}:{table}:{value}``), so a second press changes nothing."""

    verb: ClassVar[str]
    emoji: ClassVar[str]

    def __init__(self, table_id: int, value: str, label: str) -> None:
        super().__init__(Button(  # type: ignore[call-arg]
            label=label, emoji=self.emoji, custom_id=f"42:{self.verb}:{table_id}:{value}"))
        self.table_id, self.value = table_id, value

    @staticmethod
    @abstractmethod
    def handler(table: TableHandlers) -> OnSetting:
        """The method of ``table`` that sets the setting to the value the id names."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), match["value"], getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: self.handler(table)(
            interaction, self.table_id, self.value))


class LevelButton(_SettingButton, DynamicItem[Button[Any]],
                  template=r"42:level:" + TABLE + r":(?P<value>casual|strong)"):
    """How strong the computer players are: pressing sets the level its id names."""

    verb, emoji = "level", "🤖"

    @staticmethod
    def handler(table: TableHandlers) -> OnSetting:
        return table.on_level


class HintsButton(_SettingButton, DynamicItem[Button[Any]],
                  template=r"42:hints:" + TABLE + r":(?P<value>on|off)"):
    """Whether members may ask for hints: pressing turns them the way its id names."""

    verb, emoji = "hints", "💡"

    @staticmethod
    def handler(table: TableHandlers) -> OnSetting:
        return table.on_hints


class PilesButton(DynamicItem[Button[Any]], template=r"42:p:" + PANEL + r":(?P<piles>[12])"):
    """R-PILES on a marks contract: pick 1 or 2 face-up piles, then the trump select offers
    the choices with that many piles. Nothing is played until trump is picked."""

    def __init__(self, table_id: int, hand: int, count: int, piles: int, *, label: str = "",
                 chosen: bool = False, row: int | None = None) -> None:
        style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
        super().__init__(Button(label=label or str(piles), style=style,
                                custom_id=f"42:p:{table_id}:{hand}:{count}:{piles}"), row=row)
        self.table_id, self.hand, self.count, self.piles = table_id, hand, count, piles

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["hand"]), int(match["count"]),
                   int(match["piles"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: table.on_piles(
            interaction, self.table_id, self.hand, self.count, self.piles))


class RulesSelect(DynamicItem[Select[Any]], template=r"42:rules:" + TABLE):
    """In the lobby: the house rules, several at once; only the table's creator may change
    them. Its options' values are the choices of :mod:`bot.house_rules`."""

    def __init__(self, table_id: int, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="·")]
        super().__init__(Select(custom_id=f"42:rules:{table_id}", options=options,
                                placeholder=placeholder or None, min_values=0,
                                max_values=len(options)), row=row)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = [str(value) for value in data.get("values") or []]
        await guarded(interaction, lambda table: table.on_rules(interaction, self.table_id,
                                                                 values))


PAGE = TABLE + r":(?P<page>[0-9]{1,3})"


class _PageButton:
    """A button about one page of a finished game (0: its overview, then a page per hand):
    ``42:{verb}:{table}:{page}``, handled by :meth:`handler`."""

    verb: ClassVar[str]

    def __init__(self, table_id: int, page: int, label: str, disabled: bool = False,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(Button(  # type: ignore[call-arg]
            label=label, style=style, disabled=disabled,
            custom_id=f"42:{self.verb}:{table_id}:{page}"))
        self.table_id, self.page = table_id, page

    @staticmethod
    @abstractmethod
    def handler(table: TableHandlers) -> OnPage: ...

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["table"]), int(match["page"]),
                   getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: self.handler(table)(
            interaction, self.table_id, self.page))


class GamePageButton(_PageButton, DynamicItem[Button[Any]], template=r"42:game:" + PAGE):
    """Previous or next: the finished game's page shown in place of this one."""

    verb = "game"

    @staticmethod
    def handler(table: TableHandlers) -> OnPage:
        return table.on_game_page


class ShareGameButton(_PageButton, DynamicItem[Button[Any]], template=r"42:share:" + PAGE):
    """One of the game's players posts this page in the channel."""

    verb = "share"

    @staticmethod
    def handler(table: TableHandlers) -> OnPage:
        return table.on_share_game


class ExportButton(_PageButton, DynamicItem[Button[Any]], template=r"42:export:" + PAGE):
    """The hand of this page (the whole game, on the overview) as a replay file, privately."""

    verb = "export"

    @staticmethod
    def handler(table: TableHandlers) -> OnPage:
        return table.on_export


class OlderGamesButton(DynamicItem[Button[Any]],
                       template=r"42:older:(?P<user>[0-9]{1,19}):(?P<before>[0-9]{1,19})"):
    """A member's history: the page of games that ended before ``before``."""

    def __init__(self, user_id: int, before: int, label: str = "·") -> None:
        super().__init__(Button(label=label, custom_id=f"42:older:{user_id}:{before}"))
        self.user_id, self.before = user_id, before

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls(int(match["user"]), int(match["before"]),
                   getattr(item, "label", None) or "·")

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, lambda table: table.on_older_games(
            interaction, self.user_id, self.before))


class GameSelect(DynamicItem[Select[Any]], template=r"42:open"):
    """A member's history: the game chosen opens, privately; each option's value is its id."""

    def __init__(self, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(Select(custom_id="42:open",
                                options=options or [discord.SelectOption(label="·")],
                                placeholder=placeholder or None))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: re.Match[str], /) -> Self:
        return cls()

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        value = str((data.get("values") or [""])[0])
        await guarded(interaction, lambda table: table.on_open_game(
            interaction, int(value) if value.isdigit() else 0))
