"""The pictures on the bot's messages: the table's, drawn from the spectator's observation only
(the same one its text is written from), and a panel's hand, from its owner's observation.

Drawing happens off the event loop and once per scene (:class:`cogs.pictures.Pictures`); the
words come from the reader's catalog, and the names are those members had when they sat down
(a picture can't show a mention).
"""

from __future__ import annotations

from bot.i18n import name, reader, t
from bot.records import DEFAULT_STRONG, StrongPlayer, TableRecord
from bot.service import Panel, TableSnapshot

from .games import leftover_name, leftover_word
from .messages.reply import Picture, Reply
from .messages.table import table_message
from .messages.words import computer_name, words
from .pictures import (
    Pictures,
    TableScene,
    Words,
    hand_alt,
    hand_scene,
    last_hand_scene,
    table_alt,
    table_scene,
)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"


def table_words(locale: str | None, table: TableRecord) -> Words:
    """The pictures' words in ``locale`` at ``table``: its seats and sides named as the table
    names them, and its game's word for the leftover."""
    voice = reader(locale, table.variant.seating)
    seating = table.variant.seating
    return words(locale).for_table(
        seats=tuple(name(voice, seat) for seat in seating.seats),
        sides=tuple(name(voice, side) for side in seating.sides),
        leftover=leftover_word(voice, table.variant),
        from_leftover=leftover_name(voice, table.variant), discarded=t(voice, "Discarded"))


def seat_names(table: TableRecord, locale: str | None) -> tuple[str, ...]:
    """What the picture writes at each seat: the member's name, the computer player's own
    (the table's text names its level), else the seat's own."""
    voice = reader(locale, table.variant.seating)
    names = []
    for seat in table.all_seats:
        player = table.player(seat)
        if player is not None and player.is_computer:
            names.append(t(locale, "{name} (bot)", name=computer_name(seat)))
        elif player is not None and player.name:
            names.append(player.name)
        else:
            names.append(name(voice, seat))
    return tuple(names)


def table_picture(snapshot: TableSnapshot) -> TableScene:
    """What the table's picture shows of a game that is on: from a hand's end until the next
    hand's first call, the hand's result with its last trick; else the hand in play."""
    observation = snapshot.observation
    assert observation is not None
    locale = snapshot.table.locale
    names, words = seat_names(snapshot.table, locale), table_words(locale, snapshot.table)
    summary = snapshot.result_lying
    if summary is not None:
        return last_hand_scene(summary, observation, names, words)
    return table_scene(observation, names, words)


async def table_reply(snapshot: TableSnapshot, pictures: Pictures,
                      strong: StrongPlayer = DEFAULT_STRONG) -> Reply:
    """The table message for ``snapshot``. Once a game is on, :func:`table_picture` shows the
    table and the text keeps what a picture cannot do; the whole table in text stays ready in
    case Discord refuses the picture. ``strong``: who plays at the bot's strong tables."""
    text = table_message(snapshot, strong=strong)
    if snapshot.observation is None or text.embed is None:
        return text
    reply = table_message(snapshot, pictured=True, strong=strong)
    scene = table_picture(snapshot)
    reply.show(Picture(TABLE_FILE, await pictures.png(scene), table_alt(scene)))
    reply.text_alone = text
    return reply


async def show_hand(reply: Reply, panel: Panel, locale: str | None,
                    pictures: Pictures) -> Reply:
    """``reply`` with the picture of the panel owner's hand, legal tiles marked."""
    if reply.embed is None or not panel.observation.hand:
        return reply
    scene = hand_scene(panel.observation, table_words(locale, panel.table))
    reply.show(Picture(HAND_FILE, await pictures.png(scene), hand_alt(scene)))
    return reply
