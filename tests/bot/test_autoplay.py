"""Computer players at the table: they take their own turns (and an away member's, once the
others agreed), never a member's; they stop when the game ends; they think without holding the
table's lock; a restart makes the same decision again; the process pool decides exactly as the
policy does."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.autoplay import Autoplay
from bot.records import Level, Status
from bot.service import Fill, Refusal, TableService, computer_seed
from bot.storage import Storage, open_storage
from bot.thinking import BACKLOG_PER_WORKER, PoolThinker, decide_here
from engine import SEATS, Call, Game, Observation, Pass, Seat, observe, parse_action
from engine.players import Policy, load_policy
from engine.players.hints import Hint, hint
from engine.players.reasons import Explained, explained
from engine.seats import FOUR_SEATS
from tests.common import (
    ANA,
    BIA,
    CAIO,
    CHANNEL,
    DAVI,
    EAST,
    GUILD,
    NORTH,
    RULES_POLICY,
    SOUTH,
    WEST,
)

rules = load_policy(RULES_POLICY)


class InlineThinker:
    """Decides in the test's process, as a worker would; counts its decisions."""

    def __init__(self, policy: Policy = rules) -> None:
        self.policy = policy
        self.decisions = 0
        self.closed = False

    async def decide(self, observation: Observation, seed: str) -> str:
        await asyncio.sleep(0)
        self.decisions += 1
        return decide_here(self.policy, observation, seed)

    async def hint(self, observation: Observation) -> Hint:
        return hint(observation)

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained:
        return explained(observation, seed, hands)

    async def close(self) -> None:
        self.closed = True


class HeldThinker(InlineThinker):
    """Thinks until the test lets it answer."""

    def __init__(self) -> None:
        super().__init__()
        self.thinking = asyncio.Event()
        self.answer = asyncio.Event()

    async def decide(self, observation: Observation, seed: str) -> str:
        self.thinking.set()
        await self.answer.wait()
        return await super().decide(observation, seed)


class BrokenThinker(InlineThinker):
    def __init__(self, answer: str | None) -> None:
        super().__init__()
        self.answer = answer

    async def decide(self, observation: Observation, seed: str) -> str:
        if self.answer is None:
            raise RuntimeError("the worker died")
        return self.answer


def new_service(storage: Storage) -> TableService:
    counter = itertools.count()
    return TableService(storage, new_seed=lambda: f"autoplay-{next(counter)}")


@pytest.fixture
async def service(storage: Storage) -> TableService:
    return new_service(storage)


@pytest.fixture
async def autoplay(service: TableService) -> AsyncIterator[Autoplay]:
    driver = Autoplay(service, InlineThinker(), pause=0)
    try:
        yield driver
    finally:
        await driver.close()


async def open_started(service: TableService, fill: Fill, *members: int) -> int:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None, fill)).table
    for user in members:
        await service.join(table.id, user)
    for seat in SEATS:
        if (await service.snapshot(table.id)).table.player(seat) is None:
            await service.add_computer(table.id, ANA, seat)
    await service.start(table.id, ANA)
    return table.id


def replay(seed: str, actions: list[tuple[Seat, str]]) -> list[Game]:
    """The game before each action."""
    games = [Game.new(seed)]
    for seat, text in actions:
        games.append(games[-1].apply(seat, parse_action(text)))
    return games


async def stored(service: TableService, table_id: int) -> list[tuple[Seat, str]]:
    return [(a.seat, a.text) for a in await service.storage.actions(table_id)]


async def play_member(service: TableService, table_id: int, user_id: int) -> None:
    panel = await service.panel(table_id, user_id)
    text = decide_here(rules, panel.observation, "member")
    await service.act(table_id, user_id, panel.observation.hand_number, panel.count, text)


async def test_computers_play_their_seats_and_never_a_members(service: TableService,
                                                              autoplay: Autoplay) -> None:
    table_id = await open_started(service, Fill.OTHERS)
    members_moves = 0
    while True:
        await autoplay.idle()
        snapshot = await service.snapshot(table_id)
        observation = snapshot.observation
        assert observation is not None
        if observation.winner is not None:
            break
        assert observation.to_act is NORTH  # the computers wait for nobody but ana
        await play_member(service, table_id, ANA)
        members_moves += 1
    actions = await stored(service, table_id)
    assert members_moves == sum(1 for seat, _ in actions if seat is NORTH) > 0
    assert snapshot.table.status is Status.FINISHED
    # Nothing moves after the end, however often the table is looked at.
    autoplay.poke(table_id)
    await autoplay.idle()
    assert len(await stored(service, table_id)) == len(actions)
    # Every computer move is the policy's decision from that seat's observation and its seed.
    games = replay("autoplay-0", actions)
    for n, (seat, text) in enumerate(actions):
        if seat is not NORTH:
            assert text == decide_here(rules, observe(games[n], seat),
                                       computer_seed("autoplay-0", n))
    # The leaderboard: ana's line, and three seats on the computer players' line.
    winner = observation.winner
    board = await service.leaderboard(GUILD)
    assert [(s.user_id, s.games_played, s.games_won) for s in board] == [
        (ANA, 1, int(winner == FOUR_SEATS.side_of[NORTH]))]
    [computers] = await service.computer_standings(GUILD)
    assert computers.level is Level.STRONG and computers.seats_played == 3
    assert computers.seats_won == (1 if winner == FOUR_SEATS.side_of[NORTH] else 2)


