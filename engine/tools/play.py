"""``python -m engine.play``: a game of 42 at the terminal, you and a computer partner against two
computer opponents, the quickest way to try the game and the players without Discord.

You sit South; your partner is North. You see your own hand and the table, and nothing else
(R-SEE-*): the auction, the contract and trump, the trick in progress with who played what, the
captured tiles the rules show, the marks. You answer each prompt with a number: a bid (30-41,
``1m``/``2m`` for marks, or ``p`` to pass), a trump from the list, or the position of a tile in your
hand. Anything the rules refuse is refused with the engine's reason, and you try again.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
from collections.abc import Sequence
from typing import TextIO

from ..actions import Action, Bid, NameTrump, Pass, Play
from ..errors import RuleError
from ..game import Game
from ..hand import Phase
from ..observation import HandSummary, Observation, Pile, observe, summarize
from ..players import Policy, load_policy
from ..records import Contract
from ..seats import SEATS, Seat, Team
from ..trumps import Trump

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

    def who(self, seat: Seat) -> str:
        if seat == self.seat:
            return "You"
        if seat == self.seat.partner:
            return f"{seat.title} (partner)"
        return seat.title

    def team_name(self, team: Team) -> str:
        return "you" if team == self.seat.team else "them"

    def show_table(self, observation: Observation) -> None:
        """The table as this seat may see it, before it is asked to act."""
        marks = observation.marks
        us = self.seat.team
        self.say()
        self.say(f"Hand {observation.hand_number} · dealer {self.who(observation.dealer)} · "
                 f"marks: you {marks[us]}, them {marks[us.other]} (first to 7)")
        if observation.contract is not None:
            self.say("Contract: " + self.contract_text(observation.contract, observation))
        if observation.phase is Phase.PLAY:
            self.show_play(observation)
        hand = "  ".join(f"{i}) {t.label}" for i, t in enumerate(observation.hand, 1))
        self.say(f"Your hand: {hand}")
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
        us = self.seat.team
        won = observation.tricks_won
        line = f"Tricks won: you {won[us]}, them {won[us.other]}"
        if observation.points is not None:
            points = observation.points
            line += f" · points: you {points[us]}, them {points[us.other]}"
        needs = observation.needs
        if needs is not None and observation.contract is not None:
            if observation.contract.team == us:
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
        points = 1 + sum(tile.count for tile in pile.tiles)
        taker = self.who(leader) if leader is not None else self.team_name(pile.team)
        self.say(f"  {taker} won trick {number} ({points} point{'s' if points != 1 else ''})")

    def action_text(self, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Bid):
            return f"bids {action.title}"
        if isinstance(action, NameTrump):
            return f"names {action.title}"
        return f"plays {action.title}"

    def say_result(self, summary: HandSummary) -> None:
        result = summary.result
        if result.redeal:
            self.say("Everybody passed: the deal moves on.")
            return
        contract = summary.contract
        assert contract is not None
        us = self.seat.team
        outcome = "made it" if result.made else "was set"
        self.say(f"{self.who(contract.declarer)} bid {contract.bid.title} and {outcome}. "
                 f"Marks: you {self.game.marks[us]}, them {self.game.marks[us.other]}.")

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
            answer = self.ask("Your bid (30-41, 1m or 2m for marks, p to pass): ")
            action = parse_bid(answer)
            if action is None:
                self.say("Type a bid such as 30 or 2m, or p to pass.")
            return action
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
        index = _number(self.ask("Play a tile (its number in your hand): "),
                        len(observation.hand))
        if index is None:
            self.say(f"Type a number from 1 to {len(observation.hand)}.")
            return None
        return Play(observation.hand[index])

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
        who = "you and your partner win" if winner == self.seat.team else "they win"
        self.say(f"Game over: {who} {self.game.marks[winner]} to {self.game.marks[winner.other]}.")
        return winner


def parse_bid(text: str) -> Action | None:
    """``p``/``pass``, a points bid ``30``..``41``, or a marks bid ``1m``, ``2m``… (R-BID-*).

    >>> [str(parse_bid(text)) for text in ("p", "31", "2m", "x")]
    ['pass', 'bid:31', 'bid:2m', 'None']
    """
    text = text.strip().lower()
    if text in ("p", "pass"):
        return Pass()
    try:
        if text.endswith("m"):
            return Bid(marks=int(text[:-1]))
        return Bid(points=int(text))
    except ValueError:
        return None


def _trump_choices(observation: Observation) -> list[Trump]:
    """The trumps the declarer may name (R-TRUMP-CHOICE), each once, in the engine's order."""
    return list(dict.fromkeys(a.trump for a in observation.legal if isinstance(a, NameTrump)))


def _number(text: str, count: int) -> int | None:
    """The 0-based index of a 1-based choice among ``count``, or ``None``."""
    if text.isdigit() and 1 <= int(text) <= count:
        return int(text) - 1
    return None


def play(stdin: TextIO, stdout: TextIO, seed: str, partner: Policy, opponents: Policy,
         seat: Seat = Seat.SOUTH) -> Team | None:
    """A whole game with the person at ``seat``; ``None`` if they leave before the end."""
    policies = {s: (partner if s == seat.partner else opponents) for s in SEATS if s != seat}
    table = Table(Game.new(seed), seat, policies, seed, stdin, stdout)
    print(f"Texas 42 · game {seed} · you are {seat.title}, your partner is "
          f"{seat.partner.title} · q quits", file=stdout)
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
    args = parser.parse_args(argv)
    try:
        partner = load_policy(args.partner)
        opponents = load_policy(args.opponents)
    except ValueError as error:
        parser.error(str(error))
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    play(stdin or sys.stdin, stdout or sys.stdout, seed, partner, opponents)
    return 0


if __name__ == "__main__":
    sys.exit(main())
