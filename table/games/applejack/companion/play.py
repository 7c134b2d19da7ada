"""The controller's play part, :class:`PlayScreen`: the turn on the Track — what a take button or
trough means now, which take buttons and trough lamps the engine allows, and a Track step with
its announcements (``take 3``, ``blind``, ``fix-die 5 2`` …).

Wiring: ``Controller.__init__`` makes one (``self.play = PlayScreen(self)``); the play screen's
presses (but CORRECT, the correction part's) come to :meth:`PlayScreen.press`, the controller's
``do`` hands it every word that is a step of the Track, ``leds`` asks it in play, and the view's
``ctl.buttons()`` / ``ctl.take_step()`` are its.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from table.companion.leds import LedKind, LedState
from table.engine.errors import IllegalActionError
from table.games.applejack.companion.announcements import announcements_for
from table.games.applejack.companion.box import box_corrections
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.parts import TROUGH_BUTTONS, Mode, Table, running
from table.games.applejack.companion.tracked import OrchardMirror
from table.games.applejack.companion.tracking import TRACKED_NO_FIX
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.game import BLIND_DRAW, REFILL, SETUP, STOCK, STOCK_DRAW
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.track import TrackAction, TrackKind
from table.i18n import N_, _

STEPS = (
    N_("Take a tile: press its trough (or Blind draw)"),
    N_("Pay its price, or pasture side up: +2 honey"),
    N_("Place it in your orchard"),
    N_("Beehive links pay the lower number, each link"),
)
"""A turn's four steps (English source text: show them with ``_(STEPS[i])``)."""
PLAY_KEYS = {"undo": "undo", "backspace": "undo", "hint": "hint", "skip": "teach skip"}
"""Keys that mean one command whatever the game's state (skip: teach mode hides the explanation shown)."""
TAKE_KEYS = {"blind": ("blind", "stock-supply"), "cottage": ("cottage", "cottage"), "middle": ("middle", "middle")}
"""A take key's command: (taking a tile, restocking the cottage)."""


@dataclass(frozen=True, slots=True)
class Buttons:
    """The take buttons beside the troughs as the engine allows them now (the view draws this).

    ``restock``: the cottage is being restocked, so the blind button reads "Supply";
    ``blind`` / ``cottage``: those buttons are enabled; ``fallback``: ruling R3, the open troughs
    are empty and these others may be taken from; ``choosing``: a tracked game waits for the tile
    to be chosen (the view then explains how to enter it)."""

    restock: bool
    blind: bool
    cottage: bool
    fallback: tuple[int, ...] = ()
    choosing: bool = False
    middle: bool = False
    """Solo: the die is on the middle space and its trees hold tiles (the Middle button lights)."""


class PlayTable(Table, Protocol):
    """What the play screen needs of the controller besides the :class:`Table`: the tracked game
    (its buttons and lamps are the mirror's), what to say after a step, and the turn line."""

    @property
    def tracked(self) -> OrchardMirror | None: ...

    def say_next(self) -> None: ...

    def turn_line(self) -> str: ...


