"""Colour Die's sample screens (the registry's part ``screens``), from the shell's helpers alone
(``table.companion.samples``): the screens before the play, a roll, the basket's pick and the
result of a seeded 4-player bot game. Colour Die has no ``view``: the registry suite builds each
screen and checks it stands where it is named (no golden images)."""

from __future__ import annotations

from collections.abc import Callable

from table.companion.samples import before_play, play_to, sample_screens
from tests.games.colourdie.bots import table_script
from tests.games.colourdie.companion import ColourDieCompanion

SCREENS = ("setup", "names", "keyboard", "resume", "roll", "pick", "result")


def at(name: str) -> ColourDieCompanion:
    """The companion at the screen ``name`` of the seeded game (``roll``: after the first roll)."""
    script, _final = table_script(4, 1)
    before = before_play(name, ColourDieCompanion, "setup players=5 raven=8", script[:6])
    if before is not None:
        return before
    return play_to(ColourDieCompanion(), script, name, late=lambda ctl: len(ctl.cmds) >= 1)


def screens() -> dict[str, Callable[[], ColourDieCompanion]]:
    return sample_screens(SCREENS, at)
