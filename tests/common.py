"""Names many tests share: 42's seats and teams by their compass names (R-SEATS)."""

from engine.seats import FOUR_SEATS
from engine.trumps import Trump

NORTH, EAST, SOUTH, WEST = FOUR_SEATS.seats
NORTH_SOUTH, EAST_WEST = FOUR_SEATS.sides
FORTY_TWO_TRUMPS = tuple(trump for trump in Trump if trump.suit is None or trump.suit <= 6)
"""Every trump of a double-six set, the house rules' too (R-TRUMP-CHOICE, H-NELLO, H-SEVENS)."""
