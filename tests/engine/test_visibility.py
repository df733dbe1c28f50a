"""R-SEE-TABLE, R-SEE-HAND, R-SEE-POINTS, R-SEE-MARKS, R-SEE-ANON, R-REVIEW: what each seat sees."""

from __future__ import annotations

import dataclasses

import pytest

from engine import SEATS, Domino, Game, Observation, Pile, Seat, Team, observe, review
from engine.errors import WrongPhase

from .helpers import (
    DEFENCE_TRICKS,
    POINTS_TRICKS,
    SIXES_DEAL,
    WORKED_DEAL,
    dominoes_in,
    game_with,
    run_game,
    start,
    steps,
    texts,
    tiles,
)

OBSERVERS: tuple[Seat | None, ...] = (*SEATS, None)


def held_by_others(game: Game, seat: Seat | None) -> set[Domino]:
    return {tile for other in SEATS if other != seat for tile in game.hand.hand_of(other)}


def visible(obs: Observation) -> set[Domino]:
    return set(dominoes_in(obs))


def pile_tiles(obs: Observation, team: int | None = None) -> set[Domino]:
    return {tile for pile in obs.captured if team is None or pile.team == team
            for tile in pile.tiles}


def marks_game(piles: int, tricks: int, extra: str = "") -> Game:
    """Seat 0 bids 2 marks, names sixes with ``piles`` and takes ``tricks`` tricks."""
    script = f"0 bid:2m 1 pass 2 pass 3 pass 0 trump:6:{piles} " + " ".join(POINTS_TRICKS[:tricks])
    return run_game(game_with(SIXES_DEAL), f"{script} {extra}")


def trick_tiles(n: int) -> set[Domino]:
    """The tiles of the n-th (1-based) trick of POINTS_TRICKS."""
    return {action.tile for _, action in steps(POINTS_TRICKS[n - 1])}  # type: ignore[union-attr]


# ----- R-SEE-TABLE ----------------------------------------------------------------------------

def test_R_SEE_TABLE_everybody_sees_the_trick_auction_contract_trump_and_marks() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(2, 5)),
                    "0 bid:31 1 pass 2 bid:1m 3 pass 2 trump:4:2 2 play:1-4 3 play:2-4")
    seen = [observe(game, seat) for seat in OBSERVERS]
    for obs in seen:
        assert obs.trick == ((Seat(2), tiles("1-4")[0]), (Seat(3), tiles("2-4")[0]))
        assert [(int(c.seat), str(c.action)) for c in obs.auction] == [
            (0, "bid:31"), (1, "pass"), (2, "bid:1m"), (3, "pass")]
        assert obs.contract is not None and obs.contract.declarer == Seat(2)
        assert obs.contract.bid.marks == 1
        assert str(obs.trump.code) == "4"  # type: ignore[union-attr]
        assert obs.piles == 2
        assert obs.marks == (2, 5)
        assert obs.dealer == Seat(3) and obs.to_act == Seat(0)
    table = [(o.trick, o.auction, o.contract, o.trump, o.marks, o.piles, o.to_act) for o in seen]
    assert all(entry == table[0] for entry in table)


def test_R_SEE_TABLE_the_auction_is_visible_while_it_runs() -> None:
    game = run_game(game_with(WORKED_DEAL), "0 bid:30 1 pass")
    for seat in OBSERVERS:
        obs = observe(game, seat)
        assert [str(c.action) for c in obs.auction] == ["bid:30", "pass"]
        assert obs.high_bid is not None and obs.high_bid.declarer == Seat(0)
        assert obs.contract is None and obs.trump is None


def test_R_SEE_TABLE_a_completed_trick_stays_in_view_until_its_winner_leads_again() -> None:
    """Seat 0 takes trick 1 with [6|6]: its four tiles stay in front of their players, with
    the winner, for everybody alike; once seat 0 leads to trick 2 it is gathered (R-SEE-ANON)."""
    game = run_game(game_with(SIXES_DEAL), "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                    + POINTS_TRICKS[0])
    for seat in OBSERVERS:
        shown = observe(game, seat).completed_trick
        assert shown is not None and shown.winner == Seat(0), seat
        assert [(int(s), str(t)) for s, t in shown.plays] == [
            (0, "6-6"), (1, "5-5"), (2, "0-5"), (3, "2-4")]
        assert observe(game, seat).trick == ()
    game = run_game(game, "0 play:4-6")
    assert all(observe(game, seat).completed_trick is None for seat in OBSERVERS)


def test_R_SEE_TABLE_a_hands_last_trick_stays_in_view_until_the_next_hands_first_call() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                    + " ".join(POINTS_TRICKS[:2]))  # 37 points: made, the hand ends (R-EARLY-END)
    assert game.hand_number == 2 and game.ended_hand
    for seat in OBSERVERS:
        shown = observe(game, seat).completed_trick
        assert shown is not None and {str(t) for t in shown.tiles} == {"4-6", "2-3", "1-4", "2-5"}
    first = game.to_act
    assert first is not None
    game = game.apply(first, game.legal_actions()[0])
    assert all(observe(game, seat).completed_trick is None for seat in OBSERVERS)


