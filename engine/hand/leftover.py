"""The leftover step between the auction and play (V-GEN-DEAL, V-GEN-DISCARD).

Moon's widow and 140's boneyard are taken and one tile discarded before trump (V-MOON-WIDOW,
V-140-BONEYARD); the Big Game's leftover is taken or left, and discarded from if taken
(V-BIG-LEFTOVER); 72's widow is taken after trump, and two tiles discarded (V-72-WIDOW). A
taken leftover joins the declarer's hand after its dealt tiles, in stack order; a discard
leaves the hand face down and is seen by its owner only, 72's discarded trumps excepted.
"""

from __future__ import annotations

from itertools import combinations
from typing import TypeVar

from ..actions import Action, Discard, Leftover
from ..dominoes import Domino, mask_of
from ..errors import IllegalDiscard, RuleError, WrongPhase
from ..records import Call
from ..trumps import SPECIAL_SUIT
from ..variants import LeftoverStep, Variant
from . import scoring
from .fields import HandFields, Setup
from .phase import Phase

State = TypeVar("State", bound=HandFields)
"""A hand's state, which each step returns as the same kind it was given."""

def after_auction(state: State) -> State:
    """The state once a bid has won the auction, in a game with a leftover: trump to name, or
    first the leftover step."""
    step = state.variant.leftover_step
    declarer = state.setup.contract.declarer  # type: ignore[union-attr]
    if step is LeftoverStep.TAKE_OR_LEAVE:
        return state._with(state.setup, Phase.LEFTOVER, declarer)
    if step is LeftoverStep.SWAP_ONE:
        return _take(state._with(state.setup, Phase.DISCARD, declarer))
    return state


def after_trump(state: State) -> State:
    """The state once trump is named, when 72's widow comes first (V-72-WIDOW)."""
    return _take(state._with(state.setup, Phase.DISCARD, state.to_act))


def _take(state: State) -> State:
    """The leftover joins the hand of the seat to act, after its tiles (V-GEN-DEAL)."""
    setup = state.setup
    seat = state.to_act
    assert seat is not None
    extra = setup.deal.leftover
    hands = list(setup.hands)
    masks = list(setup.masks)
    hands[seat] = (*hands[seat], *extra)
    masks[seat] |= mask_of(extra)
    taken = setup._replace(hands=tuple(hands), masks=tuple(masks), took_leftover=True)
    return state._replace(setup=taken, held=state.held | mask_of(extra))


def leftover_actions(state: HandFields) -> tuple[Action, ...]:
    """The declarer's choices in the leftover step, in a stable order."""
    variant = state.variant
    if state.phase is Phase.LEFTOVER:
        if any(variant.is_counter(t) for t in state.deal.leftover):
            return (Leftover(True),)  # V-BIG-LEFTOVER: a counter must be taken
        return (Leftover(True), Leftover(False))
    assert state.to_act is not None
    held = state.hand_of(state.to_act)
    if variant.leftover_step is LeftoverStep.AFTER_TRUMP:
        return _pairs(held, _free_in_72(state, held))
    if variant.counters and variant.leftover_step is not LeftoverStep.NONE:
        allowed = [t for t in held if not variant.is_counter(t)] or list(held)
    else:
        allowed = list(held)  # V-MOON-WIDOW: any tile
    return tuple(dict.fromkeys(Discard((t,)) for t in allowed))


def _free_in_72(state: HandFields, held: tuple[Domino, ...]) -> list[Domino]:
    """V-72-WIDOW: the tiles that are neither trumps nor counters."""
    trumps = state.setup.follow[SPECIAL_SUIT]
    return [t for t in held if not state.variant.is_counter(t) and not trumps >> t & 1]


def _pairs(held: tuple[Domino, ...], free: list[Domino]) -> tuple[Action, ...]:
    """V-72-WIDOW: two tiles, as many of them free ones as the hand holds, up to two."""
    need = min(2, len(free))
    pairs = []
    for first, second in combinations(held, 2):
        if sum(1 for t in (first, second) if t in free) >= need:
            pairs.append(Discard((first, second)).canonical)
    return tuple(dict.fromkeys(sorted(pairs, key=str)))


