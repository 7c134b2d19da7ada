"""Zankapfel (Ralf zur Linde, Michael Hageböck; VSK) for 3–6 players: the apple harvest of a village
orchard, discords fought with cards and dice. Rules ``shared/seeds/002_…``; ``docs/zankapfel.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef

GAME = GameDef(
    key="zankapfel",
    title="Zankapfel",
    players=(3, 4, 5, 6),
    rules_source="shared/seeds/002_… (French); docs/zankapfel.md",
    faces=frozenset({"engine", "simulate", "companion"}),
    bots=("random", "greedy", "strong"),
    record_format="zankapfel-record/1",
    record_formats=(),
    parts={
        "read_record": "table.games.zankapfel.record_reader:READER",
        "rules": "table.games.zankapfel.rules",
        "companion": "table.games.zankapfel.companion:make_companion",
        "text": "table.games.zankapfel.text",
        "view": "table.games.zankapfel.view:ZankapfelView",
        "keys": "table.games.zankapfel.view:zankapfel_key",
        "demo_steps": "table.games.zankapfel.demo:zankapfel_steps",
        "demo_screen": "table.games.zankapfel.demo:ZankapfelDemoScreen",
        "table_script": "table.games.zankapfel.script:table_script",
        "simulate": "table.games.zankapfel.bots:simulate_text",
        "make_bot": "table.games.zankapfel.bots:make_bot",
    },
)
