"""R-MARKS, R-POINTS, R-CONTRACT-POINTS, R-CONTRACT-MARKS, R-EARLY-END, R-AWARD, R-GAME,
R-AUTO-SCORE.

Most scenarios use ``SIXES_DEAL``: seat 0 holds all seven sixes, so with sixes trump it takes
every trick it leads, and the others choose which count tiles fall to it.
"""

from __future__ import annotations

import pytest

from engine import TILES, Domino, Game, HandState, Pass, Phase, Play, Seat, Team
from engine.errors import GameOver, HandOver

from .helpers import (
    DEFENCE_TRICKS,
    POINTS_AFTER,
    POINTS_TRICKS,
    SIXES_DEAL,
    game_with,
    run,
    run_game,
    start,
    t,
)


def points_hand(bid: str, tricks: int, marks_piles: str = "") -> HandState:
    hand = start(SIXES_DEAL, f"0 {bid} 1 pass 2 pass 3 pass 0 trump:6{marks_piles}")
    for script in POINTS_TRICKS[:tricks]:
        hand = run(hand, script)
    return hand


def defence_hand(bid: int, tricks: int) -> HandState:
    hand = start(SIXES_DEAL, f"0 pass 1 bid:{bid} 2 pass 3 pass 1 trump:6")
    for script in DEFENCE_TRICKS[:tricks]:
        hand = run(hand, script)
    return hand


# ----- R-MARKS --------------------------------------------------------------------------------

def test_R_MARKS_both_teams_start_at_zero() -> None:
    for seed in ("a", "b", "c", ""):
        game = Game.new(seed)
        assert game.marks == (0, 0)
        assert game.winner is None and not game.is_over


def test_R_MARKS_hand_points_decide_the_contract_marks_decide_the_game() -> None:
    game = game_with(SIXES_DEAL)
    game = run_game(game, "0 bid:37 1 pass 2 pass 3 pass 0 trump:6 " + " ".join(POINTS_TRICKS[:2]))
    assert game.marks == (1, 0)  # 37 hand points are worth one mark, not 37
    assert game.hand_number == 2
    assert game.hand.points == (0, 0)  # hand points start again with each hand


# ----- R-POINTS -------------------------------------------------------------------------------

def test_R_POINTS_count_tiles_and_their_values() -> None:
    expected = {"0-5": 5, "1-4": 5, "2-3": 5, "4-6": 10, "5-5": 10}
    for tile in TILES:
        assert tile.count == expected.get(str(tile), 0), tile
    assert sum(tile.count for tile in TILES) == 35


def test_R_POINTS_thirty_five_in_count_plus_seven_tricks_is_forty_two() -> None:
    hand = points_hand("bid:2m", 7, ":1")
    assert len(hand.tricks) == 7
    assert [trick.points for trick in hand.tricks] == [16, 21, 1, 1, 1, 1, 1]
    assert sum(trick.points for trick in hand.tricks) == 42
    assert hand.points == (42, 0)


def test_R_POINTS_a_trick_is_one_point_plus_its_count_for_its_winner() -> None:
    hand = points_hand("bid:38", 1)
    assert hand.tricks[0].points == 16 and hand.points == (16, 0)
    hand = run(hand, POINTS_TRICKS[1])
    assert hand.tricks[1].points == 21 and hand.points == (37, 0)
    hand = defence_hand(30, 1)
    assert hand.tricks[0].winner == Seat(0) and hand.points == (6, 0)


def test_R_POINTS_points_are_plain_integers() -> None:
    hand = points_hand("bid:38", 2)
    assert all(type(p) is int for p in hand.points)
    assert hand.points == (37, 0)  # never 37 / 5


# ----- R-CONTRACT-POINTS ----------------------------------------------------------------------

def test_R_CONTRACT_POINTS_exactly_the_bid_is_enough() -> None:
    hand = points_hand("bid:37", 2)
    assert hand.points == (37, 0)
    assert hand.result is not None and hand.result.made
    assert hand.result.marks == (1, 0)


def test_R_CONTRACT_POINTS_any_points_bid_is_worth_one_mark() -> None:
    hand = points_hand("bid:41", 6)
    assert hand.points == (41, 0)
    assert hand.result is not None and hand.result.made
    assert hand.result.marks == (1, 0)
    for bid in (30, 31):
        hand = defence_hand(bid, 3 if bid == 30 else 2)
        assert hand.result is not None and not hand.result.made
        assert hand.result.marks == (1, 0)


