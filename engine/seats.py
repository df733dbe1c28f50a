"""Seat and team arithmetic in one place (R-SEATS): seats 0-3 clockwise, partners opposite."""

from __future__ import annotations

from enum import IntEnum


class Team(IntEnum):
    """Team 0 is seats 0 and 2 (North-South); team 1 is seats 1 and 3 (East-West)."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def other(self) -> Team:
        return _TEAMS[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (_SEATS[self], _SEATS[self + 2])


class Seat(IntEnum):
    """A seat at the table, numbered clockwise; "left of X" is ``X.next``.

    >>> Seat.NORTH.next, Seat.NORTH.partner, Seat.EAST.team
    (<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Team.EAST_WEST: 1>)
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def next(self) -> Seat:
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def team(self) -> Team:
        return _TEAMS[self & 1]

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) & 3]

    @property
    def title(self) -> str:
        return self.name.capitalize()


_SEATS = tuple(Seat)
_TEAMS = tuple(Team)
SEATS: tuple[Seat, ...] = _SEATS
TEAMS: tuple[Team, ...] = _TEAMS
