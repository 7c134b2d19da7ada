"""Running ``play --game KEY`` as a process, for the scenarios of every game: the environment
(no window, no sound), the run, the finished record, the journal's step count."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def play(game: str, tmp_path: Path, *args: str, state: str = "state",
         timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """``play --game GAME --pins none --state-dir TMP/STATE ARGS`` to its end."""
    return subprocess.run([sys.executable, "-m", "table.cli", "play", "--game", game, "--pins", "none",
                           "--state-dir", str(tmp_path / state), *args],
                          capture_output=True, text=True, timeout=timeout, env=ENV)


def record(tmp_path: Path, state: str = "state") -> Any:
    """The one finished record in TMP/STATE/records."""
    files = sorted((tmp_path / state / "records").glob("game-*.json"))
    assert len(files) == 1, files
    return json.loads(files[0].read_text())


def journal_steps(path: Path) -> int:
    """The steps a journal holds (0 while it cannot be read)."""
    try:
        with sqlite3.connect(path, timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM steps").fetchone()[0])
    except sqlite3.Error:
        return 0
