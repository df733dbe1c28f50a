"""``python -m engine.play``: a game of 42 at the terminal, you and a computer partner against two
computer opponents, the quickest way to try the game and the players without Discord.

You sit South; your partner is North. You see your own hand and the table, and nothing else
(R-SEE-*): the auction, the contract and trump, the trick in progress with who played what, the
captured tiles the rules show, the marks. You answer each prompt with a number: a bid (30-41,
``1m``/``2m`` for marks, or ``p`` to pass), a trump from the list, or the position of a tile in your
hand. Anything the rules refuse is refused with the engine's reason, and you try again.

``--variant`` plays another game of the family (VARIANTS.md) with computer players in every
other seat: bids as the game has them (``moon``, ``over``, ``2m dip``…), ``y``/``n`` for the Big
Game's leftover, tile positions to discard, and a tile position with ``low`` to lead [3|7] or
[2|8] by its lower end.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
from collections.abc import Sequence
from typing import TextIO

from ..actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from ..errors import RuleError
from ..game import Game
from ..hand import Phase
from ..observation import HandSummary, Observation, Pile, observe, summarize
from ..players import Policy, load_policy
from ..records import Contract
from ..seats import SEATS, Seat, Team, seat_title
from ..trumps import Trump
from ..variants import FORTY_TWO, VARIANTS, Variant

STRONG = "engine.players.strong:decide"


class Quit(Exception):
    """The player left the table (end of input, or ``q``)."""


class Table:
    """One person at a terminal, the three other seats played by policies."""

    def __init__(self, game: Game, seat: Seat, policies: dict[Seat, Policy], seed: str,
                 stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.seat = seat
        self.policies = policies
        self.rngs = {s: random.Random(f"{seed}:computer:{int(s)}") for s in policies}
        self.stdin = stdin
        self.stdout = stdout

    # ----- output ---------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    @property
    def variant(self) -> Variant:
        return self.game.variant

    @property
    def us(self) -> Team:
        return self.variant.seating.side_of[self.seat]

    def who(self, seat: Seat) -> str:
        if seat == self.seat:
            return "You"
        if seat in self.variant.seating.partners(self.seat):
            return f"{seat_title(seat)} (partner)"
        return seat_title(seat)

    def team_name(self, team: Team) -> str:
        if team == self.us:
            return "you"
        seating = self.variant.seating
        if seating.side_count == 2:
            return "them"
        return " & ".join(seat_title(s) for s in seating.members[team])

    def by_side(self, values: Sequence[int]) -> str:
        """``you 3, them 2`` (or each other side by name)."""
        sides = self.variant.seating.sides
        return ", ".join(f"{self.team_name(side)} {values[side]}"
                         for side in sorted(sides, key=lambda side: side != self.us))

    def show_table(self, observation: Observation) -> None:
        """The table as this seat may see it, before it is asked to act."""
        standing = observation.standing
        in_points = standing.goal.in_points
        self.say()
        self.say(f"Hand {observation.hand_number} · dealer {self.who(observation.dealer)} · "
                 f"{'points' if in_points else 'marks'}: {self.by_side(standing.totals)} "
                 f"(first to {standing.goal.target})")
        if observation.contract is not None:
            self.say("Contract: " + self.contract_text(observation.contract, observation))
        if observation.phase is Phase.PLAY:
            self.show_play(observation)
        hand = "  ".join(f"{i}) {t.label}" for i, t in enumerate(observation.hand, 1))
        self.say(f"Your hand: {hand}")
        if observation.leftover:
            self.say("Leftover (you alone see it): "
                     + " ".join(t.label for t in observation.leftover))
        if observation.phase is Phase.TRUMP and observation.seat == observation.to_act:
            trumps = _trump_choices(observation)
            self.say("Trumps: " + "  ".join(f"{i}) {t.title}" for i, t in enumerate(trumps, 1)))

    def contract_text(self, contract: Contract, observation: Observation) -> str:
        text = f"{self.who(contract.declarer)} bid {contract.bid.title}"
        if observation.trump is not None:
            text += f", trump {observation.trump.title}"
        if observation.piles is not None:
            text += f", {observation.piles} pile{'s' if observation.piles > 1 else ''} face up"
        return text

    def show_play(self, observation: Observation) -> None:
        us = self.us
        line = f"Tricks won: {self.by_side(observation.tricks_won)}"
        if observation.points is not None:
            line += f" · points: {self.by_side(observation.points)}"
        needs = observation.needs
        contract = observation.contract
        if needs is not None and contract is not None:
            if self.variant.seating.side_of[contract.declarer] == us:
                line += f" · you need {needs[0]} more, they set you with {needs[1]} more"
            else:
                line += f" · they need {needs[0]} more, you set them with {needs[1]} more"
        self.say(line)
        for pile in observation.captured:
            if pile.tiles:
                tiles = " ".join(t.label for t in pile.tiles)
                self.say(f"Captured by {self.team_name(pile.team)}: {tiles}")
        if observation.trick:
            plays = " · ".join(f"{self.who(s)} {t.label}" for s, t in observation.trick)
            self.say(f"Trick {observation.trick_number}: {plays}")
        else:
            self.say(f"Trick {observation.trick_number}: you lead")

    def narrate(self, before: Observation, seat: Seat, action: Action) -> None:
        """What the table saw happen, read from what this seat may see: the action, a trick
        taken, and a hand's result once it is public (R-REVIEW)."""
        self.say(f"{self.who(seat)}: {self.action_text(action)}")
        game = self.game
        if game.hand_number != before.hand_number or game.is_over:
            summary = summarize(game)
            assert summary is not None
            if sum(summary.tricks_won) > sum(before.tricks_won) and summary.last_trick:
                self.say_trick(sum(summary.tricks_won), summary.last_trick, None)
            self.say_result(summary)
            return
        now = observe(game, self.seat)
        if sum(now.tricks_won) > sum(before.tricks_won) and now.last_trick is not None:
            self.say_trick(sum(now.tricks_won), now.last_trick, now.to_act)

    def say_trick(self, number: int, pile: Pile, leader: Seat | None) -> None:
        """A trick taken: by whom (the winner leads next, R-LEAD) and for how many points."""
        variant = self.variant
        points = variant.trick_value + sum(variant.count[tile] for tile in pile.tiles)
        taker = self.who(leader) if leader is not None else self.team_name(pile.team)
        self.say(f"  {taker} won trick {number} ({points} point{'s' if points != 1 else ''})")

    def action_text(self, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Bid):
            return f"bids {action.title}"
        if isinstance(action, NameTrump):
            return f"names {action.title}"
        if isinstance(action, Play):
            return f"plays {action.title}"
        if isinstance(action, Discard):
            return f"discards {len(action.tiles)} tile{'s' if len(action.tiles) > 1 else ''}"
        return f"{'takes' if action.take else 'leaves'} the leftover"

    def say_result(self, summary: HandSummary) -> None:
        result = summary.result
        if result.redeal:
            self.say("Everybody passed: the deal moves on.")
            return
        contract = summary.contract
        assert contract is not None
        outcome = "made it" if result.made else "was set"
        standing = self.game.standing
        self.say(f"{self.who(contract.declarer)} bid {contract.bid.title} and {outcome}. "
                 f"{'Points' if standing.goal.in_points else 'Marks'}: "
                 f"{self.by_side(standing.totals)}.")

    # ----- input ----------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        print(prompt, end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        if not line:
            raise Quit
        answer = line.strip().lower()
        if answer in ("q", "quit", "exit"):
            raise Quit
        return answer

    def read_action(self, observation: Observation) -> Action | None:
        """The action the person typed, or ``None`` (after saying why) if it is not one."""
        if observation.phase is Phase.AUCTION:
            bids = self.variant.points_bids
            answer = self.ask(f"Your bid ({bids[0]}-{bids[-1]}, 1m or 2m for marks, p to "
                              "pass): " if self.variant is FORTY_TWO else
                              f"Your bid ({_bid_choices(observation)}): ")
            action = parse_bid(answer)
            if action is None:
                self.say("Type a bid such as 30 or 2m, or p to pass.")
            return action
        if observation.phase is Phase.LEFTOVER:
            answer = self.ask("Take the leftover tile? (y/n): ")
            return Leftover(answer.startswith("y"))
        if observation.phase is Phase.DISCARD:
            count = len(next(a for a in observation.legal if isinstance(a, Discard)).tiles)
            words = self.ask(f"Discard {count} (position{'s' if count > 1 else ''} in your "
                             "hand): ").split()
            picks = [_number(word, len(observation.hand)) for word in words]
            if len(picks) != count or None in picks:
                self.say(f"Type {count} position{'s' if count > 1 else ''} in your hand.")
                return None
            return Discard(tuple(observation.hand[i] for i in picks if i is not None))
        if observation.phase is Phase.TRUMP:
            trumps = _trump_choices(observation)
            index = _number(self.ask("Name trump (its number): "), len(trumps))
            if index is None:
                self.say(f"Type a number from 1 to {len(trumps)}.")
                return None
            if not any(a.piles for a in observation.legal if isinstance(a, NameTrump)):
                return NameTrump(trumps[index])
            piles = self.ask("Tricks left face up, 1 or 2 (R-PILES): ")
            if not piles.isdigit():
                self.say("Type 1 or 2.")
                return None
            return NameTrump(trumps[index], int(piles))
        typed = self.ask("Play a tile (its number in your hand): ").split()
        index = _number(typed[0] if typed else "", len(observation.hand))
        if index is None:
            self.say(f"Type a number from 1 to {len(observation.hand)}.")
            return None
        return Play(observation.hand[index].face, low=typed[1:] == ["low"])

    # ----- the game -------------------------------------------------------------------------

    def run(self) -> Team:
        """Play until the game is won; returns the winning team."""
        shown: tuple[int, int] | None = None
        while not self.game.is_over:
            seat = self.game.to_act
            assert seat is not None
            observation = observe(self.game, seat)
            if seat == self.seat:
                moment = (self.game.hand_number, len(self.game.hand.actions))
                if moment != shown:
                    self.show_table(observe(self.game, self.seat))
                    shown = moment
                action = self.read_action(observation)
                if action is None:
                    continue
            else:
                action = self.policies[seat](observation, self.rngs[seat])
            before = observe(self.game, self.seat)
            try:
                self.game = self.game.apply(seat, action)
            except RuleError as error:
                self.say(f"Not allowed: {error.message}")
                continue
            self.narrate(before, seat, action)
        winner = self.game.winner
        assert winner is not None
        seating = self.variant.seating
        who = ("you win" if not seating.has_teams else "you and your partner win"
               ) if winner == self.us else f"{self.team_name(winner)} win"
        self.say(f"Game over: {who}, {self.by_side(self.game.standing.totals)}.")
        return winner


