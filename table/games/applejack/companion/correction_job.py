"""The controller's correction part, :class:`Corrector`: opening a
:class:`~.correction.Correction` at the start of a turn, its screen's buttons, and the ``fix-…``
commands it becomes.

Wiring: ``Controller.__init__`` makes one (``self.corrector = Corrector(self)``); the play
screen's CORRECT button opens it, the correction screen's presses come to :meth:`Corrector.press`,
and what it confirms goes back as commands through the controller's ``do``. The screen reads
``ctl.correction`` through the controller.
"""

from __future__ import annotations

from typing import Protocol

from table.games.applejack.companion.correction import Correction
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.parts import TROUGH_BUTTONS, Mode, Table, running
from table.games.applejack.companion.tracked import OrchardMirror
from table.games.applejack.companion.tracking import TRACKED_NO_FIX
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.track import Track
from table.games.applejack.rules.walk import Die, unreachable_die
from table.i18n import _


class CorrectionTable(Table, Protocol):
    """What the correction screen needs of the controller besides the :class:`Table`: whether the
    orchards are tracked (then nothing is corrected by hand) and ``do`` for the fixes it confirms."""

    @property
    def tracked(self) -> OrchardMirror | None: ...

    def do(self, cmd: str) -> None: ...


class Corrector:
    """The correction being entered (``correction``; None when the screen is closed)."""

    def __init__(self, table: CorrectionTable) -> None:
        self.table = table
        self.correction: Correction | None = None

    def open(self) -> str:
        """The correction screen over the Track as it stands (CommandError but at a turn's start)."""
        t, table = running(self.table), self.table
        if table.tracked is not None:
            raise CommandError(_(TRACKED_NO_FIX))
        if table.queued or t.state.phase != Phase.TAKE or t.is_terminal():
            raise CommandError(_("corrections are made at the start of a turn"))
        self.correction = Correction(t.state.die.space, t.state.die.pips, list(t.state.troughs), t.state.supply)
        table.mode = Mode.CORRECT
        return ""

    def close(self) -> None:
        """Back to play with nothing corrected."""
        self.correction = None
        self.table.mode = Mode.PLAY

    def press(self, b: str) -> str | None:
        """The command button ``b`` means on the correction screen ("": a change only it shows)."""
        c = self.correction
        assert c is not None
        t = running(self.table)
        spaces = len(t.board.spaces)
        if b in TROUGH_BUTTONS:
            i = int(b[6:]) + 1
            if c.cursor == i:
                c.adjust(i, +1, spaces)  # pressing the lit trough again counts up
            c.cursor = i
        elif b in ("up", "plus", "down", "minus"):
            step = +1 if b in ("up", "plus") else -1
            c.adjust(c.cursor, step, spaces)
            while c.cursor == 0 and t.board.space(c.space).seat is None:
                c.adjust(0, step, spaces)  # the die only stands on turn spaces
        elif b in ("next", "tab", "blind"):
            c.cursor = (c.cursor + 1) % c.FIELDS
        elif b == "prev":
            c.cursor = (c.cursor - 1) % c.FIELDS
        elif b.startswith("field"):
            c.cursor = int(b[5:]) % c.FIELDS
        elif b in ("undo", "escape", "correct"):
            self.close()
        elif b == "confirm":
            return self._confirm(c, t)
        else:
            return None
        return ""

    def _confirm(self, c: Correction, t: Track) -> str:
        fixes = self.fixes()
        problem = unreachable_die(t.board, Die(c.space, c.pips), t.apples)
        if fixes and problem:
            # checked before anything is applied: the trough and supply counts stay on the screen
            raise CommandError(_("the die cannot stand on space {space} showing {pips}: {problem}").format(
                space=c.space, pips=c.pips, problem=problem))
        self.close()
        if not fixes:
            return ""
        for f in fixes[:-1]:
            self.table.do(f)
        return fixes[-1]

    def fixes(self) -> list[str]:
        """The ``fix-…`` commands that make the Track what the correction says."""
        c = self.correction
        assert c is not None
        s = running(self.table).state
        out = []
        if (c.space, c.pips) != (s.die.space, s.die.pips):
            out.append(f"fix-die {c.space} {c.pips}")
        out += [f"fix-trough {i + 1} {n}" for i, n in enumerate(c.troughs) if n != s.troughs[i]]
        if c.supply != s.supply:
            out.append(f"fix-supply {c.supply}")
        return out
