"""A tournament refereed through Discord: an organiser opens it, sixteen members sign up on its
message (as pairs with its menu, or alone) and with /42 tournament enter, the organiser starts
it, and the bot plays a whole double elimination of one-game matches to its champion: every
match table opened in a thread of its own with its four players seated and pinged once, every
result taken from the game itself (nobody reports a score), the board current after every
result. Bad input gets a sentence and changes nothing.

Each game is played through the bot's own table service, but for its last move, which its
member makes with /42 play in the match's thread: that move ends the game, as a member's move
would, and the tournament goes on from it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.thinking import decide_here
from engine import Game, parse_action
from engine.players import load_policy
from tests.bot.conftest import LiveBot, StartLiveBot
from tests.bot.e2e import Database, query
from tests.common import RULES_POLICY
from tools.discord_double import DiscordDouble, SimulatedMember
from tools.discord_double.guilds import Perm
from tools.discord_double.scheduled_events import EventStatus
from tools.discord_double.server import Message

rules = load_policy(RULES_POLICY)


def board(double: DiscordDouble) -> Message:
    """The latest tournament's message in the channel."""
    return [m for m in double.messages("general")
            if m.embeds and str(m.embeds[0].get("title", "")).startswith("🏆")][-1]


def field(message: Message, name: str) -> str:
    return next((str(f["value"]) for f in message.embeds[0].get("fields", [])
                 if f["name"] == name), "")


async def play_match_table(live: LiveBot, db: Database, table_id: int,
                           members: dict[int, SimulatedMember], double: DiscordDouble) -> None:
    """The table's game through the bot's service, each member's move the rules player's, and
    a stand-in's by the bot's own computer player; the game's last move, if a member's,
    through Discord."""
    service = live.bot.service
    ((seed, thread_id),) = query(db, "SELECT seed, channel_id FROM tables WHERE id = $1",
                                 table_id)
    game, count, rng = Game.new(seed), 0, random.Random(table_id)
    while not game.is_over:
        await live.bot.autoplay.idle()
        for (text,) in query(db, "SELECT action FROM actions WHERE table_id = $1 AND n >= $2"
                                 " ORDER BY n", table_id, count):
            seat = game.to_act
            assert seat is not None
            game, count = game.apply(seat, parse_action(text, 6)), count + 1
        seat = game.to_act
        if seat is None:
            return
        snapshot = await service.snapshot(table_id)
        if snapshot.table.computer_plays(seat):
            continue  # a stand-in's turn: the bot plays it
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


async def stand_in(double: DiscordDouble, live: LiveBot, db: Database,
                   organiser: SimulatedMember, table_id: int) -> None:
    """A member of the table is away: the other players may not let a computer player stand in,
    the organiser does, and the table says so."""
    ((thread_id, message_id),) = query(db, "SELECT channel_id, message_id FROM tables"
                                           " WHERE id = $1", table_id)
    seated = [row[0] for row in query(db, "SELECT user_id FROM seats WHERE table_id = $1"
                                          " ORDER BY seat", table_id)]
    away, other = (next(m for m in double.world.guild.members.values() if m.id == user)
                   for user in seated[1:3])
    thread = next(t for t in double.threads("general") if t.id == thread_id)
    member = double.member(other.name)
    refused = await member.click(message_id, label="Someone's away…")
    assert refused.ephemeral and "only its organiser" in refused.content, refused
    approved = await organiser.slash("42 tournament standin", where=thread,
                                     member=double.member(away.name))
    assert "A computer player plays for" in approved.content, approved
    await live.idle()
    table = double.message(message_id)
    assert "🤖" in str(table.embeds[0]) and away.mention in str(table.embeds[0])


async def current_picture(live: LiveBot, double: DiscordDouble) -> None:
    """The board's picture shows the latest result, and every match to play."""
    tournament = await live.bot.service.tournament_in_channel(double.channel("general").id,
                                                              latest=True)
    if not tournament.results:
        return
    (picture,) = board(double).attachments
    alt = picture["description"]

    def named(team: int) -> str:
        return " & ".join(tournament.name_of(user) for user in tournament.teams[team - 1])

    latest = tournament.results[-1]
    assert latest.loser is not None
    assert f"{named(latest.winner)} beat {named(latest.loser)}" in alt, alt


