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


def test_interactive_run_says_type_help_first(tmp_path):
    """Issue 33, item 10: ``run`` at a terminal (no display: text mode) says how to ask for help;
    a script or a pipe does not."""
    import pty
    import select

    import pytest

    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    if display_available_with(env):
        pytest.skip("this machine has a screen: run would open a window")
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "table", "run", "--state-dir", str(tmp_path)],
                             stdin=follower, stdout=follower, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    os.close(follower)
    seen = b""
    try:
        while b"Type help" not in seen and child.poll() is None:
            ready, _w, _x = select.select([leader], [], [], 60)
            if not ready:
                break
            seen += os.read(leader, 4096)
        os.write(leader, b"quit\n")
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(leader)
    assert b"Type help (or ?) for what you can type now" in seen, seen.decode(errors="replace")[-400:]
    piped = play(tmp_path / "piped", stdin="quit\n")
    assert "Type help" not in piped.stdout


def display_available_with(env: dict[str, str]) -> bool:
    """``table.display.detect.display_available`` as the child would see ``env``."""
    from unittest import mock

    from table.display.detect import display_available

    with mock.patch.dict(os.environ, env, clear=True):
        return display_available()
