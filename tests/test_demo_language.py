"""``demo --language`` and the table's saved choice (from outside the process: the command line)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def demo(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), **(env or {}))
    if "APPLEJACK_LANGUAGE" not in (env or {}):
        environ.pop("APPLEJACK_LANGUAGE", None)
    return subprocess.run([sys.executable, "-m", "table", "demo", "--text", "--pace", "0", "--players", "2", *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=environ)


def test_demo_language_flag_prints_the_demo_in_that_language(tmp_path):
    r = demo("--language", "fr", "--state-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "Partie 1" in r.stdout and "auges" in r.stdout


def test_demo_takes_the_language_chosen_at_the_table(tmp_path):
    (tmp_path / "language").write_text("ja\n")
    r = demo("--state-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "手番" in r.stdout


def test_a_bad_demo_language_is_one_line(tmp_path):
    r = demo("--language", "klingon", "--state-dir", str(tmp_path))
    assert r.returncode == 2
    want = "demo: --language: unknown language 'klingon': choose one of en, de, fr, ja"
    assert r.stderr.strip().splitlines() == [want]
