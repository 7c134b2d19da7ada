"""Whole Draft Cider games at the table, from outside: ``play --game draftcider --text --script F``
as a subprocess (a 2-player game entered key by key as on the lid, a 5-player game pick by
pick), the same in the window at 800×480 and 480×320, a resume after a SIGKILL mid-game that
must end exactly like an uninterrupted run, the end-only score pad, and bad lines refused."""

import json
import subprocess
import sys
import time
from functools import partial

import pytest

from table.games.draftcider.rules import replay
from table.games.draftcider.rules.cards import COLOURS
from table.games.draftcider.rules.scoring import BATCHES
from table.games.draftcider.script import pad_script, table_script
from tests.scenarios import table_run
from tests.scenarios.table_run import ENV, journal_steps, record

play = partial(table_run.play, "draftcider")


def as_keys(script):
    """The step-by-step script as the lid's keys: colour 1-3, height and sweetness 1-5, batch
    1-7 or b (BLIND, Bad); the setup line and ``start`` stay."""
    out = []
    for line in script:
        verb, _, val = line.partition(" ")
        if verb == "colour":
            out.append(str(COLOURS.index(val) + 1))
        elif verb in ("height", "sweetness"):
            out.append(val)
        elif verb == "batch":
            b = BATCHES.index(val)
            out.append("b" if b == 7 else str(b + 1))
        else:
            out.append(line)
    return out


def winners_line(final):
    names = " and ".join(f"Seat {s + 1}" for s in final.winners())
    return f"{names} {'wins' if len(final.winners()) == 1 else 'win (a tie)'} with"


@pytest.mark.parametrize(("players", "seed", "keys"), [(2, 1, True), (5, 2, False)])
def test_a_whole_live_game_from_a_script_in_the_terminal(tmp_path, players, seed, keys):
    script, final = table_script(players, seed, steps=keys)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(as_keys(script) if keys else script) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "  ? " not in r.stdout, r.stdout[-2000:]
    assert winners_line(final) in r.stdout
    for s, sc in enumerate(final.scores()):
        assert f"Seat {s + 1}: {sc.total} points" in r.stdout
    rec = record(tmp_path)
    assert rec["format"] == "draftcider-record/1"
    again = replay(rec)  # the engine replays the companion's record to the same game
    assert again.orchards == final.orchards and again.scores() == final.scores()
    dealt = [a for a in rec["actions"] if a.startswith("deal")]
    assert sorted(dealt) == sorted(final.action_to_string(a) for a in final.history if a >= 10_000)


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_a_whole_live_game_in_the_window(tmp_path, size):
    script, final = table_script(5, 4)
    f = tmp_path / "game.txt"
    f.write_text("\n".join(script) + "\n")
    shot = tmp_path / "end.png"
    r = play(tmp_path, "--display", "window", "--size", size, "--script", str(f), "--screenshot", str(shot))
    assert r.returncode == 0, r.stderr
    assert shot.stat().st_size > 1000
    assert replay(record(tmp_path)).scores() == final.scores()


