"""Rendering: the table message is drawn from the spectator's observation and never shows a
tile still held, nor who played a captured tile; a panel shows its owner's tiles only; every
message fits Discord's limits."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import led_name, name, reader
from bot.rating import PROVISIONAL_GAMES, Rating
from bot.records import (
    ComputerStanding,
    Level,
    Player,
    Ranking,
    Standing,
    Status,
    StrongPlayer,
    TableRecord,
)
from bot.service import Panel, TableSnapshot
from cogs.messages.away import away_menu
from cogs.messages.panel import panel_message
from cogs.messages.reply import Reply
from cogs.messages.standings import leaderboard_message
from cogs.messages.table import table_message
from cogs.messages.words import action_label, event_text
from cogs.pictured import table_picture
from cogs.pictures import table_alt
from engine import (
    SEATS,
    Bid,
    Domino,
    Game,
    NameTrump,
    Options,
    Pass,
    Phase,
    Play,
    Trump,
    observe,
    summarize,
)
from engine.seats import FOUR_SEATS
from engine.variants import variant_named
from tests.bot.e2e import linked_tiles, tiles_in
from tests.common import EAST, SOUTH, WEST

TABLE = TableRecord(id=12345, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                    locale="en-US", status=Status.PLAYING,
                    seats=tuple(Player.member(100 + s) for s in SEATS), seed="x")


def texts(reply: Reply) -> list[str]:
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


def check_limits(reply: Reply) -> None:
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


def check_game(game: Game) -> None:
    hand = game.hand
    played = {t for trick in hand.tricks for t in trick.tiles} | {t for _, t in hand.trick}
    lying = 1 if hand.tricks and not hand.trick else 0  # R-SEE-TABLE: not yet gathered
    captured = {t for trick in hand.tricks[:len(hand.tricks) - lying] for t in trick.tiles}
    if game.previous is not None and game.previous is not hand:
        played |= {t for trick in game.previous.tricks for t in trick.tiles}
    snapshot = TableSnapshot(TABLE, observe(game, None), 7, summarize(game), game.results)
    reply = table_message(snapshot)
    check_limits(reply)
    for text in texts(reply):
        assert tiles_in(text) <= played, text
        assert not linked_tiles(text) & captured, text
    for seat in SEATS:
        panel = panel_message(Panel(TABLE, seat, observe(game, seat), 7), "en-US",
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
    check_game(game)
    for _ in range(90):
        if game.winner is not None:
            break
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        game = game.apply(seat, action)
        check_game(game)


def test_the_panel_offers_only_legal_choices() -> None:
    game = Game.new("panel")
    seat = game.to_act
    assert seat is not None
    reply = panel_message(Panel(TABLE, seat, observe(game, seat), 0), None)
    rows = reply.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert [o["value"] for o in select["options"]] == [str(a) for a in game.legal_actions()]
    tiles = [c for row in rows for c in row["components"] if ":play:" in c.get("custom_id", "")]
    assert [c["label"] for c in tiles] == [t.label for t in game.hand.hand_of(seat)]  # R-ORDER
    assert all(c["disabled"] for c in tiles)  # no tile in the auction
    other = FOUR_SEATS.next_of[seat]
    waiting = panel_message(Panel(TABLE, other, observe(game, other), 0), None)
    assert waiting.embed is not None and "turn" in str(waiting.embed.description)
    assert not any(c["type"] == 3 for row in waiting.view.to_components()  # type: ignore[union-attr]
                   for c in row["components"])


def test_the_panel_says_what_was_led_and_the_selects_what_a_choice_means() -> None:
    """R-LED-SUIT as the engine states it, on the panel of whoever must follow; one line under
    each bid and trump saying what choosing it commits to."""
    game = Game.new("panel")
    opener = game.to_act
    assert opener is not None
    reply = panel_message(Panel(TABLE, opener, observe(game, opener), 0), None)
    options = next(c for row in reply.view.to_components()  # type: ignore[union-attr]
                   for c in row["components"] if c["type"] == 3)["options"]
    thirty = next(o for o in options if o["value"] == "bid:30")
    assert "at least 30 of the 42 points" in thirty["description"]
    game = game.apply(opener, Bid(points=30))
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    declarer = game.to_act
    assert declarer is not None
    panel = panel_message(Panel(TABLE, declarer, observe(game, declarer), 4), None)
    trumps = next(c for row in panel.view.to_components()  # type: ignore[union-attr]
                  for c in row["components"] if c["type"] == 3)["options"]
    assert all(option.get("description") for option in trumps)
    game = game.apply(declarer, NameTrump(Trump.SIXES))
    lead = next(a for a in game.legal_actions() if isinstance(a, Play))
    game = game.apply(declarer, lead)
    follower = game.to_act
    assert follower is not None
    seen = observe(game, follower)
    text = panel_message(Panel(TABLE, follower, seen, 6), None).embed.description  # type: ignore[union-attr]
    assert seen.led is not None and f"{led_name(None, seen.led)} led" in str(text)


def test_a_marks_contract_asks_for_piles_first() -> None:
    game = Game.new("piles")
    first = game.to_act
    assert first is not None
    game = game.apply(first, Bid(marks=1))
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    assert game.hand.phase is Phase.TRUMP and game.to_act == first
    panel = Panel(TABLE, first, observe(game, first), 4)
    unchosen = panel_message(panel, None)
    rows = unchosen.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert select["disabled"]
    labels = [c.get("label") for row in rows for c in row["components"]]
    assert "1 pile face up" in labels and "2 piles face up" in labels
    chosen = panel_message(panel, None, piles=2)
    rows = chosen.view.to_components()  # type: ignore[union-attr]
    select = next(c for row in rows for c in row["components"] if c["type"] == 3)
    assert not select.get("disabled")
    assert [o["value"] for o in select["options"]] == [
        str(NameTrump(trump, 2)) for trump in list(Trump)[:9]]


def test_the_table_names_the_player_to_act_and_notifies_nobody() -> None:
    """The turn ping notifies, once; the table message, posted again, must not add another."""
    game = Game.new("ping")
    snapshot = TableSnapshot(TABLE, observe(game, None), 0)
    reply = table_message(snapshot)
    to_act = game.to_act
    assert to_act is not None
    player = TABLE.player(to_act)
    assert player is not None and player.mention in (reply.content or "")
    allowed = reply.allowed_mentions.to_dict()
    assert not allowed.get("users") and allowed["parse"] == []


def test_labels_write_tiles_high_end_first() -> None:
    assert action_label(None, Play(Domino.parse("4-6"))) == "[6|4]"
    assert action_label(None, Bid(marks=2)) == "Bid 2 marks"
    assert action_label(None, Bid(points=31)) == "Bid 31"
    assert action_label(None, NameTrump(Trump.NONE)) == "No trump (follow me)"


MIXED = TableRecord(id=777, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                    locale="en-US", status=Status.PLAYING,
                    seats=(Player.member(100), Player.computer(), Player.member(102),
                           Player.member(103)),
                    seed="x", stand_ins=frozenset({SOUTH}),
                    away_votes=((WEST, 100),))


def custom_ids(reply: Reply) -> list[str]:
    rows = reply.view.to_components() if reply.view is not None else []
    return [c.get("custom_id", "") for row in rows for c in row["components"]]


def test_computer_players_and_away_members_at_the_table() -> None:
    rng = random.Random(3)
    game = Game.new("mixed")
    seen_bot_turn = seen_stand_in_turn = False
    while game.winner is None and not (seen_bot_turn and seen_stand_in_turn):
        snapshot = TableSnapshot(MIXED, observe(game, None), 0)
        reply = table_message(snapshot)
        check_limits(reply)
        description = reply.embed.description if reply.embed is not None else ""
        assert "East 🤖 Bo (strong)" in str(description)
        assert "South <@102> (away; 🤖 a bot plays)" in str(description)
        away = next(f.value for f in reply.embed.fields if f.name == "Away")  # type: ignore[union-attr]
        assert "<@102> is away" in str(away)
        assert "Let a bot play West <@103>? Agreed: <@100>. Still needed: <@102>." in str(away)
        ids = custom_ids(reply)
        assert "42:back:777:2" in ids  # South's I'm back
        assert "42:awaymenu:777" in ids and "42:away:777:3" in ids  # Agree, for West
        menu = custom_ids(away_menu(MIXED, None, 100))  # North's private choice
        assert menu == ["42:away:777:3"]  # West; not East (a bot), not South (already)
        allowed = reply.allowed_mentions.to_dict()
        if game.to_act is EAST:
            seen_bot_turn = True
            assert (reply.content or "").startswith("→ 🤖 Bo to") and not allowed.get("users")
        elif game.to_act is SOUTH:
            seen_stand_in_turn = True
            assert "A bot" in (reply.content or "") and not allowed.get("users")
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, rng.choice(game.legal_actions()))
    assert seen_bot_turn and seen_stand_in_turn


def test_an_away_members_panel_offers_only_i_am_back() -> None:
    game = Game.new("away")
    while game.to_act is not SOUTH:
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    panel = panel_message(Panel(MIXED, SOUTH, observe(game, SOUTH), 0), None)
    assert "You are away" in str(panel.embed.description)  # type: ignore[union-attr]
    rows = panel.view.to_components()  # type: ignore[union-attr]
    enabled = [c for row in rows for c in row["components"] if not c.get("disabled")]
    assert [c["custom_id"] for c in enabled] == ["42:refresh:777", "42:back:777:2"]
    partner = panel_message(Panel(MIXED, WEST, observe(game, WEST), 0), None)
    assert "Partner: East 🤖 Bo" in str(partner.embed.description)  # type: ignore[union-attr]


def test_the_lobby_offers_add_and_remove_bot() -> None:
    lobby = TableRecord(id=5, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                        locale=None, status=Status.LOBBY,
                        seats=(Player.member(100), Player.computer(), None, None))
    reply = table_message(TableSnapshot(lobby, None))
    check_limits(reply)
    ids = custom_ids(reply)
    assert [i for i in ids if i.startswith("42:bot:")] == ["42:bot:5:2", "42:bot:5:3"]
    assert [i for i in ids if i.startswith("42:unbot:")] == ["42:unbot:5:1"]
    labels = texts(reply)
    assert "Add bot South" in labels and "Remove bot East" in labels


def test_the_table_names_a_strong_player_other_than_the_strongest() -> None:
    """Strong tables seat the player the bot's admin chose: "strong" alone only when it is the
    strongest; else the settings line and the lobby's level button name it, in the reader's
    language, within the button's room; a casual table is casual whatever the strong player."""
    lobby = TableRecord(id=5, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                        locale=None, status=Status.LOBBY,
                        seats=(Player.member(100), None, None, None))

    def shown(strong: StrongPlayer, table: TableRecord = lobby) -> tuple[str, str]:
        reply = table_message(TableSnapshot(table, None), strong=strong)
        check_limits(reply)
        button = next(label for label in texts(reply) if label.startswith("Bots: "))
        setting = next(line for line in str(reply.embed.description).splitlines()  # type: ignore[union-attr]
                       if line.startswith("🤖 Bots: "))
        return setting, button

    assert shown(StrongPlayer()) == ("🤖 Bots: strong · 💡 Hints: on", "Bots: strong")
    rules = StrongPlayer("engine.players.rules:decide")
    assert shown(rules) == ("🤖 Bots: strong (rules of thumb) · 💡 Hints: on",
                            "Bots: strong (rules of thumb)")
    italian = table_message(TableSnapshot(dataclasses.replace(lobby, locale="it"), None),
                            strong=rules)
    assert any(label.endswith(": forti (regole pratiche)") for label in texts(italian))
    assert shown(StrongPlayer("engine.players.random_legal:decide"))[1] == (
        "Bots: strong (random legal moves)")
    assert shown(StrongPlayer("my.own.players:decide"))[1] == "Bots: strong (my.own.players:decide)"
    assert shown(StrongPlayer("my.own.players:decide", "Deep Domino"))[1] == (
        "Bots: strong (Deep Domino)")
    long = shown(StrongPlayer("a.very.long.package.name.of.someones.own:decide_quickly"))[1]
    assert long.endswith("…)") and len(long) <= len("Bots: strong ()") + 40
    casual = dataclasses.replace(lobby, level=Level.CASUAL)
    assert shown(rules, casual) == ("🤖 Bots: casual · 💡 Hints: on", "Bots: casual")


