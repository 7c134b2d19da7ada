"""Orchard tracking inside the controller, the part :class:`OrchardTracking`: engine actions
entered as ``game …`` steps on the mirror (``table.games.applejack.companion.tracked``), undo and
untrack, and the strong bot's advice for the hinted seats (asked for here, computed by the front
end, never journalled).

Wiring: ``Controller.__init__`` makes one (``self.tracking = OrchardTracking(self)``), starts it
with every game (:meth:`OrchardTracking.start`) and hands it the ``game``, ``untrack``, ``undo`` and
``hint`` words; the seam's ``give_advice`` and the front end's ``hint_request`` come here; the
views read ``ctl.tracked`` and ``ctl.advice`` through the controller.
"""

from __future__ import annotations

from typing import Protocol

from table.games.applejack.companion.announcements import announcements_for
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.hints import Hint, HintRequest, hint_seed, position_key, still_valid
from table.games.applejack.companion.parts import Mode, Table, running
from table.games.applejack.companion.setup import Setup
from table.games.applejack.companion.tracked import OrchardMirror, step_lines
from table.games.applejack.labels import seat_label
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import PAY, SELECT
from table.games.applejack.rules.track import Track
from table.i18n import N_, _

TRACKED_NO_FIX = N_("this game tracks the orchards: undo back to the mistake, or type untrack "
                    "(no more hints) and then correct")
"""English source text: shown with ``_(TRACKED_NO_FIX)``."""
ENGINE_VERBS = frozenset(("draw", "take", "middle", "blind", "cottage", "buy", "pasture", "place", "stock",
                          "stock-supply"))
"""The engine's action words (``table.games.applejack.rules.actions``): in a tracked game they are game steps."""


class TrackingTable(Table, Protocol):
    """What orchard tracking needs of the controller besides the :class:`Table`: the next line to
    say after a step (the first waiting announcement, else the turn line) and the turn line."""

    def say_next(self) -> None: ...

    def turn_line(self) -> str: ...


