"""The table message: the seats, the settings, whose turn it is, the hand in progress and, at
the end, who won; drawn from the spectator's observation (``observe(game, None)``) only, so it
cannot hold a tile still in someone's hand."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.house_rules import rules_text
from bot.i18n import Locale, led_name, t, tn
from bot.records import DEFAULT_STRONG, Status, StrongPlayer, TableRecord, mention, mentions
from bot.service import TableSnapshot
from engine import Domino, Observation, Phase, Seat
from engine.seats import Seating

from ..components import (
    GameButton,
    GuideButton,
    HandButton,
    LastTrickButton,
    NudgeButton,
    RematchButton,
    ReviewButton,
)
from ..games import game_title
from .away import away_buttons, away_text
from .lobby import lobby
from .reply import COLOUR, Reply
from .score import marks_line, per_side, points_text, signed
from .summary import summary_text
from .words import (
    bid_text,
    call_text,
    computer_name,
    event_text,
    is_compass,
    level_name,
    members_of,
    relative_time,
    tiles,
    trick_line,
    voice,
    who,
)


def table_message(snapshot: TableSnapshot, *, pictured: bool = False,
                  strong: StrongPlayer = DEFAULT_STRONG) -> Reply:
    """The channel's view of a table: never a hand, never play order inside a captured trick.
    It names the member to act but never notifies anybody, even when it is posted anew (the
    turn ping does that, once).

    ``pictured``: the table's picture goes with it (:func:`cogs.pictured.table_reply`), so the
    embed keeps only what a picture cannot do (mentions, and what the picture does not show);
    the picture's alt text says the rest. Without it, the text says everything. ``strong``: who
    plays at the bot's strong tables, named if not the strongest player."""
    table, observation = snapshot.table, snapshot.observation
    locale = voice(table.locale, table)
    seating = table.variant.seating
    embed = discord.Embed(title=game_title(locale, table.variant), colour=COLOUR)
    lines = [f"🏆 {table.title}" if table.title is not None else
             t(locale, "Table of {creator}", creator=mention(table.creator_id))]
    if seating.has_teams:
        for team in seating.sides:
            lines.append(t(locale, "**{team}**: {seats}", team=team, seats=" · ".join(
                _seat_holder(locale, table, seat) for seat in seating.members[team])))
    else:
        lines.extend(_seat_holder(locale, table, seat) for seat in seating.seats)
    if table.variant.house_rules:
        lines.append(rules_text(locale, table.options))
    lines.append(settings_text(locale, table, strong))
    if observation is None:
        return lobby(snapshot, embed, lines, strong)
    if not pictured:
        lines.append(t(locale, "Hand {hand} · dealer: {seat} {player}",
                       hand=observation.hand_number, seat=observation.dealer,
                       player=who(locale, table, observation.dealer)))
        lines.append(marks_line(locale, observation))
    embed.description = "\n".join(lines)

    closed = table.status is Status.CLOSED
    over = observation.winner is not None
    summary = snapshot.last_hand
    if summary is not None and (over or observation.phase in (Phase.AUCTION, Phase.TRUMP)) and (
            not pictured or snapshot.result_lying is None):
        embed.add_field(name=t(locale, "Last hand"), value=summary_text(locale, summary, table),
                        inline=False)
    if not over:
        _hand_fields(locale, embed, observation, table, pictured=pictured)
    if snapshot.last_action is not None and not over and not pictured:
        embed.add_field(name=t(locale, "Just now"), value=_just_now(locale, snapshot),
                        inline=False)

    view = discord.ui.View(timeout=None)
    content: str | None = None
    if closed:
        embed.add_field(name=t(locale, "Closed"),
                        value=t(locale, "This table is closed; the game does not count."),
                        inline=False)
        return Reply(None, embed, None)
    if over:
        assert observation.winner is not None
        embed.add_field(name=t(locale, "Game over"),
                        value=_won_text(locale, observation, table), inline=False)
        if snapshot.hands:
            embed.add_field(name=t(locale, "Hand by hand"),
                            value=_hand_by_hand(locale, snapshot), inline=False)
        if table.rematch_votes:
            waiting = table.rematch_needed - table.rematch_votes
            embed.add_field(name=t(locale, "Rematch"), value=t(
                locale, "Agreed: {agreed}. Waiting for {waiting}.",
                agreed=mentions(table.rematch_votes), waiting=mentions(waiting)),
                inline=False)
        view.add_item(ReviewButton(table.id, t(locale, "Review last hand")))
        view.add_item(GameButton(table.id, t(locale, "Every hand")))
        view.add_item(RematchButton(table.id, t(locale, "Rematch")))
        return Reply(None, embed, view)
    to_act = observation.to_act
    if to_act is not None:
        content = _turn_line(locale, observation.phase, table, to_act)
        if snapshot.deadline is not None:
            content += " · " + t(locale, "⏱ time runs out {when}",
                                 when=relative_time(snapshot.deadline))
    if snapshot.timed_out is not None:
        seat = snapshot.timed_out
        embed.add_field(name=t(locale, "⏱ Time ran out"), value=t(
            locale, "{seat} {player} ran out of time: a 🤖 bot made that move for them.",
            seat=seat, player=who(locale, table, seat)), inline=False)
    away = away_text(locale, table)
    if away:
        embed.add_field(name=t(locale, "Away"), value=away, inline=False)
    view.add_item(HandButton(table.id, t(locale, "My hand")))
    if summary is not None:
        view.add_item(ReviewButton(table.id, t(locale, "Review last hand")))
    if observation.last_trick is not None or summary is not None:
        view.add_item(LastTrickButton(table.id, t(locale, "Last trick")))
    view.add_item(GuideButton(table.id, t(locale, "Rules")))
    if to_act is not None and _nudgeable(table, to_act):
        view.add_item(NudgeButton(table.id, t(locale, "Nudge")))
    away_buttons(locale, view, table)
    return Reply(content, embed, view)


