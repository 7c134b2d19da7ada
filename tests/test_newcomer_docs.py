"""What a newcomer reads first says what the table does (issue 21): the README's command rows
name the options that pick games, and the companion guide does not deny Draft Cider's history."""

import re
from pathlib import Path

from table.cli import main
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
    assert "only Applejack" not in listed and "every game here has the table companion" in listed
    assert all(g.has("companion") for g in games())  # what the row says: every registered game
    assert not re.search(r"\b(four|4|five|5) (games|have)\b|all (four|five)", listed)  # no count to go stale


def test_the_games_command_lists_every_registered_game_with_its_seats(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(games())
    for line, game in zip(out, games(), strict=True):
        assert line.split()[0] == game.key and f"{game.seats_text} players" in line


def test_the_companion_guide_says_every_game_goes_into_the_history():
    text = (ROOT / "docs/companion.md").read_text()
    assert not re.search(r"Draft Cider[^.]*(not|never)[^.]*histor", text)
    assert "Draft Cider's finished games go into the player history" in text
