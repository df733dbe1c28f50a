"""The words a picture holds, in the reader's language, handed in by the caller.

Each field's English default is also its message id (the bot's catalogs already hold many of
them): :meth:`Words.translated` maps every one through the caller's catalog, so the pictures
never translate anything themselves and the catalogs see whole phrases with ``{named}``
placeholders, as gettext expects. A count ("1 mark", "2 marks") is chosen by the catalog's
plural rule when it is said, since languages differ on which numbers are plural.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

Plural = Callable[[str, str, int], str]
"""``ngettext``: the singular or plural message for a number, translated."""


def english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Words:
    seats: tuple[str, ...] = ("North", "East", "South", "West")
    sides: tuple[str, ...] = ("North–South", "East–West")
    trumps: tuple[str, ...] = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes",
                               "doubles", "no trump (follow me)", "Nello", "Sevens")
    """Trump names by the engine's ``Trump`` value."""
    suits: tuple[str, ...] = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes",
                              "sevens", "eights", "nines")
    trumps_led: str = "trumps"
    doubles_led: str = "doubles"
    hand: str = "Hand {hand}"
    bidding: str = "Bidding"
    high_bid: str = "High bid: {seat} {bid}"
    bid: str = "{seat} bid {bid}"
    trump: str = "Trump: {trump}"
    naming_trump: str = "Trump: being named"
    need: str = "{side} need {need}"
    set: str = "{side} set them with {set}"
    every_trick: str = "{side} must take every trick"
    trick: str = "Trick {number}"
    dealer: str = "dealer"
    to_play: str = "to play"
    to_bid: str = "to bid"
    to_name_trump: str = "names trump"
    passed: str = "Pass"
    declared: str = "bid {bid}"
    sits_out: str = "sits out"
    mark: str = "{n} mark"
    marks: str = "{n} marks"
    """A number of marks, the singular and plural message ids of one catalog entry."""
    points: str = "{n} points"
    hand_points: str = "{n} this hand"
    covered: str = "{n} face down"
    made: str = "{side} made {bid}"
    was_set: str = "{side} were set"
    won: str = "{side} win the game"
    redeal: str = "Everybody passed"
    last_trick: str = "Last trick"
    your_hand: str = "Your hand"
    your_lead: str = "Your lead"
    led: str = "{suit} led"
    legend_trump: str = "trump"
    legend_count: str = "count"
    legend_playable: str = "playable"

    plural: Plural = english_plural

    def marks_text(self, n: int) -> str:
        """``n`` marks in words, singular or plural as the reader's language has it."""
        return self.plural(self.mark, self.marks, n).format(n=n)

    def translated(self, lookup: Callable[[str], str], plural: Plural = english_plural) -> Words:
        """These words through a catalog's ``gettext`` and, for counts, its ``ngettext``."""
        changes: dict[str, object] = {"plural": plural}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name in _PLURAL_IDS:
                continue
            if isinstance(value, tuple):
                changes[field.name] = tuple(lookup(item) for item in value)
            elif isinstance(value, str):
                changes[field.name] = lookup(value)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


_PLURAL_IDS = frozenset({"mark", "marks"})
"""Fields that stay message ids: :attr:`Words.plural` translates them as one entry."""

ENGLISH = Words()
