"""Messages drawn from observations: the table for the channel, the panel for one player, the
review of a hand and the leaderboard.

The table message is drawn from the spectator's observation only (``observe(game, None)``), so
it cannot hold a tile still in someone's hand; a panel from its owner's observation. Every word
goes through :func:`bot.i18n.t`; tiles are written by their label, high end first (``[6|4]``).
A computer player is written "🤖 Bot" wherever a member would be mentioned; it has no panel, so
its hand is never drawn anywhere.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.house_rules import CHOICES, label, rules_text, values_of
from bot.i18n import N_, Locale, Reader, language, led_name, reader, t, title, tn, translations
from bot.records import (
    COMPUTER_PARTNER,
    ComputerStanding,
    GameKind,
    Level,
    Player,
    Standing,
    Status,
    TableRecord,
    mention,
    mentions,
)
from bot.service import MemberStats, Panel, TableSnapshot
from engine import (
    Action,
    Bid,
    BidKind,
    Call,
    Discard,
    Domino,
    HandSummary,
    Leftover,
    NameTrump,
    Observation,
    Pass,
    Phase,
    Play,
    Seat,
    Team,
    Trump,
)
from engine.observation import LastAction
from engine.seats import Seating

from .components import (
    ActionButton,
    ActionSelect,
    AddComputerButton,
    AwayButton,
    AwayMenuButton,
    BackButton,
    DiscardSelect,
    GuideButton,
    HandButton,
    HintButton,
    HintsButton,
    LastTrickButton,
    LeaveButton,
    LevelButton,
    PilesButton,
    RefreshButton,
    RematchButton,
    RemoveComputerButton,
    ReviewButton,
    RulesSelect,
    SitButton,
    StartButton,
)
from .games import game_title, kind_title
from .pictures import Words

COLOUR = discord.Colour.dark_green()
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG for a message, with its text alternative."""

    filename: str
    data: bytes
    description: str

    def file(self) -> discord.File:
        """A new upload each time: discord.py consumes a file when it sends it."""
        return discord.File(io.BytesIO(self.data), self.filename, description=self.description)


@dataclass
class Reply:
    """A message's parts, ready to send or to edit in."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    allowed_mentions: discord.AllowedMentions = field(default_factory=lambda: NO_MENTIONS)
    pictures: list[Picture] = field(default_factory=list)

    def show(self, picture: Picture) -> None:
        """``picture`` as the embed's image."""
        self.pictures.append(picture)
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{picture.filename}")

    def edit_kwargs(self) -> dict[str, Any]:
        """For an edit: every part is set, so what is absent is cleared."""
        return {"content": self.content, "embed": self.embed, "view": self.view,
                "allowed_mentions": self.allowed_mentions,
                "attachments": [picture.file() for picture in self.pictures]}

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"allowed_mentions": self.allowed_mentions}
        if self.content:
            kwargs["content"] = self.content
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        if self.pictures:
            kwargs["files"] = [picture.file() for picture in self.pictures]
        return kwargs


def who(locale: Locale, player: Player | None) -> str:
    """A seat's holder as a name: a member's mention, or the computer player's."""
    if player is None:
        return ""
    if player.is_computer:
        return t(locale, "🤖 Bot")
    return player.mention


def tiles(row: Sequence[Domino]) -> str:
    return " ".join(tile.label for tile in row)


def voice(locale: Locale, table: TableRecord) -> Reader:
    """``locale`` reading about ``table``: its seats and sides are named as it names them."""
    return reader(locale, table.variant.seating)


def signed(n: int) -> str:
    """A score as written on the table: a real minus sign below zero (V-MOON-SCORE)."""
    return f"−{-n}" if n < 0 else str(n)


def per_side(locale: Locale, seating: Seating, values: Sequence[int], *,
             plus: bool = False) -> str:
    """One number per side, each after the side's name: ``North–South 3 · East–West 1``."""
    return " · ".join(
        t(locale, "{side} {n}", side=side,
          n=("+" + str(value) if plus and value >= 0 else signed(value)))
        for side, value in zip(seating.sides, values, strict=True))


def members_of(locale: Locale, table: TableRecord, side: Team) -> str:
    """The players of a side, by name or mention: ``<@1> and 🤖 Bot``."""
    names = [who(locale, table.player(s)) or t(locale, "{seat}", seat=s)
             for s in table.variant.seating.members[side]]
    if len(names) == 1:
        return names[0]
    return t(locale, "{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


# ----- words for engine values -------------------------------------------------------------------

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


def action_description(locale: Locale, action: Action) -> str | None:
    """One line under a bid or a trump in a select: what choosing it commits to."""
    if isinstance(action, Bid):
        if action.kind.is_moon:
            return t(locale, "You promise to take every trick")
        if action.kind is not BidKind.PLAIN:
            return t(locale, "Your partner names trump and leads; your side takes every trick")
        if action.is_marks:
            return t(locale, "Your side promises to take every trick")
        return t(locale, "Your side promises at least {points} of the 42 points",
                 points=action.points)
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
        "player": who(locale, table.player(contract.declarer)), "team": team,
        "ns": summary.points[0], "ew": summary.points[-1],
    }
    if result.score is not None:
        return _points_summary(locale, summary, params, result.score, seating)
    if not _compass(seating):
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


