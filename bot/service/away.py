"""Members away: the others agree to let a computer player play a member's seat, until the
member takes it back. Nothing here happens by timer (R-NO-CLOCK): only by the members' buttons."""

from __future__ import annotations

import logging
import time
from dataclasses import replace

from engine import Seat
from engine.seats import seat_title

from ..i18n import N_
from ..records import Status, TableRecord, mentions
from .matches import require_organisers_stand_in
from .refusals import Refusal, require_seat, seat_of
from .store import TableStore
from .values import AwayVote, Panel

log = logging.getLogger(__name__)


class Away(TableStore):
    async def vote_away(self, table_id: int, voter_id: int, seat: Seat) -> AwayVote:
        """``voter_id`` agrees to let a computer player play ``seat`` while its member is away.
        Once every other seated member has agreed, it does, until the member takes it back."""
        async with self._locked(table_id) as live:
            table = live.table
            if table.status is not Status.PLAYING:
                raise Refusal("A computer player can stand in only while a game is on.")
            await require_organisers_stand_in(self.storage, table)
            voter_seat = seat_of(table, voter_id, N_("Only the players at this table can let a"
                                                     " computer player stand in."))
            require_seat(table, seat)
            player = table.player(seat)
            if player is None or player.is_computer:
                raise Refusal("A computer player already plays {seat}.", seat=seat, table=table)
            if voter_seat == seat:
                raise Refusal("The other players decide whether a computer player stands in"
                              " for you; while you are here, just play.")
            if seat in table.stand_ins:
                raise Refusal("A computer player already plays {seat} until {player} is back.",
                              seat=seat, player=player.mention, table=table)
            voters = table.voters(seat)
            needed = table.voters_needed(seat)
            if voter_id in voters:
                raise Refusal("You have already agreed; waiting for {waiting}.",
                              waiting=mentions(needed - voters))
            voters = voters | {voter_id}
            handed_over = needed <= voters
            await self._store(live, self.storage.add_away_vote(table_id, seat, voter_id,
                                                               hand_over=handed_over))
            if handed_over:
                votes = tuple(v for v in table.away_votes if v[0] != seat)
                live.table = replace(table, stand_ins=table.stand_ins | {seat}, away_votes=votes)
                log.info("table %s: a computer player stands in for %s", table_id,
                         seat_title(seat))
            else:
                votes = tuple(sorted((*table.away_votes, (seat, voter_id))))
                live.table = replace(table, away_votes=votes)
            snapshot = self._snapshot(live)
            waiting = tuple(sorted(needed - voters))
        if handed_over:
            self._changed(table_id)
        return AwayVote(snapshot, seat, handed_over, waiting,
                        asked=not handed_over and len(voters) == 1)

    async def require_votable(self, table: TableRecord) -> None:
        """Refused where the players do not vote a computer player in (a match table, where
        its tournament's organiser decides)."""
        await require_organisers_stand_in(self.storage, table)

    async def take_back(self, table_id: int, user_id: int, seat: Seat | None = None) -> Panel:
        """The member is back: their seat is theirs to play again, and any votes about it are
        forgotten. Their panel is returned, ready to play. ``seat``, when given, is the seat
        the button was for: only its member may take it back."""
        async with self._locked(table_id) as live:
            table = live.table
            own = seat_of(table, user_id)
            if seat is not None and seat != own:
                player = table.player(seat)
                raise Refusal("Only {player} can take {seat} back.", seat=seat, table=table,
                              player=player.mention if player is not None else "")
            seat = own
            if table.status is not Status.PLAYING or live.game is None:
                raise Refusal("No computer player is playing for you.")
            if seat not in table.stand_ins and not table.voters(seat):
                raise Refusal("No computer player is playing for you.")
            await self._store(live, self.storage.take_back(table_id, seat))
            live.moved_at = time.time()  # a move clock gives the returning member a full move
            live.table = replace(table, stand_ins=table.stand_ins - {seat},
                                 away_votes=tuple(v for v in table.away_votes if v[0] != seat))
            log.info("table %s: %s is back", table_id, seat_title(seat))
            return self._panel(live, seat)
