"""Finished games opened again through Discord: /42 history lists a member's games and opens
one; /42 game pages through it hand by hand (R-REVIEW: who played what, no tile never played);
a player shares a page in the channel, anyone else is refused; a hand and the whole game
download as replay files that ``engine.replay`` replays to the stored results, the hidden tiles
dealt again; a game in progress or of another server opens for nobody; /42 stats draws the
rating's course and compares two members."""

from __future__ import annotations

import json
from pathlib import Path

from bot.records import Player, stored_game
from bot.storage import open_storage
from engine import Play
from engine.replay import run_one
from tests.bot.conftest import StartLiveBot
from tests.bot.played import play
from tools.discord_double import DiscordDouble
from tools.discord_double.driver import InteractionResult


def description(result: InteractionResult) -> str:
    assert result.message is not None, result
    return str(result.message.embeds[0].get("description", ""))


def upload(double: DiscordDouble, result: InteractionResult) -> tuple[str, bytes]:
    assert result.message is not None and result.message.attachments, result
    attachment = result.message.attachments[0]
    return attachment["filename"], double.world.uploads[int(attachment["id"])]


async def test_a_finished_game_opened_paged_shared_and_downloaded(
        discord_double: DiscordDouble, live_database: Path | str,
        start_live_bot: StartLiveBot) -> None:
    double = discord_double
    ana, bia, caio, davi, eve = (double.member(n) for n in ("ana", "bia", "caio", "davi", "eve"))
    guild, channel = double.world.guild.id, double.channel("general").id
    storage = await open_storage(live_database)
    try:
        four = [Player.member(m.id) for m in (ana, bia, caio, davi)]
        rated = await play(storage, channel, four, seed="h1", guild=guild)
        beside_bots = await play(storage, channel, [four[0], Player.computer(), four[2],
                                                    Player.computer()], seed="h2", guild=guild)
        elsewhere = await play(storage, channel, four, seed="h3", guild=guild + 1)
        running = await storage.create_table(guild, channel, ana.id, None, four)
        await storage.start_game(running.id, "h4", running.options, 1)
        record = await storage.table(rated)
        assert record is not None
        game = stored_game(record, await storage.actions(rated))
    finally:
        await storage.close()
    await start_live_bot()

    history = await ana.slash("42 history")
    assert history.ephemeral and not history.failed
    lines = description(history).splitlines()
    assert [line.split("`")[1] for line in lines[1:]] == [f"#{beside_bots}", f"#{rated}"]
    assert "rating " in lines[2] and "rating " not in lines[1]  # only the game of members
    assert bia.mention in lines[2] and f"with {caio.mention}" in lines[2]

    opened = await ana.select(history, values=[str(rated)])
    assert opened.ephemeral and not opened.failed
    overview = description(opened)
    assert overview.count("Hand ") == len(game.finished) and "Ratings: " in overview
    assert opened.message is not None
    page = await ana.click(opened.message, label="Next ▶")
    assert not page.failed
    first = opened.message.embeds[0]
    assert first["title"] == f"Game {rated}: hand 1 of {len(game.finished)}"
    played = {str(call.action.tile) for call in game.finished[0].actions
              if isinstance(call.action, Play)}
    shown = {tile for line in first["description"].splitlines() if line.startswith("Trick")
             for tile in _tiles(line)}
    assert shown == played  # who played what, and no tile never played

    watching = await eve.slash("42 game", number=rated)
    assert watching.ephemeral and description(watching) == overview
    refused = await eve.click(watching, label="Share in the channel")
    assert refused.ephemeral and "Only the game's players" in refused.content
    theirs = await bia.slash("42 game", number=rated)
    assert not (await bia.click(theirs, label="Next ▶")).failed
    shared = await bia.click(theirs, label="Share in the channel")
    assert "Shared in the channel" in shared.content
    post = next(m for m in reversed(double.messages("general")) if not m.ephemeral_to)
    assert bia.mention in post.content and str(post.id) in shared.content
    assert post.embeds[0]["title"] == first["title"] and not post.components

    hand = await ana.click(opened.message, label="Download this hand")
    name, data = upload(double, hand)
    assert name == f"texas42-game-{rated}-hand-1.json" and hand.ephemeral
    report = run_one(data.decode())
    assert all(r["ok"] for r in report["results"])
    assert report["points"] == list(game.finished[0].points)
    whole = await ana.click(opened.message, label="◀ Previous")
    assert not whole.failed and opened.message.embeds[0]["title"].startswith(f"Game {rated}:")
    download = await ana.click(opened.message, label="Download the game")
    name, data = upload(double, download)
    reports = [run_one(line) for line in data.decode().splitlines()]
    assert name.endswith(".jsonl") and len(reports) == len(game.finished)
    assert [r["outcome"]["made" if "made" in r["outcome"] else "redeal"] for r in reports] == [
        hand.result.made if not hand.result.redeal else True  # type: ignore[union-attr]
        for hand in game.finished]
    assert json.loads(data.decode().splitlines()[0])["dealer"] == int(
        game.finished[0].deal.dealer)

    for number, said in ((running.id, "is not over yet"), (elsewhere, "There is no game"),
                         (10 ** 9, "There is no game")):
        refusal = await davi.slash("42 game", number=number)
        assert refusal.ephemeral and said in refusal.content, refusal.content

    stats = await ana.slash("42 stats", against=bia)
    assert stats.ephemeral and stats.message is not None
    text = str(stats.message.embeds)
    assert "Head to head" in text and "1 game on opposite sides" in text
    chart = stats.message.attachments[0]
    assert chart["filename"] == "rating.png" and "Rating after the last 1 rated game" in chart[
        "description"]
    same = await ana.slash("42 stats", against=ana)
    assert "Choose another member" in same.content
    assert not double.failed_interactions and not double.late_answers


def _tiles(line: str) -> set[str]:
    """The tiles a trick's line names (``6-4`` and the like)."""
    import re
    return {f"{min(a, b)}-{max(a, b)}" for a, b in re.findall(r"(\d)-(\d)", line)}
