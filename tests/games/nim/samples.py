"""Nim's sample screens (the registry's part ``screens``), from the shell's helpers alone
(``table.companion.samples``): the screens before the play, the play and the result of a seeded
3-player bot game. Nim has no ``view``: the registry suite builds each screen and checks it
stands where it is named (no golden images)."""

from __future__ import annotations

from collections.abc import Callable

from table.companion.samples import before_play, play_to, sample_screens
from tests.games.nim.bots import table_script
from tests.games.nim.companion import NimCompanion

SCREENS = ("setup", "names", "keyboard", "resume", "play", "result")


def at(name: str) -> NimCompanion:
    """The companion at the screen ``name`` of the seeded game (its second move for ``play``)."""
    script, _final = table_script(3, 1)
    before = before_play(name, NimCompanion, "setup players=3", script[:4])
    if before is not None:
        return before
    return play_to(NimCompanion(), script, name, late=lambda ctl: len(ctl.cmds) >= 1)


def screens() -> dict[str, Callable[[], NimCompanion]]:
    return sample_screens(SCREENS, at)
