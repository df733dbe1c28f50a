"""What the table service answers with: values drawn from observations only (R-SEE-*), so the
Discord layer cannot show what a seat may not see."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import Action, HandResult, HandSummary, Observation, Seat
from engine.observation import LastAction

from ..rating import Rating
from ..records import GameKind, Level, Partner, Rivalry, Standing, TableRecord


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table for the channel: the spectator's observation only."""

    table: TableRecord
    observation: Observation | None
    """``None`` before the game starts."""
    count: int = 0
    """How many actions the game has accepted; panels carry it to recognise stale buttons."""
    last_hand: HandSummary | None = None
    hands: tuple[HandResult, ...] = ()
    """How each finished hand ended, in order (public: the marks hand by hand)."""
    deadline: float | None = None
    """When (Unix time) the member to act runs out of time, at a table with a move clock."""
    timed_out: Seat | None = None
    """The seat whose time ran out for the last move, which a computer player made."""

    @property
    def last_action(self) -> LastAction | None:
        """What the table may say just happened."""
        return self.observation.last_action if self.observation is not None else None

    @property
    def result_lying(self) -> HandSummary | None:
        """The hand just finished, while its result lies on the table: from its last action
        until the next hand's first call (R-SEE-TABLE), unless it ended the game."""
        last = self.last_action
        if last is None or not last.ended_hand or self.observation is None or (
                self.observation.winner is not None):
            return None
        return self.last_hand


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
    deadline: float | None = None
    """When (Unix time) the seat's member runs out of time for the move that is theirs, at a
    table with a move clock."""

    @property
    def user_id(self) -> int | None:
        player = self.table.player(self.seat)
        return player.user_id if player is not None else None

    def drawn_at(self, hand_number: int, count: int) -> bool:
        """Whether this is the panel as it was drawn in ``hand_number`` after ``count``
        actions: a click from any other is stale, and is not obeyed."""
        return (self.observation.hand_number, self.count) == (hand_number, count)


@dataclass(frozen=True, slots=True)
class Accepted:
    """An action the game accepted, once it is committed."""

    snapshot: TableSnapshot
    panel: Panel
    """The acting seat's panel after the action."""
    by_computer: bool = False
    """A computer player chose it (for its own seat or for an away member)."""
    redraw: tuple[int, ...] = ()
    """The members whose open panels now show an older state: every member seated, but the
    one who acted (their answer is their new panel)."""

    @property
    def seat(self) -> Seat:
        return self.panel.seat

    @property
    def hand_ended(self) -> bool:
        """The action ended a hand: the summary of ``snapshot.last_hand`` is news."""
        last = self.snapshot.last_action
        return last is not None and last.ended_hand


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
    due: float = 0.0
    """When (Unix time) the move is to be made: at once, or, for a member under a move
    clock, when their time runs out."""

    @property
    def timed(self) -> bool:
        """A member's move, made for them once their time runs out (R-NO-CLOCK)."""
        return self.due > 0


@dataclass(frozen=True, slots=True)
class AwayVote:
    """A vote to let a computer player play a member's seat, once recorded."""

    snapshot: TableSnapshot
    seat: Seat
    handed_over: bool
    """Every other seated member has agreed: a computer player now plays the seat."""
    waiting: tuple[int, ...]
    """The members whose agreement is still needed."""
    asked: bool = False
    """This vote opened the request: the members still needed are to be asked, once."""


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
    best: tuple[Partner, ...] = ()
    """The members beside whom they won most (:meth:`bot.storage.Storage.best_partners`)."""
    course: tuple[GameKind, tuple[Rating, ...]] | None = None
    """Their rating after each of their last rated games, in the kind of game they played
    most: what their chart draws."""
    rivalry: Rivalry | None = None
    """Their games against and beside the member they asked about."""


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
