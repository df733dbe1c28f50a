"""R-FOLLOW's refusal as a player reads it, in every game of the family: failing to follow a
suit names that suit, sevens (V-BIG-SET, V-140-SET, V-GEEZER-SET) like any other, and only the
house rule Sevens (H-SEVENS) speaks of the tile closest to 7."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Reader
from bot.service import refusal_for
from engine import Game, NameTrump, Options, Play, Trump, observe
from engine.errors import MustFollow
from engine.players import random_legal
from engine.trumps import Called, Led
from engine.variants import VARIANTS, Variant

WORDS = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
         "nines")
TRANSLATED = {"pt-BR": "Você precisa seguir o naipe de sete.",
              "it": "Devi rispondere al seme di sette."}


def refused_follows(variant: Variant, hands: int) -> list[tuple[Led, MustFollow]]:
    """Every play that does not follow when it could, tried at each turn of random hands."""
    rng = random.Random(f"follow:{variant.name}")
    found: list[tuple[Led, MustFollow]] = []
    for number in range(hands):
        game = Game.new(f"follow:{variant.name}:{number}", variant=variant)
        while not game.finished:
            seat = game.to_act
            assert seat is not None
            seen = observe(game, seat)
            if seen.led is not None:
                legal = {a.tile for a in seen.legal if isinstance(a, Play)}
                for tile in {t.face for t in seen.hand} - legal:
                    with pytest.raises(MustFollow) as refused:
                        game.apply(seat, Play(tile))
                    found.append((seen.led, refused.value))
            game = game.apply(seat, random_legal.decide(seen, rng))
    return found


@pytest.mark.parametrize("name", list(VARIANTS))
def test_failing_to_follow_names_the_suit_led(name: str) -> None:
    variant = VARIANTS[name]
    reader = Reader(None, variant.seating)
    refusals = refused_follows(variant, hands=6)
    assert refusals
    for led, error in refusals:
        text = refusal_for(error).text(reader)
        word = led.value if isinstance(led, Called) else WORDS[led]
        assert text == f"You must follow {word}.", (led, text)
    sevens = [error for led, error in refusals if led == 7]
    assert bool(sevens) == (variant.top >= 7), "a game with a suit 7 is tried at sevens"
    for language, sentence in TRANSLATED.items():
        assert all(refusal_for(e).text(Reader(language, variant.seating)) == sentence
                   for e in sevens)


def test_only_the_house_rule_sevens_speaks_of_the_tile_closest_to_seven() -> None:
    """H-SEVENS: once Sevens is named, a tile farther from 7 than one held is refused so."""
    options = Options(sevens=True)
    for number in range(40):
        game = Game.new(f"sevens:{number}", options)
        while game.hand.trump is None and not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            sevens = [a for a in legal if isinstance(a, NameTrump)
                      and a.trump is Trump.CLOSEST_TO_SEVEN]
            game = game.apply(seat, sevens[0] if sevens else legal[-1])
        if game.hand.trump is not Trump.CLOSEST_TO_SEVEN:
            continue
        seat = game.to_act
        assert seat is not None
        legal = {a.tile for a in game.legal_actions() if isinstance(a, Play)}
        others = [t for t in game.hand.hand_of(seat) if t not in legal]
        if not others:
            continue
        with pytest.raises(MustFollow) as refused:
            game.apply(seat, Play(others[0]))
        reader = Reader(None, game.variant.seating)
        assert refusal_for(refused.value).text(reader) == (
            "You must play a tile closest to 7 (Sevens).")
        return
    pytest.fail("no Sevens contract with a tile farther from 7 in 40 games")
