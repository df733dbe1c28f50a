"""What a player reads to learn the table: the rules it plays (short enough for a minute, the
house rules in force included), the commands, and the last completed trick."""

from __future__ import annotations

import discord

from bot.house_rules import rules_text
from bot.i18n import N_, t, translations
from bot.service import TableSnapshot
from bot.translator import valid_name
from engine import DEFAULT_OPTIONS, Options

from .render import COLOUR, Reply, tiles

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

COMMANDS = (
    (("new",), N_("Open a table here; bots: fills seats with computer players.")),
    (("join", "leave"), N_("Take a seat, or give it up before the start.")),
    (("start",), N_("Deal the first hand once every seat is taken.")),
    (("hand",), N_("Your private panel: your tiles and your choices.")),
    (("bid", "pass", "trump", "play"), N_("Make your call by typing it.")),
    (("table",), N_("Post the table message again when it has scrolled away.")),
    (("review",), N_("Every action of the last hand.")),
    (("rules",), N_("The rules this table plays.")),
    (("settings",), N_("Whether you are pinged when it is your turn.")),
    (("stats",), N_("A member's games on this server, for you only")),
    (("leaderboard",), N_("This server's players by marks won.")),
    (("end",), N_("Close the table (its creator or a moderator).")),
)
"""Each command's subcommands (their names are message ids of the context ``command name``, as
the slash commands are translated) and what they do (a message id)."""


def command(locale: str | None, word: str) -> str:
    """``/42 word`` as the reader's client shows it: the subcommand's translated name."""
    name = translations(locale).pgettext(COMMAND_NAME, word)
    return f"/42 {name if valid_name(name) else word}"


def rules_message(locale: str | None, options: Options = DEFAULT_OPTIONS) -> Reply:
    """The rules a table plays, in the reader's language, with its house rules in force."""
    lines = [f"• {t(locale, line)}" for line in RULES]
    lines.append(rules_text(locale, options))
    lines.append(t(locale, "Every rule in full: docs/RULES.md and docs/HOUSE-RULES.md in the"
                           " bot's source."))
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: the rules"),
                          description="\n".join(lines))
    return Reply(None, embed)


def help_message(locale: str | None) -> Reply:
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: the commands"))
    embed.description = "\n".join(
        f"`{' · '.join(command(locale, word) for word in words)}` — {t(locale, what)}"
        for words, what in COMMANDS)
    return Reply(None, embed)


def last_trick_message(snapshot: TableSnapshot, locale: str | None) -> str:
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