def parse_bid(text: str) -> Action | None:
    """``p``/``pass``, a points bid ``30``..``41``, or a marks bid ``1m``, ``2m``… (R-BID-*);
    ``moon`` and ``over`` (V-MOON-AUCTION), ``2m dip`` and the like (V-GEEZER-WATER).

    >>> [str(parse_bid(text)) for text in ("p", "31", "2m", "x", "moon", "3m dive")]
    ['pass', 'bid:31', 'bid:2m', 'None', 'bid:moon', 'bid:3m:dive']
    """
    words = text.strip().lower().split()
    if words in (["p"], ["pass"]):
        return Pass()
    if words in (["moon"], ["over"]):
        return Bid(kind=BidKind.MOON if words == ["moon"] else BidKind.OVER_MOON)
    try:
        if len(words) == 2 and words[0].endswith("m"):
            return Bid(marks=int(words[0][:-1]), kind=BidKind(words[1]))
        if len(words) != 1:
            return None
        if words[0].endswith("m"):
            return Bid(marks=int(words[0][:-1]))
        return Bid(points=int(words[0]))
    except ValueError:
        return None


def _bid_choices(observation: Observation) -> str:
    """The calls open now, as they are typed."""
    texts = []
    for action in observation.legal:
        if isinstance(action, Pass):
            texts.append("p")
        elif isinstance(action, Bid):
            texts.append(action.title.lower().replace(" (", " ").rstrip(")")
                         .replace(" marks", "m").replace(" mark", "m").replace("over the moon",
                                                                                "over"))
    return ", ".join(texts)


