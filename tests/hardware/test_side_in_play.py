"""The board side in play bounds the die sensor's readings (issue 31): a reading beyond its last
space is one log line, not a reading and not a crash — in the driver and in Applejack's companion."""

from __future__ import annotations

import logging

import pytest

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.hardware.board_sides import side_for_players
from table.hardware.die_protocol import Hello, Snapshot
from table.hardware.die_sensor import DieSettler

DATA = load_dataset()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_companion_refuses_a_space_beyond_the_side_with_one_line(players, caplog):
    ctl = Controller(DATA)
    ctl.setup = Setup(players, sensor=True)
    ctl.do("start")
    last = side_for_players(players).spaces  # from boards.toml
    assert ctl.track is not None and len(ctl.track.board.spaces) == last
    ctl.die_reading(last)
    assert ctl.die_seen == last
    with caplog.at_level(logging.WARNING):
        ctl.die_reading(last + 1)
    assert ctl.die_seen == last  # not taken
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [f"die sensor: space {last + 1} is beyond the last space ({last}) of the board side in play; "
                     "reading ignored"]  # fmt: skip


def test_the_settler_refuses_beyond_the_side_and_beyond_the_plate(caplog):
    s = DieSettler(settle_s=0.0, side_spaces=17)
    s.hello(Hello("3.0.0", 33))
    with caplog.at_level(logging.WARNING):
        s.apply(Snapshot.of(33, {18}), 0.0)
        assert s.tick(0.1) is None and s.state == "rejected"
        s.apply(Snapshot.of(33, {17}), 0.2)
        assert s.tick(0.3) is not None
    assert len(caplog.records) == 1 and "beyond the last space (17)" in caplog.records[0].getMessage()
    s.side_spaces = None
    s.hello(Hello("3.0.0", 7))  # a 7-space plate: 8 is beyond the plate
    s.apply(Snapshot.of(7, {7}), 0.4)
    assert s.tick(0.5) is not None
