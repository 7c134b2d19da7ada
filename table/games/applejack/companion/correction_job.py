"""The controller's job of correcting the table: opening a :class:`~.correction.Correction`, its
buttons, and the ``fix-…`` commands it becomes."""

from __future__ import annotations

from table.games.applejack.companion.base import TROUGH_BUTTONS, ControllerBase, Mode
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.rules.walk import Die, unreachable_die
from table.i18n import _


class CorrectionJob(ControllerBase):
    """The controller's correction screen."""

    def _correct_press(self, b: str) -> str | None:
        c = self.correction
        assert c is not None
        spaces = len(self.t.board.spaces)
        if b in TROUGH_BUTTONS:
            i = int(b[6:]) + 1
            if c.cursor == i:
                c.adjust(i, +1, spaces)  # pressing the lit trough again counts up
            c.cursor = i
        elif b in ("up", "plus", "down", "minus"):
            step = +1 if b in ("up", "plus") else -1
            c.adjust(c.cursor, step, spaces)
            while c.cursor == 0 and self.t.board.space(c.space).seat is None:
                c.adjust(0, step, spaces)  # the die only stands on turn spaces
        elif b in ("next", "tab", "blind"):
            c.cursor = (c.cursor + 1) % c.FIELDS
        elif b == "prev":
            c.cursor = (c.cursor - 1) % c.FIELDS
        elif b.startswith("field"):
            c.cursor = int(b[5:]) % c.FIELDS
        elif b in ("undo", "escape", "correct"):
            self.correction = None
            self.mode = Mode.PLAY
        elif b == "confirm":
            fixes = self.correction_fixes()
            problem = unreachable_die(self.t.board, Die(c.space, c.pips), self.t.apples)
            if fixes and problem:
                # checked before anything is applied: the trough and supply counts stay on the screen
                raise CommandError(_("the die cannot stand on space {space} showing {pips}: {problem}").format(
                    space=c.space, pips=c.pips, problem=problem))
            self.correction = None
            self.mode = Mode.PLAY
            if fixes:
                for f in fixes[:-1]:
                    self.do(f)
                return fixes[-1]
        else:
            return None
        return ""

    def correction_fixes(self) -> list[str]:
        c = self.correction
        assert c is not None
        s = self.t.state
        out = []
        if (c.space, c.pips) != (s.die.space, s.die.pips):
            out.append(f"fix-die {c.space} {c.pips}")
        out += [f"fix-trough {i + 1} {n}" for i, n in enumerate(c.troughs) if n != s.troughs[i]]
        if c.supply != s.supply:
            out.append(f"fix-supply {c.supply}")
        return out
