"""A member away from a game: the votes that let a computer player play their seat, and I'm
back. Nothing happens by timer."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import Locale, t
from bot.records import TableRecord, mentions
from engine import Seat

from ..components import AwayButton, AwayMenuButton, BackButton, ReturnButton
from .reply import Reply
from .words import voice

ROW = 5
"""Buttons Discord allows in one row."""


def away_buttons(locale: Locale, view: discord.ui.View, table: TableRecord) -> None:
    """In one row: I'm back for each seat a computer player stands in for (one I'm back for
    them all when so many are away that theirs would not fit), Agree for each request to let
    one play a member's seat (as many as fit; the menu offers them all), and one Someone's
    away… to make such a request (when another member is seated to agree)."""
    backs: list[discord.ui.Item[Any]] = [
        BackButton(table.id, seat, t(locale, "I'm back ({seat})", seat=seat))
        for seat in table.stand_ins]
    agrees: list[discord.ui.Item[Any]] = [
        AwayButton(table.id, seat, t(locale, "Agree: a bot plays {seat}", seat=seat))
        for seat in _requested(table)]
    menu: list[discord.ui.Item[Any]] = (
        [AwayMenuButton(table.id, t(locale, "Someone's away…"))] if _awayable(table) else [])
    if len(backs) + len(agrees) + len(menu) > ROW:
        backs = [ReturnButton(table.id, t(locale, "I'm back"))] if backs else []
    row = backs + agrees[:ROW - len(backs) - len(menu)] + menu
    for item in row:
        item.row = 1
        view.add_item(item)


def _awayable(table: TableRecord) -> list[Seat]:
    """Members' seats a computer player could be voted in for."""
    return [seat for seat in table.all_seats if seat not in table.stand_ins
            and (player := table.player(seat)) is not None and player.user_id is not None
            and table.voters_needed(seat)]


def _requested(table: TableRecord) -> list[Seat]:
    """Members' seats someone has asked a computer player to play, still waiting for others
    to agree."""
    return [seat for seat in _awayable(table) if table.voters(seat)]


def away_request(locale: Locale, table: TableRecord, seat: Seat, voter_id: int,
                 asked: tuple[int, ...]) -> str:
    """The one message that asks the members still needed to agree, with the way to."""
    player = table.player(seat)
    return t(locale, "{asked}: <@{voter}> asks to let a 🤖 bot play {seat} while {player} is"
             " away. Press Agree on the table if you agree: {link}", asked=mentions(asked),
             voter=voter_id, seat=seat, player=player.mention if player is not None else "",
             link=table.link)


def away_menu(table: TableRecord, locale: Locale, voter_id: int) -> Reply:
    """The private choice behind Someone's away…: whose seat a computer player should play
    while they are away (every other seated member must agree)."""
    locale = voice(locale, table)
    view = discord.ui.View(timeout=None)
    for seat in _awayable(table):
        player = table.player(seat)
        if player is not None and player.user_id != voter_id:
            view.add_item(AwayButton(table.id, seat, t(locale, "Let a bot play {seat}",
                                                       seat=seat)))
    if not view.children:
        return Reply(t(locale, "Nobody else is seated whose seat a bot could play."))
    return Reply(t(locale, "Who is away? A 🤖 bot plays their seat once every other seated"
                           " player agrees, until they press I'm back."), None, view)


def away_text(locale: Locale, table: TableRecord) -> str:
    """Who is away and the votes so far: everybody sees them (nothing happens by timer)."""
    lines = []
    for seat in table.all_seats:
        player = table.player(seat)
        if player is None or player.user_id is None:
            continue
        if seat in table.stand_ins:
            lines.append(t(locale, "{seat} {player} is away: a 🤖 bot plays for them until they"
                           " press I'm back.", seat=seat, player=player.mention))
            continue
        voters = table.voters(seat)
        if voters:
            waiting = table.voters_needed(seat) - voters
            lines.append(t(locale, "Let a bot play {seat} {player}? Agreed: {voters}. Still"
                           " needed: {waiting}.", seat=seat, player=player.mention,
                           voters=mentions(voters), waiting=mentions(waiting)))
    return "\n".join(lines)
