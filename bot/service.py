"""Tables as a service: load → apply → commit → describe, one table at a time.

The service knows no rule. It hands each action to the engine, turns an engine refusal into a
:class:`Refusal` the player can read, commits what the engine accepted, and describes the result
only through observations (``engine.observe``), so the Discord layer cannot show what a seat
may not see. Live games are cached in memory and rebuilt with ``Game.replay`` from the stored
seed and actions the first time a table is used after a restart.

Computer players go through the same path: :meth:`TableService.computer_turn` hands out what
the seat to act may see, and :meth:`TableService.act_as_computer` applies the decision under
the table's lock only if the game has not moved meanwhile. Who thinks, and when, is
:mod:`bot.autoplay`'s business; the service only tells its watchers that a table changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from engine import (
    DEFAULT_OPTIONS,
    RULES_VERSION,
    SUPPORTED_RULES_VERSIONS,
    Action,
    Call,
    Domino,
    Game,
    HandResult,
    HandState,
    HandSummary,
    Observation,
    Options,
    Play,
    RuleError,
    Seat,
    Team,
    UnsupportedRulesVersion,
    observe,
    parse_action,
    summarize,
)
from engine.observation import public_call
from engine.variants import FORTY_TWO, Variant

from .house_rules import InvalidChoice, options_from
from .i18n import N_, Locale, reader, t
from .records import (
    COMPUTER_PARTNER,
    ComputerResult,
    ComputerStanding,
    GameKind,
    Level,
    Partner,
    Player,
    PlayerResult,
    Standing,
    Status,
    StoredAction,
    TableRecord,
)
from .shards import ALL, Shards
from .storage import ConflictError, Storage

log = logging.getLogger(__name__)

CACHE_SIZE = 4096
"""Games kept in memory, most recently used kept longest. A game takes a few KiB (about 10 at
its end), and a process should hold every open table of its shards: one left out is loaded
again (a few queries and a replay) at each of its moves and redraws."""
PRELOAD_YIELD = 10
"""Games rebuilt between two yields to the event loop while a restart loads them all."""


class Refusal(Exception):
    """A request refused, said privately to whoever made it; nothing changed.

    ``msgid`` and ``params`` go through :func:`bot.i18n.t`. ``panel``, when set, is the player's
    current panel, shown with the refusal (a stale button answers with the fresh one)."""

    def __init__(self, msgid: str, /, *, panel: Panel | None = None,
                 table: TableRecord | None = None, **params: object) -> None:
        super().__init__(msgid)
        self.msgid = msgid
        self.params = params
        self.panel = panel
        self.table = table
        """The table the refusal is about, for a link to its message."""

    def __repr__(self) -> str:
        return f"Refusal({self.msgid!r}, {self.params!r})"

    def text(self, locale: Locale) -> str:
        """The refusal in ``locale``; ``{link}`` leads to the table it is about, whose seats
        it names as that table does."""
        params = dict(self.params)
        table = self.table or (self.panel.table if self.panel is not None else None)
        if table is None:
            return t(locale, self.msgid, **params)
        params.setdefault("link", table.link)
        return t(reader(locale, table.variant.seating), self.msgid, **params)


class _Stale(Exception):
    """The action lost a race: another writer committed the table's next action first."""


ATTEMPTS = 3
"""Tries of one action against other writers of its table before the player is told to retry."""


class Unrestorable(Refusal):
    """A stored table whose game this bot cannot rebuild exactly (another rules version, or
    actions the engine refuses): it is left as stored, and only closing it is offered."""


FIRST_RULES_VERSION = 1
"""What a game stored without a rules version was played under: the first."""
MAX_TABLE_ID = 2**63 - 1
"""Table ids are SQLite integers: anything larger in a custom id is not one of ours."""


# Engine refusals by code (and, for bids, by the fact they carry), as message ids. The engine's
# English ``message`` is never shown as is, so every refusal can be translated.
_RULE_MESSAGES = {
    "not_your_turn": N_("It's {to_act}'s turn."),
    "wrong_phase": N_("That can't be done at this point of the hand."),
    "hand_over": N_("This hand is over."),
    "game_over": N_("This game is over."),
    "illegal_trump": N_("That trump can't be named here."),
    "not_in_hand": N_("That tile is not in your hand."),
}
_SUIT_MESSAGES = {
    "blanks": N_("You must follow blanks."), "ones": N_("You must follow ones."),
    "twos": N_("You must follow twos."), "threes": N_("You must follow threes."),
    "fours": N_("You must follow fours."), "fives": N_("You must follow fives."),
    "sixes": N_("You must follow sixes."), "trumps": N_("You must follow trumps."),
    "doubles": N_("You must follow doubles."),
    "sevens": N_("You must play a tile closest to 7 (Sevens)."),
}


def refusal_for(error: RuleError, panel: Panel | None = None) -> Refusal:
    """The player-facing refusal for an engine :class:`RuleError`."""
    params = error.params
    if error.code == "must_follow":
        msgid = _SUIT_MESSAGES.get(str(params.get("suit")), N_("You must follow the suit led."))
        return Refusal(msgid, panel=panel)
    if error.code == "illegal_bid":
        if "marks" in params:
            return Refusal("The next marks bid must be exactly {marks} marks.", panel=panel,
                           marks=params["marks"])
        if "points" in params:
            return Refusal("Bid more than {points}.", panel=panel, points=params["points"])
        return Refusal("That bid is not allowed now: choose one from your panel.", panel=panel)
    refusal = Refusal(_RULE_MESSAGES.get(error.code, N_("That is not allowed now.")), panel=panel)
    refusal.params.update(params)
    return refusal


