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

from bot.i18n import N_

Plural = Callable[[str, str, int], str]
"""``ngettext``: the singular or plural message for a number, translated."""


def english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Words:
    seats: tuple[str, ...] = (N_("North"), N_("East"), N_("South"), N_("West"))
    sides: tuple[str, ...] = (N_("North–South"), N_("East–West"))
    trumps: tuple[str, ...] = (N_("blanks"), N_("ones"), N_("twos"), N_("threes"), N_("fours"),
                               N_("fives"), N_("sixes"), N_("doubles"),
                               N_("no trump (follow me)"), N_("Nello"), N_("Sevens"))
    """Trump names by the engine's ``Trump`` value."""
    suits: tuple[str, ...] = (N_("blanks"), N_("ones"), N_("twos"), N_("threes"), N_("fours"),
                              N_("fives"), N_("sixes"), N_("sevens"), N_("eights"), N_("nines"))
    trumps_led: str = N_("trumps")
    doubles_led: str = N_("doubles")
    hand: str = N_("Hand {hand}")
    bidding: str = N_("Bidding")
    high_bid: str = N_("High bid: {seat} {bid}")
    bid: str = N_("{seat} bid {bid}")
    trump: str = N_("Trump: {trump}")
    naming_trump: str = N_("Trump: being named")
    need: str = N_("{side} need {need}")
    set: str = N_("{side} set them with {set}")
    every_trick: str = N_("{side} must take every trick")
    trick: str = N_("Trick {number}")
    dealer: str = N_("dealer")
    to_play: str = N_("to play")
    to_bid: str = N_("to bid")
    to_name_trump: str = N_("names trump")
    passed: str = N_("Pass")
    declared: str = N_("bid {bid}")
    sits_out: str = N_("sits out")
    mark: str = "{n} mark"
    marks: str = "{n} marks"
    """A number of marks, the singular and plural message ids of one catalog entry."""
    points: str = N_("{n} points")
    hand_points: str = N_("{n} this hand")
    covered: str = N_("{n} face down")
    made: str = N_("{side} made {bid}")
    was_set: str = N_("{side} were set")
    won: str = N_("{side} win the game")
    redeal: str = N_("Everybody passed")
    last_trick: str = N_("Last trick")
    your_hand: str = N_("Your hand")
    your_lead: str = N_("Your lead")
    led: str = N_("{suit} led")
    legend_trump: str = N_("trump")
    legend_count: str = N_("count")
    legend_playable: str = N_("playable")

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
