"""Tournaments through the table service, on both backends: sign-ups and their refusals, the
start, match tables opened for the draw, results taken from the games themselves, and every
step done once when two processes try it together."""

from __future__ import annotations

import asyncio

import pytest

from bot.records import Status
from bot.service import Refusal, TableService
from bot.storage import Storage, open_storage
from bot.tournament.event import Format, Plan
from bot.tournament.records import Decided, Decision, TournamentStatus, key_of
from bot.tournament.types import Stage
from engine import DEFAULT_OPTIONS, Options
from tests.bot.played import play_out
from tests.bot.refereed import THREADS, open_due, run_to_the_end
from tests.common import GUILD

ORGANISER = 100
MEMBERS = tuple(range(1, 17))
CHANNEL = 500


async def opened(service: TableService, format: Format = Format.DOUBLE_ELIMINATION,
                 games_to_win: int = 1, pairs: bool = True, members: int = 8) -> int:
    tournament = await service.new_tournament(
        GUILD, CHANNEL, ORGANISER, None, "Friday night", Plan(format, games_to_win),
        pairs=pairs, options=DEFAULT_OPTIONS, clock=None, grace=10, starts_at=None)
    for first in range(1, members + 1, 2):
        if pairs:
            await service.sign_up(tournament.id, first, f"m{first}", (first + 1, f"m{first + 1}"))
        else:
            await service.sign_up(tournament.id, first, f"m{first}")
            await service.sign_up(tournament.id, first + 1, f"m{first + 1}")
    return tournament.id


async def test_a_double_elimination_runs_from_sign_up_to_its_champion(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=8)
    tournament = await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    assert tournament.status is TournamentStatus.RUNNING
    assert sorted(tournament.teams) == [(1, 2), (3, 4), (5, 6), (7, 8)]

    first = await service.advance(tournament_id)
    assert [due.match.sides for due in first.due] == [(1, 4), (2, 3)]
    tables = await open_due(service, first)
    table = await storage.table(tables[0])
    assert table is not None and table.status is Status.PLAYING and table.channel_id >= 10_000
    one, four = tournament.teams[0], tournament.teams[3]
    assert [p.user_id for p in table.seats if p is not None] == [
        one[0], four[0], one[1], four[1]]  # the match's first team sits North and South
    assert (await service.advance(tournament_id)).due == ()  # both games in play

    for table_id in tables:
        await play_out(storage, table_id)
    played = await run_to_the_end(service, storage, tournament_id) + 2
    final = await service.tournament(tournament_id)
    assert final.status is TournamentStatus.FINISHED
    assert played == len(final.results) in (2 * 4 - 2, 2 * 4 - 1)
    assert all(len(result.games) == 1 and max(result.games[0].first,
                                              result.games[0].second) >= 7
               for result in final.results)
    assert (await storage.history(GUILD, 1))[0].table.id in {
        t.table_id for t in await storage.match_tables(tournament_id)}


async def test_best_of_three_opens_the_next_game_in_the_same_thread(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, games_to_win=2, members=4)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    progress = await service.advance(tournament_id)
    (due,) = progress.due
    assert due.game == 1
    (table_id,) = await open_due(service, progress)
    await play_out(storage, table_id, seed="g1")
    progress = await service.advance(tournament_id)
    (again,) = progress.due
    assert (again.match, again.game) == (due.match, 2)
    assert again.thread_id is not None  # the match keeps its thread
    played = await run_to_the_end(service, storage, tournament_id) + 1
    final = await service.tournament(tournament_id)
    assert all(2 in (sum(1 for g in r.games if g.first > g.second),
                     sum(1 for g in r.games if g.second > g.first)) for r in final.results)
    assert played == sum(len(r.games) for r in final.results)


