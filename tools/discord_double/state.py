"""What the double's Discord holds: a guild, its channels, roles and members, every message.

Everything here is plain data so a test can inspect it directly. Messages keep every version
they ever had, because the question tests most need answered is "could this member ever have
seen that text?", not just "what does the message say now?".
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock, Snowflakes
from .guilds import (
    BOT_PERMISSIONS,
    DM_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    Channel,
    ChannelType,
    Guild,
    Member,
    Overwrite,
    Role,
)
from .payload import JSON, iso


class Flag:
    """Message flags that change what the double does."""

    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    COMPONENTS_V2 = 1 << 15


@dataclass(eq=False, repr=False)
class MessageVersion:
    """One state of a message; an edit appends a new version rather than overwriting."""

    message: Message = field(repr=False)
    content: str
    embeds: list[JSON]
    components: list[JSON]
    attachments: list[JSON]
    flags: int
    mention_ids: list[int]
    edited_timestamp: str | None
    blobs: dict[str, bytes] = field(default_factory=dict)  # attachment id -> uploaded bytes

    def __repr__(self) -> str:
        n = self.message.versions.index(self) + 1 if self in self.message.versions else "?"
        return f"<MessageVersion {n} of message {self.message.id} {self.content!r}>"

    def texts(self) -> list[str]:
        """Every human- or bot-readable string in this version, for visibility checks."""
        found = [self.content] if self.content else []
        for embed in self.embeds:
            found += [embed.get(k) or "" for k in ("title", "description", "url")]
            found += [
                (embed.get(k) or {}).get(sub) or ""
                for k, sub in (("footer", "text"), ("author", "name"))
            ]
            for f in embed.get("fields") or []:
                found += [f.get("name") or "", f.get("value") or ""]
        found += component_texts(self.components)
        found += [a.get("filename") or "" for a in self.attachments]
        found += [a.get("description") or "" for a in self.attachments]
        return [t for t in found if t]

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & Flag.COMPONENTS_V2)

    def text_displays(self) -> list[str]:
        """The content of every text display (type 10), in reading order, nested ones too."""
        return [
            c.get("content") or "" for c in walk_components(self.components) if c.get("type") == 10
        ]

    def files(self) -> dict[str, bytes]:
        """The uploaded bytes of each attachment of this version, by filename."""
        return {
            a["filename"]: self.blobs[a["id"]] for a in self.attachments if a["id"] in self.blobs
        }

    def media(self) -> list[JSON]:
        """Every media item shown by a thumbnail, gallery or file component: ``url``,
        ``description``, ``spoiler`` and, for attachments of this message, ``filename`` and
        ``data`` (the uploaded bytes)."""
        by_id = {a["id"]: a for a in self.attachments}
        found: list[JSON] = []
        for c in walk_components(self.components):
            kind = c.get("type")
            if kind == 12:
                items = c.get("items") or []
            elif kind in (11, 13):
                items = [c]
            else:
                continue
            for item in items:
                media = item.get("media") or item.get("file") or {}
                entry: JSON = {
                    "type": kind,
                    "url": media.get("url"),
                    "description": item.get("description"),
                    "spoiler": bool(item.get("spoiler")),
                }
                attachment = by_id.get(str(media.get("attachment_id")))
                if attachment is not None:
                    entry["filename"] = attachment["filename"]
                    entry["data"] = self.blobs.get(attachment["id"])
                found.append(entry)
        return found


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component, including those nested in rows, containers, sections and accessories."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        if accessory := component.get("accessory"):
            yield from walk_components([accessory])


def component_texts(components: list[JSON]) -> list[str]:
    """Labels, emoji names, placeholders, custom_ids, text displays, select options, and the
    descriptions (alt text) and urls of media in thumbnails, galleries and file components."""
    found: list[str] = []
    for c in walk_components(components):
        found += [c.get(k) or "" for k in ("label", "placeholder", "custom_id", "content", "url")]
        found.append((c.get("emoji") or {}).get("name") or "")
        for option in c.get("options") or []:
            found += [option.get(k) or "" for k in ("label", "value", "description")]
            found.append((option.get("emoji") or {}).get("name") or "")
        for item in [c, *(c.get("items") or [])]:
            if item is not c or c.get("type") in (11, 13):
                found.append(item.get("description") or "")
            media = item.get("media") or item.get("file") or {}
            found += [media.get("url") or "", media.get("original_url") or ""]
        found.append(c.get("name") or "")  # a file component's filename
    return found


@dataclass(eq=False, repr=False)
class Message:
    """A message and its full history. Attributes like ``content`` read the latest version."""

    id: int
    channel: Channel
    author: Member
    type: int = 0
    versions: list[MessageVersion] = field(default_factory=list)
    ephemeral_to: Member | None = None
    interaction: Interaction | None = None
    webhook_id: int | None = None
    tts: bool = False
    deleted: bool = False
    deleted_at: float | None = None  # the double's clock (``World.clock``) when deleted

    def __repr__(self) -> str:
        seen_by = f" ephemeral to {self.ephemeral_to.name}" if self.ephemeral_to else ""
        gone = " deleted" if self.deleted else ""
        return (
            f"<Message {self.id} in {self.channel!r}{seen_by}{gone} "
            f"v{len(self.versions)} {self.content!r}>"
        )

    @property
    def latest(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.latest.content

    @property
    def embeds(self) -> list[JSON]:
        return self.latest.embeds

    @property
    def components(self) -> list[JSON]:
        return self.latest.components

    @property
    def attachments(self) -> list[JSON]:
        return self.latest.attachments

    @property
    def flags(self) -> int:
        return self.latest.flags

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & Flag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred reply's "thinking..." placeholder."""
        return bool(self.flags & Flag.LOADING)

    @property
    def timestamp(self) -> str:
        return iso(Snowflakes.timestamp(self.id))

    def visible_to(self, member: Member) -> bool:
        if self.ephemeral_to is not None:
            return self.ephemeral_to is member
        if self.channel.is_dm:
            return self.channel.recipient is member
        return self.channel.guild_id in member.guild_ids

    def texts(self) -> list[str]:
        """Texts of every version this message ever had."""
        return [t for v in self.versions for t in v.texts()]

    def text_displays(self) -> list[str]:
        """The latest version's text displays (Components V2), nested ones included."""
        return self.latest.text_displays()

    def files(self) -> dict[str, bytes]:
        """The latest version's attachments as {filename: uploaded bytes}."""
        return self.latest.files()

    def media(self) -> list[JSON]:
        """The latest version's thumbnails, gallery items and file components (see
        ``MessageVersion.media``)."""
        return self.latest.media()

    def buttons(self) -> list[JSON]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    def selects(self) -> list[JSON]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    def payload(self) -> JSON:
        v = self.latest
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.user_payload(),
            "content": v.content,
            "timestamp": self.timestamp,
            "edited_timestamp": v.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": v.attachments,
            "embeds": v.embeds,
            "pinned": False,
            "type": self.type,
            "flags": v.flags,
            "components": v.components,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            i = self.interaction
            meta: JSON = {
                "id": str(i.id),
                "type": i.type,
                "user": i.user.user_payload(),
                "authorizing_integration_owners": i.payload["authorizing_integration_owners"],
            }
            if i.original is not None and i.original is not self:
                meta["original_response_message_id"] = str(i.original.id)
            if i.source_message is not None:
                meta["interacted_message_id"] = str(i.source_message.id)
            data["interaction_metadata"] = meta
        return data


