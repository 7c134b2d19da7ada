"""Nim, the game that exists only in the tests: one folder, and ``GAME`` the one registry line
(``table.games.register(GAME)``; the tests unregister it after)."""

from table.companion.gamedef import GameDef

GAME = GameDef(
    key="nim",
    title="Nim",
    players=(2, 3, 4),
    rules_source="tests/games/nim (a test game)",
    faces=frozenset({"engine", "simulate", "companion"}),
    bots=("random", "greedy"),
    record_format="nim-record/1",
    parts={
        "rules": "tests.games.nim.rules",
        "companion": "tests.games.nim.companion:make_companion",
        "text": "tests.games.nim.text",
        "simulate": "tests.games.nim.bots:simulate",
        "make_bot": "tests.games.nim.bots:make_bot",
        "table_script": "tests.games.nim.bots:table_script",
        "read_record": "tests.games.nim.record_reader:READER",
    },
)
