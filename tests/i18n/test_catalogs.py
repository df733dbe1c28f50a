"""The catalogs against the code: every message the code uses is translated in every language,
with the same placeholders as the English, and the right number of plural forms."""

from __future__ import annotations

import gettext
import re
import warnings
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.i18n import catalog_name, catalog_names
from tests.i18n.extract import COMMAND_NAME, Extraction, catalog_paths, extract, placeholders

EXTRACTION = extract()
CATALOGS = {path.parents[1].name: path for path in catalog_paths()}
COMMAND = re.compile(r"/42 ([^\s.,;:!?)]+)")


def load(language: str) -> Catalog:
    with CATALOGS[language].open("rb") as source:
        return read_po(source, locale=language)


def forms(message: Message) -> list[str]:
    string = message.string
    return list(string) if isinstance(string, tuple | list) else [string]


def test_both_languages_have_a_catalog() -> None:
    assert {"pt_BR", "it"} <= set(CATALOGS)
    assert catalog_names() == tuple(sorted(CATALOGS))
    assert [catalog_name(tag) for tag in ("pt-BR", "it", "en-US", "en-GB", "fr", None)] == [
        "pt_BR", "it", None, None, None, None]


def test_every_message_id_is_a_literal() -> None:
    """The static collection sees every message: none is built at run time."""
    assert EXTRACTION.problems == []
    assert len(EXTRACTION.messages) > 150


def test_a_message_built_at_run_time_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bot").mkdir()
    (tmp_path / "cogs").mkdir()
    (tmp_path / "bot" / "x.py").write_text(
        'def f(locale, kind):\n'
        '    t(locale, "Fine {n}", n=1)\n'
        '    t(locale, kind + " bid")\n'
        '    tn(locale, "One", plural_of(kind), 2)\n'
        '    locale_str("go", msgctxt=context)\n', encoding="utf-8")
    found: Extraction = extract(tmp_path)
    assert [key for key in found.messages] == [(None, "Fine {n}")]
    assert len(found.problems) == 3, found.problems
    assert all("bot/x.py:" in problem for problem in found.problems)


def test_an_unmarked_id_handed_to_a_refusal_helper_is_reported(tmp_path: Path) -> None:
    """A helper that raises the id its caller hands it (``require_host``…) never shows that id
    to the extraction: unless the caller marks it with ``N_``, no catalog would hold it."""
    (tmp_path / "bot").mkdir()
    (tmp_path / "cogs").mkdir()
    (tmp_path / "bot" / "x.py").write_text(
        'def f(table, user):\n'
        '    require_host(table, user, N_("Only a seated player may."))\n'
        '    require_host(table, user, "Only the creator may.")\n'
        '    seat_of(table, user, msgid="Sit first.")\n', encoding="utf-8")
    found: Extraction = extract(tmp_path)
    assert [key for key in found.messages] == [(None, "Only a seated player may.")]
    assert len(found.problems) == 2, found.problems
    assert all("not marked N_" in problem for problem in found.problems)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_catalog_translates_every_message_the_code_uses(language: str) -> None:
    catalog = load(language)
    lacking, fuzzy, empty, wrong_plural = [], [], [], []
    for key, used in EXTRACTION.messages.items():
        context, msgid = key
        entry = catalog.get(msgid, context=context)
        if entry is None:
            lacking.append(key)
            continue
        if entry.fuzzy:
            fuzzy.append(key)
        if (used.plural is None) != (not entry.pluralizable) or (
                used.plural is not None and entry.id[1] != used.plural):
            wrong_plural.append(key)
        expected = catalog.num_plurals if used.plural is not None else 1
        strings = forms(entry)
        if len(strings) != expected or not all(strings):
            empty.append(key)
    assert not lacking, f"{language} lacks {lacking}"
    assert not fuzzy, f"{language} has fuzzy translations of {fuzzy}"
    assert not empty, f"{language} has no (or not every plural form of a) translation of {empty}"
    assert not wrong_plural, f"{language} has other plural English for {wrong_plural}"


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_placeholders_match_the_english(language: str) -> None:
    """Each form of each translation has the English placeholders, no more and no fewer (a
    plural form may leave out ``{n}`` only where the English singular does), and its braces
    parse, so filling it in can neither fail nor show an unfilled field."""
    catalog = load(language)
    problems = []
    for used in EXTRACTION.messages.values():
        entry = catalog.get(used.msgid, context=used.context)
        if entry is None:
            continue
        english = [placeholders(used.msgid)]
        if used.plural is not None:
            english.append(placeholders(used.plural))
        for form in filter(None, forms(entry)):  # an empty one is reported above
            try:
                found = placeholders(form)
            except ValueError as error:
                problems.append(f"{form!r}: {error}")
                continue
            if found not in english:
                problems.append(f"{form!r} has {sorted(found)}, the English {sorted(english[-1])}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_plural_forms_header(language: str) -> None:
    """gettext's formula for the language: a plural form for every count, the singular for 1."""
    catalog = load(language)
    header = dict(catalog.mime_headers)["Plural-Forms"]
    expected = {"pt_BR": "nplurals=2; plural=(n > 1);", "it": "nplurals=2; plural=(n != 1);"}
    assert header == expected.get(language, header)
    plural = gettext.c2py(catalog.plural_expr)
    assert plural(1) == 0 and plural(2) == 1
    assert all(0 <= plural(n) < catalog.num_plurals for n in range(200))


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_commands_named_in_messages_are_the_language_s_own(language: str) -> None:
    """A message that tells the reader to type ``/42 join`` names the command as their Discord
    shows it: by its name in that language."""
    catalog = load(language)
    names = {entry.id: entry.string for entry in catalog if entry.context == COMMAND_NAME}
    problems, checked = [], 0
    for used in EXTRACTION.messages.values():
        entry = catalog.get(used.msgid, context=used.context)
        if entry is None or used.context == COMMAND_NAME:
            continue
        mentioned = [word for word in COMMAND.findall(used.msgid) if word in names]
        for form in forms(entry):
            for word in mentioned:
                checked += 1
                if f"/42 {names[word]}" not in form:
                    problems.append(f"{form!r} should say /42 {names[word]}")
    assert checked >= 3
    assert not problems, problems


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_no_stale_entries(language: str) -> None:
    """Entries the code no longer uses are only a warning: run ``python -m tests.i18n.extract``
    to mark them obsolete, and drop obsolete ones once nobody needs them."""
    catalog = load(language)
    stale = [(entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
             for entry in catalog if entry.id]
    stale = [key for key in stale if key not in EXTRACTION.messages]
    if stale:
        warnings.warn(f"{language} has entries the code does not use: {stale}", stacklevel=1)
    if catalog.obsolete:
        warnings.warn(f"{language} keeps {len(catalog.obsolete)} obsolete entries", stacklevel=1)