@dataclass(eq=False, repr=False)
class Interaction:
    """One interaction sent to the bot, and everything the bot did in answer to it."""

    id: int
    token: str
    type: int
    user: Member
    channel: Channel
    payload: JSON
    description: str
    window: float
    deadline: float  # event-loop time after which an initial response is too late
    created_at: float = 0.0  # the double's clock; the token works for 15 minutes from then
    source_message: Message | None = None  # the message a clicked component is on
    status: str = "pending"  # pending -> answered | failed
    failure: str | None = None
    response_type: int | None = None
    original: Message | None = None  # what webhooks/@original refers to
    followups: list[Message] = field(default_factory=list)
    late_callbacks: list[JSON] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    choices: list[JSON] | None = None  # autocomplete answer
    modal: JSON | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.description!r} by {self.user.name} {self.status}>"

    @property
    def failed(self) -> bool:
        return self.status == "failed"

    def fail(self, reason: str) -> None:
        if self.status == "pending":
            self.status = "failed"
            self.failure = reason
            self.answered.set()


@dataclass(eq=False)
class AppEmoji:
    """An emoji the application owns (usable in any message it sends)."""

    id: int
    name: str
    image: bytes
    content_type: str
    user: Member

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.user_payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.content_type == "image/gif",
            "available": True,
        }


@dataclass(eq=False)
class CommandSync:
    """One bulk overwrite of application commands, as the bot sent it."""

    guild_id: int | None
    commands: list[JSON]
    at: float


