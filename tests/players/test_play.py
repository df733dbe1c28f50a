"""``python -m engine.play`` driven by scripted input: one person, three computer players."""

from __future__ import annotations

import io
import itertools
import re

from engine.game import deal_for, first_dealer
from engine.players import rules
from engine.seats import FOUR_SEATS
from engine.tools.play import main, play
from tests.common import RULES_POLICY, SOUTH


def _script(*lines: str) -> io.StringIO:
    return io.StringIO("".join(f"{line}\n" for line in lines))


def _answers(count: int) -> list[str]:
    """``p`` then tile positions 1-7, over and over: a pass at a bid prompt, a tile at a play
    prompt, each refused and tried again where it does not fit."""
    return list(itertools.islice(itertools.cycle(["p", *map(str, range(1, 8))]), count))


def test_a_whole_game_from_scripted_input() -> None:
    """Pass every auction, then try tiles by position in turn: the engine refuses those that
    do not follow (R-FOLLOW, R-ILLEGAL) with its own reason, and the game is played out."""
    out = io.StringIO()
    winner = play(_script(*_answers(6000)), out, "scripted", rules.decide,
                  rules.decide)
    text = out.getvalue()
    assert winner is not None
    assert "Game over:" in text
    assert re.search(r"Not allowed: You must follow \w+\.", text)
    assert "Your hand: 1) " in text


def test_the_person_sees_only_their_own_hand() -> None:
    """R-SEE-HAND: every tile the table lists as yours was dealt to South in that hand."""
    out = io.StringIO()
    seed = "own hand"
    play(_script(*_answers(1000)), out, seed, rules.decide, rules.decide)
    dealer = first_dealer(seed)
    hand_number = 0
    checked = 0
    for line in out.getvalue().splitlines():
        started = re.match(r"Hand (\d+) · ", line)
        if started:
            hand_number = int(started.group(1))
        if line.startswith("Your hand:"):
            deal = deal_for(seed, hand_number, FOUR_SEATS.after(dealer, hand_number - 1))
            dealt = {tile.label for tile in deal.hands[SOUTH]}
            shown = set(re.findall(r"\[\d\|\d\]", line))
            assert shown <= dealt
            checked += 1
    assert checked > 20


def test_illegal_bids_are_refused_with_the_engines_reason() -> None:
    out = io.StringIO()
    result = play(_script("29", "thirty", "q"), out, "bids", rules.decide, rules.decide)
    text = out.getvalue()
    assert result is None
    assert "Not allowed: A points bid is 30 to 41." in text
    assert "Type a bid such as 30 or 2m, or p to pass." in text
    assert text.rstrip().endswith("You left the table.")


def test_the_declarer_names_trump_and_piles_by_number() -> None:
    """A 2-mark bid wins the auction here; then trump by number and the piles (R-PILES)."""
    out = io.StringIO()
    play(_script("2m", "0", "10", "5", "3", "5", "1", "q"), out, "trump", rules.decide,
         rules.decide)
    text = out.getvalue()
    assert "You: bids 2 marks" in text
    assert "Trumps: 1) blanks  2) ones" in text and "9) no trump (follow me)" in text
    assert text.count("Type a number from 1 to 9.") == 2
    assert "Not allowed: Choose 1 or 2 piles." in text
    assert "You: names fours, 1 pile" in text


def test_main_reads_its_streams_and_a_seed() -> None:
    out = io.StringIO()
    assert main(["--seed", "7", "--partner", RULES_POLICY, "--opponents", RULES_POLICY],
                _script("q"), out) == 0
    assert out.getvalue().startswith("Texas 42 · game 7 · you are South")


def test_every_variant_is_played_at_the_terminal() -> None:
    """``--variant``: bids, the leftover step, discards and low leads typed by position."""
    for name in ("moon", "three", "big", "140", "geezer", "72", "84"):
        answers = itertools.islice(itertools.cycle(
            ["p", "y", "1", "1", "2 3", "1 2", *map(str, range(2, 12)), "1 low"]), 30000)
        out = io.StringIO()
        assert main(["--variant", name, "--seed", "t", "--partner", RULES_POLICY,
                     "--opponents", RULES_POLICY], stdin=_script(*answers), stdout=out) == 0
        text = out.getvalue()
        assert "Game over:" in text and "Traceback" not in text, name
