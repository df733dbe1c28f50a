"""Scenes from observations: the one place that reads the engine.

A table scene is built from the spectator's observation (``observe(game, None)``) and a hand
scene from its owner's, so a picture can never hold a tile its viewer may not see (R-SEE-*,
V-GEN-DISCARD): the scene copies faces from the observation, it never looks anywhere else. The
table shows no leftover and no discard but the ones the rules lay face up (V-72-WIDOW); a hand
picture shows its owner's own leftover and discards. The picture of the hand just finished adds
the hand's summary, which R-REVIEW makes public once it is over.

Every variant's table is drawn from the observation's :class:`~engine.Variant`: its seats, its
sides (teams, or each for oneself) and its scoring. The caller hands in one member name per
seat (``names``) and the table's seat and side names in ``words``
(:meth:`.words.Words.for_table`); both are checked against the variant::

    words = words.for_table(seats=("Seat 1", "Seat 2", "Seat 3"),
                            sides=("Seat 1", "Seat 2", "Seat 3"))          # Moon, three-hand
    scene = table_scene(observe(game, None), ("ana", "Bot", "caio"), words)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import (
    Bid,
    Contract,
    Domino,
    HandSummary,
    Observation,
    Pass,
    Phase,
    Play,
    Seat,
    Trick,
    Trump,
    Variant,
)
from engine.dominoes import sorted_for_display
from engine.trumps import Called, Led

from .scene import HandScene, Look, SeatPlace, SideRow, TableScene, Tile, TileGroup
from .words import ENGLISH, Words, change


def tile_of(domino: Domino, seen: Observation | HandSummary, variant: Variant) -> Tile:
    """A tile as drawn: marked when it is a trump (the engine says which, R-TRUMP-OWNS) and
    with the points the variant gives it (V-GEN-POINTS)."""
    return Tile(domino.high, domino.low, trump=seen.is_trump(domino),
                count=variant.count[domino])


@dataclass(frozen=True, slots=True)
class _Table:
    """One table's variant, member names and words, checked to fit each other."""

    variant: Variant
    names: tuple[str, ...]
    words: Words

    @classmethod
    def of(cls, variant: Variant, names: Sequence[str], words: Words) -> _Table:
        seating = variant.seating
        if len(names) != seating.count:
            raise ValueError(f"one name per seat: {seating.count}, not {len(names)}")
        if len(words.seats) != seating.count or len(words.sides) != seating.side_count:
            raise ValueError(
                f"{variant.name} has {seating.count} seats and {seating.side_count} sides: "
                f"name them with words.for_table(seats=..., sides=...), not "
                f"{len(words.seats)} seat names and {len(words.sides)} side names")
        return cls(variant, tuple(names), words)

    @property
    def look(self) -> Look:
        seating = self.variant.seating
        if not seating.has_teams:
            return Look.PLAYERS
        return Look.COMPASS if seating.count == 4 else Look.TEAMS

    @property
    def dealt(self) -> int:
        return self.variant.seating.count * self.variant.hand_size

    def side_of(self, seat: Seat) -> int:
        return self.variant.seating.side_of[seat]

    def about(self, side: int, team: str, alone: str, **values: object) -> str:
        """A sentence about ``side``: ``team``'s words, or at a game each for oneself
        ``alone``'s, which speak of one player (``{player}``, singular verbs)."""
        name = self.words.sides[side]
        if self.variant.seating.has_teams:
            return team.format(side=name, **values)
        return alone.format(player=name, **values)

    def others(self, seat: Seat) -> str:
        """The sides defending against ``seat``'s: all the others together (V-GEN-SEATS)."""
        mine = self.side_of(seat)
        return "/".join(name for side, name in enumerate(self.words.sides) if side != mine)

    def row_title(self, side: int) -> str:
        """A side's name on the score board; each for oneself, the player's own."""
        if self.variant.seating.has_teams:
            return self.words.sides[side]
        return self.names[self.variant.seating.members[side][0]]


