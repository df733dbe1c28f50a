"""Counts in every language: each plural entry renders at 0, 1, 2 and 5 with its number, in the
form the language's rule picks (English's singular for 1 only; Brazilian Portuguese, as CLDR
has it, for 0 and 1; Italian for 1), and no message tells a count without a plural entry where
the words next to it agree with it ("1 games together", "partidas: 1 jogadas", "contratti: 1
dichiarati", "bob: 1 points")."""

from __future__ import annotations

import gettext
import re

import pytest

from bot.i18n import tn
from tests.i18n.extract import Message, placeholders
from tests.i18n.test_catalogs import CATALOGS, EXTRACTION, load

COUNTS = (0, 1, 2, 5)
NEVER_ZERO = {"Face up (the last trick)": "the piles face up: 1 or 2 (R-PILES)"}
"""Plural entries whose count is never 0, and why: a language that says 0 in the singular
(Brazilian Portuguese) may leave the number out of it, as the English singular does for 1."""
LOCALES = {"en": None, "pt_BR": "pt-BR", "it": "it"}
PLURALS = [used for used in EXTRACTION.messages.values() if used.plural is not None]


class Filled(dict[str, object]):
    """Any other placeholder of the message, filled with a word that holds no digit."""

    def __missing__(self, key: str) -> str:
        return f"<{key}>"


def said(locale: str | None, used: Message, n: int) -> str:
    assert used.plural is not None
    others = {name: f"<{name}>" for name in placeholders(used.msgid + used.plural) - {"n"}}
    return tn(locale, used.msgid, used.plural, n, **others)


@pytest.mark.parametrize("language", ["en", *sorted(CATALOGS)])
def test_every_plural_entry_says_its_number_in_the_form_the_language_picks(
        language: str) -> None:
    assert len(PLURALS) >= 20
    locale = LOCALES[language]
    if language == "en":
        pick = gettext.c2py("n != 1")
        forms = {used.msgid: (used.msgid, used.plural) for used in PLURALS}
    else:
        catalog = load(language)
        pick = gettext.c2py(catalog.plural_expr)
        forms = {used.msgid: tuple(catalog.get(used.msgid).string) for used in PLURALS}
    problems = []
    for used in PLURALS:
        for n in COUNTS:
            if n == 0 and used.msgid in NEVER_ZERO:
                continue
            text = said(locale, used, n)
            expected = str(forms[used.msgid][pick(n)]).format_map(Filled(n=n))
            if text != expected:
                problems.append(f"{n}: {text!r}, not the form {pick(n)}: {expected!r}")
            unsaid = n == 1 and "{n}" not in used.msgid  # "the last trick": one, in words
            if not unsaid and not re.search(rf"(?<!\d){n}(?!\d)", text):
                problems.append(f"{n}: {text!r} does not say {n}")
    assert not problems, "\n".join(problems)


def test_the_rules_are_cldr_s() -> None:
    """English and Italian: one is singular; Brazilian Portuguese: zero and one."""
    assert [gettext.c2py(load("pt_BR").plural_expr)(n) for n in COUNTS] == [0, 0, 1, 1]
    assert [gettext.c2py(load("it").plural_expr)(n) for n in COUNTS] == [1, 0, 1, 1]


COUNT_FIELDS = frozenset({"n", "needed", "seated", "marks", "need", "set", "games", "wins",
                          "played", "won", "bid", "made", "points", "least", "lost", "hand",
                          "number", "tricks", "seats"})
"""Placeholders that hold a number (``{bid}`` holds one in the standings, a bid elsewhere)."""
AGREEING = {
    "en": re.compile(r"\{(\w+)[^}]*\}\s+([^\W\d_]+[^\W\d_isu]s)\b"),  # not "this"
    "pt_BR": re.compile(r"\{(\w+)[^}]*\}\s+([^\W\d_]{2,}s)\b"),
    "it": re.compile(r"\{(\w+)[^}]*\}\s+([^\W\d_]{2,}[ie])\b"),
}
"""A number followed by a word in the plural (English and Portuguese -s, Italian -i or -e)."""
NEVER_ONE = {
    "{needed} players are needed to start; seated so far: {seated}.":
        "a table's seats: three to eight",
    "{needed} teams are needed to start; signed up so far: {teams}.":
        "the fewest teams a format is played with: two or four",
    "The next marks bid must be exactly {marks} marks.":
        "the marks bid after one of at least 1: at least 2",
    "{team} ({first} and {second}) win the game, {won} points to {lost}!":
        "a winning total: at least 250",
    "{team} ({first} and {second}) win the game, {won} marks to {lost}!":
        "a winning total: at least 7",
}
"""Messages that tell a number in the plural without a plural entry, and why it is never 1."""


def slips(language: str, pairs: list[tuple[str, list[str]]]) -> list[str]:
    """Each message (English id, its translations) whose count sits beside a plural word."""
    found = []
    for english, texts in pairs:
        if english in NEVER_ONE:
            continue
        for text in texts:
            for hit in AGREEING[language].finditer(text):
                if hit.group(1) in COUNT_FIELDS:
                    found.append(f"{text!r}: {hit.group(0)!r}")
    return found


def singular_entries(language: str) -> list[tuple[str, list[str]]]:
    singular = [used for used in EXTRACTION.messages.values()
                if used.plural is None and used.context is None]
    if language == "en":
        return [(used.msgid, [used.msgid]) for used in singular]
    catalog = load(language)
    return [(used.msgid, [str(catalog.get(used.msgid).string)]) for used in singular]


@pytest.mark.parametrize("language", ["en", *sorted(CATALOGS)])
def test_no_count_is_told_without_its_plural_entry(language: str) -> None:
    problems = slips(language, singular_entries(language))
    assert not problems, "\n".join(problems)


def test_the_check_catches_the_slips_players_reported() -> None:
    assert len(slips("en", [("{partner}: {games} games together, {wins} won",
                             ["{partner}: {games} games together, {wins} won"]),
                            ("{n} points", ["{n} points"])])) == 2
    assert len(slips("pt_BR", [("x", ["partidas: {played} jogadas, {won} vencidas"])])) == 2
    assert len(slips("it", [("x", ["contratti: {bid} dichiarati, {made} riusciti"])])) == 2
    assert slips("it", [("x", ["contratti dichiarati: {bid} · mantenuti: {made}"])]) == []
