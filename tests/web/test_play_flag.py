"""``play --web``: off by default, on with the flag or ``APPLEJACK_WEB`` in the env file; the
kiosk then opens its socket in the state dir for the game's run and removes it at the end."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from table.commands import play


def _parsed(argv, monkeypatch, env=None):
    if env is None:
        monkeypatch.delenv("APPLEJACK_WEB", raising=False)
    else:
        monkeypatch.setenv("APPLEJACK_WEB", env)
    p = argparse.ArgumentParser()
    play.add_arguments(p)  # the env default is read when the parser is built
    return p.parse_args(argv)


@pytest.mark.parametrize(("env", "argv", "on"), [(None, [], False), ("0", [], False), ("yes", [], True),
                                                  ("1", [], True), (None, ["--web"], True)])
def test_the_phones_are_off_unless_asked_for(env, argv, on, monkeypatch):
    assert _parsed(argv, monkeypatch, env).web is on


def test_play_text_web_runs_a_script_with_the_socket_and_the_links_then_closes_the_socket(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("setup players=3\nstart\n")
    state = tmp_path / "state"
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--web", "--pins", "none", "--game",
                        "zankapfel", "--state-dir", str(state), "--script", str(script)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    links = (state / "web-links.txt").read_text().splitlines()
    assert len(links) == 4  # three seats and the spectators: the game is still on the table
    assert not (state / "web" / "bridge.sock").exists()


def test_play_text_web_answers_a_phone_while_waiting_for_the_next_line(tmp_path):
    import json
    import socket
    import time

    state = tmp_path / "state"
    kiosk = subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--web", "--pins", "none", "--game",
                              "zankapfel", "--state-dir", str(state)], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        kiosk.stdin.write("setup players=3\nstart\n")
        kiosk.stdin.flush()
        links = state / "web-links.txt"

        def ask(request):
            with socket.socket(socket.AF_UNIX) as s:  # no line typed: the kiosk waits on stdin
                s.settimeout(10)
                s.connect(str(state / "web" / "bridge.sock"))
                s.sendall(json.dumps(request).encode() + b"\n")
                return json.loads(s.makefile("rb").readline())

        # The first codes are the default setup's four seats; ``setup players=3`` makes three new
        # ones (kept at ``start``). Wait for those: the kiosk may still be reading the lines.
        deadline = time.monotonic() + 60
        answer = {}
        while time.monotonic() < deadline:
            lines = links.read_text().splitlines() if links.exists() else []
            if len(lines) == 4:  # three seats and the spectators
                token = lines[0].split("\t")[1].removeprefix("/t/")
                answer = ask({"op": "view", "token": token})
                if answer.get("ok") and answer["view"]["mode"] == "play":
                    break
            time.sleep(0.1)
        assert answer.get("ok") and answer["view"]["you"] == "Seat 1", answer
        assert answer["view"]["mode"] == "play", answer  # the game began; the kiosk still answers
    finally:
        kiosk.stdin.close()
        assert kiosk.wait(60) == 0, kiosk.stderr.read()


def test_a_socket_that_cannot_be_opened_is_one_line_and_the_lid_plays_on(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("setup players=3\nstart\n")
    state = tmp_path / "state"
    (state / "web").mkdir(parents=True)
    (state / "web" / "bridge.sock").write_text("the owner's file")
    r = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--web", "--pins", "none", "--game",
                        "zankapfel", "--state-dir", str(state), "--script", str(script)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "phones: not let in" in r.stderr and "Traceback" not in r.stderr
    assert "New game of Zankapfel" in r.stdout
    assert (state / "web" / "bridge.sock").read_text() == "the owner's file"