class PlayScreen:
    """The turn on the Track (``box_said``: the box-differs line was said this game, ``box.py``)."""

    def __init__(self, table: PlayTable) -> None:
        self.table = table
        self.box_said = False

    def take_step(self) -> str:
        """Step 1 in words for this game: the cottage is named only with the cottage variant."""
        other = _("Blind draw / Cottage") if self.table.setup.cottage else _("Blind draw")
        if self.table.track is not None and self.table.track.on_middle:
            return _("Middle trees: press CONFIRM (or {other})").format(other=other)
        return _("Take a tile: press its trough (or {other})").format(other=other)

    def buttons(self) -> Buttons:
        """Which take buttons the engine allows now: the Track's legal actions, or in a tracked
        game the mirror's (it knows when a blind draw or a restock can be entered)."""
        t, tracked = running(self.table), self.table.tracked
        fallback = t.fallback_troughs()
        middle = t.on_middle and t.state.middle > 0
        if tracked is not None:
            st = tracked.state
            legal = set(st.legal_actions())
            return Buttons(st.phase == STOCK, A.BLIND in legal or A.STOCK_SUPPLY in legal, A.COTTAGE in legal,
                           fallback, tracked.choosing(), middle)
        kinds = {a.kind for a in t.legal_actions()}
        return Buttons(t.state.phase == Phase.STOCK, TrackKind.BLIND in kinds or TrackKind.STOCK_SUPPLY in kinds,
                       TrackKind.COTTAGE in kinds, fallback, middle=middle)

    def leds(self) -> LedState:
        """The trough lamps in play: a refill's troughs, nothing while another announcement waits,
        the chase at the game's end, else the troughs that may be taken (or restocked) from."""
        queued, t = self.table.queued, running(self.table)
        if queued and queued[0].kind == "refill":
            return LedState(LedKind.REFILL, queued[0].troughs)
        if queued:
            return LedState(LedKind.OFF)
        if t.is_terminal():
            return LedState(LedKind.CHASE)
        if self.table.tracked is not None:
            lit = _tracked_leds(self.table.tracked)
            if lit is not None:
                return lit
        if t.state.phase == Phase.STOCK:
            return LedState(LedKind.OPEN, tuple(a.a for a in t.legal_actions()
                                                if a.kind == TrackKind.STOCK and a.a is not None))
        return LedState(LedKind.OPEN, tuple(a.a for a in t.legal_actions() if a.kind == TrackKind.TAKE and a.a))

    def press(self, b: str) -> str | None:
        """The command button ``b`` means on the play screen (None: nothing)."""
        t, table = running(self.table), self.table
        if b in PLAY_KEYS:
            return PLAY_KEYS[b]
        if table.queued:
            if b == "confirm":
                return "ack"
            raise CommandError(_("confirm the announcement first"))
        if t.is_terminal():
            return "pad-open" if b == "confirm" else None
        if table.tracked is not None:
            if b in (*TROUGH_BUTTONS, "blind", "cottage", "middle", "confirm"):
                return "game " + table.tracked.action_for_button(b)
            return None
        stock = t.state.phase == Phase.STOCK
        if b in TROUGH_BUTTONS:
            return f"{'stock' if stock else 'take'} {b[6:]}"
        if b in TAKE_KEYS:
            return TAKE_KEYS[b][stock]
        if b == "confirm":  # GPIO has no cottage/middle buttons: confirm takes what is unambiguous
            legal = {a.kind for a in t.legal_actions()}
            if "middle" in legal:
                return "middle"
            if "cottage" in legal:
                return "cottage"
        return None

    def track_step(self, cmd: str, word: str) -> None:
        """A step of the Track (``take 3``, ``blind``, ``fix-die 5 2`` …) and its announcements."""
        table = self.table
        if table.mode not in (Mode.PLAY, Mode.CORRECT):
            raise CommandError(_("{command}: not now").format(command=repr(cmd)))
        if table.tracked is not None:  # the engine's words went to the game above: a correction, or nothing
            raise CommandError(_(TRACKED_NO_FIX) if word.startswith("fix-") else
                               _("not a command: {command} (see --help-keys)").format(command=repr(cmd.strip())))
        if table.queued and not word.startswith("fix-"):
            raise CommandError(_("confirm the announcement first"))
        t = running(self.table)
        action = TrackAction.parse(cmd)
        fixes = [] if action.kind.is_correction else box_corrections(t, action)
        for fix in fixes:  # the table is the truth: its box holds more tiles than our file
            t.apply(fix)
        try:
            events = t.apply(action)
        except IllegalActionError as exc:
            for _fix in fixes:
                t.undo()
            raise IllegalActionError(self._refusal_words(action, str(exc))) from None
        if fixes and not self.box_said:
            self.box_said = True
            table.say(_("The box differs from our data file: the table still has tiles where the file's supply "
                        "is empty. Recorded; play goes on"))
        table.queued = announcements_for(events, table.data, t.state.die.space)
        if action.kind.startswith("fix-"):
            table.say(_("Corrected: {action}").format(action=action))
        if table.queued:
            table.say_next()
        else:
            table.say(table.turn_line())

    def _refusal_words(self, action: TrackAction, engine_text: str) -> str:
        """The Track's refusal of ``action`` in the current language (the engine words it in English)."""
        if engine_text.startswith(f"{action} is not allowed now"):
            legal = ", ".join(map(str, running(self.table).legal_actions())) or _("nothing, the game is over")
            return _("{action} is not allowed now (legal: {legal})").format(action=action, legal=legal)
        if engine_text == "corrections are made at the start of a turn":
            return _("corrections are made at the start of a turn")
        return engine_text


def _tracked_leds(tracked: OrchardMirror) -> LedState | None:
    """A tracked game's lamps when the mirror decides them (None: as the Track's)."""
    st = tracked.state
    due = st.next_draw_for()
    if due is not None and due[0] == "trough":
        return LedState(LedKind.OPEN, (due[1],))  # the trough whose drawn tile is wanted
    if st.phase == STOCK:
        return LedState(LedKind.OPEN, tuple(sorted({d.trough for d in map(A.decode, st.legal_actions())
                                                    if d.trough is not None})))
    if tracked.mid_turn() or st.phase in (SETUP, REFILL, BLIND_DRAW, STOCK_DRAW):
        return LedState(LedKind.OFF)
    return None
