"""A game finished at the table lands in the player history (docs/history.md), from outside."""

import csv
import io
import subprocess
import sys
from pathlib import Path

from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script

ROOT = Path(__file__).parents[2]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "table", *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


def test_a_finished_companion_game_is_in_the_history_once(tmp_path):
    state = tmp_path / "state"
    script = tmp_path / "script.txt"
    script.write_text("\n".join(["setup players=1", *auto_script(load_dataset(), Setup(1), seed=7)]) + "\n",
                      encoding="utf-8")
    r = cli("play", "--text", "--pins", "none", "--script", str(script), "--state-dir", str(state))
    assert r.returncode == 0, r.stderr
    assert (state / "history.sqlite3").is_file()
    out = cli("history", "--csv", "--state-dir", str(state))
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert len(rows) == 1 and rows[0]["game"] == "applejack"
    total = next(line for line in r.stdout.splitlines() if line.startswith("Solo result:")).split()[2]
    assert rows[0]["total"] == total
    # the records folder imported again adds nothing: the game is stored once
    again = cli("history", "--state-dir", str(state), "import", *map(str, (state / "records").glob("*.json")))
    assert again.returncode == 0, again.stderr
    assert len(list(csv.DictReader(io.StringIO(cli("history", "--csv", "--state-dir", str(state)).stdout)))) == 1
