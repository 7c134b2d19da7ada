"""Zankapfel's sample screens (the registry's part ``screens``): the companion at each screen of
the scripted 4-player game, for the goldens, the fit test and the benchmark."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from table.companion.samples import before_play, play_to, sample_screens
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script

SCREENS = ("setup", "names", "keyboard", "resume", "place", "bid", "move", "reveal", "dice", "card", "roll", "result",
           "announce", "help")
"""``announce``: an announcement waiting for CONFIRM (round 2 or later); ``help``: the place
screen under the app's help page (the tests draw it open)."""


@cache
def _script() -> tuple[str, ...]:
    """The scripted 4-player game's lines, played by the bots once for every sample screen."""
    return tuple(table_script(4, 3)[0])


def at(step: str) -> ZankapfelCompanion:
    """The companion after the scripted 4-player game reaches ``step`` (a stage) in round 2 or
    later (``place`` at the first placing), or at its end (``result``)."""
    script = _script()
    ctl = ZankapfelCompanion()
    before = before_play(step, ZankapfelCompanion, "setup players=5 finish=50", script[:60], _resumed)
    if before is not None:
        return before
    return play_to(ctl, script, "place" if step == "help" else step, late=_round_two, early=("place",))


def _resumed(warm: ZankapfelCompanion) -> tuple[dict[str, Any], str]:
    """The resume screen's offer of the game under way (its summary as the goldens show it)."""
    asked = warm.b.ask() if warm.b is not None else ""
    return warm.setup.to_dict(), f"4 players, {len(warm.cmds)} steps; next: {asked}"


def _round_two(ctl: ZankapfelCompanion) -> bool:
    """Round 2 or later: a table with harvests behind it."""
    return ctl.b is not None and ctl.b.e.round >= 2


def screens() -> dict[str, Callable[[], ZankapfelCompanion]]:
    """Every sample screen by name: a function that builds the companion showing it."""
    return sample_screens(SCREENS, at)
