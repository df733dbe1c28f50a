"""One hand as an immutable state machine: auction, leftover, trump, tricks, award.

``HandState.legal_actions()`` is the one rules path and ``HandState.apply(seat, action)`` returns
the next state or raises a :class:`~engine.errors.RuleError`; a refused action changes nothing
(R-ILLEGAL, R-ORDER). Every number comes from the deal's :class:`~engine.variants.Variant`, so
42 and the other games of the family run through the same code. Tiles held are one bit mask
over the deal, so a seat's hand in dealt order is its tiles filtered by the mask, and playing a
tile clears one bit. What changes once per hand (the deal, the auction, the leftover step, the
contract and trump) sits in one shared :class:`Setup`, so a play copies only the few fields
that a trick changes.
"""

from __future__ import annotations

from ..actions import Action, Bid, Discard, Leftover, NameTrump, Play
from ..deal import Deal
from ..dominoes import FACES, Domino, mask_of, tile_of
from ..errors import (
    ClosestToSeven,
    HandOver,
    IllegalPlay,
    IllegalTrump,
    MustFollow,
    NotInHand,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from ..options import DEFAULT_OPTIONS, Options
from ..records import Call, Contract, Trick
from ..seats import Seat, seat_title
from ..trumps import (
    SPECIAL_SUIT,
    TrickModel,
    Trump,
    closest_to_seven,
    led_suit,
    led_title,
    trick_model,
    winning_play,
)
from ..variants import AuctionKind, LeftoverStep
from . import auction, leftover, scoring
from .fields import HandFields, Setup
from .phase import Phase

__all__ = ["PLAYS", "HandState"]

# Module-level names for the hot path: a global is found faster than a class attribute.
_AUCTION, _TRUMP, _PLAY, _OVER = Phase.AUCTION, Phase.TRUMP, Phase.PLAY, Phase.OVER
_SEVENS = int(TrickModel.CLOSEST_TO_SEVEN)
_NO_LEFTOVER, _AFTER_TRUMP = LeftoverStep.NONE, LeftoverStep.AFTER_TRUMP
_ONE_ROUND = AuctionKind.ONE_ROUND
_NO_TRUMP = int(Trump.NONE)
_NELLO = Trump.NELLO


_make = tuple.__new__


class HandState(HandFields):
    """A hand at one moment. Immutable: every change is a new state from :meth:`apply`."""

    __slots__ = ()

    @classmethod
    def start(cls, deal: Deal, options: Options = DEFAULT_OPTIONS) -> HandState:
        """The auction of a fresh deal: the player left of the dealer speaks first (R-AUCTION)."""
        variant = deal.variant
        seating = variant.seating
        first = seating.next_of[deal.dealer]
        setup = _make(Setup, (deal, options, None, None, None, _NO_TRUMP, None,
                              deal.hands, deal.masks, variant.no_discards, None, (), (), (),
                              seating.count, seating.next_of,
                              seating.count if variant.auction is _ONE_ROUND else 0,
                              variant.trick_facts, None))
        return _make(cls, (setup, _AUCTION, first, first, (), (), variant.no_points,
                           variant.set_mask ^ mask_of(deal.leftover), None, 0, (), None))

    @property
    def actions(self) -> tuple[Call, ...]:
        """Every accepted action with its author, in order (what R-REVIEW shows once it is over)."""
        setup = self.setup
        calls = list(self.calls)
        contract = setup.contract
        steps = leftover.calls(setup)
        after_trump = setup.variant.leftover_step is LeftoverStep.AFTER_TRUMP
        if not after_trump:
            calls.extend(steps)
        if setup.trump is not None:
            assert contract is not None
            calls.append(Call(contract.names_trump(setup.variant.seating),
                              NameTrump(setup.trump, setup.piles)))
        if after_trump:
            calls.extend(steps)
        for trick in self.tricks:
            calls.extend(_plays(trick.plays, trick.low))
        calls.extend(_plays(self.trick, self.trick_led_low))
        return tuple(calls)

    @property
    def last_call(self) -> Call | None:
        """The last accepted action of this hand with its author (None before the first call).
        Once a trick is complete only plays follow, so a play is found without the review."""
        trick = self.trick or (self.tricks[-1].plays if self.tricks else ())
        if trick:
            seat, tile = trick[-1]
            low = len(trick) == 1 and (self.trick_led_low if self.trick else self.tricks[-1].low)
            return Call(seat, Play(tile.face, low=low))
        setup = self.setup
        if setup.trump is None and setup.took_leftover is None:  # still the auction's
            return self.calls[-1] if self.calls else None
        actions = self.actions
        return actions[-1] if actions else None

    @property
    def trick_led_low(self) -> bool:
        """Whether the trick in progress was led by its lower end (V-BIG-LEAD-LOW)."""
        return bool(self.trick) and self.suit != self.setup.led[self.trick[0][1]]

    @property
    def winning(self) -> Seat | None:
        """R-WIN: the seat whose tile takes the trick in progress so far, by the rule that will
        decide it (V-GEN-TIE, H-SEVENS); None when no trick is in progress."""
        if not self.trick:
            return None
        return winning_play(self.setup.power[self.suit], self.trick)[0]

    def __repr__(self) -> str:
        to_act = seat_title(self.to_act) if self.to_act is not None else None
        return (f"<HandState {self.phase.value} dealer={seat_title(self.setup.deal.dealer)} "
                f"to_act={to_act} tricks={len(self.tricks)}>")

    # ----- the one rules path -----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take, in a stable order; empty when the hand is over."""
        phase = self.phase
        if phase is _PLAY and self.setup.model != _SEVENS:
            setup = self.setup
            mine = self.held & setup.masks[self.to_act]  # type: ignore[index]
            if self.trick:  # R-FOLLOW, as in _playable, inlined on the hottest path
                must = setup.follow[self.suit] & mine
                if must:
                    mine = must
            plays = tuple([PLAYS[t] for t in setup.hands[self.to_act]  # type: ignore[index]
                           if mine >> t & 1])
            return plays if setup.deal.variant.plain_plays else self._variant_plays(plays)
        if phase is _PLAY:
            mask = self._playable()
            return tuple([PLAYS[t] for t in self.setup.hands[self.to_act]  # type: ignore[index]
                          if mask >> t & 1])
        if phase is _AUCTION:
            return auction.auction_actions(self)
        if phase is _TRUMP:
            return auction.trump_actions(self)
        if phase is not _OVER:
            return leftover.leftover_actions(self)
        return ()

    def _variant_plays(self, plays: tuple[Play, ...]) -> tuple[Play, ...]:
        """One play per face held twice (V-GEN-SET), and the low leads (V-BIG-LEAD-LOW)."""
        variant = self.setup.variant
        if variant.copies > 1:
            faces = 0
            once = []
            for play in plays:  # both copies of a face share one Play (PLAYS)
                if not faces >> play.tile & 1:
                    faces |= 1 << play.tile
                    once.append(play)
            plays = tuple(once)
        if self.trick or not variant.lead_low:
            return plays
        special = self.setup.follow[SPECIAL_SUIT]
        low = [Play(p.tile, low=True) for p in plays
               if p.tile in variant.lead_low and not special >> p.tile & 1]
        return (*plays, *low) if low else plays

    def _playable(self) -> int:
        """The mask of tiles the seat to act may play (R-LEAD, R-FOLLOW; H-SEVENS)."""
        setup = self.setup
        mine = self.held & setup.masks[self.to_act]  # type: ignore[index]
        model = setup.model
        if model == _SEVENS:
            return closest_to_seven(mine)
        if self.trick:
            must = setup.follow[self.suit] & mine
            if must:
                return must
        return mine

    def apply(self, seat: Seat, action: Action) -> HandState:
        """The state after ``seat`` takes ``action``; raises ``RuleError`` and changes nothing if
        the action is illegal (R-ILLEGAL)."""
        phase = self.phase
        to_act = self.to_act
        if phase is _PLAY and seat == to_act and type(action) is Play:
            return self._play(to_act, action)
        if to_act is None:
            raise HandOver("This hand is over.")
        if seat != to_act:
            raise NotYourTurn(f"It's {seat_title(to_act)}'s turn.", to_act=to_act)
        if phase is _PLAY:
            raise WrongPhase("The auction is over: play a tile.")
        if isinstance(action, Play):
            raise WrongPhase("No tile can be played before trump is named.")
        if phase is _AUCTION:
            if not _is_among(action, auction.auction_actions(self)):
                raise self._refusal(action)
            return self._call(to_act, action)
        if phase is _TRUMP:
            if not _is_among(action, auction.trump_actions(self)):
                raise self._refusal(action)
            assert isinstance(action, NameTrump)
            return self._name_trump(action)
        if not isinstance(action, Leftover | Discard) or not _is_among(
                action.canonical if isinstance(action, Discard) else action,
                leftover.leftover_actions(self)):
            raise leftover.refusal(self, action)
        return leftover.apply(self, action)

    # ----- auction and trump ------------------------------------------------------------------

    def _refusal(self, action: Action) -> RuleError:
        """Why an auction or trump action outside ``legal_actions()`` is refused."""
        if isinstance(action, Leftover | Discard):
            return WrongPhase("There is no leftover to take or discard now.")
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
        """R-AUCTION (V-BIG-AUCTION): record a bid or a pass; end the auction when it is over."""
        old = self.setup
        calls = (*self.calls, _make(Call, (seat, action)))
        bid = _make(Contract, (seat, action)) if type(action) is Bid else self.bid
        if len(calls) < old.callers:  # R-AUCTION: each seat speaks once
            following: Seat | None = old.next_of[seat]
        elif old.callers:
            following = None
        else:
            following = auction.next_caller_round_and_round(old.deal.variant.seating, calls, bid)
        if following is not None:
            return _make(HandState, (old, _AUCTION, following, *self[3:10], calls, bid))
        if bid is None:  # R-ALLPASS
            result = scoring.all_passed(old.deal.variant, old.options)
            return _make(HandState, (old, _OVER, None, *self[3:8], result, 0, calls, None))
        setup = _make(Setup, (*old[:2], bid, *old[3:]))  # R-DECLARER
        namer = bid.names_trump(old.deal.variant.seating)
        naming = _make(HandState, (setup, _TRUMP, namer, *self[3:10], calls, bid))
        if old.deal.variant.leftover_step is _NO_LEFTOVER:
            return naming
        return leftover.after_auction(naming)

    def _name_trump(self, action: NameTrump) -> HandState:
        """R-TRUMP-CHOICE, R-PILES; the one who named trump leads (R-LEAD)."""
        namer = self.to_act
        assert namer is not None
        old = self.setup
        trump = action.trump
        model = int(trump) if trump <= _NO_TRUMP else trick_model(trump, old.options)
        variant = old.deal.variant
        tables = variant.tables
        nello = trump is _NELLO
        early = scoring.early_end(variant, old.options, old.contract, trump)
        setup = _make(Setup, (*old[:3], trump, action.piles, model,
                              variant.seating.partner(namer) if nello else None, *old[7:11],
                              tables.led[model],
                              tables.follow[model], tables.power[model],
                              old.trick_size - 1 if nello else old.trick_size, *old[15:18],
                              early))
        playing = _make(HandState, (setup, _PLAY, namer, namer, (), (), self.points, self.held,
                                    None, 0, self.calls, self.bid))
        if variant.leftover_step is _AFTER_TRUMP:
            return leftover.after_trump(playing)
        return playing

    # ----- tricks -----------------------------------------------------------------------------

    def _play(self, seat: Seat, action: Play) -> HandState:
        """Play a tile: the checks of :meth:`_playable`, inlined on the hottest path."""
        tile = action.tile
        bit = 1 << tile
        setup = self.setup
        mine = self.held & setup.masks[seat]
        if not mine & bit:
            tile = self._held_copy(tile, mine)
            bit = 1 << tile
        trick = self.trick
        model = setup.model
        if model == _SEVENS:
            if not closest_to_seven(mine) & bit:
                raise self._play_refusal()
        elif trick:
            must = setup.follow[self.suit] & mine
            if must and not must & bit:
                raise self._play_refusal()
        held = self.held ^ bit
        if not trick:
            suit = setup.led[tile] if not action.low else self._low_suit(tile)
            trick = ((seat, tile),)
        elif action.low:
            raise self._low_refusal(tile)
        else:
            suit = self.suit
            trick = (*trick, (seat, tile))
        if len(trick) < setup.trick_size:
            nxt = setup.next_of[seat]
            if setup.sitting_out is not None and nxt == setup.sitting_out:
                nxt = setup.next_of[nxt]
            return _make(HandState, (setup, _PLAY, nxt, self.leader, trick, self.tricks,
                                     self.points, held, None, suit, self.calls, self.bid))
        return self._finish_trick(trick, held, suit)

    def _held_copy(self, tile: Domino, mine: int) -> Domino:
        """The tile actually held for a play naming ``tile``: the second copy of its face when
        only that one is left (V-GEN-SET); ``NotInHand`` if neither is."""
        if self.setup.variant.copies > 1 and tile < FACES and mine >> (tile + FACES) & 1:
            return tile_of(tile + FACES)
        raise NotInHand(f"{tile.label} is not in your hand.", tile=tile)

    def _low_suit(self, tile: Domino) -> int:
        """V-BIG-LEAD-LOW: the lower end, for a lead of [3|7] or [2|8] that is not a trump."""
        setup = self.setup
        if tile.face not in setup.variant.lead_low or setup.follow[SPECIAL_SUIT] >> tile & 1:
            raise self._low_refusal(tile)
        return tile.low

    @staticmethod
    def _low_refusal(tile: Domino) -> RuleError:
        return IllegalPlay(f"{tile.label} can't be led as {tile.low}s here.", tile=tile)

    def _play_refusal(self) -> RuleError:
        model = self.setup.model
        if model == _SEVENS:
            return ClosestToSeven("You must play a tile closest to 7 (Sevens).")
        led = led_suit(model, self.suit)
        return MustFollow(f"You must follow {led_title(led)}.", led=led)

    def _finish_trick(self, trick: tuple[tuple[Seat, Domino], ...], held: int,
                      suit: int) -> HandState:
        """R-WIN (the first played among equals, V-GEN-TIE), R-POINTS, then R-EARLY-END."""
        setup = self.setup
        count, points, side_of = setup.facts
        winner = winning_play(setup.power[suit], trick)[0]
        for _, tile in trick:
            points += count[tile]
        tricks = (*self.tricks, _make(Trick, (self.leader, trick, winner, points,
                                              suit != setup.led[trick[0][1]])))
        side = side_of[winner]
        taken = self.points
        if len(taken) == 2:  # the common case, without slicing
            taken = (taken[0] + points, taken[1]) if side == 0 else (taken[0], taken[1] + points)
        else:
            taken = (*taken[:side], taken[side] + points, *taken[side + 1:])
        result = scoring.decide(setup, taken, tricks)
        if result is None:
            return _make(HandState, (setup, _PLAY, winner, winner, (), tricks, taken,
                                     held, None, 0, self.calls, self.bid))
        return _make(HandState, (setup, _OVER, None, winner, (), tricks, taken, held,
                                 result, 0, self.calls, self.bid))


def _plays(plays: tuple[tuple[Seat, Domino], ...], low: bool) -> list[Call]:
    return [Call(seat, Play(tile.face, low=low and i == 0))
            for i, (seat, tile) in enumerate(plays)]


def _is_among(action: Action, legal: tuple[Action, ...]) -> bool:
    """``action in legal``, trying identity first: legal actions are usually passed back as is."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


PLAYS: tuple[Play, ...] = tuple(Play(tile_of(t).face) for t in range(2 * FACES))
"""One shared ``Play`` action per tile number, naming its face (a second copy plays as the
first, V-GEN-SET)."""
