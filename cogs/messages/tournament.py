"""A tournament's message in its channel: while sign-ups are open, who has signed up, with Join,
Leave and Start; from the start on, the board: the matches in play (each with its thread), the
results so far, and the champion at the end. Every line is in the server's language, since
the whole server reads it; members are named by mention, which never pings in an edit."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.house_rules import rules_text
from bot.i18n import N_, Locale, t, tn
from bot.records import mention
from bot.tournament.event import Format, finished, placings, playable
from bot.tournament.records import (
    Decided,
    Decision,
    TournamentRecord,
    TournamentStatus,
    key_of,
)
from bot.tournament.round_robin import RoundRobin
from bot.tournament.types import Entrant, Match, Result, Stage

from ..pictures import BracketPicture
from ..tournament_items import (
    BeginButton,
    CheckInButton,
    EnterButton,
    PartnerSelect,
    WithdrawButton,
)
from .bracket import bracket_picture, translated_words
from .reply import COLOUR, Reply, fit_lines

FORMAT_NAMES = {
    Format.DOUBLE_ELIMINATION: N_("Double elimination"),
    Format.POOLS: N_("Pools of four, then single elimination"),
    Format.SINGLE_ELIMINATION: N_("Single elimination"),
    Format.SWISS: N_("Swiss rounds"),
    Format.PROGRESSIVE: N_("Progressive play"),
}
STAGE_NAMES = {
    Stage.WINNERS: N_("Winners' bracket"),
    Stage.LOSERS: N_("Losers' bracket"),
    Stage.CROSS: N_("Winners against losers"),
    Stage.FINAL: N_("Grand final"),
    Stage.RESET: N_("Grand final, again"),
    Stage.KNOCKOUT: N_("Knockout"),
    Stage.POOL: N_("Pools"),
    Stage.SWISS: N_("Swiss"),
    Stage.PROGRESSIVE: N_("Round"),
}
RECENT = 8
"""Results listed on the board, latest first (the picture holds the rest)."""
RECENT_DECISIONS = 5
"""Decisions listed on the board, latest first (``/42 tournament status`` shows the same)."""


def board_link(tournament: TournamentRecord) -> str:
    """The way to the tournament's message."""
    return (f"https://discord.com/channels/{tournament.guild_id}/{tournament.channel_id}/"
            f"{tournament.message_id}")


def team_name(tournament: TournamentRecord, team: Entrant) -> str:
    """A team as the board names it: its members' mentions."""
    return " & ".join(mention(user) for user in tournament.members_of(team))


def stage_title(locale: Locale, match: Match) -> str:
    """Where a match stands: its stage and round ("Winners' bracket 2")."""
    return f"{t(locale, STAGE_NAMES[match.stage])} {match.round}"


def format_name(locale: Locale, format: Format) -> str:
    return t(locale, FORMAT_NAMES[format])


def match_line(tournament: TournamentRecord, locale: Locale, match: Match) -> str:
    assert match.second is not None
    return t(locale, "{first} against {second}", first=team_name(tournament, match.first),
             second=team_name(tournament, match.second))


def settings_line(tournament: TournamentRecord, locale: Locale) -> str:
    """The format, the match length, the rules and the clock, in one line."""
    parts = [format_name(locale, tournament.plan.format),
             t(locale, "one game a match") if tournament.plan.games_to_win == 1
             else t(locale, "best of three games")]
    parts.append(rules_text(locale, tournament.options))
    if tournament.clock is not None:
        parts.append(t(locale, "{seconds} s a move", seconds=tournament.clock.seconds))
    return " · ".join(parts)


def tournament_message(tournament: TournamentRecord,
                       threads: dict[tuple[Stage, int, int], int | None],
                       decisions: Sequence[Decision] = ()) -> Reply:
    """The sign-up message, or the board once the tournament has started; the latest
    ``decisions`` (the organiser's, withdrawals, forfeits for absence) are shown there."""
    locale = tournament.locale
    embed = discord.Embed(colour=COLOUR, title=f"🏆 {tournament.name}")
    lines = [settings_line(tournament, locale),
             t(locale, "Organiser: {organiser}", organiser=mention(tournament.organiser_id))]
    if tournament.status is TournamentStatus.SIGNUP:
        if tournament.starts_at is not None:
            lines.append(t(locale, "Starts {when}", when=f"<t:{tournament.starts_at}:F>"))
        embed.description = "\n".join(lines)
        embed.add_field(name=tn(locale, "{n} signed up", "{n} signed up",
                                len(tournament.entries)),
                        value=_entries(tournament) or t(locale, "Nobody yet."), inline=False)
        embed.set_footer(text=t(locale, "Join alone, or as a pair: pick your partner in the"
                                        " menu, or use /42 tournament enter partner.")
                         if tournament.pairs else
                         t(locale, "Everyone joins alone: partners are drawn at the start."))
        if tournament.checkin:
            embed.add_field(name=t(locale, "Check-in"), value=t(
                locale, "Everyone signed up, press I'm here: at the start, whoever has not"
                        " is left out. ✅ {here} of {all}.",
                here=sum(1 for entry in tournament.entries if entry.checked_in),
                all=len(tournament.entries)), inline=False)
        view = discord.ui.View(timeout=None)
        if tournament.pairs:
            view.add_item(PartnerSelect(tournament.id, t(locale, "Join as a pair with…")))
        view.add_item(EnterButton(tournament.id, t(locale, "Join")))
        view.add_item(WithdrawButton(tournament.id, t(locale, "Leave")))
        view.add_item(CheckInButton(tournament.id, t(locale, "I'm here") if tournament.checkin
                                    else t(locale, "Open check-in")))
        view.add_item(BeginButton(tournament.id, t(locale, "Start")))
        return Reply(None, embed, view)
    if tournament.status is TournamentStatus.PAUSED:
        lines.append(t(locale, "⏸️ Paused by the organiser: no new table opens until it goes"
                               " on."))
    elif tournament.status is TournamentStatus.ENDED:
        lines.append(t(locale, "The organiser ended the tournament."))
    embed.description = "\n".join(lines)
    if not tournament.teams:
        return Reply(None, embed)  # ended before its start
    draw = tournament.draw()
    if finished(draw):
        embed.add_field(name=t(locale, "Champions"),
                        value=_podium(tournament, placings(draw)), inline=False)
    elif tournament.status.is_active:
        embed.add_field(name=t(locale, "Playing now"),
                        value=_playing(tournament, threads) or t(locale, "Nothing yet."),
                        inline=False)
    if tournament.results:
        embed.add_field(name=t(locale, "Results"), value=_results(tournament), inline=False)
    shown = [decision_line(locale, decision) for decision in reversed(decisions)
             if decision.what is not Decided.START][:RECENT_DECISIONS]
    if shown:
        embed.add_field(name=t(locale, "Decisions"), value=fit_lines(shown), inline=False)
    return Reply(None, embed)