# ----- R-CONTRACT-MARKS -----------------------------------------------------------------------

@pytest.mark.parametrize("marks", [1, 2])
def test_R_CONTRACT_MARKS_all_seven_tricks_are_worth_the_marks_bid(marks: int) -> None:
    hand = points_hand(f"bid:{marks}m", 7, ":2")
    assert hand.result is not None and hand.result.made
    assert hand.result.marks == (marks, 0)


def test_R_CONTRACT_MARKS_a_lost_marks_bid_is_worth_its_marks_to_the_defenders() -> None:
    hand = start(SIXES_DEAL, "0 bid:2m 1 pass 2 pass 3 pass 0 trump:0:1 "
                             "0 play:6-6 1 play:2-3 2 play:1-1 3 play:2-4 "
                             "0 play:5-6 1 play:0-1 2 play:1-2 3 play:3-3")
    assert hand.tricks[1].winner == Seat(1)  # [0|1] trumps (blanks)
    assert hand.result is not None and not hand.result.made
    assert hand.result.marks == (0, 2)


def test_R_CONTRACT_MARKS_a_points_win_is_not_enough_for_a_marks_bid() -> None:
    # 41 points after six tricks would make a 41 bid, but a marks bid needs the seventh trick.
    hand = points_hand("bid:1m", 6, ":1")
    assert hand.points == (41, 0)
    assert hand.phase is Phase.PLAY and hand.result is None


# ----- R-EARLY-END ----------------------------------------------------------------------------

@pytest.mark.parametrize(("bid", "ends_after"), [(30, 2), (37, 2), (38, 3), (39, 4), (40, 5),
                                                 (41, 6)])
def test_R_EARLY_END_points_contract_made_the_trick_the_declarers_reach_the_bid(
        bid: int, ends_after: int) -> None:
    for tricks in range(1, ends_after):
        hand = points_hand(f"bid:{bid}", tricks)
        assert hand.phase is Phase.PLAY, f"over too soon, after trick {tricks}"
        assert hand.result is None
    hand = points_hand(f"bid:{bid}", ends_after)
    assert hand.points[0] >= bid > POINTS_AFTER[ends_after - 2]
    assert hand.phase is Phase.OVER and hand.to_act is None
    assert hand.result is not None and hand.result.made and hand.result.marks == (1, 0)
    assert len(hand.tricks) == ends_after
    assert hand.legal_actions() == ()
    with pytest.raises(HandOver) as refused:  # not a trick later
        hand.apply(Seat(0), Play(hand.hand_of(Seat(0))[0]))
    assert refused.value.code == "hand_over"


def test_R_EARLY_END_points_contract_set_once_defenders_exceed_42_minus_bid() -> None:
    hand = defence_hand(30, 2)
    assert hand.points == (12, 0)  # exactly 42 - 30: not yet
    assert hand.phase is Phase.PLAY and hand.result is None
    hand = run(hand, DEFENCE_TRICKS[2])
    assert hand.points == (13, 0)
    assert hand.phase is Phase.OVER
    assert hand.result is not None and not hand.result.made
    assert hand.result.marks == (1, 0)


def test_R_EARLY_END_points_contract_set_sooner_with_a_higher_bid() -> None:
    assert defence_hand(31, 1).phase is Phase.PLAY  # 6 points for the defenders, 11 allowed
    hand = defence_hand(31, 2)
    assert hand.points == (12, 0)  # 12 > 42 - 31
    assert hand.phase is Phase.OVER and hand.result is not None and not hand.result.made


def test_R_EARLY_END_marks_contract_set_at_the_defenders_first_trick() -> None:
    hand = start(SIXES_DEAL, "0 bid:1m 1 pass 2 pass 3 pass 0 trump:0:1 "
                             "0 play:6-6 1 play:2-3 2 play:1-1 3 play:2-4")
    assert hand.tricks[0].winner == Seat(0)
    assert hand.phase is Phase.PLAY
    hand = run(hand, "0 play:5-6 1 play:0-1 2 play:1-2")
    assert hand.phase is Phase.PLAY  # a trick in progress decides nothing
    hand = run(hand, "3 play:3-3")
    assert hand.tricks[1].winner == Seat(1)
    assert hand.phase is Phase.OVER and len(hand.tricks) == 2
    assert hand.result is not None and not hand.result.made and hand.result.marks == (0, 1)


