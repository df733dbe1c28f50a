"""Every word a player reads goes through :func:`t` or :func:`tn`, ready for translation catalogs.

A message id is the whole English sentence with ``{named}`` placeholders, as gettext expects, so
a translator always sees a full sentence and never assembles one from fragments. Parameters that
are engine values (a seat, a team, a trump, a tile) are named in the reader's language here, in
one place, so that no caller formats them by hand. Only English exists yet: the catalogs of a
later locale plug into :func:`_lookup`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from engine import Domino, Seat, Team, Trump

DEFAULT_LOCALE = "en-US"

log = logging.getLogger(__name__)


def _lookup(locale: str | None, msgid: str) -> str:
    """The translation of ``msgid`` for ``locale``; English is the message id itself."""
    return msgid


def _lookup_plural(locale: str | None, singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def t(locale: str | None, msgid: str, **params: object) -> str:
    """``msgid`` in ``locale``, with its placeholders filled in.

    >>> t(None, "It's {seat}'s turn.", seat=Seat.EAST)
    "It's East's turn."
    """
    return _lookup(locale, msgid).format_map(_localized(locale, params))


def tn(locale: str | None, singular: str, plural: str, n: int, **params: object) -> str:
    """The singular or plural form for ``n`` (passed to the text as ``{n}``).

    >>> tn(None, "{n} mark", "{n} marks", 2)
    '2 marks'
    """
    return _lookup_plural(locale, singular, plural, n).format_map(
        _localized(locale, {"n": n, **params}))


# Names of engine values. Each is its own message id, so a catalog can translate them.
SEAT_NAMES: Mapping[Seat, str] = {
    Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
TEAM_NAMES: Mapping[Team, str] = {Team.NORTH_SOUTH: "North–South", Team.EAST_WEST: "East–West"}
TRUMP_NAMES: Mapping[Trump, str] = {
    Trump.BLANKS: "blanks", Trump.ONES: "ones", Trump.TWOS: "twos", Trump.THREES: "threes",
    Trump.FOURS: "fours", Trump.FIVES: "fives", Trump.SIXES: "sixes",
    Trump.DOUBLES: "doubles", Trump.NONE: "no trump (follow me)",
    Trump.NELLO: "Nello", Trump.SEVENS: "Sevens",
}


def name(locale: str | None, value: Seat | Team | Trump) -> str:
    """A seat, team or trump as the reader says it."""
    if isinstance(value, Seat):
        return _lookup(locale, SEAT_NAMES[value])
    if isinstance(value, Team):
        return _lookup(locale, TEAM_NAMES[value])
    return _lookup(locale, TRUMP_NAMES[value])


class _Params(dict[str, object]):
    """A placeholder nobody filled shows as an ellipsis rather than failing the answer."""

    def __missing__(self, key: str) -> str:
        log.warning("message parameter %r was not given", key)
        return "…"


def _localized(locale: str | None, params: Mapping[str, object]) -> _Params:
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
