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
from .goal import Goal, Standing, goal_of
from .hand import HandState
from .options import DEFAULT_OPTIONS, Options
from .records import Call, HandResult
from .seats import Seat, Team
from .variants import FORTY_TWO, Variant

RULES_VERSION = 2
"""Changes whenever the engine's behaviour does, so that a stored game replays as it was played.
Version 2 adds the variants (VARIANTS.md); 42 plays as in version 1."""

SUPPORTED_RULES_VERSIONS = frozenset({1, 2})
"""The rules versions whose games this engine replays exactly as they were played."""

VARIANTS_SINCE = 2
"""The first rules version with games other than 42."""


def first_dealer(seed: str, variant: Variant = FORTY_TWO) -> Seat:
    """R-DEALER: drawn uniformly at random, from the game's seed."""
    seating = variant.seating
    return seating.seats[random.Random(f"{seed}:dealer").randrange(seating.count)]


def deal_for(seed: str, hand_number: int, dealer: Seat, variant: Variant = FORTY_TWO) -> Deal:
    """The shuffle of hand ``hand_number`` (1-based), reproducible from the seed (R-DEAL)."""
    return Deal.shuffled(dealer, random.Random(f"{seed}:hand:{hand_number}"), variant)


@dataclass(frozen=True, slots=True)
class Game:
    """A game at one moment: its totals per side, the hand in play and the hands finished before
    it, so that the game itself says what happened (as python-chess's ``Board.move_stack`` and
    ``outcome()`` do) and nobody has to work it out again from its actions.
    ``winner`` is the winning side (a team, or a player each for oneself).

    >>> from engine.actions import Pass
    >>> game = Game.new("a seed")
    >>> for _ in range(4):  # everybody passes (R-ALLPASS)
    ...     game = game.apply(game.to_act, Pass())
    >>> game.ended_hand, len(game.finished), game.results[0].redeal, game.hand_number
    (True, 1, True, 2)
    >>> game.standing
    Standing(goal=Goal(in_points=False, target=7), totals=(0, 0), winner=None)
    """

    seed: str
    options: Options
    hand: HandState
    hand_number: int = 1
    marks: tuple[int, ...] = (0, 0)
    score: tuple[int, ...] = (0, 0)
    finished: tuple[HandState, ...] = ()
    """The finished hands, in order, each with its result (the last one is the game's last
    hand once the game is over)."""
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

    @property
    def previous(self) -> HandState | None:
        """The hand finished last (the game's last hand once it is over)."""
        return self.finished[-1] if self.finished else None

    @property
    def results(self) -> tuple[HandResult, ...]:
        """How each finished hand ended, in order."""
        return tuple(hand.result for hand in self.finished if hand.result is not None)

    @property
    def ended_hand(self) -> bool:
        """Whether the last accepted action ended a hand (every hand starts with a call)."""
        return bool(self.finished) and (self.is_over or not self.hand.calls)

    @property
    def last(self) -> Call | None:
        """The last accepted action with its author, as it was taken (a discard's tiles
        included: :func:`engine.observation.observe` tells it as the table may see it)."""
        hand = self.finished[-1] if self.ended_hand else self.hand
        return hand.last_call

    def last_of(self, seat: Seat) -> tuple[int, Action] | None:
        """``seat``'s last accepted action and the number of the hand it was made in."""
        hands = (*self.finished, self.hand) if not self.is_over else self.finished
        for number in range(len(hands), 0, -1):
            for call in reversed(hands[number - 1].actions):
                if call.seat == seat:
                    return number, call.action
        return None

    @property
    def goal(self) -> Goal:
        """What the game is played to: marks or points, and the total that wins."""
        return goal_of(self.variant, self.options)

    @property
    def standing(self) -> Standing:
        """Each side's total in what the game is played to, and the winner."""
        goal = self.goal
        return Standing(goal, self.score if goal.in_points else self.marks, self.winner)

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
        return self._after_hand(hand)

    def _after_hand(self, hand: HandState) -> Game:
        totals = tally(self.options, self.marks, self.score, hand)
        finished = (*self.finished, hand)
        if totals.winner is not None:
            return replace(self, hand=hand, marks=totals.marks, score=totals.score,
                           finished=finished, winner=totals.winner)
        number = self.hand_number + 1
        variant = self.variant
        dealer = variant.seating.next_of[hand.deal.dealer]
        following = HandState.start(deal_for(self.seed, number, dealer, variant), self.options)
        return replace(self, hand=following, hand_number=number, marks=totals.marks,
                       score=totals.score, finished=finished)


@dataclass(frozen=True, slots=True)
class Totals:
    """The game's totals after a hand, per side, and the winning side once there is one."""

    marks: tuple[int, ...]
    score: tuple[int, ...]
    winner: Team | None


def tally(options: Options, marks: tuple[int, ...], score: tuple[int, ...],
          hand: HandState) -> Totals:
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
    goal = goal_of(variant, options)
    totals, target = (score if goal.in_points else marks), goal.target
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
    return Totals(marks, score, winner)
