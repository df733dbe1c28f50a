"""Tournaments the bot referees (docs/TOURNAMENTS.md): sign-ups, the start, and every step after
it, each done once however many processes try it.

A tournament moves on by :meth:`Tournaments.advance`, which any process may call at any time:
it replays the draw from the stored results, records the result of every match whose games are
over (from the marks each game's last action stored), and says which match games need a table.
Opening one is claimed in the database first (:meth:`Storage.claim_match`,
:meth:`Storage.create_match_table`), so two processes never pair a match twice or open a game
twice; a step cut short by a restart is found again by the next :meth:`advance`.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import RULES_VERSION, Game, Options

from ..records import Clock, GameKind, Level, Player, Status, TableRecord, mention
from ..storage import ConflictError, Storage
from ..tournament import league, progressive
from ..tournament.event import Draw, Plan, finished, playable, record
from ..tournament.records import (
    Entry,
    MatchKey,
    MatchTable,
    TournamentRecord,
    TournamentStatus,
    key_of,
)
from ..tournament.types import Entrant, Match, Result
from ..tournament.types import Game as Marks
from .refusals import Refusal
from .store import Live, TableStore
from .values import TableSnapshot

log = logging.getLogger(__name__)

STALE_CLAIM = 120.0
"""Seconds after which a match claimed by a process that never started its thread (it stopped)
may be claimed again."""
NAME = 80
"""The longest tournament name kept."""


@dataclass(frozen=True, slots=True)
class Due:
    """A match game that needs its table: its match, the game's number in the match, and the
    match's thread (None until it is started)."""

    match: Match
    game: int
    thread_id: int | None


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A match scored as a forfeit because ``absent`` did not come to its table in time."""

    result: Result
    absent: int
    table_id: int


@dataclass(frozen=True, slots=True)
class Progress:
    """What :meth:`Tournaments.advance` found and did: the tournament as it stands, the results
    it recorded now, and the match games that need a table."""

    tournament: TournamentRecord
    recorded: tuple[Result, ...]
    due: tuple[Due, ...]
    unposted: tuple[int, ...] = ()
    """Match tables in play whose message was never posted (their process stopped first)."""


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
            return _refuse_signup(await self.tournament(tournament_id))
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
            return _refuse_signup(await self.tournament(tournament_id))
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
        await self.storage.log_decision(tournament.id, user_id, "withdraw", f"team {team}")
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
        _require_organiser(tournament, user_id, moderator)
        _require_signup(tournament)
        if tournament.checkin:
            raise Refusal("Check-in is already open.")
        try:
            await self.storage.open_checkin(tournament_id)
        except ConflictError:
            _require_signup(await self.tournament(tournament_id))
            raise
        await self.storage.log_decision(tournament_id, user_id, "check-in", "")
        return await self.tournament(tournament_id)

    async def replace_member(self, tournament_id: int, user_id: int, old: int,
                             new: tuple[int, str | None], *, moderator: bool
                             ) -> TournamentRecord:
        """The organiser puts ``new`` in ``old``'s place in their team, from the team's next
        table on."""
        tournament = await self.tournament(tournament_id)
        _require_organiser(tournament, user_id, moderator)
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
        await self.storage.log_decision(tournament_id, user_id, "replace", f"{old} by {new[0]}")
        return await self.tournament(tournament_id)

    async def start_tournament(self, tournament_id: int, user_id: int, *,
                               moderator: bool) -> TournamentRecord:
        """Sign-ups close; the teams are made (pairs as they signed up, members alone paired in
        the order they signed up) and seeded by rating, and the first round is drawn."""
        tournament = await self.tournament(tournament_id)
        _require_organiser(tournament, user_id, moderator)
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
        await self.storage.log_decision(tournament_id, user_id, "start",
                                        f"{len(seeded)} teams")
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
        _require_organiser(tournament, user_id, moderator)
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
                                        "pause" if paused else "resume", "")
        return await self.tournament(tournament_id)

    async def end_tournament(self, tournament_id: int, user_id: int, *,
                             moderator: bool) -> TournamentRecord:
        """The organiser ends the tournament before its last match; its tables stay open."""
        tournament = await self.tournament(tournament_id)
        _require_organiser(tournament, user_id, moderator)
        if not tournament.status.is_active:
            raise Refusal("This tournament is already over.")
        try:
            await self.storage.set_tournament_status(
                tournament_id, TournamentStatus.ENDED,
                [TournamentStatus.SIGNUP, TournamentStatus.RUNNING, TournamentStatus.PAUSED])
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self.storage.log_decision(tournament_id, user_id, "end", "")
        return await self.tournament(tournament_id)

    async def award(self, tournament_id: int, user_id: int, member_id: int, *,
                    moderator: bool) -> Progress:
        """The organiser awards ``member_id``'s side its match in play, as a forfeit of the
        other side."""
        tournament = await self.tournament(tournament_id)
        _require_organiser(tournament, user_id, moderator)
        if tournament.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
            raise Refusal("The tournament is not running.")
        if tournament.team_of(member_id) is None:
            raise Refusal("{player} plays in no team of this tournament.",
                          player=mention(member_id))
        draw = tournament.draw()
        match = next((m for m in playable(draw) if tournament.side_of(m, member_id)), None)
        side = tournament.side_of(match, member_id) if match is not None else None
        if match is None or side is None:
            raise Refusal("That team has no match to play now.")
        result = league.forfeit(match, side, tournament.plan.games_to_win)
        try:
            await self._record(tournament, draw, result)
        except ConflictError:
            raise Refusal("The tournament changed meanwhile; try again.") from None
        await self._close_match(await self.storage.match_tables(tournament_id), match)
        await self.storage.log_decision(tournament_id, user_id, "award",
                                        f"side {side}: {match.stage.value} round {match.round}")
        return await self.advance(tournament_id)

    async def approve_stand_in(self, tournament_id: int, user_id: int, member_id: int, *,
                               moderator: bool) -> TableSnapshot:
        """The organiser lets a computer player play ``member_id``'s seat at their match table
        in play, until the member takes it back; the table shows it (a member's own table
        needs every other player's agreement instead, :mod:`.away`)."""
        tournament = await self.tournament(tournament_id)
        _require_organiser(tournament, user_id, moderator)
        if tournament.team_of(member_id) is None:
            raise Refusal("{player} plays in no team of this tournament.",
                          player=mention(member_id))
        table_id = await self._match_table_of(tournament_id, member_id)
        async with self._locked(table_id) as live:
            table = live.table
            seat = table.seat_of(member_id)
            if table.status is not Status.PLAYING or seat is None:
                raise Refusal("{player} has no match table in play.", player=mention(member_id))
            if seat in table.stand_ins:
                raise Refusal("A computer player already plays {seat} until {player} is back.",
                              seat=seat, player=mention(member_id), table=table)
            await self._store(live, self.storage.add_away_vote(table_id, seat, user_id,
                                                               hand_over=True))
            live.table = replace(table, stand_ins=table.stand_ins | {seat},
                                 away_votes=tuple(v for v in table.away_votes if v[0] != seat))
            snapshot = self._snapshot(live)
        await self.storage.log_decision(tournament_id, user_id, "stand-in",
                                        f"{member_id} at table {table_id}")
        self._changed(table_id)
        return snapshot

    async def _match_table_of(self, tournament_id: int, member_id: int) -> int:
        """The member's match table in play (a refusal if they have none)."""
        for match_table in reversed(await self.storage.match_tables(tournament_id)):
            if match_table.totals is None:
                table = await self.storage.table(match_table.table_id)
                if (table is not None and table.status is Status.PLAYING
                        and table.seat_of(member_id) is not None):
                    return table.id
        raise Refusal("{player} has no match table in play.", player=mention(member_id))

    async def forfeit_absent(self, tournament_id: int, now: float) -> list[Forfeit]:
        """Score as forfeits the matches a team has not come to: once the grace period has
        passed since its thread opened, the match's first game still waits on a member who
        has not made a move there (and no computer player stands in). The table closes; the
        decision is logged as the bot's (user 0)."""
        tournament = await self.tournament(tournament_id)
        starts = await self.storage.match_starts(tournament_id)
        tables = await self.storage.match_tables(tournament_id)
        forfeits: list[Forfeit] = []
        for match in playable(tournament.draw()):
            started = starts.get(key_of(match))
            games = _games(tables, key_of(match))
            if (started is None or now - started < tournament.grace * 60 or len(games) != 1
                    or games[0].totals is not None):
                continue
            absent = await self._absent(games[0].table_id)
            if absent is None or tournament.status is not TournamentStatus.RUNNING:
                continue
            team = tournament.side_of(match, absent)
            if team is None:
                continue
            winner = match.other(team)
            assert winner is not None
            result = league.forfeit(match, winner, tournament.plan.games_to_win)
            try:
                recorded = await self._record(tournament, tournament.draw(), result)
            except ConflictError:
                break
            if recorded:
                await self.storage.close_table(games[0].table_id)
                self._forget(games[0].table_id)
                await self.storage.log_decision(tournament_id, 0, "forfeit",
                                                f"{absent} absent at table {games[0].table_id}")
                forfeits.append(Forfeit(result, absent, games[0].table_id))
            tournament = await self.tournament(tournament_id)
        return forfeits

    async def _absent(self, table_id: int) -> int | None:
        """The member the table waits on, if they have not made a move there yet."""
        async with self._locked(table_id, current=True) as live:
            snapshot = self._snapshot(live)
        seat = snapshot.observation.to_act if snapshot.observation is not None else None
        if seat is None or snapshot.table.computer_plays(seat):
            return None
        if any(action.seat == seat for action in await self.storage.actions(table_id)):
            return None
        player = snapshot.table.player(seat)
        return player.user_id if player is not None else None

    # ----- moving on --------------------------------------------------------------------------

    async def advance(self, tournament_id: int) -> Progress:
        """Record every match decided by its games, and say which games need a table; safe
        to call at any time, from any process, as often as wished."""
        tournament = await self.tournament(tournament_id)
        recorded: list[Result] = []
        while tournament.status is TournamentStatus.RUNNING:
            tables = await self.storage.match_tables(tournament_id)
            draw = tournament.draw()
            decided = _withdrawn(tournament, draw) or _decided(tournament, draw, tables)
            if decided is None:
                break
            try:
                if await self._record(tournament, draw, decided):
                    recorded.append(decided)
                    await self._close_match(tables, decided.match)
            except ConflictError:
                pass  # another process ended it meanwhile (its last result, or the organiser)
            tournament = await self.tournament(tournament_id)
        if tournament.status is not TournamentStatus.RUNNING:
            return Progress(tournament, tuple(recorded), ())
        tables = await self.storage.match_tables(tournament_id)
        threads = await self.storage.match_threads(tournament_id)
        due = tuple(Due(match, game, threads.get(key_of(match)))
                    for match in playable(tournament.draw())
                    if (game := _next_game(tables, key_of(match))) is not None)
        unposted = []
        for table in tables:
            if table.totals is None:
                record = await self.storage.table(table.table_id)
                if record is not None and record.status.is_active and record.message_id is None:
                    unposted.append(table.table_id)
        return Progress(tournament, tuple(recorded), due, tuple(unposted))

    async def _close_match(self, tables: Sequence[MatchTable], match: Match) -> None:
        """Close the match's table in play, once a forfeit has decided the match."""
        for table in _games(tables, key_of(match)):
            if table.totals is None:
                await self.storage.close_table(table.table_id)
                self._forget(table.table_id)

    async def _record(self, tournament: TournamentRecord, draw: Draw, result: Result) -> bool:
        """Record ``result`` once (False if it was already); raises :class:`ConflictError` if
        the tournament is no longer running."""
        last = finished(record(draw, result))
        done = await self.storage.record_result(tournament.id, result, last=last)
        if done:
            log.info("tournament %s: %s won %s%s", tournament.id, result.winner, result.match,
                     " (the last match)" if last else "")
        return done

    async def claim_match(self, tournament_id: int, key: MatchKey) -> bool:
        """Whether this process starts the match's thread (nobody else will)."""
        return await self.storage.claim_match(tournament_id, key, time.time(), STALE_CLAIM)

    async def set_match_thread(self, tournament_id: int, key: MatchKey, thread_id: int) -> None:
        await self.storage.set_match_thread(tournament_id, key, thread_id)

    async def open_match_game(self, tournament: TournamentRecord, due: Due, thread_id: int,
                              title: str = "") -> TableSnapshot | None:
        """Game ``due.game`` of its match at a new table in ``thread_id``, its players seated
        (the match's first team North and South) and its game started; None if another
        process opened it first. ``title``: what the table message calls it."""
        match = due.match
        assert match.second is not None
        first, second = tournament.members_of(match.first), tournament.members_of(match.second)
        seats = [Player.member(user, tournament.name_of(user))
                 for pair in zip(first, second, strict=True) for user in pair]
        seed = self._new_seed()
        try:
            table = await self.storage.create_match_table(
                tournament, key_of(match), due.game, thread_id, seats, seed, RULES_VERSION,
                Level.STRONG, title or tournament.name)
        except ConflictError:
            return None
        live = Live(table, Game.new(seed, tournament.options))
        self._remember(live)
        self._changed(table.id)
        log.info("tournament %s: table %s for game %s of %s", tournament.id, table.id,
                 due.game, match)
        return self._snapshot(live)

    async def match_of(self, table_id: int) -> tuple[int, MatchTable] | None:
        """The tournament and match a table plays, if it is a tournament table."""
        return await self.storage.table_match(table_id)



def _require_signup(tournament: TournamentRecord) -> None:
    if tournament.status is not TournamentStatus.SIGNUP:
        raise Refusal("Sign-ups are closed.")


def _refuse_signup(tournament: TournamentRecord) -> TournamentRecord:
    """The refusal of a sign-up that lost a race: closed meanwhile, or signed up already."""
    _require_signup(tournament)
    raise Refusal("You are already signed up.")


def _require_organiser(tournament: TournamentRecord, user_id: int, moderator: bool) -> None:
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


def _withdrawn(tournament: TournamentRecord, draw: Draw) -> Result | None:
    """The first match in play of a team that withdrew: a forfeit (to the higher seed, if
    both teams withdrew)."""
    def out(side: Entrant) -> bool:
        return bool(tournament.withdrawn & set(tournament.entrants_in(side)))

    for match in playable(draw):
        if any(out(side) for side in match.sides):
            winner = match.second if out(match.first) else match.first
            assert winner is not None
            if out(winner):
                winner = match.first
            return league.forfeit(match, winner, tournament.plan.games_to_win)
    return None


def _games(tables: Sequence[MatchTable], key: MatchKey) -> list[MatchTable]:
    return sorted((table for table in tables if table.key == key), key=lambda t: t.game)


def _decided(tournament: TournamentRecord, draw: Draw,
             tables: Sequence[MatchTable]) -> Result | None:
    """The first match in play whose games decide it, with its result."""
    for match in playable(draw):
        games = [Marks(*table.totals[:2]) for table in _games(tables, key_of(match))
                 if table.totals is not None]
        won = [sum(1 for game in games if league.game_winner(game) == side) for side in (0, 1)]
        if max(won) >= tournament.plan.games_to_win:
            return league.match_result(match, games, tournament.plan.games_to_win)
    return None


def _next_game(tables: Sequence[MatchTable], key: MatchKey) -> int | None:
    """The number of the match's game that needs a table: the first, or the one after the last
    game played; None while a game is being played."""
    games = _games(tables, key)
    if games and games[-1].totals is None:
        return None
    return len(games) + 1


async def require_not_a_match(storage: Storage, table: TableRecord) -> None:
    """A match table is not ended early (its game decides the match): the organiser decides
    a match instead, by awarding it."""
    tournament = await _tournament_of(storage, table)
    if tournament is None:
        return
    raise Refusal("This table plays a match of the tournament {name}: it is not ended early."
                  " Its organiser {organiser} may award the match instead.",
                  name=tournament.name, organiser=mention(tournament.organiser_id))


async def require_organisers_stand_in(storage: Storage, table: TableRecord) -> None:
    """At a match table only the organiser lets a computer player stand in for a member."""
    tournament = await _tournament_of(storage, table)
    if tournament is None:
        return
    raise Refusal("At a tournament's table only its organiser {organiser} lets a computer"
                  " player stand in, with /42 tournament standin.",
                  organiser=mention(tournament.organiser_id))


async def _tournament_of(storage: Storage, table: TableRecord) -> TournamentRecord | None:
    """The tournament whose match ``table`` plays, if any."""
    found = await storage.table_match(table.id)
    return await storage.tournament(found[0]) if found is not None else None
