"""Waldgärtner's sample screens (the registry's part ``screens``): the companion at each screen of
the scripted 4-player game, for the goldens, the fit test and the benchmark."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import cache

from table.companion.protocol import CommandError
from table.companion.samples import before_play, play_to, sample_screens
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.script import table_script
from table.games.waldgaertner.setup import WSetup

SCREENS = ("setup", "names", "keyboard", "resume", "start", "reveal", "die", "draw", "play", "special", "result",
           "announce", "help", "tasks", "pad-setup", "pad-garden", "pad-which", "pad-partners", "pad-cubes",
           "pad-task", "pad-result", "other-card")
"""``announce``: an announcement waiting for CONFIRM (round 6 or later); ``help``: the play
screen under the app's help page (the tests draw it open); ``tasks``: the additional tasks shown
after the last round (the tasks beyond six on the buttons); ``pad-…``: the end-only score pad
(``padentry.py``) at its setup, each step and its result (``pad-which``: a name typed that two
plants share, the two to touch); ``other-card``: the chooser of a card the file lacks at its
longest question, the fruit (``other_card.py``), opened where a card is turned up."""
OTHER_CARD = ("other", "other:both", "other:3", "other:4", "other:pink", "other:2")
"""The presses that open the chooser on the ``reveal`` screen and answer up to the fruit."""
PAD_SCRIPT = ("setup players=3 tasks=on pad=end", "start",
              "crab apple", "apple", "hazel", "turkish hazel", "yew female", "yew male", "kiwi berry female",
              "raspberry", "bilberry", "sweet chestnut", "next", "next", "cubes 4 3", "next", "task nitrogen", "next",
              "walnut", "elder", "blackcurrant", "next", "next", "cubes 6", "next", "task 2", "next",
              "sea buckthorn female", "sea buckthorn male", "goumi", "next", "next", "cubes 1 1", "next", "task 5",
              "next")
"""A whole score pad, typed: three players' gardens, cubes and tasks (the samples and tests)."""
PAD_STOPS = {"pad-setup": 1, "pad-garden": 8, "pad-which": 8, "pad-partners": 13, "pad-cubes": 15, "pad-task": 17,
             "pad-result": len(PAD_SCRIPT)}
"""How many lines of :data:`PAD_SCRIPT` each pad sample screen is after."""


@cache
def _script() -> tuple[str, ...]:
    """The scripted 4-player game's lines, played by the bots once for every sample screen."""
    return tuple(table_script(4, 3)[0])


def at(step: str) -> WaldgaertnerCompanion:
    """The companion after the scripted 4-player game reaches ``step`` (a stage) in round 6 or
    later (``start`` at the beginning), or at its end (``result``)."""
    script = _script()
    ctl = WaldgaertnerCompanion()
    before = before_play(step, WaldgaertnerCompanion, "setup players=5 choice=NA directsale=on", script[:200],
                         lambda w: (w.setup.to_dict(w.cards),
                                    f"4 players, round {w.state.round} of 21; next: {w.ask()}"))
    if before is not None:
        return before
    if step in PAD_STOPS:
        for line in PAD_SCRIPT[:PAD_STOPS[step]]:
            ctl.do(line)
        if step == "pad-task":
            ctl.press("trough7")  # the tasks beyond six
        if step == "pad-which":
            with suppress(CommandError):
                ctl.do("sea buckthorn")  # refused: which one? (its two plants to touch)
        return ctl
    if step == "tasks":
        return at_the_tasks()
    if step == "other-card":
        ctl = at("reveal")
        for press in OTHER_CARD:
            ctl.press(press)
        return ctl
    return play_to(ctl, script, "play" if step == "help" else step, late=_round_six, early=("start",))


def _round_six(ctl: WaldgaertnerCompanion) -> bool:
    """Round 6 or later: gardens with plants in them."""
    return ctl.state.round >= 6


def at_the_tasks() -> WaldgaertnerCompanion:
    """A 3-player game with the additional tasks at its end: the first seat showed its task, the
    second's buttons show the tasks beyond six."""
    script, _final = table_script(3, 4)
    ctl = WaldgaertnerCompanion()
    for line in (WSetup(3, tasks=True).text(), "start", *script[2:], "task 5"):
        ctl.do(line)
    ctl.press("trough7")
    return ctl


def screens() -> dict[str, Callable[[], WaldgaertnerCompanion]]:
    """Every sample screen by name: a function that builds the companion showing it."""
    return sample_screens(SCREENS, at)
