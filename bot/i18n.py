"""Every word a player reads goes through :func:`t` or :func:`tn`, and from there through the
message catalog of the reader's language.

A message id is the whole English sentence with ``{named}`` placeholders, as gettext expects, so
a translator always sees a full sentence and never assembles one from fragments. Parameters that
are engine values (a seat, a team, a trump, a tile) are named in the reader's language here, in
one place (their message ids are written in :mod:`bot.vocabulary`), so that no caller formats
them by hand. Seats and sides are named as the table
being read about names them (:class:`Reader`): compass seats at four, numbered seats at three,
team colours at six and eight.

The catalogs are gettext ``.po`` files, ``locales/<language>/LC_MESSAGES/messages.po`` beside
this module, compiled in memory the first time a language is asked for. English is the message
id itself. A Discord locale (``"pt-BR"``, ``"it"``, ``"en-GB"``) takes the catalog of the same
name, else the one of its language; any other locale reads English. A message a catalog lacks
is shown in English and logged once.
"""

from __future__ import annotations

import functools
import gettext
import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine import Domino, Seat, Team, Trump
from engine.seats import Naming, Seating
from engine.trumps import Called, Led

from .vocabulary import (
    CALLED_WORDS,
    COLOURED_SEATS,
    COLOURED_SIDES,
    COMPASS_SEATS,
    COMPASS_SIDES,
    NUMBERED_SEAT,
    SUIT_WORDS,
    TRUMP_NAMES,
    TRUMP_TITLES,
)
from .vocabulary import N_ as N_  # the markers, for every other module
from .vocabulary import NN_ as NN_

DEFAULT_LOCALE = "en-US"
DOMAIN = "messages"

log = logging.getLogger(__name__)


def catalog_dir() -> Traversable:
    """``locales/``: one folder per language, named like ``pt_BR`` or ``it``."""
    return resources.files("bot").joinpath("locales")


@functools.cache
def catalog_names() -> tuple[str, ...]:
    """The languages that have a catalog, like ``("it", "pt_BR")``."""
    return tuple(sorted(
        entry.name for entry in catalog_dir().iterdir()
        if entry.joinpath("LC_MESSAGES", DOMAIN + ".po").is_file()))


def catalog_name(locale: str | None) -> str | None:
    """The catalog for a Discord locale, or ``None`` for English.

    >>> catalog_name("pt-BR"), catalog_name("it"), catalog_name("en-GB"), catalog_name(None)
    ('pt_BR', 'it', None, None)
    """
    if not locale:
        return None
    tag = locale.replace("-", "_")
    names = catalog_names()
    by_lower = {name.lower(): name for name in names}
    if tag.lower() in by_lower:
        return by_lower[tag.lower()]
    language = tag.split("_")[0].lower()
    if language in by_lower:
        return by_lower[language]
    same_language = [name for name in names if name.split("_")[0].lower() == language]
    return same_language[0] if same_language else None


