"""Every game of the family at a Discord table, through the double: one member with computer
players plays the first hand of each variant, and the last hand of a game of each to its end;
tables of members only play a hand of Moon, of 140 and of 84. Every version of every message
each member could see is audited for hidden tiles, the leftover and the discards included
(V-GEN-DISCARD)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from cogs.games import game_title
from cogs.messages import table as table_room
from cogs.messages.panel import offered_bids
from cogs.messages.words import voice
from engine import Action, Bid, Discard, Game, Leftover, NameTrump, Pass, Phase, Play, Seat
from engine.seats import ALL_SEATS
from engine.variants import VARIANTS, variant_named
from tests.bot.conftest import LiveBot, StartLiveBot
from tests.bot.e2e import Audit, action_count, components, table_state
from tests.bot.last_hand import last_hand_table
from tests.bot.test_e2e_computers import Players, answered, latest_table_id, table_message
from tests.common import RULES_POLICY
from tools.discord_double import DiscordDouble, Message, SimulatedMember
from tools.discord_double.driver import InteractionResult

OTHER_GAMES = [name for name in VARIANTS if name != "42"]
NAMES = ("ana", "bia", "caio", "davi", "eli", "fabi", "gil", "hana")


def choose(game: Game, rng: random.Random) -> Action:
    """A member's choice: pass more often than not, else any action the panel offers."""
    legal = game.legal_actions()
    if Pass() in legal and rng.random() < 0.6:
        return Pass()
    return rng.choice(offered_bids(legal) if Pass() in legal else legal)


async def perform(member: SimulatedMember, panel: Message, action: Action) -> InteractionResult:
    """Do ``action`` the way a person would, with the panel's buttons and selects. A trump on
    a marks contract takes two steps (piles, then trump): the first returns after the piles."""
    controls = list(components(panel))
    text = str(action)

    def button(custom_id_end: str) -> dict[str, Any]:
        return next(c for c in controls if c.get("type") == 2
                    and c.get("custom_id", "").endswith(custom_id_end) and not c.get("disabled"))

    if isinstance(action, Play | Pass | Leftover) or (
            isinstance(action, Discard) and len(action.tiles) == 1):
        return await member.click(panel, button(":" + text)["custom_id"])
    select = next(c for c in controls if c.get("type") == 3)
    if isinstance(action, Discard):
        assert select["custom_id"].startswith("42:d:")
        return await member.select(panel, values=[str(tile) for tile in action.tiles])
    if isinstance(action, NameTrump) and action.piles is not None and select.get("disabled"):
        return await member.click(panel, button(f":{action.piles}")["custom_id"])
    assert isinstance(action, Bid | NameTrump), action
    if not any(o["value"] == text for o in select["options"]):
        piles = next(c for c in controls if c.get("custom_id", "").startswith("42:p:")
                     and c.get("custom_id", "").endswith(f":{action.piles}"))
        return await member.click(panel, piles["custom_id"])
    return await member.select(panel, values=[text])


class Members(Players):
    """Members at a variant's table, each acting from the panel the bot keeps current, with
    choices of their own (:func:`choose`)."""

    def __init__(self, double: DiscordDouble, live_bot: LiveBot, table_id: int,
                 seats: dict[Seat, SimulatedMember], others: list[SimulatedMember]) -> None:
        # A version may be checked one action late (several computer players move between
        # a member's turns), so it is held to what was true then.
        super().__init__(double, live_bot, table_id, seats, others, lag=True)
        self.rng = random.Random(table_id)
        self.actions = 0

    async def play_turn(self) -> Game | None:
        """The member whose turn it is acts; None once the game is over."""
        turn = await self.turn()
        if turn is None:
            return None
        game, seat, panel = turn
        mark = (f"42:a:{self.table_id}:{game.hand_number}:"
                f"{action_count(self.live_bot.db, self.table_id)}:")
        await self.double.wait_for(lambda: any(mark in c.get("custom_id", "")
                                               for c in components(panel)), 5,
                                   f"{seat}'s panel to be current")
        result = await perform(self.seats[seat], panel, choose(game, self.rng))
        answered(result)
        assert "refused" not in (result.content or ""), result
        self.actions += 1
        return game


