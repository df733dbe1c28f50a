"""The numbers of a table as text: a score, one number per side, the game's totals and the
hand so far."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Locale, t
from engine import Observation
from engine.seats import Seating


def signed(n: int) -> str:
    """A score as written on the table: a real minus sign below zero (V-MOON-SCORE)."""
    return f"−{-n}" if n < 0 else str(n)


def per_side(locale: Locale, seating: Seating, values: Sequence[int], *,
             plus: bool = False) -> str:
    """One number per side, each after the side's name: ``North–South 3 · East–West 1``."""
    return " · ".join(
        t(locale, "{side} {n}", side=side,
          n=("+" + str(value) if plus and value >= 0 else signed(value)))
        for side, value in zip(seating.sides, values, strict=True))


def marks_line(locale: Locale, observation: Observation) -> str:
    """The game's totals per side (marks, or points: R-GAME, H-POINTS, V-…-GAME)."""
    standing = observation.standing
    scores = per_side(locale, observation.variant.seating, standing.totals)
    if standing.goal.in_points:
        return t(locale, "Score: {scores} (first to {target})", scores=scores,
                 target=standing.goal.target)
    return t(locale, "Marks: {scores} (first to {target})", scores=scores,
             target=standing.goal.target)


def points_text(locale: Locale, observation: Observation) -> str:
    """The hand so far per side: tricks under a marks contract, else points, with what the
    declarers still need and what sets them (in the variant's numbers), or, once that is
    decided in a game that plays every trick (V-BIG-SCORE, V-140-SCORE, V-MOON-END), which it
    was. A player alone (V-GEN-SEATS) is spoken of in the singular."""
    contract = observation.contract
    assert contract is not None
    seating = observation.variant.seating
    team = seating.side_of[contract.declarer]
    alone = not seating.has_teams
    if observation.points is None:  # a marks contract: faces are covered (R-SEE-MARKS)
        tricks = per_side(locale, seating, observation.tricks_won)
        if alone:
            return t(locale, "Tricks: {tricks}. {seat} must take every trick.", tricks=tricks,
                     seat=team)
        return t(locale, "Tricks: {tricks}. {team} must take every trick.", tricks=tricks,
                 team=team)
    text = per_side(locale, seating, observation.points)
    needs = observation.needs
    if needs is None:
        return text
    need, to_set = needs
    if not need:
        line = (t(locale, "{seat} has made the bid.", seat=team) if alone
                else t(locale, "{team} have made their bid.", team=team))
    elif not to_set:
        line = (t(locale, "{seat} has been set.", seat=team) if alone
                else t(locale, "{team} have been set.", team=team))
    elif alone:
        line = t(locale, "{seat} needs {need} more; the others set the bid with {set} more.",
                 seat=team, need=need, set=to_set)
    elif seating.side_count == 2:
        line = t(locale, "{team} need {need} more; {other} set them with {set} more.",
                 team=team, need=need, other=seating.other_side(team), set=to_set)
    else:
        line = t(locale, "{team} need {need} more; the others set them with {set} more.",
                 team=team, need=need, set=to_set)
    return text + "\n" + line
