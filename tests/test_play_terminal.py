"""What a person reads in the terminal during ``play --text``: the game's lines, no log lines
(``applejack.session: …``), and one line for an unfinished game on resume."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def play(state: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "table", "play", "--text", "--state-dir", str(state), *args],
                          input=stdin, capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


def test_no_log_lines_and_one_line_for_an_unfinished_game(tmp_path):
    first = play(tmp_path, "--game", "zankapfel", stdin="start\nquit\n")
    assert first.returncode == 0, first.stderr
    again = play(tmp_path, stdin="quit\n")  # the default game is Applejack: the Zankapfel game is offered
    assert again.returncode == 0, again.stderr
    assert "applejack." not in again.stderr and "applejack." not in again.stdout
    unfinished = [line for line in again.stdout.splitlines() if "nfinished" in line]
    assert len(unfinished) == 1 and "Zankapfel" in unfinished[0], again.stdout
