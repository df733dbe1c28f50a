"""Several writers of one table: two services (two processes of the bot) on one database.

Each action of a table is applied exactly once whichever service receives it: a click from a
panel the other service drew is accepted once the stale one notices the stored game moved on,
the same click delivered to both is applied by one and refused by the other, and two drivers
of the same computer players never make one move twice. Run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.autoplay import Autoplay
from bot.records import Status
from bot.service import Accepted, Fill, Panel, Refusal, TableService
from bot.storage import open_storage
from engine import Game, Observation, Seat, parse_action
from tests.bot.test_autoplay import InlineThinker, open_started, stored
from tests.bot.test_service import GUILD, SEATED, choose, full_table, panel_to_act


@pytest.fixture
async def services(database: Path | str) -> AsyncIterator[tuple[TableService, TableService]]:
    first, second = await open_storage(database), await open_storage(database)
    counter = itertools.count()
    try:
        yield (TableService(first, new_seed=lambda: f"writers-{next(counter)}"),
               TableService(second, new_seed=lambda: f"writers-{next(counter)}"))
    finally:
        await first.close()
        await second.close()


async def click(service: TableService, table_id: int, panel: Panel, text: str) -> Accepted:
    assert panel.user_id is not None
    return await service.act(table_id, panel.user_id, panel.observation.hand_number,
                             panel.count, text)


class UnevenThinker(InlineThinker):
    """Takes a different while for each decision, so that two drivers overtake each other."""

    def __init__(self, delays: tuple[float, ...]) -> None:
        super().__init__()
        self.delays = itertools.cycle(delays)

    async def decide(self, observation: Observation, seed: str) -> str:
        await asyncio.sleep(next(self.delays))
        return await super().decide(observation, seed)


def replayed(table_seed: str, actions: list[tuple[Seat, str]]) -> Game:
    return Game.replay(table_seed, [(seat, parse_action(text)) for seat, text in actions])


async def test_a_panel_drawn_by_the_other_process_is_accepted(
        services: tuple[TableService, TableService]) -> None:
    """Each click reaches the service that did not draw its panel, whose cached game is one
    action behind: it is accepted there, from the stored game."""
    one, other = services
    table_id = await full_table(one)
    panel = await panel_to_act(other, table_id)  # both services have the game cached
    for _ in range(8):
        accepted = await click(one, table_id, panel, choose(panel))
        to_act = accepted.snapshot.observation.to_act  # type: ignore[union-attr]
        assert to_act is not None
        panel = await one.panel(table_id, SEATED[to_act])  # drawn where the action applied
        one, other = other, one
    actions = await stored(one, table_id)
    assert len(actions) == 8
    table = (await one.snapshot(table_id)).table
    assert table.seed is not None
    game = replayed(table.seed, actions)
    for service in services:  # both show the game as stored
        snapshot = await service.snapshot(table_id)
        assert snapshot.count == 8 and snapshot.observation == (await other.snapshot(
            table_id)).observation
        assert (await panel_to_act(service, table_id)).seat == game.to_act


async def test_one_click_delivered_to_both_is_applied_once(
        services: tuple[TableService, TableService]) -> None:
    one, other = services
    table_id = await full_table(one)
    await panel_to_act(other, table_id)
    for _ in range(8):
        panel = await panel_to_act(one, table_id)
        text = choose(panel)
        results = await asyncio.gather(click(one, table_id, panel, text),
                                       click(other, table_id, panel, text),
                                       return_exceptions=True)
        assert sum(isinstance(r, Accepted) for r in results) == 1, results
        refused = [r for r in results if isinstance(r, Refusal)]
        assert len(refused) == 1 and "out of date" in refused[0].msgid, results
    assert len(await stored(one, table_id)) == 8


async def test_a_typed_action_lost_in_a_race_is_tried_again_on_the_stored_game(
        services: tuple[TableService, TableService]) -> None:
    """A typed pass (no panel count) reaches a stale service after the other one already
    applied the same seat's pass: it is tried again on the stored game, where it is no longer
    that seat's turn, and refused; nothing is applied twice."""
    one, other = services
    table_id = await full_table(one)
    panel = await panel_to_act(other, table_id)
    user = SEATED[panel.seat]
    await one.act_now(table_id, user, "pass")
    with pytest.raises(Refusal, match="turn"):
        await other.act_now(table_id, user, "pass")
    assert len(await stored(one, table_id)) == 1
    # and the stale service now plays on from the stored game
    following = await panel_to_act(other, table_id)
    assert following.count == 1
    await other.act_now(table_id, SEATED[following.seat], "pass")
    assert [seat for seat, _ in await stored(one, table_id)] == [panel.seat, following.seat]


async def test_two_drivers_of_the_same_computer_players_never_move_twice(
        services: tuple[TableService, TableService]) -> None:
    """Both processes hold the table's shard for a moment (a rolling deploy): both drive its
    computer players, and every move is made once, in the order the game allows."""
    one, other = services
    table_id = await open_started(one, Fill.ALL)
    drivers = [Autoplay(one, UnevenThinker((0.0, 0.004, 0.001)), pause=0),
               Autoplay(other, UnevenThinker((0.002, 0.0, 0.003)), pause=0)]
    moves: list[list[Accepted]] = [[], []]
    for driver, made in zip(drivers, moves, strict=True):
        driver.listen(made.append)
        driver.poke(table_id)
    try:
        # Until both drivers have won a move (the race was run), past 40 actions; a game
        # ends, and its table with it, well before 200.
        while (played := len(await stored(one, table_id))) < 40 or (
                not all(moves) and played < 200 and (await one.snapshot(table_id)).table.status
                is Status.PLAYING):
            await asyncio.sleep(0.01)
            for driver in drivers:  # as each process hears of every change of the table
                driver.poke(table_id)
    finally:
        for driver in drivers:
            await driver.close()
    actions = await stored(one, table_id)
    counts = sorted(a.snapshot.count for made in moves for a in made)
    assert counts == sorted(set(counts)), "a move was applied by both drivers"
    assert set(counts) <= set(range(1, len(actions) + 1))
    table = (await one.snapshot(table_id)).table
    assert table.seed is not None and table.guild_id == GUILD
    replayed(table.seed, actions)  # every stored action was legal where it stands
    assert all(moves), "both drivers moved: the race was run"
