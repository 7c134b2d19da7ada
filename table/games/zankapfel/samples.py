"""Zankapfel's sample screens (the registry's part ``screens``): the companion at each screen of
the scripted 4-player game, for the goldens, the fit test and the benchmark."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial

from table.companion.samples import before_play
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
    before = before_play(step, ZankapfelCompanion, "setup players=5 finish=50", script[:60],
                         lambda w: (w.setup.to_dict(), f"4 players, {len(w.cmds)} steps; next: {w.b.ask()}"))
    if before is not None:
        return before
    return _play_to(ctl, script, "place" if step == "help" else step)


def _play_to(ctl: ZankapfelCompanion, script: Sequence[str], step: str) -> ZankapfelCompanion:
    """``ctl`` through the scripted game until it reaches ``step`` (see :func:`at`)."""
    for line in script:
        ctl.do(line)
        if step == "announce" and ctl.announcements.head is not None and ctl.b is not None and ctl.b.e.round >= 2:
            return ctl
        while ctl.announcements.head is not None:  # the table did what was announced (CONFIRM)
            ctl.do("ack")
        if (ctl.mode == "play" and ctl.stage() == step and ctl.b is not None and ctl.b.e.round >= 2) \
                or (step == "place" and ctl.mode == "play" and ctl.stage() == "place"):
            return ctl
    if step != "result":
        raise KeyError(f"the script never reached {step}")
    return ctl


def screens() -> dict[str, Callable[[], ZankapfelCompanion]]:
    """Every sample screen by name: a function that builds the companion showing it."""
    return {name: partial(at, name) for name in SCREENS}