def test_the_leaderboard_counts_computer_players_apart() -> None:
    board = leaderboard_message(
        [Standing(100, 7, 1, 1, 2, 1, hints_used=2), Standing(101, 0, 1, 0, 0, 0)], None, "guild",
        [ComputerStanding(Level.STRONG, seats_played=3, seats_won=1, marks_won=15,
                          contracts_bid=2, contracts_made=1),
         ComputerStanding(Level.CASUAL, seats_played=4, seats_won=0, marks_won=6,
                          contracts_bid=1, contracts_made=0)], by=Ranking.MARKS)
    assert board.embed is not None
    lines = str(board.embed.description).splitlines()
    assert lines[0] == ("**1.** <@100> — marks won: 7 · games played: 1 · won: 1 · contracts"
                        " bid: 2 · made: 1")  # hints stay in the member's own /42 stats
    assert lines[2] == ("🤖 **Computer players (strong)** — marks won: 15 · seats played: 3 ·"
                        " won: 1 · contracts bid: 2 · made: 1")
    assert lines[3] == ("🤖 **Computer players (casual)** — marks won: 6 · seats played: 4 ·"
                        " won: 0 · contracts bid: 1 · made: 0")
    assert "one game per seat" in str(board.embed.footer.text)
    only_bots = leaderboard_message([], None, "guild",
                                    [ComputerStanding(Level.STRONG, 4, 2, 14, 3, 2)])
    assert "Computer players" in str(only_bots.embed.description)  # type: ignore[union-attr]



