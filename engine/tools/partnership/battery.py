"""The battery's positions and its file: what replays a position exactly, what is expected there.

A position is a decision in a game of 42 (straight 42, :meth:`engine.Game.new`): the game's seed
and the texts of every action accepted before it (``str(action)``, read back by
:func:`engine.parse_action`), so the seat sees exactly what it saw then. The file keeps one
position per line, keys sorted, so a reviewer can read it and a diff shows what changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ...actions import Action, parse_action
from ...game import Game
from ...seats import Seat

FORMAT = 2
"""The version of the battery file's layout."""


class Category(Enum):
    """A behaviour a human partner expects, in the order the report lists them."""

    KEEP_PARTNERS_TRICK = "keep_partners_trick"
    COUNT_TO_PARTNER = "count_to_partner"
    CHEAPEST_WINNER = "cheapest_winner"
    LEAD_BACK = "lead_back"
    NO_OUTBID_PARTNER = "no_outbid_partner"

    @property
    def expectation(self) -> str:
        """What counts as right, in a sentence (the battery file repeats it)."""
        return EXPECTATIONS[self]


EXPECTATIONS = {
    Category.KEEP_PARTNERS_TRICK:
        "the partner is winning the trick and no seat still to play can beat it (from this "
        "seat's view): any legal play that does not overtake or trump the partner's winner",
    Category.COUNT_TO_PARTNER:
        "as keep_partners_trick, holding a counter it can play without overtaking: a counter "
        "that does not overtake, of the highest count among those that cost the contract "
        "nothing on the real deal (any of them, if several share that count)",
    Category.CHEAPEST_WINNER:
        "an opponent is winning the trick and this seat plays last: win it with the lowest "
        "winner that is not a counter (the lowest winner, if every winner is one), with any "
        "lower winner (a counter), or with a trump interchangeable with that one (the same "
        "count, no tile this seat has not seen ranking between them), among the winners that "
        "cost the contract nothing on the real deal; the lowest winner must be one of those",
    Category.LEAD_BACK:
        "on lead while the partner is the declarer, holding a trump: any trump (the "
        "declarer's suit; who led earlier tricks is not shown, R-SEE-ANON)",
    Category.NO_OUTBID_PARTNER:
        "in the auction, the partner holds the high bid: pass",
}


@dataclass(frozen=True, slots=True)
class Position:
    """One decision of the battery and the actions right there (as texts, sorted)."""

    seed: str
    actions: tuple[str, ...]
    """Every action of the game before the decision, in order."""
    seat: Seat
    category: Category
    expected: tuple[str, ...]
    description: str
    """The hand, the trick and the contract in a line, for a reader of the file."""

    @property
    def key(self) -> str:
        """A name for the position, unique in a battery: its game and how far into it."""
        return f"{self.seed}@{len(self.actions)}"

    def replay(self) -> Game:
        """The game at the decision; ``RuleError`` or ``ValueError`` if an action does not
        replay, ``ValueError`` if it is not the seat's turn then."""
        game = Game.new(self.seed)
        for text in self.actions:
            seat = game.to_act
            if seat is None:
                raise ValueError(f"{self.key}: the game is over before {text!r}")
            game = game.apply(seat, parse_action(text))
        if game.to_act != self.seat:
            raise ValueError(f"{self.key}: seat {int(self.seat)} is not to act")
        return game

    def is_right(self, action: Action) -> bool:
        return str(action) in self.expected

    def to_json(self) -> dict[str, object]:
        return {"seed": self.seed, "actions": list(self.actions), "seat": int(self.seat),
                "category": self.category.value, "expected": list(self.expected),
                "description": self.description, "key": self.key}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Position:
        actions = data["actions"]
        expected = data["expected"]
        seat = data["seat"]
        assert isinstance(actions, list) and isinstance(expected, list)
        assert isinstance(seat, int)
        return cls(str(data["seed"]), tuple(str(a) for a in actions), Seat(seat),
                   Category(data["category"]), tuple(str(e) for e in expected),
                   str(data["description"]))


@dataclass(frozen=True, slots=True)
class Battery:
    """The positions, and how they were generated (what ``generate`` was told)."""

    positions: tuple[Position, ...]
    games: int
    seed: str
    policy: str

    def of(self, category: Category) -> list[Position]:
        return [p for p in self.positions if p.category is category]

    def dumps(self) -> str:
        """The file's text: a header, then one position per line, keys sorted."""
        about = {"format": FORMAT, "games": self.games, "seed": self.seed,
                 "policy": self.policy,
                 "expected": {c.value: c.expectation for c in Category}}
        lines = [json.dumps(p.to_json(), sort_keys=True) for p in self.positions]
        body = ",\n".join(lines)
        return (f'{{"about": {json.dumps(about, sort_keys=True)},\n'
                f'"positions": [\n{body}\n]}}\n')

    def save(self, path: Path) -> None:
        path.write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str) -> Battery:
        data = json.loads(text)
        about = data["about"]
        if about["format"] != FORMAT:
            raise ValueError(f"battery format {about['format']}, this engine reads {FORMAT}")
        return cls(tuple(Position.from_json(p) for p in data["positions"]), int(about["games"]),
                   str(about["seed"]), str(about["policy"]))

    @classmethod
    def load(cls, path: Path) -> Battery:
        return cls.loads(path.read_text(encoding="utf-8"))


def in_report_order(positions: Iterable[Position]) -> tuple[Position, ...]:
    """Positions grouped by category in the enum's order, each group as it was found."""
    order = {c: i for i, c in enumerate(Category)}
    return tuple(sorted(positions, key=lambda p: order[p.category]))


def texts(actions: Sequence[Action]) -> tuple[str, ...]:
    """Actions as the battery stores them, sorted."""
    return tuple(sorted(str(a) for a in actions))