@dataclass(frozen=True, slots=True)
class Event:
    """What the last accepted action did, for the line under the table (all of it public)."""

    seat: Seat
    action: Action
    trick: tuple[Domino, ...] = ()
    """The tiles of the trick this play completed, sorted so play order can't be read back
    (R-SEE-ANON); empty unless it completed one."""
    trick_team: Team | None = None


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table for the channel: the spectator's observation only."""

    table: TableRecord
    observation: Observation | None
    """``None`` before the game starts."""
    count: int = 0
    """How many actions the game has accepted; panels carry it to recognise stale buttons."""
    last_hand: HandSummary | None = None
    event: Event | None = None
    hand_ended: bool = False
    """The accepted action ended a hand: the summary of ``last_hand`` is news."""
    hands: tuple[HandResult, ...] = ()
    """How each finished hand ended, in order (public: the marks hand by hand)."""


@dataclass(frozen=True, slots=True)
class LastMove:
    """A seat's last accepted action and the hand it was made in: its own panel says it, so a
    move accepted just before a crash (whose answer never arrived) is not a mystery."""

    hand_number: int
    action: Action


@dataclass(frozen=True, slots=True)
class Panel:
    """One seat's private panel: its own observation (R-SEE-HAND)."""

    table: TableRecord
    seat: Seat
    observation: Observation
    count: int
    last_move: LastMove | None = None

    @property
    def user_id(self) -> int | None:
        player = self.table.player(self.seat)
        return player.user_id if player is not None else None


@dataclass(frozen=True, slots=True)
class Accepted:
    snapshot: TableSnapshot
    panels: tuple[Panel, ...]
    """Every seat's panel after the action; the acting seat's is ``panels[seat]``."""
    seat: Seat
    by_computer: bool = False
    """A computer player chose it (for its own seat or for an away member)."""

    @property
    def panel(self) -> Panel:
        return self.panels[self.seat]


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """A computer player's turn: what its seat may see, and the seed of its decision.

    The seed comes from the game's seed and the number of actions accepted, so a decision
    interrupted by a restart is made again exactly the same."""

    table_id: int
    count: int
    seat: Seat
    observation: Observation
    seed: str
    level: Level = Level.STRONG
    """How strong the table's computer players are: which policy decides."""


@dataclass(frozen=True, slots=True)
class AwayVote:
    """A vote to let a computer player play a member's seat, once recorded."""

    snapshot: TableSnapshot
    seat: Seat
    handed_over: bool
    """Every other seated member has agreed: a computer player now plays the seat."""
    waiting: tuple[int, ...]
    """The members whose agreement is still needed."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """A press of Rematch: the new table once everyone agreed, else the finished one with
    whom it still waits for."""

    snapshot: TableSnapshot
    waiting: tuple[int, ...]

    @property
    def started(self) -> bool:
        return not self.waiting


@dataclass(frozen=True, slots=True)
class MemberStats:
    standings: dict[GameKind, Standing]
    partner: Partner | None


class Fill(Enum):
    """Which seats of a new table computer players take."""

    NONE = "none"
    OTHERS = "others"
    """Every seat beside the creator's: one person plays at once, with bot partners."""
    ALL = "all"
    """Every seat: a demonstration the creator watches."""


def computer_seed(table_seed: str, count: int) -> str:
    """The seed of the computer player's decision after ``count`` accepted actions.

    >>> computer_seed("0f3a", 12)
    '0f3a:computer:12'
    """
    return f"{table_seed}:computer:{count}"


@dataclass(slots=True)
class _Live:
    table: TableRecord
    game: Game | None = None
    count: int = 0
    contracts: list[tuple[Seat, bool]] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    """How each finished hand ended, in order: the game's marks hand by hand."""
    """(declarer, made) of each finished hand that had a contract, for the leaderboard."""
    event: Event | None = None
    """The last accepted action, told under the table until the next one (not kept on disk)."""
    last_moves: dict[Seat, LastMove] = field(default_factory=dict)
    """Each seat's last accepted action, for its own panel."""


