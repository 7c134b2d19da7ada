"""Applejack (Uwe Rosenberg, 2022) for 1–4 players: the die walks round the harvest board, troughs of
apple tiles are taken and planted into a 19-space orchard. Rules: ``shared/seeds/000_…``,
our rulings ``docs/rulings.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef, at_home

GAME = GameDef("applejack", "Applejack", players=(1, 2, 3, 4), record_format="applejack-record/1",
    rules_source="shared/seeds/000_… (rulebook), 001_… (BGA summary)",
    faces=frozenset({"engine", "simulate", "score", "companion"}), bots=("random", "greedy", "strong"),
    record_formats=("applejack-track/1",),
    parts=at_home(__name__, "sample_games read_record rules text seat_desk", companion="companion.api:make_companion",
                  resume="session:offer_unfinished", data_digest="rules.data:data_digest",
                  table_script="session:table_script", die_sensor="session:die_sensor_on",
                  load_data="files:load_dataset", screens="view.samples:screens", view="view.screens:ApplejackView",
                  keys="keys:applejack_key", workers="view.workers:screen_workers", make_bot="bots.base:make_bot"),
)
