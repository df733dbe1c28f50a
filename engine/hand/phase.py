"""The parts of a hand, in the order they come."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    AUCTION = "auction"
    LEFTOVER = "leftover"
    """The Big Game declarer takes or leaves the leftover tile (V-BIG-LEFTOVER)."""
    DISCARD = "discard"
    """The declarer, holding the leftover, lays tiles face down (V-GEN-DISCARD)."""
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"
