"""A second, deliberately plain statement of RULES.md, to check the engine against.

Nothing here imports the engine. A tile is a ``(low, high)`` tuple, a seat is an int 0-3, a team is
``seat % 2``, and trump is an int 0-6 (a suit), ``"doubles"`` or ``"none"``. Every function is
written for a reader, straight from the rule it names, not for speed.

Calls and actions are small tuples:

* ``("pass",)``
* ``("points", n)`` and ``("marks", m)`` for bids
* ``("trump", trump, piles)`` with ``piles`` None, or an int
* ``("play", tile)``
"""

from __future__ import annotations

from dataclasses import dataclass, field

Tile = tuple[int, int]
TrumpName = int | str
Call = tuple[object, ...]

#: R-SET: every [a|b] with 0 <= a <= b <= 6.
ALL_TILES: tuple[Tile, ...] = tuple((a, b) for b in range(7) for a in range(b + 1))

#: R-TRUMP-CHOICE: a suit 0-6, doubles, or no trump.
TRUMP_CHOICES: tuple[TrumpName, ...] = (0, 1, 2, 3, 4, 5, 6, "doubles", "none")

TRUMP_SUIT = "trump"
"""The led suit when a trump is led (R-LED-SUIT)."""


def tile(a: int, b: int) -> Tile:
    return (min(a, b), max(a, b))


def count(t: Tile) -> int:
    """R-POINTS: [0|5], [1|4], [2|3] are worth 5; [4|6] and [5|5] are worth 10."""
    if t in ((0, 5), (1, 4), (2, 3)):
        return 5
    if t in ((4, 6), (5, 5)):
        return 10
    return 0


def trick_points(tiles: list[Tile] | tuple[Tile, ...]) -> int:
    """R-POINTS: one point for the trick plus the count tiles in it."""
    return 1 + sum(count(t) for t in tiles)


def is_double(t: Tile) -> bool:
    return t[0] == t[1]


def is_trump(t: Tile, trump: TrumpName) -> bool:
    """R-TRUMP-OWNS and R-TRUMP-CHOICE."""
    if trump == "none":
        return False
    if trump == "doubles":
        return is_double(t)
    return trump in t


def led_suit(t: Tile, trump: TrumpName) -> int | str:
    """R-LED-SUIT: a trump led calls trumps, anything else calls its higher end."""
    if is_trump(t, trump):
        return TRUMP_SUIT
    return max(t)


def follows(t: Tile, suit: int | str, trump: TrumpName) -> bool:
    """R-FOLLOW: trumps follow trumps; a plain suit is followed by a non-trump with that end."""
    if suit == TRUMP_SUIT:
        return is_trump(t, trump)
    return suit in t and not is_trump(t, trump)


def legal_plays(hand: list[Tile], trick: list[Tile], trump: TrumpName) -> list[Tile]:
    """R-LEAD (anything leads) and R-FOLLOW (follow if you can, else anything)."""
    if not trick:
        return list(hand)
    suit = led_suit(trick[0], trump)
    following = [t for t in hand if follows(t, suit, trump)]
    if following:
        return following
    return list(hand)


def rank(t: Tile, suit: int | str, trump: TrumpName) -> int:
    """R-RANK, for a tile that belongs to ``suit``: bigger is better."""
    if suit == TRUMP_SUIT and trump == "doubles":
        return t[0]  # doubles rank by value
    number = trump if suit == TRUMP_SUIT else suit
    if is_double(t):
        return 99  # the double is the highest of its suit
    if t[0] == number:
        return t[1]
    return t[0]


def trick_winner(tiles: list[Tile] | tuple[Tile, ...], trump: TrumpName) -> int:
    """R-WIN: the index (0 = the lead) of the tile that takes the trick."""
    trumps = [i for i, t in enumerate(tiles) if is_trump(t, trump)]
    if trumps:
        return max(trumps, key=lambda i: rank(tiles[i], TRUMP_SUIT, trump))
    suit = led_suit(tiles[0], trump)
    followers = [i for i, t in enumerate(tiles) if follows(t, suit, trump)]
    return max(followers, key=lambda i: rank(tiles[i], suit, trump))


def contract_status(kind: str, amount: int, declarers: int, winners: list[int],
                    points: tuple[int, int] | list[int]) -> str | None:
    """R-EARLY-END from the captured tricks only: ``"made"``, ``"set"`` or None (undecided).

    ``winners`` are the teams that took each completed trick, in order; ``points`` the hand points
    captured by team 0 and team 1.
    """
    defenders = 1 - declarers
    if kind == "points":
        if points[declarers] >= amount:
            return "made"
        if points[defenders] > 42 - amount:
            return "set"
        return None
    if defenders in winners:
        return "set"
    if len(winners) == 7:
        return "made"
    return None


