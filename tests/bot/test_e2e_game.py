"""A whole game to 7 marks through the double, played by four members with slash commands and
buttons only, with every message each of them could see audited as it goes."""

from __future__ import annotations

import re

from engine import Game, Seat, parse_action
from engine.seats import FOUR_SEATS, seat_title
from tests.bot.conftest import LiveBot
from tests.bot.e2e import Database, PanelControls, Table, action_count, stored, table_state
from tests.common import EAST, NORTH, SOUTH, WEST
from tests.databases import on_both_backends
from tools.discord_double import DiscordDouble


def contracts(db: Database, table_id: int) -> list[tuple[Seat, bool]]:
    """(declarer, made) of every finished hand with a contract, from the stored actions."""
    seed, rows = stored(db, table_id)
    game, found = Game.new(seed), []
    for seat, text in rows:
        after = game.apply(seat, parse_action(text))
        hand = after.previous
        if hand is not game.previous and hand is not None and hand.contract is not None:
            assert hand.result is not None
            found.append((hand.contract.declarer, hand.result.made))
        game = after
    return found


def plan(hand: int) -> tuple[object, ...]:
    """Hand 1 everybody passes (R-ALLPASS); hand 2 a points contract; then marks contracts,
    alternating one and two face-up piles (R-PILES)."""
    if hand == 1:
        return ("pass",)
    if hand == 2:
        return ("points", 30)
    return ("marks", 2, 1 + hand % 2)


