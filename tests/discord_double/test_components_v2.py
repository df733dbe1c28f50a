"""Components V2, attachments, notifications and token expiry, through a real discord.py bot.

The tiny bot below sends what the Texas 42 bot is about to send: a ``LayoutView`` message with a
container, a section whose accessory is a button, a media gallery showing an uploaded PNG, and
an action row; clicks replace the picture. It also pings, deletes pings, and edits an
interaction's reply after the double's clock has moved past the token's 15 minutes.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands

from tests.discord_double.fixtures import running_client
from tools.discord_double import DiscordDouble, Message


def png(width: int, height: int, shade: int) -> bytes:
    """A real (tiny, grey) PNG, so the bytes a test reads back can be told apart."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\x00" + bytes([shade]) * width
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )


def picture(trick: int) -> discord.File:
    return discord.File(
        io.BytesIO(png(4, 2, 10 * trick)), "table.png", description=f"alt: trick {trick}"
    )


class TableLayout(discord.ui.LayoutView):
    def __init__(self, trick: int) -> None:
        super().__init__(timeout=None)
        self.trick = trick
        self.carried: list[str | None] = []
        self.gallery: list[str] = []
        following = discord.ui.Button[TableLayout](label="Next trick", custom_id="v2:next")
        following.callback = self.next_trick  # type: ignore[method-assign]
        hand = discord.ui.Button[TableLayout](label="My hand", custom_id="v2:hand")
        hand.callback = self.my_hand  # type: ignore[method-assign]
        self.add_item(
            discord.ui.Container(
                discord.ui.Section(
                    discord.ui.TextDisplay(f"## Trick {trick}"),
                    discord.ui.TextDisplay("North to play"),
                    accessory=following,
                ),
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem(
                        "attachment://table.png", description=f"the table at trick {trick}"
                    )
                ),
                discord.ui.Separator(),
                discord.ui.ActionRow(hand),
                accent_color=0x2E7D32,
            )
        )

    async def next_trick(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        # what the bot does to tell a current click from a stale one
        carried = discord.ui.LayoutView.from_message(interaction.message).walk_children()
        self.carried = [getattr(item, "custom_id", None) for item in carried]
        container = interaction.message.components[0]
        assert isinstance(container, discord.Container)
        self.gallery = [
            shown.media.url
            for child in container.children
            if isinstance(child, discord.MediaGalleryComponent)
            for shown in child.items
        ]
        trick = self.trick + 1
        await interaction.response.edit_message(
            view=TableLayout(trick), attachments=[picture(trick)]
        )

    async def my_hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("6|4 5|5", ephemeral=True)


def hand_layout(tiles: str) -> discord.ui.LayoutView:
    """A private panel: the hand as a thumbnail beside its text, and the file itself."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Section(
            discord.ui.TextDisplay(f"Your hand: {tiles}"),
            accessory=discord.ui.Thumbnail("attachment://hand.png", description=f"hand {tiles}"),
        )
    )
    view.add_item(discord.ui.File("attachment://hand.png"))
    return view


def hand_picture(shade: int) -> discord.File:
    return discord.File(io.BytesIO(png(3, 1, shade)), "hand.png")


class LayoutBot(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.guild = discord.Object(guild_id)
        self.table: discord.Message | None = None
        self.layouts: list[TableLayout] = []
        self.ping: discord.Message | None = None
        self.replies: list[discord.Interaction] = []
        self.errors: list[tuple[int, int]] = []

        @self.tree.command(description="Post the table")
        async def table(interaction: discord.Interaction) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            layout = TableLayout(1)
            self.layouts.append(layout)
            self.table = await interaction.channel.send(view=layout, file=picture(1))
            await interaction.response.send_message("posted", ephemeral=True)

        @self.tree.command(description="Show your hand, privately")
        async def hand(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                view=hand_layout("6|4 5|5"), file=hand_picture(1), ephemeral=True
            )
            await interaction.edit_original_response(
                view=hand_layout("5|5"), attachments=[hand_picture(2)]
            )
            await interaction.followup.send(
                view=hand_layout("5|5"), file=hand_picture(3), ephemeral=True
            )

        @self.tree.command(description="Redraw the table by editing it")
        async def redraw(interaction: discord.Interaction) -> None:
            assert self.table is not None
            self.table = await self.table.edit(view=TableLayout(9), attachments=[picture(9)])
            await interaction.response.send_message("redrawn", ephemeral=True)

        @self.tree.command(description="Ping someone, then maybe unping")
        async def ping(
            interaction: discord.Interaction, who: discord.Member, silent_for: str = ""
        ) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            allowed = discord.AllowedMentions(users=[who]) if not silent_for else None
            if silent_for:  # mention everyone named but notify nobody
                allowed = discord.AllowedMentions.none()
            self.ping = await interaction.channel.send(
                f"{who.mention}, your turn", allowed_mentions=allowed or discord.AllowedMentions()
            )
            await interaction.response.send_message(f"pinged {who.name}", ephemeral=True)

        @self.tree.command(description="Think, then mention someone")
        async def later(interaction: discord.Interaction, who: discord.Member) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(f"{who.mention}, here you go")  # fills the reply
            await interaction.followup.send(f"{who.mention}, and again")  # a new message

        @self.tree.command(description="Remove the last ping")
        async def unping(interaction: discord.Interaction) -> None:
            assert self.ping is not None
            await self.ping.delete()
            await interaction.response.send_message("removed", ephemeral=True)

        @self.tree.command(description="A reply to edit later")
        async def panel(interaction: discord.Interaction) -> None:
            self.replies.append(interaction)
            await interaction.response.send_message("panel", ephemeral=True)

        @self.tree.command(description="Edit the earlier panel")
        async def refresh(interaction: discord.Interaction) -> None:
            try:
                await self.replies[-1].edit_original_response(content="panel, refreshed")
            except discord.HTTPException as error:
                self.errors.append((error.status, error.code))
            await interaction.response.send_message("tried", ephemeral=True)

    async def setup_hook(self) -> None:
        self.tree.copy_global_to(guild=self.guild)
        await self.tree.sync(guild=self.guild)


@pytest.fixture
async def bot(discord_double: DiscordDouble) -> AsyncIterator[LayoutBot]:
    async with running_client(discord_double, LayoutBot(discord_double.guild.id)) as client:
        yield client


async def test_a_layout_view_with_a_picture_is_sent_clicked_and_edited(
    discord_double: DiscordDouble, bot: LayoutBot
) -> None:
    double = discord_double
    ana, bruno = double.member("ana"), double.member("bruno")
    await ana.slash("table")
    table = await double.wait_for(lambda: double.last_message("general", visible_to=bruno))
    assert table.latest.components_v2 and table.content == "" and table.embeds == []
    assert table.text_displays() == ["## Trick 1", "North to play"]
    assert [b["label"] for b in table.buttons()] == ["Next trick", "My hand"]
    assert table.files() == {"table.png": png(4, 2, 10)}
    (attachment,) = table.attachments
    assert attachment["description"] == "alt: trick 1"
    assert (attachment["content_type"], attachment["width"], attachment["height"]) == (
        "image/png",
        4,
        2,
    )
    (shown,) = table.media()
    assert shown["description"] == "the table at trick 1" and shown["data"] == png(4, 2, 10)
    assert shown["url"] == attachment["url"]  # attachment://table.png, resolved
    assert bot.table is not None and bot.table.flags.components_v2

    hand = await bruno.click(table, label="My hand")  # in an action row inside the container
    assert hand.content == "6|4 5|5" and hand.ephemeral
    moved = await ana.click(table, "v2:next")  # a section's accessory
    assert moved.response_type == 7 and not moved.failed
    assert table.text_displays()[0] == "## Trick 2"
    assert {"v2:next", "v2:hand"} <= set(bot.layouts[0].carried)
    assert bot.layouts[0].gallery == [table.versions[0].attachments[0]["url"]]
    assert table.files() == {"table.png": png(4, 2, 20)} and len(table.versions) == 2
    assert table.versions[0].files() == {"table.png": png(4, 2, 10)}  # every version kept

    await ana.slash("redraw")  # PATCH /channels/.../messages/... with a new file
    assert table.text_displays()[0] == "## Trick 9"
    assert table.files() == {"table.png": png(4, 2, 90)}
    assert table.media()[0]["description"] == "the table at trick 9"

    private = await bruno.slash("hand")
    await double.settle()
    panel, extra = private.messages
    assert panel.ephemeral_to is bruno.member and extra.ephemeral_to is bruno.member
    assert [v.text_displays() for v in panel.versions] == [
        ["Your hand: 6|4 5|5"],
        ["Your hand: 5|5"],
    ]
    assert [v.files() for v in panel.versions] == [
        {"hand.png": png(3, 1, 1)},
        {"hand.png": png(3, 1, 2)},
    ]
    assert [m["type"] for m in panel.media()] == [11, 13]
    assert all(m["data"] == png(3, 1, 2) for m in panel.media())
    assert extra.files() == {"hand.png": png(3, 1, 3)} and extra.latest.components_v2

    seen = [t for v in bruno.seen() for t in v.texts()]
    assert "North to play" in seen and "the table at trick 2" in seen and "alt: trick 9" in seen
    assert "hand 6|4 5|5" in seen  # the thumbnail's alt text
    double.assert_never_seen(ana, "6|4")  # bruno's hand stayed his
    double.assert_never_seen(ana, "hand.png")
    with pytest.raises(AssertionError, match="trick 2"):
        double.assert_never_seen(ana, "the table at trick 2")


async def test_only_created_messages_with_allowed_mentions_notify(
    discord_double: DiscordDouble, bot: LayoutBot
) -> None:
    double = discord_double
    ana, bruno = double.member("ana"), double.member("bruno")
    await ana.slash("ping", who=bruno)
    (note,) = bruno.notifications()
    assert note.reason == "mention" and note.message is bot_message(double, bot.ping)
    assert note.channel is double.channel("general") and ana.notifications() == []

    await ana.slash("ping", who=ana, silent_for="test")  # AllowedMentions.none()
    assert ana.notifications() == []

    await ana.slash("later", who=ana)
    await double.settle()
    (again,) = ana.notifications()  # filling in the deferred reply is an edit: no ping
    assert again.message.content == f"{ana.mention}, and again"

    await ana.slash("unping")
    gone = bot_message(double, bot.ping)
    assert gone.deleted and double.deletions == [gone] and gone.deleted_at is not None
    assert len(double.notifications()) == 2  # the ephemeral replies notified no one


async def test_interaction_tokens_expire_after_15_minutes(
    discord_double: DiscordDouble, bot: LayoutBot
) -> None:
    double = discord_double
    ana = double.member("ana")
    panel = await ana.slash("panel")
    double.advance(minutes=14)
    await ana.slash("refresh")
    assert panel.content == "panel, refreshed" and bot.errors == []
    double.advance(minutes=1, seconds=1)
    await ana.slash("refresh")  # the new interaction's own token is fresh; the panel's is not
    assert bot.errors == [(401, 50027)] and panel.content == "panel, refreshed"


def bot_message(double: DiscordDouble, message: discord.Message | None) -> Message:
    assert message is not None
    return double.message(message.id)


async def test_application_emojis_on_buttons(discord_double: DiscordDouble, bot: LayoutBot) -> None:
    double = discord_double
    face = await bot.create_application_emoji(name="d6_4", image=png(2, 2, 64))
    assert [e.name for e in await bot.fetch_application_emojis()] == ["d6_4"]
    assert double.app_emojis[0].image == png(2, 2, 64)
    with pytest.raises(discord.HTTPException) as taken:
        await bot.create_application_emoji(name="d6_4", image=png(2, 2, 1))
    assert taken.value.code == 50035
    renamed = await face.edit(name="six_four")
    assert (await bot.fetch_application_emoji(face.id)).name == renamed.name == "six_four"

    channel = bot.get_channel(double.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="[6|4]", emoji=renamed, custom_id="play:64"))
    sent = await channel.send("your tiles", view=view)
    (button,) = double.message(sent.id).buttons()
    assert int(button["emoji"]["id"]) == face.id
    double.assert_never_seen(double.member("ana"), "d6_4")
    with pytest.raises(AssertionError, match="six_four"):  # an emoji's name counts as seen
        double.assert_never_seen(double.member("ana"), "six_four")

    stranger = discord.PartialEmoji(name="x", id=double.world.ids.next())
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="?", emoji=stranger, custom_id="play:x"))
    with pytest.raises(discord.HTTPException) as invalid:
        await channel.send("no such emoji", view=view)
    assert invalid.value.code == 50035
    await face.delete()
    assert double.app_emojis == []
    with pytest.raises(discord.NotFound):
        await bot.fetch_application_emoji(face.id)