class _Missing(gettext.NullTranslations):
    """A catalog's fallback: English, and one warning per message the catalog lacks."""

    def __init__(self, catalog: str) -> None:
        super().__init__()
        self.catalog = catalog
        self.logged: set[str] = set()

    def _missing(self, msgid: str) -> None:
        if msgid not in self.logged:
            self.logged.add(msgid)
            log.warning("catalog %s has no translation of %r", self.catalog, msgid)

    def gettext(self, message: str) -> str:
        self._missing(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._missing(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self._missing(f"{message} ({context})")
        return message


@functools.cache
def translations(locale: str | None) -> gettext.NullTranslations:
    """The compiled catalog for ``locale`` (English: no catalog, the message ids themselves)."""
    name = catalog_name(locale)
    if name is None:
        return gettext.NullTranslations()
    return _compiled(name)


@functools.cache
def _compiled(name: str) -> gettext.GNUTranslations:
    source = catalog_dir().joinpath(name, "LC_MESSAGES", DOMAIN + ".po")
    with source.open("rb") as po:
        catalog = read_po(po, locale=name, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalog)  # untranslated and fuzzy entries are left out: they read as English
    mo.seek(0)
    compiled = gettext.GNUTranslations(mo)
    compiled.add_fallback(_Missing(name))
    return compiled


@dataclass(frozen=True, slots=True)
class Reader:
    """Someone reading about one table: their language, and the table's seating, which says
    what its seats and sides are called (:func:`name`)."""

    locale: str | None
    seating: Seating


Locale = str | Reader | None
"""Whom a text is for: a language tag, or a :class:`Reader` of one table."""


def language(locale: Locale) -> str | None:
    """The language tag of ``locale``."""
    return locale.locale if isinstance(locale, Reader) else locale


def reader(locale: Locale, seating: Seating) -> Reader:
    """``locale`` reading about a table seated as ``seating``."""
    return Reader(language(locale), seating)


def _lookup(locale: Locale, msgid: str) -> str:
    """The translation of ``msgid`` for ``locale``; English is the message id itself."""
    return translations(language(locale)).gettext(msgid)


def _lookup_plural(locale: Locale, singular: str, plural: str, n: int) -> str:
    return translations(language(locale)).ngettext(singular, plural, n)


def t(locale: Locale, msgid: str, **params: object) -> str:
    """``msgid`` in ``locale``, with its placeholders filled in.

    >>> from engine.seats import FOUR_SEATS, Seating
    >>> east = FOUR_SEATS.seats[1]
    >>> t(Reader(None, FOUR_SEATS), "It's {seat}'s turn.", seat=east)
    "It's East's turn."
    >>> t(Reader("pt-BR", FOUR_SEATS), "It's {seat}'s turn {player}.", seat=east, player="<@1>")
    'É a vez do Leste <@1>.'
    >>> t(Reader(None, Seating.teams_of(6, 3)), "It's {seat}'s turn.", seat=Seat(4))
    "It's Blue 2's turn."
    """
    return _lookup(locale, msgid).format_map(_localized(locale, params))


def tn(locale: Locale, singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural form for ``n`` (passed to the text as ``{n}``).

    >>> tn(None, "{n} mark", "{n} marks", 2), tn("it", "{n} mark", "{n} marks", 2)
    ('2 marks', '2 segni')
    """
    return _lookup_plural(locale, singular, plural, n).format_map(
        _localized(locale, {"n": n, **params}))


def listed(locale: Locale, items: Sequence[str]) -> str:
    """Items as the reader's language lists them.

    >>> listed(None, ["View Channel", "Attach Files"]), listed("pt-BR", ["a", "b", "c"])
    ('View Channel and Attach Files', 'a, b e c')
    """
    return format_list(list(items), locale=catalog_name(language(locale)) or "en")


def name(locale: Locale, value: Seat | Team | Trump) -> str:
    """A seat, side or trump as the reader says it; seats and sides as their table names them
    (:attr:`engine.Seating.naming`), which only a :class:`Reader` of that table knows: compass
    seats and North–South / East–West at four (R-SEATS), "Seat 1" … at three, where a side is
    one seat (V-GEN-SEATS), team colours at six and eight ("Red 2", "Blue")."""
    if isinstance(value, Trump):
        return _lookup(locale, TRUMP_NAMES[value])
    if not isinstance(locale, Reader):
        raise TypeError(f"{value!r} is named as its table names its seats: read it with a Reader")
    seating = locale.seating
    naming = seating.naming
    if naming is Naming.COMPASS:
        return _lookup(locale, (COMPASS_SIDES if isinstance(value, Team) else COMPASS_SEATS)[value])
    if naming is Naming.NUMBERED:
        return _lookup(locale, NUMBERED_SEAT).format(n=value + 1)
    if isinstance(value, Team):
        return _lookup(locale, COLOURED_SIDES[value])
    return _lookup(locale, COLOURED_SEATS[seating.side_of[value]]).format(n=seating.place(value))


def led_name(locale: Locale, led: Led) -> str:
    """What a trick's lead calls for, said within a sentence: "fives", "trumps", "doubles"."""
    return _lookup(locale, CALLED_WORDS[led] if isinstance(led, Called) else SUIT_WORDS[led])


def title(locale: Locale, trump: Trump) -> str:
    """A trump as a choice in a list.

    >>> title(None, Trump.NONE), title("pt-BR", Trump.FIVES), title("it", Trump.NONE)
    ('No trump (follow me)', 'Naipe de cinco', 'Senza briscola')
    """
    return _lookup(locale, TRUMP_TITLES[trump])


class _Params(dict[str, object]):
    """A placeholder nobody filled shows as an ellipsis rather than failing the answer."""

    def __missing__(self, key: str) -> str:
        log.warning("message parameter %r was not given", key)
        return "…"


def _localized(locale: Locale, params: Mapping[str, object]) -> _Params:
    out = _Params()
    for key, value in params.items():
        if isinstance(value, Seat | Team | Trump):
            out[key] = name(locale, value)
        elif isinstance(value, Domino):
            out[key] = value.label
        else:
            out[key] = value
    return out


def normalize_locale(value: object) -> str | None:
    """Discord's locale (a ``discord.Locale`` or its text) as a plain tag like ``"pt-BR"``."""
    if value is None:
        return None
    text = getattr(value, "value", value)
    return str(text) or None