def test_R_SEE_TABLE_nothing_lies_on_the_table_before_the_first_trick_is_complete() -> None:
    game = game_with(SIXES_DEAL)
    for step in ("0 bid:30 1 pass 2 pass 3 pass", "0 trump:6", "0 play:6-6 1 play:5-5"):
        game = run_game(game, step)
        assert all(observe(game, seat).completed_trick is None for seat in OBSERVERS)


# ----- R-SEE-HAND -----------------------------------------------------------------------------

def _check_hands(game: Game) -> None:
    for seat in OBSERVERS:
        obs = observe(game, seat)
        if seat is None:
            assert obs.hand == ()
        else:
            assert obs.hand == game.hand.hand_of(seat)
        leaked = visible(obs) & held_by_others(game, seat)
        assert not leaked, f"seat {seat} sees {texts(sorted(leaked))}"


def test_R_SEE_HAND_own_hand_only_through_a_whole_hand() -> None:
    game = game_with(SIXES_DEAL)
    _check_hands(game)
    for seat, action in steps("0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                              + " ".join(POINTS_TRICKS[:1])):
        game = game.apply(Seat(seat), action)
        _check_hands(game)


def test_R_SEE_HAND_legal_actions_are_shown_only_to_the_seat_to_act() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:6-6")
    assert observe(game, Seat(1)).legal  # seat 1 to act sees its own plays
    for seat in (Seat(0), Seat(2), Seat(3), None):
        assert observe(game, seat).legal == ()


def test_R_SEE_HAND_no_other_hand_after_the_hand_either() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(6, 0)),
                    "0 pass 1 bid:30 2 pass 3 pass 1 trump:6 " + " ".join(DEFENCE_TRICKS))
    assert game.is_over  # the hand stays on the table: the game is won
    for seat in OBSERVERS:
        obs = observe(game, seat)
        assert obs.result is not None
        assert not visible(obs) & held_by_others(game, seat)


# ----- R-SEE-POINTS ---------------------------------------------------------------------------

def test_R_SEE_POINTS_every_captured_tile_with_its_team() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 bid:40 1 pass 2 pass 3 pass 0 trump:6 "
                    + " ".join(POINTS_TRICKS[:3]))
    for seat in OBSERVERS:
        obs = observe(game, seat)
        assert pile_tiles(obs, 0) == trick_tiles(1) | trick_tiles(2) | trick_tiles(3)
        assert pile_tiles(obs, 1) == set()
        assert obs.points == (38, 0)


def test_R_SEE_POINTS_captures_go_to_the_team_that_took_them() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 pass 1 bid:30 2 pass 3 pass 1 trump:6 "
                    + " ".join(DEFENCE_TRICKS[:2]))
    obs = observe(game, Seat(1))
    assert pile_tiles(obs, 0) == set(tiles("0-0 0-5 3-3 6-6 5-6 2-3 1-1 3-4"))
    assert pile_tiles(obs, 1) == set()
    assert obs.points == (12, 0)


# ----- R-SEE-MARKS ----------------------------------------------------------------------------

@pytest.mark.parametrize("piles", [1, 2])
def test_R_SEE_MARKS_only_the_last_piles_stay_face_up(piles: int) -> None:
    for done in range(1, 7):
        game = marks_game(piles, done)
        shown = set().union(*(trick_tiles(n) for n in range(max(1, done - piles + 1), done + 1)))
        hidden = set().union(*(trick_tiles(n) for n in range(1, done - piles + 1)))
        for seat in OBSERVERS:
            obs = observe(game, seat)
            assert pile_tiles(obs) == shown, (piles, done)
            assert not visible(obs) & hidden, (piles, done, seat)
            assert len(obs.captured) == min(piles, done)
            assert all(pile.team == Team(0) for pile in obs.captured)


def test_R_SEE_MARKS_covering_moves_only_when_a_trick_completes() -> None:
    game = marks_game(1, 2, "0 play:5-6 1 play:0-0 2 play:1-1")
    for seat in OBSERVERS:
        obs = observe(game, seat)
        assert pile_tiles(obs) == trick_tiles(2)  # trick 2 stays up while trick 3 is played
        assert obs.trick == tuple(zip(SEATS[:3], tiles("5-6 0-0 1-1"), strict=True))
    game = run_game(game, "3 play:3-3")
    assert pile_tiles(observe(game, Seat(1))) == trick_tiles(3)
    assert observe(game, Seat(1)).trick == ()


