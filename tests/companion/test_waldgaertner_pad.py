"""Waldgärtner's score pad for a table that played without the companion (issue 20):
``score --game waldgaertner PAD.json [--json]``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from table.engine.errors import ScorePadError
from table.games.waldgaertner.bots import make_bot
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.names import card_name
from table.games.waldgaertner.pad import score_pad
from table.games.waldgaertner.rules import Config, new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cards():
    return load_cards()


def _said(c) -> str:
    """A plant as a player writes it down: its name, a few letters short, ♂/♀ where it matters."""
    name = card_name(c)
    return (name[:-2] if len(name) > 8 else name) + {"male": " ♂", "female": " ♀"}.get(c.sex, "")


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6), (6, 7)])
def test_a_pad_of_a_finished_game_scores_as_the_engine(cards, players, seed):
    rng = random.Random(seed)
    bots = [make_bot("greedy", random.Random(seed + s)) for s in range(players)]
    st = new_game(Config(players, cards))
    while not st.is_terminal():
        st.apply(st.sample_chance(rng) if st.is_chance() else bots[st.current_player()].choose(st))
    pad = {"players": [{"name": f"P{s + 1}", "garden": [_said(cards.cards[c]) for c in st.garden(s).values()],
                        "cubes": st.storage(s)} for s in range(players)]}
    got = score_pad(pad, cards)
    assert [(g.plants, g.partners, g.storage, g.total) for g in got] == \
        [(s.plants, s.partners, s.storage, s.total) for s in st.scores()]


@pytest.mark.parametrize(("pad", "says"), [
    ({"players": [{"name": "Ada", "garden": ["sw"]}, {"name": "Ben"}]}, r"^Ada: 'sw': which one\? Sweet chestnut"),
    ({"players": [{"name": "Ada", "garden": ["Hazel", "Nothing here"]}, {"name": "Ben"}]},
     r"^Ada: 'Nothing here': no plant of that name"),
    ({"players": [{"name": "Ada", "garden": ["yew"]}, {"name": "Ben"}]}, r"^Ada: 'yew': which one\? Yew ♀"),
    ({"players": [{"name": "Ada"}]}, "2-7 players"),
    ({"players": [{"name": "Ada"}, {"name": "Ada"}]}, "Ada is named twice"),
    ({"players": [{"name": "Ada", "garden": ["Walnut"] * 4}, {"name": "Ben"}]}, "Ada: 4 large trees, .* at most 3"),
    ({"players": [{"name": "Ada", "cubes": -1}, {"name": "Ben"}]}, "Ada: cubes is the storage's value"),
    ({"players": [{"name": "Ada", "task": "most apples"}, {"name": "Ben"}]}, "Ada: no task 'most apples'"),
])
def test_a_bad_pad_is_one_line_naming_the_player_and_the_card(cards, pad, says):
    with pytest.raises(ScorePadError, match=says) as info:
        score_pad(pad, cards)
    assert "\n" not in str(info.value)


def test_a_task_scores_ten_for_strictly_the_most(cards):
    task = cards.tasks[4].name  # nitrogen fixers
    pad = {"players": [{"name": "Ada", "garden": ["Black locust", "Siberian pea shrub"], "task": task},
                       {"name": "Ben", "garden": ["Black locust"], "task": task}]}
    ada, ben = score_pad(pad, cards)
    assert (ada.task, ben.task) == (10, 0)


def test_the_command_prints_the_table_and_json_and_refuses_with_one_line(tmp_path):
    pad = tmp_path / "pad.json"
    pad.write_text("\ufeff" + json.dumps({"players": [
        {"name": "Ada", "garden": ["crab apple", "Malus sylvestris"], "cubes": {"light": 3, "dark": 2}},
        {"name": "Ben", "garden": ["cornelian"], "cubes": 1}]}), encoding="utf-8")
    run = [sys.executable, "-m", "table.cli", "score", "--game", "waldgaertner"]
    out = subprocess.run([*run, str(pad), "--json"], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["winners"] == ["Ada"] and got["players"][0]["partners"] == 2 and got["players"][0]["storage"] == 7
    out = subprocess.run([*run, str(pad)], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert "Winner: Ada" in out.stdout and "partners" in out.stdout
    pad.write_text(json.dumps({"players": [{"name": "Ada", "garden": ["sw"]}, {"name": "Ben"}]}), encoding="utf-8")
    out = subprocess.run([*run, str(pad)], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Ada: 'sw': which one?" in out.stderr