@on_both_backends
async def test_four_members_play_a_whole_game(discord_double: DiscordDouble,
                                              live_bot: LiveBot) -> None:
    double = discord_double
    eve = double.member("eve")  # watches the channel, never sits
    table = Table(double, live_bot.db, idle=live_bot.idle)
    await table.open()
    await table.start(others=[eve])
    first = table_state(live_bot.db, table.table_id)
    first_dealer = first.hand.deal.dealer

    seen_points = seen_marks = False

    def check() -> None:
        nonlocal seen_points, seen_marks
        game = table_state(live_bot.db, table.table_id)
        alt = table.alt()
        contract = game.hand.contract
        if game.winner is None and game.hand.trump is not None and game.hand.tricks:
            sides = [part for part in alt.split(". ")
                     if part.startswith(("North–South: ", "East–West: "))]
            shown = re.findall(r"\[\d\|\d\]", " ".join(sides))
            if contract is not None and contract.is_marks:
                piles = game.hand.piles or 1
                expected = [t for trick in game.hand.tricks[-piles:] for t in trick.tiles]
                seen_marks = seen_marks or len(game.hand.tricks) > piles
            else:
                expected = [t for trick in game.hand.tricks for t in trick.tiles]
                seen_points = True
            assert sorted(shown) == sorted(t.label for t in expected), (alt, expected)

    steps = await table.play(plan, until=lambda: table_state(
        live_bot.db, table.table_id).hand_number > 1, check=check)
    assert steps == 4
    second = table_state(live_bot.db, table.table_id)
    assert second.previous is not None and second.previous.result is not None
    assert second.previous.result.redeal
    assert second.hand.deal.dealer == FOUR_SEATS.next_of[first_dealer]  # R-ALLPASS, R-DEALER
    assert "everybody passed" in table.alt().lower()

    review = await eve.slash("42 review")
    assert review.ephemeral and "Hand 1 — review" in str(review.message.embeds)  # type: ignore[union-attr]

    steps += await table.play(plan, check=check)
    game = table_state(live_bot.db, table.table_id)
    assert game.winner is not None and max(game.marks) >= 7
    assert table.audit is not None and table.audit.versions_checked > 100
    assert seen_points
    assert seen_marks  # a marks hand went past its face-up piles: only they were shown
    fields = table.fields()
    assert "win the game" in fields["Game over"]
    # The marks hand by hand, adding up to the final marks.
    rows = fields["Hand by hand"].splitlines()
    totals = [0, 0]
    for row in rows:
        found = re.search(r"North–South \+(\d+) · East–West \+(\d+)", row)
        if found:
            totals[0] += int(found[1])
            totals[1] += int(found[2])
    assert tuple(totals) == game.marks and len(rows) == game.hand_number
    # At most one edit of the table message per change: three seats taken, the start, and
    # each accepted action.
    edits = len(table.table_message().versions) - 1
    assert edits <= 4 + action_count(live_bot.db, table.table_id)
    assert not double.failed_interactions and not double.late_answers

    # The leaderboard rates the game between members once, in this server: each member has a
    # provisional rating (up for the winners, down for the others)...
    board = await eve.slash("42 leaderboard")
    assert not board.ephemeral
    text = board.message.embeds[0]["description"]  # type: ignore[union-attr]
    for seat, member in table.seats.items():
        line = next(line for line in text.splitlines() if member.mention in line)
        won = game.winner == FOUR_SEATS.side_of[seat]
        rating = int(line.split("rating: ")[1].split(" ")[0])
        assert (rating > 1500) == won and "(provisional) · games played: 1 · won: " in line
        assert line.endswith("100%" if won else "0%")
    # ...and counts its marks, by: marks.
    board = await eve.slash("42 leaderboard", by="marks")
    text = board.message.embeds[0]["description"]  # type: ignore[union-attr]
    for seat, member in table.seats.items():
        line = next(line for line in text.splitlines() if member.mention in line)
        assert f"marks won: {game.marks[FOUR_SEATS.side_of[seat]]}" in line
        won = 1 if game.winner == FOUR_SEATS.side_of[seat] else 0
        assert f"games played: 1 · won: {won}" in line
        bid = [made for declarer, made in contracts(live_bot.db, table.table_id)
               if declarer == seat]
        assert f"contracts bid: {len(bid)} · made: {sum(bid)}" in line
    # /42 stats: one member's games, privately, with whom they played beside.
    ana = table.seats[NORTH]
    stats = await eve.slash("42 stats", member=ana)
    assert stats.ephemeral and stats.message is not None
    shown = str(stats.message.embeds)
    won = 1 if game.winner == FOUR_SEATS.side_of[NORTH] else 0
    assert f"Games: 1 · won: {won}" in shown and f"Marks won: {game.marks[0]}" in shown
    assert f"{table.seats[SOUTH].mention}: 1 game together · won: {won}" in shown
    # The finished table opens the whole game, hand by hand, for whoever asks.
    every = await eve.click(table.table_message(), label="Every hand")
    assert every.ephemeral and every.message is not None, every
    assert every.message.embeds[0]["title"].startswith(f"Game {table.table_id}: ")
    assert str(every.message.embeds[0]["description"]).count("Hand ") == game.hand_number

    # Every panel now offers nothing (a stale one is refused: test_e2e_refusals).
    for member in table.seats.values():
        panel = table.panel(member)
        assert panel is not None
        assert not PanelControls.of(panel).can_act
    count = action_count(live_bot.db, table.table_id)

    # Rematch: once all four agreed (shown on the table), same seats, a new game at once.
    finished = table.table_message()
    for seat in (EAST, NORTH, SOUTH):
        agreed = await table.seats[seat].click(finished, label="Rematch")
        assert agreed.ephemeral and "waiting for" in agreed.content
        await table.quiet()
    assert "Waiting for " + table.seats[WEST].mention in str(finished.embeds)
    rematch = await table.seats[WEST].click(finished, label="Rematch")
    assert not rematch.failed and "The rematch is on" in rematch.content
    await double.wait_for(lambda: table.table_message().content.startswith("→"), 5,
                          "the rematch table")
    new_text = table.table_message().embeds[0]["description"]
    for seat, member in table.seats.items():
        assert f"{seat_title(seat)} {member.mention}" in new_text
    assert action_count(live_bot.db, table.table_id) == count
