"""Four members at a table through the Discord double: what they click, and what they saw.

The members act only as a person could: slash commands, and the buttons and selects on
messages they can see. :class:`Audit` checks every version of every message each member could
see against the game rebuilt by the engine from the bot's database (an SQLite file, or a
PostgreSQL database).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.storage.sql import options_from_json
from engine import SEATS, Domino, Game, HandState, Phase, Seat, Trump, parse_action
from engine.actions import Play
from engine.observation import public_call
from engine.seats import ALL_SEATS, seat_title
from engine.variants import variant_named
from tests.common import EAST, NORTH, SOUTH, WEST
from tools.discord_double import DiscordDouble, Guild, Message, MessageVersion, SimulatedMember
from tools.discord_double.driver import InteractionResult

if TYPE_CHECKING:
    from cogs.messages.reply import Reply

NAMES = {NORTH: "ana", EAST: "bia", SOUTH: "caio", WEST: "davi"}
TILE_LABEL = re.compile(r"\[([0-9])\|([0-9])\]")
TILE_ID = re.compile(r"(?:play:|discard:|,)([0-9])-([0-9])")
SEAT = re.compile(r"\b(North|East|South|West|Seat [0-9]|Red [0-9]|Blue [0-9]|Green [0-9])\b")
MENTION = re.compile(r"<@(\d+)>")

Plan = Callable[[int], tuple[Any, ...]]
"""Hand number -> ("pass",) | ("points", 30) | ("marks", marks, piles)."""


def tiles_in(text: str) -> set[Domino]:
    """The tiles a text writes, by face (two copies of a face read alike, V-GEN-SET)."""
    found = {Domino.of(int(a), int(b), top=9) for a, b in TILE_LABEL.findall(text)}
    found |= {Domino.of(int(a), int(b), top=9) for a, b in TILE_ID.findall(text)}
    return found


SIDE = re.compile(r"North–South|East–West|(?:Seat [0-9]|Red|Blue|Green)(?=:| took the trick)")
"""A side's name: a team's, or, where each plays for oneself, a seat's as the side that took
a trick or holds a pile (V-GEN-SEATS) — which says nothing of who played what."""


def linked_tiles(text: str) -> set[Domino]:
    """Tiles written on a line that also names a seat (a side's name aside)."""
    found: set[Domino] = set()
    for line in text.splitlines():
        if SEAT.search(SIDE.sub("", line)):
            found |= tiles_in(line)
    return found


def version_texts(version: MessageVersion) -> tuple[list[str], list[str]]:
    """All texts of a version, and those outside a hand's review (which may tie tiles to
    players: the hand is over, R-REVIEW)."""
    outside = [version.content] if version.content else []
    for embed in version.embeds:
        if "— review" in str(embed.get("title") or ""):
            continue
        outside += [str(embed.get(k) or "") for k in ("title", "description")]
        outside += [str((embed.get("footer") or {}).get("text") or "")]
        for f in embed.get("fields") or []:
            outside += [str(f.get("name") or ""), str(f.get("value") or "")]
    return version.texts(), outside


def is_panel(message: Message) -> bool:
    return bool(message.ephemeral and message.embeds and str(
        message.embeds[0].get("title", "")).startswith("Your hand"))


def components(message: Message) -> Iterator[dict[str, Any]]:
    for row in message.components:
        yield from row.get("components") or []


@dataclass
class PanelControls:
    """What a panel offers, read from its components."""

    tiles: list[dict[str, Any]] = field(default_factory=list)
    """Enabled tile buttons, in the panel's (dealt) order."""
    all_tiles: list[dict[str, Any]] = field(default_factory=list)
    select: dict[str, Any] | None = None
    pass_button: dict[str, Any] | None = None
    piles: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, message: Message) -> PanelControls:
        controls = cls()
        for c in components(message):
            custom_id = c.get("custom_id", "")
            if c.get("type") == 3:
                controls.select = c
            elif ":play:" in custom_id:
                controls.all_tiles.append(c)
                if not c.get("disabled"):
                    controls.tiles.append(c)
            elif custom_id.endswith(":pass"):
                controls.pass_button = c
            elif custom_id.startswith("42:p:"):
                controls.piles.append(c)
        return controls

    @property
    def can_act(self) -> bool:
        select_on = self.select is not None and not self.select.get("disabled")
        return bool(self.tiles or select_on or self.pass_button or self.piles)

    @property
    def in_auction(self) -> bool:
        return self.pass_button is not None


