"""Refusals (R-ILLEGAL): every illegal action raises a :class:`RuleError` and changes nothing.

Each subclass has a stable ``code`` and keeps the facts of the refusal in ``params`` so that a
front end can say it in the player's language; the English message is written to the player
("You must follow fives") and never names a tile the player does not hold.
"""

from __future__ import annotations

from typing import ClassVar


class RuleError(ValueError):
    code: ClassVar[str] = "illegal"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class NotYourTurn(RuleError):
    code = "not_your_turn"


class WrongPhase(RuleError):
    """The action belongs to another part of the hand (a bid during play, a tile in the auction)."""

    code = "wrong_phase"


class HandOver(RuleError):
    code = "hand_over"


class GameOver(RuleError):
    code = "game_over"


class IllegalBid(RuleError):
    code = "illegal_bid"


class IllegalTrump(RuleError):
    code = "illegal_trump"


class NotInHand(RuleError):
    code = "not_in_hand"


class MustFollow(RuleError):
    """R-FOLLOW: ``params["led"]`` is what the trick calls for (:data:`engine.trumps.Led`)."""

    code = "must_follow"


class ClosestToSeven(MustFollow):
    """H-SEVENS: only the tiles closest to 7 pips may be played."""

    code = "closest_to_seven"


class IllegalPlay(RuleError):
    """A play the variant does not allow as made (a low lead of another tile, V-BIG-LEAD-LOW)."""

    code = "illegal_play"


class IllegalDiscard(RuleError):
    """A leftover or discard choice the rules forbid (V-BIG-LEFTOVER, V-140-BONEYARD,
    V-72-WIDOW)."""

    code = "illegal_discard"


class UnsupportedRulesVersion(RuleError):
    """A stored game was played under rules this engine does not implement: it is refused
    rather than replayed under other rules."""

    code = "unsupported_rules_version"

    def __init__(self, version: object) -> None:
        super().__init__(f"This game was played under rules version {version}, which this "
                         "version of the game cannot replay.", version=version)
        self.version = version
