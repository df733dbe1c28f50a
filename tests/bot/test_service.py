"""TableService: load → apply → commit → describe, refusals that change nothing, one lock per
table, and games that come back after a restart exactly as they were."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from pathlib import Path

import pytest

from bot.records import GameKind, Partner, Status, StoredAction
from bot.service import Accepted, Fill, Panel, Refusal, TableService, Unrestorable
from bot.storage import Storage, open_storage
from engine import SEATS, SUPPORTED_RULES_VERSIONS, Phase, Play, Seat, Team
from engine.seats import FOUR_SEATS
from tests.common import ANA, BIA, CAIO, CHANNEL, DAVI, EAST, GUILD, NORTH, SEATED, SOUTH, WEST


@pytest.fixture
def service(storage: Storage) -> TableService:
    counter = itertools.count()
    return TableService(storage, new_seed=lambda: f"test-seed-{next(counter)}")


async def full_table(service: TableService, channel: int = CHANNEL) -> int:
    table = (await service.open_table(GUILD, channel, ANA, "en-US")).table
    for user in (BIA, CAIO, DAVI):
        await service.join(table.id, user)
    await service.start(table.id, ANA)
    return table.id


async def panel_to_act(service: TableService, table_id: int) -> Panel:
    snapshot = await service.snapshot(table_id)
    assert snapshot.observation is not None and snapshot.observation.to_act is not None
    return await service.panel(table_id, SEATED[snapshot.observation.to_act])


def choose(panel: Panel) -> str:
    """A quick policy: open the auction with 2 marks, pass otherwise, then the first legal."""
    legal = panel.observation.legal
    if panel.observation.phase is Phase.AUCTION:
        return "bid:2m" if not panel.observation.auction else "pass"
    return str(legal[0])


async def step(service: TableService, table_id: int) -> Accepted:
    panel = await panel_to_act(service, table_id)
    assert panel.user_id is not None
    return await service.act(table_id, panel.user_id, panel.observation.hand_number,
                             panel.count, choose(panel))


async def test_a_channel_holds_one_active_table(service: TableService) -> None:
    first = await service.open_table(GUILD, CHANNEL, ANA, None)
    assert first.table.seats[NORTH] is not None  # the creator sits North
    with pytest.raises(Refusal) as caught:
        await service.open_table(GUILD, CHANNEL, BIA, None)
    assert caught.value.table is not None and caught.value.table.id == first.table.id


async def test_seats_before_the_start(service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None)).table
    snapshot = await service.join(table.id, BIA, SOUTH)
    assert snapshot.table.seat_of(BIA) is SOUTH
    with pytest.raises(Refusal, match="is taken"):
        await service.join(table.id, CAIO, SOUTH)
    with pytest.raises(Refusal, match="players are needed"):
        await service.start(table.id, ANA)
    await service.leave(table.id, BIA)
    with pytest.raises(Refusal, match="not seated"):
        await service.leave(table.id, BIA)
    for user in (BIA, CAIO, DAVI):
        await service.join(table.id, user)
    with pytest.raises(Refusal, match="Every seat is taken"):
        await service.join(table.id, 99)
    with pytest.raises(Refusal, match="Only a seated player"):
        await service.start(table.id, 99)
    started = await service.start(table.id, ANA)
    assert started.observation is not None and started.observation.phase is Phase.AUCTION
    with pytest.raises(Refusal, match="seats can't change"):
        await service.leave(table.id, BIA)


async def test_refusals_change_nothing(service: TableService) -> None:
    table_id = await full_table(service)
    panel = await panel_to_act(service, table_id)
    before = await service.snapshot(table_id)
    other = next(u for s, u in SEATED.items() if s != panel.seat)
    cases = [
        (99, panel.count, "pass", "not seated"),
        (other, panel.count, "pass", "turn"),
        (panel.user_id, panel.count, "bid:29", "not allowed|Bid more"),
        (panel.user_id, panel.count, "play:6-6", "can't be done"),
        (panel.user_id, panel.count + 1, "pass", "out of date"),
        (panel.user_id, panel.count, "nonsense", "not one of"),
    ]
    for user, count, text, words in cases:
        assert user is not None
        with pytest.raises(Refusal, match=words):
            await service.act(table_id, user, 1, count, text)
    after = await service.snapshot(table_id)
    assert (after.count, after.observation) == (before.count, before.observation)


async def test_a_refusal_in_play_shows_the_current_panel(service: TableService) -> None:
    table_id = await full_table(service)
    while (await service.snapshot(table_id)).observation.phase is not Phase.PLAY:  # type: ignore[union-attr]
        await step(service, table_id)
    await step(service, table_id)  # the lead
    panel = await panel_to_act(service, table_id)
    legal = set(panel.observation.legal)
    illegal = [t for t in panel.observation.hand if Play(t) not in legal]
    if not illegal:
        pytest.skip("this seed gives the follower no illegal tile")
    with pytest.raises(Refusal, match="You must follow") as caught:
        await service.act(table_id, SEATED[panel.seat], panel.observation.hand_number,
                          panel.count, str(Play(illegal[0])))
    assert caught.value.panel is not None and caught.value.panel.seat == panel.seat


async def test_a_double_click_is_accepted_once(service: TableService) -> None:
    table_id = await full_table(service)
    panel = await panel_to_act(service, table_id)
    user = SEATED[panel.seat]
    first = service.act(table_id, user, 1, panel.count, "bid:30")
    second = service.act(table_id, user, 1, panel.count, "bid:30")
    results = await asyncio.gather(first, second, return_exceptions=True)
    assert sum(isinstance(r, Accepted) for r in results) == 1
    refused = next(r for r in results if isinstance(r, Refusal))
    assert "out of date" in refused.msgid and refused.panel is not None
    assert [str(a.text) for a in await service.storage.actions(table_id)] == ["bid:30"]


async def test_two_players_clicking_at_once(service: TableService) -> None:
    table_id = await full_table(service)
    panel = await panel_to_act(service, table_id)
    clicks = [service.act(table_id, user, 1, panel.count, "pass") for user in SEATED.values()]
    results = await asyncio.gather(*clicks, return_exceptions=True)
    accepted = [r for r in results if isinstance(r, Accepted)]
    assert len(accepted) == 1 and accepted[0].seat == panel.seat
    assert len(await service.storage.actions(table_id)) == 1


async def test_all_pass_redeals_with_the_next_dealer(service: TableService) -> None:
    table_id = await full_table(service)
    first = (await service.snapshot(table_id)).observation
    assert first is not None
    for _ in range(4):
        panel = await panel_to_act(service, table_id)
        accepted = await service.act(table_id, SEATED[panel.seat], 1, panel.count, "pass")
    assert accepted.hand_ended
    summary = accepted.snapshot.last_hand
    assert summary is not None and summary.result.redeal and summary.hand_number == 1
    second = accepted.snapshot.observation
    assert second is not None
    assert (second.hand_number, second.dealer) == (2, FOUR_SEATS.next_of[first.dealer])
    with pytest.raises(Refusal, match="earlier hand") as caught:
        await service.act(table_id, SEATED[second.to_act], 1, 4, "pass")  # type: ignore[index]
    assert caught.value.panel is not None


async def test_a_whole_game_updates_the_leaderboard_once(service: TableService) -> None:
    table_id = await full_table(service)
    accepted = await step(service, table_id)
    while accepted.snapshot.table.status is Status.PLAYING:
        accepted = await step(service, table_id)
    observation = accepted.snapshot.observation
    assert observation is not None and observation.winner is not None
    winner: Team = observation.winner
    board = await service.leaderboard(GUILD)
    assert {s.user_id for s in board} == set(SEATED.values())
    for standing in board:
        seat = next(s for s, u in SEATED.items() if u == standing.user_id)
        assert standing.games_played == 1
        assert standing.games_won == (FOUR_SEATS.side_of[seat] == winner)
        assert standing.marks_won == observation.marks[FOUR_SEATS.side_of[seat]]
    assert sum(s.contracts_bid for s in board) >= 4  # 2 marks a hand, 7 to win
    for seat, user in SEATED.items():  # each member's statistics, partner included
        stats = await service.member_stats(GUILD, user)
        line = stats.standings[GameKind.MARKS]
        assert (line.games_played, line.games_won) == (1, int(FOUR_SEATS.side_of[seat] == winner))
        won = int(FOUR_SEATS.side_of[seat] == winner)
        assert stats.partner == Partner(SEATED[FOUR_SEATS.partner(seat)], 1, won)
    assert (await service.member_stats(GUILD, 99)).standings == {}
    with pytest.raises(Refusal, match="game is over"):
        await service.act(table_id, ANA, observation.hand_number, accepted.snapshot.count, "pass")
    # A rematch once every seated member agreed, one press each.
    first = await service.rematch(table_id, BIA)
    assert not first.started and set(first.waiting) == {ANA, CAIO, DAVI}
    with pytest.raises(Refusal, match="already agreed"):
        await service.rematch(table_id, BIA)
    assert not (await service.rematch(table_id, ANA)).started
    assert not (await service.rematch(table_id, CAIO)).started
    rematch = (await service.rematch(table_id, DAVI)).snapshot
    assert rematch.table.id != table_id and rematch.table.seats == accepted.snapshot.table.seats
    with pytest.raises(Refusal, match="already has a table"):
        await service.rematch(table_id, BIA)


async def test_a_lobby_has_no_panel_even_once_closed(service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None)).table
    with pytest.raises(Refusal, match="not started"):
        await service.panel(table.id, ANA)
    await service.end(table.id, ANA, moderator=False)
    with pytest.raises(Refusal, match="not started"):
        await service.panel(table.id, ANA)


async def test_an_unfinished_game_adds_nothing(service: TableService) -> None:
    table_id = await full_table(service)
    await step(service, table_id)
    with pytest.raises(Refusal, match="Only the table's creator"):
        await service.end(table_id, BIA, moderator=False)
    ended = await service.end(table_id, BIA, moderator=True)
    assert ended.table.status is Status.CLOSED
    assert await service.leaderboard(GUILD) == []
    with pytest.raises(Refusal, match="closed"):
        await service.act(table_id, ANA, 1, 1, "pass")


async def test_a_restart_resumes_mid_trick(database: Path | str) -> None:
    path = database
    storage = await open_storage(path)
    service = TableService(storage, new_seed=lambda: "resume-seed")
    table_id = await full_table(service)
    while True:
        accepted = await step(service, table_id)
        observation = accepted.snapshot.observation
        assert observation is not None
        if observation.phase is Phase.PLAY and len(observation.trick) == 2:
            break
    panel = await panel_to_act(service, table_id)
    await storage.close()

    reopened = await open_storage(path)
    try:
        again = TableService(reopened)
        resumed = await panel_to_act(again, table_id)
        assert resumed == panel
        # the panel drawn before the restart still acts
        await again.act(table_id, SEATED[panel.seat], panel.observation.hand_number,
                        panel.count, str(panel.observation.legal[0]))
    finally:
        await reopened.close()


async def test_events_never_link_a_captured_tile_to_its_player(service: TableService) -> None:
    table_id = await full_table(service)
    accepted = await step(service, table_id)
    taken = 0
    while accepted.snapshot.table.status is Status.PLAYING and taken < 6:
        accepted = await step(service, table_id)
        event = accepted.snapshot.last_action
        assert event is not None
        if event.trick is not None:
            taken += 1
            trick = event.trick.tiles
            assert isinstance(event.action, Play) and event.action.tile in trick
            assert list(trick) == sorted(trick, key=lambda t: (t.high, t.low), reverse=True)
        elif isinstance(event.action, Play):
            observation = accepted.snapshot.observation
            assert observation is not None and observation.trick[-1][1] == event.action.tile


async def test_computer_players_in_the_lobby(service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None)).table
    with pytest.raises(Refusal, match="Only a seated player or the table's creator"):
        await service.add_computer(table.id, 99, EAST)
    added = await service.add_computer(table.id, ANA, EAST)
    assert added.table.computer_seats == (EAST,)
    with pytest.raises(Refusal, match="is taken"):
        await service.join(table.id, BIA, EAST)
    with pytest.raises(Refusal, match="is taken"):
        await service.add_computer(table.id, ANA, NORTH)
    await service.add_computer(table.id, ANA)  # the first free seat: South
    await service.join(table.id, BIA)  # West
    with pytest.raises(Refusal, match="No computer player sits"):
        await service.remove_computer(table.id, ANA, WEST)
    removed = await service.remove_computer(table.id, BIA, SOUTH)
    assert removed.table.computer_seats == (EAST,)
    await service.add_computer(table.id, BIA, SOUTH)
    started = await service.start(table.id, BIA)
    assert started.table.status is Status.PLAYING
    # Each refusal once the game is on says what it is about.
    with pytest.raises(Refusal, match="keep their seats until it ends"):
        await service.remove_computer(table.id, ANA, EAST)
    with pytest.raises(Refusal, match="only stand in for a player who is away"):
        await service.add_computer(table.id, ANA, EAST)
    with pytest.raises(Refusal, match="already started"):
        await service.start(table.id, ANA)
    with pytest.raises(Refusal, match="seats can't change"):
        await service.join(table.id, 99, EAST)


async def test_a_table_of_computers_is_its_creators_to_start(service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None, Fill.ALL)).table
    assert table.computer_seats == SEATS and table.seat_of(ANA) is None
    assert table.status is Status.LOBBY  # started by whoever posts its message
    with pytest.raises(Refusal, match="Only a seated player"):
        await service.start(table.id, BIA)
    started = await service.start(table.id, ANA)
    assert started.observation is not None
    with pytest.raises(Refusal, match="not seated"):
        await service.panel(table.id, ANA)


async def test_a_restart_rebuilds_every_open_game_at_once(database: Path | str) -> None:
    """Preloaded games are the games as stored, taken from memory afterwards; a game that
    can't be replayed is left for its first use to say why."""
    storage = await open_storage(database)
    try:
        service = TableService(storage, new_seed=lambda: "preload-seed")
        table_id = await full_table(service)
        for _ in range(5):
            await step(service, table_id)
        lobby = (await service.open_table(GUILD, CHANNEL + 1, BIA, None)).table.id
        broken = await full_table(service, CHANNEL + 2)
        await step(service, broken)
        panel = await panel_to_act(service, table_id)
        await storage.append_action(broken, StoredAction(1, 1, NORTH, "bid:99"))
        fresh = TableService(storage)
        await fresh.preload(await fresh.active_tables())
        assert set(fresh._live) == {table_id, lobby}
        read = storage.actions

        async def no_reads(table: int) -> list[StoredAction]:
            raise AssertionError(f"table {table} read again")

        storage.actions = no_reads  # type: ignore[method-assign]
        assert await panel_to_act(fresh, table_id) == panel
        storage.actions = read  # type: ignore[method-assign]
        with pytest.raises(Unrestorable):
            await fresh.snapshot(broken)
    finally:
        await storage.close()


