"""Bad input, everywhere (issue 11), from outside the process: ``python -m table ...``.

Every case must end with exit status 2 (1 for check-data's verdict on a bad data set), exactly
one line on standard error that names the file or argument, and never a traceback. The child
runs under a 1 GB address-space limit, so an unbounded read (``score /dev/zero`` once ate
24 GB) fails the test instead of the machine.

Refusals of the argument parser itself (:func:`parser_refusal`) are checked in this process by
``table.cli.main``: they happen before any command runs, and every command has refusals tried
from outside above (a process costs some 0.15 s of CPU).
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.commands.inputs import InputError, decode_utf8, parse_json
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.track import Track, TrackConfig, track_record

ROOT = Path(__file__).parents[1]
DATA_DIR = ROOT / "table" / "games" / "applejack" / "rules" / "data"
MEMORY_LIMIT = 1024 * 1024 * 1024


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def cli(*args: str, stdin: bytes | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    env.pop("APPLEJACK_DIE_SENSOR", None)
    r = subprocess.run([sys.executable, "-m", "table", *args], input=stdin, capture_output=True, timeout=120,
                       cwd=cwd, env=env, preexec_fn=_limit_memory)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode("utf-8", "replace"),
                                       r.stderr.decode("utf-8", "replace"))


def one_line_error(r: subprocess.CompletedProcess[str], *needles: str, code: int = 2) -> str:
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == code, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def finished_track_record(players: int = 2, seed: int = 5) -> dict:
    """A finished companion-style record: track actions, the score pad, the scores it showed."""
    from table.games.applejack.rules.scorepad import score_pad

    data = load_dataset()
    track = Track(data, TrackConfig(players, cottage=True))
    rng = random.Random(seed)
    while not track.is_terminal():
        track.apply(rng.choice(track.legal_actions()))
    pad = {"players": [{"name": f"P{p + 1}", "areas": {"brown": [4 + p, 6], "Light green": [5]},
                        "blossoms": 10 + p, "honey": 30 + 7 * p} for p in range(players)]}
    result = score_pad(pad, data)
    fields = ("harvest", "harvest_doubled", "profitable_varieties", "variety_bonus", "blossoms", "honey", "total")
    return {**track_record(track), "score_pad": pad,
            "scores": [{f: getattr(s, f) for f in fields} | {"per_variety": list(s.per_variety)}
                       for s in result.scores],
            "winners": list(result.winner_seats)}


# --- score and replay: the file itself ---------------------------------------------------------

TEXT_FILES = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "deep40.json": '{"players": ' + "[" * 40 + "]" * 40 + "}",
    "digits.json": '{"players": [{"name": "A", "areas": {}, "blossoms": ' + "9" * 5000 + ', "honey": 1}]}',
    "surrogate.json": '{"players": [{"name": "A\\ud800", "areas": {}, "blossoms": 1, "honey": 1}]}',
    "inf.json": '{"players": [{"name": "A", "areas": {}, "blossoms": 1e400, "honey": 1}]}',
    "nan.json": '{"players": [{"name": "A", "areas": {}, "blossoms": NaN, "honey": 1}]}',
    "truncated.json": '{"players": [{"name": "A", ',
}
NEEDLES = {
    "deep.json": "nested deeper than 32", "deep40.json": "nested deeper than 32", "digits.json": "5000 digits",
    "surrogate.json": "lone surrogate", "inf.json": "1e400 is out of range", "nan.json": "NaN",
    "truncated.json": "not JSON",
}


@pytest.mark.parametrize("command", ["score", "replay"])
@pytest.mark.parametrize("name", sorted(TEXT_FILES))
def test_hostile_json_is_one_line_naming_the_file(tmp_path, command, name):
    path = tmp_path / name
    path.write_text(TEXT_FILES[name], encoding="utf-8")
    one_line_error(cli(command, str(path)), str(path), NEEDLES[name])


@pytest.mark.parametrize("command", ["score", "replay"])
def test_not_utf8(tmp_path, command):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"players": [{"name": "J\xf6rg"}]}')
    one_line_error(cli(command, str(path)), str(path), "not UTF-8", "byte 25")


@pytest.mark.parametrize("command", ["score", "replay"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_unread(command, device):
    one_line_error(cli(command, device), device, "is a device, not a regular file")


@pytest.mark.parametrize("command", ["score", "replay"])
def test_large_files_are_read_with_a_bound(tmp_path, command):
    path = tmp_path / "huge.json"
    path.write_bytes(b"[" * (5 * 1024 * 1024))
    one_line_error(cli(command, str(path)), str(path), "too long")


@pytest.mark.parametrize("command", ["score", "replay"])
def test_endless_standard_input_is_bounded_too(command):
    one_line_error(cli(command, "-", stdin=b"[" * (5 * 1024 * 1024)), "standard input", "too long")


@pytest.mark.parametrize("command", ["score", "replay"])
def test_missing_file_and_directory(tmp_path, command):
    one_line_error(cli(command, str(tmp_path / "nope.json")), "nope.json", "No such file")
    one_line_error(cli(command, str(tmp_path)), str(tmp_path), "is a directory")


@pytest.mark.parametrize("mutate,needle", [
    (lambda r: r["config"].update(apple_tiles=[99] * 7), "apple_tiles must be variety indexes"),
    (lambda r: r["config"].update(players=1e300), "malformed"),
    (lambda r: r["config"].update(players=99), "no harvest board for 99 players"),
    (lambda r: r["actions"].__setitem__(3, "take 9"), "action 4"),
    (lambda r: r["actions"].__setitem__(3, "take ²"), "action 4"),
    (lambda r: r["actions"].__setitem__(3, 17), "actions must be a list of action texts"),
    (lambda r: r.update(actions="take 1"), "actions must be a list of action texts"),
    (lambda r: r["scores"][1].update(total=r["scores"][1]["total"] + 1), "stored scores disagree"),
    (lambda r: r["scores"][0].update(per_variety=[0] * 7), "stored scores disagree"),
    (lambda r: r.update(winners=[5]), "stored winners disagree"),
    (lambda r: r["score_pad"]["players"][0]["areas"].update(plum=[3]), "unknown variety 'plum'"),
])
def test_bad_companion_records_are_refused_by_replay(tmp_path, mutate, needle):
    record = finished_track_record()
    mutate(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(cli("replay", str(path)), str(path), needle)


@pytest.mark.parametrize("mutate,needle", [
    (lambda r: r["scores"][1].update(total=r["scores"][1]["total"] + 1), "stored scores disagree"),
    (lambda r: r.update(winners=[0, 1]), "stored winners disagree"),
    (lambda r: r.pop("score_pad"), "holds no score pad"),
])
def test_bad_companion_records_are_refused_by_score(tmp_path, mutate, needle):
    record = finished_track_record()
    mutate(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    one_line_error(cli("score", str(path)), str(path), needle)


def test_a_sound_companion_record_scores_and_replays(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_track_record()), encoding="utf-8")
    assert cli("score", str(path)).returncode == 0
    r = cli("replay", str(path))
    assert r.returncode == 0 and r.stderr == ""
    assert "puts a new tile beside the cottage" in r.stdout and r.stdout.rstrip().splitlines()[-1].startswith("Winner")


# --- data sets ---------------------------------------------------------------------------------

def test_a_deeply_nested_data_set_is_one_problem_not_a_recursion_error(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "ds", ignore=shutil.ignore_patterns("*.py*"))
    (tmp_path / "ds" / "tiles.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    r = cli("check-data", str(tmp_path / "ds"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and "RecursionError" not in r.stderr
    assert "tiles.toml: -: nested too deeply" in r.stderr and len(r.stderr.strip().splitlines()) == 2
    pad = tmp_path / "pad.json"
    pad.write_text('{"players": [{"name": "A", "areas": {}, "blossoms": 1, "honey": 1}]}', encoding="utf-8")
    one_line_error(cli("score", str(pad), "--data", str(tmp_path / "ds")), "nested too deeply")
    one_line_error(cli("demo", "--text", "--data", str(tmp_path / "ds")), "nested too deeply")


def test_data_set_files_are_read_with_a_bound(tmp_path):
    shutil.copytree(DATA_DIR, tmp_path / "ds", ignore=shutil.ignore_patterns("*.py*"))
    (tmp_path / "ds" / "boards.toml").write_bytes(b"#" * (2 * 1024 * 1024))
    (tmp_path / "ds" / "tiles.toml").write_bytes(b"x = '\xff'\n")
    r = cli("check-data", str(tmp_path / "ds"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "boards.toml: -: larger than" in r.stderr or "tiles.toml: -: not UTF-8" in r.stderr


def test_check_data_of_no_directory_is_a_usage_error(tmp_path):
    one_line_error(cli("check-data", str(tmp_path / "nope")), "nope", "no such directory")


# --- play --script, --screenshot and the other arguments ---------------------------------------

@pytest.mark.parametrize("source,needle", [
    ("missing", "No such file"),
    ("directory", "is a directory"),
    ("latin1", "line 2 is not UTF-8"),
    ("/dev/zero", "is a device, not a regular file"),
    ("/dev/urandom", "/dev/urandom"),
    ("endless-line", "line 1 is longer than 1000 characters"),
    ("long", "too long for a script"),
])
def test_bad_play_scripts_are_one_line_before_anything_starts(tmp_path, source, needle):
    paths = {"missing": tmp_path / "nope.txt", "directory": tmp_path, "latin1": tmp_path / "latin1.txt",
             "long": tmp_path / "long.txt", "endless-line": tmp_path / "line.txt"}
    (tmp_path / "latin1.txt").write_bytes(b"setup players=2\npad 1 honey 5 \xe9\n")
    (tmp_path / "long.txt").write_bytes(b"help\n" * (1024 * 1024))
    (tmp_path / "line.txt").write_bytes(b"h" * 100_000)
    script = str(paths.get(source, source))
    state = tmp_path / "state"
    one_line_error(cli("play", "--text", "--pins", "none", "--script", script, "--state-dir", str(state)),
                   script, needle)
    assert not state.exists()  # checked before the journal was opened


@pytest.mark.parametrize("target", ["missing-dir", "directory"])
def test_an_unwritable_screenshot_is_refused_up_front(tmp_path, target):
    shot = tmp_path / "no" / "such" / "dir" / "x.png" if target == "missing-dir" else tmp_path
    state = tmp_path / "state"
    one_line_error(cli("play", "--display", "window", "--pins", "none", "--screenshot", str(shot), "--state-dir",
                       str(state)), "--screenshot", str(shot))
    assert not state.exists()


def parser_refusal(capsys: pytest.CaptureFixture[str], *args: str) -> subprocess.CompletedProcess[str]:
    """``table.cli.main(args)`` in this process, for a refusal of the argument parser: it must
    exit (argparse's SystemExit) before any command runs; its exit status and output."""
    from table.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), exited.value.code, out, err)


