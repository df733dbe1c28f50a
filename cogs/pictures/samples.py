"""Scenes to look at and to time: states of random games of every variant, through the engine.

``python -m cogs.pictures.samples DIR`` writes one PNG per kind of moment into DIR, with the
alt text beside each, to judge the pictures as a player would: 42's auction, tricks (one in
progress, one just won), covered piles, end of hand and game over; for every variant a hand in
play, the hand just finished and a player's own hand; and the moments only some variants have
(Moon's widow, the Big Game's leftover, 72's widow of twelve tiles and its trumps discarded face
up, negative scores).

The tables are named as the bot names them (:func:`table_words`): compass seats at four,
"Seat 1".."Seat 3" each for oneself at three, team colour and number at six and eight; with
``--locale pt-BR`` (or ``it``) every word is in that language, to see that it fits.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bot.i18n import name, reader, translations
from bot.vocabulary import LEFTOVER_LABELS, LEFTOVER_WORDS
from engine import (
    FORTY_TWO,
    VARIANTS,
    Game,
    Observation,
    Phase,
    Variant,
    observe,
    summarize,
)
from engine.players import Policy, random_legal, rules

from .adapt import hand_scene, last_hand_scene, table_scene
from .alt import hand_alt, table_alt
from .hand import draw_hand
from .scene import HandScene, TableScene
from .table import draw_table
from .words import ENGLISH, Words

NAMES = ("ana", "Bia Souza", "caio_the_magnificent_player", "Davi",
         "Maximiliano Albuquerque Monteiro", "Fábio", "🤖 Bot", "Giovanna")
"""Member names as Discord has them: short and long (up to 32 characters), an emoji."""

def table_words(variant: Variant, locale: str | None = None) -> Words:
    """The pictures' words in ``locale`` with the table's names and its game's word for the
    leftover as the bot gives them (:func:`cogs.pictured.table_words`)."""
    catalog = translations(locale)
    words = ENGLISH.translated(catalog.gettext, catalog.ngettext) if locale else ENGLISH
    voice = reader(locale, variant.seating)
    label, word = LEFTOVER_LABELS.get(variant.name), LEFTOVER_WORDS.get(variant.name)
    return words.for_table(seats=tuple(name(voice, seat) for seat in variant.seating.seats),
                           sides=tuple(name(voice, side) for side in variant.seating.sides),
                           leftover=catalog.gettext(label) if label else "",
                           from_leftover=catalog.gettext(word) if word else "",
                           discarded=catalog.gettext("Discarded"))


def names_for(variant: Variant) -> tuple[str, ...]:
    return NAMES[:variant.seating.count]


MOST_ACTIONS = 3000
"""Where a playout stops: random bids can keep a Moon game below 21 for ever."""


def playout(seed: str, variant: Variant = FORTY_TWO,
            decide: Policy = random_legal.decide) -> Iterator[Game]:
    """Every state of one game (uniformly random legal actions unless ``decide`` says
    otherwise), the first included, up to :data:`MOST_ACTIONS` actions."""
    rng = random.Random(seed)
    game = Game.new(seed, variant=variant)
    yield game
    for _ in range(MOST_ACTIONS):
        if game.to_act is None:
            return
        game = game.apply(game.to_act, decide(observe(game, game.to_act), rng))
        yield game


def first_state(seed: str, wanted: Callable[[Game], bool],
                variant: Variant = FORTY_TWO) -> Game:
    """The first state of a game (tried seed after seed) that is ``wanted``: 42's of random
    legal actions, as its samples have always been; the variants' played by the rules-of-thumb
    players, whose bids and scores look like a real table's."""
    decide = random_legal.decide if variant is FORTY_TWO else rules.decide
    for attempt in range(1000):
        for game in playout(f"{seed}:{attempt}", variant, decide):
            if wanted(game):
                return game
    raise LookupError(f"no random game of {variant} reached the state wanted for {seed!r}")


def seed_of(kind: str, variant: Variant) -> str:
    """The seed of a kind of sample: 42's are the ones its pictures have always been drawn
    from, so they stay comparable."""
    return kind if variant is FORTY_TWO else f"{kind}:{variant}"


def seen(wanted: Callable[[Observation], bool]) -> Callable[[Game], bool]:
    """A state wanted for what the spectator sees in it."""
    return lambda game: wanted(observe(game, None))


def scene_of(game: Game, locale: str | None = None) -> TableScene:
    variant = game.variant
    return table_scene(observe(game, None), names_for(variant), table_words(variant, locale))


