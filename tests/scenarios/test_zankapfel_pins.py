"""Zankapfel on the real Panel with gpiozero mock pins: the seven lid buttons are seats (and, in
a colour question, the five kinds; in a roll, the die's face), the lamps show whose turn it is
and who is in a discord. A press is ``pin.drive_low()`` and release; lamps are read back."""

import pygame
import pytest

pytest.importorskip("table.hardware.panel")

from table import games as registry
from table.companion.ports import PanelIndicators
from table.display.app import App
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from tests.scenarios.conftest import lit
from tests.scenarios.test_mock_pins import press


def test_a_discord_by_the_lid_buttons(panel_rig):
    panel, clock = panel_rig
    ctl = ZankapfelCompanion()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=PanelIndicators(panel),
              inputs=panel.events)
    script, _ = table_script(4, 3)
    app.step()
    press(app, panel, clock, "trough4")  # 4 players
    press(app, panel, clock, "confirm")
    assert ctl.mode == "play" and lit(panel) == (1,)  # seat 1 places the mayor
    for line in script[2:]:
        if ctl.stage() == "bid" and line.startswith(("lay", "buy")):
            # phase 1 by the lid: the lit seat's own button lays, BLIND buys
            seat = ctl.b.seat()
            assert lit(panel) == (seat + 1,)
            n = len(ctl.cmds)
            press(app, panel, clock, f"trough{seat + 1}" if line.startswith("lay") else "blind")
            assert ctl.cmds[n:] == [line]  # the same entry the script holds
            continue
        if ctl.stage() == "dice":
            break
        ctl.do(line)
        app.step()
    assert ctl.stage() == "dice"
    seats = ctl.b.fight_seats()
    assert lit(panel) == tuple(s + 1 for s in seats)  # everyone in the discord
    press(app, panel, clock, f"trough{seats[-1] + 1}")  # the last seat chooses a die
    assert ctl.dice_chosen == {seats[-1]: 1} and ctl.b.dice == {}
    press(app, panel, clock, "confirm")  # and buys it
    assert ctl.b.dice == {seats[-1]: 1}
    press(app, panel, clock, f"trough{seats[-1] + 1}")  # the button again: refused, the purchase stands
    assert ctl.b.dice == {seats[-1]: 1} and "a purchase is final" in ctl.refusal
    press(app, panel, clock, "confirm")  # all decided
    assert ctl.stage() == "card"
