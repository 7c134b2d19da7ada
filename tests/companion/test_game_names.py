"""Named players on Zankapfel's, Draft Cider's and Waldgärtner's setup (issue 15): picked by
touch, the lid and text mode, journalled with the setup (resume keeps them), stored with the
finished game in the history, shown in the result."""

from __future__ import annotations

import io

import pytest

from table.companion.players_keyboard import Keyboard
from table.companion.session import open_session
from table.companion.text import run_text
from table.games import games
from table.games.applejack.files import load_dataset
from table.history.readers import Readers
from table.history.store import History

READERS = Readers(games())

DATA = load_dataset()
GAMES = ("zankapfel", "draftcider", "waldgaertner")


def script(game: str) -> list[str]:
    if game == "zankapfel":
        from table.games.zankapfel.script import table_script as z

        return z(3, 5)[0]
    if game == "draftcider":
        from table.games.draftcider.script import table_script as d

        return d(3, 5)[0]
    from table.games.waldgaertner.script import table_script as w

    return w(3, 5)[0]


@pytest.mark.parametrize("game", GAMES)
def test_names_by_touch_and_the_lid(tmp_path, game):
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="no", game=game)
    try:
        ctl.do(script(game)[0])  # three players
        assert ctl.seat_names() == (None, None, None) and not ctl.covering()
        assert ctl.press("names") and ctl.names_open and ctl.covering()
        assert ctl.press("name0") and ctl.keyboard == Keyboard(0)  # nobody known yet: New…
        for k in ("kb:A", "kb:d", "kb:a", "kb:ok"):
            assert ctl.press(k)
        assert ctl.keyboard is None and ctl.names_open and ctl.seat_names() == ("Ada", None, None)
        assert ctl.press("newname2")
        for k in ("char:B", "char:o", "confirm"):
            ctl.press(k)
        assert ctl.seat_names() == ("Ada", None, "Bo")
        assert ctl.press("trough3")  # the lid's third trough button: seat 3's next name
        assert ctl.keyboard == Keyboard(2)  # no one else known: New… again
        ctl.press("kb:cancel")
        assert ctl.seat_names() == ("Ada", None, None)  # the cycle took Bo off before the keyboard
        ctl.press("newname1")
        for k in ("char:A", "char:d", "char:a", "kb:ok"):
            ctl.press(k)
        assert "Ada already has a seat" in ctl.refusal and ctl.keyboard is not None
        ctl.press("kb:cancel")
        assert ctl.press("names:done") and not ctl.covering() and ctl.mode == "setup"
        assert ctl.setup.names == ("Ada",)
    finally:
        journal.close()


@pytest.mark.parametrize("game", GAMES)
def test_names_journalled_resumed_stored_and_shown(tmp_path, game):
    cmds = script(game)
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="no", game=game)
    ctl.do(cmds[0])
    ctl.do("setup name 1 Ada Lovelace")
    ctl.do("setup name 3 Bo")
    ctl.do(cmds[0])  # the setup line again keeps the names
    assert ctl.seat_names() == ("Ada Lovelace", None, "Bo")
    half = len(cmds) // 2
    for c in cmds[1:half]:
        ctl.do(c)
    journal.close()
    again, journal = open_session(DATA, tmp_path, games=games(), resume="yes", game=game)
    try:
        assert again.game == game and again.mode == "play"
        assert again.seat_names() == ("Ada Lovelace", None, "Bo")
        for c in cmds[half:]:
            again.do(c)
        assert again.mode == "result" and again.record["names"] == ["Ada Lovelace", None, "Bo"]
        assert READERS.read(again.record, DATA).names == ("Ada Lovelace", None, "Bo")
        assert journal.last_history_id is not None
        shown = " ".join(again.result_lines())
        assert "Ada Lovelace" in shown and "Bo" in shown and "Seat 2" in shown
        with History(tmp_path) as history:
            stored = history.games()[-1]
            assert stored.game == game
            assert [s.player for s in stored.seats][0::2] == ["Ada Lovelace", "Bo"]
            assert set(history.players()[:2]) == {"Ada Lovelace", "Bo"}
        assert set(again.known_players()[:2]) == {"Ada Lovelace", "Bo"}  # read again after the game
        assert again.press("confirm") and again.mode == "setup"  # a new game: the same seats
        again.press("names")
        again.press("name1")  # seat 2 cycles through the known names nobody else holds
        assert again.seat_names()[1] is None and again.keyboard is not None  # both are seated
        again.press("kb:cancel")
        again.do("setup name 1")  # without a name: the seat's name goes
        again.press("name0")
        assert again.seat_names()[0] == "Ada Lovelace"
    finally:
        journal.close()


@pytest.mark.parametrize("game", GAMES)
def test_text_mode_players_and_setup_name(tmp_path, game):
    ctl, journal = open_session(DATA, tmp_path, games=games(), resume="no", game=game)
    out = io.StringIO()
    try:
        run_text(ctl, io.StringIO("setup name 2 Zoë\nsetup name 1 Zoë\nsetup name 9 X\nplayers\n"), out)
    finally:
        journal.close()
    text = out.getvalue()
    assert "Seats: 1 Seat 1, 2 Zoë" in text
    assert "Zoë already has a seat" in text and "a seat from 1 to" in text
    assert "Known players: none" in text
    assert ctl.seat_names()[:2] == (None, "Zoë")


def test_an_old_journalled_setup_without_names_still_reads():
    from table.games.draftcider.setup import DSetup
    from table.games.zankapfel.setup import ZSetup

    assert ZSetup.from_dict({"game": "zankapfel", "players": 3}).names == ()
    assert DSetup.from_dict({"game": "draftcider", "players": 3}).names == ()
    with pytest.raises(ValueError):
        ZSetup.from_dict({"game": "zankapfel", "players": 3, "names": "Ada"})


def test_draft_cider_end_only_pad_carries_the_names():
    from table.games.draftcider.companion import DraftCiderCompanion
    from table.games.draftcider.script import pad_script, table_script

    pad = pad_script(table_script(3, 4)[1])
    ctl = DraftCiderCompanion()
    ctl.do(pad[0])
    ctl.do("setup name 2 Bo")
    for c in pad[1:]:
        ctl.do(c)
    assert ctl.mode == "result" and ctl.record["names"] == [None, "Bo", None]
    assert READERS.read(ctl.record, DATA).names == (None, "Bo", None)