async def test_one_pending_move_per_table_and_the_lock_is_free_meanwhile(
        service: TableService) -> None:
    thinker = HeldThinker()
    driver = Autoplay(service, thinker, pause=0)
    try:
        table_id = await open_started(service, Fill.ALL)
        await asyncio.wait_for(thinker.thinking.wait(), 5)
        for _ in range(5):
            driver.poke(table_id)
        assert driver.busy == 1
        started = time.perf_counter()
        snapshot = await service.snapshot(table_id)  # answered while the computer thinks
        assert time.perf_counter() - started < 0.5 and snapshot.count == 0
        # The game moves on meanwhile (here: it is closed): the decision is dropped.
        await service.end(table_id, ANA, moderator=False)
        thinker.answer.set()
        await driver.idle()
        assert thinker.decisions == 1
        assert await stored(service, table_id) == []
    finally:
        await driver.close()
    assert thinker.closed


async def test_a_restart_resumes_the_computer_turn(database: Path | str) -> None:
    path = database
    storage = await open_storage(path)
    service = new_service(storage)
    driver = Autoplay(service, InlineThinker(), pause=0)
    table_id = await open_started(service, Fill.ALL)
    while len(await stored(service, table_id)) < 5:
        await asyncio.sleep(0.005)
    await driver.close()  # mid-game: the move being made is dropped
    before = len(await stored(service, table_id))
    assert before > 0
    await storage.close()

    storage = await open_storage(path)
    try:
        service = TableService(storage)
        thinker = InlineThinker()
        driver = Autoplay(service, thinker, pause=0)
        assert await driver.resume() == 1
        await driver.idle()
        actions = await stored(service, table_id)
        assert (await service.snapshot(table_id)).table.status is Status.FINISHED
        assert len(actions) > before and thinker.decisions == len(actions) - before
        games = replay("autoplay-0", actions)
        for n, (seat, text) in enumerate(actions):  # the same decisions across the restart
            assert text == decide_here(rules, observe(games[n], seat),
                                       computer_seed("autoplay-0", n))
        await driver.close()
    finally:
        await storage.close()


async def test_a_restart_is_caught_up_once_each_game_has_had_its_first_look(
        service: TableService) -> None:
    """Computer players at one table, members at another: caught up once the computer
    player's first move is stored (and the members' table was looked at), not before."""
    computers = await open_started(service, Fill.ALL)
    members = (await service.open_table(GUILD, CHANNEL + 1, ANA, None)).table.id
    for user in (BIA, CAIO, DAVI):
        await service.join(members, user)
    await service.start(members, ANA)
    thinker = HeldThinker()
    driver = Autoplay(service, thinker, pause=0)
    try:
        assert await driver.resume(await service.active_tables()) == 2
        caught_up = asyncio.create_task(driver.caught_up())
        await thinker.thinking.wait()
        await asyncio.sleep(0.01)
        assert not caught_up.done() and await stored(service, computers) == []
        thinker.answer.set()
        await asyncio.wait_for(caught_up, 5)
        assert len(await stored(service, computers)) >= 1 and await stored(service, members) == []
    finally:
        await driver.close()


class OrderedThinker(InlineThinker):
    """Notes which table each decision is for (by its seed), the slow table's slowly."""

    def __init__(self, slow: str) -> None:
        super().__init__()
        self.slow = slow
        self.order: list[str] = []

    async def decide(self, observation: Observation, seed: str) -> str:
        table_seed = seed.split(":")[0]
        if table_seed == self.slow:
            await asyncio.sleep(0.2)
        self.order.append(table_seed)
        return await super().decide(observation, seed)


async def test_after_a_restart_every_table_moves_once_before_any_moves_twice(
        storage: Storage) -> None:
    """The table whose first move is quick waits for the slow one's first move before its
    second: the tables that moved first can't keep the thinking busy for the others."""
    seeds = iter(["quick", "slow"])
    service = TableService(storage, new_seed=lambda: next(seeds))
    quick = await open_started(service, Fill.ALL)
    slow = await open_started_elsewhere(service)
    thinker = OrderedThinker("slow")
    driver = Autoplay(service, thinker, pause=0)
    try:
        assert await driver.resume(await service.active_tables()) == 2
        await asyncio.wait_for(driver.caught_up(), 5)
        await asyncio.sleep(0.05)
        assert thinker.order[:2] == ["quick", "slow"], thinker.order[:5]
        assert len(await stored(service, quick)) > 1 and await stored(service, slow)
    finally:
        await driver.close()


