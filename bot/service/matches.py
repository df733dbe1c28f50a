"""A tournament's matches (docs/TOURNAMENTS.md): every step after the start, each done once
however many processes try it.

A tournament moves on by :meth:`Matches.advance`, which any process may call at any time: it
replays the draw from the stored results, records the result of every match whose games are over
(from the marks each game's last action stored) or that a withdrawn team forfeits, and says
which match games need a table. Opening one is claimed in the database first
(:meth:`Storage.claim_match`, :meth:`Storage.create_match_table`), so two processes never pair a
match twice or open a game twice; a step cut short by a restart is found again by the next
:meth:`advance`. The organiser's decisions about a match (award, stand-in) and the bot's own
forfeits for absence are here too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import RULES_VERSION, Game

from ..records import Level, Player, Status, TableRecord, mention
from ..storage import ConflictError, Storage
from ..tournament import league
from ..tournament.event import Draw, finished, playable, record
from ..tournament.records import (
    Decided,
    MatchKey,
    MatchTable,
    TournamentRecord,
    TournamentStatus,
    key_of,
)
from ..tournament.types import Entrant, Match, Result
from ..tournament.types import Game as Marks
from .refusals import Refusal
from .store import Live
from .tournaments import Tournaments, require_organiser
from .values import TableSnapshot

log = logging.getLogger(__name__)

STALE_CLAIM = 120.0
"""Seconds after which a match claimed by a process that never started its thread (it stopped)
may be claimed again."""


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


class Matches(Tournaments):
    async def award(self, tournament_id: int, user_id: int, member_id: int, *,
                    moderator: bool) -> Progress:
        """The organiser awards ``member_id``'s side its match in play, as a forfeit of the
        other side."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
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
        await self.storage.log_decision(tournament_id, user_id, Decided.AWARD, [member_id])
        return await self.advance(tournament_id)

    async def approve_stand_in(self, tournament_id: int, user_id: int, member_id: int, *,
                               moderator: bool) -> TableSnapshot:
        """The organiser lets a computer player play ``member_id``'s seat at their match table
        in play, until the member takes it back; the table shows it (a member's own table
        needs every other player's agreement instead, :mod:`.away`)."""
        tournament = await self.tournament(tournament_id)
        require_organiser(tournament, user_id, moderator)
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
        await self.storage.log_decision(tournament_id, user_id, Decided.STAND_IN, [member_id])
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
                await self.storage.log_decision(tournament_id, 0, Decided.FORFEIT, [absent])
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
        """Record every match decided by its games (paused or not), and say which games need
        a table (none while paused); safe to call at any time, from any process, as often as
        wished."""
        tournament = await self.tournament(tournament_id)
        recorded: list[Result] = []
        tables: list[MatchTable] = []
        while tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
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
        # Running, so the loop ended on a draw with nothing left to record: ``tables`` is
        # as stored now.
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


async def require_free_of_matches(storage: Storage, channel_id: int) -> None:
    """A match's thread holds that match's tables alone: its games open there by themselves,
    and another table there would keep the next from opening."""
    tournament = await storage.thread_tournament(channel_id)
    if tournament is not None:
        raise Refusal("This thread is for a match of the tournament {name}: its games open"
                      " here by themselves. Open a table in another channel or thread.",
                      name=tournament.name)


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
