"""The house's shape (docs/ARCHITECTURE.md), read from the source: imports run one way up the
floors engine < bot < cogs < tools, nothing outside tests/ imports tests, no import circle spans
two folders or holds more than five modules, and no module is longer than 800 lines.

Every import counts, wherever it is written (inside a function, or only for the type checker),
since each is a dependency a reader has to follow.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("engine", "bot", "cogs", "tools")
"""From the bottom up: a module may import its own floor and the ones below."""
TOPS = (*FLOORS, "tests")
MOST_LINES = 800
MOST_IN_A_CIRCLE = 5


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(root: Path) -> dict[str, Path]:
    """Every module of the project's top packages, by dotted name."""
    return {module_name(root, path): path for top in TOPS
            for path in sorted((root / top).rglob("*.py"))}


def imported(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The project's modules that ``path`` (module ``name``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[:len(parts) - node.level + 1], *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = sources(root)
    return {name: imported(name, path, modules) for name, path in modules.items()}


def circles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(edges.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def floor(name: str) -> int | None:
    top = name.partition(".")[0]
    return FLOORS.index(top) if top in FLOORS else None


def upward(edges: Mapping[str, set[str]]) -> list[str]:
    """Imports of a floor above the importer's, or of tests from outside tests."""
    wrong = []
    for name, targets in sorted(edges.items()):
        level = floor(name)
        if level is None:
            continue
        for target in sorted(targets):
            above = floor(target)
            if target.partition(".")[0] == "tests" or (above is not None and above > level):
                wrong.append(f"{name} imports {target}")
    return wrong


def folder(name: str) -> str:
    return name.rpartition(".")[0]


def test_imports_run_one_way_up_the_floors_and_never_into_tests() -> None:
    assert upward(graph()) == []


def test_no_import_circle_spans_two_folders_or_holds_more_than_five_modules() -> None:
    bad = [circle for circle in circles(graph())
           if len(circle) > MOST_IN_A_CIRCLE or len({folder(name) for name in circle}) > 1]
    assert bad == []


def test_no_module_is_longer_than_800_lines() -> None:
    long = {name: lines for name, path in sources(ROOT).items()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_nothing_in_the_cogs_imports_the_tables_cog() -> None:
    """The Tables cog is the top of cogs/: its buttons reach it through a typed protocol."""
    assert [name for name, imports in graph().items()
            if "cogs.tables" in imports and name.startswith("cogs")] == []


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for top in TOPS:
        (tmp_path / top).mkdir()
        (tmp_path / top / "__init__.py").write_text("")
    return tmp_path


def test_the_reading_finds_an_upward_import_a_circle_and_an_import_of_tests(tree: Path) -> None:
    (tree / "engine" / "a.py").write_text("from . import b\n")
    (tree / "engine" / "b.py").write_text("def f():\n    from .a import x\n")
    (tree / "bot" / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                       "if TYPE_CHECKING:\n    from cogs import d\n")
    (tree / "cogs" / "d.py").write_text("import bot.c\nfrom tests import helpers\n")
    (tree / "tests" / "helpers.py").write_text("import tools\n")
    edges = graph(tree)
    assert sorted(circles(edges)) == [["bot.c", "cogs.d"], ["engine.a", "engine.b"]]
    assert upward(edges) == ["bot.c imports cogs.d", "cogs.d imports tests.helpers"]