def test_the_leaderboard_ranks_by_rating_without_hints() -> None:
    settled = Rating(30.0, 4.0, PROVISIONAL_GAMES)
    board = leaderboard_message(
        [Standing(100, 20, 8, 6, 2, 1, hints_used=3, rating=settled),
         Standing(101, 7, 3, 1, 0, 0, rating=Rating(26.0, 7.0, 3)),
         Standing(102, 9, 2, 2, 0, 0)], None, "guild",
        [ComputerStanding(Level.STRONG, 3, 1, 15, 2, 1)])
    assert board.embed is not None
    lines = str(board.embed.description).splitlines()
    assert lines[:3] == [
        f"**1.** <@100> — rating: {settled.shown} · games played: 8 · won: 75%",
        "**2.** <@101> — rating: 1600 (provisional) · games played: 3 · won: 33%",
        "**3.** <@102> — not rated yet · games played: 2 · won: 100%"]
    assert lines[3].startswith("🤖 **Computer players (strong)**")
    assert "hint" not in str(board.embed.description)
    footer = str(board.embed.footer.text)
    assert "provisional until 5 such games" in footer and "one game per seat" in footer
    italian = leaderboard_message([Standing(101, 7, 3, 1, 0, 0, rating=Rating(26.0, 7.0, 3))],
                                  "it", "guild")
    assert "1600" in str(italian.embed.description)  # type: ignore[union-attr]