async def test_sign_ups_are_refused_with_a_sentence(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=2)
    with pytest.raises(Refusal, match="already signed up"):
        await service.sign_up(tournament_id, 1, "m1")
    with pytest.raises(Refusal, match="already signed up"):
        await service.sign_up(tournament_id, 9, "m9", (2, "m2"))
    with pytest.raises(Refusal, match="another member"):
        await service.sign_up(tournament_id, 9, "m9", (9, "m9"))
    with pytest.raises(Refusal, match="teams are needed"):
        await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    await service.sign_up(tournament_id, 9, "m9")
    with pytest.raises(Refusal, match="Only the organiser"):
        await service.start_tournament(tournament_id, 9, moderator=False)
    await service.sign_up(tournament_id, 10, "m10", (11, "m11"))
    with pytest.raises(Refusal, match="no partner yet"):
        await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    with pytest.raises(Refusal, match="already has a tournament"):
        await opened(service, members=0)
    await service.withdraw(tournament_id, 9)
    with pytest.raises(Refusal, match="not signed up"):
        await service.withdraw(tournament_id, 9)
    with pytest.raises(Refusal, match="250-point"):
        await service.new_tournament(GUILD, CHANNEL + 1, ORGANISER, None, "Points",
                                     Plan(Format.SWISS), pairs=True,
                                     options=Options(points_game=True), clock=None, grace=5,
                                     starts_at=None)
    started = await service.start_tournament(tournament_id, ORGANISER, moderator=True)
    assert len(started.teams) == 2
    with pytest.raises(Refusal, match="Sign-ups are closed"):
        await service.sign_up(tournament_id, 12, "m12")
    with pytest.raises(Refusal, match="no team"):
        await service.withdraw(tournament_id, 12)


async def test_a_team_that_withdraws_after_the_start_forfeits_what_is_left(
        storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=8)
    tournament = await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    leaving = tournament.team_of(1)
    assert leaving == 1
    (table_id, *_) = await open_due(service, await service.advance(tournament_id))
    await service.withdraw(tournament_id, 1)
    with pytest.raises(Refusal, match="already withdrawn"):
        await service.withdraw(tournament_id, 2)
    await run_to_the_end(service, storage, tournament_id)
    final = await service.tournament(tournament_id)
    lost = [r for r in final.results if leaving in r.match.sides]
    assert len(lost) == 2 and all(r.forfeit and r.winner != leaving for r in lost)
    closed = await storage.table(table_id)  # team 1's first match, against team 4
    assert closed is not None and closed.status is Status.CLOSED


async def test_check_in_leaves_out_whoever_has_not(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=8)
    with pytest.raises(Refusal, match="not opened yet"):
        await service.check_in(tournament_id, 1)
    with pytest.raises(Refusal, match="Only the organiser"):
        await service.open_checkin(tournament_id, 1, moderator=False)
    await service.open_checkin(tournament_id, ORGANISER, moderator=False)
    for member in (1, 2, 3, 5, 6, 7):
        await service.check_in(tournament_id, member)
    with pytest.raises(Refusal, match="already checked in"):
        await service.check_in(tournament_id, 1)
    with pytest.raises(Refusal, match="not signed up"):
        await service.check_in(tournament_id, 40)
    started = await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    assert sorted(started.teams) == [(1, 2), (3, 7), (5, 6)]  # 4 and 8 did not check in


async def test_the_organiser_replaces_a_member_from_the_next_table_on(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=4)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    with pytest.raises(Refusal, match="already plays"):
        await service.replace_member(tournament_id, ORGANISER, 1, (2, "m2"), moderator=False)
    with pytest.raises(Refusal, match="Only the organiser"):
        await service.replace_member(tournament_id, 3, 1, (9, "m9"), moderator=False)
    replaced = await service.replace_member(tournament_id, ORGANISER, 1, (9, "Nina"),
                                            moderator=False)
    assert replaced.team_of(9) is not None and replaced.team_of(1) is None
    assert replaced.name_of(9) == "Nina"
    (table_id,) = await open_due(service, await service.advance(tournament_id))
    table = await storage.table(table_id)
    assert table is not None and table.seat_of(9) is not None and table.seat_of(1) is None
    assert table.title is not None


async def test_members_alone_are_paired_in_the_order_they_signed_up(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, pairs=False, members=6)
    with pytest.raises(Refusal, match="signs up alone"):
        await service.sign_up(tournament_id, 20, "x", (21, "y"))
    started = await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    assert sorted(started.teams) == [(1, 2), (3, 4), (5, 6)]


