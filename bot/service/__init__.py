"""Tables as a service: load → apply → commit → describe, one table at a time.

The service knows no rule. It hands each action to the engine, turns an engine refusal into a
:class:`Refusal` the player can read, commits what the engine accepted, and describes the result
only through observations (``engine.observe``), so the Discord layer cannot show what a seat
may not see; what happened, how the game stands and which hands are finished, it reads from
the engine's ``Game``. Live games are cached in memory and rebuilt with ``Game.replay`` from the
stored seed and actions the first time a table is used after a restart.

Computer players go through the same path: :meth:`TableService.computer_turn` hands out what
the seat to act may see, and :meth:`TableService.act_as_computer` applies the decision under
the table's lock only if the game has not moved meanwhile. Who thinks, and when, is
:mod:`bot.autoplay`'s business; the service only tells its watchers that a table changed.

The rooms: :mod:`.store` (locks, cache, loading and storing), :mod:`.values` (what the service
answers with), :mod:`.refusals`, and the use cases — :mod:`.reading`, :mod:`.lobby`,
:mod:`.play`, :mod:`.away`, :mod:`.history`, :mod:`.reasons`, :mod:`.tournaments`,
:mod:`.matches` — whose methods make up :class:`TableService`.
"""

from .away import Away
from .history import FinishedGame, History, HistoryPage
from .lobby import Lobby
from .matches import Due, Forfeit, Matches, Progress
from .play import Play
from .reading import Reading
from .reasons import ComputerMove, HandMoves, Reasons, TrickMoves
from .refusals import Refusal, Unrestorable, refusal_for
from .values import (
    Accepted,
    AwayVote,
    ComputerTurn,
    Fill,
    LastMove,
    MemberStats,
    Panel,
    Rematch,
    TableSnapshot,
    computer_seed,
)

__all__ = [
    "Accepted",
    "AwayVote",
    "ComputerMove",
    "ComputerTurn",
    "Due",
    "Fill",
    "FinishedGame",
    "Forfeit",
    "HandMoves",
    "HistoryPage",
    "LastMove",
    "MemberStats",
    "Panel",
    "Progress",
    "Refusal",
    "Rematch",
    "TableService",
    "TableSnapshot",
    "TrickMoves",
    "Unrestorable",
    "computer_seed",
    "refusal_for",
]


class TableService(Reading, Lobby, Play, Away, History, Reasons, Matches):
    """Every table of this process's shards, for the Discord layer and the computer players."""