def table_scene(observation: Observation, names: Sequence[str],
                words: Words = ENGLISH) -> TableScene:
    """The public table picture; ``observation`` must be the spectator's (``seat`` None)."""
    if observation.seat is not None:
        raise ValueError("a table picture is drawn from the spectator's observation only")
    table = _Table.of(observation.variant, names, words)
    played = dict(observation.trick)
    lying = _lying(observation)
    if lying is not None:
        played = dict(lying.plays)
    seats = tuple(
        SeatPlace(name=table.names[seat], subtitle=words.seats[seat],
                  dealer=words.dealer if seat == observation.dealer else "",
                  side=table.side_of(seat),
                  note=words.took_trick if lying is not None and seat == lying.winner
                  else _note(observation, seat, table),
                  turn=seat == observation.to_act,
                  played=tile_of(played[seat], observation, table.variant) if seat in played
                  else None, won=lying is not None and seat == lying.winner,
                  winning=seat == observation.winning)
        for seat in table.variant.seating.seats)
    playing = observation.phase in (Phase.PLAY, Phase.OVER)
    lead, winning = _trick_facts(observation, words)
    return TableScene(
        seats=seats,
        sides=tuple(_side(observation, side, table) for side in table.variant.seating.sides),
        headline=_headline(observation, table),
        status=_status(observation, table) if playing else "",
        banner=_banner(observation, table),
        trick=_trick_label(observation, lying, table),
        lead=lead,
        winning=winning,
        legend=_legend(observation, table.variant, words) if playing else ("", ""),
        look=table.look,
        dealt=table.dealt,
        discards=_face_up_discards(observation, table),
    )


def _lying(observation: Observation) -> Trick | None:
    """The completed trick of the hand in play still lying on the table (R-SEE-TABLE); the
    last trick of a finished hand is drawn with that hand (:func:`last_hand_scene`)."""
    last = observation.last_action
    if last is not None and last.ended_hand:
        return None
    return observation.completed_trick


def _trick_label(observation: Observation, lying: Trick | None, table: _Table) -> str:
    """The number of the trick in progress, or of the one lying on the table."""
    if lying is not None:
        return table.words.trick.format(number=observation.trick_number - 1)
    if observation.phase is Phase.PLAY:
        return table.words.trick.format(number=observation.trick_number)
    return ""


def _trick_facts(observation: Observation, words: Words) -> tuple[str, str]:
    """Who led the trick in progress and what it calls for (R-LED-SUIT; nothing under Sevens),
    and who is winning it (R-WIN), as the observation says; nothing when no trick is in
    progress."""
    winning = observation.winning
    if winning is None:
        return "", ""
    leader = words.seats[observation.trick[0][0]]
    led = observation.led
    lead = (words.led_by_sevens.format(seat=leader) if led is None
            else words.led_by.format(seat=leader, suit=_called(led, words)))
    return lead, words.winning.format(seat=words.seats[winning])


def last_hand_scene(summary: HandSummary, observation: Observation, names: Sequence[str],
                    words: Words = ENGLISH) -> TableScene:
    """The hand just finished, to show before the next one is played: its last trick in front
    of the players, every trick by the side that took it, the result; the game score from the
    spectator's ``observation`` of the game now."""
    if observation.seat is not None:
        raise ValueError("a table picture is drawn from the spectator's observation only")
    table = _Table.of(observation.variant, names, words)
    variant = table.variant
    last = dict(summary.tricks[-1].plays) if summary.tricks else {}
    seats = tuple(
        SeatPlace(name=table.names[seat], subtitle=words.seats[seat],
                  dealer=words.dealer if seat == summary.dealer else "",
                  side=table.side_of(seat),
                  played=tile_of(last[seat], summary, variant) if seat in last else None)
        for seat in variant.seating.seats)
    sides = []
    for side in variant.seating.sides:
        won = sorted_for_display(tile for trick in summary.tricks
                                 if table.side_of(trick.winner) == side for tile in trick.tiles)
        sides.append(SideRow(
            title=table.row_title(side), score=_score(observation, side, words),
            marks=_marks(observation, side),
            points=words.hand_points.format(n=summary.points[side]),
            groups=(tuple(tile_of(tile, summary, variant) for tile in won),) if won else ()))
    return TableScene(
        seats=seats, sides=tuple(sides),
        headline=_contract_headline(summary.hand_number, summary.contract, summary.trump,
                                    words),
        banner=_result(summary, table), trick=words.last_trick if summary.tricks else "",
        legend=_legend(summary, variant, words) if summary.tricks else ("", ""),
        look=table.look, dealt=table.dealt)


def _result(summary: HandSummary, table: _Table) -> str:
    """Made or set, then what the hand gave each side."""
    contract, words = summary.contract, table.words
    if summary.result.redeal or contract is None:
        return f"{words.redeal} · {words.nobody_scores}"
    return f"{_made_or_set(contract, summary.result.made, table)} · {_gained(summary, words)}"