def _compass(seating: Seating) -> bool:
    """Whether a table is 42's: four seats in two teams, named by the compass."""
    return seating.count == 4 and seating.has_teams


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
    if not _compass(seating):
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


# ----- the table message -----------------------------------------------------------------------

def table_message(snapshot: TableSnapshot) -> Reply:
    """The channel's view of a table: never a hand, never play order inside a captured trick."""
    table, observation = snapshot.table, snapshot.observation
    locale = voice(table.locale, table)
    seating = table.variant.seating
    embed = discord.Embed(title=game_title(locale, table.variant), colour=COLOUR)
    lines = [t(locale, "Table of {creator}", creator=mention(table.creator_id))]
    if seating.has_teams:
        for team in seating.sides:
            lines.append(t(locale, "**{team}**: {seats}", team=team, seats=" · ".join(
                _seat_holder(locale, table, seat) for seat in seating.members[team])))
    else:
        lines.extend(_seat_holder(locale, table, seat) for seat in seating.seats)
    if table.variant.house_rules:
        lines.append(rules_text(locale, table.options))
    lines.append(settings_text(locale, table))
    if observation is None:
        return _lobby(snapshot, embed, lines)
    lines.append(t(locale, "Hand {hand} · dealer: {seat} {player}",
                   hand=observation.hand_number, seat=observation.dealer,
                   player=who(locale, table.player(observation.dealer))))
    lines.append(_marks_line(locale, observation))
    embed.description = "\n".join(lines)

    closed = table.status is Status.CLOSED
    over = observation.winner is not None
    summary = snapshot.last_hand
    if summary is not None and (over or observation.phase in (Phase.AUCTION, Phase.TRUMP)):
        embed.add_field(name=t(locale, "Last hand"), value=summary_text(locale, summary, table),
                        inline=False)
    if not over:
        _hand_fields(locale, embed, observation, table)
    if snapshot.last_action is not None and not over:
        embed.add_field(name=t(locale, "Just now"), value=event_text(locale, snapshot.last_action),
                        inline=False)

    view = discord.ui.View(timeout=None)
    content: str | None = None
    allowed = NO_MENTIONS
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
        view.add_item(RematchButton(table.id, t(locale, "Rematch")))
        return Reply(None, embed, view)
    to_act = observation.to_act
    if to_act is not None:
        player = table.player(to_act)
        content = _turn_line(locale, observation.phase, to_act, player,
                             standing_in=to_act in table.stand_ins)
        if player is not None and player.user_id is not None and not table.computer_plays(
                to_act):
            allowed = discord.AllowedMentions(everyone=False, roles=False,
                                              users=[discord.Object(player.user_id)])
    away = _away_text(locale, table)
    if away:
        embed.add_field(name=t(locale, "Away"), value=away, inline=False)
    view.add_item(HandButton(table.id, t(locale, "My hand")))
    if summary is not None:
        view.add_item(ReviewButton(table.id, t(locale, "Review last hand")))
    if observation.last_trick is not None or summary is not None:
        view.add_item(LastTrickButton(table.id, t(locale, "Last trick")))
    view.add_item(GuideButton(table.id, t(locale, "Rules")))
    _away_buttons(locale, view, table)
    return Reply(content, embed, view, allowed)


LEVEL_NAMES: Mapping[Level, str] = {Level.CASUAL: N_("casual"), Level.STRONG: N_("strong")}


def _hints_used(locale: Locale, standing: Standing) -> str:
    if not standing.hints_used:
        return ""
    return tn(locale, " · {n} hint used", " · {n} hints used", standing.hints_used)


def settings_text(locale: Locale, table: TableRecord) -> str:
    """How strong the table's computer players are, and whether hints are offered."""
    level = t(locale, LEVEL_NAMES[table.level])
    if table.hints:
        return t(locale, "🤖 Bots: {level} · 💡 Hints: on", level=level)
    return t(locale, "🤖 Bots: {level} · 💡 Hints: off", level=level)


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
    first, second = (who(locale, table.player(s)) for s in seating.members[winner][:2])
    if _compass(seating) and standing.goal.in_points:
        return t(locale, "{team} ({first} and {second}) win the game, {won} points to"
                 " {lost}!", team=winner, first=first, second=second,
                 won=signed(totals[winner]), lost=signed(totals[1 - winner]))
    if _compass(seating):
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


def _away_buttons(locale: Locale, view: discord.ui.View, table: TableRecord) -> None:
    """I'm back for each seat a computer player stands in for, and one Someone's away… for
    the votes that let one play a member's seat (when another member is seated to agree)."""
    for seat in table.stand_ins:
        back = BackButton(table.id, seat, t(locale, "I'm back ({seat})", seat=seat))
        back.row = 1
        view.add_item(back)
    if _awayable(table):
        menu = AwayMenuButton(table.id, t(locale, "Someone's away…"))
        menu.row = 1
        view.add_item(menu)


