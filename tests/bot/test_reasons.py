"""Why the bots played a finished hand as they did, through the table service and the message a
member is shown: each computer decision found again from its seat's view and seed, the estimates
of the strong player that made it, never a tile the hand's tricks do not show (R-REVIEW), and
hindsight only for a hand played to its last trick."""

from __future__ import annotations

import random

import pytest

from bot.records import Player, Status, TableRecord
from bot.service import ComputerMove, HandMoves, Refusal, TableService, computer_seed
from bot.storage import Storage
from cogs.messages.reasons import reasons_message, trick_reasons_message
from engine import Game, HandSummary, observe, summarize
from engine.actions import Play
from engine.players import rules, strong
from engine.players.reasons import Basis, Estimate, Explained, Reasoning, explained
from engine.variants import MOON
from tests.bot.e2e import tiles_in
from tests.common import ANA, GUILD

STRONG_TABLE = [Player.member(ANA), Player.computer(), Player.computer(), Player.computer()]


async def first_hand(storage: Storage, seed: str) -> tuple[TableService, int]:
    """A table of a member and three strong computer players, played through the service to
    the end of its first hand: each computer decision the strong player's, with the seed the
    bot gives it."""
    service = TableService(storage, new_seed=lambda: seed)
    table = await storage.create_table(GUILD, 1, ANA, None, STRONG_TABLE)
    await service.start(table.id, ANA)
    rng = random.Random(seed)
    while True:
        snapshot = await service.snapshot(table.id)
        if snapshot.last_hand is not None:
            return service, table.id
        turn = await service.computer_turn(table.id)
        if turn is not None:
            action = strong.decide(turn.observation, random.Random(turn.seed))
            await service.act_as_computer(turn, str(action))
            continue
        panel = await service.panel(table.id, ANA)
        await service.act(table.id, ANA, panel.observation.hand_number, panel.count,
                          str(rules.decide(panel.observation, rng)))


async def test_the_bots_reasons_name_only_what_the_hands_tricks_show(storage: Storage) -> None:
    service, table_id = await first_hand(storage, "why-seed")
    hand = await service.computer_moves(table_id)
    assert hand.moves and all(move.seed == computer_seed("why-seed", move.n)
                              for move in hand.moves)
    found = [explained(move.observation, move.seed, move.hands) for move in hand.moves]
    assert all(f.reasoning.chosen == move.action for f, move in zip(found, hand.moves,
                                                                    strict=True))
    public = len(hand.summary.tricks) == 7
    assert all((move.hands is not None) == public for move in hand.moves)
    text = str(reasons_message(hand, found, None).embed.to_dict())  # type: ignore[union-attr]
    shown = tiles_in(text)
    played = {tile for trick in hand.summary.tricks for _, tile in trick.plays}
    assert shown and shown <= played, shown - played
    assert ("Hindsight, all hands face up" in text) == public
    assert "chance of making each bid" in text or "contract in its deals" in text


def played_out_hand() -> tuple[Game, HandSummary]:
    """A game of the rules player whose first hand went to its last trick."""
    for number in range(200):
        game = Game.new(f"played-out:{number}")
        rng = random.Random(number)
        while not game.finished:
            seat = game.to_act
            assert seat is not None
            game = game.apply(seat, rules.decide(observe(game, seat), rng))
        summary = summarize(game)
        assert summary is not None
        if len(summary.tricks) == 7:
            return game, summary
    raise AssertionError("no hand went to its last trick")