def own_hand(game: Game, seat: int, locale: str | None = None) -> HandScene:
    return hand_scene(observe(game, game.variant.seating.seats[seat]),
                      table_words(game.variant, locale))


# ----- 42 -------------------------------------------------------------------------------------

def auction_scene(locale: str | None = None) -> TableScene:
    """Two calls into the first auction."""
    return scene_of(first_state("auction", seen(lambda o: len(o.auction) == 2)), locale)


def points_trick_scene(locale: str | None = None) -> TableScene:
    """A points contract in its third trick, two tiles down."""
    return scene_of(first_state("points", seen(
        lambda o: o.phase is Phase.PLAY and o.contract is not None and not o.contract.is_marks
        and o.trick_number == 3 and len(o.trick) == 2)), locale)


def trick_won_scene(locale: str | None = None) -> TableScene:
    """A trick just won, still on the table until its winner leads again (R-SEE-TABLE): its
    winner's tile ringed, where the trick in progress stars the tile winning so far."""
    return scene_of(first_state("won", lambda game: game.hand.phase is Phase.PLAY
                                and observe(game, None).completed_trick is not None
                                and len(game.hand.tricks) == 2), locale)


def marks_scene(locale: str | None = None) -> TableScene:
    """A marks contract after three tricks: most of them covered (R-SEE-MARKS)."""
    return scene_of(first_state("marks", seen(
        lambda o: o.phase is Phase.PLAY and o.contract is not None and o.contract.is_marks
        and o.trick_number == 4 and len(o.trick) == 1 and o.piles == 1)), locale)


def game_over_scene(locale: str | None = None) -> TableScene:
    return scene_of(first_state("over", lambda game: game.winner is not None), locale)


def hand_picture_scene(locale: str | None = None) -> HandScene:
    """A 42 hand on its owner's turn to follow, some tiles playable."""
    return playing_hand_scene(FORTY_TWO, locale)


# ----- every variant --------------------------------------------------------------------------

def mid_hand_scene(variant: Variant, locale: str | None = None) -> TableScene:
    """A points hand past its second trick, half a trick down, captured tiles on the board
    (or a marks hand, in a game where random bids come out so)."""
    half = (variant.seating.count + 1) // 2
    return scene_of(first_state(f"mid:{variant}", seen(
        lambda o: o.phase is Phase.PLAY and o.contract is not None
        and o.trick_number >= 3 and len(o.trick) == half
        and not o.contract.takes_every_trick), variant), locale)


def end_of_hand_scene(variant: Variant = FORTY_TWO, locale: str | None = None) -> TableScene:
    """A points hand just finished after most of its tricks, as its summary shows it while
    the next hand's auction begins."""
    def wanted(game: Game) -> bool:
        hand = game.previous
        return (game.winner is None and not game.hand.actions and hand is not None
                and hand.contract is not None and not hand.contract.takes_every_trick
                and len(hand.tricks) >= variant.hand_size - 1)
    game = first_state(seed_of("end", variant), wanted, variant)
    summary = summarize(game)
    assert summary is not None
    return last_hand_scene(summary, observe(game, None), names_for(variant),
                           table_words(variant, locale))


def playing_hand_scene(variant: Variant, locale: str | None = None) -> HandScene:
    """A hand on its owner's turn to follow in the second trick, a trump and a counter in it
    (where the game has counters), some tiles playable."""
    def wanted(game: Game) -> bool:
        seat = game.to_act
        if seat is None or len(game.hand.trick) != 1 or len(game.hand.tricks) != 1:
            return False
        scene = own_hand(game, seat)
        return ((any(t.count for t in scene.tiles) or not variant.counters)
                and any(t.trump for t in scene.tiles)
                and scene.playable is not None and not all(scene.playable))
    game = first_state(seed_of("hand", variant), wanted, variant)
    assert game.to_act is not None
    return own_hand(game, game.to_act, locale)


def leftover_hand_scene(variant: Variant, locale: str | None = None) -> HandScene:
    """The declarer's own hand at the leftover step: Moon's widow and 140's boneyard in the
    hand to discard from, 72's widow of two making twelve tiles, the Big Game's leftover to
    take or leave."""
    game = first_state(f"leftover:{variant}", lambda g: g.hand.phase in (
        Phase.LEFTOVER, Phase.DISCARD), variant)
    assert game.to_act is not None
    return own_hand(game, game.to_act, locale)


