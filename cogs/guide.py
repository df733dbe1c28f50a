"""What a player reads to learn the table: the rules it plays (short enough for a minute, the
house rules in force included), the commands, and the last completed trick."""

from __future__ import annotations

import discord

from bot.house_rules import rules_text
from bot.i18n import N_, Locale, t, translations
from bot.service import TableSnapshot
from bot.translator import valid_name
from engine import DEFAULT_OPTIONS, Options
from engine.variants import FORTY_TWO, Variant

from .games import game_title
from .messages.reply import COLOUR, Reply
from .messages.words import tiles

COMMAND_NAME = "command name"
"""The message context of the slash commands' names in the catalogs."""

RULES = (
    N_("Four players; partners sit opposite. 28 dominoes, seven each, and no boneyard."),
    N_("The auction goes once around, starting left of the dealer: each player bids once or"
    " passes. A points bid is 30 to 41, higher than the one before; a marks bid (1 or 2 marks,"
    " then one more each time) promises every trick."),
    N_("The highest bidder names trump (a suit, doubles, or follow-me with doubles high) and"
    " leads the first trick."),
    N_("Follow the suit led if you can; a trump belongs to the trump suit only. If you can't,"
    " play any tile. The highest trump wins the trick, else the highest tile of the suit led,"
    " and its winner leads next."),
    N_("Each trick is worth 1 point; the double five and the six-four add 10, the five-blank, the"
    " four-one and the three-two add 5: 42 points a hand."),
    N_("Make your bid and your side wins its marks (1 for a points bid); fall short and the other"
    " side wins them. The first side to 7 marks wins the game."),
)
"""The default game (docs/RULES.md) in six lines; each is a message id."""

PLAY_RULES = RULES[2:4]
"""Naming trump and following suit: the same in every game of the family."""

VARIANT_RULES = {
    "moon": (
        N_("Three players, each for themselves. 22 dominoes (the double blank is the only blank),"
           " seven each; the last one is the widow."),
        N_("One round of bids from the left of the dealer: 4 to 7 tricks, or Moon (every trick),"
           " or Over the moon once a Moon is bid; or pass."),
        N_("The winner of the auction alone sees the widow, takes it and discards one tile face"
           " down."),
        N_("No counters: each trick is 1 point. Make your bid and score your tricks; fall short"
           " and lose the bid. A Moon is worth 21, Over the moon 42. The first to 21 wins."),
    ),
    "three": (
        N_("Three players, each for themselves. 27 dominoes (no blank-one), nine each."),
        N_("One round of bids: points from 30 to 43, or marks. The declarer plays alone against"
           " the other two together."),
        N_("The counters of 42 and 9 tricks of 1 point: 44 points a hand. Made, the declarer wins"
           " the marks; set, each of the other two does. The first to 7 marks wins."),
    ),
    "big": (
        N_("Four players in two teams. A double-eight set: 45 dominoes, eleven each, one left"
           " over."),
        N_("The auction goes round and round until all but the highest bidder have passed:"
           " points from 42 to 65, or marks."),
        N_("The declarer alone sees the leftover and takes it or leaves it (a counter must be"
           " taken); taking it, they discard a tile that is not a counter, face down."),
        N_("The [3|7] and [2|8] also count 10: 66 points a hand. Leading one of them when it is"
           " not a trump, you may call its lower end as the suit led."),
        N_("Every hand is scored in points: set, the declarers score nothing and the others add"
           " the bid to what they took. The first team to 400 wins."),
    ),
    "140": (
        N_("Six players in three teams of two, partners three seats apart. A double-nine set:"
           " 55 dominoes, nine each; the last is the boneyard tile."),
        N_("One round of bids: points from 100 to 135 in steps of 5, or marks (1 mark stands for"
           " 140). The declarer alone sees the boneyard tile and may swap it for a tile that is"
           " not a counter, face down."),
        N_("Every tile whose pips add up to 5, 10 or 15 counts that much, and each trick 5: 140"
           " points a hand."),
        N_("Every hand is scored in points; a set team scores minus its bid. The first team to"
           " 500 wins."),
    ),
    "geezer": (
        N_("Four players in two teams. A double-seven set: 36 dominoes, nine each."),
        N_("One round of bids: points from 39 to 53, or marks (1 mark ranks between 45 and 46)."
           " With 3, 4 or 5 doubles you may bid dip, dive or plunge: your partner names trump and"
           " your side must take every trick."),
        N_("The [3|7] also counts 10: 54 points a hand. Marks as in 42; the first team to 7"
           " wins."),
    ),
    "72": (
        N_("Four players in two teams. Two double-six sets without the blanks: two of each tile,"
           " ten each, two left over as the widow."),
        N_("One round of bids: points from 40 to 69, or marks. The declarer names trump, then"
           " takes the widow and discards two tiles face down, neither trumps nor counters if they"
           " can; a discarded trump is shown face up and a discarded counter goes to the other"
           " side."),
        N_("Of two equal tiles, the first played wins. 70 points a hand; marks as in 42, the"
           " first team to 7 wins."),
    ),
    "84": (
        N_("Eight players in two teams of four, sitting alternately. Two double-six sets: two of"
           " each tile, seven each."),
        N_("One round of bids: points from 60 to 83, or marks. Each trick is worth 2: with the"
           " counters, 84 points a hand."),
        N_("Of two equal tiles, the first played wins. Marks as in 42; the first team to 7"
           " wins."),
    ),
}
"""The other games of the family (docs/VARIANTS.md), each in a few lines of its own; naming
trump and following suit are said by :data:`PLAY_RULES`."""

