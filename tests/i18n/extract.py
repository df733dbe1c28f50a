"""The messages the code uses, found by reading its source, and the catalogs kept in step.

Every user-facing text is a literal message id at one of these calls:

- ``t(locale, "msgid", ...)`` and ``tn(locale, "singular", "plural", n, ...)``;
- ``N_("msgid")``, which marks an id written down away from the ``t`` that says it, and
  ``NN_("singular", "plural")``, the same for a count's pair;
- ``Refusal("msgid", ...)``, said later with ``t`` in the refused member's language;
- ``locale_str("text")`` for slash commands, with ``msgctxt="command name"`` on names.

A call whose message id is not a literal is reported, except inside the few functions that
only pass on ids marked elsewhere (:data:`FORWARDERS`).

``python -m tests.i18n.extract`` brings every ``bot/locales/*/LC_MESSAGES/messages.po`` up to
date with the code (new messages untranslated, changed ones fuzzy, removed ones kept as obsolete
``#~`` entries), ready for a translator; ``python -m tests.i18n.extract --new es`` starts the
catalog of a new language (Discord's locale with ``_``: ``es_ES``, or its language: ``es``).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import string
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
COMMAND_NAME = "command name"

FORWARDERS = {
    ("bot/service/refusals.py", "Refusal.text"),  # says the id its Refusal was raised with
    ("bot/service/refusals.py", "refusal_for"),  # raises ids marked N_ in _RULE_MESSAGES, …
    ("bot/service/refusals.py", "seat_of"),  # raises the id its callers mark with N_
    ("bot/service/refusals.py", "require_host"),  # likewise
    ("bot/service/refusals.py", "require_lobby"),  # likewise
    ("bot/service/refusals.py", "require_creators_lobby"),  # likewise
    ("bot/service/refusals.py", "require_drawn"),  # likewise
    ("bot/service/store.py", "TableStore._store"),  # raises CHANGED_MEANWHILE, marked N_
    ("bot/service/play.py", "Play._act_on"),  # raises OUT_OF_DATE and AWAY, marked N_
    ("bot/service/play.py", "Play.hint_panel"),  # raises AWAY, marked N_
    ("bot/service/lobby.py", "Lobby.set_options"),  # raises the ids marked N_ in house_rules
    ("bot/house_rules.py", "label"),  # says the ids marked N_ in CHOICES
    ("cogs/typed.py", "_checked"),  # raises the ids marked N_ at the top of the module
    ("cogs/answering.py", "cant_post"),  # names the permissions marked N_ in POSTING
    ("cogs/typed.py", "resolve"),  # likewise
    ("cogs/typed.py", "_trump"),  # likewise
    ("cogs/guide.py", "rules_message"),  # says the ids marked N_ in RULES
    ("cogs/messages/lobby.py", "lobby"),  # says the descriptions marked N_ in house_rules.CHOICES
    ("cogs/guide.py", "help_message"),  # says the ids marked N_ in COMMANDS
    ("cogs/games.py", ""),  # the choices say the ids marked N_ in TITLES and DESCRIPTIONS
    ("cogs/games.py", "game_title"),  # says the ids marked N_ in TITLES
    ("cogs/games.py", "leftover_word"),  # says the ids marked N_ in vocabulary.LEFTOVER_LABELS
    ("cogs/games.py", "leftover_name"),  # says the ids marked N_ in vocabulary.LEFTOVER_WORDS
    ("cogs/messages/words.py", "level_name"),  # says the names marked N_ in LEVEL_NAMES and
    # PLAYER_NAMES
    ("cogs/messages/standings.py", "leaderboard_message"),  # likewise
    ("cogs/hints.py", "hint_text"),  # says the reasons marked N_ in REASONS
    ("cogs/messages/tournament.py", "stage_title"),  # says the names marked N_ in STAGE_NAMES
    ("cogs/messages/tournament.py", "format_name"),  # says the names marked N_ in FORMAT_NAMES
    ("cogs/messages/bracket.py", "translated_words"),  # says the words marked N_ in BracketWords
}
"""(file, function) that may call ``t`` or ``Refusal`` with an id that is not a literal."""

_ARGS = {"t": (1,), "tn": (1, 2), "N_": (0,), "NN_": (0, 1), "Refusal": (0,),
         "Unrestorable": (0,), "locale_str": (0,)}

MARKED = {"seat_of": (2,), "require_host": (2,), "require_lobby": (1,),
          "require_creators_lobby": (2, 3), "require_drawn": (2,)}
"""Functions that raise the message id their callers hand them (by position): a caller must
mark it with ``N_``, or no catalog ever holds it."""

HEADER = "# After a change of the code's messages: python -m tests.i18n.extract"
NAME_COMMENT = ("A slash command or option name: one lowercase word (letters, digits, - or _),"
                " at most 32 characters.")
TEXT_COMMENT = "Shown in Discord's command list: at most 100 characters."


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    context: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.msgid


@dataclass
class Extraction:
    messages: dict[tuple[str | None, str], Message] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """Calls whose message id is not a literal, outside :data:`FORWARDERS`."""


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _unmarked(call: ast.Call, position: int) -> bool:
    """Whether the call hands a plain string literal where a marked id belongs."""
    node = call.args[position] if position < len(call.args) else next(
        (k.value for k in call.keywords if k.arg in ("msgid", "started", "not_creator")), None)
    return _literal(node) is not None


def _calls(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
    """Each call in the module with the dotted name of the function it is in."""

    def walk(node: ast.AST, scope: str) -> Iterator[tuple[str, ast.Call]]:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{scope}.{child.name}" if scope else child.name
            if isinstance(child, ast.Call):
                yield scope, child
            yield from walk(child, inner)

    yield from walk(tree, "")


def extract(root: Path = ROOT) -> Extraction:
    found = Extraction()
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
            for scope, call in _calls(tree):
                name = _callee(call)
                if name in MARKED and any(_unmarked(call, at) for at in MARKED[name]):
                    found.problems.append(f"{relative}:{call.lineno}: {name}(...) with a message"
                                          f" id not marked N_ (in {scope or 'the module'})")
                if name not in _ARGS:
                    continue
                where = f"{relative}:{call.lineno}"
                positions = _ARGS[name]
                texts = [_literal(call.args[i]) if i < len(call.args) else None
                         for i in positions]
                context_node = next((k.value for k in call.keywords if k.arg == "msgctxt"), None)
                context = _literal(context_node)
                if None in texts or (context_node is not None and context is None):
                    if (relative, scope) not in FORWARDERS:
                        found.problems.append(
                            f"{where}: {name}(...) without a literal message id"
                            f" (in {scope or 'the module'})")
                    continue
                msgid, plural = texts[0], texts[1] if len(texts) > 1 else None
                assert msgid is not None
                message = found.messages.setdefault((context, msgid),
                                                    Message(msgid, plural, context))
                if plural is not None and message.plural not in (None, plural):
                    found.problems.append(f"{where}: {msgid!r} has two plural forms")
                message.plural = message.plural or plural
                message.locations.append((relative, call.lineno))
                if name == "locale_str":
                    note = NAME_COMMENT if context == COMMAND_NAME else TEXT_COMMENT
                    if note not in message.comments:
                        message.comments.append(note)
    return found


def placeholders(text: str) -> set[str]:
    """The ``{named}`` fields of a message (``ValueError`` if its braces don't parse).

    >>> sorted(placeholders("{seat} bid {bid}; {{braces}}"))
    ['bid', 'seat']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def template(extraction: Extraction, locale: str | None = None) -> Catalog:
    """Every message the code uses, untranslated (for ``locale``, when given)."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    catalog = Catalog(locale=locale, project="texas42", version=version, domain="messages",
                      charset="utf-8", header_comment=HEADER, fuzzy=False)
    catalog.msgid_bugs_address = catalog.last_translator = ""
    if catalog.locale is not None:
        catalog.language_team = catalog.locale.english_name
        catalog.header_comment = (f"# {catalog.locale.english_name} messages of the Texas 42"
                                  " bot, in the game's own terms.\n" + HEADER)
    for message in extraction.messages.values():
        msgid: str | tuple[str, str] = message.msgid
        if message.plural is not None:
            msgid = (message.msgid, message.plural)
        text = message.msgid + (message.plural or "")
        flags = ("python-brace-format",) if placeholders(text) else ()
        catalog.add(msgid, locations=message.locations, flags=flags,
                    auto_comments=message.comments, context=message.context)
    return catalog


def write(catalog: Catalog, path: Path) -> bool:
    """Write ``catalog`` unless the file says the same already (a new template date aside)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False)
    text = out.getvalue()
    if path.exists() and _dateless(path.read_bytes()) == _dateless(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return True


def _dateless(text: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", text)


def catalog_paths(root: Path = ROOT) -> list[Path]:
    return sorted((root / "bot" / "locales").glob("*/LC_MESSAGES/messages.po"))


def update(root: Path = ROOT, new: str | None = None) -> list[Path]:
    """Merge the messages the code uses into every catalog (and start the catalog of ``new``);
    the files written."""
    extraction = extract(root)
    if extraction.problems:
        raise SystemExit("\n".join(extraction.problems))
    pot = template(extraction)
    written = []
    if new is not None:
        path = root / "bot" / "locales" / new / "LC_MESSAGES" / "messages.po"
        if path.exists():
            raise SystemExit(f"{path} exists already")
        write(template(extraction, new), path)
        written.append(path)
    for po_path in catalog_paths(root):
        if po_path in written:
            continue
        with po_path.open("rb") as source:
            catalog = read_po(source, locale=po_path.parents[1].name)
        catalog.update(pot)
        if write(catalog, po_path):
            written.append(po_path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.i18n.extract", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--new", metavar="LANGUAGE", help="start the catalog of a language")
    args = parser.parse_args(argv)
    for path in update(new=args.new):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
