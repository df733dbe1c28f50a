"""The Discord double, exercised through a real discord.py bot running in the test's loop.

The demo bot below stands in for the real one: a ``/demo`` group whose subcommands each touch one
part of the API (channel messages with buttons, ephemeral selects, deferred replies, uploads,
posting elsewhere, DMs) so that every behaviour of the double is checked against discord.py
itself rather than against our reading of Discord's documentation.
"""

from __future__ import annotations

import asyncio
import datetime
import io
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.discord_double.fixtures import StartBot, running_client
from tools.discord_double import DiscordDouble, Perm

SEATS = ["north", "east", "south", "west"]


class PortugueseNames(app_commands.Translator):
    """Enough of a translator that the synced commands carry localizations."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        table = {"post": "publicar", "Open a table": "Abrir uma mesa"}
        return table.get(string.message) if locale is discord.Locale.brazil_portuguese else None


class TableView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.sits = 0

    @discord.ui.button(label="Who am I?", custom_id="demo:whoami")
    async def whoami(
        self, interaction: discord.Interaction, button: discord.ui.Button[TableView]
    ) -> None:
        await interaction.response.send_message(f"You are {interaction.user.name}", ephemeral=True)

    @discord.ui.button(label="Sit", custom_id="demo:sit")
    async def sit(
        self, interaction: discord.Interaction, button: discord.ui.Button[TableView]
    ) -> None:
        self.sits += 1
        await interaction.response.edit_message(content=f"Table open ({self.sits} seated)")

    @discord.ui.button(label="Refresh", custom_id="demo:refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[TableView]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Table open (refreshed)")


class HandView(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:play",
        placeholder="Play a tile",
        options=[discord.SelectOption(label=tile, value=tile) for tile in ("6|4", "5|5", "3|2")],
    )
    async def play(
        self, interaction: discord.Interaction, select: discord.ui.Select[HandView]
    ) -> None:
        await interaction.response.edit_message(content=f"Played {select.values[0]}", view=None)


class DemoBot(commands.Bot):
    """A tiny bot kept here until the real one lands; ``errors`` collects what Discord refused."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.slow_delay = 0.0
        self.errors: list[int] = []
        self.resumed = 0
        self.threads: list[discord.Thread] = []
        self.heard_events: list[tuple[str, int, discord.EventStatus]] = []
        """Scheduled events heard of on the gateway: how, which, and the status then."""
        self.tree.add_command(self.demo_commands())

    async def setup_hook(self) -> None:
        await self.tree.set_translator(PortugueseNames())
        await self.tree.sync()
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_resumed(self) -> None:
        self.resumed += 1

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.threads.append(thread)

    async def on_scheduled_event_create(self, event: discord.ScheduledEvent) -> None:
        self.heard_events.append(("create", event.id, event.status))

    async def on_scheduled_event_update(
        self, before: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        self.heard_events.append(("update", after.id, after.status))

    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        self.heard_events.append(("delete", event.id, event.status))

    def demo_commands(self) -> app_commands.Group:
        demo = app_commands.Group(name="demo", description="Demo commands")

        @demo.command(
            name=app_commands.locale_str("post"),
            description=app_commands.locale_str("Open a table"),
        )
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Table open", view=TableView())

        @demo.command(description="Repeat some text")
        @app_commands.choices(wrap=[app_commands.Choice(name="Stars", value="*")])
        async def echo(
            interaction: discord.Interaction,
            text: str,
            times: int = 1,
            loud: bool = False,
            wrap: str = "",
        ) -> None:
            said = " ".join([text] * times)
            await interaction.response.send_message(wrap + (said.upper() if loud else said) + wrap)

        @demo.command(description="Greet someone")
        async def greet(interaction: discord.Interaction, who: discord.Member) -> None:
            await interaction.response.send_message(f"hello {who.name} ({type(who).__name__})")

        @demo.command(description="Take a seat")
        async def join(interaction: discord.Interaction, seat: str) -> None:
            await interaction.response.send_message(f"{interaction.user.name} sits {seat}")

        @join.autocomplete("seat")
        async def seats(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=s, value=s) for s in SEATS if typed in s]

        @demo.command(description="Show your hand")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Your hand", view=HandView(), ephemeral=True)

        @demo.command(description="Think before answering")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("thought about it")
            await interaction.followup.send("and one more", ephemeral=True)
            await interaction.edit_original_response(content="final answer")

        @demo.command(description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(self.slow_delay)
            try:
                await interaction.response.send_message("sorry, I was slow")
            except discord.NotFound as error:
                self.errors.append(error.code)

        @demo.command(description="Post in another channel")
        async def announce(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
            try:
                await channel.send(f"announced by {interaction.user.name}")
            except discord.Forbidden as error:
                self.errors.append(error.code)
                await interaction.response.send_message(
                    f"cannot post in {channel.name}", ephemeral=True
                )
            else:
                await interaction.response.send_message("done", ephemeral=True)

        @demo.command(description="Describe where this runs")
        async def whereami(interaction: discord.Interaction) -> None:
            where = "dm" if interaction.guild is None else interaction.channel.name  # type: ignore[union-attr]
            await interaction.response.send_message(
                f"{where} locale={interaction.locale.value} guild_locale="
                f"{interaction.guild_locale and interaction.guild_locale.value} "
                f"can_send={interaction.app_permissions.send_messages}"
            )

        @demo.command(description="Start a thread here and post in it")
        async def thread(interaction: discord.Interaction, name: str) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            try:
                started = await interaction.channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
                )
                await started.send(f"inside {started.name}")
            except discord.Forbidden as error:
                self.errors.append(error.code)
                await interaction.response.send_message("cannot", ephemeral=True)
            else:
                await interaction.response.send_message(f"in {started.mention}", ephemeral=True)

        @demo.command(description="Send a file and a DM")
        async def upload(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                "your file", file=discord.File(io.BytesIO(b"6|4 5|5"), "hand.txt"), ephemeral=True
            )
            await interaction.user.send("psst, a secret")

        return demo


@pytest.fixture
async def double(discord_double: DiscordDouble) -> DiscordDouble:
    discord_double.add_channel("lobby", bot_can_send=False)
    return discord_double


@pytest.fixture
async def bot(double: DiscordDouble) -> AsyncIterator[DemoBot]:
    async with running_client(double, DemoBot(double.guild.id)) as client:
        yield client


async def test_slash_command_then_buttons_clicked_by_two_members(
    double: DiscordDouble, bot: DemoBot
) -> None:
    ana, bruno = double.member("ana"), double.member("bruno", locale="pt-BR")

    post = await ana.slash("demo post")
    table = post.message
    assert table is not None and not post.failed and not post.ephemeral
    assert table.content == "Table open" and table.author is double.bot
    assert [b["label"] for b in table.buttons()] == ["Who am I?", "Sit", "Refresh"]
    assert ana.can_see(table) and bruno.can_see(table)

    mine, theirs = await asyncio.gather(  # at the same time, as people do
        ana.click(table, label="Who am I?"), bruno.click(table, "demo:whoami")
    )
    assert (mine.content, mine.ephemeral) == ("You are ana", True)
    assert (theirs.content, theirs.ephemeral) == ("You are bruno", True)
    assert ana.ephemerals() == [mine.message] and bruno.ephemerals() == [theirs.message]
    assert not bruno.can_see(mine.message)  # type: ignore[arg-type]
    double.assert_never_seen(bruno, "You are ana")
    with pytest.raises(AssertionError, match="ana saw 'You are ana'"):
        double.assert_never_seen(ana, "You are ana")

    seated = await bruno.click(table, label="Sit")
    assert seated.response_type == 7 and seated.message is table
    assert [v.content for v in table.versions] == ["Table open", "Table open (1 seated)"]
    refreshed = await ana.click(table, label="Refresh")
    assert refreshed.response_type == 6
    await double.wait_for(lambda: table.content == "Table open (refreshed)")
    assert [m for m in double.messages("general") if not m.ephemeral] == [table]


async def test_options_resolve_against_the_synced_schema(
    double: DiscordDouble, bot: DemoBot
) -> None:
    ana, bruno = double.member("ana"), double.member("bruno")
    assert (await ana.slash("demo echo", text="hi", times=2, loud=True)).content == "HI HI"
    assert (await ana.slash("/demo echo", options={"text": "hi"})).content == "hi"
    assert (await ana.slash("demo echo", text="hi", wrap="Stars")).content == "*hi*"
    assert (await ana.slash("demo greet", who=bruno)).content == "hello bruno (Member)"
    assert await ana.autocomplete("demo join", "seat", "st") == [
        {"name": "east", "value": "east"},
        {"name": "west", "value": "west"},
    ]

    for call, problem in [
        (ana.slash("nope"), "not a synced command"),
        (ana.slash("demo"), "needs a subcommand"),
        (ana.slash("demo nope"), "no subcommand 'nope'"),
        (ana.slash("demo echo", txt="hi"), "no option 'txt'"),
        (ana.slash("demo echo"), "missing required options"),
        (ana.slash("demo echo", text="hi", times="2"), "takes integer"),
        (ana.slash("demo echo", text="hi", wrap="Moons"), "is not one of"),
    ]:
        with pytest.raises(AssertionError, match=problem):
            await call
    assert len(double.interactions) == 5


async def test_command_sync_is_recorded_with_localizations(
    double: DiscordDouble, bot: DemoBot
) -> None:
    assert [s.guild_id for s in double.command_syncs] == [None, double.guild.id]
    (demo,) = double.commands()
    assert demo["name"] == "demo" and double.commands(guild=True)[0]["name"] == "demo"
    post = next(o for o in demo["options"] if o["name"] == "post")
    assert post["name_localizations"] == {"pt-BR": "publicar"}
    assert post["description_localizations"] == {"pt-BR": "Abrir uma mesa"}
    fetched = await bot.tree.fetch_commands(guild=discord.Object(double.guild.id))
    assert [c.name for c in fetched] == ["demo"]

    bruno = double.member("bruno", locale="pt-BR")
    reply = await bruno.slash("demo publicar")  # a member types the name in their language
    assert reply.content == "Table open"
    assert reply.interaction.payload["data"]["guild_id"] == str(double.guild.id)


async def test_ephemeral_select_updates_are_seen_only_by_their_owner(
    double: DiscordDouble,
    bot: DemoBot,
) -> None:
    ana, bruno = double.member("ana"), double.member("bruno")
    hand = await ana.slash("demo hand")
    assert hand.ephemeral and hand.message is not None
    with pytest.raises(AssertionError, match="bruno cannot see"):
        await bruno.select(hand, values=["5|5"])
    with pytest.raises(AssertionError, match="has no values"):
        await ana.select(hand, "demo:play", values=["1|1"])

    played = await ana.select(hand, "demo:play", labels=["6|4"])
    assert played.response_type == 7 and played.message is hand.message
    assert [v.content for v in hand.message.versions] == ["Your hand", "Played 6|4"]
    assert hand.message.components == []
    double.assert_never_seen(bruno, "6|4")
    double.assert_never_seen(bruno, lambda text: "|" in text)
    assert any("5|5" in t for v in ana.seen() for t in v.texts())  # option labels count


async def test_deferred_reply_followups_and_original_edits(
    double: DiscordDouble, bot: DemoBot
) -> None:
    ana, bruno = double.member("ana"), double.member("bruno")
    result = await ana.slash("demo think")
    assert result.response_type == 5 and result.ephemeral
    await double.settle()
    assert [m.content for m in result.messages] == ["final answer", "and one more"]
    assert result.message is not None and not result.message.loading
    assert [v.content for v in result.message.versions] == ["", "thought about it", "final answer"]
    assert all(m.ephemeral_to is ana.member for m in result.messages)
    assert double.everything_seen_by(bruno) == []


async def test_uploads_dms_and_locales(double: DiscordDouble, bot: DemoBot) -> None:
    ana, bruno = double.member("ana"), double.member("bruno", locale="pt-BR")
    sent = await ana.slash("demo upload")
    assert sent.message is not None and sent.message.attachments[0]["filename"] == "hand.txt"
    attachment_id = int(sent.message.attachments[0]["id"])
    assert double.world.uploads[attachment_id] == b"6|4 5|5"
    dm = await double.wait_for(lambda: double.last_message("dm", visible_to=ana))
    assert dm.content == "psst, a secret" and not bruno.can_see(dm)
    double.assert_never_seen(bruno, "secret")

    here = await bruno.slash("demo whereami", where="table-1")
    assert here.content == "table-1 locale=pt-BR guild_locale=en-US can_send=True"
    private = await ana.slash("demo whereami", where="dm")
    assert private.content == "dm locale=en-US guild_locale=None can_send=True"
    assert private.message is not None and private.message.channel is ana.dm


async def test_a_channel_the_bot_may_not_post_in(double: DiscordDouble, bot: DemoBot) -> None:
    ana = double.member("ana")
    refused = await ana.slash("demo announce", channel="lobby")
    assert refused.content == "cannot post in lobby" and bot.errors == [50013]
    assert double.requests_to("POST /channels/*/messages")[-1].status == 403
    here = await ana.slash("demo whereami", where="lobby")  # replies work: they are webhooks
    assert here.content.endswith("can_send=False")
    assert double.messages("lobby") == [here.message]


async def test_an_answer_after_the_window_fails_the_interaction(
    double: DiscordDouble, bot: DemoBot
) -> None:
    ana = double.member("ana")
    double.interaction_window = 0.2
    bot.slow_delay = 0.4
    result = await ana.slash("demo slow")
    assert result.failed and result.failure == "no response within 0.2 s"
    late = await double.wait_for(lambda: double.late_answers)
    assert late == [result.interaction] and double.failed_interactions == [result.interaction]
    await double.wait_for(lambda: bot.errors)
    assert bot.errors == [10062]  # Discord's "Unknown interaction"
    assert double.messages() == []


async def test_rate_limits_are_waited_out(double: DiscordDouble, bot: DemoBot) -> None:
    ana = double.member("ana")
    route = "POST /channels/{channel_id}/messages"
    double.faults.rate_limit(route, retry_after=0.2)
    assert (await ana.slash("demo announce", channel="table-1")).content == "done"
    first, second = double.requests_to(route)
    assert (first.status, first.fault, second.status) == (429, "rate_limit", 200)
    assert second.at - first.at >= 0.2

    double.faults.rate_limit(route, retry_after=0.2, global_=True)
    assert (await ana.slash("demo announce", channel="table-2")).content == "done"
    assert [r.status for r in double.requests_to(route)] == [429, 200, 429, 200]

    double.faults.rate_limit("POST /interactions/{webhook_id}/{webhook_token}/callback", 0.1)
    reply = await ana.slash("demo echo", text="after a 429")
    assert reply.content == "after a 429"
    assert [m.content for m in double.messages("table-1")] == ["announced by ana"]


async def test_server_errors_are_retried(double: DiscordDouble, bot: DemoBot) -> None:
    ana = double.member("ana")
    double.faults.server_error("POST /channels/*/messages")
    assert (await ana.slash("demo announce", channel="table-1")).content == "done"
    assert [r.status for r in double.requests_to("POST /channels/*/messages")] == [500, 200]


async def test_a_dropped_gateway_resumes_and_replays_missed_events(
    double: DiscordDouble,
    bot: DemoBot,
) -> None:
    ana = double.member("ana")
    session = double.gateway.current
    await double.drop_gateway(reconnect_delay=0.3)
    reply = await ana.slash("demo echo", text="still here")  # sent while the bot is away
    assert reply.content == "still here"
    assert (double.gateway.resumes, double.gateway.identifies, bot.resumed) == (1, 1, 1)
    assert session is double.gateway.current and session is not None and session.replayed >= 1
    assert double.gateway.connection_paths[-1].startswith("/gateway/resume?")
    assert double.gateway.heartbeats >= 2  # discord.py beats at once on every HELLO


async def test_unknown_routes_are_recorded_and_answered_404(
    double: DiscordDouble, bot: DemoBot
) -> None:
    guild = bot.get_guild(double.guild.id)
    assert guild is not None
    with pytest.raises(discord.NotFound):
        await guild.fetch_emojis()
    assert [str(r) for r in double.unknown_requests] == [
        f"GET /guilds/{double.guild.id}/emojis -> 404 (0: 404: Not Found)"
    ]
    double.strict = False  # this test hit one on purpose


async def test_a_bot_process_killed_and_restarted_on_the_same_database(
    discord_double: DiscordDouble,
    start_bot_process: StartBot,
    tmp_path: object,
) -> None:
    double = discord_double
    env = {"SAMPLE_BOT_DB": f"{tmp_path}/sample.db"}
    first = await start_bot_process("tests.discord_double.sample_bot", env=env, wait_for_sync=True)
    ana = double.member("ana")
    assert (await ana.slash("sample count")).content.startswith("count 1 ")

    assert await first.kill() == -9
    double.interaction_window = 0.3
    assert (await ana.slash("sample count")).failed  # nobody is there to answer
    double.interaction_window = 3.0

    await start_bot_process("tests.discord_double.sample_bot", env=env)
    assert (await ana.slash("sample count")).content.startswith("count 2 ")
    assert double.gateway.identifies == 2


class ShardedClient(discord.AutoShardedClient):
    """discord.py's own sharded client, asking ``/gateway/bot`` how many shards to run."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # no five-second wait between shards (the double limits nothing)


async def test_guilds_and_shards() -> None:
    """``/gateway/bot`` recommends the double's shard count; each IDENTIFY names its shard, is
    READY with only that shard's guilds, and gets only their events; DMs go to shard 0. Each
    guild has its own channels and members, who see only their guild's messages."""
    async with DiscordDouble(shard_count=2) as double:
        far = [double.add_guild(f"far {shard}", shard=shard) for shard in (0, 1)]
        client = ShardedClient(intents=discord.Intents(guilds=True))
        async with running_client(double, client):
            await double.wait_for(lambda: len(double.gateway.sessions) == 2
                                  and all(s.ready for s in double.gateway.sessions.values()),
                                  10, "both shards to be ready")
            assert client.shard_count == 2
            assert {g.id for g in client.guilds} == {g.id for g in double.guilds}
            for session in double.gateway.sessions.values():
                shard_id, count = session.shard
                ready = next(f for f in session.sent if f["t"] == "READY")
                assert count == 2 and ready["d"]["shard"] == [shard_id, 2]
                assert {int(g["id"]) for g in ready["d"]["guilds"]} == {
                    g.id for g in double.guilds if g.shard(2) == shard_id}
                created = [int(f["d"]["id"]) for f in session.sent if f["t"] == "GUILD_CREATE"]
                assert {g.shard(2) for g in double.guilds if g.id in created} == {shard_id}
            for guild in far:
                (session,) = double.gateway.sessions_for(guild.id)
                assert session.shard[0] == guild.shard(2)
                assert client.get_guild(guild.id).shard_id == guild.shard(2)  # type: ignore[union-attr]
            assert double.gateway.sessions_for(None)[0].shard[0] == 0
            bea, here = double.member("bea", guild=far[1]), double.member("bea")
            assert bea.member is not here.member and bea.guild is far[1]
            message = double.world.create_message(double.channel("general", far[1]),
                                                  {"content": "far away"})
            assert bea.can_see(message) and not here.can_see(message)


async def test_a_thread_started_without_a_message(double: DiscordDouble, bot: DemoBot) -> None:
    """A public thread: discord.py hears of it on the gateway, posts in it with Send Messages in
    Threads (Send Messages in the channel is not needed), and members act in it; the channel
    gets only Discord's system message for it. Without Create Public Threads, or Send Messages
    in Threads, the bot is refused."""
    ana = double.member("ana")
    general = double.channel("general")
    double.deny_bot(general, Perm.SEND_MESSAGES)
    started = await ana.slash("demo thread", name="42 · Ana")
    (thread,) = double.threads(general)
    assert started.content == f"in <#{thread.id}>" and not bot.errors
    assert (thread.type, thread.parent_id, thread.name) == (11, general.id, "42 · Ana")
    await double.wait_for(lambda: bot.threads, 5, "THREAD_CREATE")
    (heard,) = bot.threads
    assert heard.id == thread.id and heard.parent_id == general.id
    assert isinstance(bot.get_channel(thread.id), discord.Thread)
    (inside,) = double.messages(thread)
    assert inside.content == "inside 42 · Ana" and ana.can_see(inside)
    (system,) = [m for m in double.messages(general) if not m.ephemeral]
    assert system.type == 18 and system.content == "42 · Ana"
    assert system.payload()["message_reference"]["channel_id"] == str(thread.id)

    here = await ana.slash("demo whereami", where=thread)
    assert here.content.startswith("42 · Ana ") and here.message is not None
    assert here.message.channel is thread

    double.deny_bot(general, Perm.SEND_MESSAGES_IN_THREADS)
    assert (await ana.slash("demo thread", name="again")).content == "cannot"
    assert bot.errors == [50013] and len(double.threads(general)) == 2  # started, not posted in
    double.deny_bot(general, Perm.CREATE_PUBLIC_THREADS)
    assert (await ana.slash("demo thread", name="once more")).content == "cannot"
    assert bot.errors == [50013, 50013] and len(double.threads(general)) == 2


async def test_a_scheduled_event_through_discord_py(double: DiscordDouble, bot: DemoBot) -> None:
    """discord.py's ``create_scheduled_event`` and ``start``/``end``/``cancel``/``edit``: refused
    without Create Events, which the bot sees it lacks; once granted, an external event is
    created, started and ended, another canceled, each change heard on the gateway; Discord's
    refusals arrive as discord.py's exceptions, with the field at fault in their text."""
    guild = bot.get_guild(double.guild.id)
    assert guild is not None and not guild.me.guild_permissions.create_events
    start = discord.utils.utcnow() + datetime.timedelta(hours=1)
    end = start + datetime.timedelta(hours=3)
    where = f"https://discord.com/channels/{guild.id}/{double.channel('general').id}"

    async def create(name: str = "Texas 42 Open", **changes: object) -> discord.ScheduledEvent:
        fields: dict[str, object] = {
            "name": name, "start_time": start, "end_time": end, "location": where,
            "entity_type": discord.EntityType.external,
            "privacy_level": discord.PrivacyLevel.guild_only, **changes}
        return await guild.create_scheduled_event(**fields)  # type: ignore[call-overload,no-any-return]

    with pytest.raises(discord.Forbidden) as refused:
        await create()
    assert refused.value.code == 50013 and double.scheduled_events() == []

    double.grant_bot(Perm.CREATE_EVENTS)
    await double.wait_for(lambda: guild.me.guild_permissions.create_events, 5,
                          "GUILD_ROLE_UPDATE")
    event = await create()
    (held,) = double.scheduled_events()
    assert (event.id, event.location) == (held.id, where)
    assert event.status is discord.EventStatus.scheduled
    assert (event.start_time, event.end_time, event.creator_id) == (start, end, bot.user.id)  # type: ignore[union-attr]
    await double.wait_for(lambda: guild.get_scheduled_event(event.id), 5, "the CREATE event")

    started = await event.start()
    assert started.status is discord.EventStatus.active and held.status == 2
    ended = await started.end()
    assert ended.status is discord.EventStatus.completed and held.status == 3
    with pytest.raises(discord.HTTPException) as finished:
        await ended.edit(name="again")
    assert (finished.value.status, finished.value.code) == (400, 180000)

    other = await create("Rematch")
    canceled = await other.cancel()
    assert canceled.status is discord.EventStatus.cancelled
    await double.wait_for(lambda: len(bot.heard_events) == 5, 5, "every change heard")
    assert bot.heard_events == [
        ("create", event.id, discord.EventStatus.scheduled),
        ("update", event.id, discord.EventStatus.active),
        ("update", event.id, discord.EventStatus.completed),
        ("create", other.id, discord.EventStatus.scheduled),
        ("update", other.id, discord.EventStatus.cancelled),
    ]

    with pytest.raises(discord.HTTPException) as off:
        await create(location="x" * 101)
    assert off.value.code == 50035 and "entity_metadata.location" in off.value.text
    with pytest.raises(discord.HTTPException) as past:
        await create(start_time=start - datetime.timedelta(hours=2))
    assert past.value.code == 50035 and "scheduled_start_time" in past.value.text
    double.invalid_bodies.clear()  # refused on purpose, above
    with pytest.raises(discord.NotFound) as unknown:
        await guild.fetch_scheduled_event(double.world.ids.next())
    assert unknown.value.code == 10070

    await canceled.delete()
    await double.wait_for(lambda: len(bot.heard_events) == 6, 5, "DELETE")
    assert bot.heard_events[-1][:2] == ("delete", other.id)
    assert guild.get_scheduled_event(other.id) is None
    assert [e.name for e in double.scheduled_events()] == ["Texas 42 Open"]
