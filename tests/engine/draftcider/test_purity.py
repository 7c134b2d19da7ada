"""Draft Cider's engine package is pure like the rest of the engine (the engine-wide purity test
looks at table/engine/*.py only, not at sub-packages)."""

from pathlib import Path

import table.engine.draftcider
from tests.engine.test_purity import FORBIDDEN, imported_modules

PACKAGE = Path(table.engine.draftcider.__file__).parent


def test_draftcider_modules_import_nothing_impure():
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) >= 6
    for path in modules:
        bad = imported_modules(path) & FORBIDDEN
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_draftcider_uses_no_global_random_state_and_opens_no_file():
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in ("random.random(", "random.choice(", "random.randrange(", "random.shuffle(", "random.seed("):
            assert call not in text, f"{path.name} calls the global RNG ({call})"
        assert "open(" not in text, f"{path.name} opens a file"
        assert "read_text" not in text and "tomllib.load(" not in text, f"{path.name} reads a file"
