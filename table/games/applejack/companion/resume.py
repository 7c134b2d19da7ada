"""The controller's resume part, :class:`ResumeOffer`: an unfinished game found in the journal is
offered (confirm resumes it, undo twice discards it), and the ``resume`` / ``discard`` commands.

Wiring: ``Controller.__init__`` makes one (``self.resume = ResumeOffer(self)``); the controller's
``offer_resume`` (the session's call) and its resume screen's presses and words come here; the
resume screen reads ``ctl.resume_info`` … through the controller.
"""

from __future__ import annotations

from typing import Protocol

from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.parts import Mode, Table
from table.games.applejack.companion.setup import Setup
from table.i18n import _, ngettext


class ResumeTable(Table, Protocol):
    """What the resume screen needs of the controller besides the :class:`Table`: the refusal
    line it sets (the first undo's warning) and the replay it hands an accepted game to."""

    refusal: str

    def replay(self, setup: Setup, cmds: list[str]) -> None: ...


class ResumeOffer:
    """The game offered (``payload``: its setup and journalled commands, None when none is),
    ``info`` (what the screen says of it), ``refused`` (why it cannot be resumed; "" when it can)
    and ``discard_armed`` (undo was pressed once: once more discards it)."""

    def __init__(self, table: ResumeTable) -> None:
        self.table = table
        self.payload: tuple[Setup, list[str]] | None = None
        self.info = ""
        self.refused = ""
        self.discard_armed = False

    def offer(self, setup: Setup, cmds: list[str], info: str = "", *, refused: str = "") -> None:
        """An unfinished game was found: the resume screen asks (confirm = resume, undo twice =
        discard it). ``refused``: why it cannot be resumed (confirm then says so; only a discard
        clears it)."""
        table = self.table
        table.mode = Mode.RESUME
        self.payload = (setup, list(cmds))
        self.refused, self.discard_armed = refused, False
        if refused:
            self.info = _("cannot resume: {reason}").format(reason=refused)
        elif info:
            self.info = info
        else:
            players = ngettext("{n} player", "{n} players", setup.players).format(n=setup.players)
            self.info = ngettext("{players}, {n} step recorded", "{players}, {n} steps recorded",
                                 len(cmds)).format(players=players, n=len(cmds))
        table.say((_("Unfinished game found ({info}): undo twice discards it") if refused else
                   _("Unfinished game found ({info}): confirm resumes it, undo twice starts a new one")).format(
                       info=self.info))
        table.changed()

    def press(self, b: str) -> str | None:
        """The command button ``b`` means on the resume screen ("": a change only the screen shows)."""
        if b in ("undo", "escape"):
            if self.discard_armed:
                return "discard"
            self.discard_armed = True  # a game is never thrown away by one press
            self.table.refusal = _("Press UNDO again to discard this game for good (CONFIRM resumes it)")
            self.table.say(self.table.refusal)
            return ""
        if b == "confirm":
            self.discard_armed = False
            return "resume"
        return None

    def do_resume(self, rest: str) -> None:
        """``resume``: the offered game is replayed (CommandError when none is, or it is refused)."""
        if self.table.mode != Mode.RESUME or self.payload is None:
            raise CommandError(_("no game to resume"))
        if self.refused:
            raise CommandError(_("cannot resume: {reason}").format(reason=self.refused))
        setup, cmds = self.payload
        self.payload = None
        self.table.replay(setup, cmds)

    def do_discard(self, rest: str) -> None:
        """``discard``: the offered game is dropped (journalled) and the setup screen opens."""
        table = self.table
        if table.mode != Mode.RESUME:
            raise CommandError(_("no game to resume"))
        self.payload = None
        self.refused, self.discard_armed = "", False
        table.mode = Mode.SETUP
        table.emit("discard", None)
        table.changed()
