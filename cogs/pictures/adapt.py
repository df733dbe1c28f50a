"""Scenes from observations: the one place that reads the engine, kept small so that it follows
the engine when its tables grow past four seats.

A table scene is built from the spectator's observation (``observe(game, None)``) and a hand
scene from its owner's, so a picture can never hold a tile its viewer may not see (R-SEE-*):
the scene copies faces from the observation, it never looks anywhere else. The picture of the
hand just finished adds the hand's summary, which R-REVIEW makes public once it is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import (
    SEATS,
    Bid,
    BidKind,
    Contract,
    Domino,
    HandSummary,
    Observation,
    Pass,
    Phase,
    Play,
    Seat,
    Team,
    Trump,
)
from engine.dominoes import SUIT_NAMES, sorted_for_display

from .scene import HandScene, SeatPlace, SideRow, TableScene, Tile
from .words import ENGLISH, Words


def tile_of(domino: Domino, seen: Observation | HandSummary) -> Tile:
    """A tile as drawn: marked when it is a trump (the engine says which, R-TRUMP-OWNS)."""
    return Tile(domino.high, domino.low, trump=seen.is_trump(domino), count=domino.count)


def table_scene(observation: Observation, names: Sequence[str],
                words: Words = ENGLISH) -> TableScene:
    """The public table picture; ``observation`` must be the spectator's (``seat`` None)."""
    if observation.seat is not None:
        raise ValueError("a table picture is drawn from the spectator's observation only")
    if len(names) != len(SEATS):
        raise ValueError(f"one name per seat: {len(SEATS)}, not {len(names)}")
    played = dict(observation.trick)
    seats = tuple(
        SeatPlace(name=names[seat], subtitle=_subtitle(seat, observation.dealer, words),
                  side=seat.team, note=_note(observation, seat, words),
                  turn=seat == observation.to_act,
                  played=tile_of(played[seat], observation) if seat in played
                  else None)
        for seat in SEATS)
    playing = observation.phase in (Phase.PLAY, Phase.OVER)
    return TableScene(
        seats=seats,
        sides=tuple(_side(observation, team, words) for team in Team),
        headline=_headline(observation, words),
        status=_status(observation, words) if playing else "",
        banner=_banner(observation, words),
        trick=words.trick.format(number=observation.trick_number)
        if observation.phase is Phase.PLAY else "",
        legend=_legend(observation, words) if playing else ("", ""),
    )


def last_hand_scene(summary: HandSummary, observation: Observation, names: Sequence[str],
                    words: Words = ENGLISH) -> TableScene:
    """The hand just finished, to show before the next one is played: its last trick in front
    of the players, every trick by the side that took it, the result; the game score from the
    spectator's ``observation`` of the game now."""
    if observation.seat is not None:
        raise ValueError("a table picture is drawn from the spectator's observation only")
    trump = summary.trump
    last = dict(summary.tricks[-1].plays) if summary.tricks else {}
    seats = tuple(
        SeatPlace(name=names[seat], subtitle=_subtitle(seat, summary.dealer, words),
                  side=seat.team,
                  played=tile_of(last[seat], summary) if seat in last else None)
        for seat in SEATS)
    sides = []
    for team in Team:
        won = sorted_for_display(tile for trick in summary.tricks if trick.winner.team == team
                                 for tile in trick.tiles)
        sides.append(SideRow(
            title=words.sides[team], score=_score(observation, team, words),
            points=words.hand_points.format(n=summary.points[team]),
            groups=(tuple(tile_of(tile, summary) for tile in won),) if won else ()))
    return TableScene(
        seats=seats, sides=tuple(sides),
        headline=_contract_headline(summary.hand_number, summary.contract, trump, words),
        banner=_result(summary, words), trick=words.last_trick if summary.tricks else "",
        legend=_legend(summary, words) if summary.tricks else ("", ""))


def _result(summary: HandSummary, words: Words) -> str:
    contract = summary.contract
    if summary.result.redeal or contract is None:
        return words.redeal
    side = words.sides[contract.team]
    if summary.result.made:
        return words.made.format(side=side, bid=bid_text(contract.bid, words))
    return words.was_set.format(side=side)


def hand_scene(observation: Observation, words: Words = ENGLISH) -> HandScene:
    """The owner's hand in dealt order (R-ORDER), the tiles they may play now marked."""
    seat = observation.seat
    if seat is None:
        raise ValueError("a spectator has no hand")
    trump = observation.trump
    title = f"{words.your_hand} · {words.seats[seat]}"
    if trump is not None:
        title += " · " + words.trump.format(trump=words.trumps[trump])
    playing = observation.phase is Phase.PLAY and bool(observation.legal)
    playable = tuple(Play(tile) in observation.legal for tile in observation.hand)
    return HandScene(
        title=title,
        status=_led(observation, words) if playing else "",
        tiles=tuple(tile_of(tile, observation) for tile in observation.hand),
        playable=playable if playing else None,
        legend=(*_legend(observation, words), words.legend_playable if playing else ""),
    )


