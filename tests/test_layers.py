"""The house's floors (issues 19 and 32): imports run one way, top to bottom, with no circles.

    main      table.__main__                    (python -m table)
    cli       table.cli                         (argparse: picks the command)
    commands  table.commands                    (each command: picks the game, hands its GameDef down)
    registry  table.games
    games     table.games.<key>                 (each game a room: no game imports another)
    toolkit   table.display                     (the pygame screens and app)
    phones    table.web                         (the phones' pages; their words the toolkit shows too)
    shell     table.companion                   (the session, journal, shell, GameCompanion)
    history   table.history                     (the store, readers, result sheet, statistics export)
    storage   table.storage | table.schedule | table.bots   (files on disk; the screen's window; the bots' harness)
    core      table.engine | table.hardware | table.i18n | table.notify | table.csvsafe | table (its version)
    errors    table.engine.errors               (the TableError family every room above raises)

A module imports its own room and the floors below; rooms of one floor never import each other.
Every ``import`` counts: at module level, inside a function, and under ``TYPE_CHECKING`` (a type
that runs back up is as much a back arrow as a call). ``python -m tests.test_layers`` prints what
breaks the rule.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "table"


#: The floors, bottom first: (floor's name, its rooms). A room is a module or package of ``table``
#: (``table.games.*``: each game's package is a room). A module may import its own room and any
#: floor below its own; an import up a floor, or across to another room of the same floor, runs
#: back. Every module of ``table`` lives in exactly one room (a new top-level module or package
#: fails :func:`test_every_module_has_a_floor` until it is given one here and in ARCHITECTURE's chart).
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors", ("table.engine.errors",)),
    ("core", ("table.engine", "table.hardware", "table.i18n", "table.notify", "table.csvsafe", "table")),
    ("storage", ("table.storage", "table.schedule", "table.bots")),
    ("history", ("table.history",)),
    ("shell", ("table.companion",)),
    ("phones", ("table.web",)),
    ("toolkit", ("table.display",)),
    ("games", ("table.games.*",)),
    ("registry", ("table.games",)),
    ("commands", ("table.commands",)),
    ("cli", ("table.cli",)),
    ("main", ("table.__main__",)),
)


def room(module: str) -> tuple[int, str] | None:
    """``module``'s floor (0 = the bottom) and room, or None when it has none."""
    if module.startswith("table.games."):
        return next(i for i, (_, rooms) in enumerate(FLOORS) if "table.games.*" in rooms), module.split(".")[2]
    for i, (_, rooms) in enumerate(FLOORS):
        for r in rooms:
            if module == r or (r != "table" and module.startswith(r + ".")):
                return i, r
    return None


def floor(module: str) -> int:
    found = room(module)
    if found is None:
        raise KeyError(f"{module} is on no floor (tests/test_layers.py FLOORS)")
    return found[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``table`` that ``path`` imports (a name imported from a package counts as
    its submodule when there is one)."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):  # TYPE_CHECKING blocks included
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


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    """Every import that runs up a floor or across to another room of the same floor."""
    bad = []
    for a, targets in sorted(edges.items()):
        for b in sorted(targets):
            if a.startswith(b + "."):
                continue  # a package's own __init__
            (fa, ra), (fb, rb) = room(a) or (-1, a), room(b) or (-1, b)
            if fb > fa:
                bad.append(f"{a} -> {b} (up from {FLOORS[fa][0]} to {FLOORS[fb][0]})")
            elif fa == fb and ra != rb:
                bad.append(f"{a} -> {b} (across the {FLOORS[fa][0]} floor, from {ra} to {rb})")
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


def test_every_module_has_a_floor() -> None:
    homeless = sorted(m for m in graph() if room(m) is None)
    assert not homeless, f"modules on no floor (add them to FLOORS and docs/ARCHITECTURE.md): {homeless}"


def test_imports_run_one_way_down_the_floors() -> None:
    bad = upward_imports(graph())
    assert not bad, f"{len(bad)} imports run up the floors:\n" + "\n".join(bad)


def test_a_back_arrow_and_a_circle_are_seen() -> None:
    """The rule itself: up a floor, across rooms, one game into another, and a circle all count."""
    edges = {"table.history.book": {"table.companion.shell"}, "table.storage.statedir": {"table.schedule"},
             "table.games.nim.rules": {"table.games.zankapfel.words"}, "table.companion.a": {"table.history.store"},
             "table.web.app": {"table.web.door"}, "table.web.door": {"table.web.app"}}
    bad = upward_imports(edges)
    assert [line.split(" (")[0] for line in bad] == ["table.games.nim.rules -> table.games.zankapfel.words",
                                                     "table.history.book -> table.companion.shell",
                                                     "table.storage.statedir -> table.schedule"]
    assert circles(edges) == [["table.web.app", "table.web.door"]]


def test_there_are_no_import_circles() -> None:
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join(" ↔ ".join(c) for c in found)


if __name__ == "__main__":
    g = graph()
    up = upward_imports(g)
    print("\n".join(up) or "no upward imports")
    for c in circles(g):
        print("circle:", " ↔ ".join(c))
