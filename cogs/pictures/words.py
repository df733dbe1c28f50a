"""The words a picture holds, in the reader's language, handed in by the caller.

Each field's English default is also its message id: :meth:`Words.translated` maps every one
through the caller's catalog look-up, so the pictures never translate anything themselves and
the catalogs see whole phrases with ``{named}`` placeholders, as gettext expects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    seats: tuple[str, ...] = ("North", "East", "South", "West")
    sides: tuple[str, ...] = ("North–South", "East–West")
    trumps: tuple[str, ...] = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes",
                               "doubles", "no trump", "Nello", "Sevens")
    """Trump names by the engine's ``Trump`` value."""
    suits: tuple[str, ...] = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes",
                              "sevens", "eights", "nines")
    trumps_led: str = "trumps"
    doubles_led: str = "doubles"
    hand: str = "Hand {hand}"
    bidding: str = "Bidding"
    high_bid: str = "High bid: {seat} {bid}"
    bid: str = "{seat} bid {bid}"
    mark_bid: str = "{n} mark"
    marks_bid: str = "{n} marks"
    trump: str = "Trump: {trump}"
    naming_trump: str = "Trump: being named"
    need: str = "{side} need {need}"
    set: str = "{side} set them with {set}"
    every_trick: str = "{side} must take every trick"
    trick: str = "Trick {n}"
    dealer: str = "dealer"
    to_play: str = "to play"
    to_bid: str = "to bid"
    to_name_trump: str = "names trump"
    passed: str = "pass"
    declared: str = "bid {bid}"
    sits_out: str = "sits out"
    mark: str = "{n} mark"
    marks: str = "{n} marks"
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

    def translated(self, lookup: Callable[[str], str]) -> Words:
        """These words with each passed through ``lookup`` (a catalog's ``gettext``)."""
        changes: dict[str, object] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, tuple):
                changes[field.name] = tuple(lookup(item) for item in value)
            else:
                changes[field.name] = lookup(value)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


ENGLISH = Words()