def _nudgeable(table: TableRecord, seat: Seat) -> bool:
    """Whether the member to act at ``seat`` may be nudged: another member is seated to."""
    player = table.player(seat)
    if player is None or player.user_id is None or table.computer_plays(seat):
        return False
    return any(other is not None and other.user_id not in (None, player.user_id)
               for other in table.seats)


def _just_now(locale: Locale, snapshot: TableSnapshot) -> str:
    """What just happened; a trick just completed, with each tile by who played it and who
    won it, for as long as it lies on the table (R-SEE-TABLE)."""
    observation, last = snapshot.observation, snapshot.last_action
    assert observation is not None and last is not None
    lying = observation.completed_trick
    if lying is None:
        return event_text(locale, last)
    summary = snapshot.last_hand
    ended = last.ended_hand and summary is not None
    number = len(summary.tricks) if ended and summary is not None else (
        observation.trick_number - 1)
    return trick_line(locale, number, lying)


def settings_text(locale: Locale, table: TableRecord,
                  strong: StrongPlayer = DEFAULT_STRONG) -> str:
    """How strong the table's computer players are (and who they are, at a strong table whose
    player is not the strongest), whether hints are offered, and the move clock if the table
    has one."""
    level = level_name(locale, table.level, strong)
    if table.hints:
        text = t(locale, "🤖 Bots: {level} · 💡 Hints: on", level=level)
    else:
        text = t(locale, "🤖 Bots: {level} · 💡 Hints: off", level=level)
    if table.clock is not None:
        minutes, seconds = divmod(table.clock.seconds, 60)
        text += " · " + (tn(locale, "⏱ {n} second a move", "⏱ {n} seconds a move", seconds)
                         if seconds else
                         tn(locale, "⏱ {n} minute a move", "⏱ {n} minutes a move", minutes))
    return text


def _won_text(locale: Locale, observation: Observation, table: TableRecord) -> str:
    """Who won the game, and the final totals of every side."""
    standing = observation.standing
    winner = standing.winner
    assert winner is not None
    seating = observation.variant.seating
    totals = standing.totals
    final = per_side(locale, seating, totals)
    if not seating.has_teams:
        return t(locale, "{seat} {player} wins the game! {totals}", seat=winner,
                 player=members_of(locale, table, winner), totals=final)
    first, second = (who(locale, table, s) for s in seating.members[winner][:2])
    if is_compass(seating) and standing.goal.in_points:
        return t(locale, "{team} ({first} and {second}) win the game, {won} points to"
                 " {lost}!", team=winner, first=first, second=second,
                 won=signed(totals[winner]), lost=signed(totals[1 - winner]))
    if is_compass(seating):
        return t(locale, "{team} ({first} and {second}) win the game, {won} marks to"
                 " {lost}!", team=winner, first=first, second=second, won=totals[winner],
                 lost=totals[1 - winner])
    return t(locale, "{team} ({players}) win the game! {totals}", team=winner,
             players=members_of(locale, table, winner), totals=final)


