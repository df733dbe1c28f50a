"""A hint in words: the strong player's suggestion (:mod:`engine.players.hints`) and its reason,
one line in the reader's language, shown on the member's own panel."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import N_, Locale, t
from engine.players.hints import Hint, Reason

from .messages.words import action_label

REASONS: Mapping[Reason, str] = {
    Reason.BID: N_("{action}: your hand should make it on {trump}."),
    Reason.BID_CLOSE: N_("{action}: a close call on {trump}, but bidding is worth more than"
                         " passing."),
    Reason.BID_MARKS: N_("{action}: your hand is strong enough for marks on {trump}."),
    Reason.BID_MARKS_SCORE: N_("{action}: at this score, marks on {trump} are worth the risk."),
    Reason.SPECIAL_BID: N_("{action}: this hand is made for it."),
    Reason.PASS_WEAK: N_("{action}: your hand is not strong enough to bid."),
    Reason.PASS_PARTNER: N_("{action}: your partner holds the bid."),
    Reason.NAME_TRUMP: N_("{action}: it suits your hand best."),
    Reason.TAKE_LEFTOVER: N_("{action}: it makes your hand stronger."),
    Reason.LEAVE_LEFTOVER: N_("{action}: the leftover would not help your hand."),
    Reason.DISCARD: N_("{action}: what your hand needs least."),
    Reason.DRAW_TRUMPS: N_("{action} draws the trumps still out."),
    Reason.LEAD_WINNER: N_("{action} is the highest of its suit still out."),
    Reason.LEAD_LOW: N_("{action} leads low and keeps your winners for later."),
    Reason.ONLY_PLAY: N_("{action} is the only tile you may play."),
    Reason.GIVE_COUNT: N_("{action}: your partner is winning, so give count."),
    Reason.TRUMP_IN: N_("{action}: you can't follow suit, so trump in."),
    Reason.WIN_TRICK: N_("{action} wins the trick."),
    Reason.PLAY_LOW: N_("{action}: the trick isn't yours to win, so play the tile worth"
                        " least."),
}


def hint_text(locale: Locale, hint: Hint) -> str:
    """"💡 Hint: [6|6] draws the trumps still out." in ``locale``; a bid says how sure it is
    ("💡 Hint: 30: your hand should make it on sixes. (70% sure)")."""
    reason = t(locale, REASONS[hint.reason], action=action_label(locale, hint.action),
               trump=hint.trump if hint.trump is not None else "")
    if hint.chance is not None:
        return t(locale, "💡 Hint: {reason} ({percent} sure)", reason=reason,
                 percent=f"{hint.chance:.0%}")
    return t(locale, "💡 Hint: {reason}", reason=reason)
