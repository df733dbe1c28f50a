"""Members' ratings: the pure update (teams, each for oneself, three teams, the provisional
figure), each finished game between members rated once in the transaction that ends it (on
SQLite and on PostgreSQL, games ending at once included), and the ratings kept game by game
equal to the ones rebuilt from the stored games."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from bot.rating import (
    NEW,
    PROVISIONAL_GAMES,
    Placing,
    RatedGame,
    Rating,
    rate,
    rate_levels,
    replay,
)
from bot.ratings import main, rebuild
from bot.records import (
    ComputerResult,
    GameKind,
    Level,
    Player,
    PlayerResult,
    Ranking,
    Standing,
    StoredAction,
    rater_id,
)
from bot.service import MemberStats
from bot.service.results import _rank
from bot.storage import ConflictError, Storage, open_storage
from cogs.messages.standings import stats_message
from engine import Options
from engine.variants import MOON, ONE_FORTY
from tests.bot.played import play
from tests.common import ANA, BIA, CAIO, CHANNEL, DAVI, EAST, GUILD

EVA, FABIO = DAVI + 1, DAVI + 2


# ----- the pure update ---------------------------------------------------------------------------

def test_a_win_raises_the_winners_and_lowers_the_losers() -> None:
    after = rate({}, [Placing(ANA, 0, 0), Placing(CAIO, 0, 0), Placing(BIA, 1, 1),
                      Placing(DAVI, 1, 1)])
    assert after[ANA].mu > NEW.mu > after[BIA].mu
    assert after[ANA] == after[CAIO] and after[BIA] == after[DAVI]  # partners move together
    assert all(r.games == 1 and r.sigma < NEW.sigma for r in after.values())
    again = rate(after, [Placing(ANA, 0, 1), Placing(CAIO, 0, 1), Placing(BIA, 1, 0),
                         Placing(DAVI, 1, 0)])
    assert again[ANA].mu < after[ANA].mu and again[ANA].games == 2


def test_each_for_oneself_and_three_teams_rank_as_the_game_ended() -> None:
    moon = rate({}, [Placing(ANA, 0, 1), Placing(BIA, 1, 0), Placing(CAIO, 2, 2)])
    assert moon[BIA].mu > moon[ANA].mu > moon[CAIO].mu
    teams = rate({}, [Placing(user, side, rank) for side, rank, users in
                      ((0, 2, (ANA, DAVI)), (1, 0, (BIA, EVA)), (2, 1, (CAIO, FABIO)))
                      for user in users])
    assert teams[BIA].mu > teams[CAIO].mu > teams[ANA].mu
    tied = rate({}, [Placing(ANA, 0, 0), Placing(BIA, 1, 1), Placing(CAIO, 2, 1)])
    assert tied[BIA] == tied[CAIO]
    with pytest.raises(ValueError):
        rate({}, [Placing(ANA, 0, 0), Placing(BIA, 0, 0)])


def test_the_figure_starts_at_1500_and_is_provisional_at_first() -> None:
    assert NEW.shown == 1500 and NEW.provisional
    assert Rating(25.0, 5.0, PROVISIONAL_GAMES - 1).provisional
    settled = Rating(25.0, 5.0, PROVISIONAL_GAMES)
    assert not settled.provisional and settled.shown == 1500 + 20 * 10
    won = rate({}, [Placing(ANA, 0, 0), Placing(BIA, 1, 1)])
    assert won[ANA].shown > 1500 > won[BIA].shown


def test_a_level_of_computer_players_is_rated_against_members_who_stay_as_they_were() -> None:
    strong = rater_id(Level.STRONG)
    members = rate({}, [Placing(ANA, 0, 0), Placing(BIA, 1, 1)])
    game = [Placing(ANA, 0, 1), Placing(strong, 0, 1), Placing(BIA, 1, 0), Placing(strong, 1, 0)]
    level = rate_levels(members, game, frozenset({strong}))
    assert set(level) == {strong} and level[strong].games == 1
    beaten = rate_levels(members, [Placing(ANA, 0, 0), Placing(strong, 1, 1)],
                         frozenset({strong}))
    assert beaten[strong].mu < NEW.mu < rate_levels(
        members, [Placing(ANA, 0, 1), Placing(strong, 1, 0)], frozenset({strong}))[strong].mu
    assert rater_id(Level.CASUAL) != strong and max(rater_id(v) for v in Level) < 0


def test_a_sides_rank_is_its_place_by_the_final_totals() -> None:
    assert [_rank(side, 1, (5, 9, 7)) for side in range(3)] == [2, 0, 1]
    assert [_rank(side, 0, (9, 3, 3)) for side in range(3)] == [0, 1, 1]
    assert [_rank(side, 1, (2, 7)) for side in range(2)] == [1, 0]


def test_replay_keeps_pools_apart_and_chains_each_change() -> None:
    duel = (Placing(ANA, 0, 0), Placing(BIA, 1, 1))
    ratings, changes = replay([RatedGame(1, (GUILD, "marks"), duel),
                               RatedGame(2, (GUILD, "moon"), duel),
                               RatedGame(3, (GUILD, "marks"), duel)])
    assert ratings[(GUILD, "moon"), ANA] == rate({}, duel)[ANA]
    assert ratings[(GUILD, "marks"), ANA].games == 2
    first, second = (c for c in changes if c.user_id == ANA and c.table_id in (1, 3))
    assert first.before == NEW and second.before == first.after


# ----- kept in the database ----------------------------------------------------------------------

def placed(user: int, side: int, rank: int, won: bool | None = None) -> PlayerResult:
    return PlayerResult(user, rank == 0 if won is None else won, 7 if rank == 0 else 3, 0, 0,
                        side=side, rank=rank)


FOUR = [placed(ANA, 0, 0), placed(CAIO, 0, 0), placed(BIA, 1, 1), placed(DAVI, 1, 1)]


async def finish(storage: Storage, finished: list[PlayerResult],
                 computers: list[ComputerResult] | None = None, channel: int = CHANNEL,
                 seats: list[Player | None] | None = None) -> int:
    table = await storage.create_table(GUILD, channel, ANA, None, seats or [
        Player.member(user) for user in (ANA, BIA, CAIO, DAVI)])
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"), finished=finished,
                                computers=computers or [])
    return table.id


async def test_a_finished_game_between_members_is_rated_with_its_history(
        storage: Storage) -> None:
    table = await storage.create_table(GUILD, CHANNEL, ANA, None,
                                       [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)])
    await storage.start_game(table.id, "seed", Options(), 1)
    await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"))
    assert await storage.ratings(GUILD, GameKind.MARKS) == {}
    await storage.append_action(table.id, StoredAction(1, 1, EAST, "pass"), finished=FOUR)
    expected = rate({}, [Placing(r.user_id, r.side or 0, r.rank) for r in FOUR])
    assert await storage.ratings(GUILD, GameKind.MARKS) == expected
    assert await storage.rating_changes(table.id) == {
        user: (NEW, rating) for user, rating in expected.items()}
    assert await storage.ratings(GUILD, GameKind.POINTS) == {}
    board = await storage.leaderboard(GUILD)
    assert [(s.user_id, s.rating) for s in board] == [
        (ANA, expected[ANA]), (CAIO, expected[CAIO]), (BIA, expected[BIA]),
        (DAVI, expected[DAVI])]


async def test_a_members_statistics_show_their_rating(storage: Storage) -> None:
    """``/42 stats``: the member's rating in each kind of game, provisional at first; a member
    whose games were all with computer players is told why they have none."""
    await finish(storage, FOUR)
    await finish(storage, [placed(ANA, 0, 0), placed(CAIO, 0, 0), placed(BIA, 1, 1)],
                 [ComputerResult(False, 3, 0, 0)], channel=CHANNEL + 1,
                 seats=[Player.member(ANA), Player.member(BIA), Player.member(CAIO),
                        Player.computer()])
    line = (await storage.member_standings(GUILD, ANA))[GameKind.MARKS]
    rating = (await storage.ratings(GUILD, GameKind.MARKS))[ANA]
    assert line.rating == rating and line.games_played == 2
    assert shown(line)[0] == f"Rating: {rating.shown} (provisional: 1 rated game so far)"
    settled = Rating(30.0, 2.0, 12)
    assert shown(replace(line, rating=settled))[0] == f"Rating: {settled.shown}"
    assert shown(replace(line, rating=None))[0] == (
        "Not rated yet: only games between members are rated.")


def shown(line: Standing) -> list[str]:
    """The lines of a member's statistics in 42, as ``/42 stats`` shows them."""
    embed = stats_message(MemberStats({GameKind.MARKS: line}, None), "ana", None).embed
    assert embed is not None
    return str(embed.fields[0].value).splitlines()


