"""Colour Die, a cooperative game that exists only in the tests (2-8 players, a colour die): the
second proof that a game is one folder and one call, written from ``docs/adding-a-game.md``."""

from pathlib import Path

from table.companion.gamedef import COOPERATIVE, GameDef, at_home

GAME = GameDef("colourdie", "Colour Die", players=(2, 3, 4, 5, 6, 7, 8), record_format="colourdie-record/1",
    rules_source="tests/games/colourdie (a test game)",
    faces=frozenset({"engine", "simulate", "companion"}), bots=("random", "greedy"),
    parts=at_home(__name__, "rules companion text make_bot read_record screens", simulate="bots:simulate",
                  table_script="bots:table_script"),
    utility=COOPERATIVE, first_lamps=(1, 2, 3, 4, 5, 6), summary_word="won together",
    words=str(Path(__file__).parent / "locale"),
)
