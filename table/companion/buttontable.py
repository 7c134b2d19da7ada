"""A module game's lid buttons as data (``table.companion``; boardgame.io's moves): a game's
``buttons.py`` maps (mode or stage, button) to a handler that makes the command text
(:func:`button_command` looks it up), :class:`Says` is a handler for a button that always means
one command (``help`` names it without pressing it), and :data:`SHELL_SCREENS` the buttons every
module game's shared screens mean the same (resume, discard, Start, New game). The
:class:`~table.companion.module.TableModule` calls a game's table through its ``_command_for``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from table.companion.protocol import Staged

S = TypeVar("S", bound=Staged)
"""What a game's button handlers read of its module (each game names it: ``buttons.ButtonsHost``)."""


@dataclass(frozen=True, slots=True)
class Says:
    """A button that always means one command (``help`` can name it without pressing it)."""

    command: str

    def __call__(self, ctl: object, arg: str) -> str:
        return self.command


def says(command: str) -> Says:
    """A buttons table's handler for a button that always means ``command``."""
    return Says(command)


SHELL_SCREENS: dict[tuple[str, str], Says] = {
    ("resume", "confirm"): Says("resume"), ("resume", "undo"): Says("discard"),
    ("result", "confirm"): Says("new"),  # the finished game is recorded: no undo past it
    ("setup", "confirm"): Says("start"),
}
"""The buttons every module game's screens mean the same (the resume screen, the result, Start):
a game's ``SCREENS`` table starts from these."""


def button_command(ctl: S, button: str, split: Callable[[str], tuple[str, str]],
                   screens: Mapping[tuple[str, str], Callable[[S, str], str | None]],
                   stages: Mapping[tuple[str, str], Callable[[S, str], str | None]]) -> str | None:
    """A game's lid buttons as data (boardgame.io's moves): ``split(button)`` gives its name and
    argument; ``screens[(mode, name)]`` first, then in play ``stages[(ctl.stage(), name)]``; the
    handler makes the command text. None when the button means nothing now."""
    name, arg = split(button)
    handler = screens.get((ctl.mode, name))
    if handler is None and ctl.mode == "play":
        handler = stages.get((ctl.stage(), name))
    return handler(ctl, arg) if handler is not None else None