COMMANDS = (
    (("new",), N_("Open a table here; bots: fills seats with computer players; thread: opens"
                  " it in a thread of its own.")),
    (("join", "leave"), N_("Take a seat, or give it up before the start.")),
    (("start",), N_("Deal the first hand once every seat is taken.")),
    (("hand",), N_("Your private panel: your tiles and your choices.")),
    (("bid", "pass", "trump", "play"), N_("Make your call by typing it.")),
    (("table",), N_("Post the table message again when it has scrolled away.")),
    (("review",), N_("Every action of the last hand.")),
    (("why",), N_("Why the bots played the trick on the table as they did.")),
    (("rules",), N_("The rules this table plays.")),
    (("settings",), N_("Whether you are pinged when it is your turn.")),
    (("stats",), N_("A member's games on this server, for you only")),
    (("history",), N_("A member's finished games on this server, for you only")),
    (("game",), N_("Open a finished game hand by hand, for you only")),
    (("leaderboard",), N_("This server's players by rating or by marks won")),
    (("end",), N_("Close the table (its creator or a moderator).")),
    (("tournament",), N_("A tournament the bot referees: new, enter, withdraw, start, status; its"
                         " organiser may pause it, award a match or end it.")),
)
"""Each command's subcommands (their names are message ids of the context ``command name``, as
the slash commands are translated) and what they do (a message id)."""


def command(locale: str | None, word: str) -> str:
    """``/42 word`` as the reader's client shows it: the subcommand's translated name."""
    name = translations(locale).pgettext(COMMAND_NAME, word)
    return f"/42 {name if valid_name(name) else word}"


def rules_message(locale: str | None, options: Options = DEFAULT_OPTIONS,
                  variant: Variant = FORTY_TWO) -> Reply:
    """The rules a table plays, in the reader's language: 42 with its house rules in force, or
    the other game of the family the table plays."""
    if variant is FORTY_TWO:
        lines = [f"• {t(locale, line)}" for line in RULES]
        lines.append(rules_text(locale, options))
        lines.append(t(locale, "Every rule in full: docs/RULES.md and docs/HOUSE-RULES.md in the"
                               " bot's source."))
        title = t(locale, "Texas 42: the rules")
    else:
        own = VARIANT_RULES[variant.name]
        lines = [f"• {t(locale, line)}" for line in (*own[:-1], *PLAY_RULES, own[-1])]
        lines.append(t(locale, "Every rule in full: docs/VARIANTS.md in the bot's source."))
        title = t(locale, "{game}: the rules", game=game_title(locale, variant))
    embed = discord.Embed(colour=COLOUR, title=title, description="\n".join(lines))
    return Reply(None, embed)


def help_message(locale: str | None) -> Reply:
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: the commands"))
    embed.description = "\n".join(
        f"`{' · '.join(command(locale, word) for word in words)}` — {t(locale, what)}"
        for words, what in COMMANDS)
    return Reply(None, embed)


def last_trick_message(snapshot: TableSnapshot, locale: Locale) -> str:
    """The last completed trick, sorted and by side only (R-SEE-ANON, R-SEE-MARKS): of the
    hand in play, else of the hand before it."""
    observation = snapshot.observation
    last = observation.last_trick if observation is not None else None
    if last is None and snapshot.last_hand is not None:
        last = snapshot.last_hand.last_trick
    if last is None:
        return t(locale, "No trick has been completed yet.")
    return t(locale, "Last trick, taken by {team}: {tiles}.", team=last.team,
             tiles=tiles(last.tiles))