@pytest.mark.parametrize("args,needle", [
    (["play", "--size", "abc"], "argument --size: expected WxH"),
    (["play", "--size", "0x480"], "each side must be 100..10000"),
    (["demo", "--size", "800x"], "argument --size"),
    (["play", "--pace", "soon"], "argument --pace"),
    (["play", "--pace", "-1"], "0 or more"),
    (["demo", "--pace", "nan"], "argument --pace"),
    (["demo", "--pace", "1e9"], "at most 60 seconds"),
    (["play", "--pins", "gpio17"], "pins are one of"),
    (["demo", "--pins", "x"], "pins are one of"),
    (["hw-test", "--timeout", "-1"], "argument --timeout"),
    (["hw-test", "--timeout", "inf"], "argument --timeout"),
    (["simulate", "--games", "abc"], "argument --games"),
    (["score"], "the following arguments are required: pad"),
    (["no-such-command"], "invalid choice"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, args, needle):
    one_line_error(parser_refusal(capsys, *args), needle)


@pytest.mark.parametrize("args,needle", [
    (["simulate", "--jobs", "100000"], "--jobs 1..256"),
    (["simulate", "--games", "9" * 22], "--games must be 1..1000000"),
    (["demo", "--text", "--delay", "1e400"], "--delay"),
])
def test_bad_arguments_the_command_checks_are_one_line_and_exit_2(args, needle):
    one_line_error(cli(*args), needle)


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_simulate_checks_its_output_paths_before_the_games(tmp_path, option):
    bad = str(tmp_path / "no" / "dir" / "out")
    r = cli("simulate", "--games", "1000000", option, bad)
    one_line_error(r, option, bad, "cannot write")
    r = cli("simulate", "--games", "1000000", option, str(tmp_path))
    one_line_error(r, option, "is a directory")
    r = cli("simulate", "--games", "1000000", option, "/dev/zero")
    one_line_error(r, option, "is not a regular file")


def test_simulate_checks_the_data_set_before_the_games(tmp_path):
    one_line_error(cli("simulate", "--games", "1000000", "--data", str(tmp_path / "nope")), "no such directory")


def test_hw_test_refuses_a_device_as_its_pin_map():
    r = cli("hw-test", "--pins", "mock", "--config", "/dev/zero")
    assert r.returncode == 2 and "Traceback" not in r.stdout + r.stderr
    assert "/dev/zero" in r.stderr and "is a device, not a regular file" in r.stderr and r.stdout == ""


def test_version(capsys):
    r = parser_refusal(capsys, "--version")
    assert r.returncode == 0 and r.stdout.startswith("applejack-table ") and r.stdout.strip()[-1].isdigit()


# --- the readers themselves, fuzzed in-process -------------------------------------------------

json_like = st.text(alphabet='[]{}",:0123456789eE.-+ntrufalsNIfiy\\ud800x²', max_size=60)


@given(st.one_of(json_like, st.text(max_size=60)))
def test_parse_json_raises_only_input_error(text):
    try:
        parse_json(text, "f.json")
    except InputError as exc:
        assert str(exc).startswith("f.json: ") and "\n" not in str(exc)


@given(st.binary(max_size=200))
def test_random_bytes_never_escape_as_another_error(raw):
    try:
        parse_json(decode_utf8(raw, "f.json"), "f.json")
    except InputError as exc:
        assert str(exc).startswith("f.json: ")


@pytest.mark.parametrize("where", ["", "/"])
def test_demo_refuses_an_empty_or_root_state_dir_like_play(where):
    r = cli("demo", "--text", "--games", "1", "--state-dir", where)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "demo: --state-dir" in r.stderr


@pytest.mark.parametrize("command", [("play", "--text"), ("demo",)])
def test_a_bad_schedule_is_refused_like_every_other_bad_argument(capsys, command):
    """--schedule 25:00-07:00 is one line and exit status 2 (it was accepted with a log warning)."""
    one_line_error(parser_refusal(capsys, *command, "--schedule", "25:00-07:00"), "--schedule", "25:00")
