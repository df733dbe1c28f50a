"""Texas 42's rules as a pure library: tiles, seats, hands, games and what each seat may see,
for 42 and the seven other games of its family (:mod:`engine.variants`).

Rule ids (R-…) refer to RULES.md, (H-…) to HOUSE-RULES.md and (V-…) to VARIANTS.md (the
project's own statement of them: docs/RULES.md, docs/HOUSE-RULES.md, docs/VARIANTS.md). Nothing
here does I/O; the command-line tools are in :mod:`engine.tools`.

>>> game = Game.new("a seed")
>>> seat = game.to_act
>>> game = game.apply(seat, parse_action("bid:30"))
>>> observe(game, seat).auction[0].action
Bid(points=30, marks=0, kind=<BidKind.PLAIN: 'plain'>)
"""

from .actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play, parse_action
from .deal import Deal
from .dominoes import TILES, Domino
from .errors import RuleError, UnsupportedRulesVersion
from .game import RULES_VERSION, SUPPORTED_RULES_VERSIONS, Game
from .goal import Goal, Standing, goal_of
from .hand import HandState, Phase
from .observation import (
    HandSummary,
    LastAction,
    Observation,
    Pile,
    observe,
    review,
    summaries,
    summarize,
)
from .options import DEFAULT_OPTIONS, NelloDoubles, Options
from .records import Call, Contract, HandResult, Trick
from .seats import SEATS, Naming, Seat, Seating, Team
from .terms import Terms, bid_rank, terms_of
from .trumps import Called, Led, Trump
from .variants import FORTY_TWO, VARIANTS, Variant, variant_named

__all__ = [
    "DEFAULT_OPTIONS",
    "FORTY_TWO",
    "RULES_VERSION",
    "SEATS",
    "SUPPORTED_RULES_VERSIONS",
    "TILES",
    "VARIANTS",
    "Action",
    "Bid",
    "BidKind",
    "Call",
    "Called",
    "Contract",
    "Deal",
    "Discard",
    "Domino",
    "Game",
    "Goal",
    "HandResult",
    "HandState",
    "HandSummary",
    "LastAction",
    "Led",
    "Leftover",
    "NameTrump",
    "Naming",
    "NelloDoubles",
    "Observation",
    "Options",
    "Pass",
    "Phase",
    "Pile",
    "Play",
    "RuleError",
    "Seat",
    "Seating",
    "Standing",
    "Team",
    "Terms",
    "Trick",
    "Trump",
    "UnsupportedRulesVersion",
    "Variant",
    "bid_rank",
    "goal_of",
    "observe",
    "parse_action",
    "review",
    "summaries",
    "summarize",
    "terms_of",
    "variant_named",
]