def face_up_discards_scene(locale: str | None = None) -> TableScene:
    """72: trumps the declarer had to discard, face up on the table (V-72-WIDOW)."""
    variant = VARIANTS["72"]
    return scene_of(first_state("72:face-up", seen(
        lambda o: bool(o.face_up_discards) and o.phase is Phase.PLAY), variant), locale)


def negative_score_scene(variant: Variant, locale: str | None = None) -> TableScene:
    """A game scored in points where a set has left some side below zero."""
    return scene_of(first_state(f"negative:{variant}", seen(
        lambda o: min(o.score) < 0 and o.phase is Phase.PLAY and bool(o.trick)), variant),
        locale)


def auction_of(variant: Variant, locale: str | None = None) -> TableScene:
    """The auction past its middle: every seat's call by its name."""
    calls = variant.seating.count - 2
    return scene_of(first_state(f"auction:{variant}", seen(
        lambda o: o.phase is Phase.AUCTION and len(o.auction) == calls), variant), locale)


def game_over_of(variant: Variant, locale: str | None = None) -> TableScene:
    return scene_of(first_state(f"over:{variant}", lambda game: game.winner is not None,
                                variant), locale)


@dataclass(frozen=True, slots=True)
class Sample:
    """One picture to look at: its file name and how to make its scene in a language."""

    name: str
    make: Callable[..., TableScene | HandScene]
    """Called with no argument for English, or with ``locale=`` a language tag."""


def _variant_samples() -> list[Sample]:
    samples = []
    for key, variant in VARIANTS.items():
        samples += [Sample(f"{key}-mid-hand", partial(mid_hand_scene, variant)),
                    Sample(f"{key}-end-of-hand", partial(end_of_hand_scene, variant)),
                    Sample(f"{key}-hand", partial(playing_hand_scene, variant))]
        if variant.leftover:
            samples.append(Sample(f"{key}-leftover-hand",
                                  partial(leftover_hand_scene, variant)))
        if variant.scoring.below_zero:
            samples.append(Sample(f"{key}-negative", partial(negative_score_scene, variant)))
        if variant.seating.count != 4:
            samples += [Sample(f"{key}-auction", partial(auction_of, variant)),
                        Sample(f"{key}-game-over", partial(game_over_of, variant))]
    return samples


SAMPLES: tuple[Sample, ...] = (
    Sample("auction", auction_scene),
    Sample("points-trick", points_trick_scene),
    Sample("trick-won", trick_won_scene),
    Sample("marks-covered", marks_scene),
    Sample("end-of-hand", end_of_hand_scene),
    Sample("game-over", game_over_scene),
    Sample("hand", hand_picture_scene),
    Sample("72-face-up-discards", face_up_discards_scene),
    *_variant_samples(),
)


def engine_scenes(count: int, seed: str, variant: Variant = FORTY_TWO) -> list[TableScene]:
    """``count`` spectator scenes of random games of ``variant``, from every phase of play."""
    scenes: list[TableScene] = []
    game_number = 0
    rng = random.Random(seed)
    while len(scenes) < count:
        states = list(playout(f"{seed}:{game_number}", variant))
        game_number += 1
        for game in rng.sample(states, min(len(states), 40)):
            scenes.append(scene_of(game))
    return scenes[:count]


def engine_hand_scenes(count: int, seed: str, variant: Variant = FORTY_TWO) -> list[HandScene]:
    """``count`` hand scenes of random games, each seen by a random seat."""
    scenes: list[HandScene] = []
    game_number = 0
    rng = random.Random(seed)
    seats = variant.seating.seats
    while len(scenes) < count:
        states = list(playout(f"{seed}:hands:{game_number}", variant))
        game_number += 1
        for game in rng.sample(states, min(len(states), 40)):
            seat = game.to_act if rng.random() < 0.7 else None
            scene = own_hand(game, seat if seat is not None else rng.choice(seats))
            if scene.tiles:
                scenes.append(scene)
    return scenes[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", type=Path)
    parser.add_argument("--locale", help="the language of the words (pt-BR, it); English "
                        "when left out")
    arguments = parser.parse_args()
    directory = arguments.directory
    directory.mkdir(parents=True, exist_ok=True)
    for sample in SAMPLES:
        scene = sample.make(locale=arguments.locale)
        if isinstance(scene, TableScene):
            picture, alt = draw_table(scene), table_alt(scene)
        else:
            picture, alt = draw_hand(scene), hand_alt(scene)
        (directory / f"{sample.name}.png").write_bytes(picture)
        (directory / f"{sample.name}.txt").write_text(alt + "\n")
    print(f"wrote {len(SAMPLES)} pictures to {directory}")


if __name__ == "__main__":
    main()
