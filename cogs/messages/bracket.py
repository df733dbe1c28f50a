"""A tournament's picture from its pure state (:mod:`bot.tournament`): the rounds, the standings
and the matches to play, as :class:`.pictures.BracketPicture` draws them.

The words come in :class:`BracketWords`, already in the reader's language; its defaults are the
English ones. Names come by entrant from the caller (a team's name, or a player's); an entrant
without one is written by its number, so a missing name shows rather than fails.

>>> from bot.tournament import single_elimination
>>> state = single_elimination.start([1, 2, 3])
>>> picture = bracket_picture(state, {1: "ana", 2: "bia", 3: "caio"})
>>> [[[side.name for side in box.sides] for box in column.bands[0]]
...  for column in picture.columns]
[[['ana'], ['bia', 'caio']], [['ana', '']]]
>>> picture.subtitle
'Matches to play: 1'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import N_, Locale, t
from bot.tournament import (
    double_elimination,
    progressive,
    round_robin,
    single_elimination,
    swiss,
)
from bot.tournament.double_elimination import DoubleElimination
from bot.tournament.progressive import Progressive
from bot.tournament.round_robin import RoundRobin
from bot.tournament.single_elimination import Knockout
from bot.tournament.swiss import Swiss
from bot.tournament.types import Entrant, Match, Result, Stage

from ..pictures.bracket import (
    BracketPicture,
    MatchBox,
    MatchSide,
    RoundColumn,
    StandingRow,
    StandingsTable,
)

Tournament = DoubleElimination | Knockout | RoundRobin | Swiss | Progressive
"""The states a picture is drawn from."""


@dataclass(frozen=True, slots=True)
class BracketWords:
    """The picture's words, already in the reader's language; ``{n}``, ``{total}``,
    ``{name}``, ``{winner}`` and ``{loser}`` are filled in."""

    title: str = N_("Tournament")
    """The header: the tournament's name."""
    round: str = N_("Round {n}")
    round_of: str = N_("Round {n} of {total}")
    """A Swiss round, out of the rounds to play."""
    winners: str = N_("Winners' bracket")
    losers: str = N_("Losers' bracket")
    final: str = N_("Final")
    semifinal: str = N_("Semi-finals")
    reset: str = N_("Final, again")
    """A double elimination's reset: the grand final replayed."""
    bye: str = N_("bye")
    pool: str = N_("Pool {n}")
    standings: str = N_("Standings")
    next: str = N_("next")
    beat: str = N_("{winner} beat {loser}")
    to_play: str = N_("Matches to play: {n}")
    champion: str = N_("Champion: {name}")
    earlier: str = N_("Earlier rounds not shown: {n}")
    more: str = N_("Not shown: {n}")
    pool_headers: tuple[str, ...] = (N_("#"), N_("Team"), N_("P"), N_("W"), N_("Marks"))
    """Rank, name, meetings played, won, marks for–against."""
    swiss_headers: tuple[str, ...] = (N_("#"), N_("Team"), N_("W"), N_("Bh"), N_("SB"))
    """Rank, name, wins, Buchholz, Sonneborn–Berger."""
    player_headers: tuple[str, ...] = (N_("#"), N_("Player"), N_("P"), N_("W"), N_("Marks"))
    """Progressive play: rank, player, tables played, won, marks for–against."""


ENGLISH = BracketWords()

PLACEHOLDERS = {name: f"{{{name}}}" for name in ("n", "total", "name", "winner", "loser")}
"""The words' placeholders, kept as they are when the words are translated (the picture fills
them in)."""


def translated_words(locale: Locale, title: str) -> BracketWords:
    """:data:`ENGLISH` in ``locale``, under ``title``."""
    values: dict[str, object] = {}
    for field in dataclasses.fields(BracketWords):
        english = getattr(ENGLISH, field.name)
        values[field.name] = (tuple(t(locale, word, **PLACEHOLDERS) for word in english)
                              if isinstance(english, tuple) else
                              t(locale, english, **PLACEHOLDERS))
    return dataclasses.replace(BracketWords(**values), title=title)  # type: ignore[arg-type]


def bracket_picture(state: Tournament, names: Mapping[Entrant, str],
                    words: BracketWords = ENGLISH,
                    knockout: Knockout | None = None) -> BracketPicture:
    """The picture of ``state``; for pools, ``knockout`` is the single elimination they fed,
    once it has begun."""
    if isinstance(state, DoubleElimination):
        return _double(state, names, words)
    if isinstance(state, Knockout):
        return _single(state, names, words)
    if isinstance(state, RoundRobin):
        return _pools(state, names, words, knockout)
    if isinstance(state, Progressive):
        return _progressive(state, names, words)
    return _swiss(state, names, words)


