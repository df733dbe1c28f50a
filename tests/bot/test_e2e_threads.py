"""Tables in threads, through the double: ``/42 new thread:`` opens the table in a new public
thread of the channel, where its message, its pings and the commands typed there live, so the
channel stays free for talk and holds as many tables as it has threads; the channel itself gets
only Discord's system message for each thread. Starting a thread needs Create Public Threads,
and a table in a thread needs Send Messages in Threads instead of Send Messages, each named
when missing."""

from __future__ import annotations

import pytest

from cogs import pings as pinging
from tests.bot.conftest import LiveBot
from tests.bot.e2e import PanelControls, components, latest_table_id, query, table_state
from tests.bot.test_e2e_computers import act
from tests.bot.test_e2e_refusals import refused
from tests.common import NORTH
from tools.discord_double import Channel, DiscordDouble, Message, Perm

THREAD_CREATED = 18
"""The type of Discord's system message in a channel for a thread started there."""


def table_in(double: DiscordDouble, channel: Channel) -> Message:
    """The live table message in ``channel``: the bot's latest message there with table
    buttons."""
    found = [m for m in double.messages(channel) if not m.ephemeral and any(
        c.get("custom_id", "").startswith(("42:hand:", "42:sit:", "42:start:", "42:rematch:"))
        for c in components(m))]
    assert found, f"no table message in {channel!r}"
    return found[-1]


def in_channel(double: DiscordDouble, name: str = "general") -> list[Message]:
    """What everybody sees in the channel: the bot's messages there, private answers aside."""
    return [m for m in double.messages(name, include_deleted=True) if not m.ephemeral]


def announces(message: Message, thread: Channel) -> bool:
    """Whether ``message`` is Discord's system message for ``thread`` starting."""
    reference = message.payload().get("message_reference") or {}
    return message.type == THREAD_CREATED and reference.get("channel_id") == str(thread.id)


async def test_a_table_opens_in_a_thread_of_its_own_and_leaves_the_channel_free(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    ana, bia, caio, davi = (double.member(n) for n in ("ana", "bia", "caio", "davi"))
    opened = await ana.slash("42 new", thread=True)
    assert not opened.failed and opened.ephemeral, opened
    (thread,) = double.threads("general")
    assert thread.name == "Texas 42 · Ana" and thread.parent_id == double.channel("general").id
    message = table_in(double, thread)
    assert f"/{thread.id}/{message.id}" in opened.content, opened.content
    first = latest_table_id(live_bot.db)
    assert query(live_bot.db, "SELECT channel_id FROM tables WHERE id = $1", first) == [
        (thread.id,)]
    (announced,) = in_channel(double)
    assert announces(announced, thread), announced

    # Commands typed in the thread are about its table; one table at a time there.
    assert (await bia.slash("42 join", where=thread)).content == "You sit East."
    await double.wait_for(lambda: bia.mention in str(message.embeds[0]["description"]), 5,
                          "bia seated at the thread's table")
    again = refused(await caio.slash("42 new", where=thread, thread=True),
                    "already has a table")
    assert f"/{thread.id}/{message.id}" in again
    assert double.threads("general") == [thread]

    # Another table in another thread of the same channel, and one in the channel itself.
    assert not (await caio.slash("42 new", thread=True)).failed
    first_thread, second = double.threads("general")
    assert first_thread is thread and second.name == "Texas 42 · Caio"
    assert caio.mention in str(table_in(double, second).embeds[0]["description"])
    assert latest_table_id(live_bot.db) != first
    assert not (await davi.slash("42 new")).failed
    plain = table_in(double, double.channel("general"))
    assert davi.mention in str(plain.embeds[0]["description"])
    shown = in_channel(double)
    assert len(shown) == 3 and announces(shown[1], second) and shown[2] is plain
    assert len({*query(live_bot.db, "SELECT channel_id FROM tables WHERE status = 'lobby'")}) \
        == 3
    assert not double.failed_interactions and not double.late_answers


async def test_a_game_plays_in_its_thread_and_pings_there(
        discord_double: DiscordDouble, live_bot: LiveBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A member with computer players plays from her panel in the thread; with nobody counting
    as watching, her turns are pinged there, and nothing but the thread's system message is
    posted in the channel."""
    monkeypatch.setattr(pinging, "WATCHING", 0.0)
    double = discord_double
    ana = double.member("ana")
    opened = await ana.slash("42 new", bots="others", thread=True)
    assert not opened.failed and "bot partner" in opened.content, opened
    (thread,) = double.threads("general")
    table_id = latest_table_id(live_bot.db)
    await live_bot.idle()
    hand = await ana.click(table_in(double, thread), label="My hand")
    assert not hand.failed and hand.message is not None, hand
    panel = hand.message
    moves = 0
    while moves < 6:
        await live_bot.idle()
        await double.settle(quiet=0.02)
        game = table_state(live_bot.db, table_id)
        assert game.to_act == NORTH and game.winner is None
        await double.wait_for(lambda: PanelControls.of(panel).can_act, 5, "ana's choices")
        played = await act(ana, panel)
        assert not played.failed and not played.errors, played
        moves += 1
    await live_bot.idle()
    versions = table_in(double, thread).versions
    assert len(versions) > moves
    pinged = [n for n in ana.notifications() if "it's your turn" in n.message.content]
    assert pinged and all(n.channel is thread for n in pinged), ana.notifications()
    (announced,) = in_channel(double)
    assert announces(announced, thread)
    assert not double.failed_interactions and not double.late_answers


async def test_a_thread_needs_create_public_threads_and_send_messages_in_threads(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    """Each missing permission is named, in the member's language, before anything is made;
    Send Messages in the channel is not needed for a table in its thread."""
    double = discord_double
    general = double.channel("general")
    ana = double.member("ana")
    double.deny_bot(general, Perm.CREATE_PUBLIC_THREADS)
    text = refused(await ana.slash("42 new", thread=True), "can't post in this channel")
    assert "Create Public Threads" in text, text
    assert not any(other in text for other in ("View Channel", "Send Messages", "Embed Links",
                                               "Attach Files")), text
    pt = refused(await double.member("bia", locale="pt-BR").slash("42 new", thread=True),
                 "Não consigo publicar")
    assert "Criar tópicos públicos" in pt, pt
    assert not double.threads() and not in_channel(double)

    general.overwrites.clear()
    double.deny_bot(general, Perm.SEND_MESSAGES_IN_THREADS)
    text = refused(await ana.slash("42 new", thread=True), "can't post in this channel")
    assert "Send Messages in Threads" in text and "Create Public Threads" not in text, text
    assert not double.threads() and not in_channel(double)

    general.overwrites.clear()
    double.deny_bot(general, Perm.SEND_MESSAGES)
    refused(await ana.slash("42 new"), "can't post in this channel")  # not in the channel
    assert not (await ana.slash("42 new", thread=True)).failed  # but in a thread of it
    (thread,) = double.threads("general")
    assert table_in(double, thread)
    assert "Send Messages" in refused(await ana.slash("42 table"), "can't post")
    table = await ana.slash("42 table", where=thread)  # the table again, in the thread
    assert not table.failed and "The table is here again" in table.content, table
