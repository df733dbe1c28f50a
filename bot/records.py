"""What the bot keeps about a table: who sits where, its game's seed, and where its message is."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from engine import DEFAULT_OPTIONS, Game, Options, Seat, parse_action
from engine.goal import goal_of
from engine.variants import FORTY_TWO, Variant, variant_named

from .rating import Rating


class Status(Enum):
    LOBBY = "lobby"
    """Seats are being taken; no game yet."""
    PLAYING = "playing"
    FINISHED = "finished"
    """The game was won; the table message offers a rematch."""
    CLOSED = "closed"
    """Ended by its creator or a moderator; an unfinished game counts for nothing."""

    @property
    def is_active(self) -> bool:
        return self in (Status.LOBBY, Status.PLAYING)


class GameKind(Enum):
    """What a game is ranked as: 42 to 7 marks, 42 to 250 points (H-POINTS), or one of the
    other games of the family (VARIANTS.md), by its name. The leaderboard keeps them apart,
    since their numbers do not add up."""

    MARKS = "marks"
    POINTS = "points"
    MOON = "moon"
    THREE = "three"
    BIG = "big"
    ONE_FORTY = "140"
    GEEZER = "geezer"
    SEVENTY_TWO = "72"
    EIGHTY_FOUR = "84"

    @classmethod
    def of(cls, options: Options, variant: Variant = FORTY_TWO) -> GameKind:
        if variant is not FORTY_TWO:
            return cls(variant.name)
        return cls.POINTS if options.points_game else cls.MARKS

    @property
    def variant(self) -> Variant:
        return variant_named("42" if self in (GameKind.MARKS, GameKind.POINTS) else self.value)

    @property
    def in_points(self) -> bool:
        """Whether its games are counted in points rather than marks."""
        options = Options(points_game=True) if self is GameKind.POINTS else DEFAULT_OPTIONS
        return goal_of(self.variant, options).in_points


class Level(Enum):
    """How strong a table's computer players are: the rules of thumb, or the best player."""

    CASUAL = "casual"
    """The rules of thumb (``engine.players.rules``): quick, and beatable."""
    STRONG = "strong"
    """The bot's strong player (:class:`StrongPlayer`, by default ``engine.players.strong``)."""


STRONGEST = "engine.players.strong:decide"
"""The strongest computer player the bot ships."""


@dataclass(frozen=True, slots=True)
class StrongPlayer:
    """Who plays a table's seats when its computer players are *strong*: the strongest player
    the bot ships, unless the bot's admin chose another (``BOT_STRONG_PLAYER``); then every
    table names it beside the level, so "strong" never silently means something else."""

    policy: str = STRONGEST
    """The player, as ``package.module:function``."""
    name: str | None = None
    """What the tables call it (``BOT_STRONG_NAME``); ``None``: the name of a player the bot
    ships, or the policy's own for one of the admin's."""

    @property
    def named(self) -> bool:
        """Whether tables name it: any but the strongest player, or one its admin named."""
        return self.policy != STRONGEST or self.name is not None


DEFAULT_STRONG = StrongPlayer()
"""The strong tables' player unless the bot's admin chose another: the strongest, unnamed."""


class Clock(Enum):
    """A table's move clock (R-NO-CLOCK: none unless chosen when the table is opened): the
    seconds a member has for each move before a computer player makes it for them."""

    RELAXED = "relaxed"
    BRISK = "brisk"

    @property
    def seconds(self) -> int:
        return {Clock.RELAXED: 120, Clock.BRISK: 30}[self]


class PlayerKind(Enum):
    MEMBER = "member"
    COMPUTER = "computer"
    """A computer player (engine.players): the seat holds no member id."""


@dataclass(frozen=True, slots=True)
class Player:
    """Whoever holds a seat: a Discord member or a computer player."""

    kind: PlayerKind
    user_id: int | None = None
    name: str | None = field(default=None, compare=False)
    """The member's display name when they sat down, for the table picture (which can't show
    a mention); not part of who the player is."""

    @classmethod
    def member(cls, user_id: int, name: str | None = None) -> Player:
        return cls(PlayerKind.MEMBER, user_id, name)

    @classmethod
    def computer(cls) -> Player:
        return cls(PlayerKind.COMPUTER)

    @property
    def is_computer(self) -> bool:
        return self.kind is PlayerKind.COMPUTER

    @property
    def mention(self) -> str:
        return mention(self.user_id) if self.user_id is not None else ""


