"""Nim, the game that exists only in the tests: one folder, and ``GAME`` the one registry line
(``table.games.register(GAME)``; the tests unregister it after)."""

from pathlib import Path

from table.companion.gamedef import GameDef, at_home

GAME = GameDef("nim", "Nim", players=(2, 3, 4), record_format="nim-record/1",
    rules_source="tests/games/nim (a test game)",
    faces=frozenset({"engine", "simulate", "companion"}), bots=("random", "greedy"),
    parts=at_home(__name__, "rules companion text make_bot read_record screens", simulate="bots:simulate",
                  table_script="bots:table_script"),
    first_lamps=(1, 2, 3), summary_word="win rate", words=str(Path(__file__).parent / "locale"),
)
