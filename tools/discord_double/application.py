"""What the bot's application owns besides its user: its emojis, and the command syncs it sent."""

from __future__ import annotations

from dataclasses import dataclass

from .guilds import Member
from .payload import JSON


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
