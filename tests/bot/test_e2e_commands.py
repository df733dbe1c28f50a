"""Bids, trumps and plays typed as slash commands, through the double: autocomplete offers
exactly the member's own legal calls, a command goes through the same path as the button (same
refusals, same commit, same table), and its answer is the member's panel, privately."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from engine import Bid, Domino, Game, NameTrump, Phase, Play, Seat, observe
from engine.seats import FOUR_SEATS
from tests.bot.conftest import LiveBot
from tests.bot.e2e import NAMES, PanelControls, Table, is_panel, stored, table_state
from tests.bot.test_e2e_refusals import Unchanged, refused
from tests.databases import on_both_backends
from tools.discord_double import DiscordDouble, SimulatedMember
from tools.discord_double.driver import InteractionResult

SEED = "typed-calls"


def second_table(double: DiscordDouble, live_bot: LiveBot) -> Table:
    """A table in another channel with four other members."""
    table = Table(double, live_bot.db, channel="table-1", idle=live_bot.idle)
    table.seats = {seat: double.member(f"{name}-too") for seat, name in NAMES.items()}
    table.by_id = {m.id: m for m in table.seats.values()}
    return table


def offered(choices: list[dict[str, Any]]) -> set[str]:
    return {str(c["value"]) for c in choices}


def legal_texts(game: Game, kind: type) -> set[str]:
    return {str(a) for a in game.legal_actions() if isinstance(a, kind)}


async def command_turn(table: Table, member: SimulatedMember, game: Game,
                       bids: set[int]) -> InteractionResult:
    """The member to act calls by command what the autocomplete offers them: the hand's first
    caller bids 30 (typed by hand), the others pass; the first trump; the first tile."""
    seat = table.seat_of(member)
    where = table.channel
    phase = game.hand.phase
    if phase is Phase.AUCTION:
        choices = await member.autocomplete("42 bid", "amount", "", where=where)
        assert offered(choices) == legal_texts(game, Bid)
        if game.hand_number not in bids:
            bids.add(game.hand_number)
            return await member.slash("42 bid", where=where, amount="30")
        return await member.slash("42 pass", where=where)
    if phase is Phase.TRUMP:
        choices = await member.autocomplete("42 trump", "choice", "", where=where)
        codes = {a.trump.code for a in game.legal_actions() if isinstance(a, NameTrump)}
        assert offered(choices) == codes
        return await member.slash("42 trump", where=where, choice=choices[0]["value"])
    choices = await member.autocomplete("42 play", "tile", "", where=where)
    assert offered(choices) == legal_texts(game, Play)
    own = {str(Play(tile)) for tile in game.hand.hand_of(seat)}
    assert offered(choices) <= own, "only the member's own tiles are offered"
    return await member.slash("42 play", where=where, tile=choices[0]["value"])


@on_both_backends
async def test_a_hand_by_commands_ends_as_the_same_hand_by_buttons(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    live_bot.seeds[:] = [SEED, SEED]
    typed = Table(double, live_bot.db, idle=live_bot.idle)
    await typed.open()
    await typed.start()
    assert typed.audit is not None
    bids: set[int] = set()
    played: list[str] = []
    for _ in range(40):
        game = table_state(live_bot.db, typed.table_id)
        if game.hand_number > 1:
            break
        seat = game.to_act
        assert seat is not None
        member = typed.seats[seat]
        count = len(played)
        result = await command_turn(typed, member, game, bids)
        assert not result.failed and not result.errors, result
        assert result.message is not None and result.message.ephemeral and is_panel(
            result.message), "the answer is the member's own panel, privately"
        await typed.quiet()
        typed.audit.check()
        texts = [str(a) for s, a in _actions(live_bot, typed.table_id)]
        assert len(texts) == count + 1
        played.append(texts[-1])

    # The same calls by the panels' buttons and selects, at a table dealt the same way.
    clicked = second_table(double, live_bot)
    await clicked.open()
    await clicked.start()
    for text in played:
        found = await clicked.turn()
        assert found is not None
        member, panel = found
        result = await press(member, panel, text)
        assert not result.failed and not result.errors, result
        clicked.touched(member, result)
        await clicked.quiet()
    by_commands = table_state(live_bot.db, typed.table_id)
    by_buttons = table_state(live_bot.db, clicked.table_id)
    assert [str(a) for _, a in _actions(live_bot, clicked.table_id)] == played
    assert observe(by_buttons, None) == observe(by_commands, None)
    assert by_commands.previous is not None and by_commands.previous.result is not None
    assert not double.failed_interactions and not double.late_answers


async def press(member: SimulatedMember, panel: Any, text: str) -> InteractionResult:
    """The panel's control for the action ``text``: a tile or Pass button, a bid or trump in
    its select (after the piles button on a marks contract)."""
    controls = PanelControls.of(panel)
    button = next((c for c in controls.tiles if c["custom_id"].endswith(f":{text}")), None)
    if button is None and controls.pass_button is not None and text == "pass":
        button = controls.pass_button
    if button is not None:
        return await member.click(panel, button["custom_id"])
    assert controls.select is not None
    return await member.select(panel, values=[text])


def _actions(live_bot: LiveBot, table_id: int) -> list[tuple[Seat, Any]]:
    from engine import parse_action

    return [(seat, parse_action(text)) for seat, text in stored(live_bot.db, table_id)[1]]


async def test_typed_calls_that_are_not_allowed_change_nothing(
        discord_double: DiscordDouble, live_bot: LiveBot,
        caplog: pytest.LogCaptureFixture) -> None:
    double = discord_double
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    ana = table.north
    async with Unchanged(table):  # a table that is not playing yet
        refused(await ana.slash("42 bid", amount="30"), "has not started")
        hint = await ana.autocomplete("42 play", "tile", "")
        assert [c["value"] for c in hint] == ["-"] and "not started" in hint[0]["name"]
    refused(await ana.slash("42 pass", where="table-2"), "no table in this channel")
    dm_play = [{"type": 1, "name": "play", "options": [{"type": 3, "name": "tile",
                                                         "value": "6-6"}]}]
    refused(await ana.raw_command("42", dm_play, where="dm"), "server channels")
    await table.start()
    game = table_state(table.db, table.table_id)
    to_act = game.to_act
    assert to_act is not None
    member = table.seats[to_act]
    waiting = table.seats[FOUR_SEATS.next_of[to_act]]
    other_tile = game.hand.hand_of(FOUR_SEATS.next_of[to_act])[0]
    caplog.set_level(logging.DEBUG, logger="bot")
    async with Unchanged(table):
        refused(await waiting.slash("42 pass"), "turn")
        refused(await waiting.slash("42 bid", amount="31"), "turn")
        hint = await waiting.autocomplete("42 bid", "amount", "")
        assert [c["value"] for c in hint] == ["-"] and "turn" in hint[0]["name"]
        refused(await member.slash("42 bid", amount="29"), "Bid more than", "not allowed")
        refused(await member.slash("42 bid", amount="lots"), "not a bid")
        refused(await member.slash("42 bid", amount="-"), "nothing to choose")
        refused(await member.slash("42 play", tile="9-9"), "not a tile")
        refused(await member.slash("42 trump", choice="sixes"), "can't be done at this point")
        text = refused(await member.slash("42 play", tile=other_tile.label),
                       "can't be done at this point", "not in your hand")
        assert other_tile.label not in text
    for record in caplog.records:
        assert str(other_tile) not in record.getMessage()
        assert other_tile.label not in record.getMessage()
    # To play: a tile of someone else's hand, and one that does not follow, are refused.
    bids: set[int] = set()
    for _ in range(8):
        game = table_state(table.db, table.table_id)
        if game.hand.phase is Phase.PLAY:
            break
        seat = game.to_act
        assert seat is not None
        result = await command_turn(table, table.seats[seat], game, bids)
        assert not result.failed, result
        await table.quiet()
    assert game.hand.phase is Phase.PLAY
    seat = game.to_act
    assert seat is not None
    member = table.seats[seat]
    foreign = next(t for t in game.hand.hand_of(FOUR_SEATS.next_of[seat]))
    async with Unchanged(table):
        text = refused(await member.slash("42 play", tile=foreign.label), "not in your hand")
        assert foreign.label not in text and str(foreign) not in text
    for _ in range(28):  # on through the hand until someone holds a tile that can't follow
        game = table_state(table.db, table.table_id)
        seat = game.to_act
        assert seat is not None and game.hand.phase is Phase.PLAY
        illegal = [t for t in game.hand.hand_of(seat) if Play(t) not in game.legal_actions()]
        if illegal:
            break
        assert not (await command_turn(table, table.seats[seat], game, bids)).failed
        await table.quiet()
    assert illegal
    async with Unchanged(table):
        refused(await table.seats[seat].slash("42 play", tile=_typed(illegal[0])),
                "You must follow")
    assert not double.failed_interactions and not double.late_answers


def _typed(tile: Domino) -> str:
    """A tile as a member types it, high end first with a dash: ``6-4``."""
    return tile.label.strip("[]").replace("|", "-")