class OrchardTracking:
    """The tracked game (``tracked``: the mirror in lockstep with the Track, None when the game is
    not tracked or tracking was stopped), the mirrors ``untrack`` set aside (``untracked``: (Track
    history length, mirror), undo brings one back), the hint shown (``advice``) and the position a
    hint was asked for (``hint_asked``)."""

    def __init__(self, table: TrackingTable) -> None:
        self.table = table
        self.tracked: OrchardMirror | None = None
        self.untracked: list[tuple[int, OrchardMirror]] = []
        self.advice: Hint | None = None
        self.hint_asked: str | None = None

    def start(self, track: Track | None, setup: Setup | None) -> None:
        """A game starts over ``track`` (a mirror when ``setup.tracked``), or none (both None)."""
        self.tracked = (OrchardMirror(self.table.data, track, orchards=setup.orchards, kept=setup.kept)
                        if track is not None and setup is not None and setup.tracked else None)
        self.untracked = []
        self.advice = None
        self.hint_asked = None

    def game_step(self, text: str) -> str:
        """One engine action on the tracked game (and the Track's, when the turn ends); returns
        its normalized text, which is what the journal keeps."""
        table = self.table
        if self.tracked is None:
            raise CommandError(_("this game does not track the orchards (setup tracked=on before the start)"))
        if table.mode != Mode.PLAY:
            raise CommandError(_("game {step}: not now").format(step=text))
        if table.queued:
            raise CommandError(_("confirm the announcement first"))
        step = self.tracked.apply(text)
        for line in step_lines(step):
            table.say(line)
        table.queued = announcements_for(list(step.track_events), table.data, running(self.table).state.die.space)
        if table.queued:
            table.say_next()
        elif step.track_events:
            table.say(table.turn_line())
        return step.text

    def undo(self) -> None:
        """Undo one step: the mirror's, else tracking back on (an ``untrack`` undone), else the Track's."""
        t = running(self.table)
        try:
            if self.tracked is not None:
                self.tracked.undo()
            elif self.untracked and self.untracked[-1][0] == len(t.history):
                self.tracked = self.untracked.pop()[1]
                self.table.say(_("Orchard tracking is back on"))
            else:
                t.undo()
        except IndexError:
            raise CommandError(_("nothing to undo: this is the start of the game")) from None

    def untrack(self) -> None:
        """``untrack``: tracking stops between turns (no more hints; corrections work again)."""
        tg, table = self.tracked, self.table
        if tg is None:
            raise CommandError(_("this game does not track the orchards"))
        if table.mode != Mode.PLAY or table.queued or tg.mid_turn():
            raise CommandError(_("stop tracking between turns (after the placement, announcements confirmed)"))
        self.untracked.append((len(running(self.table).history), tg))
        self.tracked = None
        self.advice = None
        table.say(_("Orchard tracking stopped: no more hints; corrections work again (undo brings tracking back)"))

    def waiting_line(self) -> str:
        """In a tracked game: what the table must enter next (empty while an announcement waits)."""
        if self.tracked is None or self.table.mode != Mode.PLAY or self.table.queued:
            return ""
        return self.tracked.waiting()

    def _hint_position(self) -> tuple[int, str]:
        """(seat, position key) of a tracked game at a seat's decision; CommandError otherwise."""
        tg, table = self.tracked, self.table
        if tg is None:
            raise CommandError(_("hints need orchard tracking: setup tracked=on hints=all before the start"))
        if table.queued:
            raise CommandError(_("confirm the announcement first"))
        st = tg.state
        if table.mode != Mode.PLAY or st.is_terminal():
            raise CommandError(_("no hint now: the game is over"))
        if st.is_chance():
            raise CommandError(_("no hint now: {waiting}").format(waiting=tg.waiting()))
        if st.seat not in table.setup.hints:
            raise CommandError(_("{seat} plays without hints (setup hints=…)").format(seat=seat_label(st.seat)))
        return st.seat, position_key(table.setup.to_dict(), st.history)

    def ask_hint(self) -> None:
        """``hint``: a hint is wanted for this position (the one shown is said again)."""
        _seat, key = self._hint_position()
        self.hint_asked = key
        shown = self.current_advice()
        if shown is not None:  # one is showing: say the rest of it again
            self.table.say(shown[0].line(shown[1]))
        self.table.changed()

    def current_advice(self) -> tuple[Hint, int] | None:
        """The hint to show and how many of its steps were made, while the table follows it."""
        if self.advice is None or self.tracked is None or self.table.queued:
            return None
        done = still_valid(self.advice, self.tracked.state.history)
        return None if done is None else (self.advice, done)

    def hint_request(self) -> HintRequest | None:
        """A hint wanted now: the start of a hinted seat's turn (or its tile drawn blind), or asked
        for with ``hint``; None when one is shown or none is wanted. Pure: the front end computes it."""
        try:
            seat, key = self._hint_position()
        except CommandError:
            return None
        if self.current_advice() is not None:
            return None
        assert self.tracked is not None
        st = self.tracked.state
        drawn_blind = st.phase == PAY and bool(st.history) and A.is_draw(st.history[-1])
        if self.hint_asked != key and st.phase != SELECT and not drawn_blind:
            return None
        return HintRequest(key, hint_seed(key), seat, tuple(st.history), st.clone())

    def give_advice(self, advice: Hint | None) -> bool:
        """The bot's computed advice (a hint asked for); shown only if the table still stands where it
        was asked (else dropped)."""
        if advice is None or self.tracked is None:
            return False
        try:
            _seat, key = self._hint_position()
        except CommandError:
            return False
        if advice.key != key:
            return False  # stale: asked for a position the table has left
        self.advice = advice
        self.table.say(advice.text)
        self.table.changed()
        return True
