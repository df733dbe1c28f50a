"""One object, one name, in each language: a glossary of the game's terms, one word per concept,
that every catalog entry is held to.

For each concept, :attr:`Term.english` finds the entries whose English speaks of it; there the
translation must use the language's word (:attr:`Term.say`) and may not use the synonyms the
glossary rules out (:attr:`Term.never`), which are also ruled out anywhere the English does not
ask for them (:attr:`Term.unless`). A word that is right for one concept and wrong for another
(Brazilian *dupla*: a partnership, never a double) is ruled out except where the English speaks
of the concept it names. Exceptions are listed by message id, with their reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from babel.messages.catalog import Catalog

from tests.i18n.test_catalogs import CATALOGS, EXTRACTION, forms, load


@dataclass(frozen=True)
class Term:
    concept: str
    english: str
    """Where the English speaks of the concept (a regular expression, case-insensitive)."""
    say: dict[str, str] = field(default_factory=dict)
    """Per language, the word a translation of such an entry must use."""
    never: dict[str, str] = field(default_factory=dict)
    """Per language, the synonyms ruled out for this concept."""
    unless: str | None = None
    """Where the English speaks of something else that a synonym of :attr:`never` rightly
    names: only there may the translation use it."""
    anywhere: bool = False
    """Rule out :attr:`never` in every entry, not only where the English names the concept."""
    exact: bool = False
    """Match case: a name ("Sevens", the house rule) that a common word ("sevens") is not."""


def _w(*words: str) -> str:
    return r"\b(" + "|".join(words) + r")\b"


GLOSSARY = (
    Term("double", r"\bdoubles?\b(?!-)(?! elimination)",  # not "a double-six set", the
         # set's name, nor "double elimination", the tournament's format
         say={"pt_BR": _w("carroças?"), "it": _w("doppi", "doppio")},
         never={"pt_BR": _w("duplas?")}, unless=_w("teams?", "sides?"), anywhere=True),
    Term("hand (one deal)", r"(?<!-)\bhands?\b",  # not "three-hand 42", the game's name
         say={"pt_BR": _w("mãos?"), "it": _w("mano", "mani")},
         never={"pt_BR": _w("rodadas?")}, unless=_w("rounds?"), anywhere=True),
    Term("dealer", r"\bdealer\b", say={"pt_BR": _w("distribuidor"), "it": _w("mazziere")},
         never={"pt_BR": _w("carteador")}, anywhere=True),
    Term("away", r"(?<!scrolled )(?<!right )\baway\b",  # not "scrolled away", "right away"
         say={"pt_BR": _w("ausentes?"), "it": _w("assenti", "assente")},
         never={"pt_BR": _w("saiu", "saíram"), "it": _w("via")}),
    Term("trump", r"\btrumps?\b", say={"pt_BR": _w("trunfos?"), "it": _w("briscol[ae]")},
         never={"it": _w("atout")}, anywhere=True),
    Term("mark", r"\bmarks?\b", say={"pt_BR": _w("marcas?"), "it": _w("segno", "segni")},
         never={"it": _w("marca", "marche")}, anywhere=True),
    Term("bid", r"\b(bids?|bidder)\b",  # "Bidding", the auction's heading, is the auction
         say={"pt_BR": _w("lances?"), "it": _w("dichiar\\w*")},
         never={"pt_BR": r"\bapost\w*"}, anywhere=True),
    Term("team", r"\b(teams?|sides?)\b", never={"it": _w("coppia", "coppie")}, anywhere=True),
    Term("widow", r"\bwidow\b", say={"pt_BR": _w("viúva"), "it": _w("vedova")}),
    Term("leftover", r"\bleftover\b", say={"pt_BR": _w("sobra"), "it": _w("avanzo")}),
    Term("boneyard", r"\bboneyard\b", say={"pt_BR": _w("monte"), "it": _w("mazzo")}),
    Term("Nello", r"\bNello\b", say={"pt_BR": _w("Nulo"), "it": _w("Nello")},
         never={"pt_BR": _w("Nello")}, exact=True),
    Term("Sevens (H-SEVENS)", r"\bSevens\b", say={"pt_BR": _w("Setes"), "it": _w("Sette")},
         never={"pt_BR": _w("Sevens"), "it": _w("Sevens")}, exact=True),
    Term("passes", r"\bpasses\b", never={"it": _w("tre passo")}, anywhere=True),
    Term("spelling", r"$^", never={"pt_BR": _w("estatisticas", "nivel")}, anywhere=True),
)
"""The game's terms in Brazilian Portuguese and Italian (English is the message id itself)."""

