"""The engine is pure: no I/O, threads, clock, global RNG, and none of the app's libraries."""

import ast
from pathlib import Path

import table.engine

FORBIDDEN = {"pygame", "gpiozero", "serial", "time", "threading", "os", "pathlib", "importlib", "socket",
             "sqlite3", "subprocess", "platformdirs", "logging", "asyncio", "multiprocessing"}
ENGINE = Path(table.engine.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_modules_import_nothing_impure():
    modules = sorted(ENGINE.glob("*.py"))
    assert len(modules) > 10
    for path in modules:
        bad = imported_modules(path) & FORBIDDEN
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_engine_uses_no_global_random_state():
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in ("random.random(", "random.choice(", "random.randrange(", "random.shuffle(", "random.seed("):
            assert call not in text, f"{path.name} calls the global RNG ({call})"
        assert "open(" not in text.replace("_open(", "").replace("open_", ""), f"{path.name} opens a file"
