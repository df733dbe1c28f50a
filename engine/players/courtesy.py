"""What a partner expects, among tiles equal for the contract.

The strong player's search asks one question, whether the contract is made; when several tiles
answer it about alike, a human partner still expects one of them, and a bot that picks another
looks careless even when it costs nothing:

- to a trick the partner is **certain to win** (no seat still to play can hold a tile that
  beats it, as far as this seat can see), no tile that takes it over, and the most count;
- **last to play**, against an opponent's winning tile, the **cheapest winner**: the lowest
  that is not a counter, or the lowest if every one is;
- **on lead** when the partner declared, a trump back to the partner (the declarer's suit):
  the partner's strength that every seat was shown (R-SEE-TABLE); who led earlier tricks is
  not shown (R-SEE-ANON), so no earlier lead is read.

Every other tie goes to the rules of thumb's order (:func:`engine.players.rules.rank_plays`:
count and power).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..observation import Observation
from ..trumps import SPECIAL_SUIT, Trump
from .knowledge import PlayFacts, trick_winner


def power_of(facts: PlayFacts) -> Sequence[int]:
    """Each tile's power in the trick in progress (R-WIN)."""
    return facts.variant.tables.power[facts.model][facts.led_suit]


def overtakes(facts: PlayFacts, tile: int) -> bool:
    """Whether playing ``tile`` would take the trick in progress from whoever is winning it."""
    return power_of(facts)[tile] > trick_winner(facts.model, facts.trick, facts.variant,
                                                facts.led_suit)[1]


def partner_winning(facts: PlayFacts) -> bool:
    """Whether a partner of this seat is winning the trick in progress."""
    if not facts.trick:
        return False
    winner = trick_winner(facts.model, facts.trick, facts.variant, facts.led_suit)[0]
    return winner != facts.seat and facts.together(winner, facts.seat)


def last_to_play(facts: PlayFacts) -> bool:
    return len(facts.trick) == len(facts.sizes) - 1


def partner_certain(facts: PlayFacts) -> bool:
    """The partner is winning the trick and no seat still to play after this one can hold a
    tile that beats it: none among the tiles this seat has not seen that the seat could hold
    (the voids it showed in this trick bar some)."""
    if not partner_winning(facts):
        return False
    power = power_of(facts)
    best = trick_winner(facts.model, facts.trick, facts.variant, facts.led_suit)[1]
    seats = len(facts.sizes)
    for step in range(1, seats - len(facts.trick)):
        later = (facts.seat + step) % seats
        possible = facts.unseen & ~facts.barred[later]
        if any(possible >> t & 1 and power[t] > best for t in range(len(power))):
            return False
    return True


def cheapest_winner(facts: PlayFacts, winners: Sequence[int]) -> int:
    """The lowest winner that is not a counter; the lowest winner if every one is a counter."""
    count = facts.variant.count
    power = power_of(facts)
    plain = [t for t in winners if not count[t]]
    return min(plain or winners, key=lambda t: power[t])


def partner_declared(observation: Observation) -> bool:
    contract, seat = observation.contract, observation.seat
    return (contract is not None and seat is not None and contract.declarer != seat
            and observation.variant.seating.side_of[contract.declarer]
            == observation.variant.seating.side_of[seat])


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a partner expects of this play: which of some tiles (in the rules of thumb's order)
    to play, and how many solved deals fewer than the best it may be right in and still be
    played (a difference that size is the sampling's noise, or, for a lead back, a price a
    partner pays for being understood)."""

    pick: Callable[[Sequence[int]], int | None]
    share: float
    """The margin, as a share of the deals solved (one deal at least)."""

    def margin(self, solved: int) -> int:
        return 1 + int(solved * self.share)


#: The margins: a follow's, and a lead back's.
FOLLOW_MARGIN = 0.1
LEAD_BACK_MARGIN = 0.25


def expectation(observation: Observation, facts: PlayFacts) -> Expectation | None:
    """What a partner expects here, or ``None`` when nothing in particular."""
    count = facts.variant.count
    power = power_of(facts)
    if not facts.trick:
        if not partner_declared(observation) or facts.model == Trump.NONE:
            return None
        trumps = facts.variant.tables.follow[facts.model][SPECIAL_SUIT]
        return Expectation(lambda tiles: next((t for t in tiles if trumps >> t & 1), None),
                           LEAD_BACK_MARGIN)
    if partner_certain(facts):
        def most_count(tiles: Sequence[int]) -> int | None:
            keeping = [t for t in tiles if not overtakes(facts, t)]
            return max(keeping, key=lambda t: (count[t], -power[t])) if keeping else None
        return Expectation(most_count, FOLLOW_MARGIN)
    if last_to_play(facts) and not partner_winning(facts):
        def cheapest(tiles: Sequence[int]) -> int | None:
            winners = [t for t in tiles if overtakes(facts, t)]
            return cheapest_winner(facts, winners) if winners else None
        return Expectation(cheapest, FOLLOW_MARGIN)
    return None