async def open_started_elsewhere(service: TableService) -> int:
    table = (await service.open_table(GUILD, CHANNEL + 1, ANA, None, Fill.ALL)).table
    await service.start(table.id, ANA)
    return table.id


async def test_an_away_member_is_played_for_once_all_others_agree(
        service: TableService, autoplay: Autoplay) -> None:
    table_id = await open_started(service, Fill.NONE, BIA, CAIO)  # West is a computer
    with pytest.raises(Refusal, match="just play"):
        await service.vote_away(table_id, ANA, NORTH)
    with pytest.raises(Refusal) as caught:
        await service.vote_away(table_id, BIA, WEST)
    assert caught.value.text(None) == "A computer player already plays West."
    with pytest.raises(Refusal, match="Only the players"):
        await service.vote_away(table_id, 99, NORTH)
    first = await service.vote_away(table_id, BIA, NORTH)
    assert not first.handed_over and first.waiting == (CAIO,)
    with pytest.raises(Refusal, match="already agreed"):
        await service.vote_away(table_id, BIA, NORTH)
    with pytest.raises(Refusal) as caught:
        await service.take_back(table_id, BIA, NORTH)
    assert caught.value.text(None) == "Only <@1> can take North back."
    second = await service.vote_away(table_id, CAIO, NORTH)
    assert second.handed_over and second.snapshot.table.stand_ins == {NORTH}
    assert second.snapshot.table.away_votes == ()

    # Now only bia and caio are waited for; ana's seat is played for her.
    users = {EAST: BIA, SOUTH: CAIO}
    while True:
        await autoplay.idle()
        observation = (await service.snapshot(table_id)).observation
        assert observation is not None and observation.to_act in users
        if any(seat is NORTH for seat, _ in await stored(service, table_id)):
            break
        await play_member(service, table_id, users[observation.to_act])
    with pytest.raises(Refusal, match="press I'm back"):
        panel = await service.panel(table_id, ANA)
        await service.act(table_id, ANA, panel.observation.hand_number, panel.count, "pass")

    # One click and the seat is hers again: nothing is played for her any more.
    panel = await service.take_back(table_id, ANA, NORTH)
    assert panel.seat is NORTH and panel.table.stand_ins == frozenset()
    with pytest.raises(Refusal, match="No computer player"):
        await service.take_back(table_id, ANA)
    users[NORTH] = ANA
    while True:
        await autoplay.idle()
        observation = (await service.snapshot(table_id)).observation
        assert observation is not None and observation.to_act is not WEST
        if observation.to_act is NORTH:
            break
        await play_member(service, table_id, users[observation.to_act])  # type: ignore[index]
    count = len(await stored(service, table_id))
    autoplay.poke(table_id)
    await autoplay.idle()
    assert len(await stored(service, table_id)) == count


async def test_votes_and_stand_ins_survive_a_restart(database: Path | str) -> None:
    path = database
    storage = await open_storage(path)
    service = new_service(storage)
    table_id = await open_started(service, Fill.NONE, BIA, CAIO)
    await service.vote_away(table_id, BIA, NORTH)
    await service.vote_away(table_id, CAIO, NORTH)
    await service.vote_away(table_id, ANA, EAST)
    await storage.close()
    storage = await open_storage(path)
    try:
        table = (await TableService(storage).snapshot(table_id)).table
        assert table.stand_ins == {NORTH} and table.voters(EAST) == {ANA}
    finally:
        await storage.close()


async def test_the_pause_comes_before_each_move(service: TableService) -> None:
    driver = Autoplay(service, InlineThinker(), pause=0.15)
    try:
        table_id = await open_started(service, Fill.ALL)
        started = time.perf_counter()
        while len(await stored(service, table_id)) < 2:
            await asyncio.sleep(0.01)
        assert time.perf_counter() - started >= 0.3
    finally:
        await driver.close()


@pytest.mark.parametrize("answer", [None, "play:6-6"])
async def test_a_failing_policy_falls_back_rather_than_stalling(service: TableService,
                                                                answer: str | None) -> None:
    """The worker dies, or the policy names an illegal action: the move is made anyway."""
    driver = Autoplay(service, BrokenThinker(answer), pause=0)
    try:
        table_id = await open_started(service, Fill.ALL)
        while len(await stored(service, table_id)) < 3:
            await asyncio.sleep(0.01)
        actions = await stored(service, table_id)
        games = replay("autoplay-0", actions)
        assert [text for _, text in actions[:3]] == [
            decide_here(rules, observe(games[n], seat), computer_seed("autoplay-0", n))
            for n, (seat, _) in enumerate(actions[:3])]
    finally:
        await driver.close()


