"""Hints: the action the strong player would take from one seat's observation, and why.

:func:`hint` asks :mod:`engine.players.strong` for the action and names the reason with a code
from the closed set :class:`Reason`, with its parameters (the tile, the trump), so that a table
can say it in one line in the reader's language::

    hint = hint(observation)
    hint.action         # Play([6|6])
    hint.reason         # Reason.DRAW_TRUMPS
    hint.tile           # [6|6]

:func:`explain` gives the reason for any legal action from an observation, the same way.

A hint reads the seat's own observation and nothing else, and its randomness is seeded from the
observation's content, so equal observations give equal hints: a hint never depends on a tile
the seat has not seen, nor on when or how often it is asked. It costs what one decision of the
strong player costs (its latency budget holds).

The reasons, by phase:

========================  ============================================================
auction                   ``BID`` (the bid is the action; ``trump``: the suit it is made
                          on), ``BID_CLOSE`` (less likely made than not, yet worth more
                          than a pass), ``BID_MARKS``, ``BID_MARKS_SCORE`` (less likely
                          made than not: the score asks for it), ``SPECIAL_BID`` (Splash,
                          Plunge, Nello, a moon, a water bid), ``PASS_WEAK``,
                          ``PASS_PARTNER`` (the partner holds the bid)
trump, leftover           ``NAME_TRUMP`` (``trump``), ``TAKE_LEFTOVER``,
                          ``LEAVE_LEFTOVER``, ``DISCARD`` (``tile``: the first tile laid
                          down)
leading                   ``DRAW_TRUMPS`` (a trump while others may hold trumps),
                          ``LEAD_WINNER`` (the highest tile of its suit still out),
                          ``LEAD_LOW`` (a tile without count, keeping the winners)
following                 ``ONLY_PLAY``, ``GIVE_COUNT`` (the partner is winning),
                          ``TRUMP_IN`` (a trump on a suit the seat cannot follow),
                          ``WIN_TRICK``, ``PLAY_LOW`` (the trick is lost or the
                          partner's: a tile worth least)
========================  ============================================================
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from enum import Enum

from ..actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from ..dominoes import Domino
from ..hand import Phase
from ..observation import Observation
from ..trumps import SPECIAL_SUIT, Trump
from ..variants import FORTY_TWO
from . import rules, strong
from .knowledge import PlayFacts, play_facts, trick_winner
from .strong_classic import Outlook


class Reason(Enum):
    """Why the hinted action is the one to take: a small closed set a table can translate."""

    BID = "bid"
    BID_CLOSE = "bid_close"
    BID_MARKS = "bid_marks"
    BID_MARKS_SCORE = "bid_marks_score"
    SPECIAL_BID = "special_bid"
    PASS_WEAK = "pass_weak"
    PASS_PARTNER = "pass_partner"
    NAME_TRUMP = "name_trump"
    TAKE_LEFTOVER = "take_leftover"
    LEAVE_LEFTOVER = "leave_leftover"
    DISCARD = "discard"
    DRAW_TRUMPS = "draw_trumps"
    LEAD_WINNER = "lead_winner"
    LEAD_LOW = "lead_low"
    ONLY_PLAY = "only_play"
    GIVE_COUNT = "give_count"
    TRUMP_IN = "trump_in"
    WIN_TRICK = "win_trick"
    PLAY_LOW = "play_low"


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action, the reason for it, and the reason's parameters."""

    action: Action
    reason: Reason
    tile: Domino | None = None
    """The tile played or laid down."""
    trump: Trump | None = None
    """The trump named, or the one a bid is made on."""
    chance: float | None = None
    """How sure the hint is, when it can say: a 42 bid's chance of being made."""


def hint(observation: Observation) -> Hint:
    """The strong player's action for the seat of ``observation``, with its reason;
    ``ValueError`` when it is not this seat's turn."""
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to hint")
    if observation.variant is FORTY_TWO and observation.phase is Phase.AUCTION:
        found = strong.auction_call(observation)  # the call, the trump it is made on
        return _call_hint(observation, found.action, found.outlook)
    return explain(observation, strong.decide(observation, random.Random(_seed(observation))))


