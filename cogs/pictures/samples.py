"""Scenes to look at and to time: states of random games through the engine, and synthetic
tables of 3, 6 and 8 seats (VARIANTS.md) that the engine cannot deal yet.

``python -m cogs.pictures.samples DIR`` writes one PNG per kind of moment into DIR, with the
alt text beside each, to judge the pictures as a player would.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from engine import SEATS, Game, Observation, Phase, observe, summarize

from .adapt import hand_scene, last_hand_scene, table_scene
from .alt import hand_alt, table_alt
from .hand import draw_hand
from .scene import HandScene, SeatPlace, SideRow, TableScene, Tile
from .table import draw_table
from .words import ENGLISH

NAMES = ("ana", "Bia Souza", "caio_the_magnificent_player", "Davi")


def playout(seed: str) -> Iterator[Game]:
    """Every state of one game of uniformly random legal actions, the first included."""
    rng = random.Random(seed)
    game = Game.new(seed)
    yield game
    while game.to_act is not None:
        legal = game.legal_actions()
        game = game.apply(game.to_act, legal[rng.randrange(len(legal))])
        yield game


def first_state(seed: str, wanted: Callable[[Game], bool]) -> Game:
    """The first state of a random game (tried seed after seed) that is ``wanted``."""
    for attempt in range(1000):
        for game in playout(f"{seed}:{attempt}"):
            if wanted(game):
                return game
    raise LookupError(f"no random game reached the state wanted for {seed!r}")


def seen(wanted: Callable[[Observation], bool]) -> Callable[[Game], bool]:
    """A state wanted for what the spectator sees in it."""
    return lambda game: wanted(observe(game, None))


def scene_of(game: Game) -> TableScene:
    return table_scene(observe(game, None), NAMES)


def auction_scene() -> TableScene:
    """Two calls into the first auction."""
    return scene_of(first_state("auction", seen(lambda o: len(o.auction) == 2)))


def points_trick_scene() -> TableScene:
    """A points contract in its third trick, two tiles down."""
    return scene_of(first_state("points", seen(
        lambda o: o.phase is Phase.PLAY and o.contract is not None and not o.contract.is_marks
        and o.trick_number == 3 and len(o.trick) == 2)))


def marks_scene() -> TableScene:
    """A marks contract after three tricks: most of them covered (R-SEE-MARKS)."""
    return scene_of(first_state("marks", seen(
        lambda o: o.phase is Phase.PLAY and o.contract is not None and o.contract.is_marks
        and o.trick_number == 4 and len(o.trick) == 1 and o.piles == 1)))


def end_of_hand_scene() -> TableScene:
    """A points hand just finished after six tricks or more, as its summary shows it while
    the next hand's auction begins."""
    def wanted(game: Game) -> bool:
        hand = game.previous
        return (game.winner is None and not game.hand.actions and hand is not None
                and hand.contract is not None and not hand.contract.is_marks
                and len(hand.tricks) >= 6)
    game = first_state("end", wanted)
    summary = summarize(game)
    assert summary is not None
    return last_hand_scene(summary, observe(game, None), NAMES)


def game_over_scene() -> TableScene:
    return scene_of(first_state("over", lambda game: game.winner is not None))


def hand_picture_scene() -> HandScene:
    """A hand on its owner's turn to follow, some tiles playable."""
    def wanted(game: Game) -> bool:
        seat = game.to_act
        if seat is None or len(game.hand.trick) != 1 or len(game.hand.tricks) != 1:
            return False
        scene = hand_scene(observe(game, seat))
        return (any(t.count for t in scene.tiles) and any(t.trump for t in scene.tiles)
                and scene.playable is not None and not all(scene.playable))
    game = first_state("hand", wanted)
    assert game.to_act is not None
    return hand_scene(observe(game, game.to_act))


# ----- tables the engine cannot deal yet -------------------------------------------------------

def double_set(top: int, copies: int = 1) -> list[tuple[int, int]]:
    return [(high, low) for high in range(top + 1) for low in range(high + 1)] * copies


def counters_42(high: int, low: int) -> int:
    return {(5, 0): 5, (4, 1): 5, (3, 2): 5, (6, 4): 10, (5, 5): 10}.get((high, low), 0)


def counters_140(high: int, low: int) -> int:
    return high + low if high + low in (5, 10, 15) else 0


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """Enough of a VARIANTS.md table to fake one of its moments."""

    seats: int
    sides: tuple[str, ...]
    top: int
    copies: int
    counters: Callable[[int, int], int]
    bid: str

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    def name(self, seat: int) -> str:
        """Each for oneself, a side is named after its player."""
        return self.sides[seat] if len(self.sides) == self.seats else f"Player {seat + 1}"


THREE_HAND = Variant(3, ("Ana", "Bia", "Caio"), 6, 1, counters_42, "34")
ONE_FORTY = Variant(6, ("Team 1", "Team 2", "Team 3"), 9, 1, counters_140, "115")
EIGHTY_FOUR = Variant(8, ("Evens", "Odds"), 6, 2, counters_42, "64")
VARIANTS = (THREE_HAND, ONE_FORTY, EIGHTY_FOUR)