def _led(observation: Observation, words: Words) -> str:
    """R-LED-SUIT in words, as the engine states it, or that this seat leads."""
    led = observation.led
    if led is None:
        return words.your_lead if not observation.trick else ""
    if led in SUIT_NAMES:
        return words.led.format(suit=words.suits[SUIT_NAMES.index(led)])
    return words.led.format(suit=words.doubles_led if led == "doubles" else words.trumps_led)


def _subtitle(seat: Seat, dealer: Seat, words: Words) -> str:
    if seat == dealer:
        return f"{words.seats[seat]} · {words.dealer}"
    return words.seats[seat]


def _legend(seen: Observation | HandSummary, words: Words) -> tuple[str, str]:
    """The marks' words: the trump edge only when some tile is a trump."""
    trumps = seen.trump is not None and seen.trump not in (Trump.NONE, Trump.NELLO, Trump.SEVENS)
    return (words.legend_trump if trumps else "", words.legend_count)


def _note(observation: Observation, seat: Seat, words: Words) -> str:
    """The word by a seat: whose turn it is, each seat's call until play starts, then the
    declarer's bid."""
    phase = observation.phase
    if seat == observation.sitting_out:
        return words.sits_out
    if seat == observation.to_act:
        return {Phase.AUCTION: words.to_bid, Phase.TRUMP: words.to_name_trump}.get(
            phase, words.to_play)
    contract = observation.contract
    if phase not in (Phase.AUCTION, Phase.TRUMP):
        if contract is not None and seat == contract.declarer:
            return words.declared.format(bid=bid_text(contract.bid, words))
        return ""
    calls = [call.action for call in observation.auction if call.seat == seat]
    if not calls:
        return ""
    last = calls[-1]
    if isinstance(last, Pass):
        return words.passed
    assert isinstance(last, Bid)
    return bid_text(last, words)


def bid_text(bid: Bid, words: Words) -> str:
    if not bid.is_marks:
        return str(bid.points)
    marks = words.marks_text(bid.marks)
    if bid.kind is BidKind.PLAIN:
        return marks
    return f"{bid.kind.value.capitalize()} ({marks})"


def _headline(observation: Observation, words: Words) -> str:
    contract = observation.contract
    if contract is not None:
        return _contract_headline(observation.hand_number, contract, observation.trump, words)
    parts = [words.hand.format(hand=observation.hand_number)]
    high = observation.high_bid
    if observation.phase is Phase.AUCTION:
        parts.append(words.bidding if high is None else words.high_bid.format(
            seat=words.seats[high.declarer], bid=bid_text(high.bid, words)))
    return " · ".join(parts)


def _contract_headline(hand: int, contract: Contract | None, trump: Trump | None,
                       words: Words) -> str:
    parts = [words.hand.format(hand=hand)]
    if contract is not None:
        parts.append(words.bid.format(seat=words.seats[contract.declarer],
                                      bid=bid_text(contract.bid, words)))
        parts.append(words.naming_trump if trump is None
                     else words.trump.format(trump=words.trumps[trump]))
    return " · ".join(parts)


def _status(observation: Observation, words: Words) -> str:
    """What the declarers still need and what sets them, so nobody adds up counts."""
    contract = observation.contract
    if contract is None or observation.phase is Phase.OVER:
        return ""
    team = contract.team
    if contract.is_marks:
        return words.every_trick.format(side=words.sides[team])
    needs = observation.needs
    if needs is None:
        return ""
    return " · ".join((words.need.format(side=words.sides[team], need=needs[0]),
                       words.set.format(side=words.sides[team.other], set=needs[1])))


def _banner(observation: Observation, words: Words) -> str:
    if observation.winner is not None:
        return words.won.format(side=words.sides[observation.winner])
    result, contract = observation.result, observation.contract
    if observation.phase is not Phase.OVER or result is None or contract is None:
        return ""
    side = words.sides[contract.team]
    if result.made:
        return words.made.format(side=side, bid=bid_text(contract.bid, words))
    return words.was_set.format(side=side)


def _side(observation: Observation, team: Team, words: Words) -> SideRow:
    """R-SEE-POINTS, R-SEE-MARKS: what the observation shows face up, by side; the rest of a
    marks contract's tricks counted face down."""
    piles = [pile for pile in observation.captured if pile.team == team and pile.tiles]
    groups = tuple(tuple(tile_of(tile, observation) for tile in pile.tiles)
                   for pile in piles)
    covered = 0
    if observation.points is None:
        covered = observation.tricks_won[team] - len(piles)
    points = ""
    if observation.points is not None and observation.phase in (Phase.PLAY, Phase.OVER):
        points = words.hand_points.format(n=observation.points[team])
    return SideRow(title=words.sides[team], score=_score(observation, team, words),
                   points=points, groups=groups,
                   covered=covered,
                   covered_text=words.covered.format(n=covered) if covered else "")


def _score(observation: Observation, team: Team, words: Words) -> str:
    """The game score: marks, or points in the 250-point game (H-POINTS)."""
    if observation.options.points_game:
        return words.points.format(n=observation.score[team])
    return words.marks_text(observation.marks[team])
