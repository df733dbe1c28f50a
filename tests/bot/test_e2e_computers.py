"""Computer players through the double: one member plays a whole game with a bot partner; bots
are added and removed before the start; the others hand an away member's seat to a bot by
button and the member takes it back with one click; a table of bots killed with -9 mid-hand
goes on after a restart with the very same moves. Every message each member could see is
audited: no tile of a bot's hand shows before it is played."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.service import computer_seed
from bot.storage.target import settings_for
from bot.thinking import decide_here
from engine import SEATS, Game, Seat, observe, parse_action
from engine.players import load_policy
from engine.seats import FOUR_SEATS, seat_title
from tests.bot.conftest import LiveBot
from tests.bot.e2e import (
    Audit,
    Database,
    PanelControls,
    action_count,
    audit_when_drawn,
    components,
    latest_table_id,
    stored,
    table_state,
    tiles_in,
)
from tests.common import EAST, NORTH, RULES_POLICY, SOUTH, WEST
from tests.databases import on_both_backends
from tests.discord_double.fixtures import StartBot
from tools.discord_double import DiscordDouble, Message, SimulatedMember
from tools.discord_double.driver import InteractionResult


def table_message(double: DiscordDouble, channel: str = "general") -> Message:
    """The live table message: the bot's latest channel message with table buttons."""
    found = [m for m in double.messages(channel) if not m.ephemeral and any(
        c.get("custom_id", "").startswith(("42:hand:", "42:sit:", "42:start:", "42:rematch:"))
        for c in components(m))]
    assert found, "no table message"
    return found[-1]


def fields(message: Message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0].get("fields") or []}


def assert_policy_moves(db: Database, table_id: int, seats: set[Seat]) -> int:
    """Every move of ``seats`` is the test policy's decision from that seat's observation and
    the seed of its place in the game: the same after a restart as before it."""
    policy = load_policy(RULES_POLICY)
    seed, actions = stored(db, table_id)
    game, checked = Game.new(seed), 0
    for n, (seat, text) in enumerate(actions):
        if seat in seats:
            assert text == decide_here(policy, observe(game, seat), computer_seed(seed, n)), n
            checked += 1
        game = game.apply(seat, parse_action(text))
    return checked


async def act(member: SimulatedMember, panel: Message) -> InteractionResult:
    """What a member does with their panel: pass, else the first trump, else the first tile."""
    controls = PanelControls.of(panel)
    if controls.pass_button is not None:
        return await member.click(panel, controls.pass_button["custom_id"])
    if controls.piles and (controls.select is None or controls.select.get("disabled")):
        return await member.click(panel, controls.piles[0]["custom_id"])
    if controls.select is not None and not controls.select.get("disabled"):
        return await member.select(panel, values=[controls.select["options"][0]["value"]])
    return await member.click(panel, controls.tiles[0]["custom_id"])


class Players:
    """Members at a table with computer players, each acting from the panel the bot keeps
    up to date for them."""

    def __init__(self, double: DiscordDouble, live_bot: LiveBot, table_id: int,
                 seats: dict[Seat, SimulatedMember], others: list[SimulatedMember], *,
                 lag: bool = False) -> None:
        self.double, self.live_bot, self.table_id = double, live_bot, table_id
        self.seats = seats
        self.panels: dict[Seat, Message] = {}
        self.audit = Audit(double, live_bot.db, table_id, seats, others, lag=lag)
        live_bot.before_computer_moves.append(self._look)

    async def _look(self) -> None:
        await audit_when_drawn(self.double, self.live_bot, self.table_id, self.audit,
                               table_message)

    async def open_panels(self) -> None:
        for seat, member in self.seats.items():
            opened = await member.click(table_message(self.double), label="My hand")
            assert not opened.failed and opened.message is not None, opened
            self.panels[seat] = opened.message

    async def quiet(self) -> None:
        await self.double.settle(quiet=0.02)
        await self.live_bot.idle()
        await self.double.settle(quiet=0.02)
        self.audit.check()

    def to_act(self) -> Seat | None:
        return table_state(self.live_bot.db, self.table_id).to_act

    async def turn(self) -> tuple[Game, Seat, Message] | None:
        """Once the bot is quiet, the game, the member whose turn it is and their panel; None
        once the game is over."""
        await self.quiet()
        game = table_state(self.live_bot.db, self.table_id)
        if game.winner is not None:
            return None
        seat = game.to_act
        assert seat in self.seats, f"a computer player's turn ({seat}) was left waiting"
        return game, seat, self.panels[seat]

    async def step(self) -> Seat | None:
        """The member whose turn it is acts; None once the game is over."""
        turn = await self.turn()
        if turn is None:
            return None
        _, seat, panel = turn
        await self.double.wait_for(lambda: PanelControls.of(panel).can_act, 5,
                                   f"{seat_title(seat)}'s panel to offer a choice")
        answered(await act(self.seats[seat], panel))
        return seat