@pytest.mark.parametrize("policy", [RULES_POLICY, "engine.players.strong:decide"])
async def test_the_pool_decides_as_the_policy_does(policy: str) -> None:
    """Only the observation and the seed cross to the worker, and they are enough."""
    thinker = PoolThinker(policy, workers=1)
    direct = load_policy(policy)
    rng = random.Random(7)
    game = Game.new("pool")
    try:
        await thinker.start()
        for n in range(60):
            if game.winner is not None:
                break
            seat = game.to_act
            assert seat is not None
            observation = observe(game, seat)
            if n % 6 == 0:
                seed = computer_seed("pool", n)
                assert await thinker.decide(observation, seed) == decide_here(
                    direct, observation, seed)
            game = game.apply(seat, rng.choice(game.legal_actions()))
    finally:
        await thinker.close()


async def test_a_pool_behind_with_its_thinking_asks_for_quick_decisions() -> None:
    """More than BACKLOG_PER_WORKER decisions waiting per worker: the next are asked with
    ``quick=True``; once the queue drains, decisions think in full again. A policy that cannot
    hurry is never asked to."""
    game = Game.new("backlog")
    observation = observe(game, game.to_act)
    first, last = str(observation.legal[0]), str(observation.legal[-1])
    thinker = PoolThinker("tests.bot.hurried:first_or_last", workers=1)
    rules_pool = PoolThinker(RULES_POLICY, workers=1)
    try:
        await thinker.start()
        burst = await asyncio.gather(*(thinker.decide(observation, f"s{n}") for n in range(30)))
        assert burst == [first] * BACKLOG_PER_WORKER + [last] * (30 - BACKLOG_PER_WORKER)
        assert thinker.quick_decisions == 30 - BACKLOG_PER_WORKER
        assert await thinker.decide(observation, "after") == first
        expected = decide_here(load_policy(RULES_POLICY), observation, "s")
        assert await asyncio.gather(*(rules_pool.decide(observation, "s")
                                      for _ in range(30))) == [expected] * 30
    finally:
        await thinker.close()
        await rules_pool.close()


async def test_a_new_hand_waits_longer_before_its_first_call(service: TableService) -> None:
    """So the table can read how the last hand ended before computer players bid on."""
    driver = Autoplay(service, InlineThinker(), pause=1.0)
    try:
        table_id = await open_started(service, Fill.ALL)
        turn = await service.computer_turn(table_id)
        assert turn is not None
        first = turn.observation
        assert first.hand_number == 1 and driver.pause_before(first) == 1.0
        later = dataclasses.replace(first, hand_number=2)
        assert driver.pause_before(later) == 3.0
        mid_auction = dataclasses.replace(later, auction=(Call(turn.seat, Pass()),))
        assert driver.pause_before(mid_auction) == 1.0
    finally:
        await driver.close()


async def test_a_lead_that_gathers_a_trick_waits_longer(service: TableService) -> None:
    """R-SEE-TABLE: the trick just won lies on the table until its winner leads; a computer
    player leaves it there a little longer, so the members see who took it."""
    driver = Autoplay(service, InlineThinker(), pause=1.0)
    try:
        game = Game.new("gather")
        while not (game.hand.tricks and not game.hand.trick):
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            game = game.apply(seat, next((a for a in legal if a != Pass()), legal[0]))
        leader = game.to_act
        assert leader is not None
        lying = observe(game, leader)
        assert lying.completed_trick is not None and driver.pause_before(lying) == 2.0
        game = game.apply(leader, game.legal_actions()[0])
        follower = game.to_act
        assert follower is not None
        assert driver.pause_before(observe(game, follower)) == 1.0
    finally:
        await driver.close()


async def test_a_snapshot_knows_when_another_process_moved_the_game_on(
        storage: Storage) -> None:
    """What lets a process draw a table again when its drawing may have landed after a newer
    one by another process: the game moved on past the snapshot; a lobby never does."""
    here, there = TableService(storage), TableService(storage)
    lobby = await here.open_table(GUILD, CHANNEL + 2, ANA, None)
    assert not await here.moved_on(lobby)
    table_id = await open_started(here, Fill.ALL)
    drawn = await here.snapshot(table_id)
    assert not await here.moved_on(drawn)
    turn = await there.computer_turn(table_id)
    assert turn is not None
    await there.act_as_computer(turn, decide_here(rules, turn.observation, turn.seed))
    assert await here.moved_on(drawn)
    assert not await here.moved_on(await here.snapshot(table_id))
