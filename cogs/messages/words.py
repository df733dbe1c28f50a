"""How engine values and players are said in a message: a seat's holder, a row of tiles, an
action on a button, a bid, a call of the auction, what just happened.

Tiles are written by their label, high end first (``[6|4]``). A computer player is written
"🤖 Bot" wherever a member would be mentioned.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from bot.i18n import N_, Locale, Reader, language, led_name, reader, t, title, tn, translations
from bot.records import DEFAULT_STRONG, Level, StrongPlayer, TableRecord
from engine import (
    Action,
    Bid,
    BidKind,
    Call,
    Discard,
    Domino,
    Goal,
    Leftover,
    NameTrump,
    Pass,
    Seat,
    Team,
    Terms,
    Trick,
    Trump,
    Variant,
    bid_rank,
    terms_of,
)
from engine.observation import LastAction
from engine.seats import Seating

from ..pictures import Words

COMPUTER_NAMES = ("Ada", "Bo", "Cleo", "Dex", "Eli", "Fay", "Gus", "Hal")
"""What the computer players are called, by seat: distinct at any table of the family (eight
seats at most), and the same in every language."""


def computer_name(seat: Seat) -> str:
    return COMPUTER_NAMES[seat]


def who(locale: Locale, table: TableRecord, seat: Seat) -> str:
    """A seat's holder as a name: a member's mention, or the computer player's own name."""
    player = table.player(seat)
    if player is None:
        return ""
    if player.is_computer:
        return t(locale, "🤖 {name}", name=computer_name(seat))
    return player.mention


def relative_time(when: float) -> str:
    """A moment as Discord shows it to each reader, counting down: "in 2 minutes"."""
    return f"<t:{int(when)}:R>"


def tiles(row: Sequence[Domino]) -> str:
    return " ".join(tile.label for tile in row)


def voice(locale: Locale, table: TableRecord) -> Reader:
    """``locale`` reading about ``table``: its seats and sides are named as it names them."""
    return reader(locale, table.variant.seating)