async def one_member_with_computers(double: DiscordDouble, live_bot: LiveBot,
                                    table_id: int) -> Members:
    """The member in the first seat of ``table_id`` and a spectator, once the member's panel is
    open."""
    member, spectator = double.member("ana"), double.member("eve")
    members = Members(double, live_bot, table_id, {ALL_SEATS[0]: member}, [spectator])
    await members.quiet()
    await members.open_panels()
    return members


@pytest.mark.parametrize("name", OTHER_GAMES)
async def test_one_member_plays_a_first_hand_with_computer_players(
        name: str, discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    """``/42 new game: bots:others`` opens the game's table, deals, and its first hand that is
    not passed out is played to its end with the member's panel."""
    double = discord_double
    opened = await double.member("ana").slash("42 new", game=name, bots="others")
    assert not opened.failed and "You sit" in opened.content, opened
    table_id = latest_table_id(live_bot.db)
    members = await one_member_with_computers(double, live_bot, table_id)
    while all(result.redeal for result in table_state(live_bot.db, table_id).results):
        assert await members.play_turn() is not None
    await members.quiet()
    shown = table_room.table_message(await live_bot.bot.service.snapshot(table_id))
    assert shown.embed is not None and shown.embed.title == game_title(None, variant_named(name))
    assert members.actions >= 1 and members.audit.versions_checked > 10
    assert not double.failed_interactions and not double.late_answers


@pytest.mark.parametrize("name", OTHER_GAMES)
async def test_one_member_plays_the_last_hand_of_a_game_with_computer_players(
        name: str, discord_double: DiscordDouble, live_database: Path | str,
        start_live_bot: StartLiveBot) -> None:
    """A table resumed at the start of its game's last hand (:mod:`tests.bot.last_hand`) is
    played to the game's end: the table says the game is over, and the member's game is on the
    game's own leaderboard only."""
    double = discord_double
    variant = variant_named(name)
    ana = double.member("ana")
    table_id = await last_hand_table(double, live_database, variant, ana,
                                     double.channel("general"))
    live_bot = await start_live_bot()
    await double.wait_for(lambda: any("42:hand:" in c.get("custom_id", "") for message in
                                      double.messages("general") for c in components(message)),
                          10, "the resumed table to be drawn")
    members = await one_member_with_computers(double, live_bot, table_id)
    game: Game | None = table_state(live_bot.db, table_id)
    while game is not None:
        game = await members.play_turn()
    final = table_state(live_bot.db, table_id)
    assert final.winner is not None and final.variant is variant
    assert members.actions >= 1 and members.audit.versions_checked > 10
    fields = {field["name"] for field in table_message(double).embeds[0].get("fields") or []}
    assert "Game over" in fields, fields
    assert not double.failed_interactions and not double.late_answers

    eve = double.member("eve")
    board = await eve.slash("42 leaderboard", game=name, by="marks")
    text = board.message.embeds[0]["description"]  # type: ignore[union-attr]
    won = int(final.winner == variant.seating.side_of[0])
    assert f"{ana.mention} —" in text and f"games played: 1 · won: {won}" in text, text
    rated = await eve.slash("42 leaderboard", game=name)  # with bots: counted, not rated
    assert f"{ana.mention} — not rated yet" in str(rated.message.embeds[0])  # type: ignore[union-attr]
    others = await eve.slash("42 leaderboard")
    assert ana.mention not in str(others.message.embeds[0])  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["moon", "140", "84"])
