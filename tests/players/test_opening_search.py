"""The strong players' opening tricks: no choice settled before eight solved deals, and the
ties between the tiles right in the most deals broken by playouts."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from engine import Game, Observation, Phase, observe
from engine.actions import Play
from engine.dominoes import TILES
from engine.players import rules
from engine.players import strong_classic as strong
from engine.players.knowledge import play_facts
from engine.players.strong_classic import PlaySearch, play_candidates, search_play

#: Deals whose opening lead the classic rule settles after four solved deals.
EARLY = (7, 16, 20, 23)


def opening_leads(indexes: Iterable[int]) -> Iterator[Observation]:
    """The declarer's observation at the opening lead of deals bid by the rules."""
    for index in indexes:
        game = Game.new(f"opening:{index}")
        rng = random.Random(index)
        while game.hand.phase is not Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            game = game.apply(seat, rules.decide(observe(game, seat), rng))
        seat = game.to_act
        assert seat is not None
        yield observe(game, seat)


def test_no_opening_choice_is_settled_before_eight_deals() -> None:
    """The classic rule settles after four deals in which every tile did the same; the opening
    tricks wait for eight (at opening leads where four settled, and one where the next deals
    told the tiles apart)."""
    for number, observation in zip(EARLY, opening_leads(EARLY), strict=True):
        facts = play_facts(observation)
        assert facts is not None
        candidates = play_candidates(observation, facts)[:strong.SHORTLIST]
        classic = search_play(observation, facts, candidates, random.Random(number), 10,
                              400_000, learn_order=True)
        assert classic.settled and classic.solved < strong.OPENING_DEALS
        found = search_play(observation, facts, candidates, random.Random(number), 10, 400_000,
                            learn_order=True, settle_from=strong.OPENING_DEALS)
        assert found.solved >= strong.OPENING_DEALS


def test_ties_between_the_best_tiles_go_to_playouts() -> None:
    """Of the tiles right in the most deals, the one playouts value most; a tile the solver put
    lower is never chosen, however playouts value it."""
    observation = next(opening_leads([0]))
    a, b, c = 0, 1, 2
    tied = PlaySearch((a, b, c), {a: 6, b: 6, c: 3}, 8, False)
    valued = {Play(TILES[a]): 10, Play(TILES[b]): 20, Play(TILES[c]): 99}
    rng = random.Random(0)
    assert strong._untied(observation, tied, valued, rng) == Play(TILES[b])
    alone = PlaySearch((a, b, c), {a: 7, b: 6, c: 3}, 8, False)
    assert strong._untied(observation, alone, valued, rng) == Play(TILES[a])