def _gained(summary: HandSummary, words: Words) -> str:
    """What the engine's result gave each side that gained or lost: marks (R-AWARD,
    V-THREE-AWARD), or the points added to a score kept in points, a set declarer's loss too
    (H-POINTS, V-MOON-SCORE, V-BIG-SCORE, V-140-SCORE)."""
    result = summary.result
    forms, numbers = ((words.gained_marks, result.marks) if result.score is None
                      else (words.gained_points, result.score))
    said = [words.plural(*forms, abs(n)).format(side=words.sides[side], n=change(n))
            for side, n in enumerate(numbers) if n]
    return " · ".join(said) or words.nobody_scores


def _made_or_set(contract: Contract, made: bool, table: _Table) -> str:
    words, side = table.words, table.side_of(contract.declarer)
    if made:
        return table.about(side, words.made, words.made_alone,
                           bid=words.bid_text(contract.bid))
    return table.about(side, words.was_set, words.was_set_alone)


def hand_scene(observation: Observation, words: Words = ENGLISH) -> HandScene:
    """The owner's hand in dealt order (R-ORDER), the tiles they may play now marked; beside
    it, the leftover they looked at and their own discards, which only they may see."""
    seat = observation.seat
    if seat is None:
        raise ValueError("a spectator has no hand")
    variant = observation.variant
    if len(words.seats) != variant.seating.count:
        raise ValueError(f"{variant.name} has {variant.seating.count} seats: name them with "
                         f"words.for_table(seats=..., sides=...)")
    trump = observation.trump
    title = f"{words.your_hand} · {words.seats[seat]}"
    if trump is not None:
        title += " · " + words.trump.format(trump=trump_name(trump, words))
    playing = observation.phase is Phase.PLAY and bool(observation.legal)
    legal = {action.tile.face for action in observation.legal if isinstance(action, Play)}
    hand = observation.hand
    leftover = set(observation.leftover)
    drawn = tuple(tile in leftover for tile in hand)
    choosing = observation.phase is Phase.DISCARD and any(drawn)
    return HandScene(
        title=title,
        status=_led(observation, words) if playing else "",
        tiles=tuple(tile_of(tile, observation, variant) for tile in hand),
        playable=tuple(tile.face in legal for tile in hand) if playing else None,
        legend=(*_legend(observation, variant, words),
                words.legend_playable if playing else ""),
        drawn=drawn if choosing else None,
        drawn_label=words.from_leftover if choosing else "",
        aside=_aside(observation, words),
    )


def _aside(observation: Observation, words: Words) -> tuple[TileGroup, ...]:
    """V-GEN-DEAL, V-GEN-DISCARD: the leftover this declarer looked at and did not take into
    the hand, and this seat's own discards, from its own observation only."""
    variant = observation.variant
    out = set(observation.hand) | set(observation.discards)
    groups = []
    seen = tuple(tile for tile in observation.leftover if tile not in out)
    for label, tiles, dim in ((words.leftover, seen, False),
                              (words.discarded, observation.discards, True)):
        if tiles:
            groups.append(TileGroup(label, tuple(tile_of(t, observation, variant)
                                                 for t in tiles), dim))
    return tuple(groups)


def _face_up_discards(observation: Observation, table: _Table) -> TileGroup | None:
    """V-72-WIDOW: the discarded trumps everyone may see; no other discard, ever."""
    if not observation.face_up_discards:
        return None
    return TileGroup(table.words.discarded,
                     tuple(tile_of(tile, observation, table.variant)
                           for tile in observation.face_up_discards))


def trump_name(trump: Trump, words: Words) -> str:
    """A trump in words: a suit by its number (up to nines, V-GEN-SUITS), or its own name."""
    suit = trump.suit
    return words.trumps[trump] if suit is None else words.suits[suit]


def _led(observation: Observation, words: Words) -> str:
    """R-LED-SUIT in words, as the engine states it, or that this seat leads."""
    led = observation.led
    if led is None:
        return words.your_lead if not observation.trick else ""
    return words.led.format(suit=_called(led, words))


def _called(led: Led, words: Words) -> str:
    """What a lead calls for, said within a sentence: "fives", "trumps", "doubles"."""
    if isinstance(led, int):
        return words.suits[led]
    return words.doubles_led if led is Called.DOUBLES else words.trumps_led


def _legend(seen: Observation | HandSummary, variant: Variant,
            words: Words) -> tuple[str, str]:
    """The marks' words: the trump edge only when some tile is a trump, the count badge only
    in a game that has counters (V-MOON-POINTS has none)."""
    trumps = seen.trump is not None and seen.trump not in (Trump.NONE, Trump.NELLO,
                                                           Trump.CLOSEST_TO_SEVEN)
    return (words.legend_trump if trumps else "", words.legend_count if variant.counters else "")