async def alone_with_computers(double: DiscordDouble, live_bot: LiveBot) -> Players:
    """ana opens a table with computer players in the other seats (``/42 new bots:others``)
    and her panel; eve looks on."""
    ana = double.member("ana")
    assert not (await ana.slash("42 new", bots="others")).failed
    players = Players(double, live_bot, latest_table_id(live_bot.db), {NORTH: ana},
                      [double.member("eve")])
    await players.quiet()
    await players.open_panels()
    return players


def answered(result: InteractionResult) -> None:
    """The click was answered by an update of the panel, without a failure."""
    assert not result.failed and not result.errors and result.response_type == 7, result


async def filled_in(double: DiscordDouble, result: InteractionResult, what: str) -> Message:
    """The reply of ``result`` once it has its embed: on a busy machine the answer is deferred
    and filled in once worked out."""
    reply = result.message
    assert reply is not None
    await double.wait_for(lambda: bool(reply.embeds), 30, what)
    return reply


async def test_one_member_plays_a_whole_game_with_a_bot_partner(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    ana, eve = double.member("ana"), double.member("eve")
    opened = await ana.slash("42 new", bots="others")
    assert not opened.failed and "bot partner" in opened.content, opened
    table_id = latest_table_id(live_bot.db)
    await live_bot.idle()
    message = table_message(double)
    text = message.embeds[0]["description"]
    assert "North <@" in text and "East 🤖 Bo (strong)" in text and "South 🤖 Cleo (strong)" in text
    players = Players(double, live_bot, table_id, {NORTH: ana}, [eve])
    await players.open_panels()
    moves = 0
    while await players.step() is not None:
        moves += 1
        if moves == 16:  # why the bots played the trick on the table: only tiles played
            why = await eve.slash("42 why")
            assert why.ephemeral and not why.failed and why.message is not None, why
            text = str((await filled_in(double, why, "the trick's reasons")).embeds[0])
            assert "The trick on the table" in text
            now = table_state(live_bot.db, table_id)
            played = {tile for hand in (*now.finished, now.hand) for trick in hand.tricks
                      for tile in trick.tiles} | {tile for _, tile in now.hand.trick}
            assert tiles_in(text) <= played
    game = table_state(live_bot.db, table_id)
    assert game.winner is not None and moves > 20
    assert "win the game" in fields(message)["Game over"]
    assert assert_policy_moves(live_bot.db, table_id, {EAST, SOUTH, WEST}) > 60
    assert players.audit.versions_checked > 100
    assert not double.failed_interactions and not double.late_answers

    board = await eve.slash("42 leaderboard")  # not rated: bots held seats of their own
    text = board.message.embeds[0]["description"]  # type: ignore[union-attr]
    assert f"{ana.mention} — not rated yet · games played: 1 ·" in text
    board = await eve.slash("42 leaderboard", by="marks")
    text = board.message.embeds[0]["description"]  # type: ignore[union-attr]
    won = int(game.winner == FOUR_SEATS.side_of[NORTH])
    ns = FOUR_SEATS.side_of[NORTH]
    assert f"{ana.mention} — marks won: {game.marks[ns]} · games played: 1 ·" \
           f" won: {won}" in text
    # East and West are partners; South is ana's partner.
    marks = 2 * game.marks[FOUR_SEATS.side_of[EAST]] + game.marks[FOUR_SEATS.side_of[SOUTH]]
    seats_won = 1 if won else 2
    assert (f"Computer players (strong)** — marks won: {marks} · seats played: 3 · won:"
            f" {seats_won}" in text)

    # Why the bots played the last hand as they did: privately, naming no tile never played.
    review = await eve.slash("42 review")
    assert review.ephemeral and review.message is not None
    why = await eve.click(review.message, label="Why did the bots play so?")
    assert why.ephemeral and not why.failed and why.message is not None, why
    explained = str((await filled_in(double, why, "the bots' reasons")).embeds[0])
    assert "why the bots played as they did" in explained
    last = game.finished[-1]
    assert tiles_in(explained) <= {tile for trick in last.tricks for tile in trick.tiles}


async def test_a_restart_catch_up_draws_a_busy_table_when_its_turn_comes(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    """After a restart the table messages are drawn again a few at a time. A computer move at a
    table the catch-up has still to draw does not draw it first (hundreds of busy tables would
    keep the others waiting): the catch-up draws it, every move made meanwhile included, and
    from then on its moves draw it again."""
    double = discord_double
    opened = await double.member("eve").slash("42 new", bots="all")
    assert "Four 🤖 bots are playing" in opened.content, opened
    table_id = latest_table_id(live_bot.db)
    cog: Any = live_bot.bot.get_cog("Tables")
    go = asyncio.Event()
    catching_up = asyncio.create_task(cog.messages.catch_up([table_id], go.wait()))
    await double.wait_for(lambda: action_count(live_bot.db, table_id) >= 10, 20, "moves")
    await cog.messages.redrawer.idle()  # a drawing begun before the catch-up was called
    message = table_message(double)
    versions = len(message.versions)
    moved = action_count(live_bot.db, table_id)
    await double.wait_for(lambda: action_count(live_bot.db, table_id) >= moved + 10, 20,
                          "more moves")
    await cog.messages.redrawer.idle()
    assert len(message.versions) == versions, "a move drew a table the catch-up is to draw"
    go.set()
    await catching_up
    assert len(message.versions) > versions
    drawn = len(message.versions)
    moved = action_count(live_bot.db, table_id)
    await double.wait_for(lambda: action_count(live_bot.db, table_id) >= moved + 5, 20,
                          "moves after the catch-up")
    await live_bot.drawn()
    assert len(message.versions) > drawn
    await live_bot.bot.service.end(table_id, double.member("eve").id, moderator=False)


@on_both_backends
async def test_bots_in_the_lobby_and_a_member_away(discord_double: DiscordDouble,
                                                   live_bot: LiveBot) -> None:
    double = discord_double
    ana, bia, caio = (double.member(n) for n in ("ana", "bia", "caio"))
    await ana.slash("42 new")
    message = table_message(double)
    refused = await bia.click(message, label="Add bot East")
    assert refused.ephemeral and "Only a seated player or the table's creator" in \
        refused.content, refused
    for label in ("Add bot East", "Add bot West"):
        assert not (await ana.click(message, label=label)).failed
    await double.wait_for(lambda: "West 🤖 Dex (" in message.embeds[0]["description"], 5,
                          "the bots to be seated")
    assert any(c.get("label") == "Remove bot West" for c in components(message))
    assert not (await ana.click(message, label="Remove bot West")).failed
    await double.wait_for(lambda: "West (empty)" in message.embeds[0]["description"], 5,
                          "West to be free again")
    await bia.click(message, label="Sit West")
    await caio.click(message, label="Sit South")
    await double.wait_for(lambda: any(c.get("label") == "Start" and not c.get("disabled")
                                      for c in components(message)), 5, "Start")
    assert not (await bia.click(message, label="Start")).failed
    table_id = latest_table_id(live_bot.db)
    seats = {NORTH: ana, SOUTH: caio, WEST: bia}
    players = Players(double, live_bot, table_id, seats, [])
    await players.quiet()
    await players.open_panels()

    # ana is away: bia and caio both agree, by button, and the table shows the votes.
    menu = await bia.click(table_message(double), label="Someone's away…")
    assert menu.ephemeral and "Who is away?" in menu.content
    first = await bia.click(menu, label="Let a bot play North")
    assert first.ephemeral and f"Still needed: {caio.mention}" in first.content, first
    await players.quiet()
    away = fields(table_message(double))["Away"]
    assert f"Agreed: {bia.mention}. Still needed: {caio.mention}." in away
    assert "is away" not in away
    # caio, asked once by a ping, agrees in one press on the table.
    asked = [n for n in caio.notifications()
             if "asks to let a 🤖 bot play North" in n.message.content]
    assert len(asked) == 1 and bia.mention in asked[0].message.content, caio.notifications()
    assert not [n for n in ana.notifications() if "asks to let" in n.message.content]
    again = await bia.click(table_message(double), label="Agree: a bot plays North")
    assert again.ephemeral and "already agreed" in again.content, again
    second = await caio.click(table_message(double), label="Agree: a bot plays North")
    assert "Everyone agreed" in second.content, second
    assert len([n for n in caio.notifications() if "asks to let" in n.message.content]) == 1
    await players.quiet()
    assert f"{ana.mention} is away" in fields(table_message(double))["Away"]
    assert "You are away" in str(players.panels[NORTH].embeds)
    assert not PanelControls.of(players.panels[NORTH]).can_act

    present = {SOUTH: caio, WEST: bia}
    players.seats = present
    count = action_count(live_bot.db, table_id)
    while not any(seat is NORTH for seat, _ in stored(live_bot.db, table_id)[1][count:]):
        assert await players.step() is not None

    # One click and North is ana's again; from then on nothing is played for her.
    back = await ana.click(table_message(double), label="I'm back (North)")
    assert not back.failed and back.ephemeral and back.message is not None, back
    # Its first version says so; the panel is kept current from then on.
    assert "Welcome back" in back.message.versions[0].content, back
    players.panels[NORTH] = back.message
    players.seats = seats
    await players.quiet()
    assert "Away" not in fields(table_message(double))
    while players.to_act() is not NORTH:
        assert await players.step() is not None
    await players.quiet()
    count = action_count(live_bot.db, table_id)
    await asyncio.sleep(0.2)
    await players.quiet()
    assert action_count(live_bot.db, table_id) == count  # her turn waits for her
    assert PanelControls.of(players.panels[NORTH]).can_act
    assert await players.step() is NORTH
    assert stored(live_bot.db, table_id)[1][count][0] is NORTH  # hers, by her click
    assert assert_policy_moves(live_bot.db, table_id, {EAST}) > 0
    assert not double.failed_interactions and not double.late_answers


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_a_table_of_bots_killed_mid_hand_goes_on(discord_double: DiscordDouble,
                                                       start_bot_process: StartBot,
                                                       database: Path | str) -> None:
    """On SQLite, and on PostgreSQL."""
    double = discord_double
    db = database
    env = {**settings_for(db), "DEV_GUILD_ID": str(double.guild.id), "LOG_LEVEL": "INFO",
           "BOT_PAUSE_SECONDS": "0.2", "BOT_STRONG_PLAYER": RULES_POLICY, "BOT_WORKERS": "1"}
    process = await start_bot_process("bot", env=env, wait_for_sync=True)
    eve = double.member("eve")
    opened = await eve.slash("42 new", bots="all")
    assert not opened.failed and "Four 🤖 bots are playing" in opened.content, opened
    table_id = latest_table_id(db)
    audit = Audit(double, db, table_id, {}, [eve], lag=True)

    def mid_trick() -> bool:
        audit.check()
        game = table_state(db, table_id)
        return action_count(db, table_id) >= 8 and bool(game.hand.trick)

    await double.wait_for(mid_trick, 20, "the bots to be in the middle of a trick")
    assert process.process is not None
    workers = descendants(process.process.pid)
    assert workers, "the bot thinks in child processes"
    assert await process.kill() == -9
    count = action_count(db, table_id)
    await double.wait_for(lambda: not any(alive(p) for p in workers), 10,
                          "the killed bot's worker processes to end")

    message = table_message(double)
    versions = len(message.versions)
    process = await start_bot_process("bot", env=env, wait_for_sync=True)

    def played_on() -> bool:
        audit.check()
        return action_count(db, table_id) >= count + 12

    await double.wait_for(played_on, 20, "the bots to play on after the restart")
    # Redrawn, then at each of the moments of the twelve moves (a trick or more completed).
    assert len(message.versions) >= versions + 2, (versions, message.versions)
    assert audit.versions_checked > 4
    # The move interrupted by the kill, and every one after it, is the policy's own.
    assert assert_policy_moves(db, table_id, set(SEATS)) >= count + 12
    assert not double.failed_interactions
    assert "Traceback" not in process.output
    await process.stop()
    assert isinstance(db, str) or db.exists()
