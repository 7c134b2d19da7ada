"""Every exception the table defines is in one of its two families (issue 32): a refusal of bad
input is a ``TableError`` (``table/engine/errors.py``: one line for the person at the table, caught
by every front end), a fault of the lid's devices a ``HardwareError`` (``table/hardware/errors.py``).
And no two exception classes share a name, so a ``ConfigError`` in a log or a test means one class."""

from __future__ import annotations

import importlib
import inspect
from collections import defaultdict
from pathlib import Path

from table.engine.errors import TableError
from table.hardware.errors import HardwareError

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = (TableError, HardwareError)


def exception_classes() -> list[type[BaseException]]:
    """Every exception class defined in a module of ``table`` (each module imported)."""
    found: list[type[BaseException]] = []
    for path in sorted((ROOT / "table").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        module = importlib.import_module(name)
        found += [obj for obj in vars(module).values()
                  if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == name]
    return found


def outside(classes: list[type[BaseException]]) -> list[str]:
    return sorted(f"{c.__module__}.{c.__qualname__}" for c in classes if not issubclass(c, FAMILIES))


def doubles(classes: list[type[BaseException]]) -> dict[str, list[str]]:
    by_name: dict[str, list[str]] = defaultdict(list)
    for c in classes:
        by_name[c.__name__].append(c.__module__)
    return {name: sorted(mods) for name, mods in by_name.items() if len(mods) > 1}


def test_the_checks_see_a_stray_and_a_double() -> None:
    class Stray(ValueError):
        pass

    class ConfigError(TableError):  # the engine's has this name
        pass

    from table.engine.errors import ConfigError as EngineConfigError

    assert outside([Stray, ConfigError]) == [f"{__name__}.{Stray.__qualname__}"]
    assert set(doubles([ConfigError, EngineConfigError])) == {"ConfigError"}


def test_every_exception_is_in_one_of_the_two_families() -> None:
    classes = exception_classes()
    assert len(classes) > 40  # the walk found the table's errors (a broken walk finds none)
    stray = outside(classes)
    assert not stray, "exceptions outside TableError and HardwareError:\n" + "\n".join(stray)


def test_exception_class_names_are_unique() -> None:
    found = doubles(exception_classes())
    assert not found, f"exception classes sharing a name: {found}"