def mention(user_id: int) -> str:
    """A member as Discord links them in a message: ``<@123>``."""
    return f"<@{user_id}>"


def mentions(user_ids: Iterable[int]) -> str:
    """Members, in a fixed order: ``<@1> <@2>``."""
    return " ".join(mention(user_id) for user_id in sorted(user_ids))


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    creator_id: int
    locale: str | None
    """The server's language when the table was opened: the table message is written in it."""
    status: Status
    seats: tuple[Player | None, ...]
    """Indexed by seat number (R-SEATS)."""
    seed: str | None = None
    options: Options = DEFAULT_OPTIONS
    rules_version: int | None = None
    stand_ins: frozenset[Seat] = frozenset()
    """Members' seats a computer player plays while they are away, until they take them back."""
    away_votes: tuple[tuple[Seat, int], ...] = ()
    """(seat, member) for each seated member who agreed to let a computer player play that
    seat; the seat is handed over once every other seated member agreed. Sorted."""
    ping_message_id: int | None = None
    """The channel message that tells the member to act it is their turn, until they act."""
    rematch_votes: frozenset[int] = frozenset()
    """Who pressed Rematch after the game; it starts once every seated member has."""
    variant: Variant = FORTY_TWO
    """The game the table plays; its seating says how many seats there are."""
    level: Level = Level.STRONG
    """How strong its computer players are; kept for a rematch."""
    hints: bool = True
    """Whether its members may ask for a hint on their panel."""
    clock: Clock | None = None
    """Its move clock, if it was opened with one (R-NO-CLOCK); kept for a rematch."""
    title: str | None = None
    """What the table message calls it instead of its creator's table: a tournament's match
    ("Friday 42 · Winners' bracket 2"), in the server's language."""

    @property
    def rematch_needed(self) -> frozenset[int]:
        """Who must agree to a rematch: every seated member (the creator, at a table of
        computer players only)."""
        return frozenset(self.member_ids) or frozenset({self.creator_id})

    def player(self, seat: Seat) -> Player | None:
        return self.seats[seat]

    def computer_plays(self, seat: Seat) -> bool:
        """Whether a computer player makes this seat's choices: its own seat, or a stand-in."""
        player = self.seats[seat]
        return player is not None and (player.is_computer or seat in self.stand_ins)

    def voters(self, seat: Seat) -> frozenset[int]:
        """The members who agreed to let a computer player play ``seat``."""
        return frozenset(user for voted, user in self.away_votes if voted == seat)

    def voters_needed(self, seat: Seat) -> frozenset[int]:
        """Every other seated member: they all must agree before a bot plays ``seat``."""
        player = self.seats[seat]
        return frozenset(user for user in self.member_ids
                         if player is None or user != player.user_id)

    @property
    def all_seats(self) -> tuple[Seat, ...]:
        """The table's seats, as many as its game has (R-SEATS, V-GEN-SEATS)."""
        return self.variant.seating.seats

    def seat_of(self, user_id: int) -> Seat | None:
        for seat in self.all_seats:
            player = self.seats[seat]
            if player is not None and player.user_id == user_id:
                return seat
        return None

    @property
    def link(self) -> str:
        """Where the table message is: a link that jumps to it, or the channel before it exists."""
        if self.message_id is None:
            return f"<#{self.channel_id}>"
        return f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/{self.message_id}"

    @property
    def is_full(self) -> bool:
        return all(player is not None for player in self.seats)

    @property
    def member_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.seats if p is not None and p.user_id is not None)

    @property
    def computer_seats(self) -> tuple[Seat, ...]:
        """Seats held by a computer player of their own (stand-ins aside)."""
        return tuple(s for s in self.all_seats
                     if (p := self.seats[s]) is not None and p.is_computer)


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action as stored: its place in the game, its hand, its author and text."""

    n: int
    hand_number: int
    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class PanelHandle:
    """What it takes to edit a member's open panel at a table, a private message only its
    interaction's token reaches, until Discord stops accepting that token: stored with the
    table, so the panel follows the game again after a restart."""

    table_id: int
    user_id: int
    message_id: int
    token: str
    locale: str | None
    expires: int
    """When (Unix seconds) the token can no longer edit the panel, less a margin."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One member's part in a finished game, added to the server's leaderboard."""

    user_id: int
    won: bool
    marks: int
    contracts_bid: int
    contracts_made: int
    points: int = 0
    """The team's final score, in a 250-point game."""
    game: GameKind = GameKind.MARKS
    partners: tuple[int, ...] = ()
    """Who played on the member's side: members' ids, and 0 for a computer player."""
    hints: int = 0
    """How many turns of this game the member asked for a hint at."""
    side: int | None = None
    """The member's side in the game (a team, or themselves each for oneself); ``None``: not
    known, and the game is not rated."""
    rank: int = 0
    """Their side's place as the game ended: 0 for the winner, the others by their final
    totals (equal totals share a place)."""


