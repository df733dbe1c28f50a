"""Texas 42's rules as a pure library: tiles, seats, hands, games and what each seat may see.

Rule ids (R-…) refer to RULES.md and (H-…) to HOUSE-RULES.md. Nothing here does I/O.

>>> game = Game.new("a seed")
>>> seat = game.to_act
>>> game = game.apply(seat, parse_action("bid:30"))
>>> observe(game, seat).auction[0].action
Bid(points=30, marks=0, kind=<BidKind.PLAIN: 'plain'>)
"""

from .actions import Action, Bid, BidKind, NameTrump, Pass, Play, parse_action
from .deal import Deal
from .dominoes import TILES, Domino
from .errors import RuleError
from .game import RULES_VERSION, SUPPORTED_RULES_VERSIONS, Game
from .hand import HandState, Phase
from .observation import HandSummary, Observation, Pile, observe, review, summarize
from .options import DEFAULT_OPTIONS, NelloDoubles, Options
from .records import Call, Contract, HandResult, Trick
from .seats import SEATS, Seat, Team
from .trumps import Trump

__all__ = [
    "DEFAULT_OPTIONS",
    "RULES_VERSION",
    "SEATS",
    "SUPPORTED_RULES_VERSIONS",
    "TILES",
    "Action",
    "Bid",
    "BidKind",
    "Call",
    "Contract",
    "Deal",
    "Domino",
    "Game",
    "HandResult",
    "HandState",
    "HandSummary",
    "NameTrump",
    "NelloDoubles",
    "Observation",
    "Options",
    "Pass",
    "Phase",
    "Pile",
    "Play",
    "RuleError",
    "Seat",
    "Team",
    "Trick",
    "Trump",
    "observe",
    "parse_action",
    "review",
    "summarize",
]
