"""The rules are pure: the engine core (``table/engine``) and every game's ``rules/`` package
import no I/O, threads, clock, global RNG or app library, open no file, and import nothing of
the table above them (companion, display, hardware, another game)."""

import ast
import importlib
from pathlib import Path

import pytest

import table.engine
from table.games import games
from tests.games import every_game

FORBIDDEN = {"pygame", "gpiozero", "serial", "time", "threading", "os", "pathlib", "importlib", "socket",
             "sqlite3", "subprocess", "platformdirs", "logging", "asyncio", "multiprocessing", "datetime"}
ENGINE = Path(table.engine.__file__).parent


def imported_modules(path: Path) -> set[str]:
    return {name.split(".")[0] for name in imported_names(path)}


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def rule_packages() -> list[tuple[str, Path]]:
    """(owner, folder or file): the engine core, each registered game's rules package, and the
    test games (``tests/games/``: Nim's rules are one module)."""
    out = [("engine", ENGINE)]
    for g in every_game():
        rules = importlib.import_module(g.parts["rules"])
        where = Path(rules.__file__)
        out.append((rules.__name__, where.parent if hasattr(rules, "__path__") else where))
    return out


PACKAGES = rule_packages()


def test_every_registered_game_has_a_rules_package():
    found = {owner for owner, _ in PACKAGES}
    assert {g.parts.get("rules") for g in games() if g.has("engine")} <= found


@pytest.mark.parametrize(("owner", "folder"), PACKAGES, ids=[o for o, _ in PACKAGES])
def test_rules_import_nothing_impure(owner, folder):
    modules = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder]
    assert modules, folder
    own = "table.engine" if owner == "engine" else owner
    for path in modules:
        bad = imported_modules(path) & FORBIDDEN
        assert not bad, f"{path} imports {sorted(bad)}"
        above = sorted(n for n in imported_names(path)
                       if n.startswith("table") and not n.startswith((own, "table.engine")))
        assert not above, f"{path} imports {above} (rules import only the engine core and their own package)"


@pytest.mark.parametrize(("owner", "folder"), PACKAGES, ids=[o for o, _ in PACKAGES])
def test_rules_use_no_global_random_state_and_open_no_file(owner, folder):
    for path in folder.rglob("*.py") if folder.is_dir() else [folder]:
        text = path.read_text(encoding="utf-8")
        for call in ("random.random(", "random.choice(", "random.randrange(", "random.shuffle(", "random.seed("):
            assert call not in text, f"{path} calls the global RNG ({call})"
        assert "open(" not in text.replace("_open(", "").replace("open_", ""), f"{path} opens a file"
        assert "read_text" not in text and "tomllib.load(" not in text, f"{path} reads a file"
