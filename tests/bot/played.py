"""Whole games committed to the storage move by move, as the bot commits them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.records import Player, StoredAction, stored_game
from bot.service.results import results
from bot.storage import Storage
from engine import RULES_VERSION, Options
from engine.observation import observe
from engine.players.rules import decide
from engine.variants import FORTY_TWO, Variant
from tests.common import GUILD


async def play(storage: Storage, channel: int, seats: Sequence[Player | None],
               variant: Variant = FORTY_TWO, seed: str = "seed", guild: int = GUILD) -> int:
    """A whole game at the table, each move the rules of thumb's, committed as the bot does."""
    creator = next(p.user_id for p in seats if p is not None and p.user_id is not None)
    table = await storage.create_table(guild, channel, creator, None, seats, variant=variant)
    await storage.start_game(table.id, seed, Options(), RULES_VERSION)
    await play_out(storage, table.id, seed)
    return table.id


async def play_out(storage: Storage, table_id: int, seed: str = "seed") -> None:
    """The game of a started table played to its end, as :func:`play` plays it (from where
    its stored actions left it)."""
    record = await storage.table(table_id)
    assert record is not None
    stored = await storage.actions(table_id)
    game, n, rng = stored_game(record, stored), len(stored), random.Random(seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = decide(observe(game, seat), rng)
        after = game.apply(seat, action)
        members, computers = results(record, after) if after.is_over else (None, [])
        await storage.append_action(table_id, StoredAction(n, game.hand_number, seat,
                                                           str(action)),
                                    finished=members, computers=computers,
                                    totals=after.standing.totals)
        game, n = after, n + 1
