"""Slash commands in the member's language: discord.py's ``app_commands.Translator`` over the
same catalogs as every other text (:mod:`bot.i18n`).

Names are message ids with the context ``"command name"`` (``locale_str("join",
msgctxt="command name")``), so a translator knows they must stay one lowercase word; a
translation that Discord would refuse (a capital, a space, over 32 characters) is left out and
logged, and the English name stays in force for that language. Descriptions and choice names
keep to Discord's 100 characters the same way, and the name of a context menu (a member's Apps
menu), which may hold capitals and spaces, to 32.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from .i18n import catalog_name, translations

log = logging.getLogger(__name__)

NAMES = (Location.command_name, Location.group_name, Location.parameter_name)
"""Where a string is a name, which Discord matches against ``^[-_\\p{L}\\p{N}]{1,32}$``."""


def valid_name(text: str) -> bool:
    """A name Discord accepts for a command, group or option: lowercase letters (of any
    script), digits, ``-`` and ``_``; 1 to 32 of them.

    >>> valid_name("começar"), valid_name("Join"), valid_name("two words"), valid_name("x" * 33)
    (True, False, False, False)
    """
    return (1 <= len(text) <= 32 and text == text.lower()
            and all(c.isalpha() or c.isnumeric() or c in "-_" for c in text))


class CommandTranslator(app_commands.Translator):
    """Names, descriptions and choices of the slash commands, from the message catalogs."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if catalog_name(locale.value) is None:
            return None  # English: the default text itself
        catalog = translations(locale.value)
        msgctxt = string.extras.get("msgctxt")
        if msgctxt is not None:
            text = catalog.pgettext(str(msgctxt), string.message)
        else:
            text = catalog.gettext(string.message)
        if context.location in NAMES and not isinstance(context.data, app_commands.ContextMenu):
            if not valid_name(text):
                log.warning("%s: %r is not a valid command name for %r", locale.value, text,
                            string.message)
                return None
        elif not 1 <= len(text) <= (32 if context.location in NAMES else 100):
            log.warning("%s: the translation of %r is too long", locale.value,
                        string.message)
            return None
        return text if text != string.message else None