def award(kind: str, amount: int, declarers: int, status: str) -> tuple[int, int]:
    """R-AWARD with R-CONTRACT-POINTS (1 mark) and R-CONTRACT-MARKS (the marks bid)."""
    value = 1 if kind == "points" else amount
    team = declarers if status == "made" else 1 - declarers
    return (value, 0) if team == 0 else (0, value)


def bid_is_legal(previous: list[Call], call: Call) -> bool:
    """R-AUCTION, R-BID-POINTS, R-BID-MARKS for one call after the calls ``previous``."""
    if len(previous) >= 4:
        return False
    if call == ("pass",):
        return True
    points_bids = [c[1] for c in previous if c[0] == "points"]
    marks_bids = [c[1] for c in previous if c[0] == "marks"]
    if call[0] == "points":
        n = call[1]
        assert isinstance(n, int)
        return (not marks_bids and 30 <= n <= 41
                and all(n > earlier for earlier in points_bids))
    if call[0] == "marks":
        m = call[1]
        if not marks_bids:
            return m in (1, 2)
        return m == max(marks_bids) + 1  # type: ignore[type-var]
    return False


@dataclass
class ReferenceHand:
    """One hand of the default game, played out with plain lists (no speed, no tricks)."""

    dealer: int
    hands: list[list[Tile]]
    calls: list[tuple[int, Call]] = field(default_factory=list)
    phase: str = "auction"
    to_act: int | None = None
    declarer: int | None = None
    kind: str | None = None
    amount: int = 0
    trump: TrumpName | None = None
    piles: int | None = None
    leader: int | None = None
    trick: list[tuple[int, Tile]] = field(default_factory=list)
    tricks: list[tuple[int, list[tuple[int, Tile]], int, int]] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    outcome: str | None = None
    marks: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.to_act = (self.dealer + 1) % 4  # R-AUCTION: left of the dealer speaks first

    def is_legal(self, seat: int, action: Call) -> bool:
        if self.phase == "over" or seat != self.to_act:
            return False
        if self.phase == "auction":
            return action[0] in ("pass", "points", "marks") and bid_is_legal(
                [call for _, call in self.calls], action)
        if self.phase == "trump":
            if action[0] != "trump":
                return False
            _, trump, piles = action
            wanted = (1, 2) if self.kind == "marks" else (None,)  # R-PILES
            return trump in TRUMP_CHOICES and piles in wanted
        if action[0] != "play":
            return False  # R-PASS-ONLY-IN-AUCTION
        played = action[1]
        assert isinstance(played, tuple)
        return played in legal_plays(self.hands[seat], [t for _, t in self.trick], self.trump)  # type: ignore[arg-type]

    def apply(self, seat: int, action: Call) -> None:
        """Take a legal action (check :meth:`is_legal` first)."""
        if self.phase == "auction":
            self.calls.append((seat, action))
            self.to_act = (seat + 1) % 4
            if len(self.calls) == 4:
                bids = [(s, c) for s, c in self.calls if c[0] != "pass"]
                if not bids:  # R-ALLPASS
                    self.phase, self.outcome, self.to_act = "over", "redeal", None
                    return
                # R-DECLARER: the highest bid; any marks bid beats any points bid (R-BID-MARKS)
                self.declarer, winning = max(bids, key=lambda sc: (sc[1][0] == "marks", sc[1][1]))
                self.kind, self.amount = winning[0], winning[1]  # type: ignore[assignment]
                self.phase, self.to_act = "trump", self.declarer
            return
        if self.phase == "trump":
            _, self.trump, self.piles = action  # type: ignore[assignment]
            self.phase, self.to_act, self.leader = "play", seat, seat
            return
        played = action[1]
        assert isinstance(played, tuple)
        self.hands[seat].remove(played)  # R-ORDER: the others keep their order
        self.trick.append((seat, played))  # type: ignore[arg-type]
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        tiles = [t for _, t in self.trick]
        winner = self.trick[trick_winner(tiles, self.trump)][0]  # type: ignore[arg-type]
        value = trick_points(tiles)
        assert self.leader is not None
        self.tricks.append((self.leader, list(self.trick), winner, value))
        self.points[winner % 2] += value
        self.trick = []
        self.leader = self.to_act = winner
        assert self.kind is not None and self.declarer is not None
        status = contract_status(self.kind, self.amount, self.declarer % 2,
                                 [w % 2 for _, _, w, _ in self.tricks], self.points)
        if status is not None:
            self.phase, self.outcome, self.to_act = "over", status, None
            self.marks = award(self.kind, self.amount, self.declarer % 2, status)