async def test_the_organiser_awards_a_match_and_its_table_closes(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=4)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    (table_id,) = await open_due(service, await service.advance(tournament_id))
    with pytest.raises(Refusal, match="not ended early"):
        await service.end(table_id, 1, moderator=True)
    with pytest.raises(Refusal, match="Only the organiser"):
        await service.award(tournament_id, 1, 1, moderator=False)
    progress = await service.award(tournament_id, ORGANISER, 3, moderator=False)
    (result,) = progress.recorded or (await service.tournament(tournament_id)).results
    assert result.winner == 2 and result.forfeit and result.games[0].first == 0
    closed = await storage.table(table_id)
    assert closed is not None and closed.status is Status.CLOSED
    assert [(d.what, d.members) for d in await storage.decisions(tournament_id)] == [
        (Decided.START, ()), (Decided.AWARD, (3,))]
    assert [due.match.stage for due in progress.due] == [Stage.FINAL]


async def test_two_processes_take_each_step_once(postgres_url: str) -> None:
    """Two services on one PostgreSQL database (one process holds an SQLite file) advance and
    open together: each match is claimed by one, each game has one table, each result is
    recorded once."""
    one, two = await open_storage(postgres_url), await open_storage(postgres_url)
    try:
        first, second = TableService(one), TableService(two)
        tournament_id = await opened(first, members=16)
        await first.start_tournament(tournament_id, ORGANISER, moderator=False)
        while True:
            progresses = await asyncio.gather(first.advance(tournament_id),
                                              second.advance(tournament_id))
            if progresses[0].tournament.status is not TournamentStatus.RUNNING:
                break
            claims = await asyncio.gather(*(
                service.claim_match(tournament_id, key_of(due.match))
                for due in progresses[0].due for service in (first, second)))
            assert claims.count(True) == sum(1 for due in progresses[0].due
                                             if due.thread_id is None)
            for due in progresses[0].due:
                await first.set_match_thread(tournament_id, key_of(due.match), next(THREADS))
            again = await first.advance(tournament_id)
            opened_pairs = await asyncio.gather(*(
                service.open_match_game(again.tournament, due, due.thread_id or 0)
                for due in again.due for service in (first, second)))
            tables = [snapshot.table.id for snapshot in opened_pairs if snapshot is not None]
            assert len(tables) == len(again.due)
            for table_id in tables:
                await play_out(one, table_id, seed=f"p{table_id}")
        final = await first.tournament(tournament_id)
        assert final.status is TournamentStatus.FINISHED
        assert len({key_of(r.match) for r in final.results}) == len(final.results)
        assert len(await one.match_tables(tournament_id)) == len(final.results)
    finally:
        await one.close()
        await two.close()


async def test_a_team_absent_past_the_grace_period_forfeits(storage: Storage) -> None:
    """The table waits on a member who never moved there: within the grace period nothing
    happens; after it, their team loses the match by forfeit, once, and the table closes. A
    member who has moved is not absent, nor is a member a computer player stands in for."""
    service = TableService(storage)
    tournament_id = await opened(service, members=8)
    tournament = await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    progress = await service.advance(tournament_id)
    first, second = await open_due(service, progress)
    snapshot = await service.snapshot(first)
    assert snapshot.observation is not None and snapshot.observation.to_act is not None
    waiting = snapshot.table.player(snapshot.observation.to_act)
    assert waiting is not None and waiting.user_id is not None
    later = (await storage.match_starts(tournament_id))[key_of(progress.due[0].match)]
    assert await service.forfeit_absent(tournament_id, later + 9 * 60) == []

    other = await storage.table(second)
    assert other is not None
    opener = await service.snapshot(second)
    assert opener.observation is not None and opener.observation.to_act is not None
    standing_in = opener.table.player(opener.observation.to_act)
    assert standing_in is not None and standing_in.user_id is not None
    with pytest.raises(Refusal, match="Only the organiser"):
        await service.approve_stand_in(tournament_id, 1, standing_in.user_id, moderator=False)
    await service.approve_stand_in(tournament_id, ORGANISER, standing_in.user_id,
                                   moderator=False)
    with pytest.raises(Refusal, match="only its organiser"):
        await service.vote_away(second, standing_in.user_id, snapshot.observation.to_act)

    (forfeit,) = await service.forfeit_absent(tournament_id, later + 11 * 60)
    assert forfeit.absent == waiting.user_id and forfeit.table_id == first
    assert forfeit.result.loser == tournament.team_of(waiting.user_id)
    assert forfeit.result.forfeit
    assert await service.forfeit_absent(tournament_id, later + 12 * 60) == []
    closed = await storage.table(first)
    assert closed is not None and closed.status is Status.CLOSED
    assert Decision(0, Decided.FORFEIT, (waiting.user_id,)) in await storage.decisions(
        tournament_id)