async def test_a_game_under_rules_this_engine_lacks_is_kept_not_replayed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A stored game played under another rules version is never replayed under today's rules:
    its players are told, the log names the table and why (once), and other tables go on."""
    db = tmp_path / "texas42.sqlite3"
    storage = await open_storage(db)
    try:
        service = TableService(storage, new_seed=lambda: "seed")
        old = await full_table(service)
        await step(service, old)
        other = (await service.open_table(GUILD, CHANNEL + 1, BIA, None)).table.id
    finally:
        await storage.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET rules_version = 999 WHERE id = ?", (old,))
    storage = await open_storage(db)
    try:
        fresh = TableService(storage)
        for _ in range(2):
            with pytest.raises(Unrestorable, match="rules this version of the bot does not have"):
                await fresh.panel(old, ANA)
        with pytest.raises(Unrestorable):
            await fresh.act(old, ANA, 1, 1, "pass")
        logged = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert logged == [f"table {old} (server {GUILD}, channel {CHANNEL}) is not resumed: it "
                          f"was played under rules version 999 and this engine replays "
                          f"versions {sorted(SUPPORTED_RULES_VERSIONS)}"]
        assert len(await storage.actions(old)) == 1  # kept as it was
        await fresh.join(other, CAIO)  # the other table goes on
        closed = await fresh.end(old, ANA, moderator=False)  # and this one can be closed
        assert closed.table.status is Status.CLOSED
    finally:
        await storage.close()


async def test_a_panel_says_its_seats_last_move_even_after_a_restart(
        database: Path | str) -> None:
    """An action committed just before a crash is never confirmed to its player: the panel they
    open next says what it was."""
    db = database
    storage = await open_storage(db)
    try:
        service = TableService(storage, new_seed=lambda: "seed")
        table_id = await full_table(service)
        accepted = await step(service, table_id)
        mover = accepted.seat
        assert accepted.panel.last_move is not None
        assert str(accepted.panel.last_move.action) == "bid:2m"
        others = [await service.panel(table_id, SEATED[s]) for s in SEATS if s != mover]
        assert all(p.last_move is None for p in others)
        assert sorted(accepted.redraw) == sorted(SEATED[s] for s in SEATS if s != mover)
    finally:
        await storage.close()
    storage = await open_storage(db)
    try:
        panel = await TableService(storage).panel(table_id, SEATED[mover])
        assert panel.last_move is not None
        assert (panel.last_move.hand_number, str(panel.last_move.action)) == (1, "bid:2m")
    finally:
        await storage.close()


async def test_a_table_of_another_game(service: TableService, storage: Storage) -> None:
    """A variant's table: its seat count, no house rules, its game started and rebuilt after
    a restart, a tampered seat refused, and a game each for oneself credited to its winner
    alone (V-GEN-SEATS)."""
    from engine.options import Options
    from engine.variants import MOON, ONE_FORTY
    table = (await service.open_table(GUILD, CHANNEL, ANA, None, Fill.NONE,
                                      Options(nello=True), variant=ONE_FORTY)).table
    assert len(table.seats) == 6 and table.variant is ONE_FORTY
    assert table.options == Options()  # house rules are 42's only
    with pytest.raises(Refusal, match="42 only"):
        await service.set_options(table.id, ANA, ["nello"])
    with pytest.raises(Refusal, match="no such seat"):
        await service.join(table.id, BIA, Seat(7))
    for user in range(2, 7):
        await service.join(table.id, user)
    with pytest.raises(Refusal, match="Every seat is taken"):
        await service.join(table.id, 99)
    snapshot = await service.start(table.id, ANA)
    assert snapshot.observation is not None and snapshot.observation.variant is ONE_FORTY
    await service.end(table.id, ANA, moderator=False)

    moon = (await service.open_table(GUILD, CHANNEL, ANA, None, Fill.OTHERS,
                                     variant=MOON)).table
    await service.start(moon.id, ANA)
    while (snap := await service.snapshot(moon.id)).table.status is Status.PLAYING:
        assert snap.observation is not None
        if snap.observation.to_act == NORTH:
            panel = await service.panel(moon.id, ANA)
            await service.act(moon.id, ANA, panel.observation.hand_number, panel.count,
                              str(panel.observation.legal[-1]))  # the highest bid: no redeals
        else:
            turn = await service.computer_turn(moon.id)
            assert turn is not None
            await service.act_as_computer(turn, str(turn.observation.legal[0]))
    assert snap.observation is not None and snap.observation.winner is not None
    standings = await service.leaderboard(GUILD, game=GameKind.MOON)
    assert [(s.user_id, s.games_played) for s in standings] == [(ANA, 1)]
    won = snap.observation.winner == Team(0)
    assert standings[0].games_won == int(won)
    [computers] = await service.computer_standings(GUILD, GameKind.MOON)
    assert computers.seats_played == 2
    assert computers.seats_won == int(not won)  # one winner: a player, not a side of two
    assert await service.leaderboard(GUILD) == []  # 42's board is apart

    reopened = TableService(storage)
    again = await reopened.snapshot(moon.id)
    assert again.table.variant is MOON and again.observation == snap.observation