def _hand_by_hand(locale: Locale, snapshot: TableSnapshot) -> str:
    """What each hand gave each side, in order (marks, or points in a game scored so)."""
    rows = []
    seating = snapshot.table.variant.seating
    for number, result in enumerate(snapshot.hands, start=1):
        if result.redeal:
            rows.append(t(locale, "{hand}. everybody passed", hand=number))
            continue
        given = result.score if result.score is not None else result.marks
        rows.append(t(locale, "{hand}. {scores}", hand=number,
                      scores=per_side(locale, seating, given, plus=True)))
    text = "\n".join(rows)
    return text if len(text) <= 1024 else "…\n" + text[-1000:].split("\n", 1)[-1]


def _seat_holder(locale: Locale, table: TableRecord, seat: Seat) -> str:
    player = table.player(seat)
    if player is None:
        return t(locale, "{seat} (empty)", seat=seat)
    if seat in table.stand_ins:
        return t(locale, "{seat} {player} (away; 🤖 a bot plays)", seat=seat,
                 player=player.mention)
    if player.is_computer:
        return t(locale, "{seat} 🤖 {name} ({level})", seat=seat, name=computer_name(seat),
                 level=level_name(locale, table.level))
    return t(locale, "{seat} {player}", seat=seat, player=who(locale, table, seat))


def _turn_line(locale: Locale, phase: Phase, table: TableRecord, seat: Seat) -> str:
    """Whose turn it is; a member is pinged only when it is theirs to play. The leftover step
    (the Big Game's, V-BIG-LEFTOVER, whose word is "leftover") is to look at the leftover; a
    discard, whenever it comes (V-MOON-WIDOW, V-140-BONEYARD, after trump in 72: V-72-WIDOW),
    is to discard."""
    player = table.player(seat)
    if seat in table.stand_ins and player is not None:
        if phase is Phase.LEFTOVER:
            return t(locale, "→ 🤖 A bot looks at the leftover for {player} ({seat})",
                     player=player.mention, seat=seat)
        if phase is Phase.DISCARD:
            return t(locale, "→ 🤖 A bot discards for {player} ({seat})",
                     player=player.mention, seat=seat)
        if phase is Phase.AUCTION:
            return t(locale, "→ 🤖 A bot bids for {player} ({seat})", player=player.mention,
                     seat=seat)
        if phase is Phase.TRUMP:
            return t(locale, "→ 🤖 A bot names trump for {player} ({seat})",
                     player=player.mention, seat=seat)
        return t(locale, "→ 🤖 A bot plays for {player} ({seat})", player=player.mention,
                 seat=seat)
    name = who(locale, table, seat) or t(locale, "{seat}", seat=seat)
    if phase is Phase.LEFTOVER:
        return t(locale, "→ {player} looks at the leftover ({seat})", player=name, seat=seat)
    if phase is Phase.DISCARD:
        return t(locale, "→ {player} to discard ({seat})", player=name, seat=seat)
    if phase is Phase.AUCTION:
        return t(locale, "→ {player} to bid ({seat})", player=name, seat=seat)
    if phase is Phase.TRUMP:
        return t(locale, "→ {player} to name trump ({seat})", player=name, seat=seat)
    return t(locale, "→ {player} to play ({seat})", player=name, seat=seat)


