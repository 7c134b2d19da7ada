"""``play --text --script`` with orchard tracking and hints, in real processes: a game stopped
half-way, resumed from the journal by the next start, finished; hints shown, never journalled.
The processes' bots advise cheaply (``tests.scenarios.quick_bots``): what is checked here is where
the advice appears, not what it advises."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.record import GameRecord
from table.games.applejack.session import auto_script

DATA = load_dataset()
ROOT = Path(__file__).parents[2]
SETUP = Setup(1, cottage=True, tracked=True, hints=(0,))


def play(script: list[str], state: Path, *extra: str) -> str:
    path = state.parent / f"script-{len(script)}.txt"
    path.write_text("\n".join(script) + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "tests.scenarios.quick_bots", "play", "--text", "--pins", "none",
                        "--script", str(path), "--state-dir", str(state), *extra],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_tracked_game_with_hints_stopped_resumed_and_finished(tmp_path):
    steps = auto_script(DATA, SETUP, seed=21)[1:]  # after "start"
    takes = ("game blind", "game cottage", "game take ", "game middle ")
    # the cut falls at a turn's start, after the announcements: a take (whatever the data set makes of the seed)
    cut = next(i for i in range(len(steps) // 2, len(steps)) if steps[i - 1] == "ack" and steps[i].startswith(takes))
    state = tmp_path / "state"
    first = ["setup players=1 cottage=on hints=1", "start", "hint", *steps[:cut], "h"]
    out = play(first, state)
    assert "Orchard tracking on (hints: all seats)" in out
    assert ("Next: Set up: enter the tile drawn for trough 1 — type draw and what it shows (pink 2 price 5) "
            "(9 to enter)") in out
    assert "> hint\n  ? no hint now: Set up: enter the tile drawn for trough 1" in out  # nothing to advise yet
    hints = [line for line in out.splitlines() if line.startswith("Hint for ○ Circle: ")]
    assert len(hints) >= 5 and all(h.endswith("]") for h in hints if "[" in h)  # the turn, then what to type
    assert first[-2] == "ack" and steps[cut].startswith(takes)  # the cut falls at a turn's start: hinted …
    tail = out.split("> h\n")[-1].splitlines()
    assert tail[0].startswith("Hint for ○ Circle: ") and "[" not in tail[0]  # … and asked again, said again

    second = play(steps[cut:], state, "--resume", "yes")
    assert "Resumed." in second and "Solo result: " in second and "Winner" not in second  # solo: marks, no winner
    assert "With your draws the bot scored " in second and "\nCoach: " in second  # the result's advice came
    before_resume = second.split("Resumed.")[0]
    assert "New game" not in before_resume and "Hint for" not in before_resume  # one summary line, not the game again

    (record_path,) = (state / "records").glob("*.json")
    record = json.loads(record_path.read_text())
    db = sqlite3.connect(state / "journal.sqlite3")
    journalled = [c for (c,) in db.execute("SELECT cmd FROM steps ORDER BY game, seq")]
    db.close()
    assert journalled == steps and steps[-1] == "pad-done"  # every game step once, the finish too; "hint" and "h" never
    # the same game played in one go, in this process, gives the same record
    ctl = Controller(DATA)
    ctl.setup = SETUP
    for cmd in ["start", *steps]:
        ctl.do(cmd)
    assert record["actions"] == ctl.record["actions"] and record["game"] == ctl.record["game"]
    game = GameRecord.from_dict(record["game"]).replay(DATA)
    assert game.is_terminal() and game.summary() == ctl.tracked.state.summary()
