"""One hand of the game as an immutable state machine (:class:`HandState`): the auction, the
leftover step, trump, the tricks and the award, for every game of the family.

The rooms: :mod:`.fields` (what a hand holds, and reading it), :mod:`.auction`,
:mod:`.leftover` and :mod:`.scoring` (the rules of each part, which read the fields), and
:mod:`.machine` (the one rules path, ``legal_actions`` and ``apply``, which calls them).
"""

from .fields import EarlyEnd, HandFields, Setup
from .machine import PLAYS, HandState
from .phase import Phase

__all__ = ["PLAYS", "EarlyEnd", "HandFields", "HandState", "Phase", "Setup"]
