"""Messages with every version they ever had, the interactions they answer, and the
notifications they caused.

Messages keep every version because the question tests most need answered is "could this member
ever have seen that text?", not just "what does the message say now?".
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field

from .clock import Snowflakes
from .guilds import Channel, Member
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
    reference: JSON | None = None
    """``message_reference``: for a thread's system message in its channel, the thread."""

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
        if self.reference is not None:
            data["message_reference"] = self.reference
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
    answered_at: float = 0.0  # event-loop time of the first callback

    @property
    def answer_time(self) -> float:
        """Seconds from the interaction's creation to its first callback."""
        return self.answered_at - (self.deadline - self.window)

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
