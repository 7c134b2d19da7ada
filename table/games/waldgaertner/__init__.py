"""Waldgärtner (Create a fruit orchard!) for 2–7 players: 21 rounds over a year circle of phases, plant
cards into a five-row forest garden. Rules ``shared/seeds/004_…``; ``docs/waldgaertner.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef

GAME = GameDef(
    key="waldgaertner",
    title="Waldgärtner",
    players=(2, 3, 4, 5, 6, 7),
    rules_source="shared/seeds/004_…; docs/waldgaertner.md",
    faces=frozenset({"engine", "simulate", "companion"}),
    bots=("random", "greedy", "strong"),
    record_format="waldgaertner-record/1",
    record_formats=(),
    parts={
        "read_record": "table.games.waldgaertner.record_reader:READER",
        "rules": "table.games.waldgaertner.rules",
        "companion": "table.games.waldgaertner.companion:make_companion",
        "text": "table.games.waldgaertner.text",
        "view": "table.games.waldgaertner.view:WaldgaertnerView",
        "keys": "table.games.waldgaertner.view:waldgaertner_key",
        "demo_steps": "table.games.waldgaertner.demo:waldgaertner_steps",
        "demo_screen": "table.games.waldgaertner.demo:WaldgaertnerDemoScreen",
        "table_script": "table.games.waldgaertner.script:table_script",
        "simulate": "table.games.waldgaertner.bots:simulate_text",
        "make_bot": "table.games.waldgaertner.bots:make_bot",
        "check_file": "table.games.waldgaertner.files:check_file",
    },
)
