"""Orchard tracking inside the controller: engine actions entered as ``game …`` steps on the
mirror (``table.games.applejack.companion.tracked``), undo and untrack, and the strong bot's advice for the
hinted seats (asked for here, computed by the front end, never journalled)."""

from __future__ import annotations

from table.games.applejack.companion.announcements import announcements_for
from table.games.applejack.companion.base import ControllerBase, Mode
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.hints import Hint, HintRequest, hint_seed, position_key, still_valid
from table.games.applejack.companion.tracked import step_lines
from table.games.applejack.labels import seat_label
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import PAY, SELECT
from table.i18n import N_, _

TRACKED_NO_FIX = N_("this game tracks the orchards: undo back to the mistake, or type untrack "
                    "(no more hints) and then correct")
"""English source text: shown with ``_(TRACKED_NO_FIX)``."""
ENGINE_VERBS = frozenset(("draw", "take", "middle", "blind", "cottage", "buy", "pasture", "place", "stock",
                          "stock-supply"))
"""The engine's action words (``table.games.applejack.rules.actions``): in a tracked game they are game steps."""



class TrackingJob(ControllerBase):
    """The controller's orchard tracking and bot advice."""

    def die_space(self) -> int | None:
        """Where the rules say the die stands now (None: no game): the simulated sensor follows it
        (``table.companion.protocol.MovesDie``)."""
        return self.track.state.die.space if self.track is not None else None

    def _game_step(self, text: str) -> str:
        """One engine action on the tracked game (and the Track's, when the turn ends); returns
        its normalized text, which is what the journal keeps."""
        if self.tracked is None:
            raise CommandError(_("this game does not track the orchards (setup tracked=on before the start)"))
        if self.mode != Mode.PLAY:
            raise CommandError(_("game {step}: not now").format(step=text))
        if self.queued:
            raise CommandError(_("confirm the announcement first"))
        step = self.tracked.apply(text)
        for line in step_lines(step):
            self.say(line)
        self.queued = announcements_for(list(step.track_events), self.data, self.t.state.die.space)
        if self.queued:
            self._say_next()
        elif step.track_events:
            self.say(self.turn_line())
        return step.text

    def _undo_step(self) -> None:
        try:
            if self.tracked is not None:
                self.tracked.undo()
            elif self._untracked and self._untracked[-1][0] == len(self.t.history):
                self.tracked = self._untracked.pop()[1]
                self.say(_("Orchard tracking is back on"))
            else:
                self.t.undo()
        except IndexError:
            raise CommandError(_("nothing to undo: this is the start of the game")) from None

    def _untrack(self) -> None:
        tg = self.tracked
        if tg is None:
            raise CommandError(_("this game does not track the orchards"))
        if self.mode != Mode.PLAY or self.queued or tg.mid_turn():
            raise CommandError(_("stop tracking between turns (after the placement, announcements confirmed)"))
        self._untracked.append((len(self.t.history), tg))
        self.tracked = None
        self.advice = None
        self.say(_("Orchard tracking stopped: no more hints; corrections work again (undo brings tracking back)"))

    def waiting_line(self) -> str:
        """In a tracked game: what the table must enter next (empty while an announcement waits)."""
        if self.tracked is None or self.mode != Mode.PLAY or self.queued:
            return ""
        return self.tracked.waiting()

    def _hint_position(self) -> tuple[int, str]:
        """(seat, position key) of a tracked game at a seat's decision; CommandError otherwise."""
        tg = self.tracked
        if tg is None:
            raise CommandError(_("hints need orchard tracking: setup tracked=on hints=all before the start"))
        if self.queued:
            raise CommandError(_("confirm the announcement first"))
        st = tg.state
        if self.mode != Mode.PLAY or st.is_terminal():
            raise CommandError(_("no hint now: the game is over"))
        if st.is_chance():
            raise CommandError(_("no hint now: {waiting}").format(waiting=tg.waiting()))
        if st.seat not in self.setup.hints:
            raise CommandError(_("{seat} plays without hints (setup hints=…)").format(seat=seat_label(st.seat)))
        return st.seat, position_key(self.setup.to_dict(), st.history)

    def _ask_hint(self) -> None:
        _seat, key = self._hint_position()
        self._hint_asked = key
        shown = self.current_advice()
        if shown is not None:  # one is showing: say the rest of it again
            self.say(shown[0].line(shown[1]))
        self.changed()

    def current_advice(self) -> tuple[Hint, int] | None:
        """The hint to show and how many of its steps were made, while the table follows it."""
        if self.advice is None or self.tracked is None or self.queued:
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
        if self._hint_asked != key and st.phase != SELECT and not drawn_blind:
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
        self.say(advice.text)
        self.changed()
        return True