def _awayable(table: TableRecord) -> list[Seat]:
    """Members' seats a computer player could be voted in for."""
    return [seat for seat in table.all_seats if seat not in table.stand_ins
            and (player := table.player(seat)) is not None and player.user_id is not None
            and table.voters_needed(seat)]


def away_menu(table: TableRecord, locale: Locale, voter_id: int) -> Reply:
    """The private choice behind Someone's away…: whose seat a computer player should play
    while they are away (every other seated member must agree)."""
    locale = voice(locale, table)
    view = discord.ui.View(timeout=None)
    for seat in _awayable(table):
        player = table.player(seat)
        if player is not None and player.user_id != voter_id:
            view.add_item(AwayButton(table.id, seat, t(locale, "Let a bot play {seat}",
                                                       seat=seat)))
    if not view.children:
        return Reply(t(locale, "Nobody else is seated whose seat a bot could play."))
    return Reply(t(locale, "Who is away? A 🤖 bot plays their seat once every other seated"
                           " player agrees, until they press I'm back."), None, view)


def _away_text(locale: Locale, table: TableRecord) -> str:
    """Who is away and the votes so far: everybody sees them (nothing happens by timer)."""
    lines = []
    for seat in table.all_seats:
        player = table.player(seat)
        if player is None or player.user_id is None:
            continue
        if seat in table.stand_ins:
            lines.append(t(locale, "{seat} {player} is away: a 🤖 bot plays for them until they"
                           " press I'm back.", seat=seat, player=player.mention))
            continue
        voters = table.voters(seat)
        if voters:
            waiting = table.voters_needed(seat) - voters
            lines.append(t(locale, "Let a bot play {seat} {player}? Agreed: {voters}. Still"
                           " needed: {waiting}.", seat=seat, player=player.mention,
                           voters=mentions(voters), waiting=mentions(waiting)))
    return "\n".join(lines)


def _lobby(snapshot: TableSnapshot, embed: discord.Embed, lines: list[str]) -> Reply:
    table = snapshot.table
    locale = voice(table.locale, table)
    seated = sum(1 for p in table.seats if p is not None)
    if table.status is Status.CLOSED:
        lines.append(t(locale, "This table is closed."))
        embed.description = "\n".join(lines)
        return Reply(None, embed, None)
    if table.is_full:
        lines.append(t(locale, "Every seat is taken: anyone seated presses Start to deal."))
    elif len(table.seats) == 4:
        lines.append(tn(locale, "{n} of 4 seats taken. Take a seat; the game starts once all"
                        " four are taken and someone seated presses Start.",
                        "{n} of 4 seats taken. Take a seat; the game starts once all four are"
                        " taken and someone seated presses Start.", seated))
    else:
        lines.append(tn(locale, "{n} of {seats} seats taken. Take a seat; the game starts once"
                        " every seat is taken and someone seated presses Start.",
                        "{n} of {seats} seats taken. Take a seat; the game starts once every"
                        " seat is taken and someone seated presses Start.", seated,
                        seats=len(table.seats)))
    embed.description = "\n".join(lines)
    view = discord.ui.View(timeout=None)
    _seat_buttons(locale, view, table)
    leave = LeaveButton(table.id, t(locale, "Leave"))
    leave.row = 4 if table.variant.house_rules else 3
    start = StartButton(table.id, t(locale, "Start"), disabled=not table.is_full)
    other = Level.CASUAL if table.level is Level.STRONG else Level.STRONG
    level = LevelButton(table.id, other.value, t(locale, "Bots: {level}",
                                                  level=t(locale, LEVEL_NAMES[table.level])))
    hints = HintsButton(table.id, "off" if table.hints else "on",
                        t(locale, "Hints: on") if table.hints else t(locale, "Hints: off"))
    for item in (leave, start, level, hints):
        item.row = leave.row
        view.add_item(item)
    if not table.variant.house_rules:
        return Reply(None, embed, view)
    chosen = values_of(table.options)
    view.add_item(RulesSelect(
        table.id, row=3, placeholder=t(locale, "House rules (the table's creator chooses)…"),
        options=[discord.SelectOption(label=label(locale, choice), value=choice.value,
                                      description=t(locale, choice.description),
                                      default=choice.value in chosen) for choice in CHOICES]))
    return Reply(None, embed, view)


def _seat_buttons(locale: Locale, view: discord.ui.View, table: TableRecord) -> None:
    """Sit and Add bot for each empty seat, Remove bot for each computer player's, within
    Discord's five buttons a row: rows 0-2 for four seats as ever; a larger table puts each
    seat's one button (Sit, or Remove bot) first and the Add bot buttons after, no more than
    three rows in all."""
    empty = [s for s in table.all_seats if table.player(s) is None]
    bots = [s for s in table.all_seats if (p := table.player(s)) is not None and p.is_computer]
    sits = [SitButton(table.id, s, t(locale, "Sit {seat}", seat=s)) for s in empty]
    adds = [AddComputerButton(table.id, s, t(locale, "Add bot {seat}", seat=s)) for s in empty]
    removes = [RemoveComputerButton(table.id, s, t(locale, "Remove bot {seat}", seat=s))
               for s in bots]
    groups: list[Sequence[discord.ui.Item[Any]]] = [sits, adds, removes]
    if len(table.seats) > 5:
        items = [item for group in groups for item in group]
        groups = [items[i:i + 5] for i in range(0, min(len(items), 15), 5)]
    for row, group in enumerate(groups):
        for item in group:
            item.row = row
            view.add_item(item)


