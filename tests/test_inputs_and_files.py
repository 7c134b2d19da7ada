"""Issue 22, inputs and files, each from outside the process where it is a fault: CSV cells that
are no formulas, input files that never hang (a named pipe), ``history import`` that replays
what it stores and keeps one copy of a game, the lock a stray ``rm`` cannot take, and a state
directory nobody else can read whatever the umask."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from table.csvsafe import cell
from table.games import games
from table.games.applejack.files import load_dataset
from table.history.readers import Readers
from table.history.store import History

ROOT = Path(__file__).parents[1]
READERS = Readers(games())
DATA = load_dataset()


def cli(*args: str, timeout: float = 120, umask: int | None = None, **kw) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    env.pop("APPLEJACK_DIE_SENSOR", None)
    env.pop("STATE_DIRECTORY", None)
    pre = None if umask is None else (lambda: os.umask(umask))
    return subprocess.run([sys.executable, "-m", "table", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env, preexec_fn=pre, **kw)


def one_line(r: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def pad_record(names: tuple[str, ...], honey: tuple[int, ...], tag: str = "a") -> dict:
    return {"format": "applejack-track/1", "config": {"players": len(names), "tag": tag}, "actions": [],
            "score_pad": {"players": [{"name": n, "areas": {"Brown": [5, 4]}, "blossoms": 2, "honey": h}
                                      for n, h in zip(names, honey, strict=True)]}}


# --- 1. CSV formula injection --------------------------------------------------------------------

FORMULAS = ("=HYPERLINK(\"http://x\";\"y\")", "+1+1", "-2+3", "@SUM(A1)")


def test_history_csv_neutralises_names_that_start_like_formulas(tmp_path):
    with History(tmp_path) as h:
        h.add(READERS.read(pad_record(FORMULAS[:2], (40, 55)), DATA))
        h.add(READERS.read(pad_record(FORMULAS[2:], (30, 20), "b"), DATA))
    r = cli("history", "--state-dir", str(tmp_path), "--csv")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert sorted(row["player"] for row in rows) == sorted("'" + n for n in FORMULAS)
    for row in rows:
        assert not any(v.startswith(("=", "+", "-", "@", "\t", "\r")) for v in row.values() if v), row


def test_a_csv_cell_is_neutralised_only_when_it_is_text_that_starts_like_a_formula():
    assert [cell(v) for v in ("=1", "+1", "-1", "@a", "\tx", "\rx")] == ["'=1", "'+1", "'-1", "'@a", "'\tx", "'\rx"]
    assert [cell(v) for v in ("Ada", "a=b", "", -3, 2.5, None)] == ["Ada", "a=b", "", -3, 2.5, None]


# --- 2. every input file is a regular file: a named pipe never hangs -----------------------------

@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("args", [
    ("score", "{}"),
    ("score", "--game", "draftcider", "{}"),
    ("replay", "{}"),
    ("history", "import", "{}"),
    ("play", "--text", "--pins", "none", "--script", "{}"),
    ("check-data", "--game", "draftcider", "{}"),
    ("check-data", "--game", "waldgaertner", "{}"),
], ids=lambda a: " ".join(x for x in a if x != "{}"))
def test_a_named_pipe_is_one_line_and_exit_2_never_a_hang(tmp_path, fifo, args):
    args = tuple(str(fifo) if a == "{}" else a for a in args)
    if args[0] in ("play", "history"):
        args = (*args, "--state-dir", str(tmp_path / "state"))
    line = one_line(cli(*args, timeout=30), str(fifo))
    assert "not a regular file" in line or "named pipe" in line, line
    assert not (tmp_path / "state" / "journal.sqlite3").exists()


def test_a_named_pipe_as_the_pin_map_is_refused_not_waited_on(fifo):
    r = cli("hw-test", "--pins", "mock", "--config", str(fifo), timeout=30)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "is a named pipe" in r.stderr, r.stderr


def test_a_named_pipe_in_a_data_set_is_a_problem_not_a_hang(tmp_path):
    data = ROOT / "table" / "games" / "applejack" / "rules" / "data"
    ds = tmp_path / "ds"
    ds.mkdir()
    for name in ("varieties.toml", "tiles.toml", "orchards.toml", "boards.toml"):
        (ds / name).write_bytes((data / name).read_bytes())
    (ds / "tiles.toml").unlink()
    os.mkfifo(ds / "tiles.toml")
    r = cli("check-data", str(ds), timeout=30)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert "tiles.toml: -: is a named pipe, not a TOML file" in r.stderr
    pad = tmp_path / "pad.json"
    pad.write_text('{"players": [{"name": "A", "areas": {}, "blossoms": 1, "honey": 1}]}', encoding="utf-8")
    one_line(cli("score", str(pad), "--data", str(ds), timeout=30), "named pipe")


# --- 4. the lock a stray rm cannot take away -----------------------------------------------------

def _start_play(state: Path) -> subprocess.Popen[str]:
    """``play`` at a terminal that never types: it holds the state directory until stdin closes."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    env.pop("STATE_DIRECTORY", None)
    return subprocess.Popen([sys.executable, "-m", "table", "play", "--text", "--pins", "none", "--state-dir",
                             str(state)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)


def _wait_for(path: Path, proc: subprocess.Popen[str], seconds: float = 60) -> None:
    import time

    end = time.monotonic() + seconds
    while not path.exists():
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < end, f"{path} never appeared"
        time.sleep(0.05)


def test_deleting_the_lock_file_lets_no_second_instance_play(tmp_path):
    state = tmp_path / "state"
    first = _start_play(state)
    try:
        _wait_for(state / "journal.sqlite3", first)
        (state / "lock").unlink()
        r = cli("play", "--text", "--pins", "none", "--state-dir", str(state), input="", timeout=60)
        assert r.returncode == 1 and "Traceback" not in r.stderr, (r.returncode, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "already uses the state directory" in lines[0], r.stderr
    finally:
        first.communicate(input="", timeout=60)
    assert first.returncode == 0
    again = cli("play", "--text", "--pins", "none", "--state-dir", str(state), input="", timeout=60)
    assert again.returncode == 0, again.stderr  # the first one gone, the directory is free again


# --- 5. the state directory 0700 and its files 0600 whatever the umask ---------------------------

def test_the_state_directory_and_its_files_are_private_under_umask_022(tmp_path):
    state = tmp_path / "state"
    script = tmp_path / "script.txt"
    script.write_text("\n".join(_finished_game_script()) + "\n", encoding="utf-8")
    r = cli("play", "--text", "--pins", "none", "--script", str(script), "--state-dir", str(state), umask=0o022,
            timeout=300)
    assert r.returncode == 0, r.stderr
    assert list((state / "records").glob("*.json")), "the game was not finished"
    r = cli("history", "import", *map(str, (state / "records").glob("*.json")), "--state-dir", str(state),
            umask=0o022)
    assert r.returncode == 0, r.stderr
    modes = {p.relative_to(state).as_posix(): p.stat().st_mode & 0o777 for p in [state, *state.rglob("*")]}
    assert modes.pop(".") == 0o700 and modes.pop("records") == 0o700, modes
    assert {"journal.sqlite3", "history.sqlite3", "lock"} <= set(modes)
    assert all(mode == 0o600 for mode in modes.values()), modes


def _finished_game_script() -> list[str]:
    """Applejack's seeded whole game at the table (what ``play --demo 3`` plays)."""
    from table.games.applejack.session import table_script

    return list(table_script(4, 3)[0])


# --- 3. history import replays what it stores, and keeps one copy of a game ----------------------

def _track_record() -> dict:
    from tests.test_bad_input import finished_track_record

    return finished_track_record()


def _zankapfel_record() -> dict:
    import json

    path = ROOT / "tests" / "fixtures" / "before_house" / "zankapfel" / "record-3p.json"
    return json.loads(path.read_text(encoding="utf-8"))["record"]


def _edit(record: dict, change) -> dict:
    import copy

    out = copy.deepcopy(record)
    change(out)
    return out


@pytest.mark.parametrize(("make", "change", "needle"), [
    (_track_record, lambda r: r["actions"].__setitem__(3, "take 99999999999999999999"), "action 4"),
    (_track_record, lambda r: r["config"].update(players=-3), "-3 players"),
    (_track_record, lambda r: r["config"].update(apple_tiles=[99] * 7), "apple_tiles must be variety indexes"),
    (_track_record, lambda r: r["actions"].__setitem__(3, 17), "actions must be a list of action texts"),
    (_zankapfel_record, lambda r: r["actions"].__setitem__(3, "draw 99999999999999999999"), "action 4"),
    (_zankapfel_record, lambda r: r["config"].update(players=-3), "not -3"),
], ids=["take-huge", "players-3", "apple-tiles", "action-not-text", "zankapfel-draw-huge", "zankapfel-players-3"])
def test_history_import_refuses_what_replay_refuses_with_one_line(tmp_path, make, change, needle):
    import json

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_edit(make(), change)), encoding="utf-8")
    assert cli("replay", str(path)).returncode == 2
    line = one_line(cli("history", "import", str(path), "--state-dir", str(tmp_path / "state")), str(path), needle)
    assert line.startswith("applejack-table history: skipped")
    with History(tmp_path / "state") as h:
        assert h.games() == []


