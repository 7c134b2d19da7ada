"""The score pads on the phones: a game's ``pad_desk`` part beside its ``seat_desk``.

A game whose score pad the phones fill with a desk of its own (Waldgärtner's ``pad=end``,
``games/waldgaertner/pad_seat.py``) names it as the part ``pad_desk``; :func:`desk_for` gives
the door one desk that is the pad desk while the shell is on the score pad (mode ``pad``) and the
seat desk otherwise. Draft Cider's and Applejack's pads are in their ``seat_desk`` itself.
"""

from __future__ import annotations

import logging
from typing import Any

from table.companion.protocol import CommandError, GameCompanion, TableShell
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.i18n import _

log = logging.getLogger("applejack.web")


class PadOrPlay:
    """The seat desk in play, the pad desk on the score pad (``view`` and ``choose`` as a desk's)."""

    def __init__(self, play: Any, pad: Any) -> None:
        self.play = play
        self.pad = pad

    def _now(self, ctl: GameCompanion) -> Any:
        return self.pad if ctl.mode == "pad" else self.play

    def view(self, ctl: GameCompanion, seat: int | None) -> dict[str, Any]:
        desk = self._now(ctl)
        return desk.view(ctl, seat) if desk is not None else {}

    def choose(self, ctl: GameCompanion, seat: int, form: dict[str, Any]) -> list[str]:
        desk = self._now(ctl)
        if desk is None:
            raise CommandError(_("this game takes nothing from a phone"))
        return list(desk.choose(ctl, seat, form))

    def progress(self, ctl: GameCompanion) -> Any:
        """Who is done now (``table/web/progress.py``): the play desk's or the pad desk's answer."""
        progress = getattr(self._now(ctl), "progress", None)
        return progress(ctl) if callable(progress) else None

    def held(self, ctl: GameCompanion) -> dict[str, Any]:
        """What the desk of the moment holds (``table.web.held``: kept across a power cut); {} if none."""
        held = getattr(self._now(ctl), "held", None)
        return dict(held(ctl)) if callable(held) else {}

    def moment(self, ctl: GameCompanion) -> list[Any]:
        """The moment of the game what is held belongs to (``table.web.held``): the desk of the moment's."""
        moment = getattr(self._now(ctl), "moment", None)
        return list(moment(ctl)) if callable(moment) else []

    def restore(self, ctl: GameCompanion, held: dict[str, Any]) -> int:
        """What was held, again after a restart, by the desk of the moment (how many)."""
        restore = getattr(self._now(ctl), "restore", None)
        return int(restore(ctl, held)) if callable(restore) else 0

    def lid(self, ctl: GameCompanion, command: str,
            using: frozenset[int]) -> tuple[list[str] | None, list[int]]:
        """The lid's ``command`` and what the desk of the moment holds (``companion/phones_gate.py``)."""
        lid = getattr(self._now(ctl), "lid", None)
        return lid(ctl, command, using) if callable(lid) else (None, [])

    def due(self, ctl: GameCompanion) -> list[str]:
        """The pad desk's commands to enter without a phone's entry (see :func:`enter_due`)."""
        due = getattr(self.pad, "due", None)
        return list(due(ctl)) if ctl.mode == "pad" and callable(due) else []


def enter_due(desk: Any, shell: TableShell) -> int:
    """Every frame: the commands a desk holds for the table and may enter now without a phone's
    entry (Waldgärtner's pad reaching a seat whose entries wait on its phone), entered as the
    lid's; a refusal takes back the ones entered before it (one log line). How many were entered."""
    due = getattr(desk, "due", None)
    if not callable(due):
        return 0
    ctl = game_module(shell)
    done = 0
    try:
        for command in due(ctl):
            shell.do(command)
            done += 1
    except TableError as exc:
        log.warning("phones: the pad refused what a phone held (%s)", exc)
        for _i in range(done):
            shell.do("undo")
        return 0
    return done


def desk_for(definition: Any) -> Any:
    """The door's desk for a game (``GameDef``): its seat desk, its pad desk, both, or None."""
    play = definition.part("seat_desk")() if definition.has_part("seat_desk") else None
    if not definition.has_part("pad_desk"):
        return play
    return PadOrPlay(play, definition.part("pad_desk")())