async def test_sixteen_members_play_a_double_elimination_to_its_champion(
        discord_double: DiscordDouble, live_database: Database,
        start_live_bot: StartLiveBot) -> None:
    double = discord_double
    double.add_role("organisers", Perm.MANAGE_GUILD)
    olga = double.member("olga", roles=("organisers",))
    double.add_role("referees")
    referee = double.member("rita", roles=("referees",))
    players = [double.member(f"p{n:02}") for n in range(16)]
    by_id: dict[int, SimulatedMember] = {m.id: m for m in players}
    live = await start_live_bot()

    refused = await players[0].slash("42 tournament new", name="Friday 42", format="double")
    assert refused.ephemeral and "manage the server" in refused.content
    not_yet = await referee.slash("42 tournament new", name="Rita's", format="double")
    assert "manage the server" in not_yet.content, not_yet
    naming = await referee.slash("42 tournament organisers", role="referees")
    assert "Only a member who may manage the server" in naming.content, naming
    named = await olga.slash("42 tournament organisers", role="referees")
    assert "may now run tournaments" in named.content, named
    by_role = await referee.slash("42 tournament new", name="Rita's", format="double",
                                  where="no-posting")
    assert "I can't post" in by_role.content, by_role  # allowed: refused for the channel
    assert query(live_database, "SELECT count(*) FROM tournaments") == [(0,)]
    opened = await olga.slash("42 tournament new", name="Friday 42", format="double", match="1",
                              starts=60)
    assert opened.ephemeral and "open for sign-ups" in opened.content, opened
    assert "I need the Create Events permission" in opened.content
    ended = await olga.slash("42 tournament end")
    assert "is over" in ended.content, ended
    await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
    assert "ended the tournament" in board(double).embeds[0]["description"]
    assert not board(double).components  # no sign-up once it is over
    double.grant_bot(Perm.CREATE_EVENTS)
    opened = await olga.slash("42 tournament new", name="Friday 42", format="double", match="1",
                              starts=60)
    assert "Members see it in the server's events" in opened.content, opened
    await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
    (event,) = double.scheduled_events()
    assert (event.name, event.status) == ("Friday 42", EventStatus.SCHEDULED)
    assert event.location.startswith("https://discord.com/channels/")
    again = await olga.slash("42 tournament new", name="Again", format="swiss")
    assert "already has a tournament" in again.content

    signups = board(double)
    assert signups.id == int(event.location.rsplit("/", 1)[1])
    for first, second in zip(players[0:4:2], players[1:4:2], strict=True):
        joined = await first.slash("42 tournament enter", partner=second)
        assert "are signed up" in joined.content, joined
    for first, second in zip(players[4:8:2], players[5:8:2], strict=True):
        await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
        joined = await first.select(board(double), values=[second])
        assert "are signed up" in joined.content and joined.ephemeral, joined
    alone = await players[8].select(board(double), values=[players[8]])
    assert alone.ephemeral and "another member" in alone.content, alone
    for member in players[8:]:
        joined = await member.click(board(double), label="Join")
        assert "signed up" in joined.content, joined
    twice = await players[8].click(board(double), label="Join")
    assert twice.ephemeral and "already signed up" in twice.content
    taken = await players[9].slash("42 tournament enter", partner=players[0])
    assert "already signed up" in taken.content
    await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
    listed = field(board(double), "16 signed up")
    assert listed.count("&") == 4 and all(m.mention in listed for m in players)

    not_organiser = await players[3].click(board(double), label="Start")
    assert not_organiser.ephemeral and "Only the organiser" in not_organiser.content
    started = await olga.click(board(double), label="Start")
    assert "has started: 8 teams" in started.content, started
    assert board(double).id == signups.id
    await live.bot.get_cog("Tables").referee.idle()  # type: ignore[union-attr]
    assert event.status == EventStatus.ACTIVE

    cog: Any = live.bot.get_cog("Tables")
    played: set[int] = set()
    stand_ins = 0
    while True:
        await cog.referee.idle()
        await current_picture(live, double)
        status = query(live_database, "SELECT status FROM tournaments ORDER BY id DESC")[0][0]
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
            await stand_in(double, live, live_database, olga, tables[0])
            stand_ins = 1
        if len(played) >= 6 and stand_ins < 2:
            await stand_in(double, live, live_database, olga, tables[-1])
            stand_ins += 1
        for table_id in tables:
            await play_match_table(live, live_database, table_id, by_id, double)
            played.add(table_id)
        await live.idle()

    assert status == "finished"
    assert event.status == EventStatus.COMPLETED
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
    assert final.embeds[0]["image"]["url"] == "attachment://bracket.png"
    (picture,) = final.attachments
    assert "Champion: P" in picture["description"]
    status = await players[5].slash("42 tournament status")
    assert status.ephemeral and status.message is not None, status
    assert status.message.embeds[0]["fields"] == final.embeds[0]["fields"]
    (Path("/tmp") / "tournament-final.png").write_bytes(
        double.world.uploads[int(picture["id"])])
    (crowned,) = [m for m in double.messages("general") if "🏆" in (m.content or "")
                  and " win Friday 42!" in (m.content or "")]
    assert sum(1 for member in players if member.mention in crowned.content) == 2
    assert str(final.id) in crowned.content  # the way to the board
    decisions = field(final, "Decisions")
    assert decisions.count("let a computer player stand in for") == 2, decisions
    champions = field(final, "Champions")
    assert champions.startswith("🥇") and champions.count("&") >= 3
    assert field(final, "Results").count(" beat ") == min(8, len(played))