EXCEPTIONS: dict[tuple[str, str, str], str] = {
    ("pt_BR", "bid", "Make your call by typing it."):
        "a call is a bid or a pass: a jogada",
    ("it", "bid", "The winner of the auction alone sees the widow, takes it and discards one tile"
                  " face down."): "the auction is the asta",
    ("pt_BR", "hand (one deal)", "That tile is not in your hand."):
        "'na sua mão': the tiles held",
    ("pt_BR", "double", "Double elimination"):
        "the tournament's format, eliminação dupla: no tile",
    ("pt_BR", "double", "Double elimination: out after two lost matches"):
        "likewise",
}
"""(language, concept, message id) that may leave a rule aside, and why."""


PLACEHOLDER = re.compile(r"\{[^}]*\}")
"""A ``{named}`` field: a value, not the English's words."""


def entries(catalog: Catalog) -> list[tuple[str, list[str]]]:
    """The message ids the code uses (both English forms of a plural) and their translations;
    command names are checked on their own (:func:`test_command_names_are_spelt_right`)."""
    found = []
    for used in EXTRACTION.messages.values():
        entry = catalog.get(used.msgid, context=used.context)
        if entry is None or used.context is not None:
            continue
        english = used.msgid if used.plural is None else f"{used.msgid} {used.plural}"
        found.append((english, forms(entry)))
    return found


def breaches(language: str, pairs: list[tuple[str, list[str]]]) -> list[str]:
    """Every rule of the glossary each translation breaks, said with the entry."""
    found = []
    for english, translated in pairs:
        for term in GLOSSARY:
            if (language, term.concept, english) in EXCEPTIONS:
                continue
            prose = PLACEHOLDER.sub("", english)
            flags = 0 if term.exact else re.IGNORECASE
            speaks = re.search(term.english, prose, flags) is not None
            allowed = term.unless is not None and re.search(term.unless, prose, re.I)
            say, never = term.say.get(language), term.never.get(language)
            for text in translated:
                if speaks and say and not re.search(say, text, flags):
                    found.append(f"{term.concept}: {text!r} does not say {say} ({english!r})")
                if never and (speaks or term.anywhere) and not allowed and re.search(
                        never, text, flags):
                    found.append(f"{term.concept}: {text!r} says {never} ({english!r})")
    return found


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_every_entry_names_each_thing_by_the_glossary_s_word(language: str) -> None:
    problems = breaches(language, entries(load(language)))
    assert not problems, f"{len(problems)} entries:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_command_names_are_spelt_right(language: str) -> None:
    """Slash command names may hold any lowercase letter, accented ones too, and name trump
    as the glossary does."""
    catalog = load(language)
    names = [str(entry.string) for entry in catalog if entry.context == "command name"]
    for term in GLOSSARY:
        rule = term.never.get(language)
        if rule and term.concept in ("spelling", "trump"):
            assert not [n for n in names if re.search(rule, n)], names


def test_the_glossary_catches_the_slips_players_reported() -> None:
    """A double called a team, a hand called a round, the dealer's other name, away called
    gone, a mark's and trump's other names, three "pass"; and a team called a team, a round of
    bids a round, are fine."""
    found = breaches("pt_BR", [
        ("With 3 doubles: bid 3 marks; your partner names trump and leads",
         ["Com 3 duplas: lance de 3 marcas; seu parceiro escolhe o trunfo e sai"]),
        ("Your hand — {seat}, hand {hand}", ["Sua mão — {seat}, rodada {hand}"]),
        ("Nello by the dealer only, after three passes",
         ["Nulo só pelo carteador, depois de três passes"]),
        ("Someone's away…", ["Alguém saiu…"]),
    ])
    assert [b.split(":")[0] for b in found] == [
        "double", "double", "hand (one deal)", "dealer", "dealer", "away", "away"], found
    assert breaches("pt_BR", [
        ("Every point counts; the first side to 250 points wins",
         ["Cada ponto conta; vence a primeira dupla a 250 pontos"]),
        ("One round of bids: points from 40 to 69, or marks.",
         ["Uma rodada de lances: pontos de 40 a 69, ou marcas."]),
    ]) == []
    found = breaches("it", [
        ("Splash ({n} mark) Splash ({n} marks)", ["Splash ({n} marca)", "Splash ({n} marche)"]),
        ("Name trump…", ["Scegli l'atout…"]),
        ("Nello by the dealer only, after three passes",
         ["Nello solo per il mazziere, dopo tre passo"]),
    ])
    assert [b.split(":")[0] for b in found] == [
        "mark", "mark", "mark", "mark", "trump", "trump", "passes"], found
