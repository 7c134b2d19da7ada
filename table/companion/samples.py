"""The sample screens every module game builds for its ``screens`` part (the goldens, the fit
test, the benchmark, the help page over a sample), and the steps their builders share:

* :func:`before_play`: the screens before the play — the setup screen, its Names page, a new
  name's keyboard over it, and the resume screen of a game under way;
* :func:`play_to`: a companion played through the game's bot script (``table_script``) until
  it stands at a stage of the play (waiting announcements acknowledged on the way, as the table
  would CONFIRM them), at a waiting announcement, or at the result;
* :func:`sample_screens`: the part itself, ``{name: a function building the companion there}``.

A game's ``samples.py`` names its screens and writes ``at(name)`` from these (its own stops —
a score pad, a chooser opened — besides); the tests' games take them whole."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

from table.companion.announce import AnnouncementQueue
from table.companion.module import TableModule

M = TypeVar("M", bound=TableModule)


class Plays(Protocol):
    """What :func:`play_to` drives: a module with its announcements and the stage of its play."""

    @property
    def mode(self) -> str: ...

    @property
    def announcements(self) -> AnnouncementQueue: ...

    def do(self, command: str) -> None: ...

    def stage(self) -> str: ...


P = TypeVar("P", bound=Plays)


def _resumed(warm: TableModule) -> tuple[dict[str, Any], str]:
    """The resume screen's offer of ``warm``: its setup and the module's own summary line."""
    return warm.setup.to_dict(), warm.resume_summary(warm.setup, len(warm.cmds))


def before_play(name: str, make: Callable[[], M], setup: str, script: Sequence[str],
                resumed: Callable[[M], tuple[dict[str, Any], str]] = _resumed) -> M | None:
    """The companion ``make()`` at the sample screen ``name`` — ``setup`` (after the line
    ``setup``), ``names``, ``keyboard``, or ``resume`` (offering the game ``script`` played, with
    ``resumed(warm)`` giving its setup as a dict and the resume screen's summary; by default the
    module's ``resume_summary``) — or None for a screen of the play."""
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


def _always(ctl: Plays) -> bool:
    return True


def play_to(ctl: P, script: Sequence[str], step: str, *, late: Callable[[P], bool] = _always,
            early: Collection[str] = ()) -> P:
    """``ctl`` through the game's ``script`` until it stands at ``step``: a stage of its play
    (``ctl.stage()``) once ``late(ctl)`` holds — far enough into the game to show a full table —
    or at once for a stage in ``early`` (the first placing); ``announce``: the first waiting
    announcement once ``late(ctl)`` holds; ``result``: the script's end. Every other waiting
    announcement is acknowledged (``ack``: the table did it). KeyError for a step never reached."""
    for line in script:
        ctl.do(line)
        if step == "announce" and ctl.announcements.head is not None and late(ctl):
            return ctl
        while ctl.announcements.head is not None:  # the table did what was announced (CONFIRM)
            ctl.do("ack")
        if ctl.mode == "play" and ctl.stage() == step and (step in early or late(ctl)):
            return ctl
    if step != "result":
        raise KeyError(f"the script never reached {step}")
    return ctl


def sample_screens(names: Sequence[str], at: Callable[[str], M]) -> dict[str, Callable[[], M]]:
    """The part ``screens``: every sample screen by name, a function that builds the companion
    showing it (``at(name)``)."""
    return {name: partial(at, name) for name in names}
