"""A message's parts, ready to send or to edit in: its text, embed, buttons and pictures."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

COLOUR = discord.Colour.dark_green()


NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG for a message, with its text alternative."""

    filename: str
    data: bytes
    description: str

    def file(self) -> discord.File:
        """A new upload each time: discord.py consumes a file when it sends it."""
        return discord.File(io.BytesIO(self.data), self.filename, description=self.description)


@dataclass
class Reply:
    """A message's parts, ready to send or to edit in."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    allowed_mentions: discord.AllowedMentions = field(default_factory=lambda: NO_MENTIONS)
    pictures: list[Picture] = field(default_factory=list)
    text_alone: Reply | None = None
    """The same message for when its pictures are refused, its text saying all they show;
    ``None``: the text already does, without them."""

    def show(self, picture: Picture) -> None:
        """``picture`` as the embed's image."""
        self.pictures.append(picture)
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{picture.filename}")

    def without_pictures(self) -> Reply:
        """The same message as text alone, saying what the pictures show."""
        if self.text_alone is not None:
            return self.text_alone
        embed = self.embed.copy().set_image(url=None) if self.embed is not None else None
        return Reply(self.content, embed, self.view, self.allowed_mentions)

    def edit_kwargs(self) -> dict[str, Any]:
        """For an edit: every part is set, so what is absent is cleared."""
        return {"content": self.content, "embed": self.embed, "view": self.view,
                "allowed_mentions": self.allowed_mentions,
                "attachments": [picture.file() for picture in self.pictures]}

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"allowed_mentions": self.allowed_mentions}
        if self.content:
            kwargs["content"] = self.content
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        if self.pictures:
            kwargs["files"] = [picture.file() for picture in self.pictures]
        return kwargs


FIELD = 1024
"""The most characters an embed field holds."""


def fit_lines(lines: Sequence[str], limit: int = FIELD) -> str:
    """As many whole lines as an embed field holds."""
    kept: list[str] = []
    size = 0
    for line in lines:
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    return "\n".join(kept)