def test_a_hand_played_out_shows_hindsight_labelled_so() -> None:
    """The message from values: each play's candidates and, the hand played to its end, what
    would have done it with every hand face up."""
    game, summary = played_out_hand()
    (first, *_), (second, *_) = summary.tricks[0].plays, summary.tricks[1].plays
    seat, tile = first
    other = Play(second[1])
    table = TableRecord(1, GUILD, 1, None, ANA, None, Status.PLAYING, tuple(STRONG_TABLE),
                        seed="s")
    move = ComputerMove(0, seat, Play(tile), observe(game, seat), "s", (0, 0, 0, 0), 1)
    reasoning = Reasoning(Play(tile), Basis.SOLVED, 12,
                          (Estimate(Play(tile), 0.75), Estimate(other, 0.5)))
    hand = HandMoves(table, summary, (move,))
    text = str(reasons_message(hand, [Explained(reasoning, (Play(tile),))], None).embed
               .to_dict())  # type: ignore[union-attr]
    assert f"{tile.label} 75%" in text and f"{other.tile.label} 50%" in text
    assert "(12 solved)" in text
    assert f"Hindsight, all hands face up: {tile.label} would have done it." in text
    elsewhere = [Explained(reasoning, None)]
    assert "Hindsight, all hands face up" not in str(
        reasons_message(hand, elsewhere, None).embed.to_dict())  # type: ignore[union-attr]
    differs = Explained(Reasoning(other, Basis.SOLVED, 12, reasoning.estimates), None)
    assert "Nothing to explain" in str(  # another decision than the one made: left out
        reasons_message(hand, [differs], None).embed.to_dict())  # type: ignore[union-attr]


async def test_nothing_to_explain_is_said_so(storage: Storage) -> None:
    service = TableService(storage)
    members = await storage.create_table(GUILD, 2, ANA, None,
                                         [Player.member(u) for u in (ANA, 2, 3, 4)])
    with pytest.raises(Refusal, match="No hand has finished yet"):
        await service.computer_moves(members.id)
    moon = await storage.create_table(GUILD, 3, ANA, None, [Player.member(ANA),
                                                             Player.computer(),
                                                             Player.computer()],
                                      variant=MOON)
    with pytest.raises(Refusal, match="No hand has finished yet"):
        await service.computer_moves(moon.id)


async def in_a_trick(storage: Storage, seed: str) -> tuple[TableService, int]:
    """The table of :func:`first_hand`, stopped in its first hand once a trick has a computer
    player's play with a choice in it and a tile of it is still unplayed elsewhere."""
    service = TableService(storage, new_seed=lambda: seed)
    table = await storage.create_table(GUILD, 1, ANA, None, STRONG_TABLE)
    await service.start(table.id, ANA)
    rng = random.Random(seed)
    while True:
        snapshot = await service.snapshot(table.id)
        assert snapshot.last_hand is None, "the hand ended before a trick was caught"
        turn = await service.computer_turn(table.id)
        if turn is not None:
            action = strong.decide(turn.observation, random.Random(turn.seed))
            await service.act_as_computer(turn, str(action))
            if (isinstance(action, Play) and len(turn.observation.legal) > 1
                    and turn.observation.trick_number >= 2):
                return service, table.id
            continue
        panel = await service.panel(table.id, ANA)
        await service.act(table.id, ANA, panel.observation.hand_number, panel.count,
                          str(rules.decide(panel.observation, rng)))


async def test_the_trick_on_the_table_names_only_the_tiles_played_to_it(
        storage: Storage) -> None:
    """While the hand is on, each bot's reason names the tile it played and no other: its other
    candidates are still in its hand."""
    service, table_id = await in_a_trick(storage, "trick-why")
    trick = await service.trick_moves(table_id)
    assert trick.moves and all(isinstance(m.action, Play) and m.hands is None
                               for m in trick.moves)
    seen = (await service.snapshot(table_id)).observation
    assert seen is not None
    plays = seen.trick or (seen.completed_trick.plays if seen.completed_trick else ())
    on_table = {tile for _, tile in plays}
    assert {m.action.tile for m in trick.moves if isinstance(m.action, Play)} <= on_table
    found = [explained(move.observation, move.seed, None) for move in trick.moves]
    text = str(trick_reasons_message(trick, found, None).embed.to_dict())  # type: ignore[union-attr]
    assert tiles_in(text) <= on_table and "contract in its deals" in text
    assert "Hindsight" not in text


async def test_no_trick_on_the_table_is_refused(storage: Storage) -> None:
    service = TableService(storage, new_seed=lambda: "no trick")
    table = await storage.create_table(GUILD, 1, ANA, None, STRONG_TABLE)
    await service.start(table.id, ANA)
    with pytest.raises(Refusal, match="No trick is on the table"):
        await service.trick_moves(table.id)
