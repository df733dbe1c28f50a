"""Finished games told again: a member's history, and one game, page by page (its overview,
then each hand as its review shows it: R-REVIEW)."""

from __future__ import annotations

import discord

from bot.i18n import Locale, t
from bot.rating import Rating
from bot.records import PlayedGame, TableRecord, mention
from bot.service import FinishedGame, HistoryPage

from ..components import ExportButton, GamePageButton, GameSelect, OlderGamesButton, ShareGameButton
from ..games import one_game_title
from .reply import COLOUR, Reply
from .score import per_side, signed
from .summary import review_lines, summary_text
from .words import members_of, voice, who

DESCRIPTION = 4000
"""The longest description written (Discord takes 4,096 characters)."""


def history_message(page: HistoryPage, user_id: int, locale: Locale) -> Reply:
    """A page of a member's finished games, latest first, with a menu that opens one and a
    button to the older ones."""
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: game history"))
    if not page.games:
        embed.description = t(locale, "{member} has not finished a game on this server yet.",
                              member=mention(user_id))
        return Reply(None, embed)
    lines = [mention(user_id)]
    lines += [_history_line(locale, game, user_id) for game in page.games]
    embed.description = "\n".join(lines)
    embed.set_footer(text=t(locale, "Open a game below, or with /42 game and its number."))
    view = discord.ui.View(timeout=None)
    view.add_item(GameSelect(
        placeholder=t(locale, "Open a game…"),
        options=[discord.SelectOption(label=_option(locale, game, user_id)[:100],
                                      value=str(game.table.id)) for game in page.games]))
    if page.older is not None:
        view.add_item(OlderGamesButton(user_id, page.older, t(locale, "Older games")))
    return Reply(None, embed, view)


def _history_line(locale: Locale, game: PlayedGame, user_id: int) -> str:
    """``#12 · <date> · 42 · Won 7–4 · with @B against @C and @D · rating 1540 (+28)``."""
    parts = [f"`#{game.table.id}`", discord.utils.format_dt(game.finished_at, "d"),
             one_game_title(locale, game.game), f"**{_result(locale, game)}**",
             _sides(locale, game.table, game.side, user_id)]
    if game.change is not None:
        parts.append(_change(locale, *game.change))
    return " · ".join(part for part in parts if part)


def _option(locale: Locale, game: PlayedGame, user_id: int) -> str:
    """The menu's label of a game (no mention or date: an option shows plain text)."""
    return (f"#{game.table.id} · {game.finished_at:%Y-%m-%d} · {one_game_title(locale, game.game)}"
            f" · {_result(locale, game)}")


def _result(locale: Locale, game: PlayedGame) -> str:
    """Won or lost, and the final totals, the member's side's first."""
    if not game.totals:
        return t(locale, "Won") if game.won else t(locale, "Lost")
    totals = [game.totals[game.side], *(total for side, total in enumerate(game.totals)
                                        if side != game.side)]
    score = "–".join(signed(total) for total in totals)
    return (t(locale, "Won {score}", score=score) if game.won
            else t(locale, "Lost {score}", score=score))


def _sides(locale: Locale, table: TableRecord, side: int, user_id: int) -> str:
    """Who the member played with and against."""
    seating = table.variant.seating
    voiced = voice(locale, table)
    seat = table.seat_of(user_id)
    partners = [who(voiced, table, s) for s in seating.members[side] if s != seat]
    against = t(locale, "against {players}", players=", ".join(
        members_of(voiced, table, other) for other in seating.sides if other != side))
    if not partners:
        return against
    return t(locale, "with {partners} {against}", partners=", ".join(partners),
             against=against)


def _change(locale: Locale, before: Rating, after: Rating) -> str:
    return t(locale, "rating {rating} ({change})", rating=after.shown,
             change=_delta(before, after))


def _delta(before: Rating, after: Rating) -> str:
    """How far a game moved the shown figure: ``+28``, ``−30``."""
    delta = after.shown - before.shown
    return f"+{delta}" if delta >= 0 else f"−{-delta}"


def game_message(game: FinishedGame, page: int, locale: Locale, *,
                 shared_by: int | None = None) -> Reply:
    """Page ``page`` of a finished game: 0 its overview (who played, how it ended, each hand in
    a line, the ratings it changed), then each hand's review. Privately, with buttons to page,
    share and download; shared in the channel (``shared_by``), the page alone."""
    table, count = game.table, len(game.hands)
    page = max(0, min(page, count))
    voiced = voice(locale, table)
    title = t(locale, "Game {id}: {game}", id=table.id, game=one_game_title(locale, game.kind))
    if page:
        title = t(locale, "Game {id}: hand {hand} of {hands}", id=table.id, hand=page,
                  hands=count)
        lines = review_lines(game.hands[page - 1], table, locale)
    else:
        lines = _overview(voiced, game)
    embed = discord.Embed(colour=COLOUR, title=title, description=_fit(lines))
    if shared_by is not None:
        embed.set_footer(text=t(locale, "Shared from /42 game {id}.", id=table.id))
        return Reply(t(locale, "{member} shares game {id}:", member=mention(shared_by),
                       id=table.id), embed)
    view = discord.ui.View(timeout=None)
    view.add_item(GamePageButton(table.id, max(page - 1, 0), t(locale, "◀ Previous"),
                                 disabled=page == 0))
    view.add_item(GamePageButton(table.id, min(page + 1, count), t(locale, "Next ▶"),
                                 disabled=page == count))
    view.add_item(ShareGameButton(table.id, page, t(locale, "Share in the channel")))
    view.add_item(ExportButton(table.id, page, t(locale, "Download this hand") if page
                               else t(locale, "Download the game"),
                               style=discord.ButtonStyle.primary))
    return Reply(None, embed, view)


def _overview(locale: Locale, game: FinishedGame) -> list[str]:
    table = game.table
    seating = table.variant.seating
    lines = [t(locale, "{side}: {players}", side=side, players=members_of(locale, table, side))
             for side in seating.sides]
    lines.append(t(locale, "Final: {totals}", totals=per_side(locale, seating, game.totals)))
    if game.winner is not None:
        lines.append(t(locale, "Winners: {side}", side=seating.sides[game.winner]))
    if game.changes:
        lines.append(t(locale, "Ratings: {changes}", changes=", ".join(
            f"{mention(user)} {after.shown} ({_delta(before, after)})"
            for user, (before, after) in sorted(game.changes.items()))))
    lines.append("")
    lines += [summary_text(locale, hand, table) for hand in game.hands]
    return lines


def _fit(lines: list[str]) -> str:
    """The lines, as many as Discord takes, the cut said."""
    text = ""
    for n, line in enumerate(lines):
        if len(text) + len(line) + 2 > DESCRIPTION:
            return text + f"\n… (+{len(lines) - n})"
        text += ("\n" if text else "") + line
    return text