def refusal(state: HandFields, action: Action) -> RuleError:
    """Why an action outside :func:`leftover_actions` is refused, said to the declarer."""
    if state.phase is Phase.LEFTOVER:
        if isinstance(action, Leftover):
            return IllegalDiscard("A counter in the leftover must be taken.")
        return WrongPhase("Take or leave the leftover tile first.")
    if not isinstance(action, Discard):
        return WrongPhase("Discard first.")
    action = action.canonical
    size = 2 if state.variant.leftover_step is LeftoverStep.AFTER_TRUMP else 1
    if len(action.tiles) != size:
        return IllegalDiscard(f"Discard {size} tile{'s' if size > 1 else ''}.", tiles=size)
    assert state.to_act is not None
    held = list(state.hand_of(state.to_act))
    for tile in action.tiles:
        copy = next((t for t in held if t.face == tile), None)
        if copy is None:
            return IllegalDiscard(f"{tile.label} is not in your hand.", tile=tile)
        held.remove(copy)
    if size == 2:
        return IllegalDiscard("Discard the tiles that are neither trumps nor counters first.")
    return IllegalDiscard("A counter can't be discarded while another tile can.")


def apply(state: State, action: Leftover | Discard) -> State:
    """Take or leave the leftover, or discard (the action was checked as legal)."""
    setup = state.setup
    if isinstance(action, Leftover):
        if action.take:
            return _take(state._with(setup, Phase.DISCARD, state.to_act))
        return state._with(setup._replace(took_leftover=False), Phase.TRUMP, state.to_act)
    seat = state.to_act
    assert seat is not None
    held = state.held
    hand = [t for t in setup.hands[seat] if held >> t & 1]
    laid = []
    for face in action.tiles:
        copy = next(t for t in hand if t.face == face)  # the copy dealt first (R-ORDER)
        hand.remove(copy)
        laid.append(copy)
        held ^= 1 << copy
    discards = list(setup.discards)
    discards[seat] = tuple(laid)
    after = setup._replace(discards=tuple(discards))
    if setup.variant.leftover_step is not LeftoverStep.AFTER_TRUMP:
        return state._replace(setup=after, phase=Phase.TRUMP, held=held)
    return _to_play(state._replace(setup=after, held=held), laid)


def _to_play(state: State, laid: list[Domino]) -> State:
    """V-72-WIDOW, V-72-SCORE: the discarded counters go to the defenders, and may already
    set the contract; otherwise the declarer leads."""
    setup = state.setup
    variant = setup.variant
    side_of = variant.seating.side_of
    contract = setup.contract
    assert contract is not None
    given = sum(variant.count[t] for t in laid)
    points = list(state.points)
    points[variant.seating.other_side(side_of[contract.declarer])] += given
    taken = tuple(points)
    result = scoring.decide(setup, taken, ())
    if result is not None:
        return state._replace(phase=Phase.OVER, to_act=None, points=taken, result=result)
    return state._replace(phase=Phase.PLAY, to_act=contract.names_trump(variant.seating),
                          points=taken)


def calls(setup: Setup) -> list[Call]:
    """The leftover step as the review lists it: the declarer's choice and discards."""
    contract = setup.contract
    if contract is None or setup.took_leftover is None:
        return []
    found = []
    declarer = contract.declarer
    if setup.variant.leftover_step is LeftoverStep.TAKE_OR_LEAVE:
        found.append(Call(declarer, Leftover(setup.took_leftover)))
    if setup.discards[declarer]:
        found.append(Call(declarer, Discard(setup.discards[declarer])))
    return found


def shown_discards(variant: Variant, setup: Setup, seat: int) -> tuple[Domino, ...]:
    """The discards of ``seat`` everyone may see: 72's discarded trumps (V-72-WIDOW)."""
    if variant.leftover_step is not LeftoverStep.AFTER_TRUMP or not setup.discards[seat]:
        return ()
    trumps = setup.follow[SPECIAL_SUIT]
    return tuple(t for t in setup.discards[seat] if trumps >> t & 1)
