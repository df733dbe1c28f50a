"""Property tests: random seeds, random legal and illegal actions by random seats.

Each step either takes a legal action of the seat to act or tries any action of the whole action
space (every pass, bid 25-45 points and 0-5 marks, every trump with piles None/1/2/3, every tile)
from any seat. After every step the engine is checked against the plain model of
``reference.py`` and against the invariants of RULES.md.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    DEFAULT_OPTIONS,
    SEATS,
    TILES,
    Action,
    Bid,
    Deal,
    Domino,
    Game,
    HandState,
    NameTrump,
    Pass,
    Phase,
    Play,
    RuleError,
    Seat,
    observe,
)
from engine.seats import FOUR_SEATS
from tests.common import FORTY_TWO_TRUMPS

from . import reference as ref
from .helpers import dominoes_in, finished_public, ref_action, ref_tile, ref_trump, split_by_hand

SPACE: tuple[Action, ...] = (
    Pass(),
    *(Bid(points=p) for p in range(25, 46)),
    *(Bid(marks=m) for m in range(6)),
    *(NameTrump(trump, piles) for trump in FORTY_TWO_TRUMPS for piles in (None, 1, 2, 3)),
    *(Play(tile) for tile in TILES),
)
CODES = {"not_your_turn", "wrong_phase", "hand_over", "game_over", "illegal_bid",
         "illegal_trump", "not_in_hand", "must_follow"}
OBSERVERS: tuple[Seat | None, ...] = (*SEATS, None)

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
legal_shares = st.sampled_from([0.5, 0.8, 0.9, 0.97])


def pick(rng: random.Random, to_act: Seat | None, legal: tuple[Action, ...],
         legal_share: float) -> tuple[Seat, Action]:
    """A legal action of the seat to act, or any action of anyone.

    Legal calls lean to passes and points bids, so that hands are often played long and some
    are passed out; a uniform choice would nearly always end in a quickly lost marks bid."""
    if to_act is not None and legal and rng.random() < legal_share:
        if isinstance(legal[0], Pass):
            points = [a for a in legal if isinstance(a, Bid) and not a.marks]
            marks = [a for a in legal if isinstance(a, Bid) and a.marks]
            roll = rng.random()
            if roll < 0.1 and marks:
                return to_act, rng.choice(marks)
            if roll < 0.55 and points:
                return to_act, rng.choice(points)
            return to_act, legal[0]
        return to_act, rng.choice(legal)
    return rng.choice(SEATS), rng.choice(SPACE)


def played_tiles(hand: HandState) -> list[Domino]:
    return [tile for trick in hand.tricks for tile in trick.tiles] + [x for _, x in hand.trick]


def check_tiles_conserved(hand: HandState) -> None:
    held = [tile for seat in SEATS for tile in hand.hand_of(seat)]
    everything = held + played_tiles(hand)
    assert len(everything) == 28 and set(everything) == set(TILES)


# ----- the plain reference model, step by step ------------------------------------------------

def check_against_reference(hand: HandState, model: ref.ReferenceHand) -> None:
    assert hand.phase.value == model.phase
    assert hand.to_act == model.to_act
    for seat in SEATS:
        assert [ref_tile(x) for x in hand.hand_of(seat)] == model.hands[seat]  # R-ORDER
    assert [(int(s), ref_tile(x)) for s, x in hand.trick] == model.trick
    assert [(int(tr.leader), [(int(s), ref_tile(x)) for s, x in tr.plays], int(tr.winner),
             tr.points) for tr in hand.tricks] == model.tricks
    assert list(hand.points) == model.points
    if model.declarer is not None:
        assert hand.contract is not None
        assert hand.contract.declarer == model.declarer
        bid = hand.contract.bid
        assert (("marks", bid.marks) if bid.marks else ("points", bid.points)) == (
            model.kind, model.amount)
    else:
        assert hand.contract is None
    assert (ref_trump(hand.trump) if hand.trump is not None else None) == model.trump
    assert hand.piles == model.piles
    if model.phase == "over":
        assert hand.result is not None
        assert hand.result.redeal == (model.outcome == "redeal")
        if model.outcome != "redeal":
            assert hand.result.made == (model.outcome == "made")
        assert hand.result.marks == model.marks
    else:
        assert hand.result is None


def check_early_end(hand: HandState) -> None:
    """R-EARLY-END, decided again from the captured tiles alone by the plain checker."""
    contract = hand.contract
    assert contract is not None and hand.trump is not None
    trump = ref_trump(hand.trump)
    winners: list[int] = []
    points = [0, 0]
    status = None
    for n, trick in enumerate(hand.tricks, start=1):
        assert status is None, f"the hand went on after trick {n - 1} decided it"
        tiles = [ref_tile(x) for x in trick.tiles]
        team = int(trick.plays[ref.trick_winner(tiles, trump)][0]) % 2
        winners.append(team)
        points[team] += ref.trick_points(tiles)
        bid = contract.bid
        kind, amount = ("marks", bid.marks) if bid.marks else ("points", bid.points)
        status = ref.contract_status(kind, amount, int(contract.declarer) % 2, winners, points)
    assert list(hand.points) == points
    if status is None:
        assert hand.result is None and hand.phase is Phase.PLAY
    else:
        assert hand.result is not None and hand.phase is Phase.OVER
        assert hand.result.made == (status == "made")
        assert hand.result.marks == ref.award(kind, amount, int(contract.declarer) % 2, status)


@SETTINGS
@given(seed=seeds, legal_share=legal_shares)
def test_random_hands_follow_the_reference_and_refusals_change_nothing(seed: int,
                                                                       legal_share: float) -> None:
    rng = random.Random(seed)
    deal = Deal.shuffled(SEATS[rng.randrange(4)], rng)
    hand = HandState.start(deal)
    clean = hand  # the same hand, given only the accepted actions
    model = ref.ReferenceHand(int(deal.dealer), [[ref_tile(x) for x in h] for h in deal.hands])
    accepted: list[tuple[Seat, Action]] = []
    for _ in range(400):
        if hand.phase is Phase.OVER:
            break
        legal = hand.legal_actions()
        seat, action = pick(rng, hand.to_act, legal, legal_share)
        allowed = model.is_legal(int(seat), ref_action(action))
        before = tuple(hand)
        tricks_before = len(hand.tricks)
        try:
            after = hand.apply(seat, action)
        except RuleError as error:
            assert not allowed, f"refused {seat} {action}: {error.message}"
            assert error.code in CODES and error.message
            assert not (seat == hand.to_act and action in legal)
            assert tuple(hand) == before and hand == clean  # R-ILLEGAL
            continue
        assert allowed, f"accepted {seat} {action}, which the rules forbid"
        assert seat == hand.to_act and action in legal
        accepted.append((seat, action))
        model.apply(int(seat), ref_action(action))
        hand = after
        clean = clean.apply(seat, action)
        check_against_reference(hand, model)
        check_tiles_conserved(hand)
        if len(hand.tricks) > tricks_before:
            check_early_end(hand)
    rebuilt = HandState.start(deal)
    for seat, action in accepted:
        rebuilt = rebuilt.apply(seat, action)
    assert rebuilt == hand
    if hand.result is not None and not hand.result.redeal:
        assert 0 in hand.result.marks and sum(hand.result.marks) > 0
        if len(hand.tricks) == 7:
            assert sum(hand.points) == 42


# ----- whole games ------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, legal_share=st.sampled_from([0.85, 0.95]))
def test_random_games_score_one_team_per_hand_and_replay_from_their_seed(
        seed: int, legal_share: float) -> None:
    rng = random.Random(seed)
    name = f"game {seed}"
    game = Game.new(name)
    accepted: list[tuple[Seat, Action]] = []
    for _ in range(1500):
        if game.is_over:
            break
        legal = game.legal_actions()
        seat, action = pick(rng, game.to_act, legal, legal_share)
        try:
            after = game.apply(seat, action)
        except RuleError as error:
            assert error.code in CODES
            assert not (seat == game.to_act and action in legal)
            continue
        assert seat == game.to_act and action in legal
        accepted.append((seat, action))
        if after.hand_number != game.hand_number or after.is_over:
            finished = after.previous
            assert finished is not None and finished.result is not None
            gained = (after.marks[0] - game.marks[0], after.marks[1] - game.marks[1])
            assert gained == finished.result.marks
            assert 0 in gained  # R-AWARD: at most one team scores a hand
            if finished.result.redeal:
                assert gained == (0, 0)  # R-ALLPASS
            else:
                assert sum(gained) == (finished.contract.marks  # type: ignore[union-attr]
                                       if finished.contract.is_marks else 1)  # type: ignore[union-attr]
            if len(finished.tricks) == 7:
                assert sum(finished.points) == 42
            if after.is_over:
                assert after.winner is not None and after.marks[after.winner] >= 7  # R-GAME
            else:
                assert after.hand_number == game.hand_number + 1
                dealer = FOUR_SEATS.next_of[finished.deal.dealer]
                assert after.hand.deal.dealer == dealer  # R-DEALER
                assert max(after.marks) < 7
        game = after
        check_tiles_conserved(game.hand)
    assert Game.replay(name, accepted) == game


# ----- what each seat may see ------------------------------------------------------------------

def allowed_to_see(game: Game, seat: Seat | None) -> tuple[set[Domino], set[Domino]]:
    """(tiles the rules let ``seat`` see now, captured tiles that must be face up)."""
    hand = game.hand
    own = set(hand.hand_of(seat)) if seat is not None else set()
    on_table = {tile for _, tile in hand.trick}  # R-SEE-TABLE
    if hand.tricks and not hand.trick:  # the last trick, until its winner leads again
        on_table |= set(hand.tricks[-1].tiles)
    contract = hand.contract
    if hand.phase is Phase.OVER:  # only when the game is over: every played tile (R-REVIEW)
        face_up = set(played_tiles(hand))
    elif contract is None or not hand.tricks:
        face_up = set()
    elif contract.is_marks:  # R-SEE-MARKS
        assert hand.piles in (1, 2)
        face_up = {tile for trick in hand.tricks[-hand.piles:] for tile in trick.tiles}
    else:  # R-SEE-POINTS
        face_up = {tile for trick in hand.tricks for tile in trick.tiles}
    return own | on_table | face_up, face_up


def check_observations(game: Game) -> None:
    hand = game.hand
    for seat in OBSERVERS:
        obs = observe(game, seat)
        assert obs.hand == (hand.hand_of(seat) if seat is not None else ())  # R-SEE-HAND
        obs, before = split_by_hand(game, obs)
        assert set(before) <= finished_public(game), f"{seat} sees {before} of the last hand"
        seen = set(dominoes_in(obs))
        allowed, face_up = allowed_to_see(game, seat)
        others = {x for other in SEATS if other != seat for x in hand.hand_of(other)}
        assert not seen & others, f"{seat} sees another hand: {sorted(map(str, seen & others))}"
        assert seen <= allowed, f"{seat} sees {sorted(map(str, seen - allowed))}"
        shown = [x for pile in obs.captured for x in pile.tiles]
        assert set(shown) == face_up and len(shown) == len(face_up)
        for pile in obs.captured:  # R-SEE-ANON: a fixed order, not the order of play
            order = [(x.high, x.low) for x in pile.tiles]
            assert order == sorted(order) or order == sorted(order, reverse=True)
        if hand.contract is not None and not hand.contract.is_marks:
            for pile in obs.captured:  # R-SEE-POINTS: each tile with the team that took it
                taken = {x for trick in hand.tricks if FOUR_SEATS.side_of[trick.winner] == pile.team
                         for x in trick.tiles}
                assert set(pile.tiles) == taken
        assert obs.trick == hand.trick and obs.marks == game.marks  # R-SEE-TABLE
        ungathered = hand.tricks[-1] if hand.tricks and not hand.trick else None
        assert obs.completed_trick == ungathered  # R-SEE-TABLE, then R-SEE-ANON
        assert obs.auction == hand.calls and obs.contract == hand.contract
        assert obs.trump == hand.trump
        if seat is not None and seat != game.to_act:
            assert obs.legal == ()


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, legal_share=st.sampled_from([0.8, 0.95]))
def test_no_observation_holds_a_tile_its_seat_may_not_see(seed: int, legal_share: float) -> None:
    rng = random.Random(seed)
    game = Game.new(f"observe {seed}")
    check_observations(game)
    for _ in range(140):
        if game.is_over:
            break
        seat, action = pick(rng, game.to_act, game.legal_actions(), legal_share)
        try:
            game = game.apply(seat, action)
        except RuleError:
            continue
        check_observations(game)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, marks=st.tuples(st.integers(0, 6), st.integers(0, 6)))
def test_observations_after_the_game_is_won_hold_no_unplayed_tile(
        seed: int, marks: tuple[int, int]) -> None:
    rng = random.Random(seed)
    game = Game(seed="end", options=DEFAULT_OPTIONS,
                hand=HandState.start(Deal.shuffled(SEATS[seed % 4], rng)), marks=marks)
    for _ in range(2000):
        if game.is_over:
            break
        seat, action = pick(rng, game.to_act, game.legal_actions(), 1.0)
        game = game.apply(seat, action)
    assert game.is_over
    check_observations(game)