def test_R_EARLY_END_marks_contract_made_only_after_the_seventh_trick() -> None:
    # After the first trick seat 0 holds every remaining trump, but what is held proves nothing.
    for tricks in range(1, 7):
        hand = points_hand("bid:2m", tricks, ":1")
        assert hand.phase is Phase.PLAY and hand.result is None, tricks
    hand = points_hand("bid:2m", 7, ":1")
    assert hand.phase is Phase.OVER and hand.result is not None and hand.result.made


def test_R_EARLY_END_a_points_contract_does_not_end_on_what_is_held() -> None:
    # After two tricks the declarers hold 37 and all five sixes left: a 38 bid is sure, not made.
    hand = points_hand("bid:38", 2)
    assert hand.phase is Phase.PLAY and hand.result is None


# ----- R-AWARD --------------------------------------------------------------------------------

@pytest.mark.parametrize(("build", "made", "marks"), [
    (lambda: points_hand("bid:37", 2), True, (1, 0)),
    (lambda: points_hand("bid:2m", 7, ":2"), True, (2, 0)),
    (lambda: defence_hand(30, 3), False, (1, 0)),
    (lambda: defence_hand(37, 1), False, (1, 0)),
])
def test_R_AWARD_only_one_team_receives_marks(build: object, made: bool,
                                              marks: tuple[int, int]) -> None:
    hand = build()  # type: ignore[operator]
    assert hand.result is not None
    assert hand.result.made is made
    assert hand.result.marks == marks
    assert 0 in hand.result.marks


def test_R_AWARD_declarers_of_a_set_contract_get_nothing() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(2, 3)),
                    "0 pass 1 bid:30 2 pass 3 pass 1 trump:6 " + " ".join(DEFENCE_TRICKS))
    assert game.marks == (3, 3)


# ----- R-GAME ---------------------------------------------------------------------------------

def test_R_GAME_six_plus_a_two_mark_contract_is_eight_and_wins() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(6, 0)),
                    "0 bid:2m 1 pass 2 pass 3 pass 0 trump:6:1 " + " ".join(POINTS_TRICKS))
    assert game.marks == (8, 0)
    assert game.winner == Team(0) and game.is_over
    assert game.to_act is None and game.legal_actions() == ()
    with pytest.raises(GameOver) as refused:
        game.apply(Seat(0), Pass())
    assert refused.value.code == "game_over"


def test_R_GAME_no_need_to_win_by_two() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(6, 6)),
                    "0 bid:37 1 pass 2 pass 3 pass 0 trump:6 " + " ".join(POINTS_TRICKS[:2]))
    assert game.marks == (7, 6)
    assert game.winner == Team(0)


def test_R_GAME_the_defenders_can_reach_seven() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(6, 0)),
                    "0 pass 1 bid:30 2 pass 3 pass 1 trump:6 " + " ".join(DEFENCE_TRICKS))
    assert game.marks == (7, 0) and game.winner == Team(0)


def test_R_GAME_six_marks_do_not_win() -> None:
    game = run_game(game_with(SIXES_DEAL, marks=(5, 6)),
                    "0 bid:37 1 pass 2 pass 3 pass 0 trump:6 " + " ".join(POINTS_TRICKS[:2]))
    assert game.marks == (6, 6)
    assert game.winner is None and not game.is_over
    assert game.hand_number == 2 and game.hand.phase is Phase.AUCTION


# ----- R-AUTO-SCORE ---------------------------------------------------------------------------

def test_R_AUTO_SCORE_points_follow_every_trick_and_marks_every_hand() -> None:
    game = game_with(SIXES_DEAL, marks=(1, 2))
    game = run_game(game, "0 bid:40 1 pass 2 pass 3 pass 0 trump:6")
    for n, script in enumerate(POINTS_TRICKS[:5]):
        assert game.hand.points == ((POINTS_AFTER[n - 1] if n else 0), 0)
        game = run_game(game, script)
    # the fifth trick made the 40 bid: the mark is added and a new hand is dealt
    assert game.marks == (2, 2)
    assert game.previous is not None and game.previous.points == (40, 0)
    assert game.hand.points == (0, 0) and game.hand_number == 2


def test_R_AUTO_SCORE_counts_match_the_tiles_captured() -> None:
    hand = points_hand("bid:41", 6)
    for trick in hand.tricks:
        assert trick.points == 1 + sum(tile.count for tile in trick.tiles)
    assert hand.points == (sum(trick.points for trick in hand.tricks), 0)
    assert t("4-6").count == 10 and isinstance(t("4-6"), Domino)
