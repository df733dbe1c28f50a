"""A guild as the double holds it: its roles, members and channels, and the permissions those add
up to by Discord's algorithm."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .payload import JSON, iso


class Perm:
    """Permission bits the double reasons about (values from Discord's documentation)."""

    ADMINISTRATOR = 1 << 3
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    USE_EXTERNAL_EMOJIS = 1 << 18
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_EVENTS = 1 << 33
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    CREATE_EVENTS = 1 << 44
    ALL = (1 << 51) - 1


EVERYONE_PERMISSIONS = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.ADD_REACTIONS
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
)
"""What a new server's @everyone may do, as Discord sets it up (the permissions the double
reasons about): neither Create Events nor Manage Events among them."""
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | Perm.MANAGE_MESSAGES
"""The bot's own role: what it is invited with. Events are not among them; a test grants them
(``DiscordDouble.grant_bot``) as an admin would."""
DM_PERMISSIONS = EVERYONE_PERMISSIONS


class ChannelType:
    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    bot_id: int | None = None
    mentionable: bool = False
    """Anyone may ping its members by mentioning it (else only with Mention Everyone)."""

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": self.mentionable,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False, repr=False)
class Member:
    """A user in the guild: a simulated person, or the bot itself."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=lambda: iso(time.time()))
    guild_ids: set[int] = field(default_factory=set)
    """The guilds they are a member of: they see those guilds' channels only."""

    def __repr__(self) -> str:
        return f"<Member {self.name} id={self.id}{' bot' if self.bot else ''}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def user_payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }

    def member_payload(
        self, permissions: int | None = None, *, with_user: bool = True, guild: Guild | None = None
    ) -> JSON:
        """The member as ``guild`` has them (only its roles; the bot is in every guild)."""
        roles = [r for r in self.role_ids if guild is None or r in guild.roles]
        data: JSON = {
            "roles": [str(r) for r in roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite; type 0 targets a role, 1 a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False, repr=False)
class Channel:
    id: int
    name: str
    type: int = ChannelType.TEXT
    guild_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient: Member | None = None  # DM channels only
    thread: ThreadState | None = None  # threads only

    def __repr__(self) -> str:
        where = f"dm with {self.recipient.name}" if self.recipient else f"#{self.name}"
        if self.thread is not None:
            where = f"thread {self.name!r} of {self.thread.parent_id}"
        return f"<Channel {where} id={self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def is_thread(self) -> bool:
        return self.thread is not None

    @property
    def parent_id(self) -> int | None:
        """The channel a thread was started in (None for any other channel)."""
        return self.thread.parent_id if self.thread is not None else None

    def payload(self, permissions: int | None = None) -> JSON:
        if self.is_dm:
            assert self.recipient is not None
            data: JSON = {
                "id": str(self.id),
                "type": ChannelType.DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.user_payload()],
            }
        else:
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [o.payload() for o in self.overwrites],
                "topic": None,
                "nsfw": False,
                "parent_id": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        if self.thread is not None:
            data = self.thread.payload(self, data)
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class ThreadState:
    """What a thread has beyond a channel: the channel it was started in (whose permissions
    are its own: a thread has no overwrites), who started it, and its archive settings."""

    parent_id: int
    owner_id: int
    auto_archive_duration: int
    created_at: float
    message_count: int = 0
    member_ids: set[int] = field(default_factory=set)
    """Who has joined: its creator, and whoever posted in it or was mentioned there."""

    def payload(self, channel: Channel, data: JSON) -> JSON:
        """A channel's payload as a thread's (Discord's thread channel object)."""
        data = {k: v for k, v in data.items() if k not in ("position", "permission_overwrites",
                                                          "topic", "nsfw")}
        return {
            **data,
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "message_count": self.message_count,
            "total_message_sent": self.message_count,
            "member_count": len(self.member_ids),
            "thread_metadata": {
                "archived": False,
                "archive_timestamp": iso(self.created_at),
                "auto_archive_duration": self.auto_archive_duration,
                "locked": False,
                "create_timestamp": iso(self.created_at),
            },
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    preferred_locale: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    threads: dict[int, Channel] = field(default_factory=dict)
    """Its threads, which Discord keeps apart from its channels (they are not listed with
    them, and have no position)."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def roles_of(self, member: Member) -> list[int]:
        return [r for r in member.role_ids if r in self.roles]

    def channel_named(self, name: str) -> Channel:
        """The channel called ``name``, else the thread (the first one started, if several)."""
        for channel in [*self.channels.values(), *self.threads.values()]:
            if channel.name == name:
                return channel
        raise KeyError(
            f"no channel named {name!r} in {self.name}; have "
            f"{[c.name for c in [*self.channels.values(), *self.threads.values()]]}"
        )

    def shard(self, shard_count: int) -> int:
        """Which shard of ``shard_count`` Discord sends this guild's events to."""
        return (self.id >> 22) % shard_count

    def bot_role(self, bot: Member) -> Role:
        """The role Discord made for ``bot`` when it joined (its permissions are the bot's)."""
        return next(r for r in self.roles.values() if r.bot_id == bot.id)

    def role_named(self, name: str) -> Role:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r}")

    def permissions(self, member: Member, channel: Channel | None = None) -> int:
        """Discord's permission algorithm: roles, then overwrites (everyone, roles, member). A
        thread has the permissions of the channel it was started in."""
        if channel is not None and channel.thread is not None:
            channel = self.channels[channel.thread.parent_id]
        if member.id == self.owner_id:
            return Perm.ALL
        base = self.everyone.permissions
        for role_id in self.roles_of(member):
            base |= self.roles[role_id].permissions
        if base & Perm.ADMINISTRATOR:
            return Perm.ALL
        if channel is None:
            return base
        by_target = {(o.type, o.id): o for o in channel.overwrites}
        if everyone := by_target.get((0, self.id)):
            base = (base & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in self.roles_of(member):
            if role_ow := by_target.get((0, role_id)):
                allow |= role_ow.allow
                deny |= role_ow.deny
        base = (base & ~deny) | allow
        if member_ow := by_target.get((1, member.id)):
            base = (base & ~member_ow.deny) | member_ow.allow
        return base