async def test_a_failed_finish_rates_nobody(storage: Storage) -> None:
    """The ratings are written in the transaction that ends the game: if it fails, they do too."""
    table = await storage.create_table(GUILD, CHANNEL, ANA, None,
                                       [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)])
    await storage.start_game(table.id, "seed", Options(), 1)
    broken = [*FOUR, replace(FOUR[0], marks=None)]  # type: ignore[arg-type]
    with pytest.raises(ConflictError):
        await storage.append_action(table.id, StoredAction(0, 1, EAST, "pass"), finished=broken)
    assert await storage.ratings(GUILD, GameKind.MARKS) == {}
    assert await storage.rating_changes(table.id) == {}


async def test_a_game_with_a_computer_players_seat_is_counted_but_not_rated(
        storage: Storage) -> None:
    members = [placed(ANA, 0, 0), placed(CAIO, 0, 0), placed(BIA, 1, 1)]
    table_id = await finish(storage, members, [ComputerResult(False, 3, 0, 0)],
                            seats=[Player.member(ANA), Player.member(BIA),
                                   Player.member(CAIO), Player.computer()])
    assert await storage.ratings(GUILD, GameKind.MARKS) == {}
    assert await storage.rating_changes(table_id) == {}
    assert {s.user_id: s.games_played for s in await storage.leaderboard(GUILD)} == {
        ANA: 1, BIA: 1, CAIO: 1}


