"""Draft Cider for 2–6 players: a card draft into eight scoring batches. Rules ``shared/seeds/003_…``;
``docs/draftcider.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef

GAME = GameDef(
    key="draftcider",
    title="Draft Cider",
    players=(2, 3, 4, 5, 6),
    rules_source="shared/seeds/003_…; docs/draftcider.md",
    faces=frozenset({"engine", "simulate", "score", "companion"}),
    bots=("random", "greedy", "strong"),
    record_format="draftcider-record/1",
    record_formats=(),
    parts={
        "read_record": "table.games.draftcider.record_reader:READER",
        "rules": "table.games.draftcider.rules",
        "companion": "table.games.draftcider.companion:make_companion",
        "text": "table.games.draftcider.text",
        "view": "table.games.draftcider.view:DraftCiderView",
        "keys": "table.games.draftcider.view:draftcider_key",
        "demo_steps": "table.games.draftcider.demo:draftcider_steps",
        "demo_screen": "table.games.draftcider.demo:DraftCiderDemoScreen",
        "table_script": "table.games.draftcider.script:table_script",
        "simulate": "table.games.draftcider.bots:simulate_text",
        "make_bot": "table.games.draftcider.bots:make_bot",
        "check_file": "table.games.draftcider.files:check_file",
        "score_pad": "table.games.draftcider.pad_command:run",
    },
)
