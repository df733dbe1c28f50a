"""``python -m engine.tools.openings``: how the strong player decides the first trick of a hand.

The strong player plays every seat of whole games of 42; at each play of the first trick (the
opening lead, then the three follows) it prints how many sampled deals the solver answered for
every candidate tile before the budget ran out, the share of plays decided with at least 8
solved deals (or settled by fewer, when no further deal could change the choice), and the share
that went to playouts because too few were solved::

    python -m engine.tools.openings --games 20
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from ..game import Game
from ..hand import Phase
from ..observation import observe
from ..players import strong
from ..players.strong_classic import OPENING_DEALS, PlayChoice

#: Deals the solver should answer for a play to count as searched.
ENOUGH_DEALS = OPENING_DEALS
_PLACES = ("opening lead", "second", "third", "fourth")


def first_tricks(games: int, seed: str) -> dict[int, list[PlayChoice]]:
    """The strong player's choices at each place of the first trick of every hand of ``games``
    games of 42, strong in every seat (plays with one legal tile left out)."""
    found: dict[int, list[PlayChoice]] = {k: [] for k in range(4)}
    for index in range(games):
        game = Game.new(f"{seed}:{index}")
        rngs = [random.Random(f"{seed}:{index}:{s}") for s in range(4)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = observe(game, seat)
            if (observation.phase is Phase.PLAY and observation.trick_number == 1
                    and len(observation.legal) > 1):
                choice = strong.play(observation, rngs[seat])
                found[len(observation.trick)].append(choice)
                action = choice.action
            else:
                action = strong.decide(observation, rngs[seat])
            game = game.apply(seat, action)
    return found


def summary(found: dict[int, list[PlayChoice]]) -> list[str]:
    """One line per place in the trick: how its plays were decided."""
    lines = []
    for place, choices in found.items():
        searched = [c.search for c in choices if c.search is not None]
        enough = sum(1 for s in searched if s.solved >= ENOUGH_DEALS)
        settled = sum(1 for s in searched if s.solved < ENOUGH_DEALS and s.settled)
        playouts = sum(1 for c in choices if c.by_playouts)
        total = max(1, len(choices))
        solved = sorted(s.solved for s in searched)
        median = solved[len(solved) // 2] if solved else 0
        lines.append(f"{_PLACES[place]:<13} {len(choices):>5} plays: >= {ENOUGH_DEALS} deals "
                     f"solved {enough / total:.1%}, settled with fewer {settled / total:.1%}, "
                     f"by playouts {playouts / total:.1%}, median deals solved {median}")
    return lines


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.tools.openings",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", default="openings")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    found = first_tricks(args.games, args.seed)
    print(f"first trick of {args.games} games of 42, strong in every seat "
          f"(plays with a choice only)", file=out)
    for line in summary(found):
        print(line, file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
