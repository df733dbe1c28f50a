"""A tournament refereed through Discord: an organiser opens it, sixteen members sign up in
pairs on its message and with /42 tournament join, the organiser starts it, and the bot plays
a whole double elimination of one-game matches to its champion: every match table opened in a
thread of its own with its four players seated and pinged once, every result taken from the
game itself (nobody reports a score), the board current after every result. Bad input gets a
sentence and changes nothing.

Each game is played through the bot's own table service, but for its last move, which its
member makes with /42 play in the match's thread: that move ends the game, as a member's move
would, and the tournament goes on from it."""

from __future__ import annotations

import random
from typing import Any

from bot.thinking import decide_here
from engine import Game, parse_action
from engine.players import load_policy
from tests.bot.conftest import LiveBot, StartLiveBot
from tests.bot.e2e import Database, query
from tests.common import RULES_POLICY
from tools.discord_double import DiscordDouble, SimulatedMember
from tools.discord_double.guilds import Perm
from tools.discord_double.server import Message

rules = load_policy(RULES_POLICY)


def board(double: DiscordDouble) -> Message:
    (found,) = [m for m in double.messages("general")
                if m.embeds and str(m.embeds[0].get("title", "")).startswith("🏆")]
    return found


def field(message: Message, name: str) -> str:
    return next((str(f["value"]) for f in message.embeds[0].get("fields", [])
                 if f["name"] == name), "")


async def play_match_table(live: LiveBot, db: Database, table_id: int,
                           members: dict[int, SimulatedMember], double: DiscordDouble) -> None:
    """The table's game through the bot's service, every move the rules player's; its last
    move through Discord, by its member."""
    service = live.bot.service
    ((seed, thread_id),) = query(db, "SELECT seed, channel_id FROM tables WHERE id = $1",
                                 table_id)
    game, count, rng = Game.new(seed), 0, random.Random(table_id)
    while True:
        snapshot = await service.snapshot(table_id)
        seat = game.to_act
        assert seat is not None and snapshot.observation is not None
        player = snapshot.table.player(seat)
        assert player is not None and player.user_id is not None
        panel = await service.panel(table_id, player.user_id)
        text = decide_here(rules, panel.observation, str(rng.random()))
        after = game.apply(seat, parse_action(text, 6))
        if after.is_over:
            thread = next(t for t in double.threads("general") if t.id == thread_id)
            tile = text.removeprefix("play:")
            played = await members[player.user_id].slash("42 play", where=thread, tile=tile)
            assert not played.failed, played
            return
        await service.act(table_id, player.user_id, panel.observation.hand_number, count, text)
        game, count = after, count + 1


async def test_sixteen_members_play_a_double_elimination_to_its_champion(
        discord_double: DiscordDouble, live_database: Database,
        start_live_bot: StartLiveBot) -> None:
    double = discord_double
    double.add_role("organisers", Perm.MANAGE_GUILD)
    olga = double.member("olga", roles=("organisers",))
    players = [double.member(f"p{n:02}") for n in range(16)]
    by_id: dict[int, SimulatedMember] = {m.id: m for m in players}
    live = await start_live_bot()

    refused = await players[0].slash("42 tournament new", name="Friday 42", format="double")
    assert refused.ephemeral and "manage the server" in refused.content
    opened = await olga.slash("42 tournament new", name="Friday 42", format="double", match="1")
    assert opened.ephemeral and "open for sign-ups" in opened.content, opened
    again = await olga.slash("42 tournament new", name="Again", format="swiss")
    assert "already has a tournament" in again.content

    signups = board(double)
    for first, second in zip(players[0:8:2], players[1:8:2], strict=True):
        joined = await first.slash("42 tournament join", partner=second)
        assert "are signed up" in joined.content, joined
    for member in players[8:]:
        joined = await member.click(board(double), label="Join")
        assert "signed up" in joined.content, joined
    twice = await players[8].click(board(double), label="Join")
    assert twice.ephemeral and "already signed up" in twice.content
    taken = await players[9].slash("42 tournament join", partner=players[0])
    assert "already signed up" in taken.content
    await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
    listed = field(board(double), "16 signed up")
    assert listed.count("&") == 4 and all(m.mention in listed for m in players)

    not_organiser = await players[3].click(board(double), label="Start")
    assert not_organiser.ephemeral and "Only the organiser" in not_organiser.content
    started = await olga.click(board(double), label="Start")
    assert "has started: 8 teams" in started.content, started
    assert board(double).id == signups.id

    cog: Any = live.bot.get_cog("Tables")
    played: set[int] = set()
    while True:
        await cog.referee.idle()
        status = query(live_database, "SELECT status FROM tournaments")[0][0]
        if status != "running":
            break
        tables = [row[0] for row in query(
            live_database, "SELECT t.id FROM tables AS t JOIN tournament_tables AS m"
            " ON m.table_id = t.id WHERE t.status = 'playing' ORDER BY t.id")]
        assert tables, "a running tournament has a table in play"
        if not played:
            thread = double.threads("general")[0]
            early = await olga.slash("42 end", where=thread)
            assert early.ephemeral and "not ended early" in early.content, early
        for table_id in tables:
            await play_match_table(live, live_database, table_id, by_id, double)
            played.add(table_id)
        await live.idle()

    assert status == "finished"
    results = query(live_database, "SELECT winner FROM tournament_results ORDER BY n")
    assert len(results) == len(played) in (14, 15)
    threads = double.threads("general")
    assert len(threads) == len(played)  # one thread a match, its table in it
    for thread in threads:
        messages = double.messages(thread)
        pings = [m for m in messages if "your match is here" in (m.content or "")]
        assert len(pings) == 1  # pinged once
        assert sum(1 for member in players if member.mention in pings[0].content) == 4
    final = board(double)
    champions = field(final, "Champions")
    assert champions.startswith("🥇") and champions.count("&") >= 3
    assert field(final, "Results").count(" beat ") == min(8, len(played))
