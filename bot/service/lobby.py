"""Opening a table, taking and leaving seats, choosing its settings, starting, ending and
playing again: everything before and after a game."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace

from engine import DEFAULT_OPTIONS, RULES_VERSION, Game, Options, Seat
from engine.seats import seat_title
from engine.variants import FORTY_TWO, Variant

from ..house_rules import InvalidChoice, options_from
from ..i18n import N_
from ..records import Clock, Level, Player, Status, TableRecord, mention, mentions
from ..storage import ConflictError
from .matches import require_free_of_matches, require_not_a_match
from .refusals import (
    Refusal,
    Unrestorable,
    free_seat,
    require_creators_lobby,
    require_host,
    require_lobby,
    require_seat,
    seat_of,
)
from .store import Live, TableStore
from .values import Fill, Rematch, TableSnapshot

log = logging.getLogger(__name__)


class Lobby(TableStore):
    async def open_table(self, guild_id: int, channel_id: int, user_id: int,
                         locale: str | None, fill: Fill = Fill.NONE,
                         options: Options | None = None, *,
                         name: str | None = None, variant: Variant = FORTY_TWO,
                         level: Level = Level.STRONG, hints: bool = True,
                         clock: Clock | None = None) -> TableSnapshot:
        """A new table of ``variant``'s game in this channel, its creator in the first seat;
        with ``fill``, computer players take the other seats (or all of them), ready to start.
        ``options`` are its house rules (the service's default ones if left out; 42 only);
        ``level`` how strong its computer players are, ``hints`` whether members may ask for
        hints (its creator may change these until the start); ``clock`` its move clock, if
        any (R-NO-CLOCK)."""
        await require_free_of_matches(self.storage, channel_id)
        count = variant.seating.count
        seats: list[Player | None] = [Player.member(user_id, name)] + [None] * (count - 1)
        if fill is Fill.OTHERS:
            seats[1:] = [Player.computer()] * (count - 1)
        elif fill is Fill.ALL:
            seats = [Player.computer()] * count
        if not variant.house_rules:
            options = DEFAULT_OPTIONS
        try:
            table = await self.storage.create_table(
                guild_id, channel_id, user_id, locale, seats,
                options=self._options if options is None else options, variant=variant,
                level=level, hints=hints, clock=clock)
        except ConflictError:
            existing = await self.storage.active_table(channel_id)
            raise Refusal("This channel already has a table: {link}", table=existing) from None
        self._remember(Live(table))
        log.info("table %s (%s) opened in channel %s", table.id, variant.name, channel_id)
        return TableSnapshot(table, None)

    async def forget_table(self, table_id: int) -> None:
        """Remove a table whose message could not be posted."""
        async with self._locks[table_id]:
            await self.storage.delete_table(table_id)
            self._forget(table_id)

    async def join(self, table_id: int, user_id: int, seat: Seat | None = None, *,
                   name: str | None = None) -> TableSnapshot:
        """Take ``seat`` (or the first free one) before the game starts; ``name`` is the
        member's display name, for the table picture."""
        async with self._locked(table_id) as live:
            table = live.table
            require_lobby(table)
            current = table.seat_of(user_id)
            if seat is None:
                if current is not None:
                    raise Refusal("You are already sitting at {seat}.", seat=current,
                                  table=table)
                seat = free_seat(table)
            require_seat(table, seat)
            if current == seat:
                raise Refusal("You are already sitting at {seat}.", seat=seat, table=table)
            if table.player(seat) is not None:
                raise Refusal("{seat} is taken.", seat=seat, table=table)
            await self._write_seat(live, seat, Player.member(user_id, name))
            return self._snapshot(live)

    async def invitation(self, table_id: int, user_id: int, guest_id: int) -> TableSnapshot:
        """``user_id`` may invite ``guest_id`` to the table: it has a free seat for them, and
        the inviter sits there (or opened it)."""
        async with self._locked(table_id) as live:
            table = live.table
            require_lobby(table, N_("The game has started: there is no seat to invite anyone"
                                    " to."))
            require_host(table, user_id, N_("Only a seated player or the table's creator can"
                                            " invite."))
            if table.seat_of(guest_id) is not None:
                raise Refusal("{player} already sits at this table.", player=mention(guest_id))
            free_seat(table)
            return self._snapshot(live)

    async def add_computer(self, table_id: int, user_id: int,
                           seat: Seat | None = None) -> TableSnapshot:
        """A computer player takes ``seat`` (or the first free one) before the game starts."""
        async with self._locked(table_id) as live:
            table = live.table
            require_lobby(table, N_("The game has started: a computer player can now only"
                                    " stand in for a player who is away."))
            require_host(table, user_id, N_("Only a seated player or the table's creator can"
                                            " add a computer player."))
            if seat is None:
                seat = free_seat(table)
            require_seat(table, seat)
            if table.player(seat) is not None:
                raise Refusal("{seat} is taken.", seat=seat, table=table)
            await self._write_seat(live, seat, Player.computer())
            log.info("table %s: a computer player sits %s", table_id, seat_title(seat))
            return self._snapshot(live)

    async def remove_computer(self, table_id: int, user_id: int, seat: Seat) -> TableSnapshot:
        """The computer player at ``seat`` leaves it free, before the game starts."""
        async with self._locked(table_id) as live:
            table = live.table
            require_lobby(table, N_("The game has started: computer players keep their seats"
                                    " until it ends."))
            require_host(table, user_id, N_("Only a seated player or the table's creator can"
                                            " remove a computer player."))
            require_seat(table, seat)
            player = table.player(seat)
            if player is None or not player.is_computer:
                raise Refusal("No computer player sits {seat}.", seat=seat, table=table)
            await self._write_seat(live, seat, None)
            return self._snapshot(live)

    async def leave(self, table_id: int, user_id: int) -> TableSnapshot:
        async with self._locked(table_id) as live:
            require_lobby(live.table)
            seat = seat_of(live.table, user_id)
            await self._write_seat(live, seat, None)
            return self._snapshot(live)

    async def set_options(self, table_id: int, user_id: int,
                          choices: Sequence[str]) -> TableSnapshot:
        """The creator chooses the house rules (the lobby select's values, see
        :mod:`bot.house_rules`) before the start; a set the rules do not allow is refused with
        its reason, and nothing changes."""
        async with self._locked(table_id) as live:
            table = live.table
            require_creators_lobby(
                table, user_id, N_("The game has started: its house rules can't change now."),
                N_("Only the table's creator {creator} can choose the house rules."))
            if not table.variant.house_rules:
                raise Refusal("House rules are played in 42 only.")
            try:
                options = options_from(choices)
            except InvalidChoice as error:
                raise Refusal(error.msgid) from None
            await self._store(live, self.storage.set_options(table_id, options))
            live.table = replace(table, options=options)
            log.info("table %s: house rules %s", table_id, ", ".join(options.names) or "none")
            return self._snapshot(live)

    async def set_computers(self, table_id: int, user_id: int, *, level: Level | None = None,
                            hints: bool | None = None) -> TableSnapshot:
        """The creator chooses, before the start, how strong the computer players are and
        whether hints are offered (what is left out stays as it is)."""
        async with self._locked(table_id) as live:
            table = live.table
            require_creators_lobby(
                table, user_id, N_("The game has started: its settings can't change now."),
                N_("Only the table's creator {creator} can choose that."))
            level = table.level if level is None else level
            hints = table.hints if hints is None else hints
            await self._store(live, self.storage.set_computers(table_id, level, hints))
            live.table = replace(table, level=level, hints=hints)
            log.info("table %s: %s computer players, hints %s", table_id, level.value,
                     "on" if hints else "off")
            return self._snapshot(live)

    async def start(self, table_id: int, user_id: int) -> TableSnapshot:
        """Random first dealer, the deal, the auction (R-DEALER, R-DEAL, R-AUCTION)."""
        async with self._locked(table_id) as live:
            table = live.table
            require_lobby(table, N_("The game has already started."))
            require_host(table, user_id, N_("Only a seated player can start the game."))
            if not table.is_full:
                seated = sum(1 for p in table.seats if p is not None)
                raise Refusal("{needed} players are needed to start; seated so far: {seated}.",
                              needed=len(table.seats), seated=seated)
            seed = self._new_seed()
            options = table.options
            try:
                await self.storage.start_game(table_id, seed, options, RULES_VERSION)
            except ConflictError:
                raise Refusal("The game has already started.") from None
            live.table = replace(table, status=Status.PLAYING, seed=seed, options=options,
                                 rules_version=RULES_VERSION)
            live.game = Game.new(seed, options, variant=table.variant)
            live.count, live.moved_at = 0, time.time()
            log.info("table %s: game started", table_id)
            self._changed(table_id)
            return self._snapshot(live)

    async def may_end(self, table_id: int, user_id: int, *, moderator: bool) -> TableRecord:
        """The table, if ``user_id`` may close it (its creator, or a moderator); else the
        refusal that says why. Asked before a game in progress is ended, to confirm."""
        async with self._locks[table_id]:
            table = _endable(await self._load_closable(table_id), user_id, moderator)
            await require_not_a_match(self.storage, table)
            return table

    async def end(self, table_id: int, user_id: int, *, moderator: bool) -> TableSnapshot:
        """Close the table; an unfinished game adds nothing to the leaderboard."""
        async with self._locks[table_id]:
            live = await self._load_closable(table_id)
            table = _endable(live, user_id, moderator)
            await require_not_a_match(self.storage, table)
            await self.storage.close_table(table_id)
            live.table = replace(table, status=Status.CLOSED)
            log.info("table %s closed", table_id)
            return self._snapshot(live)

    async def _load_closable(self, table_id: int) -> Live:
        """The table, even one whose game can't go on: it can still be closed, as stored."""
        try:
            return await self._load(table_id)
        except Unrestorable as refusal:
            assert refusal.table is not None
            return Live(refusal.table)

    async def rematch(self, table_id: int, user_id: int) -> Rematch:
        """Agree to a rematch; once every seated member has, a new game at a new table with
        the same seats starts at once."""
        async with self._locked(table_id) as live:
            table = live.table
            require_host(table, user_id, N_("Only the players of this game can start a rematch."))
            if table.status is not Status.FINISHED:
                raise Refusal("A rematch can start once this game is over.")
            await require_free_of_matches(self.storage, table.channel_id)
            latest = await self.storage.latest_table(table.channel_id)
            if latest is not None and latest.id != table.id:
                if latest.status.is_active:
                    raise Refusal("This channel already has a table: {link}", table=latest)
                raise Refusal("A newer table has been played in this channel since.")
            needed = table.rematch_needed
            if user_id in table.rematch_votes:
                raise Refusal("You have already agreed; waiting for {waiting}.",
                              waiting=mentions(needed - table.rematch_votes))
            votes = table.rematch_votes | {user_id}
            if not needed <= votes:
                await self.storage.add_rematch_vote(table_id, user_id)
                live.table = replace(table, rematch_votes=votes)
                return Rematch(self._snapshot(live), tuple(sorted(needed - votes)))
            seed = self._new_seed()
            try:
                new = await self.storage.create_table(
                    table.guild_id, table.channel_id, table.creator_id, table.locale,
                    table.seats, seed=seed, options=table.options, rules_version=RULES_VERSION,
                    variant=table.variant, level=table.level, hints=table.hints,
                    clock=table.clock)
            except ConflictError:
                existing = await self.storage.active_table(table.channel_id)
                raise Refusal("This channel already has a table: {link}", table=existing) from None
        fresh = Live(new, Game.new(seed, table.options, variant=table.variant))
        self._remember(fresh)
        log.info("table %s: rematch of table %s", new.id, table_id)
        self._changed(new.id)
        return Rematch(self._snapshot(fresh), ())

    async def _write_seat(self, live: Live, seat: Seat, player: Player | None) -> None:
        await self._store(live, self.storage.set_seat(live.table.id, seat, player))
        seats = list(live.table.seats)
        if player is not None and player.user_id is not None:
            seats = [None if p is not None and p.user_id == player.user_id else p for p in seats]
        seats[seat] = player
        live.table = replace(live.table, seats=tuple(seats))


def _endable(live: Live, user_id: int, moderator: bool) -> TableRecord:
    table = live.table
    if not table.status.is_active:
        raise Refusal("This table is already closed.")
    if user_id != table.creator_id and not moderator:
        raise Refusal("Only the table's creator or a member who may manage messages can end it.")
    return table
