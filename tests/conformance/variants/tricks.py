"""Following suit and taking a trick in the variants (V-GEN-SUITS, V-GEN-TIE, V-BIG-LEAD-LOW):
42's rules read for a double-N set, where a plain suit may also be led by its lower end."""

from __future__ import annotations

from tests.conformance.reference import Tile, is_double


class VariantTricks:
    """Which tiles follow and which wins, for one named trump of a double-N game."""

    def __init__(self, trump: str, top: int) -> None:
        self.trump = trump
        self.top = top

    def is_trump(self, tile: Tile) -> bool:
        """R-TRUMP-OWNS: a suit's tiles, every double, or nothing (no trump)."""
        if self.trump == "doubles":
            return is_double(tile)
        if self.trump == "none":
            return False
        return int(self.trump) in tile

    def led_suit(self, lead: Tile, low: bool = False) -> str | int:
        """R-LED-SUIT: "trump", or the plain suit: the higher end, the lower end on a low lead."""
        if self.is_trump(lead):
            return "trump"
        return lead[0] if low else lead[1]

    def follows(self, tile: Tile, led: str | int) -> bool:
        """R-FOLLOW."""
        if led == "trump":
            return self.is_trump(tile)
        return not self.is_trump(tile) and led in tile

    def rank(self, tile: Tile, suit: str | int) -> int:
        """R-RANK with N for 6: the double on top, then by the other end; doubles by value."""
        if suit == "trump" and self.trump == "doubles":
            return tile[0]
        number = int(self.trump) if suit == "trump" else int(suit)
        if is_double(tile):
            return self.top + 1
        return tile[0] + tile[1] - number

    def winning_index(self, tiles: list[Tile], low: bool) -> int:
        """R-WIN; V-GEN-TIE: `max` keeps the first of equal tiles, the copy played first."""
        trumps = [i for i, tile in enumerate(tiles) if self.is_trump(tile)]
        if trumps:
            return max(trumps, key=lambda i: self.rank(tiles[i], "trump"))
        led = self.led_suit(tiles[0], low)
        following = [i for i, tile in enumerate(tiles) if self.follows(tile, led)]
        return max(following, key=lambda i: self.rank(tiles[i], led))

    def playable(self, hand: list[Tile], lead: Tile | None, low: bool) -> list[Tile]:
        if lead is None:
            return list(hand)  # R-LEAD
        led = self.led_suit(lead, low)
        following = [tile for tile in hand if self.follows(tile, led)]
        return following or list(hand)
