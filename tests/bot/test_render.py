"""Rendering: the table message is drawn from the spectator's observation and never shows a
tile still held, nor who played a captured tile; a panel shows its owner's tiles only; every
message fits Discord's limits."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records import Player, Status, TableRecord
from bot.service import Panel, TableSnapshot, describe_event, hand_summary
from cogs import render
from engine import SEATS, Bid, Domino, Game, NameTrump, Pass, Phase, Play, Seat, Trump, observe
from tests.bot.e2e import linked_tiles, tiles_in

TABLE = TableRecord(id=12345, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                    locale="en-US", status=Status.PLAYING,
                    seats=tuple(Player.member(100 + s) for s in SEATS), seed="x")


def texts(reply: render.Reply) -> list[str]:
    found = [reply.content or ""]
    if reply.embed is not None:
        data: dict[str, Any] = reply.embed.to_dict()  # type: ignore[assignment]
        found += [data.get("title", ""), data.get("description", "")]
        found += [data.get("footer", {}).get("text", "")]
        for f in data.get("fields", []):
            found += [f["name"], f["value"]]
    for row in reply.view.to_components() if reply.view is not None else []:
        for c in row["components"]:
            found += [c.get("label") or "", c.get("custom_id") or "", c.get("placeholder") or ""]
            for option in c.get("options", []):
                found += [option["label"], option["value"]]
    return [t for t in found if t]


def check_limits(reply: render.Reply) -> None:
    if reply.view is not None:
        rows = reply.view.to_components()
        assert len(rows) <= 5
        for row in rows:
            assert len(row["components"]) <= 5
            for c in row["components"]:
                assert len(c.get("custom_id", "")) <= 100
                assert len(c.get("options", [])) <= 25
                assert len(c.get("label") or "") <= 80
    if reply.embed is not None:
        assert len(reply.embed) <= 6000
        assert len(reply.embed.description or "") <= 4096
        assert all(len(f.value or "") <= 1024 for f in reply.embed.fields)


def check_game(game: Game, before: Game | None, last: tuple[Seat, Any] | None) -> None:
    hand = game.hand
    played = {t for trick in hand.tricks for t in trick.tiles} | {t for _, t in hand.trick}
    captured = {t for trick in hand.tricks for t in trick.tiles}
    if game.previous is not None and game.previous is not hand:
        played |= {t for trick in game.previous.tricks for t in trick.tiles}
    event = describe_event(*last, before, game) if last and before else None
    snapshot = TableSnapshot(TABLE, observe(game, None), 7, hand_summary(game), event)
    reply = render.table_message(snapshot)
    check_limits(reply)
    for text in texts(reply):
        assert tiles_in(text) <= played, text
        assert not linked_tiles(text) & captured, text
    for seat in SEATS:
        panel = render.panel_message(Panel(TABLE, seat, observe(game, seat), 7), "en-US",
                                     piles=1 + seat % 2)
        check_limits(panel)
        own = set(hand.hand_of(seat))
        for text in texts(panel):
            assert tiles_in(text) <= played | own, text
            assert not linked_tiles(text) & captured, text


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_render_nothing_hidden(number: int) -> None:
    rng = random.Random(number)
    game = Game.new(f"render-{number}")
    check_game(game, None, None)
    for _ in range(90):
        if game.winner is not None:
            break
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        before, game = game, game.apply(seat, action)
        check_game(game, before, (seat, action))


def test_the_panel_offers_only_legal_choices() -> None:
    game = Game.new("panel")
    seat = game.to_act
    assert seat is not None
    reply = render.panel_message(Panel(TABLE, seat, observe(game, seat), 0), None)
    rows = reply.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert [o["value"] for o in select["options"]] == [str(a) for a in game.legal_actions()]
    tiles = [c for row in rows for c in row["components"] if ":play:" in c.get("custom_id", "")]
    assert [c["label"] for c in tiles] == [t.label for t in game.hand.hand_of(seat)]  # R-ORDER
    assert all(c["disabled"] for c in tiles)  # no tile in the auction
    other = seat.next
    waiting = render.panel_message(Panel(TABLE, other, observe(game, other), 0), None)
    assert waiting.embed is not None and "turn" in str(waiting.embed.description)
    assert not any(c["type"] == 3 for row in waiting.view.to_components()  # type: ignore[union-attr]
                   for c in row["components"])


def test_a_marks_contract_asks_for_piles_first() -> None:
    game = Game.new("piles")
    first = game.to_act
    assert first is not None
    game = game.apply(first, Bid(marks=1))
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    assert game.hand.phase is Phase.TRUMP and game.to_act == first
    panel = Panel(TABLE, first, observe(game, first), 4)
    unchosen = render.panel_message(panel, None)
    rows = unchosen.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert select["disabled"]
    labels = [c.get("label") for row in rows for c in row["components"]]
    assert "1 pile face up" in labels and "2 piles face up" in labels
    chosen = render.panel_message(panel, None, piles=2)
    rows = chosen.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert not select.get("disabled")
    assert [o["value"] for o in select["options"]] == [
        str(NameTrump(trump, 2)) for trump in list(Trump)[:9]]


def test_the_turn_pings_only_the_player_to_act() -> None:
    game = Game.new("ping")
    snapshot = TableSnapshot(TABLE, observe(game, None), 0)
    reply = render.table_message(snapshot)
    to_act = game.to_act
    assert to_act is not None
    player = TABLE.player(to_act)
    assert player is not None and player.mention in (reply.content or "")
    allowed = reply.allowed_mentions.to_dict()
    assert allowed["users"] == [player.user_id] and allowed["parse"] == []


def test_labels_write_tiles_high_end_first() -> None:
    assert render.action_label(None, Play(Domino.parse("4-6"))) == "[6|4]"
    assert render.action_label(None, Bid(marks=2)) == "Bid 2 marks"
    assert render.action_label(None, Bid(points=31)) == "Bid 31"
    assert render.action_label(None, NameTrump(Trump.NONE)) == "No trump (follow me)"
