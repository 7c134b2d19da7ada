"""The table of games: every game the CLI offers exists, and faces promised are real."""

import importlib
import subprocess
import sys

import pytest

from table.games import UnknownGameError, games, load_game


def test_every_game_with_an_engine_has_its_package_and_bots():
    for g in games():
        if g.has("engine"):
            assert hasattr(g.part("rules"), "__path__")  # a package
        if g.has("simulate") and g.key != "applejack":
            assert callable(g.part("simulate"))


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGameError, match="zankapfel"):
        load_game("chess")


def test_games_command_lists_every_game():
    out = subprocess.run([sys.executable, "-m", "table", "games"], capture_output=True, text=True, check=True).stdout
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(lines) == {g.key for g in games()}
    for g in games():
        assert ("not yet playable" in lines[g.key]) == (not g.faces)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "table", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("args", "words"), [
    (("simulate", "--game", "zankapfel", "--players", "2"), "3-6 players"),
    (("simulate", "--game", "draftcider", "--bots", "clever"), "unknown Draft Cider bot"),
    (("simulate", "--game", "waldgaertner", "--csv", "x.csv"), "Applejack only"),
    (("simulate", "--game", "chess"), "unknown game"),
    (("score", "--game", "zankapfel", "pad.json"), "no score pad"),
])
def test_a_game_without_that_face_is_one_line(args, words):
    out = cli(*args)
    assert out.returncode == 2
    assert words in out.stderr and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_score_draftcider_through_the_cli(tmp_path):
    import json

    card = {"colour": "red", "height": 2, "sweetness": 1}
    pad = {"players": [{"name": "Ada", "batches": {"monochrome": [card, {**card, "height": 3}]}},
                       {"name": "Bo", "batches": {"bad": [{**card, "height": 5}]}}]}
    path = tmp_path / "pad.json"
    path.write_text(json.dumps(pad), encoding="utf-8")
    out = cli("score", "--game", "draftcider", str(path), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [p["total"] for p in result["players"]] == [3, -1] and result["winners"] == ["Ada"]


def _finished(game):
    """A whole seeded game of ``game`` (its registry part ``table_script``: the bots' engine state)."""
    info = load_game(game)
    return info.part("table_script")(info.players[0], 4)[1]


@pytest.mark.parametrize("game", ["zankapfel", "draftcider", "waldgaertner"])
def test_replay_reads_every_games_record_by_its_format(game, tmp_path):
    import json

    state = _finished(game)
    path = tmp_path / "record.json"
    record = state.to_record()
    path.write_text(json.dumps(record), encoding="utf-8")
    out = cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == str(state.events[-1])
    # a record whose stored winners disagree with its actions is refused in one line
    others = [s for s in range(state.players) if s not in state.winners()]
    path.write_text(json.dumps({**record, "winners": others}), encoding="utf-8")
    bad = cli("replay", str(path))
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    # every game's, Draft Cider's too (its engine records name no winners: the table's record adds them)
    assert "won, its actions say" in bad.stderr


@pytest.mark.parametrize(("game", "count"), [("draftcider", "75 cards"), ("waldgaertner", "224 cards")])
def test_check_data_validates_the_other_games_files(game, count, tmp_path):
    ok = cli("check-data", "--game", game)
    assert ok.returncode == 0 and count in ok.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\ncolour = "blue"\n', encoding="utf-8")
    out = cli("check-data", "--game", game, str(bad))
    assert out.returncode == 1 and "problem(s) in" in out.stderr and "Traceback" not in out.stderr
    for path, words in (("/dev/zero", "is not a regular file"), (str(tmp_path / "nope.toml"), "no such file")):
        r = cli("check-data", "--game", game, path)
        assert r.returncode == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_game_table_names_each_games_bots_and_seats_as_its_engine_does():
    """The demo and simulate commands check ``--bots``/``--players`` against this table."""

    from table.games import load_game

    for key in ("zankapfel", "draftcider", "waldgaertner"):
        assert load_game(key).bots == tuple(load_game(key).part("make_bot").__module__ and importlib.import_module(
            load_game(key).part("make_bot").__module__).BOT_NAMES), key

