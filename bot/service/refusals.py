"""Refusals: a request the service does not carry out, said privately to whoever made it, and
the checks that raise them. A refused request has changed nothing."""

from __future__ import annotations

from engine import RuleError, Seat
from engine.trumps import Called, Led

from ..i18n import N_, Locale, reader, t
from ..records import Status, TableRecord, mentions
from .values import Panel


class Refusal(Exception):
    """A request refused, said privately to whoever made it; nothing changed.

    ``msgid`` and ``params`` go through :func:`bot.i18n.t`. ``panel``, when set, is the player's
    current panel, shown with the refusal (a stale button answers with the fresh one)."""

    def __init__(self, msgid: str, /, *, panel: Panel | None = None,
                 table: TableRecord | None = None, **params: object) -> None:
        super().__init__(msgid)
        self.msgid = msgid
        self.params = params
        self.panel = panel
        self.table = table
        """The table the refusal is about, for a link to its message."""

    def __repr__(self) -> str:
        return f"Refusal({self.msgid!r}, {self.params!r})"

    def text(self, locale: Locale) -> str:
        """The refusal in ``locale``; ``{link}`` leads to the table it is about, whose seats
        it names as that table does."""
        params = dict(self.params)
        table = self.table or (self.panel.table if self.panel is not None else None)
        if table is None:
            return t(locale, self.msgid, **params)
        params.setdefault("link", table.link)
        return t(reader(locale, table.variant.seating), self.msgid, **params)


class Unrestorable(Refusal):
    """A stored table whose game this bot cannot rebuild exactly (another rules version, or
    actions the engine refuses): it is left as stored, and only closing it is offered."""


class Stale(Exception):
    """The action lost a race: another writer committed the table's next action first."""


CHANGED_MEANWHILE = N_("The table changed meanwhile; try again.")
"""Another writer (another process of the bot) changed the table first: nothing was done."""
OUT_OF_DATE = N_("That panel was out of date, so nothing was done; here is your current one.")
"""A click from a panel drawn before the game's last action: it is not obeyed."""

# Engine refusals by code (and, for bids, by the fact they carry), as message ids. The engine's
# English ``message`` is never shown as is, so every refusal can be translated.
_RULE_MESSAGES = {
    "not_your_turn": N_("It's {to_act}'s turn."),
    "wrong_phase": N_("That can't be done at this point of the hand."),
    "hand_over": N_("This hand is over."),
    "game_over": N_("This game is over."),
    "illegal_trump": N_("That trump can't be named here."),
    "not_in_hand": N_("That tile is not in your hand."),
    "closest_to_seven": N_("You must play a tile closest to 7 (Sevens)."),
}
_FOLLOW_MESSAGES: dict[Led, str] = {
    0: N_("You must follow blanks."), 1: N_("You must follow ones."),
    2: N_("You must follow twos."), 3: N_("You must follow threes."),
    4: N_("You must follow fours."), 5: N_("You must follow fives."),
    6: N_("You must follow sixes."), 7: N_("You must follow sevens."),
    8: N_("You must follow eights."), 9: N_("You must follow nines."),
    Called.TRUMPS: N_("You must follow trumps."), Called.DOUBLES: N_("You must follow doubles."),
}
"""R-FOLLOW's refusal by what the trick calls for: a whole sentence each, for the translators."""


def refusal_for(error: RuleError, panel: Panel | None = None) -> Refusal:
    """The player-facing refusal for an engine :class:`RuleError`."""
    params = error.params
    if error.code == "must_follow":
        led = params.get("led")
        if isinstance(led, int | Called) and led in _FOLLOW_MESSAGES:
            return Refusal(_FOLLOW_MESSAGES[led], panel=panel)
        return Refusal("You must follow the suit led.", panel=panel)
    if error.code == "illegal_bid":
        if "marks" in params:
            return Refusal("The next marks bid must be exactly {marks} marks.", panel=panel,
                           marks=params["marks"])
        if "points" in params:
            return Refusal("Bid more than {points}.", panel=panel, points=params["points"])
        return Refusal("That bid is not allowed now: choose one from your panel.", panel=panel)
    refusal = Refusal(_RULE_MESSAGES.get(error.code, N_("That is not allowed now.")), panel=panel)
    refusal.params.update(params)
    return refusal


# ----- checks of a request against its table -----------------------------------------------------

def seat_of(table: TableRecord, user_id: int,
            msgid: str = N_("You are not seated at this table.")) -> Seat:
    """The member's seat, or ``msgid`` if they have none."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(msgid)
    return seat


def require_seat(table: TableRecord, seat: Seat) -> None:
    """``seat`` is one of the table's (a tampered button may name another)."""
    if seat not in table.all_seats:
        raise Refusal("This table has no such seat.")


def free_seat(table: TableRecord) -> Seat:
    for seat in table.all_seats:
        if table.player(seat) is None:
            return seat
    raise Refusal("Every seat is taken.")


def require_host(table: TableRecord, user_id: int, msgid: str) -> None:
    """A seated member, or the table's creator (who may watch a table of computer players
    without sitting at it)."""
    if table.seat_of(user_id) is None and user_id != table.creator_id:
        raise Refusal(msgid)


def require_lobby(table: TableRecord,
                  started: str = N_("The game has started: seats can't change now.")) -> None:
    """The table is in its lobby; else ``started`` (once the game is on) says why not."""
    if table.status is Status.PLAYING:
        raise Refusal(started)
    if not table.status.is_active:
        raise Refusal("This table is closed.")


def require_creators_lobby(table: TableRecord, user_id: int, started: str,
                           not_creator: str) -> None:
    """A table's settings are its creator's to choose, until the game starts."""
    require_lobby(table, started)
    if user_id != table.creator_id:
        raise Refusal(not_creator, creator=mentions((table.creator_id,)))


def require_drawn(panel: Panel, drawn: tuple[int, int], msgid: str) -> None:
    """A click from ``panel`` as drawn at ``drawn`` (hand number, actions accepted) is obeyed
    only if the game is still there; else ``msgid``, with the current panel."""
    if not panel.drawn_at(*drawn):
        raise Refusal(msgid, panel=panel)
