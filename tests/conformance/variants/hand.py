"""One hand of a variant (`VariantHand`) from the deal to its end, one action at a time:
the auction, the leftover step, trump, play and scoring, and the legal actions at each step."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.conformance.reference import Refused, Tile, is_double, tile_name
from tests.conformance.variants.games import LOW_LEADS, WATER, Variant, parse_variant_tile
from tests.conformance.variants.tricks import VariantTricks
from tests.conformance.variants.validation import classify_bid


def geezer_order(bid: dict[str, Any]) -> float:
    """V-GEEZER-AUCTION, reading: 39 < ... < 45 < 1 mark < 46 < ... < 53 < 2 marks < 3 marks."""
    if "points" in bid:
        return float(bid["points"])
    marks = bid["marks"]
    return 45.5 if marks == 1 else 53.0 + marks


class VariantHand:
    """One hand of a variant from the deal to its end, following the actions one at a time."""

    def __init__(
        self,
        variant: Variant,
        dealer: int,
        hands: list[list[Tile]],
        leftover: list[Tile],
        totals: list[int],
    ) -> None:
        self.v = variant
        self.dealer = dealer
        self.hands = [list(hand) for hand in hands]
        self.leftover = list(leftover)
        self.totals_before = list(totals)
        self.totals = list(totals)  # marks or score, as the game keeps them
        self.discards: list[list[Tile]] = [[] for _ in range(variant.seats)]
        # Auction.
        self.status = "auction"
        self.to_act: int | None = (dealer + 1) % variant.seats
        self.spoken = 0  # one round: how many have spoken
        self.passed: set[int] = set()  # the Big Game: who is out of the auction
        self.high_points: int | None = None
        self.high_marks: int | None = None
        self.moon: str | None = None  # "moon" or "over_moon" once bid
        self.best: tuple[int, dict[str, Any]] | None = None
        self.contract: dict[str, Any] | None = None
        # Trump and play.
        self.trump: str | None = None
        self.piles: int | None = None
        self.rules: VariantTricks | None = None
        self.leader: int | None = None
        self.current: list[tuple[int, Tile, bool]] = []  # (seat, tile, announced low)
        self.tricks: list[dict[str, Any]] = []
        self.points = [0] * variant.sides()
        self.tricks_won = [0] * variant.seats
        # End.
        self.outcome: dict[str, Any] | None = None
        self.winner: int | None = None

    # -- sides ---------------------------------------------------------------------------------

    def declarer(self) -> int:
        assert self.contract is not None
        return int(self.contract["declarer"])

    def declares(self, seat: int) -> bool:
        """Whether `seat` is on the declaring side (V-GEN-SEATS: alone in a game each for
        oneself, the others defending together)."""
        return self.v.side_of(seat) == self.v.side_of(self.declarer())

    def declarers_points(self) -> int:
        return self.points[self.v.side_of(self.declarer())]

    def defenders_points(self) -> int:
        return sum(self.points) - self.declarers_points()

    def declarers_tricks(self) -> int:
        return sum(n for seat, n in enumerate(self.tricks_won) if self.declares(seat))

    def is_marks_contract(self) -> bool:
        return self.contract is not None and "marks" in self.contract

    def doubles_held(self, seat: int) -> int:
        return sum(1 for tile in self.hands[seat] if is_double(tile))

    # -- what is legal now (for generating scenarios) -----------------------------------------

    def candidate_bids(self, seat: int) -> list[dict[str, Any]]:
        """Bids worth trying: every legal one is among them."""
        bids: list[dict[str, Any]] = [{"points": n} for n in self.v.points_bids]
        top = (self.high_marks or 0) + 1
        bids += [{"marks": n} for n in sorted({1, 2, top})]
        bids += [{"moon": True}, {"over_moon": True}]
        for name, (_, least) in WATER.items():
            bids.append({"marks": max(least, top), "water": name})
        return [bid for bid in bids if self._bid_problem(seat, bid) is None]

    def legal_actions(self) -> list[dict[str, Any]]:
        """Every legal action now, each a full action object (seat included)."""
        if self.status == "over" or self.to_act is None:
            return []
        seat = self.to_act
        found: list[dict[str, Any]] = []
        if self.status == "auction":
            found.append({"seat": seat, "action": "pass"})
            for bid in self.candidate_bids(seat):
                found.append({"seat": seat, "action": "bid", **bid})
        elif self.status == "leftover":
            for take in (True, False):
                action = {"seat": seat, "action": "leftover", "take": take}
                if self._leftover_problem(action) is None:
                    found.append(action)
        elif self.status == "discard":
            hand = self.hands[seat]
            if self.v.name == "72":
                faces = sorted(set(hand))
                for i, first in enumerate(faces):
                    for second in faces[i:]:
                        action = {
                            "seat": seat,
                            "action": "discard",
                            "tiles": [tile_name(first), tile_name(second)],
                        }
                        if self._discard_problem(action) is None:
                            found.append(action)
            else:
                for tile in sorted(set(hand)):
                    action = {"seat": seat, "action": "discard", "tile": tile_name(tile)}
                    if self._discard_problem(action) is None:
                        found.append(action)
        elif self.status == "trump":
            names = [str(s) for s in sorted(self.v.suits())] + ["doubles", "none"]
            for name in names:
                action = {"seat": seat, "action": "trump", "trump": name}
                if self.needs_piles():
                    found += [{**action, "piles": 1}, {**action, "piles": 2}]
                else:
                    found.append(action)
        else:
            lead = not self.current
            for tile in sorted(set(self.playable(seat, low=False))):
                found.append({"seat": seat, "action": "play", "tile": tile_name(tile)})
                if lead and self._low_lead_problem(seat, tile) is None:
                    found.append(
                        {"seat": seat, "action": "play", "tile": tile_name(tile), "suit": "low"}
                    )
        return found

    def playable(self, seat: int, low: bool) -> list[Tile]:
        assert self.rules is not None
        if self.current:
            lead, announced = self.current[0][1], self.current[0][2]
            return self.rules.playable(self.hands[seat], lead, announced)
        return self.rules.playable(self.hands[seat], None, low)

    # -- actions -------------------------------------------------------------------------------

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one well-formed action, or raise Refused and change nothing."""
        seat = action["seat"]
        kind = action["action"]
        if self.status == "over":
            raise Refused("the hand is over")
        phase = {
            "bid": "auction",
            "pass": "auction",
            "leftover": "leftover",
            "discard": "discard",
            "trump": "trump",
            "play": "play",
        }[kind]
        if phase != self.status:
            raise Refused(f"a {kind} is not possible now ({self.status})")
        if seat != self.to_act:
            raise Refused(f"it is seat {self.to_act}'s turn")
        if kind == "pass":
            self._speak(seat, None)
        elif kind == "bid":
            bid = self._bid_of(action)
            problem = self._bid_problem(seat, bid)
            if problem:
                raise Refused(problem)
            self._speak(seat, bid)
        elif kind == "leftover":
            problem = self._leftover_problem(action)
            if problem:
                raise Refused(problem)
            self._take_or_leave(action["take"])
        elif kind == "discard":
            problem = self._discard_problem(action)
            if problem:
                raise Refused(problem)
            self._discard(seat, self._discarded_tiles(action))
        elif kind == "trump":
            problem = self._trump_problem(action)
            if problem:
                raise Refused(problem)
            self._name_trump(seat, action)
        else:
            self._play(seat, action)

    # Auction (R-AUCTION, R-BID-POINTS, R-BID-MARKS and each variant's -AUCTION rule)

    @staticmethod
    def _bid_of(action: dict[str, Any]) -> dict[str, Any]:
        """The bid as its contract will read (`classify_bid` succeeded during validation)."""
        kind, value = classify_bid(action) or ("", None)
        if kind in ("moon", "over_moon"):
            return {kind: True}
        if kind == "water":
            return {"marks": value[0], "water": value[1]}
        if kind == "house":
            return {"marks": action["marks"], value: True}
        return {kind: value}

    def _bid_problem(self, seat: int, bid: dict[str, Any]) -> str | None:
        v = self.v
        if "splash" in bid or "plunge" in bid:
            return "Splash and Plunge are not played in this game"  # V-GEN-POINTS
        if "moon" in bid or "over_moon" in bid:
            if v.name != "moon":
                return "only Moon has moon bids"  # V-GEN-POINTS
            if "moon" in bid:
                return "a moon already stands" if self.moon else None
            return None if self.moon == "moon" else "over the moon is bid only over a moon"
        if "water" in bid:
            if v.name != "geezer":
                return "only Geezer has water bids"  # V-GEN-POINTS
            need, least = WATER[bid["water"]]  # V-GEEZER-WATER
            if self.doubles_held(seat) < need:
                return f"{bid['water']} needs at least {need} doubles"
            if bid["marks"] != max(least, (self.high_marks or 0) + 1):
                return f"wrong {bid['water']} value"
            return None
        if "points" in bid:
            n = bid["points"]
            if v.name == "moon" and self.moon:
                return "a moon stands: only over the moon or a pass"  # V-MOON-AUCTION
            if n not in v.points_bids:
                return f"a points bid is one of {v.points_bids[0]}..{v.points_bids[-1]}"
            if self.high_points is not None and n <= self.high_points:
                return f"a points bid must be higher than {self.high_points}"
            if v.name == "geezer":
                if self.best is not None and geezer_order(bid) <= geezer_order(self.best[1]):
                    return "a points bid must beat the standing bid"  # V-GEEZER-AUCTION
            elif self.high_marks is not None:
                return "a marks bid stands: only a higher marks bid or a pass"  # R-BID-MARKS
            return None
        n = bid["marks"]
        if not v.marks_bids:
            return "this game has no marks bids"  # V-MOON-AUCTION
        if self.high_marks is None:
            if n not in (1, 2):
                return "the first marks bid is 1 or 2"
        elif n != self.high_marks + 1:
            return f"the next marks bid is {self.high_marks + 1}"
        # Reading (V-GEEZER-AUCTION): a marks bid, too, must beat the standing bid, so after 47
        # the first marks bid can only be 2.
        if (
            v.name == "geezer"
            and self.best is not None
            and geezer_order(bid) <= geezer_order(self.best[1])
        ):
            return "a marks bid must beat the standing bid"
        return None

    def _speak(self, seat: int, bid: dict[str, Any] | None) -> None:
        """Record a pass (None) or a legal bid, then find who speaks next or end the auction."""
        if bid is None:
            self.passed.add(seat)
        else:
            if "points" in bid:
                self.high_points = bid["points"]
            elif "marks" in bid:
                self.high_marks = bid["marks"]
            else:
                self.moon = "moon" if "moon" in bid else "over_moon"
            self.best = (seat, bid)
        self.spoken += 1
        seats = self.v.seats
        if self.v.name == "big":  # V-BIG-AUCTION: round and round, passed players skipped
            if self.best is None and len(self.passed) == seats:
                self._all_passed()
                return
            if self.best is not None and len(self.passed) == seats - 1:
                self._auction_won()
                return
            following = (seat + 1) % seats
            while following in self.passed:
                following = (following + 1) % seats
            self.to_act = following
            return
        if self.spoken < seats:  # R-AUCTION: one round
            self.to_act = (self.dealer + 1 + self.spoken) % seats
        elif self.best is None:
            self._all_passed()
        else:
            self._auction_won()

    def next_dealer(self) -> int:
        return (self.dealer + 1) % self.v.seats  # R-DEALER

    def _all_passed(self) -> None:
        """R-ALLPASS (and V-MOON-ALLPASS): nobody scores, the next seat deals."""
        self.status = "over"
        self.to_act = None
        key = "score" if self.v.scored_in == "points" else "marks"
        self.outcome = {
            "redeal": True,
            key: [0] * self.v.sides(),
            "next_dealer": self.next_dealer(),
        }
        self._decide_winner()

    def _auction_won(self) -> None:
        assert self.best is not None
        seat, bid = self.best
        self.contract = {"declarer": seat, **bid}  # R-DECLARER
        self.to_act = seat
        if self.v.name in ("moon", "140"):  # V-MOON-WIDOW, V-140-BONEYARD
            self.hands[seat] += self.leftover
            self.status = "discard"
        elif self.v.name == "big":  # V-BIG-LEFTOVER
            self.status = "leftover"
        else:
            self.status = "trump"
            if "water" in bid:  # V-GEEZER-WATER: as H-PLUNGE, the partner names trump
                self.to_act = self.v.partner_of(seat)

    # The leftover (V-BIG-LEFTOVER) and the discards (V-MOON-WIDOW, V-140-BONEYARD, V-72-WIDOW)

    def _leftover_problem(self, action: dict[str, Any]) -> str | None:
        if not action["take"] and self.v.counters.get(self.leftover[0], 0):
            return "a counter in the leftover must be taken"
        return None

    def _take_or_leave(self, take: bool) -> None:
        if take:
            self.hands[self.declarer()] += self.leftover
            self.status = "discard"
        else:
            self.status = "trump"

    def _discarded_tiles(self, action: dict[str, Any]) -> list[Tile]:
        names = action["tiles"] if self.v.name == "72" else [action["tile"]]
        return [parse_variant_tile(self.v, name) for name in names]

    def _discard_problem(self, action: dict[str, Any]) -> str | None:
        want, other = ("tiles", "tile") if self.v.name == "72" else ("tile", "tiles")
        if action.get(want) is None:
            return f"a discard here gives {want!r}"
        if action.get(other) is not None:
            return f"a discard here gives {want!r}, not {other!r}"
        if want == "tiles" and len(action["tiles"]) != 2:
            return "72 discards exactly two tiles"
        tiles = self._discarded_tiles(action)
        hand = Counter(self.hands[self.declarer()])
        if any(n > hand[tile] for tile, n in Counter(tiles).items()):
            return "the declarer does not hold that"  # a face twice needs both copies
        counters = self.v.counters
        if self.v.name in ("big", "140"):
            tile = tiles[0]
            every_tile_counts = all(counters.get(t, 0) for t in self.hands[self.declarer()])
            if counters.get(tile, 0) and not (self.v.name == "140" and every_tile_counts):
                return "a counter may not be discarded"  # V-BIG-LEFTOVER, V-140-BONEYARD
        if self.v.name == "72":  # V-72-WIDOW
            assert self.rules is not None
            rules = self.rules

            def plain(tile: Tile) -> bool:
                return not rules.is_trump(tile) and not counters.get(tile, 0)

            held_plain = sum(1 for t in self.hands[self.declarer()] if plain(t))
            if sum(1 for t in tiles if plain(t)) < min(held_plain, 2):
                return "discard tiles that are neither trumps nor counters first"
        return None

    def _discard(self, seat: int, tiles: list[Tile]) -> None:
        # Reading (V-72-WIDOW): "discards" lists 72's two tiles in the order the action gives.
        for tile in tiles:
            self.hands[seat].remove(tile)  # the copy held first (R-ORDER)
            self.discards[seat].append(tile)
        if self.v.name == "72":
            # V-72-WIDOW: a discarded counter's points go to the defenders as if captured.
            # Reading: "as if captured" puts them in the defenders' `points`, the hand points
            # the output reports. V-72-SCORE: R-EARLY-END is checked at once.
            given = sum(self.v.counters.get(tile, 0) for tile in tiles)
            defenders = 1 - self.v.side_of(self.declarer())
            self.points[defenders] += given
            self.status = "play"
            self.leader = seat
            self.to_act = seat
            self._check_end(None)
        else:
            self.status = "trump"

    # Trump (R-TRUMP-CHOICE, V-GEN-SUITS, R-PILES)

    def needs_piles(self) -> bool:
        """R-PILES on a marks contract; Moon names trump without piles (V-MOON-WIDOW)."""
        return self.v.name != "moon" and self.is_marks_contract()

    def _trump_problem(self, action: dict[str, Any]) -> str | None:
        name = action["trump"]
        if name in ("nello", "sevens"):
            # VARIANTS.md: a variant offers no house rule, so these are refused like a house
            # rule switched off.
            return "house rules are not played in this game"
        # Reading (V-GEN-SUITS): a number names a suit only when the set holds it, so "0" is
        # refused in 72 and "7" in a double-six game.
        if name not in ("doubles", "none") and int(name) not in self.v.suits():
            return f"there is no suit {name} in this set"
        if self.needs_piles():
            if action.get("piles") not in (1, 2):
                return "a marks contract needs piles 1 or 2"
        elif "piles" in action:
            return "this contract has no piles"
        return None

    def _name_trump(self, seat: int, action: dict[str, Any]) -> None:
        self.trump = action["trump"]
        self.piles = action.get("piles")
        self.rules = VariantTricks(self.trump, self.v.top)
        if self.v.name == "72":  # V-72-WIDOW: trump first, then the widow and the discard
            self.hands[self.declarer()] += self.leftover
            self.status = "discard"
            self.to_act = self.declarer()
            return
        self.status = "play"
        self.leader = seat  # R-DECLARER; the partner after a water bid (V-GEEZER-WATER)
        self.to_act = seat

    # Play

    def _low_lead_problem(self, seat: int, tile: Tile) -> str | None:
        """V-BIG-LEAD-LOW: only the Big Game, only a lead of [3|7] or [2|8] that is not trump."""
        assert self.rules is not None
        if self.v.name != "big":
            return "only the Big Game announces a suit"
        if self.current:
            return "only a lead announces its suit"
        if tile not in LOW_LEADS:
            return "only [3|7] and [2|8] may lead their lower end"
        if self.rules.is_trump(tile):
            return "a trump leads trump"
        return None

    def _play(self, seat: int, action: dict[str, Any]) -> None:
        tile = parse_variant_tile(self.v, action["tile"])
        suit = action.get("suit")  # null counts as absent
        low = False
        if suit is not None:
            if suit != "low":
                raise Refused(f"unknown suit announcement {suit!r}")
            problem = self._low_lead_problem(seat, tile)
            if problem:
                raise Refused(problem)
            low = True
        if tile not in self.hands[seat]:
            raise Refused(f"seat {seat} does not hold {tile_name(tile)}")
        if tile not in self.playable(seat, low):
            raise Refused(f"seat {seat} must follow suit")
        self.hands[seat].remove(tile)
        self.current.append((seat, tile, low))
        if len(self.current) < self.v.seats:
            self.to_act = (seat + 1) % self.v.seats
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        assert self.rules is not None and self.leader is not None
        tiles = [tile for _, tile, _ in self.current]
        low = self.current[0][2]
        winner = self.current[self.rules.winning_index(tiles, low)][0]
        points = self.v.trick_value + sum(self.v.counters.get(t, 0) for t in tiles)
        plays = []
        for seat, tile, announced in self.current:
            play: dict[str, Any] = {"seat": seat, "tile": tile_name(tile)}
            if announced:
                play["suit"] = "low"
            plays.append(play)
        self.tricks.append(
            {"leader": self.leader, "plays": plays, "winner": winner, "points": points}
        )
        self.points[self.v.side_of(winner)] += points
        self.tricks_won[winner] += 1
        self.current = []
        self.leader = winner  # R-LEAD
        self.to_act = winner
        self._check_end(winner)

    # The end of the hand and its score

    def _check_end(self, trick_winner: int | None) -> None:
        """When the hand is decided; `trick_winner` is None right after 72's discard."""
        assert self.contract is not None
        v = self.v
        every_trick = len(self.tricks) == v.hand_size
        if v.name == "moon":
            if "points" in self.contract:  # V-MOON-END: a number bid plays all seven
                if every_trick:
                    self._finish(self.tricks_won[self.declarer()] >= self.contract["points"])
            elif trick_winner is not None and trick_winner != self.declarer():
                self._finish(False)
            elif every_trick:
                self._finish(True)
            return
        if v.name in ("big", "140"):  # V-BIG-SCORE, V-140-SCORE: every trick is played
            if every_trick:
                if "points" in self.contract:
                    self._finish(self.declarers_points() >= self.contract["points"])
                else:
                    self._finish(self.declarers_tricks() == v.hand_size)
            return
        # R-EARLY-END with the variant's total (V-THREE-CONTRACT, V-GEEZER-SCORE, V-72-SCORE,
        # V-84-SCORE).
        if "points" in self.contract:
            bid = self.contract["points"]
            if self.declarers_points() >= bid:
                self._finish(True)
            elif self.defenders_points() > v.total_points() - bid:
                self._finish(False)
        elif trick_winner is not None and not self.declares(trick_winner):
            self._finish(False)
        elif every_trick:
            self._finish(True)

    def _finish(self, made: bool) -> None:
        assert self.contract is not None
        self.status = "over"
        self.to_act = None
        if self.v.scored_in == "marks":
            hand = self._marks_award(made)
            key = "marks"
        else:
            hand = self._points_score(made)
            key = "score"
        self.outcome = {"made": made, key: hand, "next_dealer": self.next_dealer()}
        self.totals = [before + won for before, won in zip(self.totals_before, hand, strict=True)]
        self._decide_winner()

    def _marks_award(self, made: bool) -> list[int]:
        """R-AWARD; V-THREE-AWARD, reading: a set contract gives its marks to each defender."""
        value = self.contract["marks"] if self.is_marks_contract() else 1  # type: ignore[index]
        award = [0] * self.v.sides()
        declaring = self.v.side_of(self.declarer())
        for side in range(self.v.sides()):
            if (side == declaring) == made:
                award[side] = value
        return award

    def _points_score(self, made: bool) -> list[int]:
        """V-MOON-SCORE, V-BIG-SCORE, V-140-SCORE: what each side scores for this hand."""
        assert self.contract is not None
        v = self.v
        declaring = v.side_of(self.declarer())
        score = list(self.points)  # every side scores what it took, unless said otherwise
        if v.name == "moon":
            if "points" in self.contract:
                n = self.contract["points"]
                score[declaring] = self.tricks_won[self.declarer()] if made else -n
            else:
                value = 21 if "moon" in self.contract else 42
                score[declaring] = value if made else -value
            return score
        if "points" in self.contract:
            value = self.contract["points"]
        else:
            value = v.total_points() * self.contract["marks"]  # 66 x n, 140 x n
        if v.name == "big":
            if made:
                if "marks" in self.contract:
                    score[declaring] = value
            else:
                score[declaring] = 0
                score[1 - declaring] += value
            return score
        # 140: the declaring team scores its take (or 140 x n) when made, minus its bid when set.
        if made:
            if "marks" in self.contract:
                score[declaring] = value
        else:
            score[declaring] = -value
        return score

    def _decide_winner(self) -> None:
        """Each variant's -GAME rule; V-GEN-WINNER where none names the winner."""
        v = self.v
        reached = [side for side in range(v.sides()) if self.totals[side] >= v.target]
        if not reached:
            return
        if len(reached) == 1:
            self.winner = reached[0]
            return
        declaring = v.side_of(self.declarer()) if self.contract is not None else None
        if v.name in ("moon", "big", "140") and declaring in reached:
            # V-MOON-GAME: the declarer at 21 wins; V-BIG-GAME (reading), V-140-GAME: the
            # declarers when several reach the target together.
            self.winner = declaring
            return
        # V-MOON-GAME, V-THREE-GAME, V-140-GAME: the highest total; equal, another hand.
        best = max(self.totals[side] for side in reached)
        leaders = [side for side in reached if self.totals[side] == best]
        if len(leaders) == 1:
            self.winner = leaders[0]

    # -- output --------------------------------------------------------------------------------

    def output(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        """REPLAY.md "Variants", Output. Reading: "discards" is there in every variant, one
        (possibly empty) list per seat, also in the games without a discard (three, Geezer, 84)."""
        key = "score" if self.v.scored_in == "points" else "marks"
        return {
            "results": results,
            "status": self.status,
            "to_act": self.to_act,
            "contract": dict(self.contract) if self.contract else None,
            "trump": self.trump,
            "piles": self.piles,
            "tricks": self.tricks,
            "points": list(self.points),
            "hands": [[tile_name(t) for t in hand] for hand in self.hands],
            "discards": [[tile_name(t) for t in pile] for pile in self.discards],
            "outcome": self.outcome,
            key: list(self.totals),
            "winner": self.winner,
        }
