"""Facts the observation states so nobody outside the engine derives them: the suit the trick
in progress calls for (R-LED-SUIT) and the tiles that are trumps (R-TRUMP-OWNS)."""

from __future__ import annotations

from engine import Bid, Domino, Game, NameTrump, Pass, Play, Trump, observe
from engine.dominoes import TILES


def declared(trump: Trump) -> Game:
    """A game whose first bidder bid 30 and named ``trump``; the others passed."""
    game = Game.new("facts")
    game = game.apply(game.to_act, Bid(points=30))  # type: ignore[arg-type]
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    return game.apply(game.to_act, NameTrump(trump))  # type: ignore[arg-type]


def test_r_trump_owns_the_observation_names_the_trumps() -> None:
    assert observe(Game.new("facts"), None).trumps == frozenset()
    fives = observe(declared(Trump.FIVES), None).trumps
    assert fives == {t for t in TILES if t.has(5)} and Domino.parse("5-6") in fives
    doubles = observe(declared(Trump.DOUBLES), None).trumps
    assert doubles == {t for t in TILES if t.is_double}
    assert observe(declared(Trump.NONE), None).trumps == frozenset()


def test_r_led_suit_the_observation_says_what_the_trick_calls_for() -> None:
    game = declared(Trump.SIXES)
    assert observe(game, None).led is None  # nothing led yet
    lead = next(a for a in game.legal_actions() if isinstance(a, Play))
    after = game.apply(game.to_act, lead)  # type: ignore[arg-type]
    seen = observe(after, None)
    names = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
    expected = "trumps" if lead.tile.has(6) else names[lead.tile.high]
    assert seen.led == expected
    assert observe(after, after.to_act).led == seen.led  # the same for every seat
