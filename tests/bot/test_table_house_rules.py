"""House rules at a table: chosen in the lobby by its creator only, refused privately when the
rules do not allow them together, stored, used at the start and kept on a rematch; shown on
the table message; the panel offers the extra bids and declarations only when legal; 250-point
games on a leaderboard of their own; a computer player always gets a legal move."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from bot.autoplay import Autoplay
from bot.house_rules import InvalidChoice, options_from, parse_preset, rules_text, values_of
from bot.records import Clock, GameKind, Player, Ranking, Status, TableRecord
from bot.service import Panel, Refusal, TableService, TableSnapshot
from bot.storage import Storage
from cogs.messages.panel import panel_message
from cogs.messages.reply import Reply
from cogs.messages.standings import leaderboard_message
from cogs.messages.summary import review_message, summary_text
from cogs.messages.table import table_message
from cogs.messages.words import action_label
from engine import (
    SEATS,
    Action,
    Bid,
    BidKind,
    Game,
    NameTrump,
    Observation,
    Options,
    Pass,
    Phase,
    Trump,
    observe,
    summarize,
)
from engine.options import NelloDoubles
from engine.players.hints import Hint
from engine.players.reasons import Explained
from engine.seats import FOUR_SEATS, seat_title
from tests.bot.test_render import check_limits, texts
from tests.common import ANA, BIA, CAIO, CHANNEL, DAVI, GUILD, SEATED

SPECIALS = Options(nello=True, splash=True, plunge=True, sevens=True, forced_bid=True)


@pytest.fixture
def service(storage: Storage) -> TableService:
    counter = itertools.count()
    return TableService(storage, new_seed=lambda: f"rules-seed-{next(counter)}")


async def lobby(service: TableService, clock: Clock | None = None) -> int:
    table = (await service.open_table(GUILD, CHANNEL, ANA, "en-US", clock=clock)).table
    for user in (BIA, CAIO, DAVI):
        await service.join(table.id, user)
    return table.id


def table_record(options: Options, status: Status = Status.PLAYING) -> TableRecord:
    return TableRecord(id=7, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                       locale="en-US", status=status,
                       seats=tuple(Player.member(100 + s) for s in SEATS), seed="x",
                       options=options)


def description(reply: Reply) -> str:
    assert reply.embed is not None
    return reply.embed.description or ""


def snapshot_of(game: Game, options: Options) -> TableSnapshot:
    return TableSnapshot(table_record(options), observe(game, None), 0, summarize(game))


def declare(options: Options, seed: str, trump: Trump) -> Game:
    """The first to speak bids 1 mark, the others pass, the declarer names ``trump``."""
    game = Game.new(seed, options)
    game = game.apply(game.to_act, Bid(marks=1))  # type: ignore[arg-type]
    while game.hand.phase is Phase.AUCTION:
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    return game.apply(game.to_act, NameTrump(trump, 1))  # type: ignore[arg-type]


# ----- the choices ------------------------------------------------------------------------------

def test_choices_read_into_options_and_back() -> None:
    options = options_from(["nello_own", "nello_dealer", "splash_2", "plunge", "forced_bid"])
    assert options == Options(nello=True, nello_doubles=NelloDoubles.OWN_SUIT,
                              nello_dealer_only=True, splash=True, splash_marks=2, plunge=True,
                              forced_bid=True)
    assert options_from(values_of(options)) == options
    assert parse_preset("points_game,forced_bid") == Options(points_game=True, forced_bid=True)
    assert options_from([]) == Options()


@pytest.mark.parametrize(("values", "reason"), [
    (["points_game", "nello"], "250-point game is played without"),
    (["points_game", "splash_2"], "250-point game is played without"),
    (["nello_low", "nello_own"], "one place for the doubles"),
    (["splash", "splash_2"], "one value for a Splash"),
    (["cheating"], "not one of the house rules"),
])
def test_combinations_the_rules_do_not_allow(values: list[str], reason: str) -> None:
    with pytest.raises(InvalidChoice, match=reason):
        options_from(values)


def test_the_rules_line_says_what_is_in_force() -> None:
    assert rules_text(None, Options()) == "Rules: standard (no house rules)."
    assert rules_text(None, options_from(["nello_low", "splash", "sevens"])) == (
        "House rules: Nello (doubles low), Splash (3 marks), Sevens.")
    assert rules_text("pt-BR", Options(points_game=True)) == (
        "Regras da casa: Partida de 250 pontos.")
    assert rules_text("it", Options(plunge=True)) == "Regole della casa: Plunge."


# ----- the service ------------------------------------------------------------------------------

async def test_only_the_creator_chooses_and_refusals_change_nothing(
        service: TableService, storage: Storage) -> None:
    table_id = await lobby(service)
    with pytest.raises(Refusal, match="Only the table's creator") as caught:
        await service.set_options(table_id, BIA, ["nello"])
    assert "<@1>" in caught.value.text(None)
    with pytest.raises(Refusal, match="250-point game is played without"):
        await service.set_options(table_id, ANA, ["points_game", "sevens"])
    assert (await service.snapshot(table_id)).table.options == Options()
    chosen = await service.set_options(table_id, ANA, ["nello", "splash", "forced_bid"])
    assert chosen.table.options == Options(nello=True, splash=True, forced_bid=True)
    stored = await storage.table(table_id)
    assert stored is not None and stored.options == chosen.table.options


async def test_start_plays_the_chosen_rules_and_a_rematch_keeps_them(
        service: TableService, storage: Storage) -> None:
    """The house rules, and the move clock the table was opened with (R-NO-CLOCK)."""
    table_id = await lobby(service, Clock.RELAXED)
    await service.set_options(table_id, ANA, ["points_game"])
    started = await service.start(table_id, BIA)
    assert started.observation is not None
    assert started.observation.options == Options(points_game=True)
    with pytest.raises(Refusal, match="house rules can't change"):
        await service.set_options(table_id, ANA, [])
    # A 250-point game to its end: the first to speak bids 30, then first legal actions.
    snapshot = started
    while snapshot.table.status is Status.PLAYING:
        assert snapshot.observation is not None and snapshot.observation.to_act is not None
        panel = await service.panel(table_id, SEATED[snapshot.observation.to_act])
        observation = panel.observation
        action = observation.legal[0]
        if observation.phase is Phase.AUCTION and observation.high_bid is None:
            action = Bid(points=30)
        accepted = await service.act(table_id, SEATED[panel.seat], observation.hand_number,
                                     panel.count, str(action))
        snapshot = accepted.snapshot
    observation = snapshot.observation
    assert observation is not None and observation.winner is not None
    assert max(observation.score) >= 250
    assert await service.leaderboard(GUILD) == []  # the marks board stays apart
    board = await service.leaderboard(GUILD, game=GameKind.POINTS)
    assert {s.user_id for s in board} == set(SEATED.values())
    for standing in board:
        seat = next(s for s, u in SEATED.items() if u == standing.user_id)
        assert standing.points_won == observation.score[FOUR_SEATS.side_of[seat]]
        assert standing.games_won == (FOUR_SEATS.side_of[seat] == observation.winner)
    reply = leaderboard_message(board, None, "guild", (), GameKind.POINTS, Ranking.MARKS)
    assert "250-point games" in texts(reply)[0] and "points scored" in texts(reply)[1]
    rated = leaderboard_message(board, None, "guild", (), GameKind.POINTS)  # its own pool
    assert texts(rated)[1].count("(provisional)") == 4
    for user in SEATED.values():
        agreed = await service.rematch(table_id, user)
    rematch = agreed.snapshot
    assert rematch.table.options == Options(points_game=True)
    assert rematch.table.clock is Clock.RELAXED
    assert rematch.observation is not None and rematch.observation.options.points_game
    again = TableService(storage)  # after a restart, from the file
    assert (await again.snapshot(rematch.table.id)).table.options == Options(points_game=True)


async def test_new_with_rules_and_bots_starts_with_them(service: TableService) -> None:
    from bot.service import Fill

    opened = await service.open_table(GUILD, CHANNEL, ANA, None, Fill.OTHERS, SPECIALS)
    started = await service.start(opened.table.id, ANA)
    assert started.observation is not None and started.observation.options == SPECIALS


# ----- the table message and the panel ---------------------------------------------------------

def test_the_lobby_offers_the_rules_select_with_the_rules_in_force() -> None:
    options = Options(nello=True, nello_doubles=NelloDoubles.LOW, splash=True, splash_marks=2)
    reply = table_message(TableSnapshot(table_record(options, Status.LOBBY), None))
    check_limits(reply)
    assert "House rules: Nello (doubles low), Splash (2 marks)." in description(reply)
    assert reply.view is not None
    select = next(c for row in reply.view.to_components() for c in row["components"]
                  if c.get("custom_id") == "42:rules:7")
    assert select["max_values"] == len(select["options"]) == 10 and select["min_values"] == 0
    assert {o["value"] for o in select["options"] if o.get("default")} == {"nello_low",
                                                                            "splash_2"}


@pytest.mark.parametrize("options", [
    Options(), Options(nello=True), Options(nello=True, nello_dealer_only=True),
    Options(splash=True), Options(plunge=True), Options(sevens=True), Options(forced_bid=True),
    Options(points_game=True), SPECIALS,
])
def test_every_table_message_lists_its_rules(options: Options) -> None:
    reply = table_message(snapshot_of(Game.new("line", options), options))
    check_limits(reply)
    text = description(reply)
    assert rules_text(None, options) in text
    if options.points_game:
        assert "Score: North–South 0 · East–West 0 (first to 250)" in text
    else:
        assert "(first to 7)" in text


def test_nello_shows_who_sits_out_and_tricks_of_three() -> None:
    game = declare(SPECIALS, "nello-table", Trump.NELLO)
    observation = observe(game, None)
    out = observation.sitting_out
    assert out is not None
    contract = next(f["value"] for f in table_message(
        snapshot_of(game, SPECIALS)).embed.to_dict()["fields"]  # type: ignore[union-attr]
        if f["name"] == "Contract")
    assert f"{seat_title(out)} <@{100 + out}> sits out this hand" in contract
    panel = Panel(table_record(SPECIALS), out, observe(game, out), 0)
    assert "You sit out this hand" in texts(panel_message(panel, None))[1]
    while game.hand_number == 1 and not game.hand.tricks:
        game = game.apply(game.to_act, game.legal_actions()[0])  # type: ignore[arg-type]
    hand = game.hand if game.hand_number == 1 else game.previous
    assert hand is not None and len(hand.tricks[0].plays) == 3


def test_sevens_lays_every_hand_face_up_in_the_engines_order() -> None:
    game = declare(SPECIALS, "sevens-table", Trump.CLOSEST_TO_SEVEN)
    observation = observe(game, None)
    assert observation.open_hands is not None
    reply = table_message(snapshot_of(game, SPECIALS))
    check_limits(reply)
    fields = {f["name"]: f["value"] for f in reply.embed.to_dict()["fields"]}  # type: ignore
    shown = fields["Hands face up (Sevens)"].splitlines()
    hands = observation.open_hands
    assert shown == [f"{seat_title(seat)}: " + " ".join(t.label for t in hands[seat])
                     for seat in SEATS if hands[seat]]
    no_sevens = declare(SPECIALS, "sevens-table", Trump.FIVES)
    assert "Hands face up (Sevens)" not in str(
        table_message(snapshot_of(no_sevens, SPECIALS)).embed.to_dict())  # type: ignore


def offered(panel: Panel) -> set[str]:
    reply = panel_message(panel, None)
    assert reply.view is not None
    return {o["value"] for row in reply.view.to_components() for c in row["components"]
            for o in c.get("options", [])}


def test_the_panel_offers_special_bids_and_declarations_only_when_legal() -> None:
    seen_splash = seen_without = False
    for n in range(40):
        game = Game.new(f"panel-{n}", SPECIALS)
        seat = game.to_act
        assert seat is not None
        observation = observe(game, seat)
        values = offered(Panel(table_record(SPECIALS), seat, observation, 0))
        legal = {str(a) for a in observation.legal}
        assert values == legal
        special = {v for v in values if v.endswith((":splash", ":plunge"))}
        seen_splash |= bool(special)
        seen_without |= not special
        if seen_splash and seen_without:
            break
    assert seen_splash and seen_without
    label = action_label("pt-BR", Bid(marks=3, kind=BidKind.SPLASH))
    assert label == "Respingo (3 marcas)"
    # The declarer's trump select, once the piles are chosen, offers Nello and Sevens.
    game = Game.new("declare", SPECIALS)
    game = game.apply(game.to_act, Bid(marks=1))  # type: ignore[arg-type]
    while game.hand.phase is Phase.AUCTION:
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    declarer = game.to_act
    assert declarer is not None
    panel = Panel(table_record(SPECIALS), declarer, observe(game, declarer), 0)
    reply = panel_message(panel, "it", piles=1)
    assert {"trump:nello:1", "trump:sevens:1"} <= offered_with(reply)
    plain = Game.new("declare", Options())
    plain = plain.apply(plain.to_act, Bid(marks=1))  # type: ignore[arg-type]
    while plain.hand.phase is Phase.AUCTION:
        plain = plain.apply(plain.to_act, Pass())  # type: ignore[arg-type]
    assert plain.to_act is not None
    panel = Panel(table_record(Options()), plain.to_act, observe(plain, plain.to_act), 0)
    assert not {"trump:nello:1", "trump:sevens:1"} & offered_with(
        panel_message(panel, None, piles=1))


def offered_with(reply: Reply) -> set[str]:
    assert reply.view is not None
    return {o["value"] for row in reply.view.to_components() for c in row["components"]
            for o in c.get("options", [])}


def test_splash_partner_names_trump_and_the_summaries_say_how_it_went() -> None:
    options = Options(splash=True, nello=True)
    for n in range(200):
        game = Game.new(f"splash-{n}", options)
        splash = [a for a in game.legal_actions()
                  if isinstance(a, Bid) and a.kind is BidKind.SPLASH]
        if splash:
            break
    else:
        pytest.fail("no deal lets the first seat bid Splash")
    declarer = game.to_act
    assert declarer is not None
    game = game.apply(declarer, splash[0])
    while game.hand.phase is Phase.AUCTION:
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    assert game.to_act is FOUR_SEATS.partner(declarer)
    partner = FOUR_SEATS.partner(declarer)
    panel = Panel(table_record(options), partner, observe(game, partner), 0)
    assert "Your partner bid Splash (3 marks): you name trump and lead." in texts(
        panel_message(panel, None))[1]
    trump = next(a for a in game.legal_actions() if isinstance(a, NameTrump)
                 and a.trump is Trump.SIXES)
    game = game.apply(FOUR_SEATS.partner(declarer), trump)
    game = finish_hand(game)
    summary = summarize(game)
    assert summary is not None
    review = texts(review_message(summary, table_record(options), None))
    assert f"Trump: {seat_title(FOUR_SEATS.partner(declarer))} named sixes." in review[1]
    assert "bid Splash (3 marks)" in review[1]


def finish_hand(game: Game) -> Game:
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        game = game.apply(game.to_act, game.legal_actions()[0])  # type: ignore[arg-type]
    return game


def test_nello_and_points_summaries() -> None:
    game = finish_hand(declare(SPECIALS, "nello-summary", Trump.NELLO))
    summary = summarize(game)
    assert summary is not None and summary.trump is Trump.NELLO
    line = summary_text(None, summary, table_record(SPECIALS))
    assert "played Nello and took" in line
    assert ("took no trick" in line) == summary.result.made
    points = Options(points_game=True)
    game = Game.new("points-summary", points)
    game = game.apply(game.to_act, Bid(points=30))  # type: ignore[arg-type]
    while game.hand.phase is Phase.AUCTION:
        game = game.apply(game.to_act, Pass())  # type: ignore[arg-type]
    game = finish_hand(game)
    summary = summarize(game)
    assert summary is not None and summary.result.score is not None
    assert len(game.previous.tricks) == 7  # type: ignore[union-attr]
    line = summary_text("it", summary, table_record(points))
    assert f"Nord–Sud {summary.result.score[0]}, Est–Ovest {summary.result.score[1]}." in line
    message = table_message(snapshot_of(game, points))
    check_limits(message)
    assert f"Score: North–South {game.score[0]} · East–West {game.score[1]}" in description(
        message)


# ----- computer players ------------------------------------------------------------------------

class Broken:
    async def decide(self, observation: Observation, seed: str) -> str:
        raise RuntimeError("the worker is gone")

    async def hint(self, observation: Observation) -> Hint:
        raise RuntimeError("the worker is gone")

    async def explain(self, observation: Observation, seed: str,
                      hands: tuple[int, ...] | None) -> Explained:
        raise RuntimeError("the worker is gone")

    async def close(self) -> None:
        pass


def failing_policy(observation: Observation, rng: random.Random) -> Action:
    raise RuntimeError("no idea under these rules")


def illegal_policy(observation: Observation, rng: random.Random) -> Action:
    return Bid(marks=4, kind=BidKind.PLUNGE)


@pytest.mark.parametrize("fallback", [failing_policy, illegal_policy])
async def test_a_computer_player_always_gets_a_legal_move(
        storage: Storage, fallback: Any, tmp_path: Path) -> None:
    """Even when the thinking and the fallback policy both fail, the seat plays its first
    legal action, under every house rule."""
    from bot.service import Fill

    service = TableService(storage, new_seed=lambda: "fallback-seed")
    autoplay = Autoplay(service, Broken(), pause=0.0, fallback=fallback)
    try:
        opened = await service.open_table(GUILD, CHANNEL, ANA, None, Fill.ALL, SPECIALS)
        await service.start(opened.table.id, ANA)
        await autoplay.idle()
        snapshot = await service.snapshot(opened.table.id)
        assert snapshot.table.status is Status.FINISHED
    finally:
        await autoplay.close()