@pytest.mark.parametrize("name", ["42", "moon", "140", "84"])
def test_every_row_fits_whoever_is_away(name: str) -> None:
    """However many members are away or asked about, at every seat count, the table's rows keep
    to Discord's five buttons: the away members' own I'm back and an Agree for each request
    while they fit beside Someone's away…, one I'm back for them all past that, and as many
    Agree as fit (the menu offers every seat)."""
    variant = variant_named(name)
    seats = variant.seating.seats
    game = Game.new("rows", variant=variant)
    for away in range(len(seats)):
        for asked in range(max(len(seats) - away - 1, 0) + 1):
            voter = 100 + seats[-1]  # the last seat, never away, asks for the others
            table = TableRecord(
                id=9, guild_id=1, channel_id=2, message_id=3, creator_id=100, locale=None,
                status=Status.PLAYING, seats=tuple(Player.member(100 + s) for s in seats),
                seed="rows", stand_ins=frozenset(seats[:away]), variant=variant,
                away_votes=tuple((seat, voter) for seat in seats[away:away + asked]))
            reply = table_message(TableSnapshot(table, observe(game, None), 0))
            check_limits(reply)
            ids = custom_ids(reply)
            backs = [i for i in ids if i.startswith("42:back:")]
            agrees = [i for i in ids if i.startswith("42:away:")]
            menu = away < len(seats)
            if away + asked + menu <= 5:
                assert len(backs) == away and "42:return:9" not in ids
                assert len(agrees) == asked
            else:
                assert not backs and ("42:return:9" in ids) == (away > 0)
                assert len(agrees) == min(asked, 5 - (away > 0) - menu)
            assert ("42:awaymenu:9" in ids) == menu


def test_a_low_lead_is_told_with_the_suit_it_calls() -> None:
    """V-BIG-LEAD-LOW: the table says a low lead calls the tile's lower end, in each language."""
    game = Game.new("low lead", variant=variant_named("big"))
    rng = random.Random(5)
    while True:
        seat = game.to_act
        assert seat is not None and game.hand_number < 20, "no low lead in 20 hands"
        legal = game.legal_actions()
        low = [a for a in legal if isinstance(a, Play) and a.low]
        game = game.apply(seat, low[0] if low else rng.choice(legal))
        if low:
            break
    event = observe(game, None).last_action
    assert event is not None and isinstance(event.action, Play)
    tile, seating = event.action.tile, game.variant.seating
    said = {locale: event_text(reader(locale, seating), event) for locale in (None, "pt-BR", "it")}
    assert said[None] == f"{name(reader(None, seating), seat)} led {tile.label} as" \
                         f" {led_name(None, tile.low)}.", said
    assert f" como {led_name('pt-BR', tile.low)}." in said["pt-BR"], said
    assert f" come {led_name('it', tile.low)}." in said["it"], said


