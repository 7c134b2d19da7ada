"""What the module games' tests share: a game's scripted table and a fresh companion module
through the registry, and the English words (an autouse fixture a test module imports)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from table import i18n
from table.games import load_game


@pytest.fixture(autouse=True)
def in_english() -> Iterator[None]:
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def scripted(key: str, players: int, seed: int) -> list[str]:
    """The game's whole scripted table (its ``table_script`` part) as command lines."""
    lines, _final = load_game(key).part("table_script")(players, seed)
    return list(lines)


def module(key: str, journal: list[tuple[str, Any]] | None = None) -> Any:
    """A fresh companion module of the game, journalling into ``journal`` when given."""
    hook = None if journal is None else (lambda kind, payload: journal.append((kind, payload)))
    return load_game(key).part("companion")(on_command=hook)

