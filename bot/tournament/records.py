"""A tournament as stored: its settings, who signed up, the teams drawn at the start and the
results recorded in order, from which its draw is replayed (:func:`.event.replayed`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import DEFAULT_OPTIONS, Options

from ..records import Clock
from .event import Draw, Plan, replayed
from .progressive import partners
from .types import Entrant, Match, Result, Stage


class TournamentStatus(Enum):
    SIGNUP = "signup"
    """Members join and leave; the organiser starts it."""
    RUNNING = "running"
    PAUSED = "paused"
    """The organiser paused it: no new match table opens until it goes on."""
    FINISHED = "finished"
    """Its last match was played."""
    ENDED = "ended"
    """The organiser ended it before its last match."""

    @property
    def is_active(self) -> bool:
        return self in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING,
                        TournamentStatus.PAUSED)


@dataclass(frozen=True, slots=True)
class Entry:
    """A member signed up: alone (a partner is drawn at the start) or with ``partner_id``;
    ``checked_in`` once they said they are here, when the organiser asks."""

    user_id: int
    name: str | None
    partner_id: int | None = None
    checked_in: bool = False


class Decided(Enum):
    """What the tournament's log records: the organiser's decisions, a member's withdrawal and
    the bot's own forfeits for absence (docs/TOURNAMENTS.md); the value is stored."""

    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    END = "end"
    CHECK_IN = "check-in"
    AWARD = "award"
    STAND_IN = "stand-in"
    REPLACE = "replace"
    WITHDRAW = "withdraw"
    FORFEIT = "forfeit"


@dataclass(frozen=True, slots=True)
class Decision:
    """One line of the log: who decided (0: the bot, by the tournament's rules), what, and the
    members it is about (a team's member awarded its match, the member stood in for, the
    member replaced then the one replacing them, the member absent)."""

    by: int
    what: Decided
    members: tuple[int, ...] = ()


MatchKey = tuple[Stage, int, int]
"""A match's stage, round and slot: its identity within the tournament."""


def key_of(match: Match) -> MatchKey:
    return match.stage, match.round, match.slot


@dataclass(frozen=True, slots=True)
class MatchTable:
    """A table opened for one game of a match; ``totals`` are the game's final marks by side
    (the match's first team sits side 0), once it is over."""

    table_id: int
    key: MatchKey
    game: int
    totals: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    locale: str | None
    """The server's language when the tournament was opened: its messages are written in it."""
    name: str
    plan: Plan
    pairs: bool
    """Members sign up as fixed pairs; else alone, and teams are drawn at the start."""
    status: TournamentStatus
    grace: int
    """Minutes a team may be late to a match before the organiser may score it a forfeit."""
    options: Options = DEFAULT_OPTIONS
    clock: Clock | None = None
    starts_at: int | None = None
    """When the organiser means to start it (seconds since the epoch), if said."""
    seed: int | None = None
    message_id: int | None = None
    entries: tuple[Entry, ...] = ()
    """In the order they signed up."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Each team's members, from the start on; team ``n`` (the entrant number) is
    ``teams[n - 1]``, in seed order. In progressive play each player is a team of one."""
    results: tuple[Result, ...] = ()
    withdrawn: frozenset[Entrant] = frozenset()
    """Teams that withdrew after the start: each of their matches is a forfeit."""
    checkin: bool = False
    """Whether sign-ups are checking in: at the start, whoever has not checked in is left
    out."""
    event_id: int | None = None
    """The server's scheduled event for it, if the bot could create one."""

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(range(1, len(self.teams) + 1))

    def draw(self) -> Draw:
        """The draw as the results recorded so far leave it (from the start on)."""
        return replayed(self.plan, self.entrants, self.results)

    def entrants_in(self, side: Entrant) -> tuple[Entrant, ...]:
        """The entrants a match's side is made of: the team itself, or in progressive play
        the two players of the partnership."""
        return partners(side) if self.plan.format.individual else (side,)

    def members_of(self, side: Entrant) -> tuple[int, ...]:
        """The members who play for a match's side, in their seats' order."""
        return tuple(user for entrant in self.entrants_in(side)
                     for user in self.teams[entrant - 1])

    def side_of(self, match: Match, user_id: int) -> Entrant | None:
        """The side of ``match`` the member plays for, if any."""
        return next((side for side in match.sides if user_id in self.members_of(side)), None)

    def team_of(self, user_id: int) -> Entrant | None:
        return next((number for number, members in enumerate(self.teams, start=1)
                     if user_id in members), None)

    def entry(self, user_id: int) -> Entry | None:
        return next((entry for entry in self.entries if entry.user_id == user_id), None)

    def name_of(self, user_id: int) -> str:
        """A member's name as they signed up (their mention if unknown)."""
        entry = self.entry(user_id)
        return entry.name if entry is not None and entry.name else f"<@{user_id}>"
