"""A table's level and hints at the service: chosen by the creator in the lobby only, kept for
the rematch; a casual table's computer players are the rules of thumb (decided in the bot's
process, never by the workers); a hint is asked on the member's own turn only, from their own
observation, counted once per turn and added to the leaderboard with the game."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from bot.autoplay import Autoplay
from bot.records import Level, Status
from bot.service import Fill, Refusal, TableService, computer_seed
from bot.storage import Storage
from bot.thinking import decide_here
from cogs.hints import hint_text
from engine import Game, observe, parse_action
from engine.players import load_policy
from engine.players.hints import Reason, hint
from tests.bot.test_autoplay import InlineThinker
from tests.bot.test_service import choose, panel_to_act
from tests.common import ANA, BIA, CAIO, CHANNEL, DAVI, GUILD, NORTH, RULES_POLICY, SEATED

rules = load_policy(RULES_POLICY)


@pytest.fixture
def service(storage: Storage) -> TableService:
    counter = itertools.count()
    return TableService(storage, new_seed=lambda: f"level-seed-{next(counter)}")


class NoWorkers(InlineThinker):
    """The worker pool of a bot whose tables are casual: it should never be asked (should it
    be, it answers with the strong player's choice, and the moves tell)."""

    def __init__(self) -> None:
        super().__init__(load_policy("engine.players.strong:decide"))


async def test_only_the_creator_chooses_and_only_in_the_lobby(service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None)).table
    assert (table.level, table.hints) == (Level.STRONG, True)
    await service.join(table.id, BIA)
    with pytest.raises(Refusal, match="Only the table's creator"):
        await service.set_computers(table.id, BIA, level=Level.CASUAL)
    changed = await service.set_computers(table.id, ANA, level=Level.CASUAL)
    assert (changed.table.level, changed.table.hints) == (Level.CASUAL, True)
    changed = await service.set_computers(table.id, ANA, hints=False)
    assert (changed.table.level, changed.table.hints) == (Level.CASUAL, False)
    reopened = await TableService(service.storage).snapshot(table.id)
    assert (reopened.table.level, reopened.table.hints) == (Level.CASUAL, False)
    for user in (CAIO, DAVI):
        await service.join(table.id, user)
    await service.start(table.id, ANA)
    with pytest.raises(Refusal, match="has started"):
        await service.set_computers(table.id, ANA, level=Level.STRONG)
    panel = await panel_to_act(service, table.id)
    assert panel.user_id is not None
    with pytest.raises(Refusal, match="Hints are off"):
        await service.hint_panel(table.id, panel.user_id, panel.observation.hand_number,
                                 panel.count)
    assert (await service.snapshot(table.id)).table.level is Level.CASUAL


async def test_a_casual_table_plays_the_rules_of_thumb(service: TableService) -> None:
    opened = await service.open_table(GUILD, CHANNEL, ANA, None, Fill.ALL, level=Level.CASUAL)
    table_id = opened.table.id
    await service.start(table_id, ANA)
    workers = NoWorkers()
    autoplay = Autoplay(service, workers, pause=0.0)
    try:
        for _ in range(12):
            autoplay.poke(table_id)
            await autoplay.idle()
    finally:
        await autoplay.close()
    assert workers.decisions == 0
    stored = await service.storage.table(table_id)
    actions = await service.storage.actions(table_id)
    assert stored is not None and stored.seed is not None and len(actions) > 20
    game = Game.new(stored.seed)
    for n, action in enumerate(actions):
        expected = decide_here(rules, observe(game, action.seat), computer_seed(stored.seed, n))
        assert action.text == expected, n
        game = game.apply(action.seat, parse_action(action.text))


async def test_hints_are_asked_at_ones_own_turn_and_counted_once_per_turn(
        service: TableService) -> None:
    table = (await service.open_table(GUILD, CHANNEL, ANA, None)).table
    for user in (BIA, CAIO, DAVI):
        await service.join(table.id, user)
    await service.set_computers(table.id, ANA, level=Level.CASUAL)
    await service.start(table.id, ANA)
    asked = 0
    random_turns = random.Random(4)
    while True:
        panel = await panel_to_act(service, table.id)
        user, hand, count = panel.user_id, panel.observation.hand_number, panel.count
        assert user is not None
        other = next(u for u in SEATED.values() if u != user)
        with pytest.raises(Refusal, match="your own turn"):
            await service.hint_panel(table.id, other, hand, count)
        with pytest.raises(Refusal, match="out of date"):
            await service.hint_panel(table.id, user, hand, count + 1)
        if user == ANA and (asked < 3 or random_turns.random() < 0.2):
            for _ in range(2):  # a double click is one hint
                given = await service.hint_panel(table.id, ANA, hand, count)
                assert given.seat is NORTH and given.observation == panel.observation
            asked += 1
        accepted = await service.act(table.id, user, hand, count, choose(panel))
        if accepted.snapshot.table.status is not Status.PLAYING:
            break
    board = {s.user_id: s.hints_used for s in await service.leaderboard(GUILD)}
    assert board == {ANA: asked, BIA: 0, CAIO: 0, DAVI: 0} and asked >= 3
    stats = await service.member_stats(GUILD, ANA)
    assert next(iter(stats.standings.values())).hints_used == asked
    with pytest.raises(Refusal, match="only while the game is on"):
        await service.hint_panel(table.id, ANA, 1, 0)
    for user in SEATED.values():
        agreed = await service.rematch(table.id, user)
    rematch = agreed.snapshot.table
    assert rematch.id != table.id and (rematch.level, rematch.hints) == (Level.CASUAL, True)


def test_a_bids_hint_says_how_sure_it_is() -> None:
    """The hint keeps its one line; for a bid of 42 it adds the chance of making it."""
    for number in range(40):
        game = Game.new(f"sure {number}")
        seat = game.to_act
        assert seat is not None
        found = hint(observe(game, seat))
        if found.reason is Reason.BID:
            break
    else:
        raise AssertionError("no opening bid hinted")
    assert found.chance is not None and 0 < found.chance < 1
    text = hint_text(None, found)
    assert text.endswith(f"({found.chance:.0%} sure)") and "\n" not in text
    assert hint_text(None, replace(found, chance=None)) == text.rsplit(" (", 1)[0]
