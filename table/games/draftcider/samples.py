"""Draft Cider's sample screens (the registry's part ``screens``): the companion at each screen of
the scripted 4-player game or its score pad, for the goldens, the fit test and the benchmark."""

from __future__ import annotations

from collections.abc import Callable

from table.companion.samples import before_play, sample_screens
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.script import pad_script, table_script

SCREENS = ("setup", "names", "keyboard", "resume", "pick", "batch", "result", "pad", "pad-card", "pad-result",
           "announce", "help")
"""``announce``: the second phase's deal waiting for CONFIRM; ``help``: the pick screen under the
app's help page (the tests draw it open)."""


def at(name: str) -> DraftCiderCompanion:
    """The companion at one of its screens, from the scripted 4-player game (or its pad)."""
    script, final = table_script(4, 3)
    ctl = DraftCiderCompanion()
    before = before_play(name, DraftCiderCompanion, "setup players=5 easy=on pad=live", script[:30],
                         lambda w: (w.setup.to_dict(), f"4 players, {len(w.cmds)} steps; next: {w.ask()}"))
    if before is not None:
        return before
    if name == "announce":
        for i, line in enumerate(script):
            ctl.do(line)
            if i > 20 and ctl.announcements.head is not None:
                return ctl
        raise KeyError("the script never announced a second phase")
    if name in ("pick", "batch", "help"):
        for line in script[:34]:
            ctl.do(line)
        if name == "batch":
            card = script[34].split()[3:6]
            ctl.do(f"card {' '.join(card)}")
        return ctl
    if name == "result":
        for line in script:
            ctl.do(line)
        return ctl
    pad = pad_script(final)
    upto = {"pad": 26, "pad-card": 27, "pad-result": len(pad)}[name]
    for line in pad[:upto]:
        ctl.do(line)
    if name in ("pad", "pad-card"):
        ctl.do("player 3")
    if name == "pad-card":
        ctl.do("batch steady")
        ctl.do("colour gold")
        ctl.do("height 3")
    return ctl


def screens() -> dict[str, Callable[[], DraftCiderCompanion]]:
    """Every sample screen by name: a function that builds the companion showing it."""
    return sample_screens(SCREENS, at)
