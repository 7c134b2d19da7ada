"""Waldgärtner's sample screens (the registry's part ``screens``): the companion at each screen of
the scripted 4-player game, for the goldens, the fit test and the benchmark."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from table.companion.samples import before_play
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.script import table_script

SCREENS = ("setup", "names", "keyboard", "resume", "start", "reveal", "die", "draw", "play", "special", "result",
           "announce", "help")
"""``announce``: an announcement waiting for CONFIRM (round 6 or later); ``help``: the play
screen under the app's help page (the tests draw it open)."""


def at(step: str) -> WaldgaertnerCompanion:
    """The companion after the scripted 4-player game reaches ``step`` (a stage) in round 6 or
    later (``start`` at the beginning), or at its end (``result``)."""
    script, _final = table_script(4, 3)
    ctl = WaldgaertnerCompanion()
    before = before_play(step, WaldgaertnerCompanion, "setup players=5 choice=NA directsale=on", script[:200],
                         lambda w: (w.setup.to_dict(w.cards),
                                    f"4 players, round {w.state.round} of 21; next: {w.ask()}"))
    if before is not None:
        return before
    if step == "help":
        step = "play"
    for line in script:
        ctl.do(line)
        if step == "announce" and ctl.announcements.head is not None and ctl.state.round >= 6:
            return ctl
        while ctl.announcements.head is not None:  # the table did what was announced (CONFIRM)
            ctl.do("ack")
        if ctl.mode == "play" and ctl.stage() == step and (step == "start" or ctl.state.round >= 6):
            return ctl
    if step != "result":
        raise KeyError(f"the script never reached {step}")
    return ctl


def screens() -> dict[str, Callable[[], WaldgaertnerCompanion]]:
    """Every sample screen by name: a function that builds the companion showing it."""
    return {name: partial(at, name) for name in SCREENS}
