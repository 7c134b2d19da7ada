"""A short run of the corruption drill (bench/corrupt_journal.py; the full run is 300 trials on demand)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_a_short_corruption_drill_has_no_crash_loop_and_no_silent_loss():
    r = subprocess.run([sys.executable, "bench/corrupt_journal.py", "--trials", "12", "--seed", "4"],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert r.returncode == 0, r.stdout + r.stderr
    assert figures["trials"] == 12
    assert figures["crash_loops"] == 0 and figures["silent_losses"] == 0 and figures["crashes"] == 0
    assert figures["moved_aside"] + figures["resumed_intact"] >= 1  # the trials really started play
