"""Whole games through ``play --text --script`` in a real process (2 players, 4 players, solo):
the words of issue 10 §3 as the terminal prints them."""

import subprocess
import sys
from pathlib import Path

import pytest

from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script

DATA = load_dataset()
ROOT = Path(__file__).parents[2]


def play(script: list[str], tmp_path: Path) -> str:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(script) + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--script", str(path),
                        "--state-dir", str(tmp_path / "state")], capture_output=True, text=True, timeout=300,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize(("players", "honey"), [(2, "16, △ Triangle 20"), (4, "☆ Star 22"), (1, "○ Circle 14")])
def test_a_whole_game_in_the_terminal_says_it_right(players, honey, tmp_path):
    script = [f"setup players={players}", *auto_script(DATA, Setup(players), seed=11 + players)]
    out = play(script, tmp_path)
    assert "Starting honey: ○ Circle " in out and honey in out
    assert "(1 of" not in out and "back to the start" not in out
    for seat in ("circle", "triangle", "square", "star"):
        assert f"({seat})" not in out  # a variety's mark never reads as a seat
    assert "mark): every " in out
    assert "turn the die up to 2: loop 2 of 3 starts on space " in out.lower()
    if players > 1:
        assert "Die over the bridge to space " in out
    else:
        assert "Die from the middle space to space " in out
    assert " with 2 tiles" in out or " with 1 tile" in out
    turns = 38 if players == 2 else None
    over = [line for line in out.splitlines() if line.startswith("Game over after ")]
    assert over and (turns is None or over[0].startswith(f"Game over after {turns} turns"))
    assert "Score pad: ○ Circle — Brown []  (Brown: the apples of each Brown area, commas between areas" in out
    if players == 1:
        assert "Solo result: " in out and "Winner" not in out
    else:
        assert "Winner" in out and "Solo result" not in out
    assert " 1 varieties" not in out and "restock the cottage from" not in out and "player(s)" not in out


def test_non_ascii_and_huge_numbers_typed_at_the_table_are_refused_not_a_crash(tmp_path):
    """'²' passes str.isdigit but not int(); 900 digits are no count either."""
    huge = "9" * 900  # the script reader caps a line at 1,000 characters; int() alone would take these
    script = ["setup players=²", f"setup players={huge}", "setup campaign=²", "²", huge, "setup players=2",
              "start", "²", "take ²", "fix-die ² 1", f"fix-trough 1 {huge}", "pad ² brown 5", "1"]
    out = play(script, tmp_path)
    assert "Traceback" not in out
    assert "Triangle" in out  # the two-player game started after the refused lines
