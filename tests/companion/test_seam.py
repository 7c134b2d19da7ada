"""The seam between the shell and a game is typed (issue 32): the shell, the front ends and the
views speak to a game through ``GameCompanion`` and the small protocols beside it, never through
an ``Any``-typed companion parameter or a ``getattr`` probe; every registered game meets the
protocol (mypy checks the classes where they are handed over; this checks the objects)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from table import games as registry
from table.companion.protocol import GameCompanion, TableShell
from table.companion.shell import Shell, game_module

ROOT = Path(__file__).resolve().parents[2] / "table"

UNTYPED = re.compile(r"\b(?:ctl|shell|sh|companion|module|current)\s*:\s*Any\b")
"""A companion (or the shell over one) as a parameter or attribute typed ``Any``."""
PROBE = re.compile(r"\b(?:getattr|hasattr)\(\s*(?:self\.)?(?:ctl|shell|sh|companion|current)\s*,")
"""A ``getattr``/``hasattr`` probe on a companion or the shell."""


def offences(pattern: re.Pattern[str], texts: dict[str, str]) -> list[str]:
    return [f"{name}:{n}: {line.strip()}" for name, text in sorted(texts.items())
            for n, line in enumerate(text.splitlines(), 1) if pattern.search(line)]


def sources() -> dict[str, str]:
    return {str(p.relative_to(ROOT.parent)): p.read_text(encoding="utf-8") for p in sorted(ROOT.rglob("*.py"))}


def test_the_rules_see_what_they_forbid() -> None:
    texts = {"a.py": "def f(ctl: Any) -> None:\n    x = getattr(ctl, 'lesson', None)\n",
             "b.py": "def g(self, shell: Any, ctl: GameCompanion) -> None:\n    hasattr(self.shell, 'phones')\n",
             "c.py": "def h(ctl: GameCompanion, data: Any) -> None:\n    getattr(item, 'button', None)\n"}
    assert offences(UNTYPED, texts) == ["a.py:1: def f(ctl: Any) -> None:",
                                        "b.py:1: def g(self, shell: Any, ctl: GameCompanion) -> None:"]
    assert offences(PROBE, texts) == ["a.py:2: x = getattr(ctl, 'lesson', None)",
                                      "b.py:2: hasattr(self.shell, 'phones')"]


def test_no_companion_is_typed_any() -> None:
    found = offences(UNTYPED, sources())
    assert not found, "a companion typed Any (use GameCompanion or a protocol beside it):\n" + "\n".join(found)


def test_no_getattr_probes_on_a_companion() -> None:
    found = [line for line in offences(PROBE, sources()) if not line.startswith("table/companion/shell.py")]
    assert not found, "getattr probes on a companion (name the capability in protocol.py):\n" + "\n".join(found)


@pytest.mark.parametrize("game", [g.key for g in registry.games() if g.has("companion")])
def test_every_game_companion_is_a_game_companion(game: str) -> None:
    module = registry.load_game(game).part("companion")()
    assert isinstance(module, GameCompanion)
    shell = Shell(module, lambda key: registry.load_game(key).part("companion")(), games=registry.games())
    assert isinstance(shell, TableShell) and not isinstance(module, TableShell)
    assert game_module(shell) is module and game_module(module) is module
    assert shell.phones is None and shell.phones_progress is None  # let in only by play --web


def test_the_game_choice_in_the_help_lists_the_registered_games_not_a_games_own_list() -> None:
    from table.companion.text import help_keys

    every = [g for g in registry.games() if g.has("companion")]
    for game in every:
        text = help_keys(game, registry.games())
        assert f"the next game ({', '.join(g.key for g in every)})" in text
    alone = help_keys(registry.load_game("applejack"))  # no choice to make: no line for it
    assert "the next game" not in alone and "zankapfel" not in alone