def _note(observation: Observation, seat: Seat, table: _Table) -> str:
    """The word by a seat: whose turn it is, each seat's call until play starts, then the
    declarer's bid."""
    phase, words = observation.phase, table.words
    if seat == observation.sitting_out:
        return words.sits_out
    if seat == observation.to_act:
        acting = {Phase.AUCTION: words.to_bid, Phase.TRUMP: words.to_name_trump,
                  Phase.PLAY: words.to_play}.get(phase)  # the leftover step: the bid, below
        if acting is not None:
            return acting
    contract = observation.contract
    if phase in (Phase.PLAY, Phase.OVER):
        if contract is not None and seat == contract.declarer:
            return words.declared.format(bid=words.bid_text(contract.bid))
        return ""
    calls = [call.action for call in observation.auction if call.seat == seat]
    if not calls:
        return ""
    last = calls[-1]
    if isinstance(last, Pass):
        return words.passed
    assert isinstance(last, Bid)
    return words.bid_text(last)


def _headline(observation: Observation, table: _Table) -> str:
    contract, words = observation.contract, table.words
    if contract is not None:
        return _contract_headline(observation.hand_number, contract, observation.trump, words)
    parts = [words.hand.format(hand=observation.hand_number)]
    high = observation.high_bid
    if observation.phase is Phase.AUCTION:
        parts.append(words.bidding if high is None else words.high_bid.format(
            seat=words.seats[high.declarer], bid=words.bid_text(high.bid)))
    return " · ".join(parts)


def _contract_headline(hand: int, contract: Contract | None, trump: Trump | None,
                       words: Words) -> str:
    parts = [words.hand.format(hand=hand)]
    if contract is not None:
        parts.append(words.bid.format(seat=words.seats[contract.declarer],
                                      bid=words.bid_text(contract.bid)))
        parts.append(words.naming_trump if trump is None
                     else words.trump.format(trump=trump_name(trump, words)))
    return " · ".join(parts)


def _status(observation: Observation, table: _Table) -> str:
    """What the declarers still need and what sets them, in the variant's points, so nobody
    adds up counts; the defenders are every other side together (V-GEN-SEATS)."""
    contract, words = observation.contract, table.words
    if contract is None or observation.phase is Phase.OVER:
        return ""
    declarer = contract.declarer
    side = table.side_of(declarer)
    if contract.takes_every_trick:
        return table.about(side, words.every_trick, words.every_trick_alone)
    needs = observation.needs
    if needs is None:
        return ""
    need, to_set = needs
    if not need or not to_set:  # decided, and every trick is played (V-BIG-SCORE, V-140-SCORE)
        return _made_or_set(contract, not need, table)
    return " · ".join((table.about(side, words.need, words.need_alone, need=need),
                       words.set.format(side=table.others(declarer), set=to_set)))


def _banner(observation: Observation, table: _Table) -> str:
    if observation.winner is not None:
        return table.about(observation.winner, table.words.won, table.words.won_alone)
    result, contract = observation.result, observation.contract
    if observation.phase is not Phase.OVER or result is None or contract is None:
        return ""
    return _made_or_set(contract, result.made, table)


def _side(observation: Observation, side: int, table: _Table) -> SideRow:
    """R-SEE-POINTS, R-SEE-MARKS: what the observation shows face up, by side; the rest of a
    marks contract's tricks counted face down."""
    words, variant = table.words, table.variant
    piles = [pile for pile in observation.captured if pile.team == side and pile.tiles]
    groups = tuple(tuple(tile_of(tile, observation, variant) for tile in pile.tiles)
                   for pile in piles)
    covered = 0
    if observation.points is None:
        covered = observation.tricks_won[side] - len(piles)
    points = ""
    if observation.points is not None and observation.phase in (Phase.PLAY, Phase.OVER):
        points = words.hand_points.format(n=observation.points[side])
    return SideRow(title=table.row_title(side), score=_score(observation, side, words),
                   marks=_marks(observation, side), points=points, groups=groups,
                   covered=covered,
                   covered_text=words.counted(words.covered, covered) if covered else "")


def _score(observation: Observation, side: int, words: Words) -> str:
    """The game score: marks, or points where the game keeps points (H-POINTS, V-MOON-SCORE,
    V-BIG-SCORE, V-140-SCORE), a negative one shown as such."""
    standing = observation.standing
    if standing.goal.in_points:
        return words.points_text(standing.totals[side])
    return words.marks_text(standing.totals[side])


def _marks(observation: Observation, side: int) -> int | None:
    """A side's marks, in a game kept in marks (R-GAME), for the board's tally strokes."""
    standing = observation.standing
    return None if standing.goal.in_points else standing.totals[side]