async def test_the_board_ranks_by_rating_or_by_marks(storage: Storage) -> None:
    """Settled ratings first, then provisional ones, then members without a rated game; by
    marks, as before."""
    for n in range(PROVISIONAL_GAMES):
        await finish(storage, [placed(ANA, 0, 0), placed(BIA, 1, 1)], channel=n,
                     seats=[Player.member(ANA), Player.member(BIA), None, None])
    await finish(storage, [placed(CAIO, 0, 0, won=True), placed(DAVI, 1, 1)], channel=98,
                 seats=[Player.member(CAIO), Player.member(DAVI), None, None])
    await finish(storage, [replace(placed(EVA, 0, 0), marks=40)],
                 [ComputerResult(False, 0, 0, 0)], channel=99,
                 seats=[Player.member(EVA), Player.computer(), None, None])
    board = await storage.leaderboard(GUILD)
    assert [s.user_id for s in board] == [ANA, BIA, CAIO, DAVI, EVA]
    assert board[1].rating is not None and not board[1].rating.provisional
    assert board[2].rating is not None and board[2].rating.provisional
    assert board[1].rating.ordinal < board[2].rating.ordinal  # settled, though lower
    assert board[-1].rating is None
    by_marks = await storage.leaderboard(GUILD, by=Ranking.MARKS)
    assert [s.user_id for s in by_marks] == [EVA, ANA, BIA, CAIO, DAVI]


async def test_games_ending_at_once_lose_no_rating_update(database: Path | str) -> None:
    """Ten games of the same four members end at the same moment through two connections:
    every member's rating rests on ten games, each game's change starts where another one's
    ended, and the result is the one the games give in the order they ended."""
    first, second = await open_storage(database), await open_storage(database)
    try:
        ids = []
        for channel in range(10):
            table = await first.create_table(GUILD, channel, ANA, None,
                                             [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)])
            await first.start_game(table.id, "seed", Options(), 1)
            ids.append(table.id)
        await asyncio.wait_for(asyncio.gather(*(
            (first if i % 2 else second).append_action(
                table_id, StoredAction(0, 1, EAST, "pass"),
                finished=(FOUR if i % 3 else [replace(r, rank=1 - r.rank) for r in FOUR])
                [::1 if i % 2 else -1])
            for i, table_id in enumerate(ids))), 30)
        ratings = await first.ratings(GUILD, GameKind.MARKS)
        assert {user: r.games for user, r in ratings.items()} == dict.fromkeys(
            (ANA, BIA, CAIO, DAVI), 10)
        changes = {table_id: await first.rating_changes(table_id) for table_id in ids}
        for user in (ANA, BIA, CAIO, DAVI):
            chain = sorted(((b, a) for c in changes.values() for u, (b, a) in c.items()
                            if u == user), key=lambda pair: pair[1].games)
            assert chain[0][0] == NEW and chain[-1][1] == ratings[user]
            assert all(chain[i][1] == chain[i + 1][0] for i in range(len(chain) - 1))
        rebuilt = await rebuild_from_stored_results(first, ids)
        assert rebuilt == ratings
    finally:
        await first.close()
        await second.close()


