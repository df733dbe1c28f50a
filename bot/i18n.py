"""Every word a player reads goes through :func:`t` or :func:`tn`, and from there through the
message catalog of the reader's language.

A message id is the whole English sentence with ``{named}`` placeholders, as gettext expects, so
a translator always sees a full sentence and never assembles one from fragments. Parameters that
are engine values (a seat, a team, a trump, a tile) are named in the reader's language here, in
one place, so that no caller formats them by hand. Seats and sides are named as the table
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
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine import Domino, Seat, Team, Trump
from engine.seats import FOUR_SEATS, Seating

DEFAULT_LOCALE = "en-US"
DOMAIN = "messages"

log = logging.getLogger(__name__)


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogs where it is written down, away from the call of
    :func:`t` that translates it (gettext's "no-op" marker): it returns ``msgid`` unchanged."""
    return msgid


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """:func:`N_` for a count's two message ids, said later by :func:`tn` or ``ngettext``."""
    return singular, plural


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
    seating: Seating = FOUR_SEATS


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

    >>> t(None, "It's {seat}'s turn.", seat=Seat.EAST)
    "It's East's turn."
    >>> t("pt-BR", "It's {seat}'s turn {player}.", seat=Seat.EAST, player="<@1>")
    'É a vez do Leste <@1>.'
    """
    return _lookup(locale, msgid).format_map(_localized(locale, params))


def tn(locale: Locale, singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural form for ``n`` (passed to the text as ``{n}``).

    >>> tn(None, "{n} mark", "{n} marks", 2), tn("it", "{n} mark", "{n} marks", 2)
    ('2 marks', '2 marche')
    """
    return _lookup_plural(locale, singular, plural, n).format_map(
        _localized(locale, {"n": n, **params}))


# Names of engine values. Each is its own message id, so a catalog can translate them.
SEAT_NAMES: Mapping[Seat, str] = {
    Seat.NORTH: N_("North"), Seat.EAST: N_("East"), Seat.SOUTH: N_("South"),
    Seat.WEST: N_("West")}
TEAM_NAMES: Mapping[Team, str] = {
    Team.NORTH_SOUTH: N_("North–South"), Team.EAST_WEST: N_("East–West")}
TRUMP_NAMES: Mapping[Trump, str] = {
    Trump.BLANKS: N_("blanks"), Trump.ONES: N_("ones"), Trump.TWOS: N_("twos"),
    Trump.THREES: N_("threes"), Trump.FOURS: N_("fours"), Trump.FIVES: N_("fives"),
    Trump.SIXES: N_("sixes"), Trump.DOUBLES: N_("doubles"),
    Trump.NONE: N_("no trump (follow me)"), Trump.NELLO: N_("Nello"),
    Trump.SEVENS: N_("Sevens"), Trump.of_suit(7): N_("sevens"), Trump.of_suit(8): N_("eights"),
    Trump.of_suit(9): N_("nines"),
}
TRUMP_TITLES: Mapping[Trump, str] = {
    Trump.BLANKS: N_("Blanks"), Trump.ONES: N_("Ones"), Trump.TWOS: N_("Twos"),
    Trump.THREES: N_("Threes"), Trump.FOURS: N_("Fours"), Trump.FIVES: N_("Fives"),
    Trump.SIXES: N_("Sixes"), Trump.DOUBLES: N_("Doubles"),
    Trump.NONE: N_("No trump (follow me)"), Trump.NELLO: N_("Nello"),
    Trump.SEVENS: N_("Sevens"), Trump.of_suit(7): N_("Sevens"), Trump.of_suit(8): N_("Eights"),
    Trump.of_suit(9): N_("Nines"),
}
"""A trump on its own, as a choice in a list (``TRUMP_NAMES`` are said within sentences)."""


COLOURED_SEATS = (N_("Red {n}"), N_("Blue {n}"), N_("Green {n}"))
"""A seat at six or eight: its team's colour and its number within the team."""
COLOURED_SIDES = (N_("Red"), N_("Blue"), N_("Green"))
NUMBERED_SEAT = N_("Seat {n}")
"""A seat at three, where everybody plays for themselves."""


def name(locale: Locale, value: Seat | Team | Trump) -> str:
    """A seat, side or trump as the reader says it, seats and sides as their table names them:
    compass seats and North–South / East–West at four (R-SEATS), "Seat 1" … at three, where a
    side is one seat (V-GEN-SEATS), team colours at six and eight ("Red 2", "Blue")."""
    if isinstance(value, Trump):
        return _lookup(locale, TRUMP_NAMES[value])
    seating = locale.seating if isinstance(locale, Reader) else FOUR_SEATS
    if seating.count == 4 and seating.has_teams:
        if isinstance(value, Seat):
            return _lookup(locale, SEAT_NAMES[value])
        return _lookup(locale, TEAM_NAMES[value])
    if not seating.has_teams:
        return _lookup(locale, NUMBERED_SEAT).format(n=value + 1)
    if isinstance(value, Team):
        return _lookup(locale, COLOURED_SIDES[value])
    side = seating.side_of[value]
    number = seating.members[side].index(value) + 1
    return _lookup(locale, COLOURED_SEATS[side]).format(n=number)


def title(locale: Locale, trump: Trump) -> str:
    """A trump as a choice in a list.

    >>> title(None, Trump.NONE), title("pt-BR", Trump.FIVES), title("it", Trump.NONE)
    ('No trump (follow me)', 'Naipe de cinco', 'Senza atout')
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
