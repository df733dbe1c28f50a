"""The words a picture holds, in the reader's language, handed in by the caller.

Each field's English default is also its message id (the bot's catalogs already hold many of
them): :meth:`Words.translated` maps every one through the caller's catalog, so the pictures
never translate anything themselves and the catalogs see whole phrases with ``{named}``
placeholders, as gettext expects. The names of engine values (seats, sides, trumps, suits)
are those of :mod:`bot.vocabulary`, so a picture names them as the text does. A count ("1 mark",
"2 marks") is chosen by the catalog's plural rule when it is said, since languages differ on
which numbers are plural.

A table's own names come from the caller too, already in the reader's language, sized for its
variant: :meth:`Words.for_table` sets the seat names (one per seat, clockwise from seat 0), the
side names (one per side: a team, or each player's own at a game each for oneself) and the words
the variant has for its leftover (as a label, and as said beside the legend's other words) and
for discards::

    words = Words().translated(catalog.gettext, catalog.ngettext)       # 42: as it is
    words = words.for_table(seats=("Red 1", "Blue 1", "Green 1", "Red 2", "Blue 2", "Green 2"),
                            sides=("Red", "Blue", "Green"))             # 140, translated

At six and eight seats sides 0, 1 and 2 are drawn red, blue and green (:class:`.scene.Look`),
so their names should say those colours.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.i18n import N_, NN_
from bot.vocabulary import CALLED_WORDS, COMPASS_SEATS, COMPASS_SIDES, SUIT_WORDS, TRUMP_NAMES
from engine.actions import Bid, BidKind
from engine.trumps import Called, Trump

Plural = Callable[[str, str, int], str]
"""``ngettext``: the singular or plural message for a number, translated."""


def english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def signed(n: int) -> str:
    """A score as a number, a negative one with a real minus sign, plain at any size: "−5"."""
    return f"\N{MINUS SIGN}{-n}" if n < 0 else str(n)


def change(n: int) -> str:
    """What a hand adds to a score, with its sign either way: "+42", "−105"."""
    return f"+{n}" if n > 0 else signed(n)


@dataclass(frozen=True, slots=True)
class Words:
    seats: tuple[str, ...] = COMPASS_SEATS
    sides: tuple[str, ...] = COMPASS_SIDES
    trumps: tuple[str, ...] = tuple(TRUMP_NAMES[Trump(value)]
                                    for value in range(Trump.CLOSEST_TO_SEVEN + 1))
    """Trump names by the engine's ``Trump`` value."""
    suits: tuple[str, ...] = SUIT_WORDS
    trumps_led: str = CALLED_WORDS[Called.TRUMPS]
    doubles_led: str = CALLED_WORDS[Called.DOUBLES]
    hand: str = N_("Hand {hand}")
    bidding: str = N_("Bidding")
    high_bid: str = N_("High bid: {bid} ({seat})")
    bid: str = N_("{seat} bid {bid}")
    trump: str = N_("Trump: {trump}")
    naming_trump: str = N_("Trump: being named")
    need: str = N_("{side} need {need}")
    set: str = N_("{side} set them with {set}")
    every_trick: str = N_("{side} must take every trick")
    trick: str = N_("Trick {number}")
    took_trick: str = N_("took the trick")
    led_by: str = N_("{seat} led {suit}")
    led_by_sevens: str = N_("{seat} led")
    """Sevens calls for no suit (H-SEVENS)."""
    winning: str = N_("{seat} is winning")
    dealer: str = N_("dealer")
    to_play: str = N_("to play")
    to_bid: str = N_("to bid")
    to_name_trump: str = N_("names trump")
    passed: str = N_("Pass")
    declared: str = N_("bid {bid}")
    sits_out: str = N_("sits out")
    marks: tuple[str, str] = NN_("{n} mark", "{n} marks")
    """A number of marks, the singular and plural message ids of one catalog entry."""
    points: tuple[str, str] = NN_("{n} point", "{n} points")
    """A score kept in points; ``{n}`` signed ("−5"), the form chosen by its size."""
    hand_points: str = N_("{n} this hand")
    covered: tuple[str, str] = NN_("{n} face down", "{n} face down")
    """Tiles of a marks contract's tricks not shown (R-SEE-MARKS): said with a count, since
    languages other than English agree the words with it."""
    made: str = N_("{side} made {bid}")
    was_set: str = N_("{side} were set")
    won: str = N_("{side} win the game")
    need_alone: str = N_("{player} needs {need}")
    every_trick_alone: str = N_("{player} must take every trick")
    made_alone: str = N_("{player} made {bid}")
    was_set_alone: str = N_("{player} was set")
    won_alone: str = N_("{player} wins the game")
    """The same sentences about one player, at a game each for oneself (singular verbs)."""
    moon: str = N_("Moon")
    over_moon: str = N_("Over the moon")
    dip: tuple[str, str] = NN_("Dip ({n} mark)", "Dip ({n} marks)")
    dive: tuple[str, str] = NN_("Dive ({n} mark)", "Dive ({n} marks)")
    """Moon's bids (V-MOON-AUCTION) and Geezer's water bids (V-GEEZER-WATER)."""
    splash: tuple[str, str] = NN_("Splash ({n} mark)", "Splash ({n} marks)")
    plunge: tuple[str, str] = NN_("Plunge ({n} mark)", "Plunge ({n} marks)")
    """H-SPLASH and H-PLUNGE bids: singular and plural message ids of one catalog entry."""
    redeal: str = N_("Everybody passed")
    nobody_scores: str = N_("nobody scores")
    gained_marks: tuple[str, str] = NN_("{side} {n} mark", "{side} {n} marks")
    gained_points: tuple[str, str] = NN_("{side} {n} point", "{side} {n} points")
    """What a finished hand gave a side: marks, or in a game kept in points the points it
    added or, set, took away (``{n}`` signed: "+42", "−105")."""
    last_trick: str = N_("Last trick")
    your_hand: str = N_("Your hand")
    your_lead: str = N_("Your lead")
    led: str = N_("{suit} led")
    legend_trump: str = N_("trump")
    legend_count: str = N_("count")
    legend_playable: str = N_("playable")
    leftover: str = ""
    """What the variant calls its leftover, as a label ("Widow", "Boneyard"): handed in by
    the caller."""
    from_leftover: str = ""
    """The same word as the legend says it, beside "trump" and "count" ("widow", "boneyard"):
    the mark of the tiles drawn from the leftover. Handed in by the caller."""
    discarded: str = ""
    """The word over discarded tiles: handed in by the caller."""

    plural: Plural = english_plural

    def marks_text(self, n: int) -> str:
        """``n`` marks in words, singular or plural as the reader's language has it."""
        return self.counted(self.marks, n)

    def counted(self, forms: tuple[str, str], n: int) -> str:
        """One of the plural pairs (:attr:`marks`, :attr:`splash`, :attr:`covered`, …) for
        ``n``."""
        return self.plural(*forms, n).format(n=n)

    def points_text(self, n: int) -> str:
        """A score in points, a negative one with its minus sign: "1 point", "−5 points"."""
        return self.plural(*self.points, abs(n)).format(n=signed(n))

    def bid_text(self, bid: Bid) -> str:
        """A bid as the auction record says it, in the text as in the pictures: ``31``,
        ``2 marks``, ``Moon``, ``Splash (3 marks)``."""
        kind = bid.kind
        if kind is BidKind.MOON:
            return self.moon
        if kind is BidKind.OVER_MOON:
            return self.over_moon
        if not bid.is_marks:
            return str(bid.points)
        if kind is BidKind.DIP or kind is BidKind.DIVE:
            return self.counted(self.dip if kind is BidKind.DIP else self.dive, bid.marks)
        if kind is BidKind.SPLASH or kind is BidKind.PLUNGE:
            return self.counted(self.splash if kind is BidKind.SPLASH else self.plunge,
                                bid.marks)
        return self.marks_text(bid.marks)

    def translated(self, lookup: Callable[[str], str], plural: Plural = english_plural) -> Words:
        """These words through a catalog's ``gettext`` and, for counts, its ``ngettext``; the
        words a table hands in (:meth:`for_table`) are already translated, so they come after."""
        changes: dict[str, object] = {"plural": plural}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name in _NOT_IDS:
                continue
            if isinstance(value, tuple):
                changes[field.name] = tuple(lookup(item) for item in value)
            elif isinstance(value, str):
                changes[field.name] = lookup(value)
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def for_table(self, seats: Sequence[str], sides: Sequence[str], *, leftover: str = "",
                  from_leftover: str = "", discarded: str = "") -> Words:
        """These words at one table: its seat names by seat number and side names by side
        number, and the variant's words for its leftover (a label, and the legend's word) and
        for discards, all already in the reader's language. The scenes check that there is one
        name per seat and per side."""
        return dataclasses.replace(self, seats=tuple(seats), sides=tuple(sides),
                                   leftover=leftover, from_leftover=from_leftover,
                                   discarded=discarded)


_NOT_IDS = frozenset({"marks", "points", "covered", "dip", "dive", "splash", "plunge",
                      "gained_marks", "gained_points", "leftover", "from_leftover", "discarded"})
"""Fields :meth:`Words.translated` leaves alone: the plural ids, which :attr:`Words.plural`
translates as one entry, and the words a table hands in."""

ENGLISH = Words()
