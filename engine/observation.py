"""What one seat, or a spectator, may see (R-SEE-*, R-REVIEW): the only way to read a game.

An :class:`Observation` is built from the state by copying exactly what the rules show, so the
bot, the computer players and every test read the same thing, and a hidden tile cannot leak
through it: it never holds another seat's hand, nor the play order inside a captured trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Discard, Play
from .dominoes import Domino, sorted_for_display
from .errors import WrongPhase
from .game import Game
from .goal import Goal, Standing
from .hand import HandState, Phase
from .hand.leftover import shown_discards
from .options import Options
from .records import Call, Contract, HandResult, Trick
from .seats import Seat, Team
from .trumps import Led, Trump, is_trump, led_suit, trick_model
from .variants import Variant


@dataclass(frozen=True, slots=True)
class Pile:
    """Captured tiles a table may look at, sorted so their play order cannot be read back.
    ``team`` is the side that took them (a team, or a player each for oneself)."""

    team: Team
    tiles: tuple[Domino, ...]


@dataclass(frozen=True, slots=True)
class LastAction:
    """The last accepted action, as the whole table may be told it."""

    seat: Seat
    action: Action
    """As everyone may see it: a discard names only the tiles laid face up (V-GEN-DISCARD)."""
    trick: Pile | None = None
    """The trick this play completed, sorted, with the side that took it (R-SEE-ANON)."""
    ended_hand: bool = False
    """This action ended its hand: the game's last finished hand is news."""


@dataclass(frozen=True, slots=True)
class Observation:
    seat: Seat | None
    hand: tuple[Domino, ...]
    """This seat's own tiles in dealt order (R-SEE-HAND, R-ORDER); empty for a spectator."""
    hand_sizes: tuple[int, ...]
    """Tiles each seat holds, by seat (V-GEN-SEATS: 3, 4, 6 or 8 seats)."""
    open_hands: tuple[tuple[Domino, ...], ...] | None
    """Every hand, only when the rules lay them face up (H-SEVENS)."""
    options: Options
    hand_number: int
    dealer: Seat
    phase: Phase
    to_act: Seat | None
    legal: tuple[Action, ...]
    """What this seat may do now; empty unless it is this seat's turn."""
    auction: tuple[Call, ...]
    high_bid: Contract | None
    contract: Contract | None
    trump: Trump | None
    piles: int | None
    sitting_out: Seat | None
    trick: tuple[tuple[Seat, Domino], ...]
    """The trick in progress, with who played what (R-SEE-TABLE)."""
    trick_number: int
    tricks_won: tuple[int, ...]
    """Tricks taken by each side."""
    captured: tuple[Pile, ...]
    """R-SEE-POINTS: all captured tiles by side; R-SEE-MARKS: the last one or two tricks."""
    last_trick: Pile | None
    """The trick completed last in this hand, sorted, with the side that took it: face up under
    every contract (R-SEE-POINTS, R-SEE-MARKS) and never in play order (R-SEE-ANON)."""
    points: tuple[int, ...] | None
    """Hand points per side, shown whenever the captured faces show them (not under
    R-SEE-MARKS)."""
    result: HandResult | None
    marks: tuple[int, ...]
    score: tuple[int, ...]
    winner: Team | None
    variant: Variant
    goal: Goal
    """What the game is played to (marks or points, and the total that wins)."""
    low_lead: bool = False
    """The trick in progress was led by the lower end of its first tile (V-BIG-LEAD-LOW)."""
    leftover: tuple[Domino, ...] = ()
    """The leftover, to the declarer who has looked at it only (V-GEN-DEAL)."""
    discards: tuple[Domino, ...] = ()
    """This seat's own face-down discards (V-GEN-DISCARD)."""
    face_up_discards: tuple[Domino, ...] = ()
    """Discards everyone may see: 72's discarded trumps (V-72-WIDOW)."""
    led: Led | None = None
    """R-LED-SUIT: what the trick in progress calls for (a number suit, the trumps or the
    doubles); ``None`` before its lead, and under Sevens."""
    winning: Seat | None = None
    """R-WIN: the seat whose tile takes the trick in progress unless a later one beats it
    (V-GEN-TIE; H-SEVENS: the closest to 7). Public, as every tile of that trick is face up
    (R-SEE-TABLE); ``None`` when no trick is in progress. Who led is its first play."""
    trick_model: int | None = None
    """The trick model of the trump named (``None`` before): what :meth:`is_trump` reads."""
    last_action: LastAction | None = None
    """What the table may say just happened (``None`` before the game's first call)."""
    completed_trick: Trick | None = None
    """R-SEE-TABLE: the trick just completed, still face up in front of the players who played
    it, and who won it, until it is gathered: until its winner leads again, or, after a hand's
    last trick, until the next hand's first call. ``None`` otherwise (then R-SEE-ANON: no
    captured tile is tied to its player)."""

    def is_trump(self, tile: Domino) -> bool:
        """R-TRUMP-OWNS: whether ``tile`` belongs to the trump suit named (no tile before)."""
        return self.trick_model is not None and is_trump(self.trick_model, tile)

    @property
    def standing(self) -> Standing:
        """Each side's total in what the game is played to, and the winner."""
        goal = self.goal
        return Standing(goal, self.score if goal.in_points else self.marks, self.winner)

    @property
    def side(self) -> Team | None:
        """This seat's side (its team, or itself in a game each for oneself)."""
        return None if self.seat is None else self.variant.seating.side_of[self.seat]

    @property
    def needs(self) -> tuple[int, int] | None:
        """For a points contract in play: the points the declarers still need, and the points
        the defenders still need to set them; so nobody adds up counts in their head."""
        contract = self.contract
        if contract is None or contract.is_marks or contract.bid.kind.is_moon or (
                self.points is None):
            return None
        side = self.variant.seating.side_of[contract.declarer]
        bid = contract.bid.points
        defenders = sum(self.points) - self.points[side]
        return (max(0, bid - self.points[side]),
                max(0, self.variant.total_points - bid + 1 - defenders))


