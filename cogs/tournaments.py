"""``/42 tournament``: tournaments the bot referees in a channel (docs/TOURNAMENTS.md).

An organiser (a member who may manage the server or its events, or who holds the role the
server names) opens one with ``/42 tournament new``; its message takes sign-ups (Join, Leave,
check-in, and pairs with ``/42 tournament enter partner:``) until the organiser starts it. From
then on the :class:`cogs.referee.Referee` moves it on as its games end: nobody reports a score.
Here are the members' and the organiser's commands and the sign-up message's buttons.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.answers import locale_of, send_private, within_window
from bot.house_rules import InvalidChoice, parse_preset
from bot.i18n import normalize_locale, t
from bot.records import Clock, mention
from bot.service import Refusal, TableSnapshot
from bot.tournament.event import Format, Plan
from bot.tournament.records import TournamentRecord, TournamentStatus
from engine import DEFAULT_OPTIONS

from .answering import IN_THREAD, POSTING, THREADING, Answering, Needs
from .components import Picked
from .messages.reply import Reply
from .messages.tournament import (
    board_link,
    tournament_message,
)

log = logging.getLogger(__name__)

FORMAT_CHOICES = [
    app_commands.Choice(name=locale_str("Double elimination: out after two lost matches"),
                        value=Format.DOUBLE_ELIMINATION.value),
    app_commands.Choice(name=locale_str("Pools of four, then single elimination"),
                        value=Format.POOLS.value),
    app_commands.Choice(name=locale_str("Single elimination: out after one lost match"),
                        value=Format.SINGLE_ELIMINATION.value),
    app_commands.Choice(name=locale_str("Swiss rounds: nobody is out, no repeat opponents"),
                        value=Format.SWISS.value),
    app_commands.Choice(name=locale_str("Progressive: everyone alone, partners change every"
                                        " round"), value=Format.PROGRESSIVE.value),
]
TEAM_CHOICES = [
    app_commands.Choice(name=locale_str("Pairs sign up together (or alone, to be paired)"),
                        value="pairs"),
    app_commands.Choice(name=locale_str("Everyone signs up alone; partners are drawn"),
                        value="alone"),
]
MATCH_CHOICES = [
    app_commands.Choice(name=locale_str("Best of three games"), value="2"),
    app_commands.Choice(name=locale_str("One game"), value="1"),
]
RULES_CHOICES = [
    app_commands.Choice(name=locale_str("Straight 42 (no house rules)"), value="straight"),
    app_commands.Choice(name=locale_str("Nello, Splash, Plunge and Sevens"),
                        value="nello,splash,plunge,sevens"),
    app_commands.Choice(name=locale_str("Forced bid (the dealer must bid 30)"),
                        value="forced_bid"),
]
CLOCK_CHOICES = [
    app_commands.Choice(name=locale_str("Off: take your time"), value="off"),
    app_commands.Choice(name=locale_str("Relaxed: two minutes a move"),
                        value=Clock.RELAXED.value),
    app_commands.Choice(name=locale_str("Brisk: thirty seconds a move"), value=Clock.BRISK.value),
]
HOSTING: Needs = (*POSTING, *(need for need in THREADING if need not in POSTING),
                  *(need for need in IN_THREAD if need not in POSTING + THREADING))
"""What a tournament needs in its channel: to post its board there, and to start its matches'
threads and post their tables."""
LONGEST_WAIT = 14 * 24 * 60
"""The latest start an organiser may announce, in minutes from now (two weeks)."""


class TournamentCommands(Answering, commands.Cog):
    """The ``/42 tournament`` commands and the sign-up message's buttons, for the Tables cog,
    which derives from this class."""


    tournament = app_commands.Group(
        name=locale_str("tournament", msgctxt="command name"),
        description=locale_str("Tournaments the bot referees in this channel"))

    @tournament.command(name=locale_str("new", msgctxt="command name"),
                        description=locale_str("Open a tournament in this channel (organisers)"))
    @app_commands.rename(name=locale_str("name", msgctxt="command name"),
                         format=locale_str("format", msgctxt="command name"),
                         teams=locale_str("teams", msgctxt="command name"),
                         match=locale_str("match", msgctxt="command name"),
                         rules=locale_str("rules", msgctxt="command name"),
                         clock=locale_str("clock", msgctxt="command name"),
                         grace=locale_str("grace", msgctxt="command name"),
                         starts=locale_str("starts", msgctxt="command name"))
    @app_commands.describe(name=locale_str("The tournament's name"),
                           format=locale_str("How teams meet and go out"),
                           teams=locale_str("Whether members sign up in pairs (pairs if left"
                                            " out)"),
                           match=locale_str("Games a match is played to (best of three if left"
                                            " out)"),
                           rules=locale_str("The rules of its games (straight 42 if left out)"),
                           clock=locale_str("A time for each move (off if left out)"),
                           grace=locale_str("Minutes a team may be late to its match (10 if"
                                            " left out)"),
                           starts=locale_str("In how many minutes it is meant to start, shown"
                                             " to everyone in their own time"))
    @app_commands.choices(format=FORMAT_CHOICES, teams=TEAM_CHOICES, match=MATCH_CHOICES,
                          rules=RULES_CHOICES, clock=CLOCK_CHOICES)
    async def tournament_new(self, interaction: discord.Interaction[Any],
                             name: app_commands.Range[str, 1, 80],
                             format: app_commands.Choice[str],
                             teams: app_commands.Choice[str] | None = None,
                             match: app_commands.Choice[str] | None = None,
                             rules: app_commands.Choice[str] | None = None,
                             clock: app_commands.Choice[str] | None = None,
                             grace: app_commands.Range[int, 1, 60] = 10,
                             starts: app_commands.Range[int, 1, LONGEST_WAIT] | None = None
                             ) -> None:
        assert interaction.guild_id is not None
        await within_window(interaction, self._require_organiser(interaction))
        try:
            plan = Plan(Format(format.value), int(match.value) if match is not None else 2)
        except ValueError:
            raise Refusal("That is not one of the formats: choose one from the list.") from None
        try:
            options = (parse_preset(rules.value) if rules is not None
                       and rules.value != "straight" else DEFAULT_OPTIONS)
        except InvalidChoice as error:
            raise Refusal("That is not one of the house rules.") from error
        try:
            timed = Clock(clock.value) if clock is not None and clock.value != "off" else None
        except ValueError:
            raise Refusal("That is not one of the clocks: choose one from the list.") from None
        self._require_posting(interaction, HOSTING)
        locale = normalize_locale(interaction.guild_locale) or locale_of(interaction)
        starts_at = (int(discord.utils.utcnow().timestamp()) + starts * 60
                     if starts is not None else None)

        async def work() -> TournamentRecord:
            assert interaction.guild_id is not None
            opened = await self.service.new_tournament(
                interaction.guild_id, self._channel_id(interaction), interaction.user.id,
                locale, name, plan, pairs=teams is None or teams.value == "pairs",
                options=options, clock=timed, grace=grace, starts_at=starts_at)
            try:
                message = await self._post(interaction, self._channel(interaction),
                                           tournament_message(opened, {}))
            except BaseException:
                await self.service.storage.delete_tournament(opened.id)
                raise
            await self.service.storage.set_tournament_message(opened.id, message.id)
            return await self.service.tournament(opened.id)

        opened = await within_window(interaction, work())
        link = board_link(opened)
        said = locale_of(interaction)
        text = t(said, "Your tournament is open for sign-ups: {link}. Start it with its Start"
                       " button once everyone is in.", link=link)
        if starts_at is not None:
            if interaction.app_permissions.create_events:
                self.referee.schedule(opened, link)
                text += " " + t(said, "Members see it in the server's events.")
            else:
                text += " " + t(said, "It is not in the server's events: I need the"
                                      " {permission} permission for that.",
                                permission=t(said, "Create Events"))
        await send_private(interaction, text)

    @tournament.command(name=locale_str("organisers", msgctxt="command name"),
                        description=locale_str("Name the role whose members may run tournaments"
                                               " here (who may manage the server)"))
    @app_commands.rename(role=locale_str("role", msgctxt="command name"))
    @app_commands.describe(role=locale_str("The organisers' role (none if left out)"))
    async def tournament_organisers(self, interaction: discord.Interaction[Any],
                                    role: discord.Role | None = None) -> None:
        assert interaction.guild_id is not None
        if not (interaction.permissions.manage_guild or interaction.permissions.administrator):
            raise Refusal("Only a member who may manage the server names its organisers.")
        await within_window(interaction, self.service.storage.set_organiser_role(
            interaction.guild_id, role.id if role is not None else None))
        locale = locale_of(interaction)
        text = (t(locale, "Members with {role} may now run tournaments here.",
                  role=role.mention) if role is not None else
                t(locale, "Only members who may manage the server or its events run"
                          " tournaments here now."))
        await send_private(interaction, text)

    @tournament.command(name=locale_str("enter", msgctxt="command name"),
                        description=locale_str("Sign up for this channel's tournament"))
    @app_commands.rename(partner=locale_str("partner", msgctxt="command name"))
    @app_commands.describe(partner=locale_str("Sign up as a pair with this member"))
    async def tournament_enter(self, interaction: discord.Interaction[Any],
                              partner: discord.Member | None = None) -> None:
        if partner is not None and partner.bot:
            raise Refusal("Your partner is a member: computer players stand in only with the"
                          " organiser's approval.")

        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            return await self.service.sign_up(
                found.id, interaction.user.id, interaction.user.display_name,
                (partner.id, partner.display_name) if partner is not None else None)

        tournament = await within_window(interaction, work())
        self.referee.redraw(tournament.id)
        text = (t(locale_of(interaction), "You are signed up for {name}.", name=tournament.name)
                if partner is None else
                t(locale_of(interaction), "You and {partner} are signed up for {name}.",
                  partner=partner.mention, name=tournament.name))
        await send_private(interaction, text)

    @tournament.command(name=locale_str("withdraw", msgctxt="command name"),
                        description=locale_str("Withdraw from this channel's tournament before"
                                               " it starts"))
    async def tournament_withdraw(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            return await self.service.withdraw(found.id, interaction.user.id)

        tournament = await within_window(interaction, work())
        await self._withdrawn(interaction, tournament)

    @tournament.command(name=locale_str("start", msgctxt="command name"),
                        description=locale_str("Close sign-ups and draw the first round"
                                               " (organisers)"))
    async def tournament_start(self, interaction: discord.Interaction[Any]) -> None:
        tournament = await within_window(interaction, self._here(interaction))
        await self.on_begin(interaction, tournament.id)

    @tournament.command(name=locale_str("status", msgctxt="command name"),
                        description=locale_str("This channel's tournament: who plays whom, the"
                                               " results, for you only"))
    async def tournament_status(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Reply:
            found = await self._here(interaction, latest=True)
            return await self.referee.board(found)

        reply = await within_window(interaction, work())
        await self._send_private(interaction, embed=reply.embed,
                                 files=[picture.file() for picture in reply.pictures])

    @tournament.command(name=locale_str("pause", msgctxt="command name"),
                        description=locale_str("Pause or resume the tournament: no new table"
                                               " opens while paused (organisers)"))
    async def tournament_pause(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            return await self.service.set_paused(
                found.id, interaction.user.id, found.status is TournamentStatus.RUNNING,
                moderator=await self._organiser(interaction))

        tournament = await within_window(interaction, work())
        self.referee.go(tournament.id)
        locale = locale_of(interaction)
        text = (t(locale, "{name} is paused.", name=tournament.name)
                if tournament.status is TournamentStatus.PAUSED else
                t(locale, "{name} goes on.", name=tournament.name))
        await send_private(interaction, text)

    @tournament.command(name=locale_str("award", msgctxt="command name"),
                        description=locale_str("Give a team its match in play, as a forfeit of"
                                               " the other (organisers)"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"))
    @app_commands.describe(member=locale_str("A member of the team that wins the match"))
    async def tournament_award(self, interaction: discord.Interaction[Any],
                               member: discord.Member) -> None:
        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            progress = await self.service.award(found.id, interaction.user.id, member.id,
                                                moderator=await self._organiser(interaction))
            return progress.tournament

        tournament = await within_window(interaction, work())
        self.referee.go(tournament.id)
        await send_private(interaction, t(locale_of(interaction),
                                          "The match goes to {player}'s team, by forfeit.",
                                          player=member.mention))

    @tournament.command(name=locale_str("standin", msgctxt="command name"),
                        description=locale_str("Let a computer player play an absent member's"
                                               " seat at their match table (organisers)"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"))
    @app_commands.describe(member=locale_str("The member a computer player stands in for"))
    async def tournament_stand_in(self, interaction: discord.Interaction[Any],
                                  member: discord.Member) -> None:
        async def work() -> TableSnapshot:
            found = await self._here(interaction)
            return await self.service.approve_stand_in(
                found.id, interaction.user.id, member.id,
                moderator=await self._organiser(interaction))

        snapshot = await within_window(interaction, work())
        self._touch(snapshot.table.id)
        await send_private(interaction, t(locale_of(interaction),
                                          "A computer player plays for {player} at {link}"
                                          " until they take their seat back.",
                                          player=member.mention, link=snapshot.table.link))

    @tournament.command(name=locale_str("replace", msgctxt="command name"),
                        description=locale_str("Put a member in another's place in their team,"
                                               " from its next table on (organisers)"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"),
                         substitute=locale_str("with", msgctxt="command name"))
    @app_commands.describe(member=locale_str("The member who leaves their team"),
                           substitute=locale_str("The member who takes their place"))
    async def tournament_replace(self, interaction: discord.Interaction[Any],
                                 member: discord.Member, substitute: discord.Member) -> None:
        if substitute.bot:
            raise Refusal("Only a member takes a place in a team; a computer player stands in"
                          " with /42 tournament standin.")

        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            return await self.service.replace_member(
                found.id, interaction.user.id, member.id,
                (substitute.id, substitute.display_name),
                moderator=await self._organiser(interaction))

        tournament = await within_window(interaction, work())
        self.referee.go(tournament.id)
        await send_private(interaction, t(locale_of(interaction),
                                          "{by} plays in {member}'s place from their team's"
                                          " next table on.", by=substitute.mention,
                                          member=member.mention))

    @tournament.command(name=locale_str("end", msgctxt="command name"),
                        description=locale_str("End the tournament before its last match"
                                               " (organisers)"))
    async def tournament_end(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> TournamentRecord:
            found = await self._here(interaction)
            return await self.service.end_tournament(found.id, interaction.user.id,
                                                     moderator=await self._organiser(interaction))

        tournament = await within_window(interaction, work())
        self.referee.redraw(tournament.id)
        self.referee.event(tournament.id)
        await send_private(interaction, t(locale_of(interaction), "{name} is over.",
                                          name=tournament.name))

    # ----- the sign-up message's buttons ------------------------------------------------------

    async def on_enter(self, interaction: discord.Interaction[Any], tournament_id: int) -> None:
        tournament = await within_window(interaction, self.service.sign_up(
            tournament_id, interaction.user.id, interaction.user.display_name))
        self.referee.redraw(tournament_id)
        await send_private(interaction, t(locale_of(interaction),
                                          "You are signed up for {name}.", name=tournament.name))

    async def on_pair(self, interaction: discord.Interaction[Any], tournament_id: int,
                      partner: Picked) -> None:
        """The menu of the sign-up message: the presser and the member picked, as a pair."""
        if partner.bot:
            raise Refusal("Your partner is a member: computer players stand in only with the"
                          " organiser's approval.")
        if not partner.user_id:
            raise Refusal("Pick your partner in the menu.")
        tournament = await within_window(interaction, self.service.sign_up(
            tournament_id, interaction.user.id, interaction.user.display_name,
            (partner.user_id, partner.name)))
        self.referee.redraw(tournament_id)
        await send_private(interaction, t(locale_of(interaction),
                                          "You and {partner} are signed up for {name}.",
                                          partner=f"<@{partner.user_id}>",
                                          name=tournament.name))

    async def on_withdraw(self, interaction: discord.Interaction[Any],
                          tournament_id: int) -> None:
        tournament = await within_window(interaction, self.service.withdraw(
            tournament_id, interaction.user.id))
        await self._withdrawn(interaction, tournament)

    async def _withdrawn(self, interaction: discord.Interaction[Any],
                         tournament: TournamentRecord) -> None:
        """Said to a member who withdrew: alone before the start, with their team after."""
        locale = locale_of(interaction)
        if tournament.status is TournamentStatus.SIGNUP:
            self.referee.redraw(tournament.id)
            text = t(locale, "You withdrew from {name}.", name=tournament.name)
        else:
            self.referee.go(tournament.id)
            text = t(locale, "Your team withdrew from {name}: its matches left are lost by"
                             " forfeit.", name=tournament.name)
        await send_private(interaction, text)

    async def on_check_in(self, interaction: discord.Interaction[Any],
                          tournament_id: int) -> None:
        """Before check-in, the organiser opens it; then each member checks in."""
        tournament = await within_window(interaction, self.service.tournament(tournament_id))
        locale = locale_of(interaction)
        if tournament.checkin:
            await within_window(interaction, self.service.check_in(tournament_id,
                                                                   interaction.user.id))
            text = t(locale, "You are checked in for {name}.", name=tournament.name)
        else:
            await within_window(interaction, self.service.open_checkin(
                tournament_id, interaction.user.id, moderator=await self._organiser(interaction)))
            text = t(locale, "Check-in is open: at the start, whoever has not pressed I'm"
                             " here is left out.")
        self.referee.redraw(tournament_id)
        await send_private(interaction, text)

    async def on_begin(self, interaction: discord.Interaction[Any], tournament_id: int) -> None:
        tournament = await within_window(interaction, self.service.start_tournament(
            tournament_id, interaction.user.id, moderator=await self._organiser(interaction)))
        self.referee.go(tournament_id)
        self.referee.event(tournament.id)
        locale = locale_of(interaction)
        text = t(locale, "{name} has started: {teams} teams. Each match opens in a thread of"
                         " its own.", name=tournament.name, teams=len(tournament.teams))
        left_out = [entry.user_id for entry in tournament.entries
                    if tournament.team_of(entry.user_id) is None]
        if left_out:
            text += " " + t(locale, "Left out, not checked in: {players}.",
                            players=", ".join(mention(user) for user in left_out))
        await send_private(interaction, text)

    # ----- checks -----------------------------------------------------------------------------

    async def _here(self, interaction: discord.Interaction[Any], *,
                    latest: bool = False) -> TournamentRecord:
        """The tournament of this channel (of the channel a match thread belongs to) under
        way, or with ``latest`` the most recent one."""
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        return await self.service.tournament_in_channel(
            parent or self._channel_id(interaction), latest=latest)

    async def _organiser(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the member may run tournaments on this server: manage it or its events, or
        hold the role it names for its organisers."""
        permissions = interaction.permissions
        if permissions.manage_guild or permissions.manage_events or permissions.administrator:
            return True
        assert interaction.guild_id is not None
        role = await self.service.storage.organiser_role(interaction.guild_id)
        user = interaction.user
        return role is not None and isinstance(user, discord.Member) and any(
            held.id == role for held in user.roles)

    async def _require_organiser(self, interaction: discord.Interaction[Any]) -> None:
        if not await self._organiser(interaction):
            raise Refusal("Only a member who may manage the server or its events, or who has"
                          " its organisers' role, can open a tournament.")
