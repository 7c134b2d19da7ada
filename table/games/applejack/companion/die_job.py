"""The controller's die part, :class:`DieWatch`: where the die sensor saw the die (shown and
checked against the rules, never obeyed), where the screen draws it during a loop's
announcements, and the sensor's link state in words.

Wiring: ``Controller.__init__`` makes one (``self.die = DieWatch(self)``) and forwards the seam's
``die_reading`` / ``sensor_status`` to it; the views read ``ctl.die_seen``, ``ctl.die_wrong()`` …
through the controller, which asks this part.
"""

from __future__ import annotations

import logging

from table.games.applejack.companion.parts import Mode, Table
from table.i18n import N_, _

log = logging.getLogger(__name__)

SENSOR_STATES = {"connected": N_("connected"), "reconnecting": N_("reconnecting"),
                 "disconnected": N_("disconnected"), "off": N_("off")}
"""The die sensor's link states in words (``SensorStatus.state``)."""


class DieWatch:
    """The die as the sensor sees it (``seen``: a space 1.., None before the first reading of a
    game) and the sensor's link (``state``: a key of :data:`SENSOR_STATES`). ``table``: the
    controller holding it (the setup's ``sensor`` switch, the Track, the mode, the queue)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seen: int | None = None
        self.state = "off"

    def wrong(self) -> bool:
        """The sensor sees the die on another space than the rules put it on."""
        table = self.table
        return (table.setup.sensor and table.track is not None and self.seen is not None
                and table.mode == Mode.PLAY and self.seen != table.track.state.die.space)

    def shown(self) -> tuple[int, int]:
        """(space, pips) where the screen draws the die. At a loop's end the rulebook's order is:
        the die goes over the bridge, the blossom scoring, then the die is turned one pip up — so
        while the harvests are announced the die still stands on the innermost space, during the
        blossom scoring on its return space, and both with the old pips until the loop is confirmed."""
        track, queued = self.table.track, self.table.queued
        assert track is not None
        s = track.state
        loop = next((a for a in queued if a.kind == "loop"), None)
        if loop is None:
            return s.die.space, s.die.pips
        if queued[0].kind == "harvest" and track.board.bridge:
            return track.board.innermost, loop.pips - 1
        return loop.space or s.die.space, loop.pips - 1

    def reading(self, space: int) -> None:
        """A settled die position from the sensor: shown (and checked), never obeyed. A space
        beyond the last one of the board side in play (a bigger side's sensor plate) is no
        reading: one log line (issue 31)."""
        track = self.table.track
        if track is not None and not 1 <= space <= len(track.board.spaces):
            log.warning("die sensor: space %d is beyond the last space (%d) of the board side in play; "
                        "reading ignored", space, len(track.board.spaces))
            return
        if self.seen != space:
            self.seen = space
            self.table.changed()

    def note(self) -> str:
        """"" when the die sensor is off or connected; else why the die is tracked by turn
        count meanwhile ("not connected": no link yet or lost, "reconnecting")."""
        if not self.table.setup.sensor or self.state == "connected":
            return ""
        return _("reconnecting") if self.state == "reconnecting" else _("not connected")

    def status(self, state: str) -> None:
        """The sensor's link changed (``SensorStatus.state``): said once, in words."""
        if self.state != state:
            self.state = state
            self.table.say(_("Die sensor {state}").format(state=_(SENSOR_STATES.get(state, state))))
            self.table.changed()