def synthetic_scene(variant: Variant, rng: random.Random) -> TableScene:
    """A moment of a random hand of ``variant``: some tricks captured, one in progress."""
    stack = double_set(variant.top, variant.copies)
    rng.shuffle(stack)
    trump = rng.randrange(variant.top + 1)

    def tile(face: tuple[int, int]) -> Tile:
        return Tile(face[0], face[1], trump=trump in face, count=variant.counters(*face))

    tricks = rng.randrange(len(stack) // variant.seats - 1)
    captured: list[list[Tile]] = [[] for _ in variant.sides]
    for _ in range(tricks):
        won = captured[rng.randrange(len(variant.sides))]
        won.extend(tile(stack.pop()) for _ in range(variant.seats))
    leader = rng.randrange(variant.seats)
    played = rng.randrange(variant.seats)
    in_trick = {(leader + n) % variant.seats: tile(stack.pop()) for n in range(played)}
    to_act = (leader + played) % variant.seats
    seats = tuple(
        SeatPlace(name=variant.name(n), subtitle=f"Seat {n + 1}" + (" · dealer" if n == 0
                                                                       else ""),
                  side=variant.side_of(n), note=ENGLISH.to_play if n == to_act else "",
                  turn=n == to_act, played=in_trick.get(n))
        for n in range(variant.seats))
    sides = tuple(
        SideRow(title=title, score=ENGLISH.points.format(n=rng.randrange(300)),
                points=ENGLISH.hand_points.format(n=sum(t.count for t in won)
                                                  + len(won) // variant.seats),
                groups=(tuple(sorted(won, key=lambda t: (t.high, t.low), reverse=True)),)
                if won else ())
        for title, won in zip(variant.sides, captured, strict=True))
    return TableScene(
        seats=seats, sides=sides,
        headline=f"Hand 2 · Seat 2 bid {variant.bid} · Trump: {ENGLISH.suits[trump]}",
        status=f"{variant.sides[1 % len(variant.sides)]} need 20 · the others set them with 9",
        trick=ENGLISH.trick.format(number=tricks + 1), legend=(ENGLISH.legend_trump,
                                                          ENGLISH.legend_count))


def synthetic_scenes(variant: Variant, count: int, seed: str) -> list[TableScene]:
    rng = random.Random(f"{seed}:{variant.seats}")
    return [synthetic_scene(variant, rng) for _ in range(count)]


def busy_synthetic_scene(variant: Variant) -> TableScene:
    """A synthetic moment with half a trick down and tiles captured on every side."""
    def busy(scene: TableScene) -> bool:
        played = sum(seat.played is not None for seat in scene.seats)
        return played >= (variant.seats + 1) // 2 and all(side.groups for side in scene.sides)
    return next(scene for scene in synthetic_scenes(variant, 200, "sample") if busy(scene))


def engine_scenes(count: int, seed: str) -> list[TableScene]:
    """``count`` spectator scenes of random games, from every phase of play."""
    scenes: list[TableScene] = []
    game_number = 0
    rng = random.Random(seed)
    while len(scenes) < count:
        states = list(playout(f"{seed}:{game_number}"))
        game_number += 1
        for game in rng.sample(states, min(len(states), 40)):
            scenes.append(scene_of(game))
    return scenes[:count]


def engine_hand_scenes(count: int, seed: str) -> list[HandScene]:
    """``count`` hand scenes of random games, each seen by a random seat."""
    scenes: list[HandScene] = []
    game_number = 0
    rng = random.Random(seed)
    while len(scenes) < count:
        states = list(playout(f"{seed}:hands:{game_number}"))
        game_number += 1
        for game in rng.sample(states, min(len(states), 40)):
            seat = game.to_act if rng.random() < 0.7 else None
            observation = observe(game, seat if seat is not None else rng.choice(SEATS))
            if observation.hand:
                scenes.append(hand_scene(observation))
    return scenes[:count]


SAMPLES: dict[str, Callable[[], TableScene]] = {
    "auction": auction_scene,
    "points-trick": points_trick_scene,
    "marks-covered": marks_scene,
    "end-of-hand": end_of_hand_scene,
    "game-over": game_over_scene,
    "three-seats": lambda: busy_synthetic_scene(THREE_HAND),
    "six-seats": lambda: busy_synthetic_scene(ONE_FORTY),
    "eight-seats": lambda: busy_synthetic_scene(EIGHTY_FOUR),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", type=Path)
    directory = parser.parse_args().directory
    directory.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        scene = make()
        (directory / f"{name}.png").write_bytes(draw_table(scene))
        (directory / f"{name}.txt").write_text(table_alt(scene) + "\n")
    hand = hand_picture_scene()
    (directory / "hand.png").write_bytes(draw_hand(hand))
    (directory / "hand.txt").write_text(hand_alt(hand) + "\n")
    print(f"wrote {len(SAMPLES) + 1} pictures to {directory}")


if __name__ == "__main__":
    main()
