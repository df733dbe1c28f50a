"""The private panel: one player's hand, drawn from their own observation, with what they may
do now as buttons and selects, the line that says what they are waiting for, and what a panel
says once Discord no longer lets the bot update it or another panel replaced it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.i18n import Locale, led_name, t, tn
from bot.records import Status, TableRecord
from bot.service import Panel
from engine import Action, Bid, BidKind, Discard, Domino, NameTrump, Pass, Phase, Play, Seat

from ..components import (
    ActionButton,
    ActionSelect,
    BackButton,
    DiscardSelect,
    HintButton,
    PilesButton,
    RefreshButton,
)
from ..games import leftover_word
from .reply import COLOUR, Reply
from .score import marks_line, points_text
from .words import (
    action_description,
    action_label,
    bid_text,
    by_rank,
    move_text,
    relative_time,
    tiles,
    voice,
    who,
)


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
        lines.append(t(locale, "{leftover}, for your eyes only: {tiles}",
                       leftover=leftover_word(locale, table.variant),
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
        lines.append(points_text(locale, observation))
    lines.append(marks_line(locale, observation))
    lines.append(panel_status(locale, panel))
    if panel.deadline is not None:
        lines.append(t(locale, "⏱ Your time for this move runs out {when}; then a 🤖 bot makes"
                               " it for you.", when=relative_time(panel.deadline)))
    last = panel.last_move
    if last is not None:
        move = move_text(locale, last.action)
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
        offered = by_rank(table.variant, offered_bids(legal))
        placeholder = (t(locale, "Bid or pass…") if len(offered) == len(legal) else
                       t(locale, "Bid or pass… (every bid: /42 bid)"))
        view.add_item(ActionSelect(
            table.id, hand_number, count, row=row, placeholder=placeholder,
            options=[discord.SelectOption(label=action_label(locale, a), value=str(a),
                                          description=action_description(
                                              locale, a, observation.variant, observation.goal))
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
    names = " · ".join(t(locale, "{seat} {player}", seat=p, player=who(locale, table, p))
                       for p in partners)
    if len(partners) == 1:
        return t(locale, "Partner: {seat} {player}", seat=partners[0],
                 player=who(locale, table, partners[0]))
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
    observation = panel.observation
    view.add_item(ActionSelect(
        table_id, hand, count, row=row, placeholder=t(locale, "Name trump…"),
        options=[discord.SelectOption(label=action_label(locale, a), value=str(a),
                                      description=action_description(
                                          locale, a, observation.variant, observation.goal))
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


def replaced_panel(locale: Locale, table_id: int) -> Reply:
    """What an older panel says once its member opened another at the same table: it no longer
    follows the game, and its button brings the panel back to it."""
    embed = discord.Embed(colour=COLOUR, title=t(locale, "This panel was replaced"),
                          description=t(locale, "You opened a newer panel for this table, and"
                                                " that one follows the game now. Press Show my"
                                                " hand here to bring it back to this one."))
    view = discord.ui.View(timeout=None)
    view.add_item(RefreshButton(table_id, t(locale, "Show my hand here")))
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
                 player=who(locale, table, to_act))
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