def observe(game: Game, seat: Seat | None) -> Observation:
    """What ``seat`` may see now (``None``: a spectator, who sees no hand at all)."""
    hand = game.hand
    setup = hand.setup
    variant = setup.variant
    seats = variant.seating.seats
    over = hand.phase is Phase.OVER
    open_hands = None
    if setup.trump is Trump.CLOSEST_TO_SEVEN:
        open_hands = tuple(hand.hand_of(s) for s in seats)
    return Observation(
        seat=seat,
        hand=hand.hand_of(seat) if seat is not None else (),
        hand_sizes=tuple(len(hand.hand_of(s)) for s in seats),
        open_hands=open_hands,
        options=game.options,
        hand_number=game.hand_number,
        dealer=setup.deal.dealer,
        phase=hand.phase,
        to_act=game.to_act,
        legal=game.legal_actions() if seat is not None and seat == game.to_act else (),
        auction=hand.calls,
        high_bid=hand.bid,
        contract=setup.contract,
        trump=setup.trump,
        piles=setup.piles,
        sitting_out=setup.sitting_out,
        trick=hand.trick,
        trick_number=len(hand.tricks) + (0 if over else 1),
        tricks_won=_tricks_won(hand),
        captured=_captured(hand),
        last_trick=_last_trick(hand),
        points=hand.points if over or not _covered(hand) else None,
        result=hand.result,
        marks=game.marks,
        score=game.score,
        winner=game.winner,
        variant=variant,
        goal=game.goal,
        low_lead=hand.trick_led_low,
        leftover=_leftover_seen(hand, seat),
        discards=hand.discards_of(seat) if seat is not None else (),
        face_up_discards=tuple(t for s in seats for t in shown_discards(variant, setup, s)),
        led=_led(hand),
        winning=hand.winning,
        trick_model=_model(hand),
        last_action=_last_action(game),
        completed_trick=_completed_trick(game),
    )


def _completed_trick(game: Game) -> Trick | None:
    """R-SEE-TABLE: the last completed trick while it lies on the table, not yet gathered."""
    hand = game.finished[-1] if game.ended_hand else game.hand
    if hand.trick or not hand.tricks:
        return None
    return hand.tricks[-1]


def _model(hand: HandState) -> int | None:
    trump = hand.setup.trump
    return None if trump is None else trick_model(trump, hand.setup.options)


def _led(hand: HandState) -> Led | None:
    """R-LED-SUIT for the trick in progress (none under Sevens, where every player plays the
    closest to 7 they hold)."""
    model = _model(hand)
    if not hand.trick or model is None or hand.setup.trump is Trump.CLOSEST_TO_SEVEN:
        return None
    return led_suit(model, hand.suit)


def _last_action(game: Game) -> LastAction | None:
    """The game's last action as everyone may see it: a discard counts its face-down tiles
    (V-GEN-DISCARD); a play that completes a trick comes with that trick, sorted, and the side
    that took it, never who played which (R-SEE-ANON)."""
    ended = game.ended_hand
    hand = game.finished[-1] if ended else game.hand
    call = hand.last_call
    if call is None:
        return None
    if not isinstance(call.action, Play):
        return LastAction(call.seat, public_call(hand, call).action, None, ended)
    return LastAction(call.seat, call.action, None if hand.trick else _last_trick(hand), ended)


