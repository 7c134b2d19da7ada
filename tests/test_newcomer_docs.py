"""What a newcomer reads first says what the table does (issue 21): the README's command rows
name the options that pick games, and the companion guide does not deny Draft Cider's history."""

import re
from pathlib import Path

from table.commands.attract import ALL, MIXED
from table.games import games

ROOT = Path(__file__).parents[1]


def row(command: str) -> str:
    """The README's command-table row whose first cell starts with ``command``."""
    rows = [line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith(f"| `{command}")]
    assert rows, command
    return rows[0]


def test_the_readme_rows_name_the_game_options():
    assert "--game KEY" in row("play [") and "--demo-games" in row("play [")
    demo = row("demo [")
    assert "--games N" in demo and f"\\|{MIXED}\\|{ALL}" in demo
    listed = row("games`")
    assert "only Applejack" not in listed and "all four have the table companion" in listed
    assert len([g for g in games() if g.has("companion")]) == 4


def test_the_companion_guide_says_every_game_goes_into_the_history():
    text = (ROOT / "docs/companion.md").read_text()
    assert not re.search(r"Draft Cider[^.]*(not|never)[^.]*histor", text)
    assert "Draft Cider's finished games go into the player history" in text
