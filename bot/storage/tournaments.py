"""The tournaments' rows (schema 10), written once for both backends.

A tournament is stored as its settings, its sign-ups, the teams drawn at its start and the
results recorded in order; its draw is replayed from them (:mod:`bot.tournament.event`), never
stored. Every write first locks the tournament's row, so two processes take turns; the database's
keys make each step happen once whoever tries it: a match's result (one per match), its thread
(claimed by one process), each game's table (one per game of a match). A game's final marks are
written by the transaction of its last action (:meth:`Endings._end_game`), so a finished game
is never lost between the table and the tournament.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from engine import Options
from engine.variants import FORTY_TWO, Variant

from ..records import Clock, Level, Player, TableRecord
from ..shards import ALL, Shards
from ..tournament.event import Format, Plan
from ..tournament.records import (
    Decided,
    Decision,
    Entry,
    MatchKey,
    MatchTable,
    TournamentRecord,
    TournamentStatus,
)
from ..tournament.types import Game, Match, Result, Stage
from .errors import ConflictError
from .sql import Sql, options_from_json, options_json

TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, organiser_id, locale, name, format, pairs, games_to_win,"
    " options, clock, grace, starts_at, seed, status, message_id, checkin, event_id")


class Tournaments(ABC):
    """Tournaments, their sign-ups, teams, results, match threads and tables, and their log."""

    NOW: str
    FOR_UPDATE: str

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Sql]: ...

    @abstractmethod
    async def _fetch(self, query: str, *args: Any) -> list[Any]: ...

    @abstractmethod
    async def _fetchrow(self, query: str, *args: Any) -> Any: ...

    @abstractmethod
    async def table(self, table_id: int) -> TableRecord | None: ...

    @staticmethod
    @abstractmethod
    async def _insert_table(db: Sql, guild_id: int, channel_id: int, creator_id: int,
                            locale: str | None, seats: Sequence[Player | None],
                            seed: str | None, options: Options, rules_version: int | None,
                            variant: Variant, level: Level, hints: bool,
                            clock: Clock | None) -> int: ...

    # ----- the tournament ---------------------------------------------------------------------

    async def create_tournament(self, guild_id: int, channel_id: int, organiser_id: int,
                                locale: str | None, name: str, plan: Plan, *, pairs: bool,
                                options: Options, clock: Clock | None, grace: int,
                                starts_at: int | None) -> TournamentRecord:
        """A new tournament open for sign-ups.

        Raises :class:`ConflictError` if the channel already has an active one."""
        async with self._transaction() as db:
            row = await db.fetchrow(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, locale, name,"
                " format, pairs, games_to_win, options, clock, grace, starts_at, seed, status)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'signup')"
                " RETURNING id",
                guild_id, channel_id, organiser_id, locale, name, plan.format.value, int(pairs),
                plan.games_to_win, options_json(options),
                clock.value if clock is not None else None, grace, starts_at, plan.seed)
        found = await self.tournament(int(row[0]))
        assert found is not None
        return found

    async def delete_tournament(self, tournament_id: int) -> None:
        """Forget a tournament whose message could not be posted."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM tournaments WHERE id = $1", tournament_id)

    async def tournament(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._fetchrow(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1",
                                   tournament_id)
        return await self._tournament_of(row) if row is not None else None

    async def active_tournament(self, channel_id: int) -> TournamentRecord | None:
        """The channel's tournament open for sign-ups, running or paused, if any."""
        row = await self._fetchrow(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE channel_id = $1"
            " AND status IN ('signup', 'running', 'paused')", channel_id)
        return await self._tournament_of(row) if row is not None else None

    async def latest_tournament(self, channel_id: int) -> TournamentRecord | None:
        """The channel's most recent tournament, over or not."""
        row = await self._fetchrow(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE channel_id = $1"
            " ORDER BY id DESC LIMIT 1", channel_id)
        return await self._tournament_of(row) if row is not None else None

    async def running_tournaments(self, shards: Shards = ALL) -> list[int]:
        """The ids of the tournaments running in the servers on ``shards`` (to go on with
        after a restart)."""
        rows = await self._fetch("SELECT id, guild_id FROM tournaments WHERE status = 'running'"
                                 " ORDER BY id")
        return [int(row[0]) for row in rows if shards.owns(int(row[1]))]

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(f"UPDATE tournaments SET message_id = $1, updated_at = {self.NOW}"
                             " WHERE id = $2", message_id, tournament_id)

    async def set_tournament_status(self, tournament_id: int, status: TournamentStatus,
                                    before: Sequence[TournamentStatus]) -> None:
        """Move the tournament to ``status`` from one of ``before``.

        Raises :class:`ConflictError` if it is in none of them (someone else moved it)."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, *before)
            await db.execute(f"UPDATE tournaments SET status = $1, updated_at = {self.NOW}"
                             " WHERE id = $2", status.value, tournament_id)

    async def _lock_tournament(self, db: Sql, tournament_id: int,
                               *statuses: TournamentStatus) -> None:
        """Lock the tournament's row until the transaction ends, once it is in one of
        ``statuses``; else :class:`ConflictError`."""
        row = await db.fetchrow(f"SELECT status FROM tournaments WHERE id = $1{self.FOR_UPDATE}",
                                tournament_id)
        if row is None or TournamentStatus(row[0]) not in statuses:
            found = row[0] if row is not None else "missing"
            raise ConflictError(f"tournament {tournament_id} is {found}")

    # ----- sign-ups and teams -----------------------------------------------------------------

    async def add_entries(self, tournament_id: int, entries: Sequence[Entry]) -> None:
        """Sign up ``entries`` (a member, or a pair) while sign-ups are open.

        Raises :class:`ConflictError` if one of them has signed up already, or sign-ups are
        closed."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.SIGNUP)
            row = await db.fetchrow("SELECT COALESCE(MAX(n) + 1, 0) FROM tournament_entries"
                                    " WHERE tournament_id = $1", tournament_id)
            await db.executemany(
                "INSERT INTO tournament_entries (tournament_id, user_id, name, partner_id, n)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(tournament_id, entry.user_id, entry.name, entry.partner_id, int(row[0]) + i)
                 for i, entry in enumerate(entries)])

    async def remove_entry(self, tournament_id: int, user_id: int) -> None:
        """The member withdraws before the start; a partner they signed up with stays, alone.

        Raises :class:`ConflictError` if sign-ups are closed."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.SIGNUP)
            await db.execute("DELETE FROM tournament_entries WHERE tournament_id = $1"
                             " AND user_id = $2", tournament_id, user_id)
            await db.execute("UPDATE tournament_entries SET partner_id = NULL"
                             " WHERE tournament_id = $1 AND partner_id = $2",
                             tournament_id, user_id)

    async def open_checkin(self, tournament_id: int) -> None:
        """From now on members check in; raises :class:`ConflictError` unless sign-ups are
        open."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.SIGNUP)
            await db.execute(f"UPDATE tournaments SET checkin = 1, updated_at = {self.NOW}"
                             " WHERE id = $1", tournament_id)

    async def check_in(self, tournament_id: int, user_id: int) -> None:
        """The member is here; raises :class:`ConflictError` unless sign-ups are open."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.SIGNUP)
            await db.execute("UPDATE tournament_entries SET checked_in = 1"
                             " WHERE tournament_id = $1 AND user_id = $2",
                             tournament_id, user_id)

    async def withdraw_team(self, tournament_id: int, team: int) -> bool:
        """The team withdraws after the start (False if it had already); raises
        :class:`ConflictError` unless the tournament is running or paused."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.RUNNING,
                                        TournamentStatus.PAUSED)
            found = await db.fetchrow("SELECT 1 FROM tournament_withdrawals"
                                      " WHERE tournament_id = $1 AND team = $2",
                                      tournament_id, team)
            if found is not None:
                return False
            await db.execute("INSERT INTO tournament_withdrawals (tournament_id, team)"
                             " VALUES ($1, $2)", tournament_id, team)
            return True

    async def set_tournament_event(self, tournament_id: int, event_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tournaments SET event_id = $1 WHERE id = $2", event_id,
                             tournament_id)

    async def start_tournament(self, tournament_id: int, teams: Sequence[Sequence[int]],
                               seed: int) -> None:
        """Sign-ups close and the teams are fixed, in seed order.

        Raises :class:`ConflictError` unless the tournament was open for sign-ups."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.SIGNUP)
            await db.executemany(
                "INSERT INTO tournament_teams (tournament_id, team, place, user_id)"
                " VALUES ($1, $2, $3, $4)",
                [(tournament_id, number, place, user_id)
                 for number, members in enumerate(teams, start=1)
                 for place, user_id in enumerate(members)])
            await db.execute(f"UPDATE tournaments SET status = 'running', seed = $1,"
                             f" updated_at = {self.NOW} WHERE id = $2", seed, tournament_id)

    async def replace_member(self, tournament_id: int, team: int, old: int, new: int,
                             name: str | None) -> None:
        """``new`` takes ``old``'s place in ``team`` from the next table on.

        Raises :class:`ConflictError` unless the tournament is running or paused, or if
        ``new`` is in a team already."""
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.RUNNING,
                                        TournamentStatus.PAUSED)
            taken = await db.fetchrow("SELECT 1 FROM tournament_teams WHERE tournament_id = $1"
                                      " AND user_id = $2", tournament_id, new)
            if taken is not None:
                raise ConflictError(f"{new} already plays in tournament {tournament_id}")
            await db.execute("UPDATE tournament_teams SET user_id = $1 WHERE tournament_id = $2"
                             " AND team = $3 AND user_id = $4", new, tournament_id, team, old)
            await db.execute(
                "INSERT INTO tournament_entries (tournament_id, user_id, name, n, checked_in)"
                " SELECT $1, $2, $3, COALESCE(MAX(n) + 1, 0), 1 FROM tournament_entries"
                " WHERE tournament_id = $1 ON CONFLICT DO NOTHING", tournament_id, new, name)

    # ----- results ----------------------------------------------------------------------------

    async def record_result(self, tournament_id: int, result: Result, *,
                            last: bool = False) -> bool:
        """Record a match's result, numbered after the tournament's last; with ``last`` the
        tournament is over. False if the match had its result already (another process
        recorded it first): nothing is written twice.

        Raises :class:`ConflictError` unless the tournament is running or paused."""
        match = result.match
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.RUNNING,
                                        TournamentStatus.PAUSED)
            done = await db.fetchrow(
                "SELECT 1 FROM tournament_results WHERE tournament_id = $1 AND stage = $2"
                " AND round = $3 AND slot = $4", tournament_id, match.stage.value, match.round,
                match.slot)
            if done is not None:
                return False
            row = await db.fetchrow("SELECT COALESCE(MAX(n) + 1, 0) FROM tournament_results"
                                    " WHERE tournament_id = $1", tournament_id)
            await db.execute(
                "INSERT INTO tournament_results (tournament_id, n, stage, round, slot, first,"
                " second, winner, games, forfeit)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                tournament_id, int(row[0]), match.stage.value, match.round, match.slot,
                match.first, match.second, result.winner,
                json.dumps([[game.first, game.second] for game in result.games]),
                int(result.forfeit))
            if last:
                await db.execute(f"UPDATE tournaments SET status = 'finished',"
                                 f" updated_at = {self.NOW} WHERE id = $1", tournament_id)
        return True

    # ----- match threads and tables -----------------------------------------------------------

    async def claim_match(self, tournament_id: int, key: MatchKey, now: float,
                          stale: float) -> bool:
        """Whether this process may start ``key``'s thread: nobody claimed it, or a claim
        older than ``stale`` seconds never got its thread (its process stopped)."""
        stage, number, slot = key
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament_id, TournamentStatus.RUNNING)
            row = await db.fetchrow(
                "SELECT thread_id, claimed_at FROM tournament_matches WHERE tournament_id = $1"
                " AND stage = $2 AND round = $3 AND slot = $4",
                tournament_id, stage.value, number, slot)
            if row is None:
                await db.execute(
                    "INSERT INTO tournament_matches (tournament_id, stage, round, slot,"
                    " claimed_at) VALUES ($1, $2, $3, $4, $5)",
                    tournament_id, stage.value, number, slot, now)
                return True
            if row[0] is not None or now - float(row[1]) < stale:
                return False
            await db.execute(
                "UPDATE tournament_matches SET claimed_at = $1 WHERE tournament_id = $2"
                " AND stage = $3 AND round = $4 AND slot = $5",
                now, tournament_id, stage.value, number, slot)
            return True

    async def set_match_thread(self, tournament_id: int, key: MatchKey, thread_id: int) -> None:
        stage, number, slot = key
        async with self._transaction() as db:
            await db.execute(
                "UPDATE tournament_matches SET thread_id = $1 WHERE tournament_id = $2"
                " AND stage = $3 AND round = $4 AND slot = $5",
                thread_id, tournament_id, stage.value, number, slot)

    async def thread_tournament(self, thread_id: int) -> TournamentRecord | None:
        """The tournament whose match is played in this thread, if any."""
        row = await self._fetchrow("SELECT tournament_id FROM tournament_matches"
                                   " WHERE thread_id = $1", thread_id)
        return await self.tournament(int(row[0])) if row is not None else None

    async def match_threads(self, tournament_id: int) -> dict[MatchKey, int | None]:
        """Each claimed match's thread (None while its claimer has not started it)."""
        rows = await self._fetch("SELECT stage, round, slot, thread_id FROM tournament_matches"
                                 " WHERE tournament_id = $1", tournament_id)
        return {(Stage(row[0]), int(row[1]), int(row[2])):
                int(row[3]) if row[3] is not None else None for row in rows}

    async def match_starts(self, tournament_id: int) -> dict[MatchKey, float]:
        """When each claimed match was claimed (its thread started soon after), in seconds
        since the epoch: its grace period counts from there."""
        rows = await self._fetch("SELECT stage, round, slot, claimed_at FROM tournament_matches"
                                 " WHERE tournament_id = $1", tournament_id)
        return {(Stage(row[0]), int(row[1]), int(row[2])): float(row[3]) for row in rows}

    async def create_match_table(self, tournament: TournamentRecord, key: MatchKey, game: int,
                                 channel_id: int, seats: Sequence[Player | None], seed: str,
                                 rules_version: int, level: Level, title: str) -> TableRecord:
        """Game ``game`` of the match ``key``: a table in the match's thread, its game started,
        linked to the tournament in the same transaction.

        Raises :class:`ConflictError` if the game has its table already, or the tournament
        is not running."""
        stage, number, slot = key
        async with self._transaction() as db:
            await self._lock_tournament(db, tournament.id, TournamentStatus.RUNNING)
            table_id = await self._insert_table(
                db, tournament.guild_id, channel_id, tournament.organiser_id, tournament.locale,
                seats, seed, tournament.options, rules_version, FORTY_TWO, level, False,
                tournament.clock)
            await db.execute("UPDATE tables SET title = $1 WHERE id = $2", title, table_id)
            await db.execute(
                "INSERT INTO tournament_tables (table_id, tournament_id, stage, round, slot,"
                " game) VALUES ($1, $2, $3, $4, $5, $6)",
                table_id, tournament.id, stage.value, number, slot, game)
        table = await self.table(table_id)
        assert table is not None
        return table

    async def match_tables(self, tournament_id: int) -> list[MatchTable]:
        """Every table opened for the tournament's matches, in the order they were opened."""
        rows = await self._fetch(
            "SELECT table_id, stage, round, slot, game, totals FROM tournament_tables"
            " WHERE tournament_id = $1 ORDER BY table_id", tournament_id)
        return [_match_table(row) for row in rows]

    async def table_match(self, table_id: int) -> tuple[int, MatchTable] | None:
        """The tournament and match a table was opened for, if any."""
        row = await self._fetchrow(
            "SELECT table_id, stage, round, slot, game, totals, tournament_id"
            " FROM tournament_tables WHERE table_id = $1", table_id)
        return (int(row[6]), _match_table(row)) if row is not None else None

    @staticmethod
    async def _finish_match_game(db: Sql, table_id: int, totals: Sequence[int]) -> None:
        """A tournament table's final marks, with its game's last action (a no-op elsewhere)."""
        await db.execute("UPDATE tournament_tables SET totals = $1 WHERE table_id = $2",
                         json.dumps(list(totals)), table_id)

    # ----- the server's organisers -------------------------------------------------------------

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may run tournaments on the server, if it names one."""
        row = await self._fetchrow("SELECT organiser_role FROM guild_settings"
                                   " WHERE guild_id = $1", guild_id)
        return int(row[0]) if row is not None and row[0] is not None else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, organiser_role) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET organiser_role = $2", guild_id, role_id)

    # ----- the log ----------------------------------------------------------------------------

    async def log_decision(self, tournament_id: int, user_id: int, what: Decided,
                           members: Sequence[int] = ()) -> None:
        """A decision, kept in the tournament's log; the members it is about are its detail."""
        detail = " ".join(str(member) for member in members)
        async with self._transaction() as db:
            row = await db.fetchrow("SELECT COALESCE(MAX(n) + 1, 0) FROM tournament_log"
                                    " WHERE tournament_id = $1", tournament_id)
            await db.execute("INSERT INTO tournament_log (tournament_id, n, user_id, what,"
                             " detail) VALUES ($1, $2, $3, $4, $5)",
                             tournament_id, int(row[0]), user_id, what.value, detail)

    async def decisions(self, tournament_id: int) -> list[Decision]:
        """The tournament's log, in order."""
        rows = await self._fetch("SELECT user_id, what, detail FROM tournament_log"
                                 " WHERE tournament_id = $1 ORDER BY n", tournament_id)
        return [Decision(int(row[0]), Decided(row[1]),
                         tuple(int(member) for member in str(row[2]).split()))
                for row in rows]

    # ----- reading ----------------------------------------------------------------------------

    async def _tournament_of(self, row: Any) -> TournamentRecord:
        tournament_id = int(row[0])
        entries = await self._fetch(
            "SELECT user_id, name, partner_id, checked_in FROM tournament_entries"
            " WHERE tournament_id = $1 ORDER BY n", tournament_id)
        withdrawn = await self._fetch("SELECT team FROM tournament_withdrawals"
                                      " WHERE tournament_id = $1", tournament_id)
        members = await self._fetch(
            "SELECT team, user_id FROM tournament_teams WHERE tournament_id = $1"
            " ORDER BY team, place", tournament_id)
        teams: dict[int, list[int]] = {}
        for team, user_id in members:
            teams.setdefault(int(team), []).append(int(user_id))
        results = await self._fetch(
            "SELECT stage, round, slot, first, second, winner, games, forfeit"
            " FROM tournament_results WHERE tournament_id = $1 ORDER BY n", tournament_id)
        seed = int(row[13]) if row[13] is not None else None
        return TournamentRecord(
            id=tournament_id, guild_id=int(row[1]), channel_id=int(row[2]),
            organiser_id=int(row[3]), locale=row[4], name=row[5],
            plan=Plan(Format(row[6]), int(row[8]), seed=seed), pairs=bool(row[7]),
            options=options_from_json(row[9]), clock=Clock(row[10]) if row[10] else None,
            grace=int(row[11]), starts_at=int(row[12]) if row[12] is not None else None,
            seed=seed, status=TournamentStatus(row[14]),
            message_id=int(row[15]) if row[15] is not None else None,
            entries=tuple(Entry(int(e[0]), e[1], int(e[2]) if e[2] is not None else None,
                                bool(e[3])) for e in entries),
            teams=tuple(tuple(teams[n]) for n in sorted(teams)),
            results=tuple(_result(r) for r in results),
            withdrawn=frozenset(int(w[0]) for w in withdrawn), checkin=bool(row[16]),
            event_id=int(row[17]) if row[17] is not None else None)


def _result(row: Any) -> Result:
    second = int(row[4]) if row[4] is not None else None
    match = Match(Stage(row[0]), int(row[1]), int(row[2]), int(row[3]), second)
    games = tuple(Game(int(a), int(b)) for a, b in json.loads(row[6]))
    return Result(match, int(row[5]), games, bool(row[7]))


def _match_table(row: Any) -> MatchTable:
    totals = tuple(json.loads(row[5])) if row[5] is not None else None
    return MatchTable(int(row[0]), (Stage(row[1]), int(row[2]), int(row[3])), int(row[4]),
                      totals)
