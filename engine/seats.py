"""Seat and side arithmetic in one place: 42's four seats (R-SEATS) and the variants' tables.

A :class:`Seat` is numbered clockwise from 0. Iterating ``Seat`` gives the four seats of 42,
whose names (North…West) the bot shows; the six- and eight-seat tables (V-140-TABLE,
V-84-TABLE) use seats 4-7 too, made on demand. A :class:`Seating` says for one table shape who
is left of whom and which *side* each seat is on: a team, or the seat itself in a game each for
oneself (V-GEN-SEATS). Sides are numbered from 0; in 42 side *t* is :class:`Team` *t*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import TypeVar

MOST_SEATS = 8

_Member = TypeVar("_Member", bound=IntEnum)


def _on_demand(cls: type[_Member], value: object, first: int, prefix: str) -> _Member | None:
    """The member numbered ``value`` from ``first`` up to the most seats, made once: a member
    that iterating the enum leaves out, so 42's code sees 42's members only."""
    if not isinstance(value, int) or not first <= value < MOST_SEATS:
        return None
    member = int.__new__(cls, value)
    member._name_ = f"{prefix}_{value + 1}"
    member._value_ = value
    return cls._value2member_map_.setdefault(value, member)  # type: ignore[return-value]


class Team(IntEnum):
    """A side. In 42, team 0 is seats 0 and 2 (North-South), team 1 seats 1 and 3 (East-West).

    The variants' other sides — 140's third team, each player of a game each for oneself —
    are ``Team(2)`` … ``Team(7)``, made on demand, so iterating ``Team`` gives 42's two.

    >>> Team(2).name, len(tuple(Team))
    ('SIDE_3', 2)
    """

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @classmethod
    def _missing_(cls, value: object) -> Team | None:
        return _on_demand(cls, value, 2, "SIDE")  # sides 2-7 of the variants

    @property
    def other(self) -> Team:
        return FOUR_SEATS.other_side(self)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return FOUR_SEATS.members[self]


class Seat(IntEnum):
    """A seat at the table, numbered clockwise; at 42's table "left of X" is ``X.next``.

    >>> Seat.NORTH.next, Seat.NORTH.partner, Seat.EAST.team
    (<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Team.EAST_WEST: 1>)
    >>> Seat(5).title, len(tuple(Seat))
    ('Seat 6', 4)
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @classmethod
    def _missing_(cls, value: object) -> Seat | None:
        """Seats 4-7 of the larger tables: real seats that iterating ``Seat`` leaves out."""
        return _on_demand(cls, value, 4, "SEAT")

    @property
    def next(self) -> Seat:
        return FOUR_SEATS.next_of[self]

    @property
    def partner(self) -> Seat:
        return FOUR_SEATS.after(self, 2)

    @property
    def team(self) -> Team:
        return FOUR_SEATS.side_of[self]

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one at 42's table."""
        return FOUR_SEATS.after(self, steps)

    @property
    def title(self) -> str:
        return self.name.capitalize() if self < 4 else f"Seat {self + 1}"


ALL_SEATS: tuple[Seat, ...] = tuple(Seat(s) for s in range(MOST_SEATS))


@dataclass(frozen=True, slots=True)
class Seating:
    """One table shape: ``side_of[s]`` is seat *s*'s side. The tuples are precomputed because
    the rules read them on every play.

    >>> moon = Seating.each_for_oneself(3)
    >>> moon.next_of[2], moon.side_count, moon.has_teams
    (<Seat.NORTH: 0>, 3, False)
    >>> Seating.teams_of(6, 3).members[Team(1)]
    (<Seat.EAST: 1>, <Seat.SEAT_5: 4>)
    """

    side_of: tuple[Team, ...]
    has_teams: bool
    count: int = field(init=False, compare=False)
    seats: tuple[Seat, ...] = field(init=False, compare=False)
    next_of: tuple[Seat, ...] = field(init=False, compare=False)
    sides: tuple[Team, ...] = field(init=False, compare=False)
    side_count: int = field(init=False, compare=False)
    members: tuple[tuple[Seat, ...], ...] = field(init=False, compare=False)
    """The seats of each side."""

    def __post_init__(self) -> None:
        count = len(self.side_of)
        seats = ALL_SEATS[:count]
        sides = tuple(Team(side) for side in range(max(self.side_of) + 1))
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "next_of", tuple(seats[(s + 1) % count] for s in seats))
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "side_count", len(sides))
        object.__setattr__(self, "members", tuple(
            tuple(s for s in seats if self.side_of[s] == side) for side in sides))

    @classmethod
    def teams_of(cls, count: int, teams: int) -> Seating:
        """``count`` seats in ``teams`` teams seated alternately: seat *s* is on team *s* mod
        ``teams`` (R-SEATS, V-140-TABLE, V-84-TABLE)."""
        return cls(tuple(Team(s % teams) for s in range(count)), True)

    @classmethod
    def each_for_oneself(cls, count: int) -> Seating:
        """Every seat its own side (V-GEN-SEATS)."""
        return cls(tuple(Team(s) for s in range(count)), False)

    def after(self, seat: int, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from ``seat``."""
        return self.seats[(seat + steps) % self.count]

    def other_side(self, side: int) -> Team:
        """The one opposing side of a two-sided game."""
        assert self.side_count == 2, "only two sides have one other side"
        return Team(1 - side)

    def partners(self, seat: int) -> tuple[Seat, ...]:
        """The other seats of ``seat``'s side."""
        return tuple(s for s in self.members[self.side_of[seat]] if s != seat)


FOUR_SEATS = Seating.teams_of(4, 2)
"""42's table (R-SEATS): partners opposite, team 0 the even seats."""

SEATS: tuple[Seat, ...] = tuple(Seat)
"""42's four seats."""
TEAMS: tuple[Team, ...] = tuple(Team)
"""42's two teams."""
