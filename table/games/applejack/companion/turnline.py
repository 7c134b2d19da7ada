"""The turn line the controller says and shows: whose turn it is and where they take from
(:func:`turn_line`, over the Track; the controller adds the players' names). The announcements
themselves are ``announcements.py``; the controller keeps their queue (``queued``) and says them
one at a time."""

from __future__ import annotations

from table.games.applejack.labels import seat_label
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.track import Track, TrackKind
from table.i18n import _, ngettext
from table.i18n.labels import both, either


def turn_line(t: Track) -> str:
    """Whose turn it is and where they take from, in words ("Turn 3: △ Triangle takes from trough 2
    with 3 tiles …"; the restock, the middle space, the last turn and the game's end likewise)."""
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
