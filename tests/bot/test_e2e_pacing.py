"""The table message speaks once per moment: at a paced table of computer players it is drawn
for every completed trick and every hand's end, each while it lies on the table, and seldom in
between (:meth:`cogs.live.TableMessages.paced`), in every game of the family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.variants import VARIANTS
from tests.bot.conftest import running_live_bot
from tests.bot.e2e import action_count, latest_table_id, table_state
from tests.bot.test_e2e_computers import table_message
from tools.discord_double import DiscordDouble

PAUSE = 0.05
"""Computer players' pause: the table message may wait ten of them (0.5 s) between moments."""
WON = re.compile(r"(?:^|\. )Trick (\d+): ([^.]*took the trick[^.]*)\.")
LAST = re.compile(r"(?:^|\. )(\w[^.]*(?:made|were set|was set)[^.]*)\. Last trick: ([^.]*)\.")
"""In the picture's alt text: a completed trick while it lies on the table, and a hand's
result with its last trick."""
TILE = re.compile(r"\[\d\|\d\]")
"""A tile as the text writes it (the two sets of 72 and 84 hold each tile twice)."""


@pytest.mark.parametrize("name", list(VARIANTS))
async def test_every_completed_trick_is_drawn_and_little_else(
        name: str, discord_double: DiscordDouble, live_database: Path | str) -> None:
    double = discord_double
    async with running_live_bot(double, live_database, pause=PAUSE) as live:
        eve = double.member("eve")
        assert not (await eve.slash("42 new", game=name, bots="all")).failed
        table_id = latest_table_id(live.db)
        await double.wait_for(lambda: any(hand.tricks for hand in table_state(
            live.db, table_id).finished), 60, "a hand played to its end")
        message = table_message(double)  # found by its buttons, which a closed table loses
        await live.bot.service.end(table_id, eve.id, moderator=False)
        await live.idle()
        game = table_state(live.db, table_id)
        actions = action_count(live.db, table_id)
    played = next(hand for hand in game.finished if hand.tricks)
    alts = [str(attachment.get("description")) for version in message.versions
            for attachment in version.attachments]
    shown = {(int(found[1]), tuple(sorted(TILE.findall(found[2]))))
             for alt in alts for found in WON.finditer(alt)}
    ended = {tuple(sorted(TILE.findall(found[2]))) for alt in alts
             for found in LAST.finditer(alt)}
    *tricks, last = played.tricks
    for number, trick in enumerate(tricks, start=1):
        tiles = tuple(sorted(tile.label for _, tile in trick.plays))
        assert (number, tiles) in shown, (number, tiles, shown)
    assert tuple(sorted(tile.label for _, tile in last.plays)) in ended, (last, ended)
    assert len(message.versions) < actions * 2 / 3, (len(message.versions), actions)