def _picture(words: BracketWords, subtitle: str, bands: tuple[str, ...] = (),
             columns: tuple[RoundColumn, ...] = (), tables: tuple[StandingsTable, ...] = (),
             tree: bool = False) -> BracketPicture:
    return BracketPicture(words.title, subtitle, words.next, words.bye, words.beat,
                          words.earlier, words.more, bands, columns, tables, tree)


def _subtitle(words: BracketWords, playing: int, champion: str | None) -> str:
    """The champion once there is one, else how many matches are to play now."""
    if champion is not None:
        return words.champion.format(name=champion)
    return words.to_play.format(n=playing) if playing else ""


def _name(names: Mapping[Entrant, str], entrant: Entrant) -> str:
    return names.get(entrant, str(entrant))


def _box(match: Match, results: Mapping[Match, Result], names: Mapping[Entrant, str]) -> MatchBox:
    """A match with its score and winner once played; a bye with its one side."""
    if match.second is None:
        return MatchBox((MatchSide(_name(names, match.first)),))
    result = results.get(match)
    scores = _scores(result) if result is not None else ("", "")
    return MatchBox(tuple(
        MatchSide(_name(names, entrant), score, result is not None and result.winner == entrant)
        for entrant, score in zip(match.sides, scores, strict=True)))


def _scores(result: Result) -> tuple[str, str]:
    """Games won by each side, or the marks of a match of one game; nothing when the result
    has no games."""
    games = result.games
    if not games:
        return "", ""
    if len(games) == 1:
        return str(games[0].first), str(games[0].second)
    first = sum(1 for game in games if game.first > game.second)
    return str(first), str(len(games) - first)


def _results(results: Sequence[Result]) -> dict[Match, Result]:
    return {result.match: result for result in results}


# ----- double elimination -------------------------------------------------------------------

_LOSERS = frozenset({Stage.LOSERS, Stage.CROSS})
"""The stages drawn in the losers' band: a cross match holds a team with a loss."""


def _double(state: DoubleElimination, names: Mapping[Entrant, str],
            words: BracketWords) -> BracketPicture:
    """A column a round, the winners' bracket band above the losers'; the final and its reset
    at the top, as the winners' bracket's end."""
    results = _results(state.results)
    columns = []
    for number, matches in enumerate(state.rounds, start=1):
        stage = matches[0].stage
        title = {Stage.FINAL: words.final, Stage.RESET: words.reset}.get(
            stage, words.round.format(n=number))
        upper = tuple(_box(match, results, names) for match in matches
                      if match.stage not in _LOSERS)
        lower = tuple(_box(match, results, names) for match in matches
                      if match.stage in _LOSERS)
        columns.append(RoundColumn(title, (upper, lower)))
    champion = double_elimination.champion(state)
    subtitle = _subtitle(words, len(double_elimination.next_matches(state)),
                         None if champion is None else _name(names, champion))
    return _picture(words, subtitle, (words.winners, words.losers), tuple(columns))


# ----- single elimination -------------------------------------------------------------------


def _knockout_columns(state: Knockout, names: Mapping[Entrant, str],
                      words: BracketWords) -> tuple[RoundColumn, ...]:
    """Every round of the bracket, each match in its place: those not drawn yet with the
    sides already known, so the reader sees whom the winners meet; the last two rounds named
    as the final and the semi-finals."""
    total = (len(state.entrants) - 1).bit_length()
    results = _results(state.results)
    drawn = {(match.round, match.slot): match
             for matches in single_elimination.rounds(state) for match in matches}

    def ahead(number: int, slot: int) -> str:
        """The name of who comes out of this match, ``""`` while unknown."""
        match = drawn.get((number, slot))
        result = results.get(match) if match is not None else None
        if match is not None and match.bye:
            return _name(names, match.first)
        return _name(names, result.winner) if result is not None else ""

    columns = []
    for number in range(1, total + 1):
        boxes = []
        for slot in range(2 ** (total - number)):
            match = drawn.get((number, slot))
            boxes.append(_box(match, results, names) if match is not None else MatchBox(
                (MatchSide(ahead(number - 1, 2 * slot)),
                 MatchSide(ahead(number - 1, 2 * slot + 1)))))
        title = {total: words.final, total - 1: words.semifinal}.get(
            number, words.round.format(n=number))
        columns.append(RoundColumn(title, (tuple(boxes),)))
    return tuple(columns)


