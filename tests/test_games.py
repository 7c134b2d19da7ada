"""The table of games: every game the CLI offers exists, and faces promised are real."""

import importlib
import subprocess
import sys

import pytest

from table.games import GAMES, UnknownGameError, game_info


def test_every_game_with_an_engine_has_its_package_and_bots():
    for g in GAMES:
        if g.has("engine"):
            pkg = "game" if g.key == "applejack" else g.key
            importlib.import_module(f"table.engine.{pkg}")
        if g.has("simulate") and g.key != "applejack":
            bots = importlib.import_module(f"table.bots.{g.key}")
            assert callable(bots.simulate)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGameError, match="zankapfel"):
        game_info("chess")


def test_games_command_lists_every_game():
    out = subprocess.run([sys.executable, "-m", "table", "games"], capture_output=True, text=True, check=True).stdout
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(lines) == {g.key for g in GAMES}
    for g in GAMES:
        assert ("not yet playable" in lines[g.key]) == (not g.faces)