def _hand_fields(locale: Locale, embed: discord.Embed, observation: Observation,
                 table: TableRecord, *, pictured: bool) -> None:
    """The hand in progress: the auction until the play begins (then the contract says what
    came of it), points, trick and captured tiles; beside the picture, which shows all that,
    only the hands Sevens lays face up, which it does not."""
    if pictured:
        _open_hands(locale, embed, observation, table)
        return
    if observation.phase is not Phase.PLAY:
        if observation.auction:
            auction = " · ".join(call_text(locale, call) for call in observation.auction)
        else:
            auction = t(locale, "Nobody has spoken yet.")
        embed.add_field(name=t(locale, "Auction"), value=auction, inline=False)
    if observation.phase is Phase.AUCTION:
        return
    contract = observation.contract
    if contract is None:
        return
    player = who(locale, table, contract.declarer)
    bid = bid_text(locale, contract.bid)
    if observation.trump is None:
        value = t(locale, "{seat} {player} bid {bid}; trump is being named.",
                  seat=contract.declarer, player=player, bid=bid)
    else:
        value = t(locale, "{seat} {player} bid {bid} · trump: {trump}", seat=contract.declarer,
                  player=player, bid=bid, trump=observation.trump)
    out = observation.sitting_out
    if out is not None:
        value += "\n" + t(locale, "{seat} {player} sits out this hand: Nello is played three to a"
                          " trick.", seat=out, player=who(locale, table, out))
    embed.add_field(name=t(locale, "Contract"), value=value, inline=False)
    _open_hands(locale, embed, observation, table)
    if observation.face_up_discards:
        embed.add_field(name=t(locale, "Discarded face up"), value=t(
            locale, "{seat} had to discard trumps, face up: {tiles}", seat=contract.declarer,
            tiles=tiles(observation.face_up_discards)), inline=False)
    if observation.phase is not Phase.PLAY:
        return
    embed.add_field(name=t(locale, "Hand points"), value=points_text(locale, observation),
                    inline=False)
    plays = [t(locale, "{seat} {tile}", seat=seat, tile=tile) for seat, tile in observation.trick]
    if observation.to_act is not None:
        plays.append(t(locale, "{seat} …", seat=observation.to_act))
    facts = _trick_facts(locale, observation)
    embed.add_field(name=t(locale, "Trick {number}", number=observation.trick_number),
                    value=" · ".join(plays) + (f"\n{facts}" if facts else ""), inline=False)
    embed.add_field(name=_captured_title(locale, observation),
                    value=_captured_text(locale, observation), inline=False)


def _trick_facts(locale: Locale, observation: Observation) -> str:
    """Who led the trick in progress and what it calls for (R-LED-SUIT; no suit under
    Sevens), and which tile is winning it (R-WIN), as the observation says."""
    winning = observation.winning
    if winning is None:
        return ""
    leader = observation.trick[0][0]
    led = observation.led
    lead = (t(locale, "{seat} led", seat=leader) if led is None
            else t(locale, "{seat} led {suit}", seat=leader, suit=led_name(locale, led)))
    return " · ".join((lead, t(locale, "{seat} is winning with {tile}", seat=winning,
                                tile=dict(observation.trick)[winning])))


def _open_hands(locale: Locale, embed: discord.Embed, observation: Observation,
                table: TableRecord) -> None:
    """H-SEVENS: every hand face up, each in the order the engine lays it out."""
    if observation.open_hands is not None:
        embed.add_field(name=t(locale, "Hands face up (Sevens)"), value=_open_hands_text(
            locale, table.variant.seating, observation.open_hands), inline=False)


def _open_hands_text(locale: Locale, seating: Seating,
                     hands: Sequence[Sequence[Domino]]) -> str:
    rows = [t(locale, "{seat}: {tiles}", seat=seat, tiles=tiles(hand))
            for seat, hand in zip(seating.seats, hands, strict=True) if hand]
    return "\n".join(rows) or t(locale, "Every tile has been played.")


def _captured_title(locale: Locale, observation: Observation) -> str:
    contract = observation.contract
    if contract is not None and contract.is_marks:
        return tn(locale, "Face up (the last trick)", "Face up (the last {n} tricks)",
                  observation.piles or 1)
    return t(locale, "Captured")


def _captured_text(locale: Locale, observation: Observation) -> str:
    """R-SEE-POINTS by team; R-SEE-MARKS the last piles only; sorted either way (R-SEE-ANON)."""
    rows = [t(locale, "{team}: {tiles}", team=pile.team, tiles=tiles(pile.tiles))
            for pile in observation.captured if pile.tiles]
    return "\n".join(rows) or t(locale, "Nothing captured yet.")
