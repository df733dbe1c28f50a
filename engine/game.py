"""A game across hands (R-DEALER, R-MARKS, R-GAME; H-POINTS; V-…-GAME): a seed plus actions.

A game is fully determined by its variant, its seed, its options and the list of actions
accepted so far; :meth:`Game.replay` rebuilds it, which is how a stored table comes back after
a restart.
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
from .seats import Seat, Team
from .variants import FORTY_TWO, Variant

RULES_VERSION = 2
"""Changes whenever the engine's behaviour does, so that a stored game replays as it was played.
Version 2 adds the variants (VARIANTS.md); 42 plays as in version 1."""

SUPPORTED_RULES_VERSIONS = frozenset({1, 2})
"""The rules versions whose games this engine replays exactly as they were played."""

VARIANTS_SINCE = 2
"""The first rules version with games other than 42."""

MARKS_TO_WIN = 7
POINTS_TO_WIN = 250


def first_dealer(seed: str, variant: Variant = FORTY_TWO) -> Seat:
    """R-DEALER: drawn uniformly at random, from the game's seed."""
    seating = variant.seating
    return seating.seats[random.Random(f"{seed}:dealer").randrange(seating.count)]


def deal_for(seed: str, hand_number: int, dealer: Seat, variant: Variant = FORTY_TWO) -> Deal:
    """The shuffle of hand ``hand_number`` (1-based), reproducible from the seed (R-DEAL)."""
    return Deal.shuffled(dealer, random.Random(f"{seed}:hand:{hand_number}"), variant)


@dataclass(frozen=True, slots=True)
class Game:
    """A game at one moment: marks (or points) per side, the hand in play, and the hand before
    it. ``winner`` is the winning side (a team, or a player each for oneself)."""

    seed: str
    options: Options
    hand: HandState
    hand_number: int = 1
    marks: tuple[int, ...] = (0, 0)
    score: tuple[int, ...] = (0, 0)
    previous: HandState | None = None
    winner: Team | None = None

    @classmethod
    def new(cls, seed: str, options: Options = DEFAULT_OPTIONS,
            rules_version: int = RULES_VERSION, variant: Variant = FORTY_TWO) -> Game:
        """A game's first deal; ``UnsupportedRulesVersion`` for a game stored under rules this
        engine does not implement (or before the variants, for a variant); ``ValueError`` for
        house rules at a variant's table (VARIANTS.md: only 42 offers them)."""
        if rules_version not in SUPPORTED_RULES_VERSIONS or (
                variant is not FORTY_TWO and rules_version < VARIANTS_SINCE):
            raise UnsupportedRulesVersion(rules_version)
        if options != DEFAULT_OPTIONS and not variant.house_rules:
            raise ValueError(f"house rules are not offered in {variant.name}")
        dealer = first_dealer(seed, variant)
        sides = (0,) * variant.seating.side_count
        return cls(seed, options, HandState.start(deal_for(seed, 1, dealer, variant), options),
                   marks=sides, score=sides)

    @classmethod
    def replay(cls, seed: str, actions: Iterable[tuple[Seat, Action]],
               options: Options = DEFAULT_OPTIONS, rules_version: int = RULES_VERSION,
               variant: Variant = FORTY_TWO) -> Game:
        """Rebuild a game from its seed and accepted actions; raises if one is not legal, or
        ``UnsupportedRulesVersion`` if it was played under rules this engine does not know."""
        game = cls.new(seed, options, rules_version, variant)
        for seat, action in actions:
            game = game.apply(seat, action)
        return game

    @property
    def variant(self) -> Variant:
        return self.hand.deal.variant

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
        variant = self.variant
        dealer = variant.seating.next_of[hand.deal.dealer]
        following = HandState.start(deal_for(self.seed, number, dealer, variant), self.options)
        return replace(self, hand=following, hand_number=number, marks=standing.marks,
                       score=standing.score, previous=hand)


@dataclass(frozen=True, slots=True)
class Standing:
    """The game's totals after a hand, per side, and the winning side once there is one."""

    marks: tuple[int, ...]
    score: tuple[int, ...]
    winner: Team | None


def tally(options: Options, marks: tuple[int, ...], score: tuple[int, ...],
          hand: HandState) -> Standing:
    """Add a finished hand to the totals and name the winner (R-GAME: 7 marks; H-POINTS: 250
    points; V-…-GAME: the variant's target). Of several sides at the target, the declarers win
    if they are among them (except in three-hand 42); otherwise the highest total, and if that
    ties, another hand (V-GEN-WINNER, V-THREE-GAME, V-MOON-GAME, V-BIG-GAME, V-140-GAME)."""
    result = hand.result
    assert result is not None
    variant = hand.deal.variant
    marks = tuple(m + r for m, r in zip(marks, result.marks, strict=True))
    if result.score is not None:
        score = tuple(s + r for s, r in zip(score, result.score, strict=True))
    if options.points_game:
        totals, target = score, POINTS_TO_WIN
    else:
        totals, target = (score if variant.scoring.in_points else marks), variant.target
    reached = [side for side in variant.seating.sides if totals[side] >= target]
    winner = None
    declarers = (variant.seating.side_of[hand.contract.declarer]
                 if hand.contract is not None else None)
    if declarers in reached and variant.declarers_first:
        winner = declarers
    elif reached:
        best = max(totals[side] for side in reached)
        leaders = [side for side in reached if totals[side] == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return Standing(marks, score, winner)
