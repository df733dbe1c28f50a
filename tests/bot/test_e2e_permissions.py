"""What a table needs of its channel, through the double, which refuses a file sent without
Attach Files as Discord does: a table is not opened where a permission is missing, and the
answer names the missing one; a table whose channel loses Attach Files goes on as text."""

from __future__ import annotations

from tests.bot.conftest import LiveBot, StartLiveBot
from tests.bot.test_e2e_computers import alone_with_computers, table_message
from tests.bot.test_e2e_refusals import refused
from tools.discord_double import DiscordDouble, Perm


async def test_a_table_is_not_opened_without_attach_files(discord_double: DiscordDouble,
                                                          start_live_bot: StartLiveBot) -> None:
    double = discord_double
    double.add_channel("no-files", bot_can_attach=False)
    await start_live_bot()
    ana = double.member("ana")
    text = refused(await ana.slash("42 new", where="no-files"), "can't post in this channel")
    assert "Attach Files" in text, text
    assert not any(other in text for other in ("View Channel", "Send Messages", "Embed Links"))
    assert not [m for m in double.messages("no-files") if not m.ephemeral]
    pt = refused(await double.member("bia", locale="pt-BR").slash("42 new", where="no-files"),
                 "Não consigo publicar")
    assert "Anexar arquivos" in pt, pt


async def test_a_refused_picture_leaves_the_table_as_text_and_its_creator_is_told_once(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    players = await alone_with_computers(double, live_bot)
    ana = double.member("ana")
    message = table_message(double)
    assert message.latest.attachments, "the table is drawn with its picture"
    versions = len(message.versions)

    double.deny_bot(double.channel("general"), Perm.ATTACH_FILES)
    for _ in range(3):
        assert await players.step() is not None
    await players.quiet()
    drawn = message.versions[versions:]
    assert len(drawn) >= 2 and not any(v.attachments for v in drawn)
    assert all("image" not in embed for v in drawn for embed in v.embeds)
    text = message.latest.embeds[0]
    assert "North" in text["description"] and "· dealer:" in text["description"]
    assert {"Auction", "Contract"} & {f["name"] for f in text["fields"]}  # the whole table
    told = double.messages(ana.dm)
    assert len(told) == 1 and "Attach Files" in told[0].content, told
    assert table_message(double).id == message.id
    assert not double.failed_interactions and not double.late_answers