def _trump_choices(observation: Observation) -> list[Trump]:
    """The trumps the declarer may name (R-TRUMP-CHOICE), each once, in the engine's order."""
    return list(dict.fromkeys(a.trump for a in observation.legal if isinstance(a, NameTrump)))


def _number(text: str, count: int) -> int | None:
    """The 0-based index of a 1-based choice among ``count``, or ``None``."""
    if text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    return None


SOUTH = SEATS[2]


def play(stdin: TextIO, stdout: TextIO, seed: str, partner: Policy, opponents: Policy,
         seat: Seat = SOUTH, variant: Variant = FORTY_TWO) -> Team | None:
    """A whole game with the person at ``seat``; ``None`` if they leave before the end."""
    seating = variant.seating
    partners = seating.partners(seat)
    policies = {s: (partner if s in partners else opponents) for s in seating.seats if s != seat}
    table = Table(Game.new(seed, variant=variant), seat, policies, seed, stdin, stdout)
    name = "Texas 42" if variant is FORTY_TWO else f"{variant.name} (42 family)"
    with_whom = (f"your partner is {' & '.join(seat_title(s) for s in partners)}" if partners
                 else "each for oneself")
    print(f"{name} · game {seed} · you are {seat_title(seat)}, {with_whom} · q quits", file=stdout)
    try:
        return table.run()
    except Quit:
        print("\nYou left the table.", file=stdout)
        return None


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.play", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--seed", help="the game's seed (default: a random one)")
    parser.add_argument("--partner", default=STRONG, help="your partner's policy")
    parser.add_argument("--opponents", default=STRONG, help="the opponents' policy")
    parser.add_argument("--variant", choices=list(VARIANTS), default="42",
                        help="the game played (default 42)")
    args = parser.parse_args(argv)
    try:
        partner = load_policy(args.partner)
        opponents = load_policy(args.opponents)
    except ValueError as error:
        parser.error(str(error))
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    play(stdin or sys.stdin, stdout or sys.stdout, seed, partner, opponents,
         variant=VARIANTS[args.variant])
    return 0


if __name__ == "__main__":
    sys.exit(main())