def decision_line(locale: Locale, decision: Decision) -> str:
    """One line of the tournament's log, as the board says it."""
    who = mention(decision.by)
    members = [mention(member) for member in decision.members]
    match decision.what:
        case Decided.START:
            return t(locale, "{who} started the tournament.", who=who)
        case Decided.PAUSE:
            return t(locale, "{who} paused the tournament.", who=who)
        case Decided.RESUME:
            return t(locale, "{who} resumed the tournament.", who=who)
        case Decided.END:
            return t(locale, "{who} ended the tournament.", who=who)
        case Decided.CHECK_IN:
            return t(locale, "{who} opened the check-in.", who=who)
        case Decided.AWARD:
            return t(locale, "{who} gave {player}'s team its match, by forfeit.", who=who,
                     player=members[0])
        case Decided.STAND_IN:
            return t(locale, "{who} let a computer player stand in for {player}.", who=who,
                     player=members[0])
        case Decided.REPLACE:
            return t(locale, "{who} put {new} in {old}'s place.", who=who, old=members[0],
                     new=members[1])
        case Decided.WITHDRAW:
            return t(locale, "{player}'s team withdrew.", player=members[0])
        case Decided.FORFEIT:
            return t(locale, "{player} did not come in time: their team lost its match by"
                             " forfeit.", player=members[0])


def board_picture(tournament: TournamentRecord) -> BracketPicture | None:
    """The bracket and standings as a picture, from the start on; teams are named by their
    members' names (a picture shows no mention)."""
    if not tournament.teams:
        return None
    draw = tournament.draw()
    names = {team: " & ".join(tournament.name_of(user) for user in members)
             for team, members in enumerate(tournament.teams, start=1)}
    words = translated_words(tournament.locale, tournament.name)
    if draw.knockout is not None and not isinstance(draw.phase, RoundRobin):
        return bracket_picture(draw.knockout, names, words)
    return bracket_picture(draw.phase, names, words, draw.knockout)


def _entries(tournament: TournamentRecord) -> str:
    """Pairs as "A & B", members alone as they are, in the order they signed up."""
    def named(user_id: int) -> str:
        entry = tournament.entry(user_id)
        here = tournament.checkin and entry is not None and entry.checked_in
        return mention(user_id) + (" ✅" if here else "")

    lines: list[str] = []
    for entry in tournament.entries:
        partner = entry.partner_id
        if partner is None or tournament.entry(partner) is None:
            lines.append(named(entry.user_id))
        elif entry.user_id < partner:
            lines.append(f"{named(entry.user_id)} & {named(partner)}")
    return fit_lines(lines)


def _playing(tournament: TournamentRecord,
             threads: dict[tuple[Stage, int, int], int | None]) -> str:
    locale = tournament.locale
    lines = []
    for match in playable(tournament.draw()):
        thread = threads.get(key_of(match))
        line = f"**{stage_title(locale, match)}** · " + match_line(tournament, locale, match)
        lines.append(line + (f" · <#{thread}>" if thread is not None else ""))
    return fit_lines(lines)


def _results(tournament: TournamentRecord) -> str:
    locale = tournament.locale
    lines = [_result_line(tournament, locale, result)
             for result in reversed(tournament.results[-RECENT:])]
    return fit_lines(lines)


def _result_line(tournament: TournamentRecord, locale: Locale, result: Result) -> str:
    loser = result.loser
    assert loser is not None
    if len(result.games) == 1:
        scored, against = result.marks(result.winner)
    else:
        games = [Result(result.match, result.winner, (game,)) for game in result.games]
        scored = sum(1 for one in games if _won(one))
        against = len(games) - scored
    score = f"{scored}–{against}"
    text = t(locale, "{winner} beat {loser}, {score}", winner=team_name(tournament,
                                                                          result.winner),
             loser=team_name(tournament, loser), score=score)
    return text + (f" ({t(locale, 'forfeit')})" if result.forfeit else "")


def _won(one_game: Result) -> bool:
    """Whether the match's winner won this one game of it."""
    scored, against = one_game.marks(one_game.winner)
    return scored > against


def _podium(tournament: TournamentRecord, places: Sequence[Sequence[Entrant]]) -> str:
    medals = ("🥇", "🥈", "🥉")
    return "\n".join(f"{medal} " + ", ".join(team_name(tournament, team) for team in teams)
                     for medal, teams in zip(medals, places, strict=False))