async def test_a_table_of_members_plays_a_hand(name: str, discord_double: DiscordDouble,
                                               live_bot: LiveBot) -> None:
    double = discord_double
    variant = variant_named(name)
    seats = {seat: double.member(NAMES[seat]) for seat in variant.seating.seats}
    first = seats[ALL_SEATS[0]]
    assert not (await first.slash("42 new", game=name)).failed
    table_id = latest_table_id(live_bot.db)
    seat_names = {seat: voice(None, (await live_bot.bot.service.snapshot(
        table_id)).table) for seat in seats}
    for seat, member in list(seats.items())[1:]:
        label = t(seat_names[seat], "Sit {seat}", seat=seat)
        sat = await member.click(table_message(double), label=label)
        assert not sat.failed, sat
    await double.wait_for(lambda: any(c.get("label") == "Start" and not c.get("disabled")
                                      for c in components(table_message(double))), 5, "Start")
    assert not (await first.click(table_message(double), label="Start")).failed
    members = Members(double, live_bot, table_id, seats, [double.member("eve")])
    await members.quiet()
    await members.open_panels()
    while table_state(live_bot.db, table_id).hand_number == 1:
        assert await members.play_turn() is not None
    await members.quiet()
    assert members.actions >= variant.seating.count
    assert members.audit.versions_checked > 30


def test_every_game_is_offered(tmp_path: Path) -> None:
    """/42 new game: lists every game of the family, each with a line under 100 characters."""
    from cogs.games import NEW_CHOICES
    assert [choice.value for choice in NEW_CHOICES] == list(VARIANTS)
    assert all(len(str(choice.name)) <= 100 for choice in NEW_CHOICES)


# ----- kill -9 in a variant's own steps ------------------------------------------------------

class ProcessTable:
    """One member at a variant's table held by a ``python -m bot`` in its own process, with
    computer players in the other seats: acts only through the double, checks by the file."""

    def __init__(self, double: DiscordDouble, db: Path, member: SimulatedMember) -> None:
        self.double, self.db, self.member = double, db, member
        self.table_id = 0
        self.panel: Message | None = None
        self.audit: Audit | None = None
        self.rng = random.Random(7)
        self.audited = -1

    async def open(self, name: str) -> None:
        opened = await self.member.slash("42 new", game=name, bots="others")
        assert not opened.failed, opened
        self.table_id = latest_table_id(self.db)
        self.audit = Audit(self.double, self.db, self.table_id, {ALL_SEATS[0]: self.member},
                           [self.double.member("eve")], lag=True)
        await self.open_panel()

    async def open_panel(self) -> Message:
        await self.double.wait_for(lambda: any(c.get("label") == "My hand" for c in components(
            table_message(self.double))), 10, "the game to be on")
        opened = await self.member.click(table_message(self.double), label="My hand")
        assert not opened.failed and opened.message is not None, opened
        self.panel = opened.message
        return opened.message

    def game(self) -> Game:
        """The game as stored; everything drawn is audited once per stored action (the audit
        holds a version to the state one action before, as the bot draws after it stores)."""
        assert self.audit is not None
        count = action_count(self.db, self.table_id)
        if count != self.audited:
            self.audited = count
            self.audit.check()
        return table_state(self.db, self.table_id)

    async def my_turn(self, timeout: float = 20) -> Game:
        """Wait until the member is to act and their panel shows it."""
        await self.double.wait_for(lambda: self.game().to_act == ALL_SEATS[0]
                                   or self.game().winner is not None, timeout, "my turn")
        game = self.game()
        mark = f"42:a:{self.table_id}:{game.hand_number}:{action_count(self.db, self.table_id)}:"
        assert self.panel is not None
        panel = self.panel
        await self.double.wait_for(lambda: any(mark in c.get("custom_id", "")
                                               for c in components(panel)), 5, "my panel")
        return game

    async def act(self, action: Action) -> None:
        assert self.panel is not None
        count = action_count(self.db, self.table_id)
        result = await perform(self.member, self.panel, action)
        assert not result.failed and not result.errors and result.response_type == 7, result
        if not isinstance(action, NameTrump) or action.piles is None or count != action_count(
                self.db, self.table_id):
            await self.double.wait_for(lambda: action_count(self.db, self.table_id) > count,
                                       5, "the action to be stored")


