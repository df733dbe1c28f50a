"""The names of engine values, each written once, as its message id: a seat, a side, a trump,
a number suit, what a lead calls for, and each game's leftover.

Each name is its own message id, so a catalog can translate it, once for every place that says
it: the text's naming (:func:`bot.i18n.name`, :func:`bot.i18n.led_name`,
:func:`bot.i18n.title`) and the pictures' words (:class:`cogs.pictures.Words`) both read it
here, so a message and its picture name a thing alike.

The markers :func:`N_` and :func:`NN_` are defined here, the first module that needs them,
because :mod:`bot.i18n` reads this one; every other module takes them from :mod:`bot.i18n`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import Trump
from engine.trumps import Called


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogs where it is written down, away from the call of
    :func:`bot.i18n.t` that translates it (gettext's "no-op" marker): it returns ``msgid``
    unchanged."""
    return msgid


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """:func:`N_` for a count's two message ids, said later by :func:`bot.i18n.tn` or
    ``ngettext``."""
    return singular, plural


SUIT_WORDS: tuple[str, ...] = (
    N_("blanks"), N_("ones"), N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"),
    N_("sevens"), N_("eights"), N_("nines"))
"""Each number suit, by its number, as said within a sentence ("fives led")."""
CALLED_WORDS: Mapping[Called, str] = {Called.TRUMPS: N_("trumps"), Called.DOUBLES: N_("doubles")}
"""What a lead calls for when it is not a number (R-LED-SUIT)."""
TRUMP_NAMES: Mapping[Trump, str] = {
    **{Trump.of_suit(n): word for n, word in enumerate(SUIT_WORDS)},
    Trump.DOUBLES: N_("doubles"), Trump.NONE: N_("no trump (follow me)"), Trump.NELLO: N_("Nello"),
    Trump.CLOSEST_TO_SEVEN: N_("Sevens")}
TRUMP_TITLES: Mapping[Trump, str] = {
    Trump.BLANKS: N_("Blanks"), Trump.ONES: N_("Ones"), Trump.TWOS: N_("Twos"),
    Trump.THREES: N_("Threes"), Trump.FOURS: N_("Fours"), Trump.FIVES: N_("Fives"),
    Trump.SIXES: N_("Sixes"), Trump.SEVENS: N_("Sevens"), Trump.EIGHTS: N_("Eights"),
    Trump.NINES: N_("Nines"), Trump.DOUBLES: N_("Doubles"),
    Trump.NONE: N_("No trump (follow me)"), Trump.NELLO: N_("Nello"),
    Trump.CLOSEST_TO_SEVEN: N_("Sevens"),
}
"""A trump on its own, as a choice in a list (``TRUMP_NAMES`` are said within sentences)."""

COMPASS_SEATS = (N_("North"), N_("East"), N_("South"), N_("West"))
COMPASS_SIDES = (N_("North–South"), N_("East–West"))
COLOURED_SEATS = (N_("Red {n}"), N_("Blue {n}"), N_("Green {n}"))
"""A seat at six or eight: its team's colour and its number within the team."""
COLOURED_SIDES = (N_("Red"), N_("Blue"), N_("Green"))
NUMBERED_SEAT = N_("Seat {n}")
"""A seat at three, where everybody plays for themselves."""

LEFTOVER_LABELS: Mapping[str, str] = {
    "moon": N_("Widow"), "big": N_("Leftover"), "140": N_("Boneyard"), "72": N_("Widow")}
"""What each game with a leftover calls it (V-GEN-DEAL), by the engine's name of the game, as
a label: "Widow: [6|6]"."""
LEFTOVER_WORDS: Mapping[str, str] = {
    "moon": N_("widow"), "big": N_("leftover"), "140": N_("boneyard"), "72": N_("widow")}
"""The same words as said within a sentence, and beside the pictures' other marks ("trump",
"count")."""
