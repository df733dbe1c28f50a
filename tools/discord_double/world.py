"""All the double's Discord holds (guilds, DM channels, messages, interactions, commands, emojis
and uploads), the changes made to it, and a way to wait for the next one.

Everything in it is plain data so a test can inspect it directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

from .application import AppEmoji, CommandSync
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
    ThreadState,
)
from .messages import Flag, Interaction, Message, MessageVersion, Notification, walk_components
from .payload import JSON, iso
from .scheduled_events import ScheduledEvent, timestamp

MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
MENTION_EVERYONE = 1 << 17
SUPPRESS_NOTIFICATIONS = 1 << 12


class World:
    """All state of the double, plus change notification for tests that wait on it."""

    def __init__(self, *, bot_name: str, guild_name: str, guild_locale: str, token: str) -> None:
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        self.old_message_edits: list[int] = []
        """The messages edited when older than an hour (Discord caps those edits), in order."""
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
        self.scheduled_events: dict[int, ScheduledEvent] = {}
        """Every guild's scheduled events, deleted ones included, oldest first."""
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

    def add_thread(self, parent: Channel, name: str, owner: Member,
                   auto_archive_duration: int) -> Channel:
        """A public thread started in ``parent`` without a message, its creator in it."""
        guild = self.guild_of(parent)
        assert guild is not None and not parent.is_thread
        state = ThreadState(parent.id, owner.id, auto_archive_duration, self.clock.now(),
                            member_ids={owner.id})
        thread = Channel(self.ids.next(), name, type=ChannelType.PUBLIC_THREAD,
                         guild_id=guild.id, thread=state)
        guild.threads[thread.id] = thread
        self.touch()
        return thread

    def find_channel(self, channel_id: int) -> Channel | None:
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild.channels[channel_id]
            if channel_id in guild.threads:
                return guild.threads[channel_id]
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
            "threads": [t.payload() for t in g.threads.values()],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [e.payload() for e in self.events_of(g)],
            "soundboard_sounds": [],
        }

    # -- scheduled events ------------------------------------------------------------------

    def events_of(self, guild: Guild) -> list[ScheduledEvent]:
        """``guild``'s scheduled events that are not deleted, oldest first."""
        return [e for e in self.scheduled_events.values()
                if e.guild_id == guild.id and not e.deleted]

    def add_scheduled_event(self, guild: Guild, creator: Member, body: JSON) -> ScheduledEvent:
        """An external event made from a create body already checked (by the route, or by a
        test that makes one as a member would)."""
        now = self.clock.now()
        event = ScheduledEvent(
            self.ids.next(), guild.id, creator, body["name"], body.get("description"),
            timestamp(body, "scheduled_start_time"), timestamp(body, "scheduled_end_time"),
            body["entity_metadata"]["location"], now)
        event.set_status(event.status, now)
        self.scheduled_events[event.id] = event
        self.touch()
        return event

    def automate_events(self) -> list[ScheduledEvent]:
        """Discord's own status changes up to now (external events start at their start time
        and complete at their end time): the events that changed."""
        now = self.clock.now()
        changed = [e for e in self.scheduled_events.values() if e.automate(now)]
        if changed:
            self.touch()
        return changed

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
        reference: JSON | None = None,
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
            reference=reference,
        )
        message.versions.append(self.new_version(message, body, edit=False))
        self.messages[message.id] = message
        if (thread := channel.thread) is not None and ephemeral_to is None:
            thread.message_count += 1
            thread.member_ids.add(message.author.id)
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
        targets = targets + self._role_members(message, version, allowed)
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
            if message.channel.thread is not None:  # a mention adds them to the thread
                message.channel.thread.member_ids.add(member_id)
            self.notifications.append(
                Notification(member, message, message.channel, now, "mention")
            )

    def _role_members(self, message: Message, version: MessageVersion,
                      allowed: JSON | None) -> list[int]:
        """The members a message pings through the roles it mentions: a role ``allowed_mentions``
        lets through (absent: every one), which is mentionable or which the author may ping
        with Mention Everyone."""
        guild = self.guild_of(message.channel)
        if guild is None:
            return []
        roles = [int(i) for i in ROLE_MENTION.findall(version.content) if int(i) in guild.roles]
        if allowed is not None:
            listed = {int(r) for r in allowed.get("roles") or []}
            roles = [r for r in roles if "roles" in (allowed.get("parse") or []) or r in listed]
        everyone = bool(self.permissions(self.bot, message.channel) & MENTION_EVERYONE)
        roles = [r for r in roles if guild.roles[r].mentionable or everyone]
        return [m.id for m in guild.members.values() if set(guild.roles_of(m)) & set(roles)]

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
