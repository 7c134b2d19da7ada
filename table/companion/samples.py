"""The sample screens every module game has before its play (its ``screens`` part): the setup
screen, its Names page, a new name's keyboard over it, and the resume screen of a game under way.
A game's ``samples.py`` asks :func:`before_play` first, then builds its play screens itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from table.companion.module import TableModule

M = TypeVar("M", bound=TableModule)


def before_play(name: str, make: Callable[[], M], setup: str, script: Sequence[str],
                resumed: Callable[[Any], tuple[dict[str, Any], str]]) -> M | None:
    """The companion ``make()`` at the sample screen ``name`` — ``setup`` (after the line
    ``setup``), ``names``, ``keyboard``, or ``resume`` (offering the game ``script`` played, with
    ``resumed(warm)`` giving its setup as a dict and the resume screen's summary) — or None for a
    screen of the play."""
    ctl = make()
    if name in ("setup", "names", "keyboard"):
        ctl.do(setup)
        if name != "setup":  # the setup's Names page, a new name's keyboard over it
            ctl.press("names")
        if name == "keyboard":
            ctl.press("newname1")
        return ctl
    if name == "resume":
        warm = make()
        for line in script:
            warm.do(line)
        setup_dict, summary = resumed(warm)
        ctl.offer_resume(setup_dict, warm.cmds, summary)
        return ctl
    return None