class TableService:
    def __init__(self, storage: Storage, *, new_seed: Callable[[], str] | None = None,
                 options: Options = DEFAULT_OPTIONS, shards: Shards = ALL) -> None:
        """``shards``: the Discord shards this process holds; only their servers' tables are
        resumed here (other processes resume theirs)."""
        self.storage = storage
        self.shards = shards
        self._new_seed = new_seed or (lambda: secrets.token_hex(8))
        self._options = options
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._live: OrderedDict[int, _Live] = OrderedDict()
        self._watchers: list[Callable[[int], None]] = []
        self._reported: set[int] = set()
        """Tables already logged as impossible to resume (logged once each)."""

    def watch(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(table_id)`` after each change that may give a computer player the
        turn: a start, an accepted action, a seat handed to a computer player."""
        self._watchers.append(callback)

    def unwatch(self, callback: Callable[[int], None]) -> None:
        if callback in self._watchers:
            self._watchers.remove(callback)

    def _changed(self, table_id: int) -> None:
        for callback in list(self._watchers):
            try:
                callback(table_id)
            except Exception:
                log.exception("a watcher of table %s failed", table_id)

    # ----- reading ------------------------------------------------------------------------------

    async def table_in_channel(self, channel_id: int, *, latest: bool = False) -> TableRecord:
        """The channel's active table (or, with ``latest``, its most recent one)."""
        if latest:
            table = await self.storage.latest_table(channel_id)
        else:
            table = await self.storage.active_table(channel_id)
        if table is None:
            raise Refusal("There is no table in this channel: open one with /42 new.")
        return table

    async def snapshot(self, table_id: int) -> TableSnapshot:
        async with self._locks[table_id]:
            return self._snapshot(await self._load_current(table_id))

    async def panel(self, table_id: int, user_id: int) -> Panel:
        """``user_id``'s own panel (the My hand button and /42 hand)."""
        async with self._locks[table_id]:
            live = await self._load_current(table_id)
            seat = self._seat(live.table, user_id)
            if live.game is None:
                raise Refusal("The game has not started yet.")
            return self._panel(live, seat)

    async def last_hand(self, table_id: int) -> HandSummary:
        """The last finished hand, for review (R-REVIEW)."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            summary = summarize(live.game) if live.game is not None else None
            if summary is None:
                raise Refusal("No hand has finished yet at this table.")
            return summary

    async def active_tables(self) -> list[TableRecord]:
        """The open tables of the servers on this process's shards."""
        return await self.storage.active_tables(self.shards)

    async def preload(self, tables: Sequence[TableRecord]) -> None:
        """Rebuild the games of these tables (as :meth:`active_tables` read them) from a few
        queries, so that after a restart their computer players and messages find them in
        memory rather than asking the database table by table. A table loaded meanwhile is
        kept as it is; one that can't be restored is left for its first use to say why."""
        fresh = [table for table in tables if table.id not in self._live]
        stored = await self.storage.actions_of([t.id for t in fresh if t.seed is not None])
        for n, table in enumerate(fresh):
            if n % PRELOAD_YIELD == PRELOAD_YIELD - 1:
                await asyncio.sleep(0)  # interactions are answered meanwhile
            async with self._locks[table.id]:
                if table.id in self._live:
                    continue
                with contextlib.suppress(Unrestorable):
                    self._remember(self._rebuilt(table, stored.get(table.id, [])))

    async def leaderboard(self, guild_id: int, limit: int = 20,
                          game: GameKind = GameKind.MARKS) -> list[Standing]:
        return await self.storage.leaderboard(guild_id, limit, game)

    async def computer_standings(self, guild_id: int,
                                 game: GameKind = GameKind.MARKS) -> list[ComputerStanding]:
        """The server's computer players, a line per level, every seat they held at it
        counted together."""
        return await self.storage.computer_standings(guild_id, game)

    async def member_stats(self, guild_id: int, user_id: int) -> MemberStats:
        """A member's games on this server: each kind's line, and their favourite partner."""
        return MemberStats(await self.storage.member_standings(guild_id, user_id),
                           await self.storage.favourite_partner(guild_id, user_id))

    async def pings_on(self, guild_id: int, user_id: int) -> bool:
        return await self.storage.pings_on(guild_id, user_id)

    async def set_pings(self, guild_id: int, user_id: int, on: bool) -> None:
        """Whether the member is told by a ping when it is their turn (stored)."""
        await self.storage.set_pings(guild_id, user_id, on)

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Where the table's "your turn" ping now is, so it can be removed later."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            await self.storage.set_ping(table_id, message_id)
            live.table = replace(live.table, ping_message_id=message_id)

    # ----- the lobby ----------------------------------------------------------------------------

    async def open_table(self, guild_id: int, channel_id: int, user_id: int,
                         locale: str | None, fill: Fill = Fill.NONE,
                         options: Options | None = None, *,
                         name: str | None = None, variant: Variant = FORTY_TWO,
                         level: Level = Level.STRONG, hints: bool = True) -> TableSnapshot:
        """A new table of ``variant``'s game in this channel, its creator in the first seat;
        with ``fill``, computer players take the other seats (or all of them), ready to start.
        ``options`` are its house rules (the service's default ones if left out; 42 only);
        ``level`` how strong its computer players are, ``hints`` whether members may ask for
        hints. Its creator may change them until the start."""
        count = variant.seating.count
        seats: list[Player | None] = [Player.member(user_id, name)] + [None] * (count - 1)
        if fill is Fill.OTHERS:
            seats[1:] = [Player.computer()] * (count - 1)
        elif fill is Fill.ALL:
            seats = [Player.computer()] * count
        if not variant.house_rules:
            options = DEFAULT_OPTIONS
        try:
            table = await self.storage.create_table(
                guild_id, channel_id, user_id, locale, seats,
                options=self._options if options is None else options, variant=variant,
                level=level, hints=hints)
        except ConflictError:
            existing = await self.storage.active_table(channel_id)
            raise Refusal("This channel already has a table: {link}", table=existing) from None
        self._remember(_Live(table))
        log.info("table %s (%s) opened in channel %s", table.id, variant.name, channel_id)
        return TableSnapshot(table, None)

    async def forget_table(self, table_id: int) -> None:
        """Remove a table whose message could not be posted."""
        async with self._locks[table_id]:
            await self.storage.delete_table(table_id)
            self._live.pop(table_id, None)

    async def set_message(self, table_id: int, message_id: int | None) -> TableRecord:
        """Record where the table message now is (after posting or reposting it)."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            await self.storage.set_message(table_id, message_id)
            live.table = replace(live.table, message_id=message_id)
            return live.table

    async def join(self, table_id: int, user_id: int, seat: Seat | None = None, *,
                   name: str | None = None) -> TableSnapshot:
        """Take ``seat`` (or the first free one) before the game starts; ``name`` is the
        member's display name, for the table picture."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_lobby(table)
            current = table.seat_of(user_id)
            if seat is None:
                if current is not None:
                    raise Refusal("You are already sitting at {seat}.", seat=current,
                                  table=table)
                seat = self._free_seat(table)
            self._require_seat(table, seat)
            if current == seat:
                raise Refusal("You are already sitting at {seat}.", seat=seat, table=table)
            if table.player(seat) is not None:
                raise Refusal("{seat} is taken.", seat=seat, table=table)
            await self._write_seat(live, seat, Player.member(user_id, name))
            return self._snapshot(live)

    async def add_computer(self, table_id: int, user_id: int,
                           seat: Seat | None = None) -> TableSnapshot:
        """A computer player takes ``seat`` (or the first free one) before the game starts."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_lobby(table, N_("The game has started: a computer player can now only"
                                           " stand in for a player who is away."))
            self._require_host(table, user_id, "Only a seated player or the table's creator can"
                                               " add a computer player.")
            if seat is None:
                seat = self._free_seat(table)
            self._require_seat(table, seat)
            if table.player(seat) is not None:
                raise Refusal("{seat} is taken.", seat=seat, table=table)
            await self._write_seat(live, seat, Player.computer())
            log.info("table %s: a computer player sits %s", table_id, seat.title)
            return self._snapshot(live)

    async def remove_computer(self, table_id: int, user_id: int, seat: Seat) -> TableSnapshot:
        """The computer player at ``seat`` leaves it free, before the game starts."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_lobby(table, N_("The game has started: computer players keep their"
                                           " seats until it ends."))
            self._require_host(table, user_id, "Only a seated player or the table's creator can"
                                               " remove a computer player.")
            self._require_seat(table, seat)
            player = table.player(seat)
            if player is None or not player.is_computer:
                raise Refusal("No computer player sits {seat}.", seat=seat, table=table)
            await self._write_seat(live, seat, None)
            return self._snapshot(live)

    async def leave(self, table_id: int, user_id: int) -> TableSnapshot:
        async with self._locks[table_id]:
            live = await self._load(table_id)
            self._require_lobby(live.table)
            seat = live.table.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not seated at this table.")
            await self._write_seat(live, seat, None)
            return self._snapshot(live)

    async def set_options(self, table_id: int, user_id: int,
                          choices: Sequence[str]) -> TableSnapshot:
        """The creator chooses the house rules (the lobby select's values, see
        :mod:`bot.house_rules`) before the start; a set the rules do not allow is refused with
        its reason, and nothing changes."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_creators_lobby(
                table, user_id, N_("The game has started: its house rules can't change now."),
                N_("Only the table's creator {creator} can choose the house rules."))
            if not table.variant.house_rules:
                raise Refusal("House rules are played in 42 only.")
            try:
                options = options_from(choices)
            except InvalidChoice as error:
                raise Refusal(error.msgid) from None
            await self._store_lobby_change(live, self.storage.set_options(table_id, options))
            live.table = replace(table, options=options)
            log.info("table %s: house rules %s", table_id, ", ".join(options.names) or "none")
            return self._snapshot(live)

    async def set_computers(self, table_id: int, user_id: int, *, level: Level | None = None,
                            hints: bool | None = None) -> TableSnapshot:
        """The creator chooses, before the start, how strong the computer players are and
        whether hints are offered (what is left out stays as it is)."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_creators_lobby(
                table, user_id, N_("The game has started: its settings can't change now."),
                N_("Only the table's creator {creator} can choose that."))
            level = table.level if level is None else level
            hints = table.hints if hints is None else hints
            await self._store_lobby_change(live, self.storage.set_computers(table_id, level,
                                                                            hints))
            live.table = replace(table, level=level, hints=hints)
            log.info("table %s: %s computer players, hints %s", table_id, level.value,
                     "on" if hints else "off")
            return self._snapshot(live)

    @staticmethod
    def _require_creators_lobby(table: TableRecord, user_id: int, started: str,
                                not_creator: str) -> None:
        """A table's settings are its creator's to choose, until the game starts."""
        if table.status is Status.PLAYING:
            raise Refusal(started)
        if not table.status.is_active:
            raise Refusal("This table is closed.")
        if user_id != table.creator_id:
            raise Refusal(not_creator, creator=f"<@{table.creator_id}>")

    async def _store_lobby_change(self, live: _Live, write: Awaitable[None]) -> None:
        """Store a change of the lobby; if the table moved on meanwhile (another process
        started it), the cache is dropped and the member asked to try again."""
        try:
            await write
        except ConflictError:
            self._live.pop(live.table.id, None)
            raise Refusal("The table changed meanwhile; try again.") from None

    async def start(self, table_id: int, user_id: int) -> TableSnapshot:
        """Random first dealer, the deal, the auction (R-DEALER, R-DEAL, R-AUCTION)."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_lobby(table, N_("The game has already started."))
            self._require_host(table, user_id, N_("Only a seated player can start the game."))
            if not table.is_full:
                seated = sum(1 for p in table.seats if p is not None)
                raise Refusal("{needed} players are needed to start; {seated} seated so far.",
                              needed=len(table.seats), seated=seated)
            seed = self._new_seed()
            options = table.options
            try:
                await self.storage.start_game(table_id, seed, options, RULES_VERSION)
            except ConflictError:
                raise Refusal("The game has already started.") from None
            live.table = replace(table, status=Status.PLAYING, seed=seed, options=options,
                                 rules_version=RULES_VERSION)
            live.game = Game.new(seed, options, variant=table.variant)
            live.count = 0
            log.info("table %s: game started", table_id)
            self._changed(table_id)
            return self._snapshot(live)

    async def may_end(self, table_id: int, user_id: int, *, moderator: bool) -> TableRecord:
        """The table, if ``user_id`` may close it (its creator, or a moderator); else the
        refusal that says why. Asked before a game in progress is ended, to confirm."""
        async with self._locks[table_id]:
            return self._endable(await self._load_closable(table_id), user_id, moderator)

    async def end(self, table_id: int, user_id: int, *, moderator: bool) -> TableSnapshot:
        """Close the table; an unfinished game adds nothing to the leaderboard."""
        async with self._locks[table_id]:
            live = await self._load_closable(table_id)
            table = self._endable(live, user_id, moderator)
            await self.storage.close_table(table_id)
            live.table = replace(table, status=Status.CLOSED)
            log.info("table %s closed", table_id)
            return self._snapshot(live)

    async def _load_closable(self, table_id: int) -> _Live:
        """The table, even one whose game can't go on: it can still be closed, as stored."""
        try:
            return await self._load(table_id)
        except Unrestorable as refusal:
            assert refusal.table is not None
            return _Live(refusal.table)

    @staticmethod
    def _endable(live: _Live, user_id: int, moderator: bool) -> TableRecord:
        table = live.table
        if not table.status.is_active:
            raise Refusal("This table is already closed.")
        if user_id != table.creator_id and not moderator:
            raise Refusal("Only the table's creator or a member who may manage messages can"
                          " end it.")
        return table

    async def rematch(self, table_id: int, user_id: int) -> Rematch:
        """Agree to a rematch; once every seated member has, a new game at a new table with
        the same seats starts at once."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            self._require_host(table, user_id,
                               N_("Only the players of this game can start a rematch."))
            if table.status is not Status.FINISHED:
                raise Refusal("A rematch can start once this game is over.")
            latest = await self.storage.latest_table(table.channel_id)
            if latest is not None and latest.id != table.id:
                if latest.status.is_active:
                    raise Refusal("This channel already has a table: {link}", table=latest)
                raise Refusal("A newer table has been played in this channel since.")
            needed = table.rematch_needed
            if user_id in table.rematch_votes:
                raise Refusal("You have already agreed; waiting for {waiting}.",
                              waiting=_mentions(needed - table.rematch_votes))
            votes = table.rematch_votes | {user_id}
            if not needed <= votes:
                await self.storage.add_rematch_vote(table_id, user_id)
                live.table = replace(table, rematch_votes=votes)
                return Rematch(self._snapshot(live), tuple(sorted(needed - votes)))
            seed = self._new_seed()
            try:
                new = await self.storage.create_table(
                    table.guild_id, table.channel_id, table.creator_id, table.locale,
                    table.seats, seed=seed, options=table.options, rules_version=RULES_VERSION,
                    variant=table.variant, level=table.level, hints=table.hints)
            except ConflictError:
                existing = await self.storage.active_table(table.channel_id)
                raise Refusal("This channel already has a table: {link}", table=existing) from None
        fresh = _Live(new, Game.new(seed, table.options, variant=table.variant))
        self._remember(fresh)
        log.info("table %s: rematch of table %s", new.id, table_id)
        self._changed(new.id)
        return Rematch(self._snapshot(fresh), ())

    # ----- members away -------------------------------------------------------------------------

    async def vote_away(self, table_id: int, voter_id: int, seat: Seat) -> AwayVote:
        """``voter_id`` agrees to let a computer player play ``seat`` while its member is away.
        Once every other seated member has agreed, it does, until the member takes it back.
        Nothing here happens by timer (R-NO-CLOCK): only by the members' buttons."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            if table.status is not Status.PLAYING:
                raise Refusal("A computer player can stand in only while a game is on.")
            voter_seat = self._seat(table, voter_id, "Only the players at this table can let a"
                                                     " computer player stand in.")
            self._require_seat(table, seat)
            player = table.player(seat)
            if player is None or player.is_computer:
                raise Refusal("A computer player already plays {seat}.", seat=seat, table=table)
            if voter_seat == seat:
                raise Refusal("The other players decide whether a computer player stands in"
                              " for you; while you are here, just play.")
            if seat in table.stand_ins:
                raise Refusal("A computer player already plays {seat} until {player} is back.",
                              seat=seat, player=player.mention, table=table)
            voters = table.voters(seat)
            needed = table.voters_needed(seat)
            if voter_id in voters:
                raise Refusal("You have already agreed; waiting for {waiting}.",
                              waiting=_mentions(needed - voters))
            voters = voters | {voter_id}
            handed_over = needed <= voters
            try:
                await self.storage.add_away_vote(table_id, seat, voter_id,
                                                 hand_over=handed_over)
            except ConflictError:
                self._live.pop(table_id, None)
                raise Refusal("The table changed meanwhile; try again.") from None
            if handed_over:
                votes = tuple(v for v in table.away_votes if v[0] != seat)
                live.table = replace(table, stand_ins=table.stand_ins | {seat}, away_votes=votes)
                log.info("table %s: a computer player stands in for %s", table_id, seat.title)
            else:
                votes = tuple(sorted((*table.away_votes, (seat, voter_id))))
                live.table = replace(table, away_votes=votes)
            snapshot = self._snapshot(live)
            waiting = tuple(sorted(needed - voters))
        if handed_over:
            self._changed(table_id)
        return AwayVote(snapshot, seat, handed_over, waiting)

    async def take_back(self, table_id: int, user_id: int, seat: Seat | None = None) -> Panel:
        """The member is back: their seat is theirs to play again, and any votes about it are
        forgotten. Their panel is returned, ready to play. ``seat``, when given, is the seat
        the button was for: only its member may take it back."""
        async with self._locks[table_id]:
            live = await self._load(table_id)
            table = live.table
            own = self._seat(table, user_id)
            if seat is not None and seat != own:
                player = table.player(seat)
                raise Refusal("Only {player} can take {seat} back.", seat=seat, table=table,
                              player=player.mention if player is not None else "")
            seat = own
            if table.status is not Status.PLAYING or live.game is None:
                raise Refusal("No computer player is playing for you.")
            if seat not in table.stand_ins and not table.voters(seat):
                raise Refusal("No computer player is playing for you.")
            try:
                await self.storage.take_back(table_id, seat)
            except ConflictError:
                self._live.pop(table_id, None)
                raise Refusal("The table changed meanwhile; try again.") from None
            live.table = replace(table, stand_ins=table.stand_ins - {seat},
                                 away_votes=tuple(v for v in table.away_votes if v[0] != seat))
            log.info("table %s: %s is back", table_id, seat.title)
            return self._panel(live, seat)

    # ----- play ---------------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, hand_number: int, count: int,
                  text: str) -> Accepted:
        """Apply ``text`` (an action's short form) for ``user_id``'s seat, from a panel drawn
        when the game had accepted ``count`` actions in hand ``hand_number``."""
        return await self._act(table_id, user_id, text, drawn=(hand_number, count))

    async def act_now(self, table_id: int, user_id: int, text: str) -> Accepted:
        """Apply ``text`` for ``user_id``'s seat as the game stands when it arrives: a typed
        command, which no panel drew. Same refusals, same commit, same answer as a button."""
        return await self._act(table_id, user_id, text, drawn=None)

    async def _act(self, table_id: int, user_id: int, text: str,
                   drawn: tuple[int, int] | None) -> Accepted:
        """One attempt on the game as cached, then, if another writer (another process of the
        bot) moved the table meanwhile, on the game as stored: a click from a panel that
        process drew is accepted, and an action is never applied twice."""
        async with self._locks[table_id]:
            for attempt in range(ATTEMPTS):
                live = await self._load(table_id)
                try:
                    accepted = await self._act_on(live, user_id, text, drawn)
                    break
                except _Stale:
                    continue
                except Refusal:
                    if attempt or not await self._behind(live):
                        raise
            else:
                raise Refusal("The table changed meanwhile; open your hand again.")
        self._changed(table_id)
        return accepted

    async def _act_on(self, live: _Live, user_id: int, text: str,
                      drawn: tuple[int, int] | None) -> Accepted:
        table = live.table
        if table.status is Status.CLOSED:
            raise Refusal("This table was closed.")
        seat = self._seat(table, user_id)
        if table.status is Status.FINISHED:
            raise Refusal("This game is over.")
        if live.game is None:
            raise Refusal("The game has not started yet.")
        game = live.game
        if drawn is not None and drawn[0] != game.hand_number:
            raise Refusal("That button belongs to an earlier hand; here is your current"
                          " panel.", panel=self._panel(live, seat))
        if drawn is not None and drawn[1] != live.count:
            raise Refusal("That panel was out of date, so nothing was done; here is your"
                          " current one.", panel=self._panel(live, seat))
        if seat in table.stand_ins:
            raise Refusal("A computer player is playing for you while you are away: press"
                          " I'm back to play again.", panel=self._panel(live, seat))
        try:
            action = parse_action(text, table.variant.top)
        except ValueError:
            raise Refusal("That button is not one of this table's.") from None
        try:
            return await self._commit(live, seat, action)
        except RuleError as error:
            raise refusal_for(error, self._panel(live, seat)) from None

    async def _behind(self, live: _Live) -> bool:
        """Whether the stored game has moved past the cached one (another process acted); if
        so the cache is dropped, to be loaded again."""
        if await self.storage.action_count(live.table.id) == live.count:
            return False
        self._live.pop(live.table.id, None)
        return True

    async def computer_turn(self, table_id: int) -> ComputerTurn | None:
        """The computer player's turn at this table, if the seat to act is played by one."""
        async with self._locks[table_id]:
            try:
                live = await self._load(table_id)
            except Refusal:
                return None
            table, game = live.table, live.game
            if table.status is not Status.PLAYING or game is None or table.seed is None:
                return None
            seat = game.to_act
            if seat is None or not table.computer_plays(seat):
                return None
            return ComputerTurn(table_id, live.count, seat, observe(game, seat),
                                computer_seed(table.seed, live.count), table.level)

    async def hint_panel(self, table_id: int, user_id: int, hand_number: int,
                         count: int) -> Panel:
        """A member asks for a hint from their panel drawn at ``count`` actions: refused unless
        the table offers hints and it is still that member's turn; counted (once per turn) for
        the leaderboard when the game ends. The hint is worked out from the panel's
        observation, the seat's own (R-SEE-HAND), and from nothing else."""
        async with self._locks[table_id]:
            live = await self._load_current(table_id)
            table = live.table
            if table.status is not Status.PLAYING or live.game is None:
                raise Refusal("A hint can be asked for only while the game is on.")
            seat = self._seat(table, user_id)
            panel = self._panel(live, seat)
            if not table.hints:
                raise Refusal("Hints are off at this table.", panel=panel)
            if hand_number != live.game.hand_number or count != live.count:
                raise Refusal("That panel was out of date, so no hint was given; here is your"
                              " current one.", panel=panel)
            if seat in table.stand_ins:
                raise Refusal("A computer player is playing for you while you are away: press"
                              " I'm back to play again.", panel=panel)
            if live.game.to_act != seat:
                raise Refusal("A hint is for your own turn.", panel=panel)
            try:
                await self.storage.count_hint(table_id, user_id, live.count)
            except ConflictError:
                self._live.pop(table_id, None)
                raise Refusal("The table changed meanwhile; try again.") from None
            log.info("table %s: a hint for %s", table_id, seat.title)
            return panel

    async def act_as_computer(self, turn: ComputerTurn, text: str) -> Accepted | None:
        """Apply a computer player's decision for ``turn``, through the same path as a
        member's action; ``None`` (nothing done) if the game moved on while it thought, or the
        seat's member took it back. Raises ``RuleError`` or ``ValueError`` if the decision is
        not a legal action (a faulty policy)."""
        async with self._locks[turn.table_id]:
            live = await self._load(turn.table_id)
            table, game = live.table, live.game
            if (table.status is not Status.PLAYING or game is None or live.count != turn.count
                    or game.to_act != turn.seat or not table.computer_plays(turn.seat)):
                return None
            try:
                accepted = await self._commit(
                    live, turn.seat, parse_action(text, table.variant.top), by_computer=True)
            except _Stale:
                accepted = None  # another process moved first: look again at the stored game
        self._changed(turn.table_id)
        return accepted

    # ----- helpers ------------------------------------------------------------------------------

    async def _commit(self, live: _Live, seat: Seat, action: Action, *,
                      by_computer: bool = False) -> Accepted:
        """Apply (``RuleError`` if illegal), commit, then update the cache: nothing is shown
        before the action is on disk."""
        table, game = live.table, live.game
        assert game is not None
        after = game.apply(seat, action)
        finished_hand = after.previous is not game.previous
        contracts, results = list(live.contracts), list(live.results)
        if finished_hand:
            _record_contract(contracts, results, after.previous)
        members: list[PlayerResult] | None = None
        computers: list[ComputerResult] = []
        if after.winner is not None:
            members, computers = _results(table, after, contracts)
        stored = StoredAction(live.count, game.hand_number, seat, str(action))
        try:
            await self.storage.append_action(table.id, stored, finished=members,
                                             computers=computers)
        except ConflictError:
            # Another process wrote to this table first: the cache is behind, drop it.
            self._live.pop(table.id, None)
            raise _Stale() from None
        live.event = describe_event(seat, action, game, after)
        live.game, live.count, live.contracts = after, live.count + 1, contracts
        live.results = results
        live.last_moves[seat] = LastMove(game.hand_number, action)
        if members is not None:
            live.table = replace(table, status=Status.FINISHED)
        snapshot = self._snapshot(live, hand_ended=finished_hand)
        log.info("table %s: %s %s%s", table.id, seat.title, live.event.action,
                 " (computer)" if by_computer else "")
        return Accepted(snapshot, tuple(self._panel(live, s) for s in table.all_seats), seat,
                        by_computer)

    async def _load_current(self, table_id: int) -> _Live:
        """The table with its game as stored now, even if another process moved it since it
        was cached (what players are shown)."""
        live = await self._load(table_id)
        if live.game is not None and await self._behind(live):
            live = await self._load(table_id)
        return live

    async def _load(self, table_id: int) -> _Live:
        live = self._live.get(table_id)
        if live is not None:
            self._live.move_to_end(table_id)
            return live
        if not 1 <= table_id <= MAX_TABLE_ID:
            raise Refusal("This table no longer exists.")
        table = await self.storage.table(table_id)
        if table is None:
            raise Refusal("This table no longer exists.")
        stored = await self.storage.actions(table_id) if table.seed is not None else []
        live = self._rebuilt(table, stored)
        self._remember(live)
        return live

    def _rebuilt(self, table: TableRecord, stored: Sequence[StoredAction]) -> _Live:
        """The table with its game replayed from its ``stored`` actions; raises
        :class:`Unrestorable` if an active game can't be."""
        live = _Live(table)
        if table.seed is not None:
            try:
                (live.game, live.contracts, live.results, live.count,
                 live.last_moves) = self._rebuild(table, stored)
            except Unrestorable:
                if table.status.is_active:
                    raise
                # A finished or closed game is only read (review, rematch): shown without it.
        return live

    def _rebuild(self, table: TableRecord, stored: Sequence[StoredAction]) -> tuple[
            Game, list[tuple[Seat, bool]], list[HandResult], int, dict[Seat, LastMove]]:
        """The game of its ``stored`` actions, replayed under the rules it was played with,
        or :class:`Unrestorable` (logged once, with the table and the reason)."""
        assert table.seed is not None
        version = table.rules_version if table.rules_version is not None else FIRST_RULES_VERSION
        try:
            game, contracts, results, last_moves = _replay(table.seed, table.options, stored,
                                                           version, table.variant)
        except UnsupportedRulesVersion:
            self._unrestorable(table, f"it was played under rules version {version} and this "
                                      f"engine replays versions "
                                      f"{sorted(SUPPORTED_RULES_VERSIONS)}")
            raise Unrestorable("This table's game was played under rules this version of the"
                               " bot does not have, so it can't go on; it is kept as it was."
                               " End it with /42 end and open a new one.", table=table) from None
        except (RuleError, ValueError) as error:
            self._unrestorable(table, f"its stored actions do not replay ({error})")
            raise Unrestorable("This table's game can't be restored; end it with /42 end and"
                               " open a new one.", table=table) from None
        return game, contracts, results, len(stored), last_moves

    def _unrestorable(self, table: TableRecord, why: str) -> None:
        if table.id not in self._reported:
            self._reported.add(table.id)
            log.error("table %s (server %s, channel %s) is not resumed: %s", table.id,
                      table.guild_id, table.channel_id, why)

    def _remember(self, live: _Live) -> None:
        self._live[live.table.id] = live
        self._live.move_to_end(live.table.id)
        # Only the games are forgotten: a table's lock stays, so that nobody waiting on it
        # could ever end up holding a different lock than a newcomer.
        while len(self._live) > CACHE_SIZE:
            del self._live[next(iter(self._live))]

    async def _write_seat(self, live: _Live, seat: Seat, player: Player | None) -> None:
        try:
            await self.storage.set_seat(live.table.id, seat, player)
        except ConflictError:
            self._live.pop(live.table.id, None)
            raise Refusal("The table changed meanwhile; try again.") from None
        seats = list(live.table.seats)
        if player is not None and player.user_id is not None:
            seats = [None if p is not None and p.user_id == player.user_id else p for p in seats]
        seats[seat] = player
        live.table = replace(live.table, seats=tuple(seats))

    @staticmethod
    def _free_seat(table: TableRecord) -> Seat:
        for seat in table.all_seats:
            if table.player(seat) is None:
                return seat
        raise Refusal("Every seat is taken.")

    @staticmethod
    def _require_seat(table: TableRecord, seat: Seat) -> None:
        """``seat`` is one of the table's (a tampered button may name another)."""
        if seat not in table.all_seats:
            raise Refusal("This table has no such seat.")

    @staticmethod
    def _seat(table: TableRecord, user_id: int,
              msgid: str = N_("You are not seated at this table.")) -> Seat:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(msgid)
        return seat

    @staticmethod
    def _require_host(table: TableRecord, user_id: int, msgid: str) -> None:
        """A seated member, or the table's creator (who may watch a table of computer players
        without sitting at it)."""
        if table.seat_of(user_id) is None and user_id != table.creator_id:
            raise Refusal(msgid)

    @staticmethod
    def _require_lobby(table: TableRecord,
                       started: str = N_("The game has started: seats can't change now.")
                       ) -> None:
        """The table is in its lobby; else ``started`` (once the game is on) says why not."""
        if table.status is Status.PLAYING:
            raise Refusal(started)
        if not table.status.is_active:
            raise Refusal("This table is closed.")

    @staticmethod
    def _snapshot(live: _Live, *, hand_ended: bool = False) -> TableSnapshot:
        if live.game is None:
            return TableSnapshot(live.table, None)
        return TableSnapshot(live.table, observe(live.game, None), live.count,
                             summarize(live.game), live.event, hand_ended, tuple(live.results))

    @staticmethod
    def _panel(live: _Live, seat: Seat) -> Panel:
        assert live.game is not None
        return Panel(live.table, seat, observe(live.game, seat), live.count,
                     live.last_moves.get(seat))


