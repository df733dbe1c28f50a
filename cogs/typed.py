"""Calls typed as slash commands: the legal actions offered as autocomplete choices, and what a
member typed read back as one action.

Nothing here knows a rule: the choices are the seat's own legal actions (``Observation.legal``)
and a typed value that matches none of them is passed on as the action it names, for the engine
to judge and refuse with its reason ("Bid more than 31.", "You must follow fives.").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from enum import Enum

from discord import app_commands

from bot.i18n import N_, title
from bot.service import Panel, Refusal
from engine import Action, Bid, NameTrump, Pass, Play, Trump, parse_action

from .messages.panel import panel_status
from .messages.words import action_label, bid_text, by_rank

MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""
NOTHING = "-"
"""The value of the one choice that only says why there is nothing to choose."""
NOT_A_TILE = N_("That is not a tile: write it like 6-4.")
NOT_A_BID = N_("That is not a bid: pick one from the list.")
NOT_A_TRUMP = N_("That is not a trump: pick one from the list.")


class Call(Enum):
    """What a command says: a bid, a pass, a trump, or a tile to play."""

    BID = "bid"
    PASS = "pass"
    TRUMP = "trump"
    PLAY = "play"

    def offers(self, action: Action) -> bool:
        kind = {Call.BID: Bid, Call.PASS: Pass, Call.TRUMP: NameTrump, Call.PLAY: Play}[self]
        return isinstance(action, kind)


def choices(call: Call, panel: Panel, locale: str | None,
            current: str) -> list[app_commands.Choice[str]]:
    """The seat's legal actions of this kind whose names contain what was typed so far; when
    there is none, one choice that says why (whose turn it is), and chooses nothing."""
    offered: dict[str, str] = {}
    for action in by_rank(panel.observation.variant, panel.observation.legal):
        if not call.offers(action):
            continue
        if isinstance(action, NameTrump):  # the piles are an option of their own
            offered.setdefault(action.trump.code, title(locale, action.trump))
        else:
            offered.setdefault(str(action), action_label(locale, action))
    if not offered:
        reason = panel_status(locale, panel)
        return [app_commands.Choice(name=reason[:100], value=NOTHING)]
    typed = _normal(current)
    found = [app_commands.Choice(name=name[:100], value=value)
             for value, name in offered.items() if typed in _normal(name)]
    return found[:MAX_CHOICES]


def resolve(call: Call, typed: str, panel: Panel, locale: str | None,
            piles: int | None = None) -> str:
    """The action text for what the member typed (a choice's value, or their own words):
    one of their legal actions if it names one, else the action it names for the engine to
    judge. :class:`Refusal` if it names no action of this kind at all."""
    if typed == NOTHING:
        raise Refusal("There is nothing to choose now; here is your current panel.", panel=panel)
    legal = [a for a in panel.observation.legal if call.offers(a)]
    top = panel.observation.variant.top
    if call is Call.TRUMP:
        return _trump(typed, legal, locale, piles, panel.observation.variant.trumps, top)
    wanted = _normal(typed)
    for action in legal:
        if wanted in _names(action, locale):
            return str(action)
    if call is Call.PASS:
        return str(Pass())
    if call is Call.PLAY:
        tile = _tile_text(wanted)
        return _checked(f"play:{tile}" if tile else "", NOT_A_TILE, top)
    amount = re.fullmatch(r"(?:bid)?(\d{1,3})(m|marks?)?", wanted)
    if amount is None:
        raise Refusal(NOT_A_BID)
    return _checked(f"bid:{amount[1]}m" if amount[2] else f"bid:{amount[1]}", NOT_A_BID, top)


def _trump(typed: str, legal: Sequence[Action], locale: str | None, piles: int | None,
           trumps: Sequence[Trump], top: int) -> str:
    """R-TRUMP-CHOICE with, on a marks contract only, the piles (R-PILES)."""
    wanted = _normal(typed)
    trump = next((tr for tr in (*Trump, *trumps) if wanted in (_normal(tr.code), _normal(tr.title),
                                                    _normal(title(locale, tr)))), None)
    if trump is None:
        raise Refusal(NOT_A_TRUMP)
    with_piles = any(isinstance(a, NameTrump) and a.piles is not None for a in legal)
    if with_piles and piles is None:
        raise Refusal("On a marks contract, also choose how many piles stay face up: piles 1"
                      " or 2.")
    if legal and not with_piles and piles is not None:
        raise Refusal("Piles are chosen only on a marks contract: leave piles out.")
    return _checked(str(NameTrump(trump, piles if with_piles or not legal else None)),
                    NOT_A_TRUMP, top)


def _names(action: Action, locale: str | None) -> Iterator[str]:
    """Every way a member may write ``action``: its text, its short form, its labels."""
    text = str(action)
    yield _normal(text)
    yield _normal(text.partition(":")[2])
    yield _normal(action_label(locale, action))
    yield _normal(action.title)
    if isinstance(action, Bid):
        yield _normal(bid_text(locale, action))


def _tile_text(wanted: str) -> str | None:
    """``6-4``, ``[6|4]``, ``6|4``, ``6 4`` or ``64`` as the engine's ``a-b``."""
    found = re.fullmatch(r"(\d)-?(\d)", wanted)
    return f"{found[1]}-{found[2]}" if found else None


def _checked(text: str, refusal: str, top: int) -> str:
    """An action text the engine can read for a double-``top`` set, else ``refusal``."""
    try:
        parse_action(text, top)
    except ValueError:
        raise Refusal(refusal) from None
    return text


def _normal(text: str) -> str:
    """Lower case, without brackets or spaces, ``|`` read as ``-``: how typed text is compared."""
    return re.sub(r"[\s\[\]()]", "", text.lower()).replace("|", "-")
