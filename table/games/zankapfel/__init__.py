"""Zankapfel (Ralf zur Linde, Michael Hageböck; VSK) for 3–6 players: the apple harvest of a village
orchard, discords fought with cards and dice. Rules ``shared/seeds/002_…``; ``docs/zankapfel.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef, at_home

GAME = GameDef("zankapfel", "Zankapfel", players=(3, 4, 5, 6), record_format="zankapfel-record/1",
    rules_source="shared/seeds/002_… (French); docs/zankapfel.md",
    faces=frozenset({"engine", "simulate", "companion"}), bots=("random", "greedy", "strong"),
    parts=at_home(__name__, "sample_games read_record rules seat_desk companion text "
                  "screens table_script simulate make_bot check_file",
                  view="view:ZankapfelView", keys="view:zankapfel_key", demo_steps="demo:zankapfel_steps",
                  demo_screen="demo:ZankapfelDemoScreen", workers="hint:screen_workers", coach="coach:coach_seat"),
    first_lamps=(1,), summary_word="win rate",
)