def explain(observation: Observation, action: Action) -> Hint:
    """The reason for taking ``action`` (one of the seat's legal actions) from
    ``observation``: what :func:`hint` says of the action it suggests."""
    if isinstance(action, Play):
        return _play_hint(observation, action)
    if isinstance(action, (Bid, Pass)):
        return _call_hint(observation, action, _made_on(observation, action))
    if isinstance(action, NameTrump):
        return Hint(action, Reason.NAME_TRUMP, trump=action.trump)
    if isinstance(action, Leftover):
        return Hint(action, Reason.TAKE_LEFTOVER if action.take else Reason.LEAVE_LEFTOVER)
    assert isinstance(action, Discard)
    return Hint(action, Reason.DISCARD, tile=action.tiles[0])


def _made_on(observation: Observation, action: Action) -> Outlook | None:
    """The outlook a 42 bid of the strong player's is made on, when ``action`` is its call."""
    if observation.variant is not FORTY_TWO or observation.phase is not Phase.AUCTION:
        return None
    found = strong.auction_call(observation)
    return found.outlook if found.action == action else None


def _seed(observation: Observation) -> bytes:
    """A seed from everything the observation holds: equal observations, equal seeds."""
    return hashlib.blake2b(repr(observation).encode(), digest_size=16).digest()


def _call_hint(observation: Observation, action: Action, outlook: Outlook | None) -> Hint:
    seat = observation.seat
    assert seat is not None
    if isinstance(action, Pass):
        high = observation.high_bid
        side_of = observation.variant.seating.side_of
        if high is not None and observation.variant.seating.has_teams and (
                side_of[high.declarer] == side_of[seat]):
            return Hint(action, Reason.PASS_PARTNER)
        return Hint(action, Reason.PASS_WEAK)
    assert isinstance(action, Bid)
    if action.kind is not BidKind.PLAIN:
        return Hint(action, Reason.SPECIAL_BID)
    trump = outlook.trump if outlook is not None else rules.best_trump(
        observation.hand, observation.variant)[0]  # the suit a bid is made on
    chance = (None if outlook is None else strong.sweep_chance(outlook) if action.is_marks
              else outlook.chance(action.points))
    sure = chance is None or chance >= 0.5
    if action.is_marks:
        reason = Reason.BID_MARKS if sure else Reason.BID_MARKS_SCORE
    else:
        reason = Reason.BID if sure else Reason.BID_CLOSE
    return Hint(action, reason, trump=trump, chance=chance)


def _play_hint(observation: Observation, action: Play) -> Hint:
    tile = action.tile
    plays = [a for a in observation.legal if isinstance(a, Play)]
    if len({a.tile for a in plays}) == 1:
        return Hint(action, Reason.ONLY_PLAY, tile=tile)
    facts = play_facts(observation)
    if facts is None:  # Nello, Sevens: no trick model to read
        return Hint(action, Reason.PLAY_LOW, tile=tile)
    if not facts.trick:
        return Hint(action, _lead_reason(facts, action), tile=tile)
    return Hint(action, _follow_reason(facts, tile), tile=tile)


def _lead_reason(facts: PlayFacts, action: Play) -> Reason:
    tables = facts.variant.tables
    model = facts.model
    tile = action.tile
    suit = tile.low if action.low else tables.led[model][tile]
    follow = tables.follow[model]
    power = tables.power[model][suit]
    if suit == SPECIAL_SUIT and model != Trump.NONE and follow[SPECIAL_SUIT] & facts.unseen:
        return Reason.DRAW_TRUMPS
    higher = [t for t in range(facts.unseen.bit_length())
              if facts.unseen >> t & 1 and follow[suit] >> t & 1 and power[t] > power[tile]]
    if not higher:
        return Reason.LEAD_WINNER
    return Reason.LEAD_LOW


def _follow_reason(facts: PlayFacts, tile: Domino) -> Reason:
    tables = facts.variant.tables
    model = facts.model
    winner, best = trick_winner(model, facts.trick, facts.variant, facts.led_suit)
    strength = tables.power[model][facts.led_suit][tile]
    if strength > best:
        follows = tables.follow[model][facts.led_suit] >> tile & 1
        trump = model != Trump.NONE and tables.follow[model][SPECIAL_SUIT] >> tile & 1
        return Reason.TRUMP_IN if trump and not follows else Reason.WIN_TRICK
    if facts.together(winner, facts.seat) and facts.variant.count[tile]:
        return Reason.GIVE_COUNT
    return Reason.PLAY_LOW


__all__ = ["Hint", "Reason", "explain", "hint"]
