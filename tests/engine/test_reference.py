"""The engine against the plain reference of ``reference.py``: legal follows and trick winners on
many random tricks, for every trump choice (R-LED-SUIT, R-FOLLOW, R-TRUMP-OWNS, R-RANK, R-WIN)."""

from __future__ import annotations

import random

import pytest

from engine import SEATS, Bid, Deal, Domino, HandState, NameTrump, Play, Seat
from engine.errors import MustFollow
from engine.seats import FOUR_SEATS

from . import reference as ref
from .helpers import ref_tile, start, trump_of

HANDS_PER_TRUMP = 250


# ----- the reference itself, against the statements of RULES.md -------------------------------

def test_reference_worked_example() -> None:
    plays = [(5, 5), (3, 5), (0, 5), (6, 6)]
    assert ref.legal_plays([(6, 6), (5, 6), (3, 4)], plays[:3], 6) == [(6, 6), (5, 6), (3, 4)]
    assert ref.trick_winner(plays, 6) == 3
    assert ref.trick_points(plays) == 16
    assert ref.contract_status("points", 30, 0, [1], [0, 16]) == "set"
    assert ref.award("points", 30, 0, "set") == (0, 1)


def test_reference_fives_rank_as_rules_md_lists_them() -> None:
    order = [(5, 5), (5, 6), (4, 5), (3, 5), (2, 5), (1, 5), (0, 5)]
    ranks = [ref.rank(x, 5, "none") for x in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 7


def test_reference_set_and_count() -> None:
    assert len(ref.ALL_TILES) == 28 == len(set(ref.ALL_TILES))
    assert sum(ref.count(x) for x in ref.ALL_TILES) == 35
    assert len(ref.TRUMP_CHOICES) == 9


# ----- the engine against the reference ---------------------------------------------------------

def _play_out(trump: ref.TrumpName, rng: random.Random) -> int:
    """Play one hand with random legal tiles, checking every choice and trick; return tricks."""
    deal = Deal.shuffled(SEATS[rng.randrange(4)], rng)
    first = FOUR_SEATS.next_of[deal.dealer]
    hand = HandState.start(deal).apply(first, rng.choice(OPENING_BIDS))
    for k in (1, 2, 3):
        hand = hand.apply(FOUR_SEATS.after(first, k), hand.legal_actions()[0])  # pass
    contract = hand.contract
    assert contract is not None
    hand = hand.apply(first, NameTrump(trump_of(trump), 1 if contract.is_marks else None))
    held = {seat: [ref_tile(x) for x in deal.hands[seat]] for seat in SEATS}
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        trick = [ref_tile(x) for _, x in hand.trick]
        expected = ref.legal_plays(held[seat], trick, trump)
        legal = [ref_tile(a.tile) for a in hand.legal_actions()]  # type: ignore[union-attr]
        assert sorted(legal) == sorted(expected), (trump, trick, held[seat])
        assert legal == [x for x in held[seat] if x in expected]  # in dealt order (R-ORDER)
        # every tile outside the legal set is refused
        for other in held[seat]:
            if other not in expected:
                with pytest.raises(MustFollow):
                    hand.apply(seat, Play(Domino.of(*other)))
        choice = rng.choice(expected)
        held[seat].remove(choice)
        done = len(hand.tricks)
        hand = hand.apply(seat, Play(Domino.of(*choice)))
        if len(hand.tricks) > done:
            last = hand.tricks[-1]
            tiles = [ref_tile(x) for x in last.tiles]
            assert last.winner == last.plays[ref.trick_winner(tiles, trump)][0], (trump, tiles)
            assert last.points == ref.trick_points(tiles)
    return len(hand.tricks)


OPENING_BIDS = (Bid(points=30), Bid(points=30), Bid(points=34), Bid(marks=1))


@pytest.mark.parametrize("trump", ref.TRUMP_CHOICES)
def test_reference_follows_and_winners_match_on_random_tricks(trump: ref.TrumpName) -> None:
    rng = random.Random(f"reference {trump}")
    tricks = sum(_play_out(trump, rng) for _ in range(HANDS_PER_TRUMP))
    assert tricks >= 3 * HANDS_PER_TRUMP  # about 900 tricks checked for each trump


def test_reference_every_lead_against_every_second_tile_for_every_trump() -> None:
    """Seat 0 leads any tile; seat 1 holds any other tile plus six that do not follow: seat 1
    must play that tile exactly when the reference says it follows (R-FOLLOW, R-TRUMP-OWNS)."""
    checked = 0
    for trump in ref.TRUMP_CHOICES:
        for lead in ref.ALL_TILES:
            for second in ref.ALL_TILES:
                if second == lead:
                    continue
                hand, seat1 = _two_tile_trick(trump, lead, second)
                legal = {ref_tile(a.tile) for a in hand.legal_actions()}  # type: ignore[union-attr]
                if ref.follows(second, ref.led_suit(lead, trump), trump):
                    assert legal == {second}, (trump, lead, second)
                else:
                    assert legal == set(seat1), (trump, lead, second)
                checked += 1
    assert checked == 9 * 28 * 27


def _two_tile_trick(trump: ref.TrumpName, lead: ref.Tile,
                    second: ref.Tile) -> tuple[HandState, list[ref.Tile]]:
    """Seat 0 declares ``trump`` and leads ``lead``; seat 1 holds ``second`` and six tiles that
    do not follow. A led suit has at most 7 tiles, so 20 others are always left to pick from."""
    suit = ref.led_suit(lead, trump)
    rest = [x for x in ref.ALL_TILES if x not in (lead, second)]
    strangers = [x for x in rest if not ref.follows(x, suit, trump)]
    seat1 = [second, *strangers[:6]]
    others = [x for x in rest if x not in seat1]
    hands = [[lead, *others[:6]], seat1, others[6:13], others[13:20]]
    deal = Deal.of(3, [[Domino.of(*x) for x in h] for h in hands])
    hand = start(deal, f"0 bid:30 1 pass 2 pass 3 pass 0 trump:{trump}")
    return hand.apply(Seat(0), Play(Domino.of(*lead))), seat1
