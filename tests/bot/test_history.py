"""Members' histories as the storage keeps them, on both backends: every finished game in each
of its members' history (latest first, paged, with the rating change of a rated game), two
members' games against each other and together, best partners, the rating after each game,
and all of it rebuilt from the stored games exactly as it was kept game by game."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.rating import MODEL_ID
from bot.ratings import rebuild, rebuild_if_needed
from bot.records import GameKind, Player, Status
from bot.storage import Storage, open_storage
from engine.variants import MOON
from tests.bot.played import play
from tests.common import ANA, BIA, CAIO, DAVI, GUILD

EVA = DAVI + 1
FOUR = [Player.member(u) for u in (ANA, BIA, CAIO, DAVI)]


async def test_every_finished_game_is_in_each_members_history(storage: Storage) -> None:
    first = await play(storage, 1, FOUR, seed="a")
    beside_computer = await play(storage, 2, [FOUR[0], Player.computer(), *FOUR[2:]], seed="b")
    moon = await play(storage, 3, FOUR[:3], MOON, seed="c")
    unfinished = await storage.create_table(GUILD, 4, ANA, None, FOUR)
    await storage.start_game(unfinished.id, "d", unfinished.options, 1)

    games = await storage.history(GUILD, ANA)
    assert [g.table.id for g in games] == [moon, beside_computer, first]
    assert [g.game for g in games] == [GameKind.MOON, GameKind.MARKS, GameKind.MARKS]
    assert all(g.table.status is Status.FINISHED for g in games)
    latest = games[0]
    assert len(latest.totals) == 3 and latest.change is not None
    assert latest.won == (latest.totals[latest.side] == max(latest.totals))
    assert games[1].change is None  # a computer player's own seat: not rated
    assert games[2].change is not None and games[2].change[1].games == 1
    assert sorted(games[2].totals)[-1] >= 7
    assert games[0].finished_at >= games[1].finished_at >= games[2].finished_at

    order = await storage.finished_order(beside_computer)
    assert order is not None and await storage.finished_order(unfinished.id) is None
    older = await storage.history(GUILD, ANA, limit=5, before=order)
    assert [g.table.id for g in older] == [first]
    assert [g.table.id for g in await storage.history(GUILD, BIA)] == [moon, first]
    assert await storage.history(GUILD + 1, ANA) == []


async def test_two_members_against_each_other_and_together(storage: Storage) -> None:
    await play(storage, 1, FOUR, seed="a")  # ANA and CAIO against BIA and DAVI
    await play(storage, 2, [FOUR[0], FOUR[1], FOUR[3], FOUR[2]], seed="b")  # ANA with DAVI
    await play(storage, 3, FOUR[:3], MOON, seed="c")  # each for oneself
    games = {g.table.id: g for g in await storage.history(GUILD, ANA)}
    theirs = {g.table.id: g for g in await storage.history(GUILD, BIA)}
    rivalry = await storage.rivalry(GUILD, ANA, BIA)
    assert rivalry.against == 3 and rivalry.together == 0
    assert rivalry.won == sum(g.won for g in games.values())
    assert rivalry.lost == sum(g.won for g in theirs.values())
    with_caio = await storage.rivalry(GUILD, ANA, CAIO)
    assert (with_caio.against, with_caio.together) == (2, 1)
    assert with_caio.won_together == int(games[1].won)
    assert await storage.rivalry(GUILD, ANA, EVA) == type(rivalry)(0, 0, 0, 0, 0)


async def test_best_partners_by_shared_results(storage: Storage) -> None:
    for channel, seed in enumerate("abcdef"):
        await play(storage, channel, FOUR, seed=seed)
    await play(storage, 9, [FOUR[0], FOUR[1], Player.computer(), FOUR[3]], seed="g")
    partners = await storage.best_partners(GUILD, ANA)
    assert [p.partner_id for p in partners] == [CAIO]  # never the computer player
    assert partners[0].games == 6


async def test_the_rating_after_each_game(storage: Storage) -> None:
    for channel, seed in enumerate("abc"):
        await play(storage, channel, FOUR, seed=seed)
    await play(storage, 5, FOUR[:3], MOON, seed="d")
    series = await storage.rating_series(GUILD, GameKind.MARKS, ANA)
    assert [r.games for r in series] == [1, 2, 3]
    assert series[-1] == (await storage.ratings(GUILD, GameKind.MARKS))[ANA]
    assert len(await storage.rating_series(GUILD, GameKind.MOON, ANA)) == 1


async def test_histories_rebuilt_are_the_ones_kept(storage: Storage) -> None:
    for channel, seed in enumerate("abc"):
        await play(storage, channel, FOUR, seed=seed)
    await play(storage, 5, [FOUR[0], Player.computer(), *FOUR[2:]], seed="d")
    await play(storage, 6, FOUR[:3], MOON, seed="e")
    kept = {user: await storage.history(GUILD, user) for user in (ANA, BIA, CAIO, DAVI)}
    series = await storage.rating_series(GUILD, GameKind.MARKS, DAVI)
    await rebuild(storage)
    assert {user: await storage.history(GUILD, user) for user in kept} == kept
    assert await storage.rating_series(GUILD, GameKind.MARKS, DAVI) == series
    assert await storage.rating_model() == MODEL_ID
    assert await rebuild_if_needed(storage) is None


async def test_an_older_database_is_rebuilt_at_start(tmp_path: Path) -> None:
    """A database from before histories (schema 8) has its games put into histories and
    rated again by the first start; later starts leave them alone."""
    path = tmp_path / "db.sqlite3"
    storage = await open_storage(path)
    try:
        table_id = await play(storage, 1, FOUR)
        kept = await storage.history(GUILD, ANA)
    finally:
        await storage.close()
    async with aiosqlite.connect(path) as raw:  # as schema 8 left it: no histories yet
        for emptied in ("game_players", "rating_history", "ratings", "bot_settings"):
            await raw.execute(f"DELETE FROM {emptied}")
        await raw.commit()
    storage = await open_storage(path)
    try:
        assert await storage.history(GUILD, ANA) == [] and await storage.rating_model() is None
        rebuilt = await rebuild_if_needed(storage)
        assert rebuilt is not None and rebuilt.games == 1
        assert await storage.history(GUILD, ANA) == kept
        assert (await storage.rating_changes(table_id)).keys() == {ANA, BIA, CAIO, DAVI}
        assert await rebuild_if_needed(storage) is None
    finally:
        await storage.close()
