"""Names many tests share: 42's seats and teams by their compass names (R-SEATS)."""

from engine.seats import FOUR_SEATS
from engine.trumps import Trump

NORTH, EAST, SOUTH, WEST = FOUR_SEATS.seats
NORTH_SOUTH, EAST_WEST = FOUR_SEATS.sides
FORTY_TWO_TRUMPS = tuple(trump for trump in Trump if trump.suit is None or trump.suit <= 6)
"""Every trump of a double-six set, the house rules' too (R-TRUMP-CHOICE, H-NELLO, H-SEVENS)."""

GUILD, CHANNEL = 10, 20
"""The server and channel of the tests that call the table service with no Discord behind it."""
ANA, BIA, CAIO, DAVI = 1, 2, 3, 4
"""Four members' user ids, seated in this order from North (:data:`SEATED`)."""
SEATED = {NORTH: ANA, EAST: BIA, SOUTH: CAIO, WEST: DAVI}
RULES_POLICY = "engine.players.rules:decide"
"""The computer player the tests seat by default: rules of thumb, quick and deterministic."""
