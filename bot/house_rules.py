"""Choosing a table's house rules (HOUSE-RULES.md): the choices of the lobby's select and of
``/42 new rules:``, read into the engine's :class:`~engine.Options`, and said back in words.

A choice is a short value (``"nello_low"``); a set of them is one set of options. A variant
brings its rule along (Nello with low doubles is Nello), so no choice is meaningless alone. A
set the rules do not allow is refused with a reason a player can read, never the engine's
English message.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine import DEFAULT_OPTIONS, Options
from engine.options import NelloDoubles

from .i18n import N_, Locale, t


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    """A message id: the choice in the select, and the rule in the table's list."""
    description: str
    """A message id: what the rule does, in one line under the choice (H-…)."""


CHOICES: tuple[Choice, ...] = (
    Choice("nello", N_("Nello (doubles high)"),
           N_("A marks declarer may play alone to lose every trick")),
    Choice("nello_low", N_("Nello (doubles low)"),
           N_("Nello, with each double the lowest tile of its suit")),
    Choice("nello_own", N_("Nello (doubles a suit of their own)"),
           N_("Nello, with the doubles a suit of their own")),
    Choice("nello_dealer", N_("Nello by the dealer only, after three passes"),
           N_("Only a dealer whom everyone passed to may play Nello, for 1 mark")),
    Choice("splash", N_("Splash (3 marks)"),
           N_("With 3 doubles: bid 3 marks; your partner names trump and leads")),
    Choice("splash_2", N_("Splash (2 marks)"),
           N_("With 3 doubles: bid 2 marks; your partner names trump and leads")),
    Choice("plunge", N_("Plunge"),
           N_("With 4 doubles: bid 4 marks; your partner names trump and leads")),
    Choice("sevens", N_("Sevens"),
           N_("A marks declarer may name Sevens: the tile closest to 7 pips wins")),
    Choice("forced_bid", N_("Forced bid (the dealer must bid 30)"),
           N_("If the first three pass, the dealer must bid")),
    Choice("points_game", N_("250-point game"),
           N_("Every point counts; the first side to 250 points wins")),
)
VALUES = frozenset(choice.value for choice in CHOICES)

class InvalidChoice(ValueError):
    """A set of choices the rules do not allow; ``msgid`` says why, through :func:`t`."""

    def __init__(self, msgid: str) -> None:
        super().__init__(msgid)
        self.msgid = msgid


def options_from(values: Iterable[str]) -> Options:
    """The options a set of choices means; raises :class:`InvalidChoice` with the reason.

    >>> options_from(["nello_low", "splash_2"]).names
    ('nello', 'splash')
    >>> options_from([]) == DEFAULT_OPTIONS
    True
    """
    chosen = set(values)
    if not chosen <= VALUES:
        raise InvalidChoice(N_("That is not one of the house rules."))
    if {"nello_low", "nello_own"} <= chosen:
        raise InvalidChoice(N_("Choose one place for the doubles in Nello: high, low or a suit"
                               " of their own."))
    if {"splash", "splash_2"} <= chosen:
        raise InvalidChoice(N_("Choose one value for a Splash: 3 marks or 2 marks."))
    nello = bool(chosen & {"nello", "nello_low", "nello_own", "nello_dealer"})
    splash = bool(chosen & {"splash", "splash_2"})
    specials = nello or splash or bool(chosen & {"plunge", "sevens"})
    if "points_game" in chosen and specials:
        raise InvalidChoice(N_("The 250-point game is played without Nello, Splash, Plunge and"
                               " Sevens: choose either."))
    doubles = NelloDoubles.HIGH
    if "nello_low" in chosen:
        doubles = NelloDoubles.LOW
    elif "nello_own" in chosen:
        doubles = NelloDoubles.OWN_SUIT
    try:
        return Options(nello=nello, nello_doubles=doubles,
                       nello_dealer_only="nello_dealer" in chosen, splash=splash,
                       splash_marks=2 if "splash_2" in chosen else 3,
                       plunge="plunge" in chosen, sevens="sevens" in chosen,
                       forced_bid="forced_bid" in chosen, points_game="points_game" in chosen)
    except ValueError:
        raise InvalidChoice(N_("Those house rules can't be played together.")) from None


def parse_preset(text: str) -> Options:
    """A ``/42 new rules:`` value (choices joined by commas)."""
    return options_from(value for value in text.split(",") if value)


def values_of(options: Options) -> frozenset[str]:
    """The choices that make ``options`` (the select shows them chosen).

    >>> sorted(values_of(options_from(["nello_own", "nello_dealer", "plunge"])))
    ['nello_dealer', 'nello_own', 'plunge']
    """
    found: set[str] = set()
    if options.nello:
        found.add({NelloDoubles.HIGH: "nello", NelloDoubles.LOW: "nello_low",
                   NelloDoubles.OWN_SUIT: "nello_own"}[options.nello_doubles])
        if options.nello_dealer_only:
            found.add("nello_dealer")
    if options.splash:
        found.add("splash" if options.splash_marks == 3 else "splash_2")
    for value, on in (("plunge", options.plunge), ("sevens", options.sevens),
                      ("forced_bid", options.forced_bid), ("points_game", options.points_game)):
        if on:
            found.add(value)
    return frozenset(found)


def label(locale: Locale, choice: Choice) -> str:
    """A choice in the reader's language."""
    return t(locale, choice.label)


def labels(locale: Locale, values: Collection[str]) -> list[str]:
    """The chosen rules in words, in the order of :data:`CHOICES`."""
    return [label(locale, choice) for choice in CHOICES if choice.value in values]


def rules_text(locale: Locale, options: Options) -> str:
    """The line of the table message that says which house rules are in force."""
    if options == DEFAULT_OPTIONS:
        return t(locale, "Rules: standard (no house rules).")
    return t(locale, "House rules: {rules}.", rules=", ".join(labels(locale, values_of(options))))
