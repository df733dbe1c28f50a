"""House rules through the double. Four members choose Nello, Splash and the forced bid in the
lobby (only the creator may, and a set the rules refuse is refused privately), then play a
Splash hand, a Nello hand, and an auction where the dealer may not pass; one member plays a hand
of a 250-point game with computer players. Every message each member could see is audited."""

from __future__ import annotations

import re

from bot.records import Status
from engine import BidKind, HandState, NameTrump, Phase, Trump
from engine.seats import FOUR_SEATS, seat_title
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, Table, components, table_state
from tests.bot.test_e2e_computers import Players, latest_table_id, table_message
from tests.common import EAST, NORTH
from tests.databases import on_both_backends
from tools.discord_double import DiscordDouble, Message, SimulatedMember
from tools.discord_double.driver import InteractionResult

SPLASH_SEED = "splash-e2e-0"
"""North, first to speak in hand 1, holds three doubles: Splash is offered."""


def option_labels(panel: Message) -> list[str]:
    select = PanelControls.of(panel).select
    return [o["label"] for o in select["options"]] if select is not None else []


async def choose(member: SimulatedMember, panel: Message, hand: int, bid: str | None,
                 trump: str | None) -> InteractionResult:
    """The member's move: ``bid`` (a select label) when nobody has bid in this hand, else
    pass; piles 1 and then ``trump`` (or the first) as declarer; then the first legal tile."""
    controls = PanelControls.of(panel)
    if controls.select is not None and controls.in_auction:
        labels = option_labels(panel)
        if bid is not None and bid in labels:
            return await member.select(panel, labels=[bid])
        if controls.pass_button is not None:
            return await member.click(panel, controls.pass_button["custom_id"])
        return await member.select(panel, labels=[labels[0]])  # the dealer must bid
    if controls.piles and (controls.select is None or controls.select.get("disabled")):
        return await member.click(panel, label="1 pile face up")
    if controls.select is not None and not controls.select.get("disabled"):
        labels = option_labels(panel)
        return await member.select(panel, labels=[trump if trump in labels else labels[0]])
    return await member.click(panel, controls.tiles[0]["custom_id"])


@on_both_backends
async def test_members_choose_house_rules_and_play_splash_nello_and_a_forced_bid(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    live_bot.seeds.append(SPLASH_SEED)
    eve = double.member("eve")
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    rules_id = f"42:rules:{table.table_id}"
    bia = table.seats[EAST]
    refused = await bia.select(table.table_message(), rules_id, values=["nello"])
    assert refused.ephemeral and "Only the table's creator" in refused.content, refused
    refused = await table.north.select(table.table_message(), rules_id,
                                       values=["points_game", "nello"])
    assert refused.ephemeral and "250-point game is played without" in refused.content
    chosen = await table.north.select(table.table_message(), rules_id,
                                      values=["nello", "splash", "forced_bid"])
    assert not chosen.failed and not chosen.errors, chosen
    expected = ("House rules: Nello (doubles high), Splash (3 marks), Forced bid (the dealer"
                " must bid 30).")
    await double.wait_for(lambda: expected in table.table_message().embeds[0]["description"],
                          5, "the rules line")
    await table.start(others=[eve])
    assert table.audit is not None
    assert expected in table.table_message().embeds[0]["description"]

    plans = {1: ("Splash (3 marks)", None), 2: ("Bid 1 mark", "Nello"), 3: (None, None)}
    saw_splash_offer = saw_sitting_out = dealer_forced = False
    finished: dict[int, HandState] = {}
    while True:
        game = table_state(live_bot.db, table.table_id)
        if game.hand_number == 3 and game.hand.contract is not None:
            break
        found = await table.turn()
        assert found is not None
        member, panel = found
        hand = table.hand_of(panel)
        controls = PanelControls.of(panel)
        in_auction = game.hand.phase is Phase.AUCTION
        if in_auction and hand == 1 and not game.hand.calls:
            saw_splash_offer = "Splash (3 marks)" in option_labels(panel)
        if in_auction and hand == 3 and len(game.hand.calls) == 3:
            # the dealer, after three passes: bids only, no Pass (H-FORCED-BID)
            assert controls.pass_button is None and controls.select is not None, panel
            assert "Pass" not in option_labels(panel)
            dealer_forced = True
        bid, trump = plans[hand]
        result = table.touched(member, await choose(member, panel, hand, bid, trump))
        assert not result.failed and not result.errors, result
        await table.quiet()
        table.audit.check()
        now = table_state(live_bot.db, table.table_id)
        if now.hand_number > game.hand_number and now.previous is not None:
            finished[game.hand_number] = now.previous
        if now.hand.trump is Trump.NELLO:
            out = now.hand.setup.sitting_out
            assert out is not None
            alt = table.alt()
            assert re.search(rf"{table.seats[out].name} \({seat_title(out)}[^)]*\): sits out", alt,
                             re.IGNORECASE), alt
            saw_sitting_out = True
    assert saw_splash_offer and saw_sitting_out and dealer_forced
    splash, nello = finished[1], finished[2]
    assert splash.contract is not None and splash.contract.bid.kind is BidKind.SPLASH
    declarer = splash.contract.declarer
    assert [c.seat for c in splash.actions if isinstance(c.action, NameTrump)] == [
        FOUR_SEATS.partner(declarer)]  # the partner named trump
    assert nello.trump is Trump.NELLO
    assert all(len(trick.plays) == 3 for trick in nello.tricks)
    assert "played Nello" in table.fields()["Last hand"]
    assert table.audit.versions_checked > 50
    assert not double.failed_interactions and not double.late_answers


async def test_a_hand_of_the_250_point_game_with_computer_players(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    ana, eve = double.member("ana"), double.member("eve")
    opened = await ana.slash("42 new", bots="others", rules="points_game,forced_bid")
    assert not opened.failed, opened
    table_id = latest_table_id(live_bot.db)
    await live_bot.idle()
    message = table_message(double)
    text = message.embeds[0]["description"]
    assert "House rules: Forced bid (the dealer must bid 30), 250-point game." in text
    alt = message.attachments[0]["description"]
    assert "North–South: 0 points. East–West: 0 points." in alt, alt
    assert not any(c.get("custom_id", "").startswith("42:rules:") for c in components(message))
    players = Players(double, live_bot, table_id, {NORTH: ana}, [eve])
    await players.open_panels()
    while table_state(live_bot.db, table_id).hand_number == 1:
        assert await players.step() is not None
    await players.quiet()
    game = table_state(live_bot.db, table_id)
    hand = game.previous
    assert hand is not None and hand.result is not None and hand.result.score is not None
    assert len(hand.tricks) == 7  # every point counts: the hand runs to its seventh trick
    assert game.score == hand.result.score
    ns, ew = hand.result.score
    # The result lies on the table until the next hand's first call, and the bots may
    # already play on.
    shown = [a["description"] for version in table_message(double).versions
             for a in version.attachments]
    gave = " · ".join(f"{side} {n:+} points".replace("-", "−") for side, n in
                      (("North–South", ns), ("East–West", ew)) if n)
    assert any(gave in alt for alt in shown), (gave, shown)
    snapshot = await live_bot.bot.service.snapshot(table_id)
    assert snapshot.table.status is Status.PLAYING
    assert not double.failed_interactions and not double.late_answers
