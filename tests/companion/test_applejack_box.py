"""Issue 20, Applejack: the physical table is the truth. A box with more apple tiles than our data
file keeps drawing blind and finding refilled troughs after the file's supply is empty; the companion
corrects its counts (recorded as corrections in the Track), says once how the box differs, and the
game finishes. A take from an empty trough while the file still has tiles stays a wrong button."""

import pytest

from table.engine.errors import IllegalActionError
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.track import replay_track

DATA = load_dataset()
BOX = "The box differs from our data file"


def a_table_with_more_tiles(players: int, blind_every: int) -> Controller:
    """A whole game whose box never runs out: the file's supply is told it is empty at the start."""
    ctl = Controller(DATA)
    ctl.setup = Setup(players)
    ctl.do("start")
    ctl.do("fix-supply 0")
    turn = 0
    while ctl.mode == "play":
        if ctl.queued:
            ctl.do("ack")
            continue
        open_troughs = ctl.t.open_troughs()
        turn += 1
        if ctl.t.on_middle or not open_troughs or turn % blind_every == 0:
            ctl.do("blind")  # the table's supply still has tiles
        else:
            ctl.do(f"take {open_troughs[0]}")  # refilled at the table from the box's extra tiles
    return ctl


@pytest.mark.parametrize(("players", "blind_every"), [(2, 3), (4, 2)])
def test_a_box_with_more_tiles_than_the_file_finishes_its_game(players, blind_every):
    ctl = a_table_with_more_tiles(players, blind_every)
    assert ctl.mode == "pad"
    assert sum(BOX in line for line in ctl.log) == 1  # said once, in one line
    for _ in range(3):  # the empty pad: done, asked once, done
        if ctl.mode == "pad":
            ctl.press("done")
    assert ctl.mode == "result" and ctl.record is not None
    again = replay_track(DATA, {k: v for k, v in ctl.record.items() if k in ("format", "data_digest", "config",
                                                                           "actions")})
    assert again.is_terminal() and again.state == ctl.t.state  # the corrections are in the record
    assert any(a.startswith(("fix-supply 1", "fix-trough")) for a in ctl.record["actions"])


def test_a_take_from_an_empty_trough_while_the_file_has_tiles_is_still_refused():
    ctl = Controller(DATA)
    ctl.setup = Setup(2)
    ctl.do("start")
    t = ctl.t.open_troughs()[0]
    ctl.do(f"fix-trough {t} 0")
    assert ctl.t.state.supply > 0
    with pytest.raises(IllegalActionError):
        ctl.do(f"take {t}")
    assert not any(BOX in line for line in ctl.log)


def test_undo_after_a_box_correction_keeps_the_count_the_table_showed():
    ctl = Controller(DATA)
    ctl.setup = Setup(2)
    ctl.do("start")
    ctl.do("fix-supply 0")
    ctl.do("blind")
    ctl.do("undo")
    assert ctl.t.state.supply == 1  # the tile is back in the box's supply, as at the table
    ctl.do("blind")
    assert sum(BOX in line for line in ctl.log) == 1
