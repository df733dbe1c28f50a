"""The games of the family as players choose and read them: a title, a line that says what each
one is (VARIANTS.md), and the choices of ``/42 new game:`` and ``/42 leaderboard game:``.

The numbers in the lines are the engine's (seats, set, target); only the words are here.
"""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import N_, Locale, t
from bot.records import GameKind
from bot.vocabulary import LEFTOVER_LABELS, LEFTOVER_WORDS
from engine.variants import FORTY_TWO, VARIANTS, Variant

TITLES = {
    "42": N_("Texas 42"), "moon": N_("Moon"), "three": N_("Three-hand 42"),
    "big": N_("The Big Game"), "140": N_("140"), "geezer": N_("Geezer"), "72": N_("72"),
    "84": N_("84"),
}
"""Each game's name, by the engine's name of its variant."""

DESCRIPTIONS = {
    "42": N_("42: four players in two teams, to 7 marks (the default)"),
    "moon": N_("Moon: three players, each for themselves, to 21 points"),
    "three": N_("Three-hand 42: three players, each for themselves, to 7 marks"),
    "big": N_("The Big Game: four players in two teams, double-eight set, to 400 points"),
    "140": N_("140: six players in three teams, double-nine set, to 500 points"),
    "geezer": N_("Geezer: four players in two teams, double-seven set, to 7 marks"),
    "72": N_("72: four players in two teams, two of each tile, to 7 marks"),
    "84": N_("84: eight players in two teams, two of each tile, to 7 marks"),
}
"""What each game is, in one line: the choice list of ``/42 new game:`` shows it."""

NEW_CHOICES = [app_commands.Choice(name=locale_str(DESCRIPTIONS[name]), value=name)
               for name in VARIANTS]

LEADERBOARD_CHOICES = [
    app_commands.Choice(name=locale_str("Games to 7 marks"), value=GameKind.MARKS.value),
    app_commands.Choice(name=locale_str("250-point games"), value=GameKind.POINTS.value),
    *(app_commands.Choice(name=locale_str(TITLES[kind.value]), value=kind.value)
      for kind in GameKind if kind.variant is not FORTY_TWO),
]


def game_title(locale: Locale, variant: Variant) -> str:
    return t(locale, TITLES[variant.name])


def leftover_word(locale: Locale, variant: Variant) -> str:
    """The game's word for its leftover as a label ("Widow", "Boneyard"); empty in a game
    without one."""
    found = LEFTOVER_LABELS.get(variant.name)
    return t(locale, found) if found is not None else ""


def leftover_name(locale: Locale, variant: Variant) -> str:
    """The game's word for its leftover within a sentence ("widow", "boneyard"); empty in a
    game without one."""
    found = LEFTOVER_WORDS.get(variant.name)
    return t(locale, found) if found is not None else ""


def one_game_title(locale: Locale, kind: GameKind) -> str:
    """One game's kind, as a history names it: its game of the family, and the 250-point game
    of 42 as such."""
    if kind is GameKind.POINTS:
        return t(locale, "Texas 42 to 250 points")
    return game_title(locale, kind.variant)


def kind_title(locale: Locale, kind: GameKind) -> str:
    """How a leaderboard's kind of game is headed."""
    if kind is GameKind.MARKS:
        return t(locale, "Games to 7 marks")
    if kind is GameKind.POINTS:
        return t(locale, "250-point games")
    return game_title(locale, kind.variant)