def _leftover_seen(hand: HandState, seat: Seat | None) -> tuple[Domino, ...]:
    """V-GEN-DEAL, V-BIG-LEFTOVER: only the declarer, once the rules give it to them."""
    setup = hand.setup
    contract = setup.contract
    if seat is None or contract is None or contract.declarer != seat:
        return ()
    if hand.phase is Phase.LEFTOVER or setup.took_leftover is not None:
        return setup.deal.leftover
    return ()


def _covered(hand: HandState) -> bool:
    """Whether captured tricks are turned face down: a marks contract (R-SEE-MARKS)."""
    contract = hand.setup.contract
    return contract is not None and contract.is_marks


def _tricks_won(hand: HandState) -> tuple[int, ...]:
    seating = hand.variant.seating
    won = [0] * seating.side_count
    for trick in hand.tricks:
        won[seating.side_of[trick.winner]] += 1
    return tuple(won)


def _captured(hand: HandState) -> tuple[Pile, ...]:
    """R-SEE-POINTS, R-SEE-MARKS, R-SEE-ANON: faces by side, sorted, never in play order.

    Once the hand is over every played tile is public (R-REVIEW), so everything is shown."""
    tricks = hand.tricks
    variant = hand.variant
    side_of = variant.seating.side_of
    if _covered(hand) and hand.phase is not Phase.OVER:
        shown = tricks[-(hand.setup.piles or 1):] if tricks else ()
        return tuple(Pile(side_of[trick.winner], sorted_for_display(trick.tiles))
                     for trick in shown)
    by_side: list[list[Domino]] = [[] for _ in variant.seating.sides]
    for trick in tricks:
        by_side[side_of[trick.winner]].extend(trick.tiles)
    return tuple(Pile(side, sorted_for_display(by_side[side])) for side in variant.seating.sides)


def _last_trick(hand: HandState) -> Pile | None:
    if not hand.tricks:
        return None
    trick = hand.tricks[-1]
    variant = hand.variant
    return Pile(variant.seating.side_of[trick.winner], sorted_for_display(trick.tiles))


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The last finished hand, as R-REVIEW makes it public once it is over."""

    hand_number: int
    dealer: Seat
    contract: Contract | None
    trump: Trump | None
    piles: int | None
    result: HandResult
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    last_trick: Pile | None
    actions: tuple[Call, ...]
    """Every action with its author, in order; plays only of tiles that were played."""
    tricks: tuple[Trick, ...]
    """The completed tricks with who played what: public once the hand is over (R-REVIEW)."""
    trick_model: int | None = None
    """The trick model of that hand's trump: what :meth:`is_trump` reads."""

    def is_trump(self, tile: Domino) -> bool:
        """R-TRUMP-OWNS: whether ``tile`` was a trump in that hand."""
        return self.trick_model is not None and is_trump(self.trick_model, tile)


def summarize(game: Game) -> HandSummary | None:
    """The game's last finished hand (the one just ended, or the final one), or None."""
    hand = game.previous
    return None if hand is None else _summary(hand, len(game.finished))


def summaries(game: Game) -> tuple[HandSummary, ...]:
    """Every finished hand of the game, in order, as R-REVIEW makes each public once over: a
    finished game told hand by hand."""
    return tuple(_summary(hand, number) for number, hand in enumerate(game.finished, start=1))


def _summary(hand: HandState, number: int) -> HandSummary:
    assert hand.result is not None
    return HandSummary(
        hand_number=number,
        dealer=hand.deal.dealer, contract=hand.contract, trump=hand.trump, piles=hand.piles,
        result=hand.result, points=hand.points, tricks_won=_tricks_won(hand),
        last_trick=_last_trick(hand), actions=review(hand), tricks=hand.tricks,
        trick_model=_model(hand))


def review(hand: HandState) -> tuple[Call, ...]:
    """R-REVIEW: after the hand, every action with its author; unplayed tiles stay hidden, and
    so do face-down discards: the review says that tiles were discarded, not which
    (V-GEN-DISCARD), except 72's discarded trumps (V-72-WIDOW)."""
    if hand.phase is not Phase.OVER:
        raise WrongPhase("A hand can be reviewed once it is over.")
    return tuple(public_call(hand, call) for call in hand.actions)


def public_call(hand: HandState, call: Call) -> Call:
    """``call`` as everyone may see it, in ``hand`` (the hand it was made in, after it): a
    discard keeps only the tiles laid face up (V-GEN-DISCARD, V-72-WIDOW) and counts the others.
    """
    if not isinstance(call.action, Discard):
        return call
    shown = shown_discards(hand.variant, hand.setup, call.seat)
    hidden = len(call.action.tiles) - len(shown)
    return Call(call.seat, Discard(shown, hidden=hidden))