COMPUTER_PARTNER = 0
"""The partner id that stands for a computer player in a member's statistics."""


@dataclass(frozen=True, slots=True)
class Partner:
    """Whom a member played beside most: games together and games won together."""

    partner_id: int
    """A member's id, or :data:`COMPUTER_PARTNER`."""
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class ComputerResult:
    """One computer player's seat in a finished game, added to the server's computer line."""

    won: bool
    marks: int
    contracts_bid: int
    contracts_made: int
    points: int = 0
    game: GameKind = GameKind.MARKS
    level: Level = Level.STRONG
    side: int | None = None
    """The seat's side, as :attr:`PlayerResult.side`."""
    rank: int = 0


def rater_id(level: Level) -> int:
    """The id a level of computer players is rated under beside the members, in every pool:
    negative, so never a member's."""
    return -1 - list(Level).index(level)


@dataclass(frozen=True, slots=True)
class ComputerStanding:
    """The computer players' line on a server's leaderboard: every seat they held at one
    level, together."""

    level: Level
    seats_played: int
    seats_won: int
    marks_won: int
    contracts_bid: int
    contracts_made: int
    points_won: int = 0
    rating: Rating | None = None
    """The level's rating against the members (:func:`bot.rating.rate_levels`)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's line on the leaderboard."""

    user_id: int
    marks_won: int
    games_played: int
    games_won: int
    contracts_bid: int
    contracts_made: int
    points_won: int = 0
    """Points scored in 250-point games (their own leaderboard)."""
    hints_used: int = 0
    """Turns of their finished games at which they asked for a hint."""
    rating: Rating | None = None
    """Their rating in this kind of game (:mod:`bot.rating`); ``None`` before their first rated
    game."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game in a member's history: the table as it was, how it ended for them and
    what it did to their rating."""

    table: TableRecord
    game: GameKind
    finished_at: datetime
    side: int
    won: bool
    totals: tuple[int, ...]
    """Each side's final marks (points, in the games scored in points), in side order; empty
    when not kept."""
    change: tuple[Rating, Rating] | None = None
    """Their rating before and after the game; ``None`` for an unrated game."""


@dataclass(frozen=True, slots=True)
class Rivalry:
    """Two members' games together and against each other, across every kind of game."""

    against: int
    """Games on opposite sides."""
    won: int
    """Of those, the games the first member's side won."""
    lost: int
    """Of those, the games the second member's side won."""
    together: int
    won_together: int


class Ranking(Enum):
    """What the leaderboard ranks members by."""

    RATING = "rating"
    MARKS = "marks"
    """Marks won (in the games scored in points: games won, then points)."""


FIRST_RULES_VERSION = 1
"""What a game stored without a rules version was played under: the first."""


def stored_game(table: TableRecord, actions: Iterable[StoredAction]) -> Game:
    """The table's game rebuilt from its stored ``actions`` (``Game.replay``), under the rules it
    was played with; raises what the engine raises for a game it can't rebuild exactly
    (``UnsupportedRulesVersion``, another ``RuleError``, or ``ValueError``)."""
    assert table.seed is not None
    version = table.rules_version if table.rules_version is not None else FIRST_RULES_VERSION
    top = table.variant.top
    return Game.replay(table.seed, ((action.seat, parse_action(action.text, top))
                                    for action in actions),
                       table.options, version, table.variant)
