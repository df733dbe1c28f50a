"""A game across hands (R-DEALER, R-MARKS, R-GAME; H-POINTS): a seed plus accepted actions.

A game is fully determined by its seed, its options and the list of actions accepted so far;
:meth:`Game.replay` rebuilds it, which is how a stored table comes back after a restart.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .actions import Action
from .deal import Deal
from .errors import GameOver, UnsupportedRulesVersion
from .hand import HandState
from .options import DEFAULT_OPTIONS, Options
from .records import HandResult
from .seats import SEATS, Seat, Team

RULES_VERSION = 1
"""Changes whenever the engine's behaviour does, so that a stored game replays as it was played."""

SUPPORTED_RULES_VERSIONS = frozenset({1})
"""The rules versions whose games this engine replays exactly as they were played."""

MARKS_TO_WIN = 7
POINTS_TO_WIN = 250


def first_dealer(seed: str) -> Seat:
    """R-DEALER: drawn uniformly at random, from the game's seed."""
    return SEATS[random.Random(f"{seed}:dealer").randrange(4)]


def deal_for(seed: str, hand_number: int, dealer: Seat) -> Deal:
    """The shuffle of hand ``hand_number`` (1-based), reproducible from the seed (R-DEAL)."""
    return Deal.shuffled(dealer, random.Random(f"{seed}:hand:{hand_number}"))


@dataclass(frozen=True, slots=True)
class Game:
    """A game at one moment: marks (or points), the hand in play, and the hand before it."""

    seed: str
    options: Options
    hand: HandState
    hand_number: int = 1
    marks: tuple[int, int] = (0, 0)
    score: tuple[int, int] = (0, 0)
    previous: HandState | None = None
    winner: Team | None = None

    @classmethod
    def new(cls, seed: str, options: Options = DEFAULT_OPTIONS,
            rules_version: int = RULES_VERSION) -> Game:
        """A game's first deal; ``UnsupportedRulesVersion`` for a game stored under rules this
        engine does not implement."""
        if rules_version not in SUPPORTED_RULES_VERSIONS:
            raise UnsupportedRulesVersion(rules_version)
        dealer = first_dealer(seed)
        return cls(seed, options, HandState.start(deal_for(seed, 1, dealer), options))

    @classmethod
    def replay(cls, seed: str, actions: Iterable[tuple[Seat, Action]],
               options: Options = DEFAULT_OPTIONS, rules_version: int = RULES_VERSION) -> Game:
        """Rebuild a game from its seed and accepted actions; raises if one is not legal, or
        ``UnsupportedRulesVersion`` if it was played under rules this engine does not know."""
        game = cls.new(seed, options, rules_version)
        for seat, action in actions:
            game = game.apply(seat, action)
        return game

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_act(self) -> Seat | None:
        return None if self.is_over else self.hand.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.hand.legal_actions()

    def apply(self, seat: Seat, action: Action) -> Game:
        """The game after ``seat`` takes ``action``; a finished hand is scored and, unless the
        game is won, the next dealer deals at once (R-DEALER, R-ALLPASS)."""
        if self.is_over:
            raise GameOver("This game is over.")
        hand = self.hand.apply(seat, action)
        if hand.result is None:
            return replace(self, hand=hand)
        return self._after_hand(hand, hand.result)

    def _after_hand(self, hand: HandState, result: HandResult) -> Game:
        standing = tally(self.options, self.marks, self.score, hand)
        if standing.winner is not None:
            return replace(self, hand=hand, marks=standing.marks, score=standing.score,
                           previous=hand, winner=standing.winner)
        number = self.hand_number + 1
        dealer = hand.deal.dealer.next
        following = HandState.start(deal_for(self.seed, number, dealer), self.options)
        return replace(self, hand=following, hand_number=number, marks=standing.marks,
                       score=standing.score, previous=hand)


@dataclass(frozen=True, slots=True)
class Standing:
    """The game's totals after a hand, and the winning team once there is one."""

    marks: tuple[int, int]
    score: tuple[int, int]
    winner: Team | None


def tally(options: Options, marks: tuple[int, int], score: tuple[int, int],
          hand: HandState) -> Standing:
    """Add a finished hand to the totals. R-GAME: 7 marks wins; H-POINTS: 250 points, the
    declarers first if both teams reach it in the same hand."""
    result = hand.result
    assert result is not None
    marks = (marks[0] + result.marks[0], marks[1] + result.marks[1])
    if result.score is not None:
        score = (score[0] + result.score[0], score[1] + result.score[1])
    totals, target = (score, POINTS_TO_WIN) if options.points_game else (marks, MARKS_TO_WIN)
    reached = [team for team in Team if totals[team] >= target]
    winner = reached[0] if reached else None
    if len(reached) == 2 and hand.contract is not None:
        winner = hand.contract.team
    return Standing(marks, score, winner)
