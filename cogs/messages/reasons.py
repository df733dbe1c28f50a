"""Why the computer players played a finished hand as they did, privately: for each decision
with a choice, what the seat knew (its estimate for each candidate, from its own tiles and the
table, and the number of deals behind it), apart from hindsight (every hand face up, after the
hand), which the seat could not know and the message labels so."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Locale, t
from bot.service import ComputerMove, HandMoves, TrickMoves
from engine.actions import Action, Play
from engine.players.reasons import Basis, Explained

from .reply import COLOUR, Reply, fit_lines
from .words import action_label, voice

SHOWN = 3
"""Candidates shown for a decision, best first (the one chosen always among them)."""


def reasons_message(hand: HandMoves, explained: Sequence[Explained | None],
                    locale: Locale) -> Reply:
    """Each computer decision of the hand with its reasons, by auction and trick; a decision
    the strong player would not have made the same way today (another player decided, or it
    decided in haste) is left out rather than explained wrongly."""
    locale = voice(locale, hand.table)
    return _reasons(
        locale, hand.moves, explained, hand.played,
        t(locale, "Hand {hand} — why the bots played as they did",
          hand=hand.summary.hand_number),
        t(locale, "What each 🤖 bot knew when it chose: its estimate for each choice, from its"
                  " own tiles and the table. Hindsight, with every hand face up, comes after"
                  " the hand: the bot could not know it."),
        t(locale, "The bots had no real choice to weigh in this hand."))


def trick_reasons_message(trick: TrickMoves, explained: Sequence[Explained | None],
                          locale: Locale) -> Reply:
    """Each computer decision in the trick on the table with its reasons, naming only the tiles
    played to it: the others are still in the bots' hands."""
    locale = voice(locale, trick.table)
    return _reasons(
        locale, trick.moves, explained, trick.played,
        t(locale, "The trick on the table — why the bots played as they did"),
        t(locale, "What each 🤖 bot knew when it chose: its estimate for the tile it played,"
                  " from its own tiles and the table. The tiles it kept stay hidden until the"
                  " hand is over."),
        t(locale, "The bots had no real choice to weigh in this trick."))


def _reasons(locale: Locale, moves: Sequence[ComputerMove],
             explained: Sequence[Explained | None], played: frozenset[Action], title: str,
             description: str, nothing: str) -> Reply:
    embed = discord.Embed(colour=COLOUR, title=title, description=description)
    groups: dict[str, list[str]] = {}
    for move, found in zip(moves, explained, strict=True):
        if found is None or found.reasoning.chosen != move.action:
            continue
        heading = (t(locale, "Trick {number}", number=move.trick) if move.trick else
                   t(locale, "Auction"))
        line = _line(locale, move, found, played)
        if line:
            groups.setdefault(heading, []).append(line)
    for heading, lines in groups.items():
        embed.add_field(name=heading, value=fit_lines(lines), inline=False)
    if not groups:
        embed.add_field(name=t(locale, "Nothing to explain"), value=nothing, inline=False)
    return Reply(None, embed)


def _line(locale: Locale, move: ComputerMove, found: Explained,
          played: frozenset[Action]) -> str:
    """The decision in a line: its candidates' estimates, best first, naming only tiles the
    hand's tricks show (R-REVIEW); a play's hindsight when the hand was played out."""
    reasoning = found.reasoning
    public = [e for e in reasoning.estimates
              if not isinstance(e.action, Play) or e.action in played]
    if reasoning.basis in (Basis.ONLY_CHOICE, Basis.RULES) or not public:
        return ""
    shown = public[:SHOWN]
    chosen = [e for e in public[SHOWN:] if e.action == move.action]
    shown += chosen  # the move made is always among those shown (a pass has no estimate)
    estimates = " · ".join(f"{action_label(locale, e.action)} {e.chance:.0%}" for e in shown)
    head = t(locale, "🤖 {seat}: {action}", seat=move.seat,
             action=action_label(locale, move.action))
    if isinstance(move.action, Play):
        contract = move.observation.contract
        side_of = move.observation.variant.seating.side_of
        declaring = contract is not None and side_of[contract.declarer] == side_of[move.seat]
        line = (t(locale, "{move} — made the contract in its deals: {estimates} ({deals}"
                          " solved)", move=head, estimates=estimates, deals=reasoning.deals)
                if declaring else
                t(locale, "{move} — set the contract in its deals: {estimates} ({deals}"
                          " solved)", move=head, estimates=estimates, deals=reasoning.deals))
        if found.hindsight is not None:
            kept = ", ".join(action_label(locale, action) for action in found.hindsight)
            line += "\n" + (t(locale, "Hindsight, all hands face up: {plays} would have done it.",
                              plays=kept) if kept else
                            t(locale, "Hindsight, all hands face up: no play would have done"
                                      " it."))
        return line
    return t(locale, "{move} — chance of making each bid: {estimates} ({deals} deals)",
             move=head, estimates=estimates, deals=reasoning.deals)
