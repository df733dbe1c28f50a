"""Finished games opened again: a member's history, one game hand by hand, its download, and a
member's statistics with their rating's course, best partners and a head-to-head.

Only a finished game opens: one in progress (or ended early) is refused to everybody, its
players included, and a finished one shows what R-REVIEW shows of each hand, nothing more; the
download deals again the tiles the review hides (:func:`engine.export.public_game`). Games
are replayed off the event loop, and the last few are kept, as paging through one replays it.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

from engine import Game, HandSummary, RuleError, summaries
from engine.export import public_game, public_hand

from ..rating import Rating
from ..records import GameKind, PlayedGame, Rivalry, Status, TableRecord, stored_game
from .refusals import Refusal
from .store import TableStore
from .values import MemberStats

HISTORY_PAGE = 10
"""Games a page of /42 history lists."""
KEPT_GAMES = 32
"""Finished games kept replayed in memory, most recently opened first."""


@dataclass(frozen=True, slots=True)
class HistoryPage:
    games: tuple[PlayedGame, ...]
    older: int | None
    """Where the next page starts (the ``before`` of :meth:`History.history`); ``None``: none."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as anyone may open it: its table, each hand as its review shows it,
    and how the game ended."""

    table: TableRecord
    kind: GameKind
    hands: tuple[HandSummary, ...]
    totals: tuple[int, ...]
    winner: int | None
    changes: dict[int, tuple[Rating, Rating]]
    """Each member's rating before and after the game (none if it was not rated)."""


class History(TableStore):
    """The use cases about finished games."""

    async def history(self, guild_id: int, user_id: int,
                      before: int | None = None) -> HistoryPage:
        """A page of the member's finished games on the server, latest first."""
        games = await self.storage.history(guild_id, user_id, HISTORY_PAGE + 1, before)
        older = None
        if len(games) > HISTORY_PAGE:
            games = games[:HISTORY_PAGE]
            older = await self.storage.finished_order(games[-1].table.id)
        return HistoryPage(tuple(games), older)

    async def finished_game(self, guild_id: int, table_id: int) -> FinishedGame:
        """Game ``table_id`` of this server, if it is over; else a refusal that says why."""
        table, game = await self._finished(guild_id, table_id)
        return FinishedGame(table, GameKind.of(game.options, game.variant),
                            await asyncio.to_thread(summaries, game), game.standing.totals,
                            game.winner, await self.storage.rating_changes(table_id))

    async def export(self, guild_id: int, table_id: int, hand: int | None = None) -> str:
        """The finished game (or its hand ``hand``, from 1) as REPLAY.md's scenarios: one JSON
        document for a hand, a line per hand for a game (``python -m engine.replay --jsonl``)."""
        _, game = await self._finished(guild_id, table_id)
        if hand is None:
            scenarios = await asyncio.to_thread(public_game, game)
            return "".join(json.dumps(scenario) + "\n" for scenario in scenarios)
        if not 1 <= hand <= len(game.finished):
            raise Refusal("That game has no hand {hand}.", hand=hand)
        return json.dumps(await asyncio.to_thread(public_hand, game, hand), indent=1) + "\n"

    async def member_stats(self, guild_id: int, user_id: int,
                           rival_id: int | None = None) -> MemberStats:
        """A member's games on this server: each kind's line and rating's course, their
        favourite and best partners, and (with ``rival_id``) the two members' games against
        each other and together."""
        standings = await self.storage.member_standings(guild_id, user_id)
        rated = sorted((kind for kind, line in standings.items() if line.rating is not None),
                       key=lambda kind: -standings[kind].games_played)
        return MemberStats(
            standings, await self.storage.favourite_partner(guild_id, user_id),
            best=tuple(await self.storage.best_partners(guild_id, user_id)),
            course=(rated[0], tuple(await self.storage.rating_series(guild_id, rated[0],
                                                                     user_id)))
            if rated else None,
            rivalry=None if rival_id is None else await self._rivalry(guild_id, user_id,
                                                                      rival_id))

    async def _rivalry(self, guild_id: int, user_id: int, rival_id: int) -> Rivalry:
        if rival_id == user_id:
            raise Refusal("Choose another member to compare with.")
        return await self.storage.rivalry(guild_id, user_id, rival_id)

    async def _finished(self, guild_id: int, table_id: int) -> tuple[TableRecord, Game]:
        table = await self.storage.table(table_id)
        if table is None or table.guild_id != guild_id:
            raise Refusal("There is no game {id} on this server.", id=table_id)
        if table.status is not Status.FINISHED:
            if table.status is Status.CLOSED:
                raise Refusal("Game {id} was ended before it finished: there is nothing to"
                              " open.", id=table_id)
            raise Refusal("Game {id} is not over yet: it can be opened once it has ended.",
                          id=table_id)
        kept = self._opened
        game = kept.get(table_id)
        if game is None:
            actions = await self.storage.actions(table_id)
            try:
                game = await asyncio.to_thread(stored_game, table, actions)
            except (RuleError, ValueError):
                raise Refusal("Game {id} was played under rules this version of the bot no"
                              " longer replays.", id=table_id) from None
            kept[table_id] = game
            while len(kept) > KEPT_GAMES:
                kept.popitem(last=False)
        kept.move_to_end(table_id)
        return table, game
