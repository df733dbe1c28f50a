"""The solver against plain minimax on small endgames: exact equality, every trick model."""

from __future__ import annotations

import random

import pytest

from engine.dominoes import COUNT, Domino
from engine.players.solver import DealSolver, OutOfBudget, distinct_trumps
from engine.trumps import FOLLOW, LED, POWER, STANDARD_TRUMPS

Plays = list[tuple[int, int]]


def minimax(hands: list[int], leader: int, trick: Plays, model: int, team: int) -> int:
    """The points ``team`` takes from here, every line of play tried, no pruning, no table."""
    follow, led, power = FOLLOW[model], LED[model], POWER[model]
    if len(trick) == 4:
        strengths = power[led[trick[0][1]]]
        winner = max(trick, key=lambda play: strengths[play[1]])[0]  # first among equals
        points = 1 + sum(COUNT[t] for _, t in trick)
        taken = points if winner & 1 == team else 0
        if not any(hands):
            return taken
        return taken + minimax(hands, winner, [], model, team)
    seat = (leader + len(trick)) & 3
    playable = hands[seat]
    if trick:
        playable = playable & follow[led[trick[0][1]]] or playable
    results = []
    for tile in range(28):
        if playable >> tile & 1:
            after = list(hands)
            after[seat] ^= 1 << tile
            results.append(minimax(after, leader, [*trick, (seat, tile)], model, team))
    return max(results) if seat & 1 == team else min(results)


def endgame(rng: random.Random, tricks: int) -> tuple[list[int], int, Plays, int, int]:
    """A random deal of ``tricks`` tiles a seat, some of the next trick already played."""
    tiles = rng.sample(range(28), 4 * tricks)
    hands = [sum(1 << t for t in tiles[i::4]) for i in range(4)]
    model = int(rng.choice(STANDARD_TRUMPS))
    leader = rng.randrange(4)
    trick: Plays = []
    for k in range(rng.randrange(4)):
        seat = (leader + k) & 3
        playable = hands[seat]
        if trick:
            playable = playable & FOLLOW[model][LED[model][trick[0][1]]] or playable
        tile = rng.choice([t for t in range(28) if playable >> t & 1])
        hands[seat] ^= 1 << tile
        trick.append((seat, tile))
    return hands, leader, trick, model, rng.randrange(2)


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_best_points_equal_minimax_on_small_endgames(tricks: int) -> None:
    rng = random.Random(tricks)
    for _ in range(150 if tricks < 3 else 60):
        hands, leader, trick, model, team = endgame(rng, tricks)
        exact = minimax(hands, leader, trick, model, team)
        solver = DealSolver(hands, model, team)
        assert solver.best_points(leader, trick) == exact
        assert solver.hands == hands  # the search puts every tile back


def test_every_threshold_agrees_with_minimax() -> None:
    """R-CONTRACT-POINTS as the solver asks it: can the side still take ``need`` points?"""
    rng = random.Random("thresholds")
    for _ in range(40):
        hands, leader, trick, model, team = endgame(rng, 3)
        exact = minimax(hands, leader, trick, model, team)
        solver = DealSolver(hands, model, team)
        for need in range(0, solver.points_in_play(trick) + 2):
            assert solver.reach(leader, trick, need) is (exact >= need)


def test_each_candidate_tile_agrees_with_minimax() -> None:
    rng = random.Random("candidates")
    for _ in range(40):
        hands, leader, trick, model, team = endgame(rng, 3)
        seat = (leader + len(trick)) & 3
        playable = hands[seat]
        if trick:
            playable = playable & FOLLOW[model][LED[model][trick[0][1]]] or playable
        solver = DealSolver(hands, model, team)
        for tile in (t for t in range(28) if playable >> t & 1):
            after = list(hands)
            after[seat] ^= 1 << tile
            exact = minimax(after, leader, [*trick, (seat, tile)], model, team)
            assert solver.best_points(leader, trick, tile) == exact
            assert solver.reach_after(leader, trick, tile, exact) is True
            assert solver.reach_after(leader, trick, tile, exact + 1) is False


def test_a_whole_hand_is_solved_within_its_node_budget_or_stops() -> None:
    rng = random.Random("budget")
    tiles = rng.sample(range(28), 28)
    hands = [sum(1 << t for t in tiles[i::4]) for i in range(4)]
    solver = DealSolver(hands, model=6, team=0, node_limit=500)
    with pytest.raises(OutOfBudget):
        solver.best_points(0, ())
    assert solver.nodes > 500
    assert solver.hands == hands


def test_equivalent_trumps_are_tried_once() -> None:
    """Sixes trump: [6|6] and [6|5] are next to each other and both countless; [6|4] is count."""
    six_six, six_five, six_four, six_three = 27, 26, 25, 24
    mine = 1 << six_six | 1 << six_five | 1 << six_four
    alive = mine | 1 << six_three
    kept = distinct_trumps([six_six, six_five, six_four], mine, alive, model=6)
    assert kept == [six_six, six_four]


def test_a_laydown_is_decided_without_search() -> None:
    """Sixes trump: four top trumps draw the other three, then three doubles each top their
    suit (R-RANK), so the leader takes all seven tricks however the rest lie."""
    rng = random.Random("laydown")
    mine = sum(1 << Domino.parse(t) for t in ("6-6", "5-6", "4-6", "3-6", "1-1", "5-5", "4-4"))
    rest = [t for t in range(28) if not mine >> t & 1]
    for _ in range(20):
        rng.shuffle(rest)
        hands = [mine, *(sum(1 << t for t in rest[i::3]) for i in range(3))]
        solver = DealSolver(hands, model=6, team=0)
        assert solver.reach(0, (), 42) is True
        assert solver.nodes == 0


def test_a_learned_order_gives_the_same_answers_with_fewer_nodes() -> None:
    """Whole deals, the opening lead's question for each first tile: the order learned from
    cut-offs changes the work, never the answer."""
    rng = random.Random("order")
    learned = classic = 0
    for _ in range(12):
        tiles = rng.sample(range(28), 28)
        hands = [sum(1 << t for t in tiles[i::4]) for i in range(4)]
        model = int(rng.choice(STANDARD_TRUMPS))
        fast = DealSolver(hands, model, team=0)
        slow = DealSolver(hands, model, team=0, learn_order=False)
        for tile in (t for t in range(28) if hands[0] >> t & 1):
            assert fast.reach_after(0, (), tile, 30) is slow.reach_after(0, (), tile, 30)
        learned += fast.nodes
        classic += slow.nodes
    assert learned < 0.8 * classic
