"""Applejack (Uwe Rosenberg, 2022) for 1–4 players: the die walks round the harvest board, troughs of
apple tiles are taken and planted into a 19-space orchard. Rules: ``shared/seeds/000_…``,
our rulings ``docs/rulings.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef

GAME = GameDef(
    key="applejack",
    title="Applejack",
    players=(1, 2, 3, 4),
    rules_source="shared/seeds/000_… (rulebook), 001_… (BGA summary)",
    faces=frozenset({"engine", "simulate", "score", "companion"}),
    bots=("random", "greedy", "strong"),
    record_format="applejack-record/1",
    record_formats=("applejack-track/1",),
    parts={
        "read_record": "table.games.applejack.record_reader:READER",
        "rules": "table.games.applejack.rules",
        "companion": "table.games.applejack.companion.api:make_companion",
        "text": "table.games.applejack.text",
        "resume": "table.games.applejack.session:offer_unfinished",
        "data_digest": "table.games.applejack.rules.data:data_digest",
        "table_script": "table.games.applejack.session:table_script",
        "die_sensor": "table.games.applejack.session:die_sensor_on",
        "load_data": "table.games.applejack.files:load_dataset",
        "screens": "table.games.applejack.view.samples:screens",
        "view": "table.games.applejack.view.screens:ApplejackView",
        "keys": "table.games.applejack.keys:applejack_key",
        "workers": "table.games.applejack.view.workers:screen_workers",
        "make_bot": "table.games.applejack.bots.base:make_bot",
    },
)
