"""Waldgärtner's end-only score pad at the table (``padentry.py``, setup ``pad=end``): typed, the
same score as ``score --game waldgaertner``, refusals naming the player and the card, undo, a
journalled pad resumed, the history's reading of its record, text mode."""

import pytest

from table import games as registry
from table.companion.protocol import CommandError
from table.games.waldgaertner import text as T
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.pad import score_pad
from table.games.waldgaertner.samples import PAD_SCRIPT
from table.games.waldgaertner.setup import WSetup
from table.history.readers import Readers


@pytest.fixture(scope="module")
def cards():
    return WaldgaertnerCompanion().cards


def test_a_typed_pad_scores_as_the_score_command_scores_its_file(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    for line in PAD_SCRIPT:
        ctl.do(line)
    assert ctl.mode == "result"
    pad = ctl.record
    assert [p["garden"][:2] for p in pad["players"]] == [["Malus sylvestris", "Malus domestica"],
                                                          ["Juglans regia", "Sambucus nigra"],
                                                          ["Hippophae rhamnoides ♀", "Hippophae rhamnoides ♂"]]
    expected = score_pad(pad, cards)  # the file the score command reads, scored by it
    assert [s.total for s in ctl.result_sheet().seats] == [s.total for s in expected]
    assert [d["partners"] for d in ctl.result_details()] == [s.partners for s in expected]
    assert ctl.result_winners() == (0,) and any("Winner: Seat 1" in ln for ln in ctl.log)
    game = Readers(registry.games()).read(pad)
    assert [b.total for b in game.breakdowns] == [s.total for s in expected] and game.winners == (0,)


def test_refusals_name_the_player_and_the_card_and_change_nothing(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(2, pad=True).text())
    ctl.do("start")
    with pytest.raises(CommandError, match="'kiwi berry': which one\\? Kiwi berry ♀"):
        ctl.do("kiwi berry")
    for oak in ("english oak", "white oak", "walnut"):
        ctl.do(oak)
    with pytest.raises(CommandError, match="Seat 1: 4 large trees, a garden holds at most 3"):
        ctl.do("sweet chestnut")
    with pytest.raises(CommandError, match="'cubes 3': not now"):
        ctl.do("cubes 3")
    assert ctl.cmds[-1].startswith("add ") and len(ctl.pad.now.garden) == 3
    assert not ctl.press("trough9") and "button 9 offers nothing" in ctl.refusal  # not on the guided choice


def test_undo_and_a_resumed_journal_rebuild_the_pad(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    for line in PAD_SCRIPT[:16]:
        ctl.do(line)
    assert ctl.stage() == "task" and (ctl.pad.now.light, ctl.pad.now.dark) == (4, 3)
    ctl.do("undo")
    ctl.do("undo")
    assert ctl.stage() == "cubes" and (ctl.pad.now.light, ctl.pad.now.dark) == (0, 0)
    again = WaldgaertnerCompanion(cards=cards)
    again.replay(WSetup(3, tasks=True, pad=True).to_dict(cards), ctl.cmds)
    assert again.mode == "pad" and again.stage() == "cubes" and len(again.pad.now.garden) == 10
    assert again.log[-1].startswith("Resumed. Seat 1's storage")
    assert "Seat 1's storage: 0 light" in again.resume_summary(again.setup, len(again.cmds))


def test_the_setup_journals_the_pad_and_an_old_setup_stays_live(cards):
    setup = WSetup(4, pad=True)
    assert setup.to_dict(cards)["pad"] == "end" and WSetup.from_dict(setup.to_dict(cards)).pad
    assert "pad" not in WSetup(4).to_dict(cards) and not WSetup.from_dict(WSetup(4).to_dict(cards)).pad


def test_text_mode_shows_the_pad_and_its_digits_are_the_lids_buttons(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    assert T.handle_line(ctl, "setup players=2 pad=end") is None
    assert "end-only score pad" in T.screen_text(ctl)
    assert T.handle_line(ctl, "") is None and ctl.mode == "pad"
    assert "Score pad, Seat 1's garden (0 plants)" in T.screen_text(ctl)
    assert T.handle_line(ctl, "1") is None and ctl.guide  # the guided choice's first step


def _session(state, lines, resume):
    import io

    from table.companion.session import open_session
    from table.companion.text import run_text

    data = next((g.part("load_data")() for g in registry.games() if g.has_part("load_data")), None)
    ctl, journal = open_session(data, state, games=registry.games(), game="waldgaertner", resume=resume)
    out = io.StringIO()
    try:
        run_text(ctl, lines, out)
    finally:
        journal.close()
    return out.getvalue()


def test_a_pad_stopped_half_way_resumes_from_the_journal_to_the_same_record(tmp_path):
    import json

    def records(state):
        return [json.loads(f.read_text()) for f in sorted((state / "records").glob("game-*.json"))]

    _session(tmp_path / "whole", list(PAD_SCRIPT), "no")
    cut = 20
    _session(tmp_path / "half", list(PAD_SCRIPT[:cut]), "no")
    said = _session(tmp_path / "half", list(PAD_SCRIPT[cut:]), "yes")
    assert "Resumed. Score pad, Seat 2's garden" in said
    assert records(tmp_path / "half") == records(tmp_path / "whole") and len(records(tmp_path / "whole")) == 1