def test_history_import_keeps_one_copy_of_a_game_whatever_its_file_holds_besides(tmp_path):
    import json

    copies = {
        "track": _track_record(),
        "track-2.0": _edit(_track_record(), lambda r: r["config"].update(players=2.0)),
        "track-extra": _edit(_track_record(), lambda r: r.update(note="backup")),
        "zankapfel": _zankapfel_record(),
        "zankapfel-names": _edit(_zankapfel_record(), lambda r: r.update(names=["Ada", None, "Bo"])),
        "zankapfel-2.0": _edit(_zankapfel_record(), lambda r: r["config"].update(players=3.0)),
    }
    paths = []
    for name, record in copies.items():
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(record, indent=1 if "2.0" in name else None), encoding="utf-8")
    state = str(tmp_path / "state")
    r = cli("history", "import", *map(str, paths[:2]), "--state-dir", state)
    assert r.returncode == 0 and "1 game(s) added, 1 already in the history" in r.stdout, r.stdout + r.stderr
    r = cli("history", "import", *map(str, paths), "--state-dir", state)
    assert r.returncode == 0 and "1 game(s) added, 5 already in the history" in r.stdout, r.stdout + r.stderr
    with History(state) as h:
        assert sorted(g.game for g in h.games()) == ["applejack", "zankapfel"]
    from tests.test_bad_input import finished_track_record

    other = finished_track_record(seed=6)  # another game with the same score pad: the same outcome
    assert other["actions"] != copies["track"]["actions"] and other["score_pad"] == copies["track"]["score_pad"]
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    r = cli("history", "import", str(tmp_path / "other.json"), "--state-dir", state)
    assert r.returncode == 0 and "1 game(s) added, 0 already" in r.stdout, r.stdout + r.stderr
