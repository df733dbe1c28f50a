"""A second reading of the hand replay format, written from docs/REPLAY.md, RULES.md and
HOUSE-RULES.md alone, to check the engine's `python -m engine.replay` against.

It is deliberately plain: tiles are `(low, high)` tuples, seats are ints 0-3, team of a seat is
`seat % 2`. `replay_42(scenario)` takes the parsed JSON object and returns the output object; input
the documents call malformed raises `Malformed`, and input they leave open (is it malformed or
only illegal?) raises `Unspecified` rather than guessing.

>>> hands = [["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
...          ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-2"],
...          ["2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5"],
...          ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"]]
>>> out = replay_42({"dealer": 3, "hands": hands, "actions": [
...     {"seat": 0, "action": "pass"}, {"seat": 1, "action": "pass"},
...     {"seat": 2, "action": "pass"}, {"seat": 3, "action": "pass"}]})
>>> out["status"], out["outcome"]
('over', {'redeal': True, 'marks': [0, 0], 'next_dealer': 0})
"""

from __future__ import annotations

from typing import Any

Tile = tuple[int, int]

# R-SET: every [a|b] with 0 <= a <= b <= 6, written low end first.
ALL_TILES: list[Tile] = [(a, b) for a in range(7) for b in range(a, 7)]

# R-POINTS: the count tiles.
COUNT: dict[Tile, int] = {(0, 5): 5, (1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10}

# R-TRUMP-CHOICE: the ordinary trumps, as REPLAY.md writes them.
ORDINARY_TRUMPS = ("0", "1", "2", "3", "4", "5", "6", "doubles", "none")

ACTION_KINDS = ("bid", "pass", "trump", "play")

# REPLAY.md "Table options": name -> default. The type of the default is the required type.
OPTION_DEFAULTS: dict[str, Any] = {
    "nello": False,
    "nello_doubles": "high",
    "nello_dealer_only": False,
    "splash": False,
    "splash_marks": 3,
    "plunge": False,
    "sevens": False,
    "forced_bid": False,
    "points_game": False,
}
NELLO_DOUBLES = ("high", "low", "own_suit")
SPLASH_MARKS = (2, 3)

# REPLAY.md "Variants": the games a document may name (tests.conformance.variants has the rest).
VARIANT_NAMES = ("42", "moon", "three", "big", "140", "geezer", "72", "84")

GAME_MARKS = 7  # R-GAME
GAME_POINTS = 250  # H-POINTS


class Malformed(ValueError):
    """The input itself is malformed (REPLAY.md: exit status 2)."""


class Unspecified(ValueError):
    """Input the documents do not decide (malformed or merely illegal?): no answer is guessed.

    A bid with both or neither of points and marks, or a non-integer amount; a splash or plunge
    flag that is not a boolean, both flags, or a flag on a points bid; a trump action without one
    of the listed trump names; piles that are not an integer (a string, a boolean, null); marks
    or score below zero, or already at the game's end (7 marks, 250 points) before the hand.
    """


# ---------------------------------------------------------------------------------------------
# Tiles and seats


def is_int(value: Any) -> bool:
    """A JSON integer (true and false are not integers here)."""
    return type(value) is int


def parse_tile(name: Any) -> Tile:
    """`"6-4"` and `"4-6"` -> `(4, 6)`; anything else is an unknown tile name (malformed)."""
    if not isinstance(name, str):
        raise Malformed(f"a tile must be written 'a-b', not {name!r}")
    parts = name.split("-")
    digits = {"0", "1", "2", "3", "4", "5", "6"}
    if len(parts) != 2 or parts[0] not in digits or parts[1] not in digits:
        raise Malformed(f"unknown tile {name!r}")
    a, b = int(parts[0]), int(parts[1])
    return (min(a, b), max(a, b))


def tile_name(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def team_of(seat: int) -> int:
    """R-SEATS: team 0 is seats 0 and 2, team 1 is seats 1 and 3."""
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def distance_from_seven(tile: Tile) -> int:
    """H-SEVENS."""
    return abs(tile[0] + tile[1] - 7)


# ---------------------------------------------------------------------------------------------
# Tricks (R-LED-SUIT, R-FOLLOW, R-RANK, R-WIN, H-NELLO doubles, H-SEVENS)


class TrickRules:
    """Which tiles follow and which wins, for one named trump."""

    def __init__(self, trump: str, nello_doubles: str) -> None:
        self.trump = trump
        self.nello_doubles = nello_doubles

    def doubles_own_suit(self) -> bool:
        return self.trump == "nello" and self.nello_doubles == "own_suit"

    def is_trump(self, tile: Tile) -> bool:
        """R-TRUMP-OWNS: which tiles belong to the trump suit (none in no-trump, Nello, Sevens)."""
        if self.trump in ORDINARY_TRUMPS[:7]:
            return int(self.trump) in tile
        if self.trump == "doubles":
            return is_double(tile)
        return False

    def led_suit(self, lead: Tile) -> str | int:
        """R-LED-SUIT: "trump", "doubles" (Nello, own suit) or the plain suit number."""
        if self.is_trump(lead):
            return "trump"
        if self.doubles_own_suit() and is_double(lead):
            return "doubles"
        return lead[1]

    def follows(self, tile: Tile, led: str | int) -> bool:
        """R-FOLLOW."""
        if led == "trump":
            return self.is_trump(tile)
        if led == "doubles":
            return is_double(tile)
        if self.is_trump(tile):
            return False
        if self.doubles_own_suit() and is_double(tile):
            return False
        return led in tile

    def rank(self, tile: Tile, suit: str | int) -> int:
        """R-RANK: rank of a tile within `suit` (it belongs to it); higher is better."""
        if suit == "doubles" or (suit == "trump" and self.trump == "doubles"):
            return tile[0]
        number = int(self.trump) if suit == "trump" else int(suit)
        if is_double(tile):
            if self.trump == "nello" and self.nello_doubles == "low":
                return -1
            return 7
        return tile[0] + tile[1] - number  # the other end

    def winning_index(self, tiles: list[Tile]) -> int:
        """R-WIN (and H-SEVENS): index in play order of the winning tile."""
        if self.trump == "sevens":
            best = 0
            for i, tile in enumerate(tiles):
                if distance_from_seven(tile) < distance_from_seven(tiles[best]):
                    best = i
            return best
        trumps = [i for i, t in enumerate(tiles) if self.is_trump(t)]
        if trumps:
            return max(trumps, key=lambda i: self.rank(tiles[i], "trump"))
        led = self.led_suit(tiles[0])
        following = [i for i, t in enumerate(tiles) if self.follows(t, led)]
        return max(following, key=lambda i: self.rank(tiles[i], led))

    def playable(self, hand: list[Tile], trick: list[Tile]) -> list[Tile]:
        """The tiles of `hand` that may be played to `trick` (tiles played so far)."""
        if self.trump == "sevens":
            nearest = min(distance_from_seven(t) for t in hand)
            return [t for t in hand if distance_from_seven(t) == nearest]
        if not trick:
            return list(hand)  # R-LEAD
        led = self.led_suit(trick[0])
        following = [t for t in hand if self.follows(t, led)]
        return following or list(hand)


# ---------------------------------------------------------------------------------------------
# Input validation (REPLAY.md "Exit status" and "Table options")


def validate(scenario: Any) -> dict[str, Any]:
    """Check the input's shape (Malformed, Unspecified); returns the options with defaults."""
    if not isinstance(scenario, dict):
        raise Malformed("the input must be a JSON object")
    dealer = scenario.get("dealer")
    if not is_int(dealer) or not 0 <= dealer <= 3:
        raise Malformed(f"dealer must be a seat 0-3, not {dealer!r}")
    hands = scenario.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise Malformed("hands must be 4 lists of 7 tiles")
    seen: set[Tile] = set()
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != 7:
            raise Malformed("each hand must hold 7 tiles")
        for name in hand:
            tile = parse_tile(name)
            if tile in seen:
                raise Malformed(f"tile {tile_name(tile)} dealt twice")
            seen.add(tile)
    # 28 distinct valid tiles necessarily cover the set.
    marks = scenario.get("marks", [0, 0])
    if not isinstance(marks, list) or len(marks) != 2 or not all(is_int(m) for m in marks):
        raise Malformed("marks must be [a, b]")
    options = dict(OPTION_DEFAULTS)
    given = scenario.get("options", {})
    if not isinstance(given, dict):
        raise Malformed("options must be an object")
    for key, value in given.items():
        if key not in OPTION_DEFAULTS:
            raise Malformed(f"unknown option {key!r}")
        default = OPTION_DEFAULTS[key]
        if type(value) is not type(default):
            raise Malformed(f"option {key} has the wrong type")
        options[key] = value
    if options["nello_doubles"] not in NELLO_DOUBLES:
        raise Malformed("nello_doubles must be high, low or own_suit")
    if options["splash_marks"] not in SPLASH_MARKS:
        raise Malformed("splash_marks must be 2 or 3")
    if options["points_game"] and any(
        options[k] for k in ("nello", "splash", "plunge", "sevens")
    ):
        raise Malformed("points_game cannot be combined with nello, splash, plunge or sevens")
    score = scenario.get("score", [0, 0])
    if not isinstance(score, list) or len(score) != 2 or not all(is_int(s) for s in score):
        raise Malformed("score must be [a, b]")
    actions = scenario.get("actions", [])
    if not isinstance(actions, list):
        raise Malformed("actions must be a list")
    open_points: list[str] = []  # Unspecified is raised only for input that is not malformed
    for action in actions:
        if not isinstance(action, dict):
            raise Malformed("an action must be an object")
        seat = action.get("seat")
        if not is_int(seat) or not 0 <= seat <= 3:
            raise Malformed(f"seat out of range: {seat!r}")
        if action.get("action") in ("leftover", "discard"):
            # Kinds of the variants: the documents do not say whether 42 refuses them or finds
            # them malformed.
            open_points.append("a leftover or discard action in a game of 42")
            continue
        if action.get("action") not in ACTION_KINDS:
            raise Malformed(f"unknown action kind {action.get('action')!r}")
        if action["action"] == "play":
            parse_tile(action.get("tile"))
        open_points += undecided_shape(action)
    if scenario.get("leftover") is not None:
        open_points.append("a leftover in a game of 42")  # malformed, or ignored?
    if min(marks) < 0 or max(marks) >= GAME_MARKS:
        open_points.append("marks below zero or already at the game's end")
    if min(score) < 0 or max(score) >= GAME_POINTS:
        open_points.append("score below zero or already at the game's end")
    if open_points:
        raise Unspecified(open_points[0])
    return options


def undecided_shape(action: dict[str, Any]) -> list[str]:
    """What the documents leave open in the shape of one action (empty when nothing)."""
    if action["action"] == "bid":
        amounts = [k for k in ("points", "marks") if k in action]
        if len(amounts) != 1 or not is_int(action[amounts[0]]):
            return ["a bid with both, neither or a non-integer amount"]
        flags = [k for k in ("splash", "plunge") if k in action]
        if any(type(action[k]) is not bool for k in flags):
            return ["a splash or plunge flag that is not true or false"]
        raised = [k for k in flags if action[k]]
        if len(raised) > 1 or (raised and amounts == ["points"]):
            return ["a splash or plunge flag on a points bid, or both flags"]
    elif action["action"] == "trump":
        if action.get("trump") not in (*ORDINARY_TRUMPS, "nello", "sevens"):
            return ["a trump action without one of the listed trump names"]
        if "piles" in action and not is_int(action["piles"]):
            return ["piles that are not a whole number"]
    return []


# ---------------------------------------------------------------------------------------------
# One hand


class Refused(Exception):
    """An illegal action (R-ILLEGAL); the message is the reason."""


class HandState:
    """One hand from the deal to its end, following the actions one at a time."""

    def __init__(
        self,
        dealer: int,
        hands: list[list[Tile]],
        marks: list[int],
        options: dict[str, Any],
        score: list[int],
    ) -> None:
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.dealt = [list(h) for h in hands]
        self.marks_before = list(marks)
        self.score_before = list(score)
        self.options = options
        # Auction (R-AUCTION).
        self.status = "auction"
        self.to_act: int | None = (dealer + 1) % 4
        self.spoken: list[tuple[int, dict[str, Any] | None]] = []
        self.high_points: int | None = None
        self.high_marks: int | None = None
        self.best: tuple[int, dict[str, Any]] | None = None  # (seat, bid) of the highest bid
        self.contract: dict[str, Any] | None = None
        # Trump and play.
        self.trump: str | None = None
        self.piles: int | None = None
        self.rules: TrickRules | None = None
        self.sitting_out: int | None = None  # Nello: the declarer's partner
        self.leader: int | None = None
        self.current: list[tuple[int, Tile]] = []
        self.tricks: list[dict[str, Any]] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        # End.
        self.outcome: dict[str, Any] | None = None
        self.marks = list(marks)
        self.score = list(score)
        self.winner: int | None = None

    # -- queries -------------------------------------------------------------------------------

    def declarer(self) -> int:
        assert self.contract is not None
        return int(self.contract["declarer"])

    def is_marks_contract(self) -> bool:
        return self.contract is not None and "marks" in self.contract

    def is_special_bid(self) -> bool:
        """A Splash or Plunge contract: the partner names an ordinary trump."""
        return self.contract is not None and (
            self.contract.get("splash") is True or self.contract.get("plunge") is True
        )

    def doubles_held(self, seat: int) -> int:
        return sum(1 for t in self.hands[seat] if is_double(t))

    def legal_bid_amounts(self, seat: int) -> list[dict[str, Any]]:
        """Every bid `seat` could legally make now (for generating scenarios)."""
        bids: list[dict[str, Any]] = []
        if self.high_marks is None:
            low = 30 if self.high_points is None else self.high_points + 1
            bids += [{"points": n} for n in range(low, 42)]
            bids += [{"marks": 1}, {"marks": 2}]
        else:
            bids.append({"marks": self.high_marks + 1})
        highest = self.high_marks or 0
        if self.options["splash"] and self.doubles_held(seat) >= 3:
            bids.append({"marks": max(self.options["splash_marks"], highest + 1), "splash": True})
        if self.options["plunge"] and self.doubles_held(seat) >= 4:
            bids.append({"marks": max(4, highest + 1), "plunge": True})
        return bids

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal action now, each a full action object (seat included)."""
        if self.status == "over" or self.to_act is None:
            return []
        seat = self.to_act
        found: list[dict[str, Any]] = []
        if self.status == "auction":
            if self._pass_problem(seat) is None:
                found.append({"seat": seat, "action": "pass"})
            for bid in self.legal_bid_amounts(seat):
                found.append({"seat": seat, "action": "bid", **bid})
        elif self.status == "trump":
            names = [*ORDINARY_TRUMPS, "nello", "sevens"]
            piles_choices: list[int | None] = [1, 2] if self.is_marks_contract() else [None]
            for name in names:
                for piles in piles_choices:
                    action: dict[str, Any] = {"seat": seat, "action": "trump", "trump": name}
                    if piles is not None:
                        action["piles"] = piles
                    if self._trump_problem(seat, action) is None:
                        found.append(action)
        else:
            for tile in self.playable(seat):
                found.append({"seat": seat, "action": "play", "tile": tile_name(tile)})
        return found

    def playable(self, seat: int) -> list[Tile]:
        assert self.rules is not None
        return self.rules.playable(self.hands[seat], [t for _, t in self.current])

    # -- actions -------------------------------------------------------------------------------

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one (well-formed) action, or raise Refused and change nothing."""
        seat = action["seat"]
        kind = action["action"]
        if self.status == "over":
            raise Refused("the hand is over")
        if kind in ("bid", "pass") and self.status != "auction":
            raise Refused("bids and passes are only in the auction")  # R-PASS-ONLY-IN-AUCTION
        if kind == "trump" and self.status != "trump":
            raise Refused("trump is not being named now")
        if kind == "play" and self.status != "play":
            raise Refused("tiles are not being played now")
        if seat != self.to_act:
            raise Refused(f"it is seat {self.to_act}'s turn")
        if kind == "pass":
            self._pass(seat)
        elif kind == "bid":
            self._bid(seat, action)
        elif kind == "trump":
            self._name_trump(seat, action)
        else:
            self._play(seat, parse_tile(action["tile"]))

    # Auction

    def _pass_problem(self, seat: int) -> str | None:
        """H-FORCED-BID: after three passes the dealer may not pass."""
        if (
            self.options["forced_bid"]
            and seat == self.dealer
            and len(self.spoken) == 3
            and all(bid is None for _, bid in self.spoken)
        ):
            return "the dealer must bid after three passes"
        return None

    def _pass(self, seat: int) -> None:
        problem = self._pass_problem(seat)
        if problem:
            raise Refused(problem)
        self.spoken.append((seat, None))
        self._next_speaker()

    def _bid_problem(self, seat: int, action: dict[str, Any]) -> str | None:
        has_points = "points" in action
        has_marks = "marks" in action
        if has_points == has_marks:
            return "a bid is either points or marks"
        if has_points:
            n = action["points"]
            if self.high_marks is not None:
                return "a marks bid stands: only a higher marks bid or a pass"  # R-BID-MARKS
            if not is_int(n) or not 30 <= n <= 41:
                return "a points bid is 30 to 41"  # R-BID-POINTS
            if self.high_points is not None and n <= self.high_points:
                return f"a points bid must be higher than {self.high_points}"
            return None
        n = action["marks"]
        if not is_int(n):
            return "a marks bid is a whole number of marks"
        highest = self.high_marks or 0
        if action.get("splash") is True:  # H-SPLASH
            if not self.options["splash"]:
                return "Splash is not played at this table"
            if self.doubles_held(seat) < 3:
                return "Splash needs at least 3 doubles"
            if n != max(self.options["splash_marks"], highest + 1):
                return "wrong Splash value"
            return None
        if action.get("plunge") is True:  # H-PLUNGE
            if not self.options["plunge"]:
                return "Plunge is not played at this table"
            if self.doubles_held(seat) < 4:
                return "Plunge needs at least 4 doubles"
            if n != max(4, highest + 1):
                return "wrong Plunge value"
            return None
        if self.high_marks is None:  # R-BID-MARKS
            if n not in (1, 2):
                return "the first marks bid is 1 or 2"
        elif n != self.high_marks + 1:
            return f"the next marks bid is {self.high_marks + 1}"
        return None

    def _bid(self, seat: int, action: dict[str, Any]) -> None:
        problem = self._bid_problem(seat, action)
        if problem:
            raise Refused(problem)
        bid: dict[str, Any]
        if "points" in action:
            self.high_points = action["points"]
            bid = {"points": action["points"]}
        else:
            self.high_marks = action["marks"]
            bid = {"marks": action["marks"]}
            if action.get("splash") is True:
                bid["splash"] = True
            elif action.get("plunge") is True:
                bid["plunge"] = True
        self.best = (seat, bid)
        self.spoken.append((seat, bid))
        self._next_speaker()

    def _next_speaker(self) -> None:
        if len(self.spoken) < 4:
            self.to_act = (self.dealer + 1 + len(self.spoken)) % 4
            return
        if self.best is None:  # R-ALLPASS
            self.status = "over"
            self.to_act = None
            if self.options["points_game"]:
                self.outcome = {"redeal": True, "score": [0, 0], "next_dealer": self.next_dealer()}
            else:
                self.outcome = {"redeal": True, "marks": [0, 0], "next_dealer": self.next_dealer()}
            return
        seat, bid = self.best  # R-DECLARER
        self.contract = {"declarer": seat, **bid}
        self.status = "trump"
        self.to_act = partner_of(seat) if self.is_special_bid() else seat

    # Trump

    def _trump_problem(self, seat: int, action: dict[str, Any]) -> str | None:
        name = action.get("trump")
        if name == "nello":  # H-NELLO
            if not self.options["nello"]:
                return "Nello is not played at this table"
            if not self.is_marks_contract() or self.is_special_bid():
                return "Nello needs a marks contract"
            if self.options["nello_dealer_only"]:
                assert self.contract is not None
                others_passed = all(bid is None for s, bid in self.spoken if s != self.dealer)
                if not (
                    self.declarer() == self.dealer
                    and others_passed
                    and self.contract == {"declarer": self.dealer, "marks": 1}
                ):
                    return "Nello only for the dealer's 1-mark bid after three passes"
        elif name == "sevens":  # H-SEVENS
            if not self.options["sevens"]:
                return "Sevens is not played at this table"
            if not self.is_marks_contract() or self.is_special_bid():
                return "Sevens needs a marks contract"
        elif name not in ORDINARY_TRUMPS:
            return f"unknown trump {name!r}"
        # R-PILES
        if self.is_marks_contract():
            if "piles" not in action:
                return "a marks contract needs piles 1 or 2"
            piles = action["piles"]
            if not is_int(piles) or piles not in (1, 2):
                return "piles is 1 or 2"
        elif "piles" in action:
            return "a points contract has no piles"
        return None

    def _name_trump(self, seat: int, action: dict[str, Any]) -> None:
        problem = self._trump_problem(seat, action)
        if problem:
            raise Refused(problem)
        self.trump = action["trump"]
        self.piles = action.get("piles")
        self.rules = TrickRules(action["trump"], self.options["nello_doubles"])
        if self.trump == "nello":
            self.sitting_out = partner_of(self.declarer())
        self.status = "play"
        self.leader = seat  # R-DECLARER; the partner after Splash/Plunge; the declarer in Nello
        self.to_act = seat

    # Play

    def players_per_trick(self) -> int:
        return 3 if self.sitting_out is not None else 4

    def next_seat(self, seat: int) -> int:
        following = (seat + 1) % 4
        if following == self.sitting_out:
            following = (following + 1) % 4
        return following

    def _play(self, seat: int, tile: Tile) -> None:
        if tile not in self.hands[seat]:
            raise Refused(f"seat {seat} does not hold {tile_name(tile)}")
        if tile not in self.playable(seat):
            raise Refused(f"seat {seat} must follow suit")
        self.hands[seat].remove(tile)  # R-ORDER
        self.current.append((seat, tile))
        if len(self.current) < self.players_per_trick():
            self.to_act = self.next_seat(seat)
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        assert self.rules is not None and self.leader is not None
        tiles = [t for _, t in self.current]
        winner = self.current[self.rules.winning_index(tiles)][0]
        points = 1 + sum(COUNT.get(t, 0) for t in tiles)  # R-POINTS
        self.tricks.append(
            {
                "leader": self.leader,
                "plays": [{"seat": s, "tile": tile_name(t)} for s, t in self.current],
                "winner": winner,
                "points": points,
            }
        )
        self.points[team_of(winner)] += points
        self.tricks_won[team_of(winner)] += 1
        self.current = []
        self.leader = winner  # R-LEAD
        self.to_act = winner
        self._check_end(winner)

    def _check_end(self, trick_winner: int) -> None:
        """R-EARLY-END (or H-POINTS: every hand runs to its seventh trick)."""
        assert self.contract is not None
        ours = team_of(self.declarer())
        theirs = 1 - ours
        seven = len(self.tricks) == 7
        if self.options["points_game"]:
            if not seven:
                return
            if "points" in self.contract:
                made = self.points[ours] >= self.contract["points"]
            else:
                made = self.tricks_won[ours] == 7
            self._finish(made)
            return
        if "points" in self.contract:
            bid = self.contract["points"]
            if self.points[ours] >= bid:
                self._finish(True)
            elif self.points[theirs] > 42 - bid:
                self._finish(False)
            return
        if self.trump == "nello":
            if trick_winner == self.declarer():
                self._finish(False)
            elif seven:
                self._finish(True)
            return
        if team_of(trick_winner) == theirs:
            self._finish(False)
        elif seven:
            self._finish(True)

    def next_dealer(self) -> int:
        return (self.dealer + 1) % 4  # R-DEALER

    def _finish(self, made: bool) -> None:
        assert self.contract is not None
        self.status = "over"
        self.to_act = None
        ours = team_of(self.declarer())
        theirs = 1 - ours
        if self.options["points_game"]:  # H-POINTS
            if "points" in self.contract:
                value = self.contract["points"]
                taken = self.points[ours]
            else:
                value = 42 * self.contract["marks"]
                taken = value
            hand_score = [0, 0]
            if made:
                hand_score[ours] = taken
                hand_score[theirs] = self.points[theirs]
            else:
                hand_score[theirs] = value + self.points[theirs]
            self.outcome = {"made": made, "score": hand_score, "next_dealer": self.next_dealer()}
            self.score = [self.score_before[i] + hand_score[i] for i in range(2)]
            reached = [i for i in range(2) if self.score[i] >= GAME_POINTS]
            if len(reached) == 2:
                self.winner = ours
            elif reached:
                self.winner = reached[0]
            return
        value = self.contract.get("marks", 1)  # R-CONTRACT-POINTS, R-CONTRACT-MARKS
        award = [0, 0]
        award[ours if made else theirs] = value  # R-AWARD
        self.outcome = {"made": made, "marks": award, "next_dealer": self.next_dealer()}
        self.marks = [self.marks_before[i] + award[i] for i in range(2)]
        reached = [i for i in range(2) if self.marks[i] >= GAME_MARKS]  # R-GAME
        if reached:
            self.winner = reached[0]

    # -- output --------------------------------------------------------------------------------

    def output(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "results": results,
            "status": self.status,
            "to_act": self.to_act,
            "contract": dict(self.contract) if self.contract else None,
            "trump": self.trump,
            "piles": self.piles,
            "tricks": self.tricks,
            "points": list(self.points),
            "hands": [[tile_name(t) for t in hand] for hand in self.hands],
            "outcome": self.outcome,
            "marks": list(self.marks),
            "winner": self.winner,
        }
        if self.options["points_game"]:
            out["score"] = list(self.score)
        return out


def new_hand(scenario: dict[str, Any]) -> HandState:
    """Validate `scenario` and deal its hand (no action applied yet)."""
    options = validate(scenario)
    hands = [[parse_tile(name) for name in hand] for hand in scenario["hands"]]
    return HandState(
        scenario["dealer"],
        hands,
        scenario.get("marks", [0, 0]),
        options,
        scenario.get("score", [0, 0]),
    )


def variant_of(scenario: Any) -> str:
    """REPLAY.md "Variants": the game a document names; absent or null is "42"."""
    if not isinstance(scenario, dict):
        raise Malformed("the input must be a JSON object")
    name = scenario.get("variant")
    if name is None:
        return "42"
    if not isinstance(name, str) or name not in VARIANT_NAMES:
        raise Malformed(f"unknown variant {name!r}")
    return name


def run_actions(state: Any, actions: list[Any]) -> list[dict[str, Any]]:
    """Each action applied in turn to ``state`` (42's hand or a variant's): its result entry,
    a refusal's with the reason (R-ILLEGAL: a refused action changes nothing)."""
    results: list[dict[str, Any]] = []
    for action in actions:
        try:
            state.apply(action)
        except Refused as refusal:
            results.append({"ok": False, "reason": str(refusal)})
        else:
            results.append({"ok": True})
    return results


def replay_42(scenario: dict[str, Any]) -> dict[str, Any]:
    """The output object REPLAY.md specifies for one scenario of 42; raises Malformed (or
    Unspecified for input the documents leave open)."""
    state = new_hand(scenario)
    return state.output(run_actions(state, scenario.get("actions", [])))
