"""A table as a restart finds it at the start of its game's last hand, so that an end-to-end test
plays the end of a game (the last hand, the game over, the leaderboard) without the whole of it.

The table is opened, started and played through the table service itself, before the bot under
test starts on the same database; the bot resumes it as it resumes any table after a restart.
Every seat, the member's too, plays as the rules player would, with the seeds the bot gives its
computer players, so :func:`last_hand_start` knows in advance where the last hand begins.
"""

from __future__ import annotations

from pathlib import Path

from bot.service import Fill, TableService, computer_seed
from bot.storage import open_storage
from bot.thinking import decide_here
from engine import Game, observe, parse_action
from engine.players import load_policy
from engine.variants import Variant
from tests.common import RULES_POLICY
from tools.discord_double import Channel, DiscordDouble, SimulatedMember

rules = load_policy(RULES_POLICY)


def last_hand_start(seed: str, variant: Variant) -> int:
    """The number of actions the rules player, in every seat, takes in the game dealt from
    ``seed`` before the hand in which that game is won."""
    game = Game.new(seed, variant=variant)
    count = start = 0
    while game.winner is None:
        seat = game.to_act
        assert seat is not None
        text = decide_here(rules, observe(game, seat), computer_seed(seed, count))
        game = game.apply(seat, parse_action(text, variant.top))
        count += 1
        if game.ended_hand and game.winner is None:
            start = count
    return start


async def last_hand_table(double: DiscordDouble, db: Path | str, variant: Variant,
                          member: SimulatedMember, channel: Channel) -> int:
    """A table of ``variant`` in ``channel``, ``member`` in the first seat and computer players
    in the others, stored at the start of its game's last hand with its message posted; its id.
    Call it before the bot starts."""
    seed = f"last-hand:{variant.name}"
    start = last_hand_start(seed, variant)
    storage = await open_storage(db)
    try:
        service = TableService(storage, new_seed=lambda: seed)
        opened = await service.open_table(channel.guild_id, channel.id, member.id, None,
                                          Fill.OTHERS, variant=variant)
        table_id = opened.table.id
        await service.start(table_id, member.id)
        for count in range(start):
            turn = await service.computer_turn(table_id)
            if turn is not None:
                await service.act_as_computer(
                    turn, decide_here(rules, turn.observation, turn.seed))
                continue
            panel = await service.panel(table_id, member.id)
            text = decide_here(rules, panel.observation, computer_seed(seed, count))
            await service.act(table_id, member.id, panel.observation.hand_number, panel.count,
                              text)
        message = double.world.create_message(channel, {"content": "Texas 42"})
        await service.set_message(table_id, message.id)
    finally:
        await storage.close()
    return table_id
