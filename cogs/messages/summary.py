"""A finished hand told: how it went in one line (made or set, and what it gave), and every
action of it in the review."""

from __future__ import annotations

import discord

from bot.i18n import Locale, t, tn
from bot.records import TableRecord
from engine import Bid, Discard, HandSummary, Leftover, NameTrump, Pass, Trump
from engine.seats import Seating
from engine.variants import FORTY_TWO

from ..components import WhyButton
from .reply import COLOUR, Reply
from .score import per_side
from .words import bid_text, call_text, is_compass, leftover_text, trick_line, voice, who


def summary_text(locale: Locale, summary: HandSummary, table: TableRecord) -> str:
    """How a finished hand went: made or set, and the marks it gave (R-AWARD, R-ALLPASS)."""
    result = summary.result
    if result.redeal or summary.contract is None:
        return t(locale, "Hand {hand}: everybody passed, so nobody scores and the deal moves on.",
                 hand=summary.hand_number)
    contract = summary.contract
    seating = table.variant.seating
    locale = voice(locale, table)
    declarers = seating.side_of[contract.declarer]
    gainers = [side for side in seating.sides if result.marks[side]]
    team = declarers if result.made or not gainers else gainers[0]
    marks = result.marks[team]
    params: dict[str, object] = {
        "hand": summary.hand_number, "seat": contract.declarer,
        "player": who(locale, table, contract.declarer), "team": team,
        "ns": summary.points[0], "ew": summary.points[-1],
    }
    if result.score is not None:
        return _points_summary(locale, summary, params, result.score, seating)
    if not is_compass(seating):
        return _marks_summary(locale, summary, params, seating)
    if summary.trump is Trump.NELLO:
        bid = bid_text(locale, contract.bid)
        if result.made:
            return tn(locale, "Hand {hand}: {seat} ({player}) bid {bid}, played Nello and took"
                      " no trick. {team} win {n} mark.",
                      "Hand {hand}: {seat} ({player}) bid {bid}, played Nello and took no"
                      " trick. {team} win {n} marks.", marks, bid=bid, **params)
        return tn(locale, "Hand {hand}: {seat} ({player}) bid {bid}, played Nello and took a"
                  " trick, so was set. {team} win {n} mark.",
                  "Hand {hand}: {seat} ({player}) bid {bid}, played Nello and took a trick, so"
                  " was set. {team} win {n} marks.", marks, bid=bid, **params)
    if contract.is_marks:
        bid = bid_text(locale, contract.bid)
        if result.made:
            return tn(locale, "Hand {hand}: {seat} ({player}) bid {bid} and took every trick."
                      " {team} win {n} mark.",
                      "Hand {hand}: {seat} ({player}) bid {bid} and took every trick."
                      " {team} win {n} marks.", marks, bid=bid, **params)
        return tn(locale, "Hand {hand}: {seat} ({player}) bid {bid} and was set. {team} win"
                  " {n} mark.",
                  "Hand {hand}: {seat} ({player}) bid {bid} and was set. {team} win {n} marks.",
                  marks, bid=bid, **params)
    if result.made:
        return tn(locale, "Hand {hand}: {seat} ({player}) bid {points} and made it"
                  " (North–South {ns}, East–West {ew}). {team} win {n} mark.",
                  "Hand {hand}: {seat} ({player}) bid {points} and made it"
                  " (North–South {ns}, East–West {ew}). {team} win {n} marks.",
                  marks, points=contract.bid.points, **params)
    return tn(locale, "Hand {hand}: {seat} ({player}) bid {points} and was set"
              " (North–South {ns}, East–West {ew}). {team} win {n} mark.",
              "Hand {hand}: {seat} ({player}) bid {points} and was set"
              " (North–South {ns}, East–West {ew}). {team} win {n} marks.",
              marks, points=contract.bid.points, **params)


def _marks_summary(locale: Locale, summary: HandSummary, params: dict[str, object],
                   seating: Seating) -> str:
    """A hand of a game to marks with more than two sides (V-THREE-AWARD): made or set, the
    points each side took, and the marks each side won."""
    assert summary.contract is not None
    scored = {**params, "bid": bid_text(locale, summary.contract.bid),
              "points": per_side(locale, seating, summary.points),
              "marks": per_side(locale, seating, summary.result.marks, plus=True)}
    if summary.result.made:
        return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and made it ({points})."
                 " Marks: {marks}.", **scored)
    return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and was set ({points})."
             " Marks: {marks}.", **scored)


def _points_summary(locale: Locale, summary: HandSummary, params: dict[str, object],
                    score: tuple[int, ...], seating: Seating) -> str:
    """A hand scored in points (H-POINTS, V-MOON-SCORE, V-BIG-SCORE, V-140-SCORE): what
    each side took and scored."""
    assert summary.contract is not None
    bid = bid_text(locale, summary.contract.bid)
    if not is_compass(seating):
        scored = {**params, "bid": bid, "points": per_side(locale, seating, summary.points),
                  "scores": per_side(locale, seating, score, plus=True)}
        if summary.result.made:
            return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and made it ({points})."
                     " Scored: {scores}.", **scored)
        return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and was set ({points})."
                 " Scored: {scores}.", **scored)
    scored = {**params, "bid": bid, "ns_score": score[0], "ew_score": score[1]}
    if summary.result.made:
        return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and made it (North–South"
                 " {ns}, East–West {ew}). Scored: North–South {ns_score}, East–West"
                 " {ew_score}.", **scored)
    return t(locale, "Hand {hand}: {seat} ({player}) bid {bid} and was set (North–South {ns},"
             " East–West {ew}). Scored: North–South {ns_score}, East–West {ew_score}.",
             **scored)


def review_message(summary: HandSummary, table: TableRecord, locale: Locale) -> Reply:
    """R-REVIEW: every action of the finished hand with its author; unplayed tiles stay hidden.
    At a table of 42 with computer players, a button asks why they played as they did."""
    embed = discord.Embed(colour=COLOUR, title=t(voice(locale, table), "Hand {hand} — review",
                                                  hand=summary.hand_number))
    embed.description = "\n".join(review_lines(summary, table, locale))
    if table.variant is not FORTY_TWO or not any(
            player is not None and player.is_computer for player in table.seats):
        return Reply(None, embed, None)
    view = discord.ui.View(timeout=None)
    view.add_item(WhyButton(table.id, t(voice(locale, table), "Why did the bots play so?")))
    return Reply(None, embed, view)


def review_lines(summary: HandSummary, table: TableRecord, locale: Locale) -> list[str]:
    """The review's lines: the dealer, the auction, trump, the leftover, every trick with who
    played what, and how the hand ended."""
    locale = voice(locale, table)
    calls = [c for c in summary.actions if isinstance(c.action, Pass | Bid)]
    lines = [t(locale, "Dealer: {seat} {player}", seat=summary.dealer,
               player=who(locale, table, summary.dealer))]
    lines.append(t(locale, "Auction: {calls}",
                   calls=" · ".join(call_text(locale, c) for c in calls)))
    for call in summary.actions:
        if isinstance(call.action, NameTrump):
            lines.append(t(locale, "Trump: {seat} named {trump}.", seat=call.seat,
                           trump=call.action.trump))
        elif isinstance(call.action, Leftover | Discard):
            lines.append(leftover_text(locale, call.seat, call.action))
    lines.extend(trick_line(locale, number, trick)
                 for number, trick in enumerate(summary.tricks, start=1))
    lines.append(summary_text(locale, summary, table))
    return lines
