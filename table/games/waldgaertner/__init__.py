"""Waldgärtner (Create a fruit orchard!) for 2–7 players: 21 rounds over a year circle of phases, plant
cards into a five-row forest garden. Rules ``shared/seeds/004_…``; ``docs/waldgaertner.md``.

``GAME`` is the game's definition for the registry (``table.games``): its parts are imported
only when the table asks for them."""

from table.companion.gamedef import GameDef, at_home

GAME = GameDef("waldgaertner", "Waldgärtner", players=(2, 3, 4, 5, 6, 7), record_format="waldgaertner-record/1",
    rules_source="shared/seeds/004_…; docs/waldgaertner.md",
    faces=frozenset({"engine", "simulate", "companion", "score"}), bots=("random", "greedy", "strong"),
    parts=at_home(__name__, "sample_games read_record rules seat_desk companion text "
                  "screens table_script simulate make_bot check_file score_pad",
                  view="view:WaldgaertnerView", keys="view:waldgaertner_key", demo_steps="demo:waldgaertner_steps",
                  demo_screen="demo:WaldgaertnerDemoScreen", workers="hint:screen_workers", coach="coach:coach_seat",
                  pad_desk="pad_seat:PadDesk"),
    first_lamps=(1, 2), summary_word="win rate",
)
