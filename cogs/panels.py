"""Members' open panels: each member's latest panel at a table follows the game for as long as
Discord lets the bot edit it.

A panel is a private (ephemeral) message: only the token of an interaction that answered with
it, or of a click on it, can edit it, for 15 minutes. Every click on the panel brings a fresh
token, so a member who plays keeps their panel alive. When the member opens another panel at
the same table, the older one says it was replaced (its button brings the panel back there);
when the last token runs out, the panel says so. Where each panel is and its latest token are
stored with the table, so after a restart the panels that can still be edited follow the game
again.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

from bot.keyed import KeyedWorkers
from bot.records import PanelHandle
from bot.service import Panel, Refusal, TableService

from .faces import Faces
from .messages.panel import expired_panel, panel_message, replaced_panel
from .messages.reply import Reply
from .pictured import show_hand
from .pictures import Pictures

log = logging.getLogger(__name__)

PANEL_LIFETIME = datetime.timedelta(minutes=14, seconds=30)
"""An interaction token can edit its message for 15 minutes; keep a margin for the last edit,
which says the panel has expired."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A line shown on a panel (a hint, why a click did nothing) for as long as the game stays
    where it was when it was given: a redraw of the same state keeps it, the next move ends it."""

    text: str
    hand: int
    count: int

    @classmethod
    def on(cls, panel: Panel, text: str) -> Notice:
        return cls(text, panel.observation.hand_number, panel.count)

    def holds(self, panel: Panel) -> bool:
        return panel.drawn_at(self.hand, self.count)


@dataclass(slots=True)
class _OpenPanel:
    handle: PanelHandle
    interaction: discord.Interaction[Any] | None
    """The interaction behind the latest token, while this process holds it; after a restart,
    only the stored token (:meth:`edit` then reaches the panel by its message id)."""
    expiry: asyncio.TimerHandle | None = None
    notice: Notice | None = None

    @property
    def editable(self) -> bool:
        return time.time() < self.handle.expires

    async def edit(self, client: discord.Client, reply: Reply) -> None:
        if self.interaction is not None:
            await self.interaction.edit_original_response(**reply.edit_kwargs())
            return
        assert client.application_id is not None
        hook = discord.Webhook.partial(client.application_id, self.handle.token, client=client)
        await hook.edit_message(self.handle.message_id, **reply.edit_kwargs())


class OpenPanels:
    """The latest panel each member opened at each table, updated while Discord allows it, told
    to say it has expired just before Discord stops allowing it, and told it was replaced when
    its member opens another."""

    def __init__(self, client: discord.Client, service: TableService, pictures: Pictures,
                 faces: Faces, *, lifetime: datetime.timedelta = PANEL_LIFETIME) -> None:
        self.client = client
        self.lifetime = lifetime
        self.service = service
        self.pictures = pictures
        self.faces = faces
        self._open: dict[tuple[int, int], _OpenPanel] = {}
        self.redrawer: KeyedWorkers[tuple[str, int, int]] = KeyedWorkers("redraw")

    def remember(self, table_id: int, message_id: int, interaction: discord.Interaction[Any],
                 locale: str | None, notice: Notice | None = None) -> None:
        """The panel ``message_id``, just shown through ``interaction``, is its member's panel
        at the table now: an older one says it was replaced."""
        expires = interaction.created_at + self.lifetime
        handle = PanelHandle(table_id, interaction.user.id, message_id, interaction.token,
                             locale, int(expires.timestamp()))
        key = (table_id, handle.user_id)
        previous = self._open.get(key)
        if previous is not None:
            self._stop(previous)
            if previous.handle.message_id != handle.message_id and previous.editable:
                self.redrawer.mark(("replaced", *key), lambda: self._replace(previous))
        self._open[key] = self._follow(_OpenPanel(handle, interaction, notice=notice))
        self.redrawer.mark(("keep", *key), lambda: self._keep(key))
        self._prune()

    def restore(self, handles: list[PanelHandle]) -> None:
        """After a restart: the stored panels that can still be edited follow the game again,
        drawn as it now is."""
        for handle in handles:
            key = (handle.table_id, handle.user_id)
            if key in self._open:
                continue  # opened again since the start: the newer one counts
            entry = _OpenPanel(handle, None)
            if entry.editable:
                self._open[key] = self._follow(entry)
                self.refresh(*key)

    def refresh(self, table_id: int, user_id: int) -> None:
        """Draw this member's open panel again, if it can still be edited."""
        key = (table_id, user_id)
        if key in self._open:
            self.redrawer.mark(("panel", *key), lambda: self._draw(key))

    def refresh_table(self, table_id: int) -> None:
        """Draw every open panel at this table again."""
        for open_table, user_id in list(self._open):
            if open_table == table_id:
                self.refresh(table_id, user_id)

    def close(self) -> None:
        for entry in self._open.values():
            self._stop(entry)
        self._open.clear()

    def _follow(self, entry: _OpenPanel) -> _OpenPanel:
        """``entry`` with its last edit, saying it expired, set for its deadline."""
        key = (entry.handle.table_id, entry.handle.user_id)
        left = max(entry.handle.expires - time.time(), 0.0)
        entry.expiry = asyncio.get_running_loop().call_later(
            left, lambda: self.redrawer.mark(("expire", *key), lambda: self._expire(key, entry)))
        return entry

    async def _keep(self, key: tuple[int, int]) -> None:
        """Store where the member's panel is now and its latest token (one write however
        many clicks came meanwhile)."""
        entry = self._open.get(key)
        if entry is not None:
            await self.service.keep_panel(entry.handle)

    async def _draw(self, key: tuple[int, int]) -> None:
        entry = self._open.get(key)
        if entry is None or not entry.editable:
            return
        try:
            panel = await self.service.panel(*key)
        except Refusal:
            await self._forget(key, entry)
            return
        notice = entry.notice
        locale = entry.handle.locale
        reply = await show_hand(panel_message(
            panel, locale, faces=self.faces.known,
            notice=notice.text if notice is not None and notice.holds(panel) else None),
            panel, locale, self.pictures)
        await self._edit(key, entry, reply)

    async def _replace(self, entry: _OpenPanel) -> None:
        """An older panel, once its member opened another: it says so, and its button brings
        the panel back to it."""
        handle = entry.handle
        try:
            await entry.edit(self.client, replaced_panel(handle.locale, handle.table_id))
        except discord.HTTPException as error:
            log.info("replaced panel of %s at table %s can't be told: %s", handle.user_id,
                     handle.table_id, error)

    async def _expire(self, key: tuple[int, int], entry: _OpenPanel) -> None:
        """The last edit Discord allows: the panel says it has expired and how to get a fresh
        one, rather than going quietly stale."""
        if self._open.get(key) is not entry:
            return
        await self._edit(key, entry, expired_panel(entry.handle.locale, key[0]))
        await self._forget(key, entry)

    async def _edit(self, key: tuple[int, int], entry: _OpenPanel, reply: Reply) -> None:
        try:
            await entry.edit(self.client, reply)
        except discord.HTTPException as error:
            log.info("panel of %s at table %s can't be updated any more: %s", key[1], key[0],
                     error)
            await self._forget(key, entry)

    async def _forget(self, key: tuple[int, int], entry: _OpenPanel) -> None:
        if self._open.get(key) is entry:
            del self._open[key]
            self._stop(entry)
            await self.service.drop_panel(entry.handle)

    @staticmethod
    def _stop(entry: _OpenPanel) -> None:
        if entry.expiry is not None:
            entry.expiry.cancel()
            entry.expiry = None

    def _prune(self) -> None:
        """Entries whose tokens ran out without their expiry's edit (a sleeping process)."""
        for key, entry in [(key, entry) for key, entry in self._open.items()
                           if not entry.editable]:
            del self._open[key]
            self._stop(entry)