Database = Path | str
"""Where the bot under test keeps its games: an SQLite file, or a PostgreSQL URL."""


def query(db: Database, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (with ``$1`` parameters) read straight from the bot's database; on
    PostgreSQL the calling event loop waits meanwhile (a millisecond or so)."""
    if isinstance(db, Path):
        with sqlite3.connect(db) as raw:
            return raw.execute(sql.replace("$", "?"), args).fetchall()
    return _READER.fetch(db, sql, *args)


class _PostgresReader:
    """One connection per database, in an event loop of its own on a thread of its own, so
    that sync test code (predicates of ``wait_for``) can read PostgreSQL quickly."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connections: dict[str, asyncpg.Connection] = {}

    def fetch(self, url: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            threading.Thread(target=self._loop.run_forever, name="postgres reader",
                             daemon=True).start()
        return asyncio.run_coroutine_threadsafe(self._fetch(url, sql, *args),
                                                self._loop).result(30)

    async def _fetch(self, url: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        connection = self._connections.get(url)
        if connection is None or connection.is_closed():
            connection = self._connections[url] = await asyncpg.connect(url)
        return [tuple(row) for row in await connection.fetch(sql, *args)]


_READER = _PostgresReader()


def stored(db: Database, table_id: int) -> tuple[str, list[tuple[Seat, str]]]:
    """The table's seed and its accepted actions, in order."""
    ((seed,),) = query(db, "SELECT seed FROM tables WHERE id = $1", table_id)
    rows = query(db, "SELECT seat, action FROM actions WHERE table_id = $1 ORDER BY n", table_id)
    return seed, [(ALL_SEATS[s], a) for s, a in rows]


def latest_table_id(db: Database) -> int:
    return int(query(db, "SELECT MAX(id) FROM tables")[0][0])


@dataclass
class _Replayed:
    """A table's game as last rebuilt, and the stored actions it was rebuilt from."""

    seed: str
    options: str
    variant: str
    game: Game
    last: tuple[Seat, str] | None
    count: int


_replayed: dict[tuple[str, int], _Replayed] = {}


def table_state(db: Database, table_id: int) -> Game:
    """The game as the bot stored it, rebuilt by the engine (the test's oracle).

    Asked after every move of long games, so the game rebuilt last time is carried on with the
    actions stored since (actions are only ever appended); it is rebuilt from the seed whenever
    the table or its last known action is not what it was."""
    ((seed, options, variant),) = query(
        db, "SELECT seed, options, variant FROM tables WHERE id = $1", table_id)
    key = (str(db), table_id)
    known = _replayed.get(key)
    if known is None or (known.seed, known.options, known.variant) != (seed, options, variant):
        known = _Replayed(seed, options, variant, Game.new(
            seed, options_from_json(options), variant=variant_named(variant)), None, 0)
    rows = [(ALL_SEATS[s], a) for s, a in query(
        db, "SELECT seat, action FROM actions WHERE table_id = $1 AND n >= $2 ORDER BY n",
        table_id, max(known.count - 1, 0))]
    if known.last is not None and (not rows or rows[0] != known.last):
        _replayed.pop(key, None)  # not the game it was: rebuilt from the start
        return table_state(db, table_id)
    game, top = known.game, known.game.variant.top
    for seat, text in rows[1:] if known.last is not None else rows:
        game = game.apply(seat, parse_action(text, top))
    last = rows[-1] if rows else known.last
    _replayed[key] = _Replayed(seed, options, variant, game, last,
                               known.count + len(rows) - (known.last is not None))
    return game


def face_up(hand: HandState | None) -> set[Domino]:
    """Tiles the rules lay face up for everybody: every hand, once Sevens is named (H-SEVENS);
    72's discarded trumps (V-72-WIDOW)."""
    if hand is None:
        return set()
    shown = {tile for call in hand.actions
             for tile in getattr(public_call(hand, call).action, "tiles", ())}
    if hand.trump is not Trump.CLOSEST_TO_SEVEN:
        return shown
    return shown | {tile for seat in SEATS for tile in hand.hand_of(seat)}


def known_to(hand: HandState, seat: Seat) -> set[Domino]:
    """What ``seat`` alone may see of ``hand`` besides its tiles: the leftover, once it is the
    declarer past the auction (V-GEN-DEAL), and its own face-down discards (V-GEN-DISCARD)."""
    known = set(hand.discards_of(seat))
    if hand.contract is not None and hand.contract.declarer == seat and (
            hand.phase is not Phase.AUCTION):
        known |= set(hand.deal.leftover)
    return known


def played_by(game: Game, seat: Seat) -> set[Domino]:
    """The tiles ``seat`` played in the finished hands: its own panel may name its last move
    even hands later ("Your last move: [8|0], in hand 1"), when another seat holds that face."""
    return {call.action.tile for past in game.finished for call in past.actions
            if call.seat == seat and isinstance(call.action, Play)}


def action_count(db: Database, table_id: int) -> int:
    return int(query(db, "SELECT COUNT(*) FROM actions WHERE table_id = $1", table_id)[0][0])


class Audit:
    """R-SEE-HAND, R-SEE-ANON: nobody ever sees a tile still held by another seat (except the
    hands Sevens lays face up, H-SEVENS), and no message ever ties a captured tile of the hand
    in play to whoever played it.

    Called after each action. Exact when the bot has drawn everything before the check (the
    bot runs in-process); with ``lag`` (a bot in another process, only watched through the
    double) a version may show the state one action before the check, so it is held to what
    was true then: a tile captured two checks ago, an own tile of the hand before."""

    def __init__(self, double: DiscordDouble, db: Database, table_id: int,
                 seats: dict[Seat, SimulatedMember], others: list[SimulatedMember], *,
                 lag: bool = False) -> None:
        self.double, self.db, self.table_id = double, db, table_id
        self.seats = seats
        self.viewers = [*seats.values(), *others]
        self.lag = lag
        self.checked: dict[tuple[int, int], int] = {}
        self.versions_checked = 0
        self.copies = 1
        self._captured: list[tuple[int, frozenset[Domino]]] = []

    def check(self) -> None:
        game = table_state(self.db, self.table_id)
        self.copies = game.variant.copies
        hand = game.hand
        played_now = {t for trick in hand.tricks for t in trick.tiles} | {t for _, t in hand.trick}
        lying = 1 if hand.tricks and not hand.trick else 0  # R-SEE-TABLE: not yet gathered
        captured = frozenset(t for trick in hand.tricks[:len(hand.tricks) - lying]
                             for t in trick.tiles)
        self._captured.append((game.hand_number, captured))
        if self.lag:
            number, earlier = self._captured[-3] if len(self._captured) > 2 else (0, frozenset())
            captured = earlier if number == game.hand_number else frozenset()
        previous = game.previous
        played_before: set[Domino] = set()
        if previous is not None and previous is not hand:
            played_before = {t for trick in previous.tricks for t in trick.tiles}
            played_before |= {t for _, t in previous.trick}
        public = played_now | played_before | face_up(hand)
        if previous is not None and previous is not hand:
            public |= face_up(previous)
        for viewer in self.viewers:
            seat = next((s for s, m in self.seats.items() if m is viewer), None)
            own: set[Domino] = set()
            if seat is not None:
                own = set(hand.hand_of(seat)) | known_to(hand, seat) | played_by(game, seat)
                if self.lag and previous is not None and previous is not hand:
                    own |= set(previous.deal.hands[seat]) | known_to(previous, seat)
            for message in self.double.world.messages.values():
                if viewer.can_see(message):
                    self._check(viewer, message, public, own, captured)

    def _check(self, viewer: SimulatedMember, message: Message, public: set[Domino],
               own: set[Domino], captured: frozenset[Domino]) -> None:
        key = (viewer.id, message.id)
        start = self.checked.get(key, 0)
        for number, version in enumerate(message.versions[start:], start=start + 1):
            allowed = {tile.face for tile in public | (
                own if message.ephemeral_to is viewer.member else set())}
            texts, outside_review = version_texts(version)
            for text in texts:
                leaked = tiles_in(text) - allowed
                assert not leaked, (
                    f"{viewer.name} saw {sorted(t.label for t in leaked)} held by "
                    f"another seat, in message {message.id} version {number}: {text!r}")
            for text in outside_review:
                tied = linked_tiles(text) & _whole_faces(captured, self.copies)
                assert not tied, (
                    f"{viewer.name} can tell who played captured "
                    f"{sorted(t.label for t in tied)} in message {message.id} "
                    f"version {number}: {text!r}")
            self.versions_checked += 1
        self.checked[key] = len(message.versions)


async def audit_when_drawn(double: DiscordDouble, live_bot: Any, table_id: int, audit: Audit,
                           message_of: Callable[[DiscordDouble], Message]) -> None:
    """Before a computer player's move: once the table message shows the game as it is and
    nothing is in flight, audit everything drawn so far (so a trick is seen in progress)."""
    from cogs.messages.table import table_message
    from cogs.pictured import table_picture
    from cogs.pictures import table_alt
    snapshot = await live_bot.bot.service.snapshot(table_id)
    alts = [table_alt(table_picture(snapshot))] if snapshot.observation is not None else []
    strong = live_bot.bot.config.strong_player  # named on the table, unless the strongest
    wanted = [_drawn(table_message(snapshot, pictured=True, strong=strong), alts),
              _drawn(table_message(snapshot, strong=strong), [])]  # or as text alone

    def shows_current() -> bool:
        message = message_of(double)
        embed = message.embeds[0]
        return (message.content or "", embed.get("description"),
                [(f["name"], f["value"]) for f in embed.get("fields") or []],
                [a.get("description") for a in message.attachments]) in wanted

    await double.wait_for(shows_current, 5, "the table message to catch up")
    await double.settle(quiet=0.005)
    await live_bot.drawn()
    audit.check()


def _drawn(reply: Reply, alts: list[str]) -> tuple[object, ...]:
    """What a table message drawn as ``reply`` with pictures described by ``alts`` holds."""
    assert reply.embed is not None
    return (reply.content or "", reply.embed.description,
            [(f.name, f.value) for f in reply.embed.fields], alts)


def _whole_faces(tiles: frozenset[Domino], copies: int) -> set[Domino]:
    """The faces of which every copy is among ``tiles``: with two copies of a face (V-GEN-SET)
    a text naming it may be about the other copy, still in play."""
    count: dict[Domino, int] = {}
    for tile in tiles:
        count[tile.face] = count.get(tile.face, 0) + 1
    return {face for face, n in count.items() if n == copies}


class Table:
    """A table in one channel with four members seated North, East, South, West."""

    def __init__(self, double: DiscordDouble, db: Database, channel: str = "general", *,
                 idle: Callable[[], Awaitable[None]] | None = None,
                 guild: Guild | None = None) -> None:
        self.double, self.db = double, db
        self.channel = double.channel(channel, guild)
        self.idle = idle
        """Waits until the bot has drawn everything (in-process only; else the double settles)."""
        self.seats = {seat: double.member(name, guild=guild) for seat, name in NAMES.items()}
        self.by_id = {m.id: m for m in self.seats.values()}
        self.table_id = 0
        self.bids: set[int] = set()
        self.audit: Audit | None = None
        self.active: dict[int, Message] = {}

    @property
    def north(self) -> SimulatedMember:
        return self.seats[NORTH]

    def seat_of(self, member: SimulatedMember) -> Seat:
        return next(s for s, m in self.seats.items() if m is member)

    # ----- the table message -------------------------------------------------------------------

    def table_message(self) -> Message:
        """The live table message: the bot's latest channel message with table buttons."""
        found = [m for m in self.double.messages(self.channel) if not m.ephemeral and any(
            c.get("custom_id", "").startswith(("42:hand:", "42:sit:", "42:start:", "42:rematch:"))
            for c in components(m))]
        assert found, "no table message in the channel"
        return found[-1]

    def fields(self) -> dict[str, str]:
        embed = self.table_message().embeds[0]
        return {f["name"]: f["value"] for f in embed.get("fields") or []}

    def alt(self) -> str:
        """What the table's picture shows, as its alt text says it ("" before the game)."""
        return " ".join(str(a.get("description") or "") for a in self.table_message().attachments)

    def to_act(self) -> SimulatedMember | None:
        found = MENTION.search(self.table_message().content or "")
        return self.by_id[int(found[1])] if found else None

    # ----- setting up ----------------------------------------------------------------------

    async def open(self) -> InteractionResult:
        result = await self.north.slash("42 new", where=self.channel)
        assert not result.failed and result.ephemeral, result
        message = self.table_message()
        self.table_id = int(next(c["custom_id"] for c in components(message)
                                 if c.get("custom_id", "").startswith("42:sit:")).split(":")[2])
        for seat in (EAST, SOUTH, WEST):
            sat = await self.seats[seat].click(self.table_message(),
                                               label=f"Sit {seat_title(seat)}")
            assert not sat.failed, sat
        await self.double.wait_for(lambda: any(
            c.get("label") == "Start" and not c.get("disabled")
            for c in components(self.table_message())), 5, "Start to be enabled")
        return result

    async def start(self, others: list[SimulatedMember] = ()) -> None:  # type: ignore[assignment]
        started = await self.north.click(self.table_message(), label="Start")
        assert not started.failed, started
        await self.double.wait_for(self.to_act, 5, "the table to show whose turn it is")
        self.audit = Audit(self.double, self.db, self.table_id, self.seats, list(others),
                           lag=self.idle is None)
        for member in self.seats.values():
            await self.open_panel(member)

    async def open_panel(self, member: SimulatedMember) -> Message:
        result = self.touched(member, await member.click(self.table_message(), label="My hand"))
        assert not result.failed and result.ephemeral, result
        assert result.message is not None
        return result.message

    def panel(self, member: SimulatedMember) -> Message | None:
        """The panel the bot keeps up to date for this member: the last one it drew in answer
        to something the member did (My hand, or a press on a panel)."""
        return self.active.get(member.id)

    def touched(self, member: SimulatedMember, result: InteractionResult) -> InteractionResult:
        """Note which panel a member's interaction drew, as the bot does."""
        message = result.message
        if message is not None and is_panel(message):
            self.active[member.id] = message
        return result

    async def quiet(self) -> None:
        await self.double.settle(quiet=0.02)
        if self.idle is not None:
            await self.idle()
            await self.double.settle(quiet=0.02)

    # ----- playing -------------------------------------------------------------------------

    async def turn(self, timeout: float = 10.0) -> tuple[SimulatedMember, Message] | None:
        """Whose turn it is and their panel, once that panel offers their choices (it is
        refreshed for them); None once the game is over."""

        def ready() -> tuple[SimulatedMember, Message] | str | None:
            if "Game over" in self.fields():
                return "over"
            member = self.to_act()
            panel = self.panel(member) if member is not None else None
            if member is None or panel is None or not PanelControls.of(panel).can_act:
                return None
            return member, panel

        found = await self.double.wait_for(ready, timeout, "the next player's panel")
        return None if found == "over" else found  # type: ignore[return-value]

    def hand_of(self, panel: Message) -> int:
        custom_id = next(c["custom_id"] for c in components(panel)
                         if c.get("custom_id", "").startswith(("42:a:", "42:s:")))
        return int(custom_id.split(":")[3])

    async def act(self, member: SimulatedMember, panel: Message, plan: Plan) -> InteractionResult:
        return self.touched(member, await self._act(member, panel, plan))

    async def _act(self, member: SimulatedMember, panel: Message, plan: Plan) -> InteractionResult:
        """One choice from what the panel offers: the plan's bid, else pass; then its trump and
        piles; then the first tile the panel enables."""
        controls = PanelControls.of(panel)
        hand = self.hand_of(panel)
        kind = plan(hand)
        if controls.in_auction:
            if kind[0] != "pass" and hand not in self.bids:
                self.bids.add(hand)
                label = f"Bid {kind[1]}" if kind[0] == "points" else f"Bid {kind[1]} mark" + (
                    "s" if kind[1] > 1 else "")
                return await member.select(panel, labels=[label])
            assert controls.pass_button is not None
            return await member.click(panel, controls.pass_button["custom_id"])
        if controls.piles and (controls.select is None or controls.select.get("disabled")):
            piles = kind[2] if kind[0] == "marks" else 1
            label = f"{piles} pile face up" if piles == 1 else f"{piles} piles face up"
            return await member.click(panel, label=label)
        if controls.select is not None:
            return await member.select(panel, values=[controls.select["options"][0]["value"]])
        return await member.click(panel, controls.tiles[0]["custom_id"])

    async def play(self, plan: Plan, *, until: Callable[[], bool] = lambda: False,
                   check: Callable[[], None] = lambda: None) -> int:
        """Act for whoever's turn it is until the game ends or ``until()``; audits each step."""
        steps = 0
        while not until():
            found = await self.turn()
            if found is None:
                break
            member, panel = found
            result = await self.act(member, panel, plan)
            assert not result.failed and not result.errors, result
            assert result.response_type in (6, 7), result
            steps += 1
            await self.quiet()
            if self.audit is not None:
                self.audit.check()
            check()
        return steps