async def rebuild_from_stored_results(storage: Storage, ids: list[int]) -> dict[int, Rating]:
    """The ratings :func:`replay` gives for these games in the order the storage says they
    ended (their results read back from the history's ranks: who gained)."""
    order = [t.id for t in await storage.finished_tables() if t.id in ids]
    games = []
    for table_id in order:
        changes = await storage.rating_changes(table_id)
        won = {user for user, (before, after) in changes.items() if after.mu > before.mu}
        games.append(RatedGame(table_id, (GUILD, "marks"), tuple(
            Placing(user, int(user in (BIA, DAVI)), 0 if user in won else 1)
            for user in sorted(changes))))
    ratings, _ = replay(games)
    return {user: rating for (_, user), rating in ratings.items()}


# ----- incremental == rebuilt ---------------------------------------------------------------------

async def test_the_ratings_kept_game_by_game_are_the_rebuilt_ones(storage: Storage) -> None:
    members = [Player.member(u) for u in (ANA, BIA, CAIO, DAVI, EVA, FABIO)]
    await play(storage, 1, members[:4], seed="a")
    await play(storage, 2, [members[0], Player.computer(), members[2], members[3]], seed="b")
    await play(storage, 3, members[:3], MOON, seed="c")
    await play(storage, 4, [members[3], members[1], members[0], members[2]], seed="d")
    await play(storage, 5, members, ONE_FORTY, seed="e")
    await play(storage, 6, members[1:4], MOON, seed="f")
    kept = {kind: await storage.ratings(GUILD, kind) for kind in GameKind}
    history = {table_id: await storage.rating_changes(table_id) for table_id in range(1, 7)}
    assert history[2] == {} and all(history[i] for i in (1, 3, 4, 5, 6))
    assert {user: r.games for user, r in kept[GameKind.MARKS].items()} == {
        ANA: 2, BIA: 2, CAIO: 2, DAVI: 2}
    assert set(kept[GameKind.MOON]) == {ANA, BIA, CAIO, DAVI}
    assert len(kept[GameKind.ONE_FORTY]) == 6

    levels = await storage.computer_standings(GUILD)
    assert [line.rating is not None and line.rating.games == 1 for line in levels] == [True]
    done = await rebuild(storage)
    assert (done.games, done.unplayable) == (5, 0)
    assert await storage.computer_standings(GUILD) == levels
    assert {kind: await storage.ratings(GUILD, kind) for kind in GameKind} == kept
    assert {table_id: await storage.rating_changes(table_id)
            for table_id in range(1, 7)} == history


async def test_a_rebuild_rates_the_games_kept_before_ratings(storage: Storage) -> None:
    """Games that ended unrated (as before ratings existed) are rated by the rebuild, and a
    rebuild that games ended during is refused for another try."""
    table_id = await play(storage, 1, [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)])
    kept = await storage.ratings(GUILD, GameKind.MARKS)
    changes = await storage.rating_changes(table_id)
    await storage.replace_history({}, [], [], 1, "other")
    assert await storage.ratings(GUILD, GameKind.MARKS) == {}
    with pytest.raises(ConflictError):
        await storage.replace_history({}, [], [], 0, "other")
    await rebuild(storage)
    assert await storage.ratings(GUILD, GameKind.MARKS) == kept
    assert await storage.rating_changes(table_id) == changes


async def test_the_rebuild_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "db.sqlite3"
    storage = await open_storage(path)
    try:
        await play(storage, 1, [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)])
        await storage.replace_history({}, [], [], 1, "other")
    finally:
        await storage.close()
    assert await asyncio.to_thread(main, ["rebuild", "--database", str(path)]) == 0
    assert "rated 1 games between members: 4 ratings rebuilt" in capsys.readouterr().out
    storage = await open_storage(path)
    try:
        assert len(await storage.ratings(GUILD, GameKind.MARKS)) == 4
    finally:
        await storage.close()