def _replay(seed: str, options: Options, stored: Sequence[StoredAction], rules_version: int,
            variant: Variant) -> tuple[
                Game, list[tuple[Seat, bool]], list[HandResult], dict[Seat, LastMove]]:
    """The game rebuilt from its stored actions under the rules it was played with, the
    contracts of its finished hands, and each seat's last action."""
    game = Game.new(seed, options, rules_version, variant)
    contracts: list[tuple[Seat, bool]] = []
    results: list[HandResult] = []
    last_moves: dict[Seat, LastMove] = {}
    for stored_action in stored:
        action = parse_action(stored_action.text, variant.top)
        after = game.apply(stored_action.seat, action)
        if after.previous is not game.previous:
            _record_contract(contracts, results, after.previous)
        last_moves[stored_action.seat] = LastMove(game.hand_number, action)
        game = after
    return game, contracts, results, last_moves


def _record_contract(contracts: list[tuple[Seat, bool]], results: list[HandResult],
                     hand: HandState | None) -> None:
    if hand is not None and hand.result is not None:
        results.append(hand.result)
        if hand.contract is not None:
            contracts.append((hand.contract.declarer, hand.result.made))


def _results(table: TableRecord, game: Game, contracts: Sequence[tuple[Seat, bool]]
             ) -> tuple[list[PlayerResult], list[ComputerResult]]:
    """Each seat's part in a finished game, for the leaderboard: a member's seat counts for the
    member (hands a computer player played for them while they were away included, as the
    others agreed), a computer player's own seat for the server's computer players."""
    members: list[PlayerResult] = []
    computers: list[ComputerResult] = []
    variant = game.variant
    kind = GameKind.of(game.options, variant)
    seating = variant.seating
    for seat in seating.seats:
        player = table.player(seat)
        if player is None:
            continue
        side = seating.side_of[seat]
        won = game.winner is side
        marks = game.marks[side]
        points = game.score[side] if kind.in_points else 0
        bid = sum(1 for declarer, _ in contracts if declarer == seat)
        made = sum(1 for declarer, ok in contracts if declarer == seat and ok)
        if player.user_id is not None:
            partners = tuple(_partner_id(table.player(other)) for other in seating.partners(seat)
                             if table.player(other) is not None)
            members.append(PlayerResult(player.user_id, won, marks, bid, made, points, kind,
                                        partners))
        elif player.is_computer:
            computers.append(ComputerResult(won, marks, bid, made, points, kind, table.level))
    return members, computers


def _partner_id(player: Player | None) -> int:
    """How a member's statistics name a partner: by member id, or as a computer player."""
    if player is None or player.user_id is None:
        return COMPUTER_PARTNER
    return player.user_id


def _mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{user_id}>" for user_id in sorted(user_ids))


def describe_event(seat: Seat, action: Action, before: Game, after: Game) -> Event:
    """The public account of an accepted action. A play that completes a trick is told as the
    trick's sorted tiles and the team that took it, never who played which (R-SEE-ANON); a
    discard says how many tiles went face down, not which (V-GEN-DISCARD)."""
    if not isinstance(action, Play):
        hand = after.previous if after.previous is not before.previous else after.hand
        assert hand is not None
        return Event(seat, public_call(hand, Call(seat, action)).action)
    if after.previous is not before.previous:  # the play ended the hand
        summary = summarize(after)
        last = summary.last_trick if summary is not None else None
    else:
        seen = observe(after, None)
        last = seen.last_trick if not seen.trick else None
    if last is None:
        return Event(seat, action)
    return Event(seat, action, last.tiles, last.team)
