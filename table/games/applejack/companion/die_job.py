"""The controller's die job: where the die sensor saw the die (shown and checked against the
rules, never obeyed), where the screen draws it during a loop's announcements, and the sensor's
link state in words."""

from __future__ import annotations

import logging

from table.games.applejack.companion.base import ControllerBase, Mode
from table.i18n import N_, _

log = logging.getLogger(__name__)

SENSOR_STATES = {"connected": N_("connected"), "reconnecting": N_("reconnecting"),
                 "disconnected": N_("disconnected"), "off": N_("off")}
"""The die sensor's link states in words (``SensorStatus.state``)."""


class DieJob(ControllerBase):
    """See the module docstring."""

    def die_wrong(self) -> bool:
        """The sensor sees the die on another space than the rules put it on."""
        return (self.setup.sensor and self.track is not None and self.die_seen is not None
                and self.mode == Mode.PLAY and self.die_seen != self.t.state.die.space)

    def shown_die(self) -> tuple[int, int]:
        """(space, pips) where the screen draws the die. At a loop's end the rulebook's order is:
        the die goes over the bridge, the blossom scoring, then the die is turned one pip up — so
        while the harvests are announced the die still stands on the innermost space, during the
        blossom scoring on its return space, and both with the old pips until the loop is confirmed."""
        s = self.t.state
        loop = next((a for a in self.queued if a.kind == "loop"), None)
        if loop is None:
            return s.die.space, s.die.pips
        if self.queued[0].kind == "harvest" and self.t.board.bridge:
            return self.t.board.innermost, loop.pips - 1
        return loop.space or s.die.space, loop.pips - 1

    def die_reading(self, space: int) -> None:
        """A settled die position from the sensor: shown (and checked), never obeyed. A space
        beyond the last one of the board side in play (a bigger side's sensor plate) is no
        reading: one log line (issue 31)."""
        if self.track is not None and not 1 <= space <= len(self.track.board.spaces):
            log.warning("die sensor: space %d is beyond the last space (%d) of the board side in play; "
                        "reading ignored", space, len(self.track.board.spaces))
            return
        if self.die_seen != space:
            self.die_seen = space
            self._changed()

    def sensor_note(self) -> str:
        """"" when the die sensor is off or connected; else why the die is tracked by turn
        count meanwhile ("not connected": no link yet or lost, "reconnecting")."""
        if not self.setup.sensor or self.sensor_state == "connected":
            return ""
        return _("reconnecting") if self.sensor_state == "reconnecting" else _("not connected")

    def sensor_status(self, state: str) -> None:
        if self.sensor_state != state:
            self.sensor_state = state
            self.log.append(_("Die sensor {state}").format(state=_(SENSOR_STATES.get(state, state))))
            self._changed()