def test_R_SEE_MARKS_the_trick_in_progress_is_always_visible() -> None:
    game = marks_game(2, 4, "0 play:2-6")
    for seat in OBSERVERS:
        assert observe(game, seat).trick == ((Seat(0), tiles("2-6")[0]),)


# ----- R-SEE-ANON -----------------------------------------------------------------------------

def _is_canonical(order: tuple[Domino, ...]) -> bool:
    """Sorted by some key of the tile alone, one way or the other: no play order left in it."""
    keys = [lambda d: (d.high, d.low), lambda d: (d.low, d.high), int, lambda d: (d.pips, d.high)]
    return any(list(order) in (sorted(order, key=k), sorted(order, key=k, reverse=True))
               for k in keys)


def test_R_SEE_ANON_captured_tiles_are_sorted_not_in_play_order() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 bid:40 1 pass 2 pass 3 pass 0 trump:6 "
                    + " ".join(POINTS_TRICKS[:3]))
    played = [action.tile for _, action in steps(" ".join(POINTS_TRICKS[:3]))]  # type: ignore[union-attr]
    for seat in OBSERVERS:
        obs = observe(game, seat)
        (pile,) = [p for p in obs.captured if p.tiles]
        assert _is_canonical(pile.tiles)
        assert list(pile.tiles) != played


def test_R_SEE_ANON_one_trick_shows_the_same_whatever_the_order_played() -> None:
    # Trick 2 is played [4|6] [2|3] [1|4] [2|5]: its face-up pile must not keep that order.
    game = marks_game(1, 2)
    (pile,) = observe(game, Seat(3)).captured
    assert set(pile.tiles) == trick_tiles(2)
    assert _is_canonical(pile.tiles)
    assert texts(pile.tiles) != ["4-6", "2-3", "1-4", "2-5"]


def test_R_SEE_ANON_a_pile_names_no_player() -> None:
    assert {f.name for f in dataclasses.fields(Pile)} == {"team", "tiles"}
    game = marks_game(2, 3)
    for pile in observe(game, None).captured:
        assert all(type(tile) is Domino for tile in pile.tiles)
        assert isinstance(pile.team, Team)


# ----- R-REVIEW -------------------------------------------------------------------------------

def test_R_REVIEW_before_the_hand_is_over_it_is_refused() -> None:
    for script in ("", "0 bid:30 1 pass", "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 0 play:5-5"):
        hand = start(WORKED_DEAL, script)
        with pytest.raises(WrongPhase) as refused:
            review(hand)
        assert refused.value.code == "wrong_phase"


def test_R_REVIEW_after_the_hand_every_action_with_its_author() -> None:
    script = ("0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
              "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6")
    hand = start(WORKED_DEAL, script)
    reviewed = review(hand)
    assert [(int(c.seat), str(c.action)) for c in reviewed] == [
        (seat, str(action)) for seat, action in steps(script)]


def test_R_REVIEW_tiles_never_played_stay_hidden() -> None:
    hand = start(WORKED_DEAL, "0 bid:30 1 pass 2 pass 3 pass 0 trump:6 "
                              "0 play:5-5 1 play:3-5 2 play:0-5 3 play:6-6")
    shown = set(dominoes_in(review(hand)))
    assert shown == set(tiles("5-5 3-5 0-5 6-6"))
    unplayed = {tile for seat in SEATS for tile in hand.hand_of(seat)}
    assert len(unplayed) == 24 and not shown & unplayed


def test_R_REVIEW_a_finished_hand_of_a_game_can_be_reviewed() -> None:
    game = run_game(game_with(SIXES_DEAL), "0 pass 1 pass 2 pass 3 pass")
    assert game.previous is not None
    assert [str(c.action) for c in review(game.previous)] == ["pass"] * 4
    with pytest.raises(WrongPhase):
        review(game.hand)


def test_dominoes_in_finds_tiles_at_any_depth_and_refuses_unknown_values() -> None:
    pile = Pile(Team(1), tiles("6-6 0-0"))
    nested = {"a": [(1, "x", pile)], tiles("1-2")[0]: None}
    assert sorted(map(str, dominoes_in(nested))) == ["0-0", "1-2", "6-6"]
    assert dominoes_in((Seat(2), 5, "5-5", None, Team(0))) == []
    with pytest.raises(TypeError):
        dominoes_in([object()])