def trick_field(game: Game, locale: str | None = "en-US") -> str:
    """The value of the table message's field of the trick in progress."""
    table = dataclasses.replace(TABLE, locale=locale)
    reply = table_message(TableSnapshot(table, observe(game, None), 7))
    assert reply.embed is not None
    number = observe(game, None).trick_number
    return next(str(f.value) for f in reply.embed.fields if f.name == f"Trick {number}"
                or f.name.endswith(f" {number}"))


def test_the_table_says_who_led_what_and_which_tile_is_winning() -> None:
    """R-LED-SUIT and R-WIN as the observation says them, under the trick's plays, in each
    language; nothing of the kind before the lead."""
    rng = random.Random(3)
    game = Game.new("winning")
    checked = 0
    while checked < 12:
        seat = game.to_act
        assert seat is not None and game.winner is None
        game = game.apply(seat, rng.choice(game.legal_actions()))
        seen = observe(game, None)
        if seen.phase is not Phase.PLAY:
            continue
        if seen.winning is None:
            assert " led " not in trick_field(game)
            continue
        assert seen.led is not None
        voice = reader(None, FOUR_SEATS)
        leader, winning = seen.trick[0][0], seen.winning
        tile = dict(seen.trick)[winning]
        assert trick_field(game).endswith(
            f"\n{name(voice, leader)} led {led_name(None, seen.led)} · "
            f"{name(voice, winning)} is winning with {tile.label}")
        pt = reader("pt-BR", FOUR_SEATS)
        assert f"{name(pt, winning)} está ganhando com {tile.label}" in trick_field(game, "pt-BR")
        assert f"{name(reader('it', FOUR_SEATS), leader)} ha aperto a " in trick_field(game, "it")
        checked += 1


def test_H_SEVENS_the_table_names_the_leader_and_no_suit() -> None:
    game = Game.new("sevens", Options(sevens=True))
    game = game.apply(game.to_act, Bid(marks=1))  # type: ignore[arg-type]
    for _ in range(3):
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    game = game.apply(game.to_act, NameTrump(Trump.CLOSEST_TO_SEVEN, 1))  # type: ignore[arg-type]
    game = game.apply(game.to_act, game.legal_actions()[0])  # type: ignore[arg-type]
    seen = observe(game, None)
    assert seen.led is None and seen.winning is not None
    leader = name(reader(None, FOUR_SEATS), seen.trick[0][0])
    assert trick_field(game).endswith(f"\n{leader} led · {leader} is winning with "
                                      f"{seen.trick[0][1].label}")


PICTURED_FIELDS = {"Last hand", "Hands face up (Sevens)", "Away", "Game over", "Hand by hand",
                   "Rematch", "Closed"}
"""What the embed beside the table's picture may hold: what the picture does not show."""


@pytest.mark.parametrize("name", ["42", "sevens", "moon", "big", "72", "84"])
def test_beside_the_picture_the_embed_does_not_repeat_it(name: str) -> None:
    """The embed beside the picture keeps the seats' mentions and what the picture does not
    show; the picture's alt text names every tile the text alone (for a channel that refuses
    uploads) names and the embed does not."""
    variant = variant_named("42") if name == "sevens" else variant_named(name)
    options = Options(sevens=True) if name == "sevens" else Options()
    table = dataclasses.replace(TABLE, variant=variant, options=options, seats=tuple(
        Player.member(100 + s) for s in variant.seating.seats))
    rng = random.Random(name)
    game = Game.new(f"slim-{name}", options, variant=variant)
    for count in range(400):
        snapshot = TableSnapshot(table, observe(game, None), count, summarize(game), game.results)
        pictured, text = table_message(snapshot, pictured=True), table_message(snapshot)
        assert pictured.embed is not None and text.embed is not None
        assert {f.name for f in pictured.embed.fields} <= PICTURED_FIELDS, pictured.embed.fields
        assert "dealer" not in (pictured.embed.description or "")
        assert "dealer" in (text.embed.description or "")
        if snapshot.result_lying is not None:
            assert "Last hand" not in {f.name for f in pictured.embed.fields}
        alt = table_alt(table_picture(snapshot))
        kept = texts(pictured)
        for said in (said for said in texts(text) if said not in kept):
            assert tiles_in(said) <= tiles_in(alt), (said, alt)
        if game.winner is not None:
            break
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, rng.choice(game.legal_actions()))
    assert game.winner is not None or count > 300
