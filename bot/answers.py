"""Answering interactions: within Discord's window, privately when something is refused, and
never with "This interaction failed"."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord import app_commands

from .i18n import normalize_locale, t
from .service import Refusal

log = logging.getLogger(__name__)
T = TypeVar("T")

WINDOW = 3.0
"""Seconds Discord gives an interaction for its first answer."""
MARGIN = 0.8
"""Kept for the answer's own round trip: past ``WINDOW - MARGIN`` the interaction is deferred."""


def locale_of(interaction: discord.Interaction[Any]) -> str | None:
    """The presser's language, for everything only they will read."""
    return normalize_locale(interaction.locale)


def elapsed(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction (from its id), never below zero."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(max(age, 0.0), WINDOW)


async def within_window(interaction: discord.Interaction[Any], work: Awaitable[T], *,
                        update: bool = False, ephemeral: bool = True) -> T:
    """Await ``work``; if it is still running close to the end of Discord's window, defer
    the interaction first (``update``: without a "thinking" message, for a component whose
    message will be edited), so that a slow moment never turns into a failed interaction."""
    task = asyncio.ensure_future(work)
    budget = WINDOW - MARGIN - elapsed(interaction)
    done, _ = await asyncio.wait({task}, timeout=max(budget, 0.0))
    if not done and not interaction.response.is_done():
        try:
            if update and interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except discord.HTTPException:
            log.warning("could not defer interaction %s in time", interaction.id)
    return await task


async def send_private(interaction: discord.Interaction[Any], content: str | None, *,
                       embed: discord.Embed | None = None,
                       view: discord.ui.View | None = None) -> None:
    """A message only the presser sees, as the answer or, once answered, as a followup."""
    kwargs: dict[str, Any] = {"content": content, "ephemeral": True,
                              "allowed_mentions": discord.AllowedMentions.none()}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    try:
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s: %s", interaction.id, error)


EXPECTED = (Refusal, app_commands.CheckFailure, app_commands.CommandNotFound,
            app_commands.CommandSignatureMismatch, app_commands.TransformerError)
"""What people can cause (a refusal, a stale command, a value no choice has): answered, not an
error of the bot's."""


def error_text(locale: str | None, error: BaseException) -> str:
    """What to tell the presser about ``error``: the refusal itself, or an apology that says
    nothing of the internals (they go to the log)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, Refusal):
        return error.text(locale)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return t(locale, "That command is not one of mine any more: Discord may still be"
                         " updating its list. Type /42 again and pick one from the list.")
    if isinstance(error, app_commands.TransformerError):
        return t(locale, "That value is not one of the option's choices: pick one from the"
                         " list Discord shows.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(locale, "Texas 42 is played in server channels: use /42 in a server, not in a"
                         " direct message.")
    if isinstance(error, app_commands.CheckFailure):
        return t(locale, "You can't use that here.")
    return t(locale, "Something went wrong on my side and nothing was changed. Please try"
                     " again.")


ALREADY_ANSWERED = 40060
"""Discord's code for an interaction acknowledged already."""


def answered_elsewhere(error: BaseException) -> bool:
    """Another process of the bot holding the same shard (for a moment, in a rolling deploy)
    received the same interaction and answered it first: nothing is left to say."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ANSWERED


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one place an error becomes an answer: privately, in the presser's language."""
    if answered_elsewhere(error):
        log.info("interaction %s was answered by another process of the bot", interaction.id)
        return
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, EXPECTED):
        if not isinstance(original, Refusal):
            log.info("interaction %s refused: %s", interaction.id, original)
    else:
        log.error("interaction %s failed", interaction.id, exc_info=original)
    await send_private(interaction, error_text(locale_of(interaction), original))
