"""Every rule id the code cites is defined in docs/, so a reader can look it up."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CODE_DIRS = ("engine", "bot", "cogs", "tools", "tests")
CODE_SUFFIXES = {".py", ".po", ".md", ".txt", ".toml", ".json"}

# An id such as R-FOLLOW or V-BIG-LEAD-LOW; `-*` after it (R-SEE-*) means every id it starts.
ID = re.compile(r"\b[RHV]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b(-\*)?")
BOLD_ID = re.compile(r"\*\*([RHV]-[A-Z0-9]+(?:-[A-Z0-9]+)*)\*\*")


def defined_ids() -> dict[str, str]:
    """id -> the docs page defining it: a bold id (`**R-LEAD**`) or an id in a heading."""
    found: dict[str, str] = {}
    for page in sorted(DOCS.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                names = [m.group(0) for m in ID.finditer(line) if not m.group(1)]
            else:
                names = BOLD_ID.findall(line)
            for name in names:
                assert name not in found, f"{name} is defined twice ({found[name]}, {page.name})"
                found[name] = page.name
    return found


def cited_ids(paths: list[Path]) -> dict[str, set[str]]:
    """id (with a trailing `-*` for a family) -> the files that cite it."""
    cited: dict[str, set[str]] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in ID.finditer(text):
            name = match.group(0)
            cited.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return cited


def code_files() -> list[Path]:
    files: list[Path] = []
    for folder in CODE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in CODE_SUFFIXES and "__pycache__" not in path.parts:
                files.append(path)
    this = Path(__file__).resolve()  # its own examples below are made-up ids
    return [path for path in files if path.resolve() != this]


def undefined(cited: dict[str, set[str]], defined: dict[str, str]) -> list[str]:
    missing: list[str] = []
    for name, where in sorted(cited.items()):
        if name.endswith("-*"):
            prefix = name[:-1]
            ok = any(d.startswith(prefix) for d in defined)
        else:
            ok = name in defined
        if not ok:
            missing.append(f"{name} (cited in {', '.join(sorted(where))})")
    return missing


def test_docs_define_the_three_families() -> None:
    defined = defined_ids()
    for family, page in (("R-", "RULES.md"), ("H-", "HOUSE-RULES.md"), ("V-", "VARIANTS.md")):
        ids = [name for name, where in defined.items() if name.startswith(family)]
        assert ids and all(defined[name] == page for name in ids), family


def test_every_id_cited_in_the_code_is_defined_in_docs() -> None:
    missing = undefined(cited_ids(code_files()), defined_ids())
    assert not missing, "ids cited but not defined in docs/:\n" + "\n".join(missing)


def test_every_id_cited_in_docs_is_defined_in_docs() -> None:
    missing = undefined(cited_ids(sorted(DOCS.glob("*.md"))), defined_ids())
    assert not missing, "ids cited in docs/ but defined nowhere:\n" + "\n".join(missing)


def test_a_family_citation_needs_a_member() -> None:
    defined = {"R-SEE-HAND": "RULES.md"}
    assert undefined({"R-SEE-*": {"a.py"}}, defined) == []
    assert undefined({"R-LOOK-*": {"a.py"}, "R-SEE": {"b.py"}}, defined) == [
        "R-LOOK-* (cited in a.py)",
        "R-SEE (cited in b.py)",
    ]