def _seat_holder(locale: Locale, table: TableRecord, seat: Seat) -> str:
    player = table.player(seat)
    if player is None:
        return t(locale, "{seat} (empty)", seat=seat)
    if seat in table.stand_ins:
        return t(locale, "{seat} {player} (away; 🤖 a bot plays)", seat=seat,
                 player=player.mention)
    return t(locale, "{seat} {player}", seat=seat, player=who(locale, player))


def _marks_line(locale: Locale, observation: Observation) -> str:
    """The game's totals per side (marks, or points: R-GAME, H-POINTS, V-…-GAME)."""
    standing = observation.standing
    scores = per_side(locale, observation.variant.seating, standing.totals)
    if standing.goal.in_points:
        return t(locale, "Score: {scores} (first to {target})", scores=scores,
                 target=standing.goal.target)
    return t(locale, "Marks: {scores} (first to {target})", scores=scores,
             target=standing.goal.target)


def _turn_line(locale: Locale, phase: Phase, seat: Seat, player: Player | None, *,
               standing_in: bool = False) -> str:
    """Whose turn it is; a member is pinged only when it is theirs to play."""
    if standing_in and player is not None:
        if phase in (Phase.LEFTOVER, Phase.DISCARD):
            return t(locale, "→ 🤖 A bot looks at the leftover for {player} ({seat})",
                     player=player.mention, seat=seat)
        if phase is Phase.AUCTION:
            return t(locale, "→ 🤖 A bot bids for {player} ({seat})", player=player.mention,
                     seat=seat)
        if phase is Phase.TRUMP:
            return t(locale, "→ 🤖 A bot names trump for {player} ({seat})",
                     player=player.mention, seat=seat)
        return t(locale, "→ 🤖 A bot plays for {player} ({seat})", player=player.mention,
                 seat=seat)
    if player is not None and player.is_computer:
        if phase in (Phase.LEFTOVER, Phase.DISCARD):
            return t(locale, "→ 🤖 Bot looks at the leftover ({seat})", seat=seat)
        if phase is Phase.AUCTION:
            return t(locale, "→ 🤖 Bot to bid ({seat})", seat=seat)
        if phase is Phase.TRUMP:
            return t(locale, "→ 🤖 Bot to name trump ({seat})", seat=seat)
        return t(locale, "→ 🤖 Bot to play ({seat})", seat=seat)
    name = who(locale, player) or t(locale, "{seat}", seat=seat)
    if phase in (Phase.LEFTOVER, Phase.DISCARD):
        return t(locale, "→ {player} looks at the leftover ({seat})", player=name, seat=seat)
    if phase is Phase.AUCTION:
        return t(locale, "→ {player} to bid ({seat})", player=name, seat=seat)
    if phase is Phase.TRUMP:
        return t(locale, "→ {player} to name trump ({seat})", player=name, seat=seat)
    return t(locale, "→ {player} to play ({seat})", player=name, seat=seat)


def _hand_fields(locale: Locale, embed: discord.Embed, observation: Observation,
                 table: TableRecord) -> None:
    """The hand in progress: the auction until the play begins (then the contract says what
    came of it), points, trick and captured tiles."""
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
    player = who(locale, table.player(contract.declarer))
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
                          " trick.", seat=out, player=who(locale, table.player(out)))
    embed.add_field(name=t(locale, "Contract"), value=value, inline=False)
    if observation.open_hands is not None:
        embed.add_field(name=t(locale, "Hands face up (Sevens)"),
                        value=_open_hands_text(locale, table.variant.seating,
                                               observation.open_hands), inline=False)
    if observation.face_up_discards:
        embed.add_field(name=t(locale, "Discarded face up"), value=t(
            locale, "{seat} had to discard trumps, face up: {tiles}", seat=contract.declarer,
            tiles=tiles(observation.face_up_discards)), inline=False)
    if observation.phase is not Phase.PLAY:
        return
    embed.add_field(name=t(locale, "Hand points"), value=_points_text(locale, observation),
                    inline=False)
    plays = [t(locale, "{seat} {tile}", seat=seat, tile=tile) for seat, tile in observation.trick]
    if observation.to_act is not None:
        plays.append(t(locale, "{seat} …", seat=observation.to_act))
    embed.add_field(name=t(locale, "Trick {number}", number=observation.trick_number),
                    value=" · ".join(plays), inline=False)
    embed.add_field(name=_captured_title(locale, observation),
                    value=_captured_text(locale, observation), inline=False)