def test_the_end_only_pad_in_the_terminal_and_the_window(tmp_path):
    _script, final = table_script(3, 9)
    f = tmp_path / "pad.txt"
    f.write_text("\n".join(pad_script(final)) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0 and "  ? " not in r.stdout, r.stdout[-2000:]
    assert winners_line(final) in r.stdout
    rec = record(tmp_path)
    assert rec == final.to_pad()  # the pad `score --game draftcider` reads
    out = subprocess.run([sys.executable, "-m", "table.cli", "score", "--game", "draftcider",
                          str(next((tmp_path / "state" / "records").glob("*.json"))), "--json"],
                         capture_output=True, text=True, env=ENV, timeout=60)
    assert out.returncode == 0, out.stderr
    assert [p["total"] for p in json.loads(out.stdout)["players"]] == [s.total for s in final.scores()]
    shot = tmp_path / "pad.png"
    r = play(tmp_path, "--display", "window", "--size", "480x320", "--script", str(f), "--screenshot", str(shot),
             state="window")
    assert r.returncode == 0, r.stderr
    assert record(tmp_path, "window") == final.to_pad()


def test_refused_lines_are_one_line_each_and_change_nothing(tmp_path):
    script, final = table_script(2, 3)
    first = script[2].split()  # pick seat 1 COLOUR hH sS BATCH
    bad = ["setup players=9", "setup players=2", "start", "purple",
           f"pick seat 2 {' '.join(first[3:6])} {first[6]}",   # not seat 2's pick
           "height 3",                                         # the colour first
           "feather",                                          # no card entered yet
           script[2],
           f"card {first[3]} h9 s1",                            # not a card
           "red h3 s4 monochrome", "gold h2 s2 bad",           # seat 2, then seat 1
           "green h1 s1 monochrome",                           # seat 2's Monochrome is red
           ]
    f = tmp_path / "bad.txt"
    f.write_text("\n".join(bad) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    refusals = [ln for ln in r.stdout.splitlines() if ln.startswith("  ? ")]
    assert len(refusals) == 7, r.stdout
    assert "Monochrome is red" in refusals[-1]
    assert "not a card" in refusals[-2] or "height" in refusals[-2]
    del final


def test_resume_after_a_kill_mid_game_ends_exactly_like_an_uninterrupted_run(tmp_path):
    script, final = table_script(4, 7, steps=True)
    whole = tmp_path / "whole.txt"
    whole.write_text("\n".join(script) + "\n")
    r = play(tmp_path, "--text", "--script", str(whole), state="whole")
    assert r.returncode == 0, r.stderr
    cut = 2 + 4 * 25 + 2  # phase 3, its second pick, the colour and height entered when the power goes
    assert script[cut - 1].startswith("height")
    first = "\n".join(script[:cut]) + "\n"
    rest = tmp_path / "rest.txt"
    rest.write_text("\n".join(script[cut:]) + "\n")
    p = subprocess.Popen([sys.executable, "-m", "table.cli", "play", "--game", "draftcider", "--pins", "none",
                          "--state-dir", str(tmp_path / "state"), "--text"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
    assert p.stdin is not None
    p.stdin.write(first)
    p.stdin.flush()
    want = cut - 2  # the setup line is not journalled, "start" is the game row
    deadline = time.monotonic() + 120
    steps = 0
    while time.monotonic() < deadline and steps < want:
        time.sleep(0.2)
        steps = journal_steps(tmp_path / "state" / "journal.sqlite3")
    p.kill()  # SIGKILL, still waiting for input: no clean exit
    p.wait()
    assert steps == want, (steps, want)
    r = play(tmp_path, "--text", "--resume", "yes", "--script", str(rest))
    assert r.returncode == 0, r.stderr
    resumed = next(ln for ln in r.stdout.splitlines() if ln.startswith("Resumed."))
    assert "— sweetness?" in resumed  # the half-entered card came back with the game
    assert record(tmp_path) == record(tmp_path, "whole")
    assert replay(record(tmp_path)).scores() == final.scores()


def test_a_box_with_a_second_copy_of_a_card_finishes_its_game_from_a_script(tmp_path):
    """Issue 20, the table is the truth: a pick of a card the deck file holds once, taken a second
    time, is recorded, said once in one line, and the game goes on to its finished record."""
    script, _final = table_script(2, 6)
    first = " ".join(script[2].split()[3:6])
    i = next(i for i, ln in enumerate(script) if ln.endswith(" bad") and i > 2)
    script[i] = " ".join([*script[i].split()[:3], first, "bad"])
    f = tmp_path / "box.txt"
    f.write_text("\n".join(script) + "\n")
    r = play(tmp_path, "--text", "--script", str(f))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "  ? " not in r.stdout, r.stdout[-2000:]
    said = [ln for ln in r.stdout.splitlines() if "The box differs from our deck file" in ln]
    assert len(said) == 1 and f"{first} number 2, the file holds 1" in said[0]
    rec = record(tmp_path)
    assert rec["config"]["deck"][-1] == first and replay(rec).is_terminal()
