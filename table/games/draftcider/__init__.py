"""Draft Cider for 2–6 players: a card draft into eight scoring batches. Rules ``shared/seeds/003_…``;
``docs/draftcider.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef, at_home

GAME = GameDef("draftcider", "Draft Cider", players=(2, 3, 4, 5, 6), record_format="draftcider-record/1",
    rules_source="shared/seeds/003_…; docs/draftcider.md",
    faces=frozenset({"engine", "simulate", "score", "companion"}), bots=("random", "greedy", "strong"),
    parts=at_home(__name__, "sample_games read_record rules companion text screens "
                  "table_script simulate make_bot check_file score_pad seat_desk",
                  view="view:DraftCiderView", keys="view:draftcider_key", demo_steps="demo:draftcider_steps",
                  demo_screen="demo:DraftCiderDemoScreen", workers="hint:screen_workers", coach="coach:coach_seat"),
    first_lamps=(1, 2, 3), summary_word="mean", kill_at_half=False,
)
