"""The cogs import one another one way: no circle among them (imports under TYPE_CHECKING or
inside a function count too), and the Tables cog, their top, is imported by none of them."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

COGS = Path(__file__).resolve().parents[1] / "cogs"


def module_name(path: Path) -> str:
    parts = path.relative_to(COGS.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports, wherever in the file."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
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


def graph() -> dict[str, set[str]]:
    paths = sorted(COGS.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imported(path, modules) for path in paths}


def test_the_cogs_import_one_another_without_a_circle() -> None:
    try:
        tuple(TopologicalSorter(graph()).static_order())
    except CycleError as error:
        raise AssertionError(f"import circle: {' -> '.join(error.args[1])}") from None


def test_nothing_in_the_cogs_imports_the_tables_cog() -> None:
    assert [name for name, imports in graph().items() if "cogs.tables" in imports] == []
