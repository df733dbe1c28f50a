"""``python -m engine.bench``: how fast the rules run, as figures (medians of several rounds).

It prints random complete hands per second (deal, random legal auction and trump, random legal
play until R-EARLY-END ends the hand), the cost of one ``legal_actions()`` and of one applied
action, and ``engine.replay --jsonl`` scenarios per second. One core, one process. ``--variant``
measures another game of the family (VARIANTS.md); the default is 42.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import time
from collections.abc import Callable

from ..deal import Deal
from ..export import hand_scenario
from ..hand import HandState
from ..seats import Seat
from ..variants import FORTY_TWO, VARIANTS, Variant
from .replay import run_lines


def _dealer(variant: Variant, index: int) -> Seat:
    return variant.seating.seats[index % variant.seating.count]


def random_hand(rng: random.Random, dealer_index: int, variant: Variant = FORTY_TWO) -> HandState:
    """One complete hand of uniformly random legal actions."""
    state = HandState.start(Deal.shuffled(_dealer(variant, dealer_index), rng, variant))
    draw = rng.random
    while state.to_act is not None:
        legal = state.legal_actions()
        state = state.apply(state.to_act, legal[int(draw() * len(legal))])
    return state


def hands_per_second(hands: int, seed: int, variant: Variant = FORTY_TWO) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(hands):
        random_hand(rng, i, variant)
    return hands / (time.perf_counter() - start)


def _recorded_states(hands: int, seed: int,
                     variant: Variant = FORTY_TWO) -> list[tuple[HandState, int]]:
    """States met in random hands, each with the index of the legal action taken there."""
    rng = random.Random(seed)
    states = []
    for i in range(hands):
        state = HandState.start(Deal.shuffled(_dealer(variant, i), rng, variant))
        while state.to_act is not None:
            legal = state.legal_actions()
            pick = rng.randrange(len(legal))
            states.append((state, pick))
            state = state.apply(state.to_act, legal[pick])
    return states


def micros_per_legal_actions(states: list[tuple[HandState, int]]) -> float:
    start = time.perf_counter()
    for state, _ in states:
        state.legal_actions()
    return (time.perf_counter() - start) / len(states) * 1e6


def micros_per_apply(states: list[tuple[HandState, int]]) -> float:
    prepared = [(state, state.to_act, state.legal_actions()[pick]) for state, pick in states]
    start = time.perf_counter()
    for state, seat, action in prepared:
        state.apply(seat, action)  # type: ignore[arg-type]
    return (time.perf_counter() - start) / len(prepared) * 1e6


def replay_lines(scenarios: int, seed: int, variant: Variant = FORTY_TWO) -> list[str]:
    """Random scenarios in REPLAY.md's format, each action drawn from the legal ones."""
    rng = random.Random(seed)
    return [json.dumps(hand_scenario(random_hand(rng, i, variant))) for i in range(scenarios)]


def scenarios_per_second(lines: list[str]) -> float:
    start = time.perf_counter()
    for _ in run_lines(iter(lines)):
        pass
    return len(lines) / (time.perf_counter() - start)


def _median(measure: Callable[[int], float], rounds: int) -> float:
    return statistics.median(measure(r) for r in range(rounds))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000, help="hands per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is printed")
    parser.add_argument("--variant", choices=list(VARIANTS), default="42",
                        help="the game to measure (default 42)")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    out = io.StringIO()
    hands = _median(lambda r: hands_per_second(args.hands, seed=r, variant=variant), args.rounds)
    states = _recorded_states(max(1, args.hands // 10), seed=99, variant=variant)
    legal = _median(lambda r: micros_per_legal_actions(states), args.rounds)
    applied = _median(lambda r: micros_per_apply(states), args.rounds)
    lines = replay_lines(max(1, args.hands // 10), seed=7, variant=variant)
    replays = _median(lambda r: scenarios_per_second(lines), args.rounds)
    print(f"random complete hands per second: {hands:,.0f}", file=out)
    print(f"microseconds per legal_actions(): {legal:.2f}", file=out)
    print(f"microseconds per action applied:  {applied:.2f}", file=out)
    print(f"replay --jsonl scenarios per second: {replays:,.0f}", file=out)
    print(f"(medians of {args.rounds} rounds; {len(states):,} recorded states; "
          f"{len(lines):,} scenarios)", file=out)
    print(out.getvalue(), end="")


if __name__ == "__main__":
    main()
