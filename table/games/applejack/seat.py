"""Applejack on the phones (``table/web/``): the score pad at the end, every player at once.

Applejack hides nothing: its phones are for the end. While the score pad is open each seat enters
its own apples, blossoms and honey on its phone; each entry becomes at once the lid's own pad
command for that player (the pad's commands name the player, so the phones need no order),
journalled like a line typed at the lid:

- an area of a variety: ``pad P VARIETY a,b,…`` (the variety's areas so far and the new one;
  0 empties the variety's field, as an empty entry at the lid does);
- blossoms and honey: ``pad P blossoms N``, ``pad P honey N``;
- ``done``: the seat's pad is complete. When every seat is done the desk enters ``pad-done``
  (twice when a player has nothing entered: the lid asks once whether to score 0, and every
  player has said on their phone that they are done).

The ``done`` marks are the only thing held here; the door keeps them on disk as they change
(``table/web/held.py``: :meth:`SeatDesk.held`, :meth:`SeatDesk.moment`, :meth:`SeatDesk.restore`),
so a power cut loses none (every value entered is in the journal). The public view and the lid
(:meth:`SeatDesk.progress`) say who is done.
"""

from __future__ import annotations

from typing import Any

from table.companion.seatdesk import PadDoneDesk
from table.games.applejack.companion.api import Controller
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.scorepad import PAD_FIELDS_EXTRA
from table.games.applejack.labels import seat_label
from table.i18n import _
from table.i18n.labels import is_number
from table.i18n.names import variety_name

MAX_VALUE = 99
"""The largest number a phone enters in one field (apples of an area, blossoms, honey). The form
offers the numbers as a list: a typed number field would be required even for ``done``."""
PAD = "pad"
"""The controller's score pad mode (``Mode.PAD``)."""


def _value(form: dict[str, Any]) -> int:
    """The form's number, 0..MAX_VALUE; CommandError (one line) otherwise."""
    value = form.get("value")
    text = str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    if not is_number(text, 2):
        raise CommandError(_("a number from 0 to {most}").format(most=MAX_VALUE))
    return int(text)


class SeatDesk(PadDoneDesk[Controller]):
    """A seat's own score pad on its phone (see the module docstring)."""

    def __init__(self) -> None:
        self.done: set[int] = set()
        """Seats (0-based) that said on their phone their pad is complete."""

    def _sync(self, ctl: Controller) -> None:
        if ctl.mode != PAD or ctl.pad is None:
            self.done = set()

    def _public(self, ctl: Controller) -> dict[str, Any]:
        facts: list[list[str]] = []
        if ctl.mode == PAD and ctl.pad is not None:
            done = [seat_label(p) for p in sorted(self.done)]
            facts.append([_("Score pad entered"), ", ".join(done) or "—"])
        return {"turn": "", "question": "", "lines": list(ctl.log[-4:]), "facts": facts}

    def _private(self, ctl: Controller, seat: int) -> dict[str, Any]:
        pad = ctl.pad
        if ctl.mode != PAD or pad is None or seat >= pad.players:
            return {"facts": [], "form": None}
        varieties = ctl.data.varieties
        facts = [[variety_name(v.name), pad.field_text(seat, v.index) or "—"] for v in varieties]
        facts += [[_("Blossoms"), pad.field_text(seat, pad.varieties)],
                  [_("Honey"), pad.field_text(seat, pad.varieties + 1)],
                  [_("Total"), str(pad.breakdowns()[seat].total)]]
        options = [[v.id, _("{variety}: one more area").format(variety=variety_name(v.name))] for v in varieties]
        options += [["blossoms", _("Blossoms")], ["honey", _("Honey")], ["done", _("my pad is complete")]]
        note = _("Your pad is complete.") if seat in self.done else \
            _("Enter each area's apples on its own (0 empties a variety), then blossoms and honey.")
        return {"facts": facts, "note": note, "form": {"fields": [
            {"name": "what", "label": _("Enter"), "options": options},
            {"name": "value", "label": _("Number"), "options": [[str(k), str(k)] for k in range(MAX_VALUE + 1)]},
        ], "submit": _("Send")}}

    # --- who is done: on the lid, and kept across a power cut (table.web.held) -----------------
    def progress(self, ctl: Controller) -> tuple[str, list[tuple[int, bool]]] | None:
        """Who said on their phone that their pad is complete: ("pad", [(seat, done)…]) while the
        pad is open (the lid shows it; never a value), else None."""
        self._sync(ctl)
        if ctl.mode != PAD or ctl.pad is None:
            return None
        return "pad", [(p, p in self.done) for p in range(ctl.pad.players)]

    def moment(self, ctl: Controller) -> list[Any]:
        """The marks belong to this game's open pad (the door forgets them when the game ends or
        is discarded): the pad and the game's setup."""
        return [PAD, repr(ctl.setup)] if ctl.mode == PAD and ctl.pad is not None else []

    def held(self, ctl: Controller | None = None) -> dict[str, Any]:
        """The ``done`` marks (JSON)."""
        return {"done": sorted(self.done)} if self.done else {}

    def restore(self, ctl: Controller, held: dict[str, Any]) -> int:
        """The marks again after a restart (a seat the pad does not have is left out); how many."""
        self._sync(ctl)
        done = held.get("done")
        if ctl.mode == PAD and ctl.pad is not None and isinstance(done, list):
            self.done = {p for p in done if isinstance(p, int) and 0 <= p < ctl.pad.players}
        return len(self.done)

    def choose(self, ctl: Controller, seat: int, form: dict[str, Any]) -> list[str]:
        """The lid's pad command for ``seat``'s entry; CommandError (one line) when it cannot be now."""
        self._sync(ctl)
        pad = ctl.pad
        if ctl.mode != PAD or pad is None:
            raise CommandError(_("the score pad is not open"))
        what = form.get("what")
        if what == "done":
            self.done.add(seat)
            return self._finish(ctl)
        ids = {v.id: v for v in ctl.data.varieties}
        if not isinstance(what, str) or (what not in ids and what not in PAD_FIELDS_EXTRA):
            raise CommandError(_("choose what to enter"))
        value = _value(form)
        self.done.discard(seat)
        if what in PAD_FIELDS_EXTRA:
            return [f"pad {seat + 1} {what} {value}"]
        areas = (*pad.areas[seat][ids[what].index], value) if value else ()
        return [f"pad {seat + 1} {what} {','.join(map(str, areas))}".rstrip()]

    def _finish(self, ctl: Controller) -> list[str]:
        """``pad-done`` once every seat is done (twice when a player has nothing or a field empty:
        the lid asks once)."""
        pad = ctl.pad
        if pad is None or len(self.done) < pad.players:
            return []
        return ["pad-done", "pad-done"] if pad.to_ask() else ["pad-done"]