@pytest.mark.parametrize(("format", "matches"), [(Format.POOLS, 7), (Format.SWISS, 4),
                                                 (Format.SINGLE_ELIMINATION, 3),
                                                 (Format.PROGRESSIVE, 14)])
async def test_every_format_runs_to_its_end(storage: Storage, format: Format,
                                            matches: int) -> None:
    """Four teams: one pool of four then its top two in a final; two Swiss rounds; a bracket
    of four. Eight players alone: seven rounds of two tables, partners changing."""
    service = TableService(storage)
    tournament_id = await opened(service, format=format, members=8,
                                 pairs=not format.individual)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    played = await run_to_the_end(service, storage, tournament_id)
    final = await service.tournament(tournament_id)
    assert final.status is TournamentStatus.FINISHED
    assert played == len(final.results) == matches
    if format.individual:
        partnered = {frozenset(final.members_of(side)) for result in final.results
                     for side in result.match.sides}
        assert len(partnered) == 28  # every two of the eight players, once


async def test_progressive_play_needs_a_count_it_has_a_schedule_for(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, format=Format.PROGRESSIVE, members=6, pairs=False)
    with pytest.raises(Refusal, match="schedule for these counts") as refused:
        await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    assert refused.value.params["players"] == 6
    assert str(refused.value.params["counts"]).startswith("4, 5, 8, 9, 12, 13, 16, 17, 20, 21")


async def test_a_paused_tournament_records_results_and_opens_nothing(storage: Storage) -> None:
    service = TableService(storage)
    tournament_id = await opened(service, members=8)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    first, second = await open_due(service, await service.advance(tournament_id))
    with pytest.raises(Refusal, match="not paused"):
        await service.set_paused(tournament_id, ORGANISER, False, moderator=False)
    await service.set_paused(tournament_id, ORGANISER, True, moderator=False)
    for table_id in (first, second):
        await play_out(storage, table_id)
    paused = await service.advance(tournament_id)
    assert len(paused.recorded) == 2 and paused.due == ()
    resumed = await service.set_paused(tournament_id, ORGANISER, False, moderator=False)
    assert resumed.status is TournamentStatus.RUNNING
    assert len((await service.advance(tournament_id)).due) == 2  # the next round


async def test_a_match_thread_holds_its_match_tables_alone(storage: Storage) -> None:
    """Neither a new table nor a rematch in a match's thread: the match's next game opens
    there by itself, and another table would keep it from opening."""
    service = TableService(storage)
    tournament_id = await opened(service, games_to_win=2, members=4)
    await service.start_tournament(tournament_id, ORGANISER, moderator=False)
    (table_id,) = await open_due(service, await service.advance(tournament_id))
    table = await storage.table(table_id)
    assert table is not None
    with pytest.raises(Refusal, match="open here by themselves"):
        await service.open_table(GUILD, table.channel_id, 1, None)
    await play_out(storage, table_id)
    with pytest.raises(Refusal, match="open here by themselves"):
        await TableService(storage).rematch(table_id, 1)  # the game as stored: over
    (due,) = (await service.advance(tournament_id)).due
    assert due.game == 2 and due.thread_id == table.channel_id