def members_of(locale: Locale, table: TableRecord, side: Team) -> str:
    """The players of a side, by name or mention: ``<@1> and 🤖 Cleo``."""
    names = [who(locale, table, s) or t(locale, "{seat}", seat=s)
             for s in table.variant.seating.members[side]]
    if len(names) == 1:
        return names[0]
    return t(locale, "{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def action_label(locale: Locale, action: Action) -> str:
    """An action as a button or select option says it."""
    if isinstance(action, Pass):
        return t(locale, "Pass")
    if isinstance(action, Bid):
        if action.kind is not BidKind.PLAIN:
            return bid_text(locale, action)
        if action.is_marks:
            return tn(locale, "Bid {n} mark", "Bid {n} marks", action.marks)
        return t(locale, "Bid {points}", points=action.points)
    if isinstance(action, NameTrump):
        return title(locale, action.trump)
    if isinstance(action, Leftover):
        return t(locale, "Take the leftover") if action.take else t(locale, "Leave it")
    if isinstance(action, Discard):
        return t(locale, "Discard {tiles}", tiles=tiles(action.tiles))
    if action.low:
        return t(locale, "{tile} as {suit}", tile=action.tile,
                 suit=led_name(locale, action.tile.low))
    return action.tile.label


def action_description(locale: Locale, action: Action, variant: Variant,
                       goal: Goal) -> str | None:
    """One line under a bid or a trump in a select: what choosing it commits to, in the
    numbers of the game being played (:func:`engine.terms_of`)."""
    if isinstance(action, Bid):
        return bid_terms_text(locale, terms_of(variant, goal, action))
    if isinstance(action, NameTrump):
        trump = action.trump
        if trump is Trump.DOUBLES:
            return t(locale, "Every double is a trump, the highest first")
        if trump is Trump.NONE:
            return t(locale, "No trump: the highest of the suit led wins, doubles high")
        if trump is Trump.NELLO:
            return t(locale, "You play alone, your partner sits out: lose every trick")
        if trump is Trump.CLOSEST_TO_SEVEN:
            return t(locale, "The tile closest to 7 pips wins each trick")
        return t(locale, "Every tile bearing this number is a trump")
    return None


def bid_terms_text(locale: Locale, terms: Terms) -> str:
    """What a bid promises, in its game's numbers: the points (or, where a hand's points are
    its tricks, the tricks) of the hand it must take at least, or all its tricks and, in a game
    kept in points, what they score; said to the bidder's side, or to the bidder alone in a
    game each for oneself (V-GEN-SEATS)."""
    n = terms.tricks
    if terms.partner_leads:
        return tn(locale, "Your partner names trump and leads; your side must take the {n}"
                  " trick", "Your partner names trump and leads; your side must take all {n}"
                  " tricks", n)
    if terms.every_trick and terms.worth is not None:
        if terms.alone:
            return tn(locale, "You promise the {n} trick, for {points} points",
                      "You promise all {n} tricks, for {points} points", n, points=terms.worth)
        return tn(locale, "Your side promises the {n} trick, for {points} points",
                  "Your side promises all {n} tricks, for {points} points", n,
                  points=terms.worth)
    if terms.every_trick:
        if terms.alone:
            return tn(locale, "You promise the {n} trick", "You promise all {n} tricks", n)
        return tn(locale, "Your side promises the {n} trick", "Your side promises all {n} tricks",
                  n)
    least, n = terms.least, terms.out_of
    if terms.in_tricks and terms.alone:
        return tn(locale, "You promise at least {least} of the {n} trick",
                  "You promise at least {least} of the {n} tricks", n, least=least)
    if terms.in_tricks:
        return tn(locale, "Your side promises at least {least} of the {n} trick",
                  "Your side promises at least {least} of the {n} tricks", n, least=least)
    if terms.alone:
        return tn(locale, "You promise at least {least} of the {n} point",
                  "You promise at least {least} of the {n} points", n, least=least)
    return tn(locale, "Your side promises at least {least} of the {n} point",
              "Your side promises at least {least} of the {n} points", n, least=least)


def by_rank(variant: Variant, actions: Sequence[Action]) -> list[Action]:
    """Calls in the order of the game's ladder, as the engine ranks its bids (a pass first;
    Geezer's 1 mark between 45 and 46, V-GEEZER-AUCTION), any other action where it was."""
    bids = sorted((a for a in actions if isinstance(a, Bid)),
                  key=lambda bid: bid_rank(variant, bid))
    ranked = iter(bids)
    return [next(ranked) if isinstance(a, Bid) else a for a in actions]


def move_text(locale: Locale, action: Action) -> str:
    """One's own last move as the panel recalls it: a trump named reads as naming trump, any
    other move as its button says it."""
    if isinstance(action, NameTrump):
        if action.piles is None:
            return t(locale, "{trump} as trump", trump=action.trump)
        return tn(locale, "{trump} as trump, with {n} pile face up",
                  "{trump} as trump, with {n} piles face up", action.piles, trump=action.trump)
    return action_label(locale, action)


@functools.cache
def words(locale: str | None) -> Words:
    """The pictures' words in ``locale``, which also name the text's bids."""
    catalog = translations(locale)
    return Words().translated(catalog.gettext, catalog.ngettext)


def bid_text(locale: Locale, bid: Bid) -> str:
    """A bid as the auction record says it, as the pictures say it: ``31``, ``2 marks``,
    ``Moon`` (:meth:`Words.bid_text`)."""
    return words(language(locale)).bid_text(bid)


def call_text(locale: Locale, call: Call) -> str:
    """One call of the auction: ``East: pass``."""
    if isinstance(call.action, Bid):
        return t(locale, "{seat}: {bid}", seat=call.seat, bid=bid_text(locale, call.action))
    return t(locale, "{seat}: pass", seat=call.seat)


def trick_line(locale: Locale, number: int, trick: Trick) -> str:
    """A trick with each tile by who played it, and who won it: while it lies on the table
    (R-SEE-TABLE), and in a finished hand's review (R-REVIEW)."""
    plays = " · ".join(t(locale, "{seat} {tile}", seat=seat, tile=tile)
                       for seat, tile in trick.plays)
    return t(locale, "Trick {number}: {plays} — won by {seat}", number=number, plays=plays,
             seat=trick.winner)


def event_text(locale: Locale, event: LastAction) -> str:
    """The line that says what just happened; a completed trick names no player (R-SEE-ANON)."""
    action = event.action
    if event.trick is not None:
        return t(locale, "{team} took the trick: {tiles}.", team=event.trick.team,
                 tiles=tiles(event.trick.tiles))
    if isinstance(action, Pass):
        return t(locale, "{seat} passed.", seat=event.seat)
    if isinstance(action, Bid):
        return t(locale, "{seat} bid {bid}.", seat=event.seat, bid=bid_text(locale, action))
    if isinstance(action, NameTrump):
        if action.piles is None:
            return t(locale, "{seat} named {trump} as trump.", seat=event.seat,
                     trump=action.trump)
        return tn(locale, "{seat} named {trump} as trump, with {n} pile face up.",
                  "{seat} named {trump} as trump, with {n} piles face up.", action.piles,
                  seat=event.seat, trump=action.trump)
    if isinstance(action, Leftover | Discard):
        return leftover_text(locale, event.seat, action)
    if action.low:
        return t(locale, "{seat} led {tile} as {suit}.", seat=event.seat, tile=action.tile,
                 suit=led_name(locale, action.tile.low))
    return t(locale, "{seat} played {tile}.", seat=event.seat, tile=action.tile)


def leftover_text(locale: Locale, seat: Seat, action: Leftover | Discard) -> str:
    """The leftover step as everyone may read it: a discard names only the tiles laid face up
    (the action given must already be the public one, V-GEN-DISCARD)."""
    if isinstance(action, Leftover):
        if action.take:
            return t(locale, "{seat} took the leftover.", seat=seat)
        return t(locale, "{seat} left the leftover.", seat=seat)
    if action.tiles and action.hidden:
        return tn(locale, "{seat} discarded {tiles} face up and {n} tile face down.",
                  "{seat} discarded {tiles} face up and {n} tiles face down.", action.hidden,
                  seat=seat, tiles=tiles(action.tiles))
    if action.tiles:
        return t(locale, "{seat} discarded {tiles} face up.", seat=seat,
                 tiles=tiles(action.tiles))
    return tn(locale, "{seat} discarded {n} tile face down.",
              "{seat} discarded {n} tiles face down.", action.hidden, seat=seat)


def is_compass(seating: Seating) -> bool:
    """Whether a table is 42's: four seats in two teams, named by the compass."""
    return seating.count == 4 and seating.has_teams


LEVEL_NAMES: Mapping[Level, str] = {Level.CASUAL: N_("casual"), Level.STRONG: N_("strong")}
PLAYER_NAMES: Mapping[str, str] = {
    "engine.players.rules:decide": N_("rules of thumb"),
    "engine.players.random_legal:decide": N_("random legal moves"),
    "engine.players.strong_classic:decide": N_("the previous strong player"),
}
"""The computer players the bot ships besides the strongest, by policy, as tables name them when
the bot's admin seats one of them at the strong tables (:class:`bot.records.StrongPlayer`)."""
MOST_PLAYER = 40
"""Characters of a strong player's name shown at most: it goes on the lobby's level button."""


def level_name(locale: Locale, level: Level, strong: StrongPlayer = DEFAULT_STRONG) -> str:
    """A table's level as its settings line and its lobby's button say it: "strong", or, when
    the strong tables seat another player than the strongest, "strong (rules of thumb)"."""
    level_text = t(locale, LEVEL_NAMES[level])
    if level is not Level.STRONG or not strong.named:
        return level_text
    known = PLAYER_NAMES.get(strong.policy)
    player = strong.name or (t(locale, known) if known is not None else strong.policy)
    if len(player) > MOST_PLAYER:
        player = player[:MOST_PLAYER - 1] + "…"
    return t(locale, "{level} ({player})", level=level_text, player=player)