def highest_call(game: Game) -> Action:
    """The highest call the panel offers: the member wants to win the auction."""
    return offered_bids(game.legal_actions())[-1]


BOT_ENV = {"LOG_LEVEL": "INFO", "BOT_PAUSE_SECONDS": "0.05",
           "BOT_STRONG_PLAYER": RULES_POLICY, "BOT_WORKERS": "1"}


async def started(double: DiscordDouble, start_bot_process: Any, tmp_path: Path,
                  game: str) -> tuple[dict[str, str], Any, ProcessTable]:
    """A bot process on a new SQLite file, and a table of ``game`` it holds for one member."""
    db = tmp_path / "texas42.sqlite3"
    env = {"DATABASE_PATH": str(db), "DEV_GUILD_ID": str(double.guild.id), **BOT_ENV}
    process = await start_bot_process("bot", env=env, wait_for_sync=True)
    table = ProcessTable(double, db, double.member("ana"))
    await table.open(game)
    return env, process, table


async def test_killed_during_the_moon_widow_choice(discord_double: DiscordDouble,
                                                   start_bot_process: Any,
                                                   tmp_path: Path) -> None:
    """V-MOON-WIDOW: the declarer holds the widow and must discard when the bot is killed; after
    the restart the panel posted before the kill still discards, and nobody else ever saw the
    widow or the discard."""
    double = discord_double
    env, process, table = await started(double, start_bot_process, tmp_path, "moon")
    db = table.db
    for _ in range(200):
        game = await table.my_turn()
        assert game.winner is None, "the member never won an auction"
        if game.hand.phase is Phase.DISCARD:
            break
        await table.act(highest_call(game) if game.hand.phase is Phase.AUCTION
                        else game.legal_actions()[0])
    before = action_count(db, table.table_id)
    assert await process.kill() == -9
    message = table_message(double)
    versions = len(message.versions)
    process = await start_bot_process("bot", env=env, wait_for_sync=True)
    await double.wait_for(lambda: len(message.versions) > versions, 10, "the redraw")
    game = await table.my_turn()
    assert game.hand.phase is Phase.DISCARD and action_count(db, table.table_id) == before
    await table.act(game.legal_actions()[-1])  # from the panel posted before the kill
    after = table_state(db, table.table_id)
    assert after.hand.phase is not Phase.DISCARD or after.hand_number > game.hand_number
    assert table.audit is not None
    table.audit.check()  # the widow and the discard: seen by their owner only
    assert table.audit.versions_checked > 10
    assert not double.failed_interactions and not double.late_answers
    assert "Traceback" not in process.output


async def test_killed_during_a_hand_of_140(discord_double: DiscordDouble,
                                           start_bot_process: Any, tmp_path: Path) -> None:
    """Six seats, five of them computer players: killed mid-trick, the table resumes exactly
    (the same stored actions) and the member's old panel still plays."""
    double = discord_double
    env, process, table = await started(double, start_bot_process, tmp_path, "140")
    db = table.db
    while True:
        game = await table.my_turn()
        if game.hand.phase is Phase.PLAY and game.hand.trick:
            break
        await table.act(choose(game, table.rng))
    before = action_count(db, table.table_id)
    assert await process.kill() == -9
    stored = table_state(db, table.table_id)
    process = await start_bot_process("bot", env=env, wait_for_sync=True)
    game = await table.my_turn()
    assert action_count(db, table.table_id) == before and game.hand == stored.hand
    hand = game.hand_number
    while table.game().hand_number == hand and table.game().winner is None:
        game = await table.my_turn()
        await table.act(choose(game, table.rng))
    assert table.audit is not None and table.audit.versions_checked > 20
    assert not double.failed_interactions and not double.late_answers
    assert "Traceback" not in process.output
