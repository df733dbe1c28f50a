"""One hand of 42 as an immutable state machine: auction, trump, tricks, award.

``HandState.legal_actions()`` is the one rules path and ``HandState.apply(seat, action)`` returns
the next state or raises a :class:`~engine.errors.RuleError`; a refused action changes nothing
(R-ILLEGAL, R-ORDER). Tiles held are one 28-bit mask over the deal, so a seat's hand in dealt
order is its dealt tiles filtered by the mask, and playing a tile clears one bit. What changes
once per hand (the deal, the auction, the contract and trump) sits in one shared
:class:`Setup`, so a play copies only the few fields that a trick changes.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from . import auction, scoring
from .actions import Action, Bid, NameTrump, Play
from .deal import Deal
from .dominoes import COUNT, Domino
from .errors import (
    HandOver,
    IllegalTrump,
    MustFollow,
    NotInHand,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from .options import DEFAULT_OPTIONS, Options
from .records import Call, Contract, HandResult, Trick
from .seats import SEATS, Seat
from .trumps import (
    FOLLOW,
    LED,
    POWER,
    TrickModel,
    Trump,
    closest_to_seven,
    suit_title,
    trick_model,
)

ALL_HELD = (1 << 28) - 1


class Phase(Enum):
    AUCTION = "auction"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


# Module-level names for the hot path: a global is found faster than a class attribute.
_AUCTION, _TRUMP, _PLAY, _OVER = Phase.AUCTION, Phase.TRUMP, Phase.PLAY, Phase.OVER
_SEVENS = int(TrickModel.SEVENS)


class Setup(NamedTuple):
    """What changes at most once a call: the deal, the options, the auction, contract and trump.

    ``bid`` is the highest bid so far; ``contract`` is set once the auction is over.
    """

    deal: Deal
    options: Options
    calls: tuple[Call, ...] = ()
    bid: Contract | None = None
    contract: Contract | None = None
    trump: Trump | None = None
    piles: int | None = None
    model: int = Trump.NONE
    sitting_out: Seat | None = None


class _Fields(NamedTuple):
    setup: Setup
    phase: Phase
    to_act: Seat | None
    leader: Seat
    trick: tuple[tuple[Seat, Domino], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, int]
    held: int
    result: HandResult | None


_make = tuple.__new__


class HandState(_Fields):
    """A hand at one moment. Immutable: every change is a new state from :meth:`apply`."""

    __slots__ = ()

    @classmethod
    def start(cls, deal: Deal, options: Options = DEFAULT_OPTIONS) -> HandState:
        """The auction of a fresh deal: the player left of the dealer speaks first (R-AUCTION)."""
        first = deal.dealer.next
        return _make(cls, (Setup(deal, options), _AUCTION, first, first, (), (), (0, 0),
                           ALL_HELD, None))

    # ----- reading ------------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.setup.deal

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def calls(self) -> tuple[Call, ...]:
        """The auction so far, in order."""
        return self.setup.calls

    @property
    def bid(self) -> Contract | None:
        """The highest bid so far, during the auction and after it."""
        return self.setup.bid

    @property
    def contract(self) -> Contract | None:
        return self.setup.contract

    @property
    def trump(self) -> Trump | None:
        return self.setup.trump

    @property
    def piles(self) -> int | None:
        return self.setup.piles

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    def hand_of(self, seat: Seat) -> tuple[Domino, ...]:
        """The tiles ``seat`` still holds, in dealt order (R-ORDER)."""
        held = self.held
        return tuple([t for t in self.setup.deal.hands[seat] if held >> t & 1])

    @property
    def actions(self) -> tuple[Call, ...]:
        """Every accepted action with its author, in order (what R-REVIEW shows once it is over)."""
        setup = self.setup
        calls = list(setup.calls)
        if setup.trump is not None:
            assert setup.contract is not None
            calls.append(Call(setup.contract.names_trump, NameTrump(setup.trump, setup.piles)))
        for trick in self.tricks:
            calls.extend(Call(seat, Play(tile)) for seat, tile in trick.plays)
        calls.extend(Call(seat, Play(tile)) for seat, tile in self.trick)
        return tuple(calls)

    def __repr__(self) -> str:
        to_act = self.to_act.title if self.to_act is not None else None
        return (f"<HandState {self.phase.value} dealer={self.setup.deal.dealer.title} "
                f"to_act={to_act} tricks={len(self.tricks)}>")

    # ----- the one rules path -----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take, in a stable order; empty when the hand is over."""
        phase = self.phase
        if phase is _PLAY and self.setup.model != _SEVENS:
            setup = self.setup
            mine = self.held & setup.deal.masks[self.to_act]  # type: ignore[index]
            trick = self.trick
            if trick:  # R-FOLLOW, as in _playable, inlined on the hottest path
                model = setup.model
                must = FOLLOW[model][LED[model][trick[0][1]]] & mine
                if must:
                    mine = must
            return tuple([PLAYS[t] for t in setup.deal.hands[self.to_act]  # type: ignore[index]
                          if mine >> t & 1])
        if phase is _PLAY:
            mask = self._playable()
            return tuple([PLAYS[t] for t in self.setup.deal.hands[self.to_act]  # type: ignore[index]
                          if mask >> t & 1])
        if phase is _AUCTION:
            return auction.auction_actions(self)
        if phase is _TRUMP:
            return auction.trump_actions(self)
        return ()

    def _playable(self) -> int:
        """The mask of tiles the seat to act may play (R-LEAD, R-FOLLOW; H-SEVENS)."""
        setup = self.setup
        mine = self.held & setup.deal.masks[self.to_act]  # type: ignore[index]
        model = setup.model
        if model == _SEVENS:
            return closest_to_seven(mine)
        trick = self.trick
        if trick:
            must = FOLLOW[model][LED[model][trick[0][1]]] & mine
            if must:
                return must
        return mine

    def apply(self, seat: Seat, action: Action) -> HandState:
        """The state after ``seat`` takes ``action``; raises ``RuleError`` and changes nothing if
        the action is illegal (R-ILLEGAL)."""
        phase = self.phase
        to_act = self.to_act
        if phase is _PLAY and seat == to_act and type(action) is Play:
            return self._play(to_act, action.tile)
        if to_act is None:
            raise HandOver("This hand is over.")
        if seat != to_act:
            raise NotYourTurn(f"It's {to_act.title}'s turn.", to_act=to_act)
        if phase is _PLAY:
            raise WrongPhase("The auction is over: play a tile.")
        if isinstance(action, Play):
            raise WrongPhase("No tile can be played before trump is named.")
        if phase is _AUCTION:
            if not _is_among(action, auction.auction_actions(self)):
                raise self._refusal(action)
            return self._call(to_act, action)
        if not _is_among(action, auction.trump_actions(self)):
            raise self._refusal(action)
        assert isinstance(action, NameTrump)
        return self._name_trump(action)

    # ----- auction and trump ------------------------------------------------------------------

    def _refusal(self, action: Action) -> RuleError:
        """Why an auction or trump action outside ``legal_actions()`` is refused."""
        if self.phase is _AUCTION:
            if isinstance(action, NameTrump):
                return WrongPhase("Trump is named after the auction.")
            return auction.bid_refusal(self, action)
        if not isinstance(action, NameTrump):
            return WrongPhase("The auction is over: name trump.")
        contract = self.setup.contract
        assert contract is not None
        if contract.is_marks and action.piles is None:
            return IllegalTrump("On a marks contract, choose 1 or 2 face-up piles too.")
        if not contract.is_marks and action.piles is not None:
            return IllegalTrump("Piles are chosen only on a marks contract.")
        if action.piles not in (None, 1, 2):
            return IllegalTrump("Choose 1 or 2 piles.")
        return IllegalTrump(f"{action.trump.title.capitalize()} can't be named here.",
                            trump=action.trump)

    def _call(self, seat: Seat, action: Action) -> HandState:
        """R-AUCTION: record a bid or a pass; after the fourth call the auction is over."""
        old = self.setup
        calls = (*old.calls, _make(Call, (seat, action)))
        bid = _make(Contract, (seat, action)) if type(action) is Bid else old.bid
        if len(calls) < 4:
            setup = _make(Setup, (old.deal, old.options, calls, bid, None, None, None, Trump.NONE,
                                  None))
            return self._with(setup, _AUCTION, _NEXT[seat])
        if bid is None:  # R-ALLPASS
            score = (0, 0) if old.options.points_game else None
            result = HandResult(redeal=True, made=False, marks=(0, 0), score=score)
            return self._with(Setup(old.deal, old.options, calls), _OVER, None, result)
        setup = Setup(old.deal, old.options, calls, bid, bid)  # R-DECLARER
        return self._with(setup, _TRUMP, bid.names_trump)

    def _name_trump(self, action: NameTrump) -> HandState:
        """R-TRUMP-CHOICE, R-PILES; the one who named trump leads (R-LEAD)."""
        namer = self.to_act
        assert namer is not None
        old = self.setup
        setup = Setup(old.deal, old.options, old.calls, old.bid, old.contract, action.trump,
                      action.piles, trick_model(action.trump, old.options),
                      namer.partner if action.trump is Trump.NELLO else None)
        return _make(HandState, (setup, _PLAY, namer, namer, (), (), (0, 0), self.held,
                                 None))

    def _with(self, setup: Setup, phase: Phase, to_act: Seat | None,
              result: HandResult | None = None) -> HandState:
        return _make(HandState, (setup, phase, to_act, self.leader, self.trick, self.tricks,
                                 self.points, self.held, result))

    # ----- tricks -----------------------------------------------------------------------------

    def _play(self, seat: Seat, tile: Domino) -> HandState:
        """Play a tile: the checks of :meth:`_playable`, inlined on the hottest path."""
        bit = 1 << tile
        setup = self.setup
        mine = self.held & setup.deal.masks[seat]
        if not mine & bit:
            raise NotInHand(f"{tile.label} is not in your hand.", tile=tile)
        trick = self.trick
        model = setup.model
        if model == _SEVENS:
            if not closest_to_seven(mine) & bit:
                raise self._play_refusal()
        elif trick:
            must = FOLLOW[model][LED[model][trick[0][1]]] & mine
            if must and not must & bit:
                raise self._play_refusal()
        held = self.held ^ bit
        trick = (*trick, (seat, tile))
        sitting_out = setup.sitting_out
        if len(trick) < (4 if sitting_out is None else 3):
            nxt = _NEXT[seat]
            if nxt is sitting_out:
                nxt = _NEXT[nxt]
            return _make(HandState, (setup, _PLAY, nxt, self.leader, trick, self.tricks,
                                     self.points, held, None))
        return self._finish_trick(trick, held)

    def _play_refusal(self) -> RuleError:
        model = self.setup.model
        if model == _SEVENS:
            return MustFollow("You must play a tile closest to 7 (Sevens).", suit="sevens")
        name = suit_title(model, LED[model][self.trick[0][1]])
        return MustFollow(f"You must follow {name}.", suit=name)

    def _finish_trick(self, trick: tuple[tuple[Seat, Domino], ...], held: int) -> HandState:
        """R-WIN (the first played among equals), R-POINTS, then R-EARLY-END."""
        setup = self.setup
        model = setup.model
        winner, best = trick[0]
        power = POWER[model][LED[model][best]]
        best_power = power[best]
        points = 1 + COUNT[best]
        for seat, tile in trick[1:]:
            points += COUNT[tile]
            if power[tile] > best_power:
                winner, best_power = seat, power[tile]
        tricks = (*self.tricks, _make(Trick, (self.leader, trick, winner, points)))
        team_points = (self.points[0] + points, self.points[1]) if winner & 1 == 0 else (
            self.points[0], self.points[1] + points)
        result = scoring.decide(setup.contract, setup.trump, team_points,  # type: ignore[arg-type]
                                tricks, setup.options)
        if result is None:
            return _make(HandState, (setup, _PLAY, winner, winner, (), tricks, team_points,
                                     held, None))
        return _make(HandState, (setup, _OVER, None, winner, (), tricks, team_points, held,
                                 result))


def _is_among(action: Action, legal: tuple[Action, ...]) -> bool:
    """``action in legal``, trying identity first: legal actions are usually passed back as is."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


_NEXT = tuple(seat.next for seat in SEATS)

PLAYS: tuple[Play, ...] = tuple(Play(Domino(t)) for t in range(28))
"""One shared ``Play`` action per tile, by index."""