def _knockout_subtitle(state: Knockout, names: Mapping[Entrant, str],
                       words: BracketWords) -> str:
    champion = single_elimination.champion(state)
    return _subtitle(words, len(single_elimination.next_matches(state)),
                     None if champion is None else _name(names, champion))


def _single(state: Knockout, names: Mapping[Entrant, str],
            words: BracketWords) -> BracketPicture:
    return _picture(words, _knockout_subtitle(state, names, words),
                    columns=_knockout_columns(state, names, words), tree=True)


# ----- pools --------------------------------------------------------------------------------


def _pools(state: RoundRobin, names: Mapping[Entrant, str], words: BracketWords,
           knockout: Knockout | None) -> BracketPicture:
    """A table a pool, each with the meetings of its round in play; then the knockout."""
    results = _results(state.results)
    tables = tuple(_pool_table(state, pool, results, names, words)
                   for pool in range(len(state.pools)))
    if knockout is None:
        subtitle = _subtitle(words, len(round_robin.next_matches(state)), None)
        return _picture(words, subtitle, tables=tables)
    return _picture(words, _knockout_subtitle(knockout, names, words),
                    columns=_knockout_columns(knockout, names, words), tables=tables, tree=True)


def _pool_table(state: RoundRobin, pool: int, results: Mapping[Match, Result],
                names: Mapping[Entrant, str], words: BracketWords) -> StandingsTable:
    """The pool's standings, its top two in bold (they go on), and its round in play."""
    rows = tuple(
        StandingRow((str(rank), _name(names, line.entrant), str(line.played), str(line.wins),
             f"{line.marks_for}–{line.marks_against}"), strong=rank <= 2)
        for rank, line in enumerate(round_robin.pool_standings(state, pool), start=1))
    teams = state.pools[pool]
    waiting = [match for match in state.matches
               if match.first in teams and match not in results]
    if not waiting:
        return StandingsTable(words.pool.format(n=pool + 1), words.pool_headers, rows)
    now = min(match.round for match in waiting)
    matches = tuple(_box(match, results, names) for match in state.matches
                    if match.first in teams and match.round == now and not match.bye)
    return StandingsTable(words.pool.format(n=pool + 1), words.pool_headers, rows,
                 words.round.format(n=now), matches)


# ----- Swiss --------------------------------------------------------------------------------


def _swiss(state: Swiss, names: Mapping[Entrant, str], words: BracketWords) -> BracketPicture:
    """The standings with their tie-breaks, and the round in play's pairings under them."""
    lines = swiss.standings(state)
    rows = tuple(StandingRow((str(rank), _name(names, line.entrant), str(line.wins),
                              str(line.buchholz), str(line.sonneborn_berger)))
                 for rank, line in enumerate(lines, start=1))
    results = _results(state.results)
    number = len(state.rounds)
    table = StandingsTable(words.standings, words.swiss_headers, rows,
                  words.round_of.format(n=number, total=state.rounds_to_play),
                  tuple(_box(match, results, names) for match in state.rounds[-1]))
    champion = _name(names, lines[0].entrant) if swiss.finished(state) else None
    return _picture(words, _subtitle(words, len(swiss.next_matches(state)), champion),
                    tables=(table,))


# ----- progressive play ---------------------------------------------------------------------


def _progressive(state: Progressive, names: Mapping[Entrant, str],
                 words: BracketWords) -> BracketPicture:
    """The players' standings, and the round in play's tables (partnership against
    partnership); ``names`` name the players, a partnership is its two names."""
    pairs = dict(names)
    for number in range(1, len(state.rounds) + 1):
        for match in progressive.tables(state, number):
            for side in match.sides:
                pairs[side] = " & ".join(_name(names, p) for p in progressive.partners(side))
    lines = progressive.standings(state)
    rows = tuple(StandingRow((str(rank), _name(names, line.player), str(line.played),
                              str(line.wins), f"{line.marks_for}–{line.marks_against}"))
                 for rank, line in enumerate(lines, start=1))
    results = _results(state.results)
    playing = progressive.next_matches(state)
    number = playing[0].round if playing else len(state.rounds)
    table = StandingsTable(words.standings, words.player_headers, rows,
                           words.round_of.format(n=number, total=len(state.rounds)),
                           tuple(_box(match, results, pairs)
                                 for match in progressive.tables(state, number)))
    champion = _name(names, lines[0].player) if not playing else None
    return _picture(words, _subtitle(words, len(playing), champion), tables=(table,))
