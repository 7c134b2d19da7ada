"""The house's floors (issue 19): imports run one way, top to bottom, with no circles.

    CLI (table.cli, table.commands)
      → the registry (table.games)
        → each game's package (table.games.<key>; no game imports another)
          → the companion shell, the display toolkit, the history (table.companion, table.display,
            table.bots' shared harness)
            → the engine core, hardware, i18n (table.engine, table.hardware, table.i18n)

Every ``import`` counts, at module level or inside a function (``TYPE_CHECKING`` blocks do not).
``python -m tests.test_layers`` prints what breaks the rule.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "table"


def floor(module: str) -> int:
    if module.startswith(("table.commands", "table.cli", "table.__main__")) or module == "table":
        return 5
    if module == "table.games":
        return 4
    if module.startswith("table.games."):
        return 3
    if module.startswith(("table.engine", "table.hardware", "table.i18n")):
        return 1
    return 2


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``table`` that ``path`` imports (a name imported from a package counts as
    its submodule when there is one)."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join([*up, base] if base else up)
                for a in child.names:
                    found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    out = set()
    for name in found:
        while name not in modules and "." in name:
            name = name.rpartition(".")[0]
        if name in modules and name != me and name.startswith("table"):
            out.add(name)
    return out


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module of ``table`` and the ``table`` modules it imports: every file parsed once for
    both tests (read only)."""
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def _game(module: str) -> str:
    return module.split(".")[2]


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for a, targets in sorted(edges.items()):
        for b in sorted(targets):
            if a.startswith(b + ".") or (floor(a) == 2 and b == "table"):
                continue  # a package's own __init__
            if floor(b) > floor(a):
                bad.append(f"{a} -> {b} (up from floor {floor(a)} to {floor(b)})")
            elif floor(a) == floor(b) == 3 and _game(a) != _game(b):
                bad.append(f"{a} -> {b} (one game imports another)")
    return bad


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def connect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return out


def test_imports_run_one_way_down_the_floors() -> None:
    bad = upward_imports(graph())
    assert not bad, f"{len(bad)} imports run up the floors:\n" + "\n".join(bad)


def test_there_are_no_import_circles() -> None:
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join(" ↔ ".join(c) for c in found)


if __name__ == "__main__":
    g = graph()
    up = upward_imports(g)
    print("\n".join(up) or "no upward imports")
    for c in circles(g):
        print("circle:", " ↔ ".join(c))
