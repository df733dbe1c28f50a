"""What the seat to act sees at a decision, and which categories of the battery it could test.

Everything that decides whether a position belongs to a category is read from the seat's own
view (:func:`engine.players.knowledge.play_facts`: its tiles, the tiles it has not seen, the
voids the trick in progress shows, the contract), with the predicates the strong player's own
tie-breaks use (:mod:`engine.players.courtesy`). Whether the expected behaviour costs the
contract anything is for :mod:`.real_deal`, which sees every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...actions import Bid, Pass, Play
from ...dominoes import COUNT, TILES
from ...game import Game
from ...hand import Phase
from ...observation import Observation
from ...players import courtesy
from ...players.knowledge import PlayFacts, play_facts
from ...seats import FOUR_SEATS, Seat, seat_title
from ...trumps import FOLLOW, SPECIAL_SUIT, Trump
from .battery import Category

PLAY_CATEGORIES = (Category.KEEP_PARTNERS_TRICK, Category.COUNT_TO_PARTNER,
                   Category.CHEAPEST_WINNER, Category.LEAD_BACK)


@dataclass(frozen=True, slots=True)
class PlaySituation:
    """A play of 42 as the seat to act sees it."""

    facts: PlayFacts
    legal: tuple[int, ...]
    """The tiles it may play."""
    partner_declared: bool
    """Its partner is the declarer (R-SEE-TABLE: the contract is public)."""

    @property
    def leading(self) -> bool:
        return not self.facts.trick

    @property
    def power(self) -> Sequence[int]:
        return courtesy.power_of(self.facts)

    def interchangeable(self, one: int, other: int) -> bool:
        """Whether two trumps are worth the same: the same count, and no tile this seat has not
        seen ranks between them (as the solver's ``distinct_trumps`` treats them)."""
        trumps = FOLLOW[self.facts.model][SPECIAL_SUIT]
        if not trumps >> one & 1 or not trumps >> other & 1 or COUNT[one] != COUNT[other]:
            return False
        power = self.power
        low, high = sorted((power[one], power[other]))
        return not any(self.facts.unseen >> t & 1 and low < power[t] < high
                       for t in range(len(power)) if trumps >> t & 1)

    @classmethod
    def of(cls, observation: Observation) -> PlaySituation | None:
        """The situation of a play with a choice, or ``None`` (not a play, or no choice)."""
        facts = play_facts(observation)
        if facts is None:
            return None
        legal = tuple(int(a.tile) for a in observation.legal if isinstance(a, Play))
        if len(legal) < 2:
            return None
        return cls(facts, legal, courtesy.partner_declared(observation))


def play_candidates(situation: PlaySituation) -> dict[Category, frozenset[int]]:
    """Per category this play could test, the tiles it is about (before the real deal says
    what they cost): the plays that keep the partner's trick, the counters among them, the
    winners, or the leads in the partner's suits."""
    found: dict[Category, frozenset[int]] = {}
    legal = situation.legal
    facts = situation.facts
    if situation.leading:
        trumps = FOLLOW[facts.model][SPECIAL_SUIT] if facts.model != Trump.NONE else 0
        back = frozenset(t for t in legal if trumps >> t & 1)
        if back and situation.partner_declared:
            found[Category.LEAD_BACK] = back
        return found
    if courtesy.partner_certain(facts):
        keeping = frozenset(t for t in legal if not courtesy.overtakes(facts, t))
        if keeping:
            found[Category.KEEP_PARTNERS_TRICK] = keeping
        counters = frozenset(t for t in keeping if COUNT[t])
        if counters:
            found[Category.COUNT_TO_PARTNER] = counters
    elif courtesy.last_to_play(facts) and not courtesy.partner_winning(facts):
        winners = frozenset(t for t in legal if courtesy.overtakes(facts, t))
        if winners:
            found[Category.CHEAPEST_WINNER] = winners
    return found


def expected_plays(category: Category, situation: PlaySituation, about: frozenset[int],
                   costless: frozenset[int]) -> frozenset[int] | None:
    """The tiles right in this category, given ``about`` (from :func:`play_candidates`) and
    the legal tiles that cost the contract nothing on the real deal; ``None`` when the position
    does not qualify: the behaviour would cost the contract, or every legal play is right (no
    test)."""
    expected: frozenset[int] | None
    if category in (Category.KEEP_PARTNERS_TRICK, Category.LEAD_BACK):
        expected = about if about & costless else None
    elif category is Category.COUNT_TO_PARTNER:
        free = about & costless
        most = max((COUNT[t] for t in free), default=0)
        expected = frozenset(t for t in free if COUNT[t] == most) if free else None
    else:
        cheapest = courtesy.cheapest_winner(situation.facts, sorted(about))
        limit = situation.power[cheapest]
        expected = (frozenset(t for t in about & costless if situation.power[t] <= limit
                              or situation.interchangeable(t, cheapest))
                    if cheapest in costless else None)
    if expected is None or expected >= frozenset(situation.legal):
        return None
    return expected


def outbids_partner(observation: Observation) -> bool:
    """An auction call where the partner holds the high bid, the seat may pass and may bid."""
    high = observation.high_bid
    seat = observation.seat
    return (observation.phase is Phase.AUCTION and high is not None and seat is not None
            and high.declarer == FOUR_SEATS.partner(seat) and Pass() in observation.legal
            and any(isinstance(a, Bid) for a in observation.legal))


def describe(game: Game, seat: int) -> str:
    """The decision in a line: hand, seat, its tiles, the auction or the trick and contract."""
    hand = game.hand
    tiles = " ".join(TILES[t].label for t in sorted(hand.hand_of(Seat(seat)), reverse=True))
    head = f"hand {game.hand_number}, {seat_title(seat)} holds {tiles}"
    if hand.phase is Phase.AUCTION:
        calls = ", ".join(f"{seat_title(c.seat)} {c.action}" for c in hand.calls)
        return f"{head}; auction: {calls}"
    contract = hand.contract
    assert contract is not None and hand.trump is not None
    side = FOUR_SEATS.side_of[contract.declarer]
    role = "declarer's side" if FOUR_SEATS.side_of[seat] == side else "defender"
    trick = ", ".join(f"{seat_title(s)} {t.label}" for s, t in hand.trick) or "on lead"
    taken = f"{hand.points[side]}-{hand.points[1 - side]}"
    return (f"{head} ({role}); contract {seat_title(contract.declarer)} {contract.bid.title} "
            f"in {hand.trump.title}, points {taken}; trick {len(hand.tricks) + 1}: {trick}")
