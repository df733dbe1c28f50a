"""Tournaments the bot referees (docs/TOURNAMENTS.md), before and around their matches: opening
one, sign-ups and check-in, the start (teams made and seeded), and the organiser's decisions
about the tournament itself. The matches are :mod:`.matches`'.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from typing import NoReturn

from engine import Options

from ..records import Clock, GameKind, mention
from ..storage import ConflictError
from ..tournament import progressive
from ..tournament.event import Plan
from ..tournament.records import Decided, Entry, TournamentRecord, TournamentStatus
from .refusals import Refusal
from .store import TableStore

log = logging.getLogger(__name__)

NAME = 80
"""The longest tournament name kept."""


class Tournaments(TableStore):
    async def new_tournament(self, guild_id: int, channel_id: int, organiser_id: int,
                             locale: str | None, name: str, plan: Plan, *, pairs: bool,
                             options: Options, clock: Clock | None, grace: int,
                             starts_at: int | None) -> TournamentRecord:
        """A tournament open for sign-ups in this channel. Its games are 42 to 7 marks
        (straight 42 unless ``options`` says otherwise), so the points game is refused."""
        if options.points_game:
            raise Refusal("Tournament games are played to 7 marks, so the 250-point game is not"
                          " offered.")
        try:
            return await self.storage.create_tournament(
                guild_id, channel_id, organiser_id, locale, name.strip()[:NAME] or "42",
                Plan(plan.format, plan.games_to_win, plan.swiss_rounds,
                     secrets.randbelow(2**31)),
                pairs=pairs and not plan.format.individual, options=options, clock=clock,
                grace=grace, starts_at=starts_at)
        except ConflictError:
            raise Refusal("This channel already has a tournament; it ends before another"
                          " starts here.") from None

    async def tournament(self, tournament_id: int) -> TournamentRecord:
        found = await self.storage.tournament(tournament_id)
        if found is None:
            raise Refusal("This tournament no longer exists.")
        return found

    async def tournament_in_channel(self, channel_id: int, *,
                                    latest: bool = False) -> TournamentRecord:
        """The channel's tournament open for sign-ups or under way; with ``latest``, its most
        recent one, over or not (to look at)."""
        found = await (self.storage.latest_tournament(channel_id) if latest else
                       self.storage.active_tournament(channel_id))
        if found is None:
            raise Refusal("There is no tournament in this channel; an organiser opens one with"
                          " /42 tournament new.")
        return found

    # ----- sign-ups ---------------------------------------------------------------------------

    async def sign_up(self, tournament_id: int, user_id: int, name: str | None,
                      partner: tuple[int, str | None] | None = None) -> TournamentRecord:
        """Sign ``user_id`` up, alone or (where members sign up as pairs) with ``partner``."""
        tournament = await self.tournament(tournament_id)
        _require_signup(tournament)
        if tournament.entry(user_id) is not None:
            raise Refusal("You are already signed up.")
        entries = [Entry(user_id, name, partner[0] if partner is not None else None)]
        if partner is not None:
            partner_id, partner_name = partner
            if not tournament.pairs:
                raise Refusal("In this tournament everyone signs up alone; partners are drawn"
                              " at the start.")
            if partner_id == user_id:
                raise Refusal("Your partner is another member.")
            if tournament.entry(partner_id) is not None:
                raise Refusal("{player} is already signed up.", player=mention(partner_id))
            entries.append(Entry(partner_id, partner_name, user_id))
        try:
            await self.storage.add_entries(tournament_id, entries)
        except ConflictError:
            _refuse_signup(await self.tournament(tournament_id))
        log.info("tournament %s: %s signed up", tournament_id, len(entries))
        return await self.tournament(tournament_id)

    async def withdraw(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """The member withdraws: before the start, alone (a partner stays signed up); after
        it, with their team, which loses every match left by forfeit (its organiser may
        replace the member instead)."""
        tournament = await self.tournament(tournament_id)
        if tournament.status is not TournamentStatus.SIGNUP:
            return await self._withdraw_team(tournament, user_id)
        if tournament.entry(user_id) is None:
            raise Refusal("You are not signed up.")
        try:
            await self.storage.remove_entry(tournament_id, user_id)
        except ConflictError:
            _refuse_signup(await self.tournament(tournament_id))
        return await self.tournament(tournament_id)

    async def _withdraw_team(self, tournament: TournamentRecord,
                             user_id: int) -> TournamentRecord:
        team = tournament.team_of(user_id)
        if team is None:
            raise Refusal("You play in no team of this tournament.")
        if not tournament.status.is_active:
            raise Refusal("This tournament is already over.")
        if team in tournament.withdrawn:
            raise Refusal("Your team has already withdrawn.")
        try:
            await self.storage.withdraw_team(tournament.id, team)
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self.storage.log_decision(tournament.id, user_id, Decided.WITHDRAW, [user_id])
        log.info("tournament %s: team %s withdrew", tournament.id, team)
        return await self.tournament(tournament.id)

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentRecord:
        """The member says they are here, once the organiser has asked."""
        tournament = await self.tournament(tournament_id)
        _require_signup(tournament)
        entry = tournament.entry(user_id)
        if entry is None:
            raise Refusal("You are not signed up.")
        if not tournament.checkin:
            raise Refusal("Check-in has not opened yet.")
        if entry.checked_in:
            raise Refusal("You have already checked in.")
        try:
            await self.storage.check_in(tournament_id, user_id)
        except ConflictError:
            _require_signup(await self.tournament(tournament_id))
            raise
        return await self.tournament(tournament_id)

    # ----- the start and the organiser --------------------------------------------------------

    async def open_checkin(self, tournament_id: int, user_id: int, *,
                           moderator: bool) -> TournamentRecord:
        """The organiser asks everyone signed up to check in: at the start, whoever has not
        is left out."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
        _require_signup(tournament)
        if tournament.checkin:
            raise Refusal("Check-in is already open.")
        try:
            await self.storage.open_checkin(tournament_id)
        except ConflictError:
            _require_signup(await self.tournament(tournament_id))
            raise
        await self.storage.log_decision(tournament_id, user_id, Decided.CHECK_IN)
        return await self.tournament(tournament_id)

    async def replace_member(self, tournament_id: int, user_id: int, old: int,
                             new: tuple[int, str | None], *, moderator: bool
                             ) -> TournamentRecord:
        """The organiser puts ``new`` in ``old``'s place in their team, from the team's next
        table on."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
        if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            raise Refusal("The tournament is not running.")
        team = tournament.team_of(old)
        if team is None:
            raise Refusal("{player} plays in no team of this tournament.", player=mention(old))
        if tournament.team_of(new[0]) is not None:
            raise Refusal("{player} already plays in this tournament.", player=mention(new[0]))
        try:
            await self.storage.replace_member(tournament_id, team, old, new[0], new[1])
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self.storage.log_decision(tournament_id, user_id, Decided.REPLACE, [old, new[0]])
        return await self.tournament(tournament_id)

    async def start_tournament(self, tournament_id: int, user_id: int, *,
                               moderator: bool) -> TournamentRecord:
        """Sign-ups close; the teams are made (pairs as they signed up, members alone paired in
        the order they signed up) and seeded by rating, and the first round is drawn."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
        if tournament.status is not TournamentStatus.SIGNUP:
            raise Refusal("The tournament has already started.")
        teams = _teams(tournament)
        least = tournament.plan.format.least
        if len(teams) < least:
            raise Refusal("{needed} teams are needed to start; signed up so far: {teams}.",
                          needed=least, teams=len(teams))
        if tournament.plan.format.individual and not progressive.supported(len(teams)):
            raise Refusal("Progressive play has a schedule for these counts of players:"
                          " {counts}; signed up: {players}.", players=len(teams),
                          counts=", ".join(str(n) for n in range(4, progressive.PAIR)
                                           if progressive.supported(n)))
        seeded = await self._seeded(tournament.guild_id, teams)
        try:
            await self.storage.start_tournament(tournament_id, seeded,
                                                tournament.plan.seed or 0)
        except ConflictError:
            raise Refusal("The tournament has already started.") from None
        await self.storage.log_decision(tournament_id, user_id, Decided.START)
        log.info("tournament %s started with %s teams", tournament_id, len(seeded))
        return await self.tournament(tournament_id)

    async def _seeded(self, guild_id: int, teams: Sequence[tuple[int, ...]]
                      ) -> list[tuple[int, ...]]:
        """The teams in seed order: the best mean rating first (a member without one counts
        as new), ties in the order they signed up."""
        ratings = await self.storage.ratings(guild_id, GameKind.MARKS)

        def strength(team: tuple[int, ...]) -> float:
            return sum(ratings[user].ordinal if user in ratings else 0.0
                       for user in team) / len(team)

        return sorted(teams, key=strength, reverse=True)

    async def set_paused(self, tournament_id: int, user_id: int, paused: bool, *,
                         moderator: bool) -> TournamentRecord:
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
        before, after = ((TournamentStatus.RUNNING, TournamentStatus.PAUSED) if paused else
                         (TournamentStatus.PAUSED, TournamentStatus.RUNNING))
        if tournament.status is not before and paused:
            raise Refusal("The tournament is not running.")
        if tournament.status is not before:
            raise Refusal("The tournament is not paused.")
        try:
            await self.storage.set_tournament_status(tournament_id, after, [before])
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self.storage.log_decision(tournament_id, user_id,
                                        Decided.PAUSE if paused else Decided.RESUME)
        return await self.tournament(tournament_id)

    async def end_tournament(self, tournament_id: int, user_id: int, *,
                             moderator: bool) -> TournamentRecord:
        """The organiser ends the tournament before its last match; its tables stay open."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
        if not tournament.status.is_active:
            raise Refusal("This tournament is already over.")
        try:
            await self.storage.set_tournament_status(
                tournament_id, TournamentStatus.ENDED,
                [TournamentStatus.SIGNUP, TournamentStatus.RUNNING, TournamentStatus.PAUSED])
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self.storage.log_decision(tournament_id, user_id, Decided.END)
        return await self.tournament(tournament_id)


def _require_signup(tournament: TournamentRecord) -> None:
    if tournament.status is not TournamentStatus.SIGNUP:
        raise Refusal("Sign-ups are closed.")


def _refuse_signup(tournament: TournamentRecord) -> NoReturn:
    """The refusal of a sign-up that lost a race: closed meanwhile, or signed up already."""
    _require_signup(tournament)
    raise Refusal("You are already signed up.")


def require_organiser(tournament: TournamentRecord, user_id: int, moderator: bool) -> None:
    if user_id != tournament.organiser_id and not moderator:
        raise Refusal("Only the organiser {organiser} or a member who may manage the server"
                      " can do that.", organiser=mention(tournament.organiser_id))


def _teams(tournament: TournamentRecord) -> list[tuple[int, ...]]:
    """The teams the sign-ups make (of those who checked in, once check-in is open): each
    pair, then the members alone two by two in the order they signed up; in progressive play
    every member alone. An odd member alone is refused, with what to do."""
    here = {entry.user_id for entry in tournament.entries
            if entry.checked_in or not tournament.checkin}
    if tournament.plan.format.individual:
        return [(entry.user_id,) for entry in tournament.entries if entry.user_id in here]
    teams: list[tuple[int, ...]] = []
    alone: list[int] = []
    for entry in tournament.entries:
        if entry.user_id not in here:
            continue
        partner = entry.partner_id
        if partner is None or partner not in here:
            alone.append(entry.user_id)
        elif entry.user_id < partner:
            teams.append((entry.user_id, partner))
    if len(alone) % 2:
        raise Refusal("{player} has no partner yet: one more member must sign up, or one"
                      " leave.", player=mention(alone[-1]))
    return teams + list(zip(alone[::2], alone[1::2], strict=True))
