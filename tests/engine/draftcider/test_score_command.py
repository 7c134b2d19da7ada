"""``score --game draftcider``: table.games.draftcider.pad_command.run, in process and from outside."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from table.games.draftcider.pad_command import run

from .test_pad import ADA, BO

ROOT = Path(__file__).resolve().parents[3]


def write(tmp_path: Path, content: str | bytes, name: str = "pad.json") -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    return p


def test_json_result(tmp_path, capsys):
    assert run(write(tmp_path, json.dumps({"players": [ADA, BO]})), True) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in out["players"]] == [9, 17] and out["winners"] == ["Bo"]
    assert out["players"][0]["batches"]["special"] == -20


def test_table_result_and_tie(tmp_path, capsys):
    a = {"name": "Ada", "batches": {"steady": [{"colour": "red", "height": 1, "sweetness": 1}]}}
    b = {"name": "Bo", "batches": {"monochrome": [{"colour": "red", "height": 2, "sweetness": 1},
                                                   {"colour": "red", "height": 3, "sweetness": 1}]}}
    assert run(write(tmp_path, json.dumps({"players": [a, b]})), False) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["Ada", "Bo"]
    assert out[1].split() == ["Monochrome", "0", "3"]
    assert out[7].split() == ["Steady", "Height", "3", "0"]
    assert out[9].split() == ["TOTAL", "3", "3"]
    assert out[10] == "Winners (tie): Ada, Bo"


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "must be an object"),
    ("1" * 5000, "has 5000 digits (at most 18)"),
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 32 levels"),
    (b"\xff\xfe\x00", "cannot read"),
    (" " * 1_000_001, "larger than"),
    (json.dumps({"players": [{"name": "Cy", "batches": {"sweet": [
        {"colour": "red", "height": 1, "sweetness": 1}, {"colour": "red", "height": 1, "sweetness": 2}]}}]}),
     "player 'Cy', batch sweet, card 2 (red h1 s2): a Sweet Couple pair needs equal sweetness"),
    (json.dumps({"players": [{"name": "A", "batches": {"bad": []}}]}), "1 player; Draft Cider is for 2-6 players"),
    ('{"players": [{"name": "A", "batches": {"monochrome": [], "monochrome": []}}, {"name": "B", "batches": {}}]}',
     "the key 'monochrome' appears twice in one object"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, words):
    p = write(tmp_path, content)
    assert run(p, True) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert "\n" not in err and err.startswith(f"applejack-table score: {p}: ") and words in err


def test_missing_file(tmp_path, capsys):
    assert run(tmp_path / "nope.json", False) == 2
    assert "nope.json: cannot read: No such file or directory" in capsys.readouterr().err


def run_outside(path: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    code = ("import sys; from pathlib import Path; from table.games.draftcider.pad_command import run; "
            "sys.exit(run(Path(sys.argv[1]), True))")
    return subprocess.run([sys.executable, "-c", code, path], input=stdin, capture_output=True, cwd=ROOT,
                          timeout=120, check=False)


def test_from_outside_the_process_good_bad_and_hostile(tmp_path):
    good = run_outside("-", json.dumps({"players": [ADA, BO]}).encode())
    assert good.returncode == 0 and json.loads(good.stdout)["winners"] == ["Bo"]
    for content in (b"\x00\x01garbage", b'{"players": [{"name": "A", "batches": {"bad": [{"colour": "red", '
                    b'"height": 1' + b"0" * 20000 + b', "sweetness": 1}]}}]}', b"[" * 200_000):
        p = write(tmp_path, content, "hostile.json")
        res = run_outside(str(p))
        assert res.returncode == 2, res.stderr
        lines = res.stderr.decode().strip().splitlines()
        assert len(lines) == 1 and "hostile.json" in lines[0] and "Traceback" not in lines[0]


def test_a_byte_order_mark_is_read_as_utf8(tmp_path, capsys):
    p = write(tmp_path, b"\xef\xbb\xbf" + json.dumps({"players": [ADA, BO]}).encode())
    assert run(p, True) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["winners"] == ["Bo"]


def test_a_card_beyond_the_deck_is_scored_and_said_once_on_stderr(tmp_path, capsys):
    """The printed box is the truth: Ada's two red h1 s1 and Bo's third are one line naming the
    card once and each player once; the pad is scored (exit 0, stdout's JSON unchanged in form)."""
    card = {"colour": "red", "height": 1, "sweetness": 1}
    pad = {"players": [{"name": "Ada", "batches": {"bad": [card, card]}}, {"name": "Bo", "batches": {"bad": [card]}}]}
    assert run(write(tmp_path, json.dumps(pad)), True) == 0
    out = capsys.readouterr()
    assert [p["total"] for p in json.loads(out.out)["players"]] == [-2, -1]
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith(
        "the box differs from our deck file: red h1 s1 is on the pad 3 times (Ada, Bo), the file holds 1; "
        "scored as entered")