def _open_hands_text(locale: Locale, seating: Seating,
                     hands: Sequence[Sequence[Domino]]) -> str:
    """H-SEVENS: every hand face up, each in the order the engine lays it out."""
    rows = [t(locale, "{seat}: {tiles}", seat=seat, tiles=tiles(hand))
            for seat, hand in zip(seating.seats, hands, strict=True) if hand]
    return "\n".join(rows) or t(locale, "Every tile has been played.")


def _points_text(locale: Locale, observation: Observation) -> str:
    """The hand so far per side: tricks under a marks contract, else points, with what the
    declarers still need and what sets them (in the variant's numbers)."""
    contract = observation.contract
    assert contract is not None
    seating = observation.variant.seating
    team = seating.side_of[contract.declarer]
    if observation.points is None:  # a marks contract: faces are covered (R-SEE-MARKS)
        return t(locale, "Tricks: {tricks}. {team} must take every trick.",
                 tricks=per_side(locale, seating, observation.tricks_won), team=team)
    text = per_side(locale, seating, observation.points)
    needs = observation.needs
    if needs is not None and seating.side_count == 2:
        text += "\n" + t(locale, "{team} need {need} more; {other} set them with {set} more.",
                         team=team, need=needs[0], other=seating.other_side(team),
                         set=needs[1])
    elif needs is not None:
        text += "\n" + t(locale, "{team} need {need} more; the others set them with {set}"
                         " more.", team=team, need=needs[0], set=needs[1])
    return text


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


# ----- the private panel -----------------------------------------------------------------------

def panel_message(panel: Panel, locale: Locale, *, notice: str | None = None,
                  piles: int | None = None,
                  faces: Mapping[Domino, discord.Emoji] | None = None) -> Reply:
    """One player's hand in dealt order (R-ORDER) with what they may do now enabled."""
    table, observation, seat = panel.table, panel.observation, panel.seat
    hand_number, count = observation.hand_number, panel.count
    locale = voice(locale, table)
    seating = table.variant.seating
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Your hand — {seat}, hand {hand}",
                                                  seat=seat, hand=hand_number))
    lines = [_partners_line(locale, table, seat)] if seating.has_teams else []
    contract = observation.contract
    if contract is not None:
        lines.append(t(locale, "Contract: {seat} bid {bid}", seat=contract.declarer,
                       bid=bid_text(locale, contract.bid)))
    if observation.trump is not None:
        lines.append(t(locale, "Trump: {trump}", trump=observation.trump))
    if observation.leftover:
        lines.append(t(locale, "The leftover (only you see it): {tiles}",
                       tiles=tiles(observation.leftover)))
    if observation.discards:
        lines.append(t(locale, "Your discards, face down (only you see them): {tiles}",
                       tiles=tiles(observation.discards)))
    if observation.sitting_out == seat:
        lines.append(t(locale, "You sit out this hand: your partner plays Nello alone."))
    if observation.phase is Phase.PLAY and observation.trick:
        plays = " · ".join(t(locale, "{seat} {tile}", seat=s, tile=tile)
                           for s, tile in observation.trick)
        lines.append(t(locale, "Trick {number}: {plays}", number=observation.trick_number,
                       plays=plays))
    if observation.contract is not None and observation.phase is Phase.PLAY:
        lines.append(_points_text(locale, observation))
    lines.append(_marks_line(locale, observation))
    lines.append(panel_status(locale, panel))
    last = panel.last_move
    if last is not None:
        move = action_label(locale, last.action)
        if last.hand_number == hand_number:
            lines.append(t(locale, "Your last move: {move}.", move=move))
        else:
            lines.append(t(locale, "Your last move: {move}, in hand {hand}.", move=move,
                           hand=last.hand_number))
    embed.description = "\n".join(lines)

    view = discord.ui.View(timeout=None)
    away = seat in table.stand_ins and table.status is Status.PLAYING
    legal = observation.legal if table.status is Status.PLAYING and not away else ()
    row = _tile_buttons(view, panel, legal, faces or {})
    phase = observation.phase
    if legal and phase is Phase.AUCTION:
        offered = offered_bids(legal)
        placeholder = (t(locale, "Bid or pass…") if len(offered) == len(legal) else
                       t(locale, "Bid or pass… (every bid: /42 bid)"))
        view.add_item(ActionSelect(
            table.id, hand_number, count, row=row, placeholder=placeholder,
            options=[discord.SelectOption(label=action_label(locale, a), value=str(a),
                                          description=action_description(locale, a))
                     for a in offered]))
        if Pass() in legal:
            view.add_item(ActionButton(table.id, hand_number, count, str(Pass()),
                                       label=t(locale, "Pass"), row=min(row + 1, 4)))
    elif legal and phase is Phase.TRUMP:
        _trump_choice(locale, view, panel, legal, piles, row)
    elif legal and phase is Phase.LEFTOVER:
        for action in legal:
            view.add_item(ActionButton(table.id, hand_number, count, str(action),
                                       label=action_label(locale, action), row=row,
                                       style=discord.ButtonStyle.primary))
    elif legal and phase is Phase.DISCARD and _discard_size(legal) > 1:
        _discard_choice(locale, view, panel, legal, row)
    elif legal and phase is Phase.PLAY:
        for action in legal:
            if isinstance(action, Play) and action.low:
                view.add_item(ActionButton(table.id, hand_number, count, str(action),
                                           label=action_label(locale, action), row=row,
                                           style=discord.ButtonStyle.success))
    if table.status is Status.PLAYING:
        refresh = RefreshButton(table.id, t(locale, "Refresh"))
        refresh.row = 4
        view.add_item(refresh)
        if legal and table.hints:
            view.add_item(HintButton(table.id, hand_number, count, label=t(locale, "Hint"),
                                     row=4))
        if away:
            back = BackButton(table.id, seat, t(locale, "I'm back"))
            back.row = 4
            view.add_item(back)
    return Reply(notice, embed, view)


