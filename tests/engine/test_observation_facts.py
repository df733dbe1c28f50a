"""Facts the observation states so nobody outside the engine derives them: the suit the trick
in progress calls for (R-LED-SUIT) and the tiles that are trumps (R-TRUMP-OWNS)."""

from __future__ import annotations

from engine import Bid, Domino, Game, NameTrump, Pass, Play, Trump, observe
from engine.dominoes import TILES
from engine.trumps import Called


def declared(trump: Trump) -> Game:
    """A game whose first bidder bid 30 and named ``trump``; the others passed."""
    game = Game.new("facts")
    game = game.apply(game.to_act, Bid(points=30))  # type: ignore[arg-type]
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    return game.apply(game.to_act, NameTrump(trump))  # type: ignore[arg-type]


def trumps(trump: Trump | None) -> set[Domino]:
    seen = observe(declared(trump) if trump is not None else Game.new("facts"), None)
    return {tile for tile in TILES if seen.is_trump(tile)}


def test_r_trump_owns_the_observation_says_which_tiles_are_trumps() -> None:
    assert trumps(None) == set()
    assert trumps(Trump.FIVES) == {t for t in TILES if t.has(5)}
    assert Domino.parse("5-6") in trumps(Trump.FIVES)
    assert trumps(Trump.DOUBLES) == {t for t in TILES if t.is_double}
    assert trumps(Trump.NONE) == set()


def test_r_led_suit_the_observation_says_what_the_trick_calls_for() -> None:
    game = declared(Trump.SIXES)
    assert observe(game, None).led is None  # nothing led yet
    lead = next(a for a in game.legal_actions() if isinstance(a, Play))
    after = game.apply(game.to_act, lead)  # type: ignore[arg-type]
    seen = observe(after, None)
    expected = Called.TRUMPS if lead.tile.has(6) else lead.tile.high
    assert seen.led == expected
    assert observe(after, after.to_act).led == seen.led  # the same for every seat