@dataclass(eq=False)
class Notification:
    """A notification Discord would have shown ``member``: a mention in a new message (one
    ``allowed_mentions`` let through), or a new message in their DM channel."""

    member: Member
    message: Message
    channel: Channel
    at: float  # the double's clock
    reason: str  # "mention" or "dm"

    def __repr__(self) -> str:
        return f"<Notification {self.reason} for {self.member.name} message {self.message.id}>"


MENTION = re.compile(r"<@!?(\d+)>")
SUPPRESS_NOTIFICATIONS = 1 << 12


class World:
    """All state of the double, plus change notification for tests that wait on it."""

    def __init__(self, *, bot_name: str, guild_name: str, guild_locale: str, token: str) -> None:
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        self.notifications: list[Notification] = []
        self.deletions: list[Message] = []
        self.token = token
        self.application_id = self.ids.next()
        self.owner_id = self.ids.next()  # a guild owner who is not otherwise involved
        self.bot = Member(self.application_id, bot_name, bot=True)
        self.guilds: dict[int, Guild] = {}
        self.guild = self.add_guild(guild_name, guild_locale)
        """The first guild: where members act unless a test says otherwise."""
        self.dm_channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.command_syncs: list[CommandSync] = []
        self.uploads: dict[int, bytes] = {}
        self.app_emojis: dict[int, AppEmoji] = {}
        self._changed = asyncio.Event()
        self.last_change = 0.0

    # -- change notification -------------------------------------------------------------

    def touch(self) -> None:
        """Wake everything waiting on the world; called after every mutation."""
        self.last_change = time.monotonic()
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait until the next mutation, or ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    # -- guilds ----------------------------------------------------------------------------

    def add_guild(self, name: str, locale: str = "en-US", *, id: int | None = None) -> Guild:
        """A guild the bot is in, with its @everyone role and the bot's own role."""
        guild_id = id if id is not None else self.ids.next()
        guild = Guild(guild_id, name, locale, self.owner_id)
        guild.roles[guild_id] = Role(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = Role(
            self.ids.next(), self.bot.name, BOT_PERMISSIONS, position=1, bot_id=self.bot.id
        )
        guild.roles[bot_role.id] = bot_role
        self.bot.role_ids.append(bot_role.id)
        guild.members[self.bot.id] = self.bot
        self.bot.guild_ids.add(guild.id)
        self.guilds[guild.id] = guild
        return guild

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def add_channel(
        self, name: str, *, overwrites: list[Overwrite] | None = None, guild: Guild | None = None
    ) -> Channel:
        guild = guild or self.guild
        channel = Channel(
            self.ids.next(),
            name,
            guild_id=guild.id,
            position=len(guild.channels),
            overwrites=overwrites or [],
        )
        guild.channels[channel.id] = channel
        return channel

    def channel_named(self, name: str) -> Channel:
        """The first guild's channel called ``name``."""
        return self.guild.channel_named(name)

    def dm_channel(self, member: Member) -> Channel:
        if member.id not in self.dm_channels:
            self.dm_channels[member.id] = Channel(
                self.ids.next(), "", type=ChannelType.DM, recipient=member
            )
        return self.dm_channels[member.id]

    def find_channel(self, channel_id: int) -> Channel | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild.channels[channel_id]
        return next((c for c in self.dm_channels.values() if c.id == channel_id), None)

    def member_named(self, name: str, guild: Guild | None = None) -> Member | None:
        return next((m for m in (guild or self.guild).members.values() if m.name == name), None)

    def user(self, user_id: int) -> Member | None:
        """A member of any guild, by id."""
        for guild in self.guilds.values():
            if user_id in guild.members:
                return guild.members[user_id]
        return None

    def add_member(
        self, name: str, locale: str, roles: list[Role], guild: Guild | None = None
    ) -> Member:
        guild = guild or self.guild
        member = Member(self.ids.next(), name, locale=locale, role_ids=[r.id for r in roles])
        member.guild_ids.add(guild.id)
        guild.members[member.id] = member
        return member

    def permissions(self, member: Member, channel: Channel | None) -> int:
        """In ``channel`` (in the first guild when ``None``)."""
        if channel is not None and channel.is_dm:
            return DM_PERMISSIONS
        guild = self.guild_of(channel) if channel is not None else None
        return (guild or self.guild).permissions(member, channel)

    def guild_payload(self, guild: Guild | None = None, *, with_members: bool) -> JSON:
        """The GUILD_CREATE body; members other than the bot only with the members intent."""
        g = guild or self.guild
        members = list(g.members.values()) if with_members else [self.bot]
        return {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(g.owner_id),
            "preferred_locale": g.preferred_locale,
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "joined_at": self.bot.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(g.members),
            "roles": [r.payload() for r in g.roles.values()],
            "channels": [c.payload() for c in g.channels.values()],
            "members": [m.member_payload(guild=g) for m in members],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # -- messages --------------------------------------------------------------------------

    def new_version(self, message: Message, body: JSON, *, edit: bool) -> MessageVersion:
        """A version built from a create/edit body; on edit, absent fields keep their value."""
        prev = message.versions[-1] if message.versions else None

        def pick(key: str, default: Any) -> Any:
            if key in body:
                return body[key] if body[key] is not None else default
            return getattr(prev, key) if prev is not None else default

        content = pick("content", "")
        flags = pick("flags", 0)
        if prev is not None:  # ephemerality cannot change after creation; an edit ends loading;
            # and a Components V2 message stays one
            keep = prev.flags & (Flag.EPHEMERAL | Flag.COMPONENTS_V2)
            flags = (flags & ~(Flag.EPHEMERAL | Flag.LOADING)) | keep
        components = pick("components", [])
        mentionable = content
        if flags & Flag.COMPONENTS_V2:  # mentions in text displays count
            mentionable += " ".join(
                c.get("content") or "" for c in walk_components(components) if c.get("type") == 10
            )
        mentions = list(
            dict.fromkeys(
                int(i) for i in MENTION.findall(mentionable) if self.user(int(i)) is not None
            )
        )
        attachments = pick("attachments", [])
        blobs = {
            a["id"]: self.uploads[int(a["id"])] for a in attachments if int(a["id"]) in self.uploads
        }
        return MessageVersion(
            message=message,
            content=content,
            embeds=pick("embeds", []),
            components=components,
            attachments=attachments,
            flags=flags,
            mention_ids=mentions,
            edited_timestamp=iso(self.clock.now()) if edit else None,
            blobs=blobs,
        )

    def create_message(
        self,
        channel: Channel,
        body: JSON,
        *,
        type: int = 0,
        interaction: Interaction | None = None,
        ephemeral_to: Member | None = None,
    ) -> Message:
        message = Message(
            self.ids.next(),
            channel,
            self.bot,
            type=type,
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            tts=bool(body.get("tts")),
            webhook_id=self.application_id if interaction is not None else None,
        )
        message.versions.append(self.new_version(message, body, edit=False))
        self.messages[message.id] = message
        self.notify(message, body)
        self.touch()
        return message

    def notify(self, message: Message, body: JSON) -> None:
        """Record whom Discord notifies for a newly created message.

        Only creation notifies (a mention added by an edit never does), ephemeral messages and
        ``SUPPRESS_NOTIFICATIONS`` notify no one, and a mention notifies only if
        ``allowed_mentions`` lets it through: absent, every user mention is parsed; present,
        only ``parse: ["users"]`` or the ids in ``users``. A DM notifies its recipient."""
        version = message.latest
        if message.ephemeral or version.flags & (Flag.LOADING | SUPPRESS_NOTIFICATIONS):
            return
        allowed = body.get("allowed_mentions")
        if allowed is None:
            targets = version.mention_ids
        else:
            parse = allowed.get("parse") or []
            users = {int(u) for u in allowed.get("users") or []}
            targets = [i for i in version.mention_ids if "users" in parse or i in users]
        now = self.clock.now()
        notified: set[int] = set()
        if message.channel.is_dm and message.channel.recipient is not None:
            recipient = message.channel.recipient
            self.notifications.append(Notification(recipient, message, message.channel, now, "dm"))
            notified.add(recipient.id)
        for member_id in targets:
            member = self.user(member_id)
            if member is None or member.bot or member_id in notified:
                continue
            if not message.visible_to(member):
                continue
            notified.add(member_id)
            self.notifications.append(
                Notification(member, message, message.channel, now, "mention")
            )

    def edit_message(self, message: Message, body: JSON) -> Message:
        message.versions.append(self.new_version(message, body, edit=True))
        self.touch()
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        message.deleted_at = self.clock.now()
        self.deletions.append(message)
        self.touch()

    # -- interactions ----------------------------------------------------------------------

    def new_token(self) -> str:
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)

    def interaction_by_token(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    def all_commands(self) -> Iterator[JSON]:
        yield from self.global_commands
        for commands in self.guild_commands.values():
            yield from commands

    # -- queries ---------------------------------------------------------------------------

    def messages_where(self, predicate: Callable[[Message], bool]) -> list[Message]:
        return [m for m in self.messages.values() if predicate(m)]