SELECT_OPTIONS = 25
"""Discord's most options in one select."""


def offered_bids(legal: Sequence[Action]) -> list[Action]:
    """The calls the panel's select lists: all of them, or, in a game with more calls than a
    select holds (the Big Game, 72, 84), every call but the highest points bids, which
    ``/42 bid`` still takes."""
    if len(legal) <= SELECT_OPTIONS:
        return list(legal)
    points = [a for a in legal if isinstance(a, Bid) and not a.is_marks
              and a.kind is BidKind.PLAIN]
    dropped = set(points[SELECT_OPTIONS - len(legal):])
    return [a for a in legal if a not in dropped]


TILES_PER_ROW = 5
"""Discord's buttons a row; a hand of up to 10 tiles takes two rows, 11 or 12 three."""


def _tile_buttons(view: discord.ui.View, panel: Panel, legal: Sequence[Action],
                  faces: Mapping[Domino, discord.Emoji]) -> int:
    """One button per tile of the hand, in dealt order (R-ORDER), enabled when it may be
    played (or, while discarding one tile, discarded); the first row left free after them.
    Two copies of a face (V-GEN-SET) are one button, marked ×2."""
    observation, table = panel.observation, panel.table
    discarding = observation.phase is Phase.DISCARD
    held: dict[Domino, int] = {}
    for tile in observation.hand:
        held[tile.face] = held.get(tile.face, 0) + 1
    for index, (tile, copies) in enumerate(held.items()):
        action: Action = Discard((tile,)) if discarding else Play(tile)
        allowed = action in legal
        label = tile.label if copies == 1 else f"{tile.label} ×{copies}"
        view.add_item(ActionButton(
            table.id, observation.hand_number, panel.count, str(action), label=label,
            style=discord.ButtonStyle.success if allowed else discord.ButtonStyle.secondary,
            disabled=not allowed, row=index // TILES_PER_ROW, emoji=faces.get(tile)))
    return max(2, -(-len(held) // TILES_PER_ROW))


def _discard_size(legal: Sequence[Action]) -> int:
    return max((len(a.tiles) for a in legal if isinstance(a, Discard)), default=0)


def _discard_choice(locale: Locale, view: discord.ui.View, panel: Panel,
                    legal: Sequence[Action], row: int) -> None:
    """V-72-WIDOW: the tiles to lay face down together, chosen in one list; only tiles that
    belong to some legal discard are offered (the engine's list says which)."""
    size = _discard_size(legal)
    offered = {tile for a in legal if isinstance(a, Discard) for tile in a.tiles}
    options = [discord.SelectOption(label=tile.label, value=str(tile))
               for tile in dict.fromkeys(t_.face for t_ in panel.observation.hand)
               if tile in offered]
    view.add_item(DiscardSelect(
        panel.table.id, panel.observation.hand_number, panel.count, options=options,
        tiles=size, row=row,
        placeholder=tn(locale, "Choose {n} tile to discard face down…",
                       "Choose {n} tiles to discard face down…", size)))


def _partners_line(locale: Locale, table: TableRecord, seat: Seat) -> str:
    partners = table.variant.seating.partners(seat)
    names = " · ".join(t(locale, "{seat} {player}", seat=p, player=who(locale, table.player(p)))
                       for p in partners)
    if len(partners) == 1:
        return t(locale, "Partner: {seat} {player}", seat=partners[0],
                 player=who(locale, table.player(partners[0])))
    return t(locale, "Partners: {names}", names=names)


def _trump_choice(locale: Locale, view: discord.ui.View, panel: Panel,
                  legal: Sequence[Action], piles: int | None, row: int) -> None:
    """R-TRUMP-CHOICE; on a marks contract, first 1 or 2 face-up piles (R-PILES)."""
    table_id, hand, count = panel.table.id, panel.observation.hand_number, panel.count
    choices = [a for a in legal if isinstance(a, NameTrump)]
    pile_counts = sorted({a.piles for a in choices if a.piles is not None})
    if pile_counts:
        for n in pile_counts:
            view.add_item(PilesButton(table_id, hand, count, n, row=min(row + 1, 4),
                                      chosen=n == piles,
                                      label=tn(locale, "{n} pile face up", "{n} piles face up",
                                               n)))
        if piles not in pile_counts:
            view.add_item(ActionSelect(
                table_id, hand, count, row=row, disabled=True,
                placeholder=t(locale, "First choose 1 or 2 face-up piles…")))
            return
        choices = [a for a in choices if a.piles == piles]
    view.add_item(ActionSelect(
        table_id, hand, count, row=row, placeholder=t(locale, "Name trump…"),
        options=[discord.SelectOption(label=action_label(locale, a), value=str(a),
                                      description=action_description(locale, a))
                 for a in choices]))


def expired_panel(locale: Locale, table_id: int) -> Reply:
    """What a panel says once Discord no longer lets the bot update it (15 minutes after it was
    opened): press Refresh, or My hand on the table, for a fresh one."""
    embed = discord.Embed(colour=COLOUR, title=t(locale, "This panel has expired"),
                          description=t(locale, "Discord lets the bot keep a panel up to date"
                                                " for 15 minutes only. Press Refresh for a"
                                                " fresh one, or My hand on the table."))
    view = discord.ui.View(timeout=None)
    view.add_item(RefreshButton(table_id, t(locale, "Refresh")))
    return Reply(None, embed, view)


def panel_status(locale: Locale, panel: Panel) -> str:
    """What the panel's owner is waiting for, or may do now: one line."""
    observation, table = panel.observation, panel.table
    locale = voice(locale, table)
    if table.status is Status.CLOSED:
        return t(locale, "This table is closed.")
    if observation.winner is not None:
        return t(locale, "The game is over.")
    if panel.seat in table.stand_ins:
        return t(locale, "You are away: a 🤖 bot plays for you. Press I'm back to play again.")
    to_act = observation.to_act
    if to_act is None:
        return t(locale, "The hand is over.")
    if to_act != panel.seat:
        return t(locale, "It's {seat}'s turn {player}.", seat=to_act,
                 player=who(locale, table.player(to_act)))
    if observation.phase is Phase.AUCTION:
        high = observation.high_bid
        if high is None:
            return t(locale, "Your turn to bid; nobody has bid yet.")
        return t(locale, "Your turn to bid; the high bid is {bid} by {seat}.",
                 bid=bid_text(locale, high.bid), seat=high.declarer)
    if observation.phase is Phase.TRUMP:
        contract = observation.contract
        if contract is not None and contract.declarer != panel.seat:
            return t(locale, "Your partner bid {bid}: you name trump and lead.",
                     bid=bid_text(locale, contract.bid))
        if any(isinstance(a, NameTrump) and a.piles is not None for a in observation.legal):
            return t(locale, "You won the auction: choose 1 or 2 face-up piles, then name trump.")
        return t(locale, "You won the auction: name trump.")
    if observation.phase is Phase.LEFTOVER:
        if len(observation.legal) == 1:
            return t(locale, "You won the auction. The leftover holds a counter, so you must"
                             " take it.")
        return t(locale, "You won the auction: take the leftover (then discard a tile) or"
                         " leave it.")
    if observation.phase is Phase.DISCARD:
        size = _discard_size(observation.legal)
        if size > 1:
            return tn(locale, "Discard {n} tile face down: choose it in the list.",
                      "Discard {n} tiles face down: choose them in the list.", size)
        return t(locale, "Discard one tile face down: the tiles you may discard are enabled.")
    if not observation.trick:
        if any(isinstance(a, Play) and a.low for a in observation.legal):
            return t(locale, "Your lead: play any tile; the buttons below lead a tile by its"
                             " lower end.")
        return t(locale, "Your lead: play any tile.")
    if observation.led is not None:
        return t(locale, "Your turn: {suit} led; the tiles you may play are enabled.",
                 suit=led_name(locale, observation.led))
    return t(locale, "Your turn: the tiles you may play are enabled.")


# ----- review and leaderboard ------------------------------------------------------------------

def review_message(summary: HandSummary, table: TableRecord, locale: Locale) -> Reply:
    """R-REVIEW: every action of the finished hand with its author; unplayed tiles stay hidden."""
    locale = voice(locale, table)
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Hand {hand} — review",
                                                  hand=summary.hand_number))
    calls = [c for c in summary.actions if isinstance(c.action, Pass | Bid)]
    lines = [t(locale, "Dealer: {seat} {player}", seat=summary.dealer,
               player=who(locale, table.player(summary.dealer)))]
    lines.append(t(locale, "Auction: {calls}",
                   calls=" · ".join(call_text(locale, c) for c in calls)))
    for call in summary.actions:
        if isinstance(call.action, NameTrump):
            lines.append(t(locale, "Trump: {seat} named {trump}.", seat=call.seat,
                           trump=call.action.trump))
        elif isinstance(call.action, Leftover | Discard):
            lines.append(leftover_text(locale, call.seat, call.action))
    for number, trick in enumerate(summary.tricks, start=1):
        plays = " · ".join(t(locale, "{seat} {tile}", seat=s, tile=tile)
                           for s, tile in trick.plays)
        lines.append(t(locale, "Trick {number}: {plays} — won by {seat}", number=number,
                       plays=plays, seat=trick.winner))
    lines.append(summary_text(locale, summary, table))
    embed.description = "\n".join(lines)
    return Reply(None, embed, None)


def stats_message(stats: MemberStats, member: str, locale: Locale) -> Reply:
    """One member's games on the server: each kind of game, and whom they played beside most."""
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: statistics"),
                          description=member)
    if not stats.standings:
        embed.description = t(locale, "{member} has not finished a game on this server yet.",
                              member=member)
        return Reply(None, embed)
    order = list(GameKind)
    for kind, line in sorted(stats.standings.items(), key=lambda item: order.index(item[0])):
        made = line.contracts_made
        set_rate = (1 - made / line.contracts_bid) if line.contracts_bid else 0.0
        rows = [t(locale, "Games: {games} · won: {won}", games=line.games_played,
                  won=line.games_won),
                t(locale, "Contracts bid: {bid} · made: {made} · set: {rate:.0%}",
                  bid=line.contracts_bid, made=made, rate=set_rate)]
        if kind.in_points:
            rows.append(t(locale, "Points scored: {points}", points=signed(line.points_won)))
        else:
            rows.append(t(locale, "Marks won: {marks}", marks=line.marks_won))
        if line.hints_used:
            rows.append(tn(locale, "Hint used at {n} turn", "Hints used at {n} turns",
                           line.hints_used))
        embed.add_field(name=kind_title(locale, kind), value="\n".join(rows), inline=False)
    partner = stats.partner
    if partner is not None:
        who_ = (t(locale, "🤖 Bot") if partner.partner_id == COMPUTER_PARTNER
                else mention(partner.partner_id))
        embed.add_field(name=t(locale, "Favourite partner"),
                        value=t(locale, "{partner}: {games} games together, {wins} won",
                                partner=who_, games=partner.games, wins=partner.wins),
                        inline=False)
    return Reply(None, embed)


def leaderboard_message(standings: Sequence[Standing], locale: Locale, guild_name: str,
                        computers: Sequence[ComputerStanding] = (),
                        game: GameKind = GameKind.MARKS) -> Reply:
    """Members by marks won (with the hints they asked for, if any), and the server's computer
    players on a line of their own per level; the 250-point games (H-POINTS) on a board of
    their own, by games won, then points scored.

    The rule, said under the board: a member's line counts each of their games, whoever their
    partner was (a bot partner or a bot standing in while they were away included); the
    computer players' line counts every seat a computer player held from the start, one game
    per seat, so a table of four bots adds four seats to it and nothing to any member."""
    points = game.in_points
    if game is GameKind.POINTS:
        heading = t(locale, "Texas 42 leaderboard, 250-point games — {guild}", guild=guild_name)
    elif game is GameKind.MARKS:
        heading = t(locale, "Texas 42 leaderboard — {guild}", guild=guild_name)
    else:
        heading = t(locale, "{game} leaderboard — {guild}", game=kind_title(locale, game),
                    guild=guild_name)
    embed = discord.Embed(colour=COLOUR, title=heading)
    if not standings and not computers:
        if game is GameKind.POINTS:
            embed.description = t(locale, "No 250-point game has been finished on this server"
                                          " yet.")
        elif game is GameKind.MARKS:
            embed.description = t(locale, "No game has been finished on this server yet.")
        else:
            embed.description = t(locale, "No game of {game} has been finished on this server"
                                          " yet.", game=kind_title(locale, game))
        return Reply(None, embed, None)
    if points:
        lines = [
            t(locale, "**{rank}.** {player} — games: {played} played, {won} won · points"
              " scored: {points} · contracts: {bid} bid, {made} made", rank=rank,
              player=mention(s.user_id), points=s.points_won, played=s.games_played,
              won=s.games_won, bid=s.contracts_bid, made=s.contracts_made)
            + _hints_used(locale, s) for rank, s in enumerate(standings, start=1)]
    else:
        lines = [
            t(locale, "**{rank}.** {player} — marks won: {marks} · games: {played} played,"
              " {won} won · contracts: {bid} bid, {made} made", rank=rank,
              player=mention(s.user_id), marks=s.marks_won, played=s.games_played,
              won=s.games_won, bid=s.contracts_bid, made=s.contracts_made)
            + _hints_used(locale, s) for rank, s in enumerate(standings, start=1)]
    for line in computers:
        level = t(locale, LEVEL_NAMES[line.level])
        if points:
            lines.append(t(locale, "🤖 **Computer players ({level})** — seats: {played} played,"
                           " {won} won · points scored: {points} · contracts: {bid} bid,"
                           " {made} made", level=level, points=line.points_won,
                           played=line.seats_played, won=line.seats_won,
                           bid=line.contracts_bid, made=line.contracts_made))
        else:
            lines.append(t(locale, "🤖 **Computer players ({level})** — marks won: {marks} ·"
                           " seats: {played} played, {won} won · contracts: {bid} bid, {made}"
                           " made", level=level, marks=line.marks_won, played=line.seats_played,
                           won=line.seats_won, bid=line.contracts_bid,
                           made=line.contracts_made))
    if computers:
        embed.set_footer(text=t(locale, "A member's games count for them whoever their partner"
                                " was, a bot included. Computer players are counted together,"
                                " one game per seat they held."))
    embed.description = "\n".join(lines)
    return Reply(None, embed, None)
