"""The controller's job of announcing: the queue of announcements (``announcements.py``) confirmed one
at a time, and the lines the text view prints and speech says."""

from __future__ import annotations

from table.games.applejack.companion.base import ControllerBase
from table.games.applejack.labels import seat_label
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.track import TrackKind
from table.i18n import _, ngettext
from table.i18n.labels import both, either


class AnnouncementsJob(ControllerBase):
    """The controller's announcement queue and its spoken/printed lines."""

    def say(self, line: str) -> None:
        """A line for the text view and speech (``log``; ``new_lines`` hands it out once)."""
        self.log.append(line)

    def new_lines(self) -> list[str]:
        """Lines added to ``log`` since the last call (text view, speech)."""
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    def turn_line(self) -> str:
        t = self.t
        s = t.state
        if t.is_terminal():
            return ngettext("Game over after {n} turn", "Game over after {n} turns", s.turn).format(n=s.turn)

        def trough(n: int) -> str:
            count = s.troughs[n - 1]
            return ngettext("trough {trough} with {n} tile", "trough {trough} with {n} tiles", count).format(
                trough=n, n=count)

        where = _("the middle space") if t.on_middle else both([trough(n) for n in t.open_troughs()])
        if s.phase == Phase.STOCK:  # from the troughs it may restock from, else the supply
            sources = [trough(a.a) for a in t.legal_actions() if a.kind == TrackKind.STOCK and a.a is not None]
            where = either([*sources, _("the supply")] if s.supply else sources) or _("nowhere (all empty)")
            line = _("Turn {turn}: {seat} restocks the cottage from {where}; die on space {space} showing {pips}; "
                     "supply {supply}")
        else:
            line = _("Turn {turn}: {seat} takes from {where}; die on space {space} showing {pips}; supply {supply}")
        line = line.format(turn=s.turn + 1, seat=seat_label(t.seat), where=where, space=s.die.space,
                           pips=s.die.pips, supply=s.supply)
        return _("{line} — LAST TURN").format(line=line) if t.is_last_turn() else line

    def say_next(self) -> None:
        """Say what comes next: the first waiting announcement, else the turn line (game on)."""
        if self.queued:
            self.say(self.queued[0].text)
        elif self.track is not None and not self.t.is_terminal():
            self.say(self.turn_line())
