"""The table companion's brain: a state machine around one :class:`~table.engine.track.Track`.

It knows nothing of pygame, GPIO or SQLite. Two layers:

* :meth:`Controller.press` takes a *button* ("trough1".."trough7", "blind", "confirm",
  "undo", "cottage", "middle", "correct", "escape", digits and score-pad keys) and turns it,
  depending on the mode, into a *command* — or ignores it.
* :meth:`Controller.do` executes a command (text: ``take 3``, ``blind``, ``ack``, ``undo``,
  ``fix-die 5 2``, ``pad 1 brown 5,3``, ``pad-done`` …). Every command that changed
  something is handed to ``on_command`` (the journal) *after* it was applied, so replaying a
  journal through :meth:`do` rebuilds the exact state, announcement queue included.

What the screen must show is the controller's public state (``mode``, ``track``,
``pending``, ``correction``, ``pad`` …); what the LEDs must show is :meth:`leds`. ``version``
goes up on every change so a view redraws only when something changed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from table.companion.hints import Hint, HintRequest, hint_seed, position_key, still_valid
from table.companion.labels import is_number, mark_label, plural, seat_label, start_honey
from table.companion.tracked import TrackedGame, step_lines
from table.engine import actions as A
from table.engine.data import DataSet
from table.engine.errors import ActionParseError, IllegalActionError
from table.engine.events import (
    BlossomScoring,
    DieMoved,
    Event,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
)
from table.engine.game import BLIND_DRAW, D_MIDDLE, PAY, REFILL, SELECT, SETUP, STOCK, STOCK_DRAW
from table.engine.phase import Phase
from table.engine.record import GameRecord
from table.engine.scoring import ScoreBreakdown, final_score, solo_verdict, winners
from table.engine.track import Track, TrackAction, TrackConfig, TrackKind, track_record
from table.engine.walk import FINAL_PIPS, Die, unreachable_die

TROUGHS = tuple(f"trough{i}" for i in range(1, 8))
BUTTONS = (*TROUGHS, "blind", "confirm", "undo")
"""The physical buttons on GPIO; the keyboard and the touchscreen add more names."""

SEAT_COLOURS: tuple[str, ...] = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")
"""Seat colours (blue, red, green, gold); every seat is also drawn with its symbol."""

PAD_FIELDS_EXTRA = ("blossoms", "honey")
PAD_TOTAL_LOOKING = 10
"""An area of this many apples of one variety is rare enough that the entry is more likely a total."""

STEPS = (
    "Take a tile: press its trough (or Blind draw)",
    "Pay its price, or pasture side up: +2 honey",
    "Place it in your orchard",
    "Beehive links pay the lower number, each link",
)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the setup screen chooses; journalled as the game's config.

    ``tracked``: orchard tracking (every tile entered, a full engine game mirrors the table);
    ``hints``: the seats (0-based) shown the strong bot's choice; needs ``tracked``.
    """

    players: int = 2
    cottage: bool = False
    apple_tiles: tuple[int, ...] | None = None
    sensor: bool = False
    tracked: bool = False
    hints: tuple[int, ...] = ()
    orchards: tuple[str, ...] | None = None  # variant "Individual orchards": the B side per seat
    campaign: int = 0  # solo campaign game 1-4 (0: no campaign)
    kept: tuple[int, ...] = ()  # campaign: the kept tiles' numbers (a tracked game needs them)

    def track_config(self) -> TrackConfig:
        return TrackConfig(self.players, cottage=self.cottage, apple_tiles=self.apple_tiles,
                           middle_start=campaign_middle(self.campaign) if self.players == 1 and self.campaign
                           else None)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"players": self.players, "cottage": self.cottage,
                             "apple_tiles": list(self.apple_tiles) if self.apple_tiles is not None else None,
                             "sensor": self.sensor}
        if self.tracked:  # only when on: the journal of an untracked game reads as before
            d["tracked"] = True
            d["hints"] = list(self.hints)
        if self.orchards is not None:
            d["orchards"] = list(self.orchards)
        if self.campaign:
            d["campaign"] = self.campaign
            d["kept"] = list(self.kept)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Setup:
        tiles = d.get("apple_tiles")
        orchards = d.get("orchards")
        return cls(int(d["players"]), bool(d.get("cottage", False)),
                   tuple(int(x) for x in tiles) if tiles is not None else None, bool(d.get("sensor", False)),
                   bool(d.get("tracked", False)), tuple(int(s) for s in d.get("hints", ())),
                   tuple(str(o) for o in orchards) if orchards else None, int(d.get("campaign", 0)),
                   tuple(int(t) for t in d.get("kept", ())))

    def variants_text(self) -> str:
        """The variants chosen, in words ("" for the base game)."""
        parts = []
        if self.cottage:
            parts.append("cottage tiles")
        if self.apple_tiles is not None:
            parts.append("apple tiles")
        if self.orchards is not None:
            parts.append("individual orchards " + " ".join(self.orchards))
        if self.campaign:
            parts.append(f"campaign game {self.campaign} of 4"
                         + (f" ({plural(campaign_middle(self.campaign), 'kept tile')} on the middle trees)"
                            if self.campaign > 1 else ""))
        return ", ".join(parts)

    def hints_text(self) -> str:
        if not self.hints:
            return "none"
        if len(self.hints) == self.players:
            return "all seats"
        return "seats " + ", ".join(str(s + 1) for s in self.hints)


@dataclass(frozen=True, slots=True)
class Announcement:
    """Something the table must do now; shown (and spoken) one at a time, confirmed to go on.

    ``kind``: harvest, blossom, loop, middle, refill, end. ``variety`` for a harvest;
    ``troughs`` the refill order.
    """

    kind: str
    text: str
    variety: int | None = None
    pips: int = 0
    troughs: tuple[int, ...] = ()
    space: int = 0  # loop and blossom: the space the die goes to


def campaign_middle(game: int) -> int:
    """Tiles on the middle trees at the start of solo campaign game 1-4: one random tile in the
    first, then the tiles kept after the earlier games (1, 2, 3) instead of it."""
    return max(1, game - 1)


@dataclass(frozen=True, slots=True)
class LedState:
    """What the seven trough LEDs must show: ``open`` (these troughs lit), ``refill`` (blink
    ``troughs`` in this order), ``chase`` (setup / game over) or ``off``."""

    kind: str
    troughs: tuple[int, ...] = ()


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


@dataclass
class Correction:
    """The correction screen's working copy; ``confirm`` turns the differences into fix-* actions."""

    space: int
    pips: int
    troughs: list[int]
    supply: int
    cursor: int = 0  # 0 die space, 1 die pips, 2..8 troughs 1..7, 9 supply

    FIELDS = 10

    def label(self, i: int) -> str:
        if i == 0:
            return "Die space"
        if i == 1:
            return "Die pips"
        if i <= 8:
            return f"Trough {i - 1}"
        return "Supply"

    def value(self, i: int) -> int:
        if i == 0:
            return self.space
        if i == 1:
            return self.pips
        if i <= 8:
            return self.troughs[i - 2]
        return self.supply

    def adjust(self, i: int, delta: int, spaces: int) -> None:
        if i == 0:
            self.space = (self.space - 1 + delta) % spaces + 1
        elif i == 1:
            self.pips = min(3, max(1, self.pips + delta))
        elif i <= 8:
            self.troughs[i - 2] = max(0, self.troughs[i - 2] + delta)
        else:
            self.supply = max(0, self.supply + delta)


@dataclass
class ScorePad:
    """The paper score pad: per player, the apple count of each area per variety, blossoms, honey."""

    players: int
    varieties: int
    areas: list[list[tuple[int, ...]]] = field(default_factory=list)
    blossoms: list[int] = field(default_factory=list)
    honey: list[int] = field(default_factory=list)
    cursor: tuple[int, int] = (0, 0)  # (player, field): field < varieties → areas, then blossoms, honey
    typing: str = ""  # what is being typed into the field under the cursor

    def __post_init__(self) -> None:
        if not self.areas:
            self.areas = [[() for _ in range(self.varieties)] for _ in range(self.players)]
            self.blossoms = [0] * self.players
            self.honey = [0] * self.players

    @property
    def fields(self) -> int:
        return self.varieties + 2

    def field_text(self, player: int, f: int) -> str:
        if f < self.varieties:
            return ",".join(map(str, self.areas[player][f]))
        return str(self.blossoms[player] if f == self.varieties else self.honey[player])

    def breakdowns(self) -> list[ScoreBreakdown]:
        return [final_score(self.areas[p], self.blossoms[p], self.honey[p]) for p in range(self.players)]

    def to_dict(self, variety_ids: tuple[str, ...]) -> dict[str, Any]:
        """The pad in the format of ``applejack-table score`` (table.engine.scorepad)."""
        return {"players": [{"name": seat_label(p),
                             "areas": {variety_ids[v]: list(a) for v, a in enumerate(self.areas[p]) if a},
                             "blossoms": self.blossoms[p], "honey": self.honey[p]}
                            for p in range(self.players)]}


TRACKED_NO_FIX = ("this game tracks the orchards: undo back to the mistake, or type untrack "
                  "(no more hints) and then correct")
ENGINE_VERBS = frozenset(("draw", "take", "middle", "blind", "cottage", "buy", "pasture", "place", "stock",
                          "stock-supply"))
"""The engine's action words (``table.engine.actions``): in a tracked game they are game steps."""


class CommandError(ValueError):
    """A command that cannot be executed now (the view shows ``str()`` as a hint)."""


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if not all(is_number(p) for p in parts):
        raise CommandError(f"not a list of numbers: {text!r}")
    return tuple(int(p) for p in parts)


def announcements_for(events: list[Event], data: DataSet, landed: int | None = None) -> list[Announcement]:
    """The announcements for the events of one move. ``landed``: the space the die stands on after
    the move (where a loop's end sends it; the board's ``return_to`` when not given)."""
    out: list[Announcement] = []
    bridge = not any(isinstance(e, DieMoved) and e.to_space < e.from_space for e in events)
    back = landed
    if back is None:
        back = next((e.to_space for e in events if isinstance(e, DieMoved) and e.to_space < e.from_space),
                    min((b.return_to for b in data.boards.values()), default=1))
    for e in events:
        if isinstance(e, Harvest):
            v = data.varieties[e.variety]
            out.append(Announcement("harvest", f"Harvest {v.name} ({mark_label(v.mark)}): "
                                    f"every {v.name} area − {e.pips}", e.variety, e.pips))
        elif isinstance(e, BlossomScoring):
            out.append(Announcement("blossom", f"Die over the bridge to space {back}, then blossom scoring: "
                                    f"each blossom pays {e.times} honey",
                                    pips=e.times, space=back))
        elif isinstance(e, LoopStarted):
            move = "" if bridge else f"Die from the middle space to space {back}, then "
            text = f"{move}turn the die up to {e.pips}: loop {e.loop} of {FINAL_PIPS} starts on space {back}"
            out.append(Announcement("loop", text[0].upper() + text[1:], pips=e.pips, space=back))
        elif isinstance(e, MiddleReached):
            text = f"Middle space: +{e.honey} honey for the empty trees"
            if e.fill:
                text += f"; put {plural(e.fill, 'tile')} from the supply on the trees"
            out.append(Announcement("middle", text, pips=e.honey))
        elif isinstance(e, RefillNeeded):
            text = "Refill: one tile into each trough: " + " ".join(map(str, e.order))
            if e.middle:
                text += ", then the middle trees"
            if e.available < len(e.order) + int(e.middle):
                text += f" (only {e.available} in the supply)"
            out.append(Announcement("refill", text, troughs=e.order[: e.available] if e.available else ()))
        elif isinstance(e, GameEnded):
            out.append(Announcement("end", f"Game over after {plural(e.turns, 'turn')}: final scoring"))
    return out


class Controller:
    """See the module docstring. ``on_command(kind, payload)`` receives ``("game", setup dict)``
    when a game starts, ``("cmd", text)`` for every command that changed the game and
    ``("finished", record dict)`` when the score pad is done."""

    def __init__(self, data: DataSet, *, on_command: Callable[[str, Any], None] | None = None,
                 rng: random.Random | None = None) -> None:
        self.game = "applejack"  # its key in table.games (table.companion.protocol.GameCompanion)
        self.data = data
        self.on_command = on_command
        self.rng = rng or random.Random()
        self.mode = "setup"  # setup, resume, play, correct, pad, result
        self.setup = Setup()
        self.track: Track | None = None
        self.pending: list[Announcement] = []
        self.correction: Correction | None = None
        self.pad: ScorePad | None = None
        self.results: list[ScoreBreakdown] = []
        self.winners: tuple[int, ...] = ()
        self.record: dict[str, Any] | None = None
        self.die_seen: int | None = None  # last settled die reading (sensor on)
        self.sensor_state = "off"
        self.hint = ""  # a short message about the last input that was refused
        self.tracked: TrackedGame | None = None  # orchard tracking: the full game, in lockstep with track
        self._untracked: list[tuple[int, TrackedGame]] = []  # (track history length, mirror) per untrack
        self.advice: Hint | None = None  # the last bot hint given (shown while the table follows it)
        self._hint_asked: str | None = None  # the position someone asked a hint for
        self.resume_info: str = ""
        self._resume_payload: tuple[Setup, list[str]] | None = None
        self.resume_refused = ""  # why the offered game cannot be resumed (another data set); "" when it can
        self.discard_armed = False  # undo was pressed once on the resume screen: once more discards
        self.storage_problem = ""  # the journal cannot be written now (one line; set by the session)
        self.version = 0
        self.log: list[str] = []  # every announcement / turn line, for the text view and speech
        self._said = 0

    # --- helpers --------------------------------------------------------------------------------
    def _changed(self) -> None:
        self.version += 1

    def _say(self, line: str) -> None:
        self.log.append(line)

    def new_lines(self) -> list[str]:
        """Lines added to ``log`` since the last call (text view, speech)."""
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    @property
    def t(self) -> Track:
        assert self.track is not None
        return self.track

    def die_wrong(self) -> bool:
        """The sensor sees the die on another space than the rules put it on."""
        return (self.setup.sensor and self.track is not None and self.die_seen is not None
                and self.mode == "play" and self.die_seen != self.t.state.die.space)

    def turn_line(self) -> str:
        t = self.t
        s = t.state
        if t.is_terminal():
            return f"Game over after {plural(s.turn, 'turn')}"
        where = "the middle space" if t.on_middle else \
            " and ".join(f"trough {n} with {plural(s.troughs[n - 1], 'tile')}" for n in t.open_troughs())
        if s.phase == "stock":  # from the troughs it may restock from, else the supply
            sources = [f"trough {a.a} with {plural(s.troughs[a.a - 1], 'tile')}" for a in t.legal_actions()
                       if a.kind == "stock" and a.a is not None]
            where = " or ".join([*sources, "the supply"] if s.supply else sources) or "nowhere (all empty)"
        last = " — LAST TURN" if t.is_last_turn() else ""
        what = "restocks the cottage from" if s.phase == "stock" else "takes from"
        return (f"Turn {s.turn + 1}: {seat_label(t.seat)} {what} {where}; die on space {s.die.space} "
                f"showing {s.die.pips}; supply {s.supply}{last}")

    def shown_die(self) -> tuple[int, int]:
        """(space, pips) where the screen draws the die. At a loop's end the rulebook's order is:
        the die goes over the bridge, the blossom scoring, then the die is turned one pip up — so
        while the harvests are announced the die still stands on the innermost space, during the
        blossom scoring on its return space, and both with the old pips until the loop is confirmed."""
        s = self.t.state
        loop = next((a for a in self.pending if a.kind == "loop"), None)
        if loop is None:
            return s.die.space, s.die.pips
        if self.pending[0].kind == "harvest" and self.t.board.bridge:
            return self.t.board.innermost, loop.pips - 1
        return loop.space or s.die.space, loop.pips - 1

    def take_step(self) -> str:
        """Step 1 in words for this game: the cottage is named only with the cottage variant."""
        other = "Blind draw / Cottage" if self.setup.cottage else "Blind draw"
        if self.track is not None and self.t.on_middle:
            return f"Middle trees: press CONFIRM (or {other})"
        return f"Take a tile: press its trough (or {other})"

    def buttons(self) -> Buttons:
        """Which take buttons the engine allows now: the Track's legal actions, or in a tracked
        game the mirror's (it knows when a blind draw or a restock can be entered)."""
        t = self.t
        fallback = t.fallback_troughs()
        if self.tracked is not None:
            st = self.tracked.state
            legal = set(st.legal_actions())
            return Buttons(st.phase == STOCK, A.BLIND in legal or A.STOCK_SUPPLY in legal, A.COTTAGE in legal,
                           fallback, self.tracked.choosing())
        kinds = {a.kind for a in t.legal_actions()}
        return Buttons(t.state.phase == Phase.STOCK, TrackKind.BLIND in kinds or TrackKind.STOCK_SUPPLY in kinds,
                       TrackKind.COTTAGE in kinds, fallback)

    # --- what the LEDs show ---------------------------------------------------------------------
    def leds(self) -> LedState:
        if self.mode == "play" and self.track is not None:
            if self.pending and self.pending[0].kind == "refill":
                return LedState("refill", self.pending[0].troughs)
            if self.pending:
                return LedState("off")
            if self.t.is_terminal():
                return LedState("chase")
            if self.tracked is not None:
                st = self.tracked.state
                if st.phase in (SETUP, REFILL) and st.pending[0] < D_MIDDLE:
                    return LedState("open", (st.pending[0],))  # the trough whose drawn tile is wanted
                if st.phase == STOCK:
                    return LedState("open", tuple(sorted({d.trough for d in map(A.decode, st.legal_actions())
                                                          if d.trough is not None})))
                if self.tracked.mid_turn() or st.phase in (SETUP, REFILL, BLIND_DRAW, STOCK_DRAW):
                    return LedState("off")
            s = self.t.state
            if s.phase == "stock":
                return LedState("open", tuple(a.a for a in self.t.legal_actions()
                                               if a.kind == "stock" and a.a is not None))
            return LedState("open", tuple(a.a for a in self.t.legal_actions() if a.kind == "take" and a.a))
        if self.mode == "correct" and self.correction is not None and 2 <= self.correction.cursor <= 8:
            return LedState("open", (self.correction.cursor - 1,))
        if self.mode in ("setup", "result", "resume"):
            return LedState("chase")
        return LedState("off")

    # --- inputs from people ---------------------------------------------------------------------
    def press(self, button: str) -> bool:
        """A button, key or touch target; returns whether it did something."""
        if self.hint:  # an old refusal does not stay on the screen past the next key
            self.hint = ""
            self._changed()
        spot = self._pad_spot()
        try:
            cmd = self._command_for(button)
            if cmd is None:
                return False
            if cmd != "":
                self.do(cmd)
            if spot is not None and self._pad_spot() not in (None, spot):
                self.do(self._pad_at())  # the cursor and the typing are journalled: a resume is exact
            elif cmd == "":
                self._changed()  # view-only change (cursor, typing, setup choice)
            return True
        except (CommandError, IllegalActionError, ActionParseError) as exc:
            self.hint = str(exc)
            self._changed()
            return False

    def die_reading(self, space: int) -> None:
        """A settled die position from the sensor: shown (and checked), never obeyed."""
        if self.die_seen != space:
            self.die_seen = space
            self._changed()

    def sensor_note(self) -> str:
        """"" when the die sensor is off or connected; else why the die is tracked by turn
        count meanwhile ("not connected": no link yet or lost, "reconnecting")."""
        if not self.setup.sensor or self.sensor_state == "connected":
            return ""
        return "reconnecting" if self.sensor_state == "reconnecting" else "not connected"

    def sensor_status(self, state: str) -> None:
        if self.sensor_state != state:
            self.sensor_state = state
            self.log.append(f"Die sensor {state}")
            self._changed()

    def _command_for(self, b: str) -> str | None:
        m = self.mode
        if m == "resume":
            if b in ("undo", "escape"):
                if self.discard_armed:
                    return "discard"
                self.discard_armed = True  # a game is never thrown away by one press
                self.hint = "Press UNDO again to discard this game for good (CONFIRM resumes it)"
                self._say(self.hint)
                return ""
            if b == "confirm":
                self.discard_armed = False
                return "resume"
            return None
        if m == "setup":
            return self._setup_press(b)
        if m == "correct":
            return self._correct_press(b)
        if m == "pad":
            return self._pad_press(b)
        if m == "result":
            return "new-game" if b == "confirm" else None
        # play
        t = self.t
        if b in ("undo", "backspace"):
            return "undo"
        if b == "hint":
            return "hint"
        if b == "correct":
            if self.tracked is not None:
                raise CommandError(TRACKED_NO_FIX)
            if self.pending or t.state.phase != "take" or t.is_terminal():
                raise CommandError("corrections are made at the start of a turn")
            self.correction = Correction(t.state.die.space, t.state.die.pips, list(t.state.troughs),
                                         t.state.supply)
            self.mode = "correct"
            return ""
        if self.pending:
            if b == "confirm":
                return "ack"
            raise CommandError("confirm the announcement first")
        if t.is_terminal():
            return "pad-open" if b == "confirm" else None
        if self.tracked is not None:
            if b in (*TROUGHS, "blind", "cottage", "middle", "confirm"):
                return "game " + self.tracked.action_for_button(b)
            return None
        stock = t.state.phase == "stock"
        if b in TROUGHS:
            return f"{'stock' if stock else 'take'} {b[6:]}"
        if b == "blind":
            return "stock-supply" if stock else "blind"
        if b == "cottage":
            return "cottage"
        if b == "middle":
            return "middle"
        if b == "confirm":  # GPIO has no cottage/middle buttons: confirm takes what is unambiguous
            legal = {a.kind for a in t.legal_actions()}
            if "middle" in legal:
                return "middle"
            if "cottage" in legal:
                return "cottage"
        return None

    def _setup_press(self, b: str) -> str | None:
        s = self.setup
        if b in ("trough1", "trough2", "trough3", "trough4") or (b in "1234" and len(b) == 1):
            n = int(b[-1])
            self.setup = replace(s, players=n, hints=tuple(h for h in s.hints if h < n),
                                 orchards=self.b_sides(n) if s.orchards is not None else None,
                                 campaign=s.campaign if n == 1 else 0, kept=s.kept if n == 1 else ())
        elif b in ("trough5", "cottage", "5"):
            self.setup = replace(s, cottage=not s.cottage)
        elif b in ("trough6", "6"):
            tiles = None if s.apple_tiles is not None else self.shuffled_apples()
            self.setup = replace(s, apple_tiles=tiles)
        elif b in ("trough7", "7"):
            self.setup = replace(s, sensor=not s.sensor)
        elif b in ("orchards", "o"):  # individual orchards: the B sides, one per seat
            self.setup = replace(s, orchards=None if s.orchards is not None else self.b_sides(s.players))
        elif b.startswith("orchard") and is_number(b[7:]) and s.orchards is not None:
            seat = int(b[7:])  # touch on a seat's orchard: its next B side
            if 0 <= seat < len(s.orchards):
                sides = tuple(o for o in self.data.orchards if o != "A") or ("A",)
                nxt = sides[(sides.index(s.orchards[seat]) + 1) % len(sides)] if s.orchards[seat] in sides \
                    else sides[0]
                self.setup = replace(s, orchards=(*s.orchards[:seat], nxt, *s.orchards[seat + 1:]))
        elif b in ("campaign", "k"):  # solo campaign: off, game 1, 2, 3, 4
            if s.players != 1:
                raise CommandError("the campaign is a solo game: choose Solo first")
            self.setup = replace(s, campaign=(s.campaign + 1) % 5, kept=())
        elif b == "tracked":  # key t: orchard tracking on/off (off ends the hints too)
            self.setup = replace(s, tracked=not s.tracked, hints=())
        elif b == "hint":  # key h: hints for every seat on/off (they need tracking: it comes on)
            self.setup = replace(s, tracked=True, hints=() if s.hints else tuple(range(s.players)))
        elif b.startswith("apple") and is_number(b[5:]) and s.apple_tiles is not None:
            i = int(b[5:])  # touch on the i-th apple tile: it moves one place forward (to the left)
            if 0 < i < len(s.apple_tiles):
                order = list(s.apple_tiles)
                order[i - 1], order[i] = order[i], order[i - 1]
                self.setup = replace(s, apple_tiles=tuple(order))
        elif b == "confirm":
            return "start"
        else:
            return None
        return ""

    def b_sides(self, players: int) -> tuple[str, ...]:
        """The orchards' B sides of the data set, one per seat (B1, B2, … in order)."""
        sides = tuple(o for o in self.data.orchards if o != "A")
        return tuple(sides[i % len(sides)] for i in range(players)) if sides else ("A",) * players

    def shuffled_apples(self) -> tuple[int, ...]:
        order = list(range(len(self.data.varieties)))
        self.rng.shuffle(order)
        return tuple(order)

    def _correct_press(self, b: str) -> str | None:
        c = self.correction
        assert c is not None
        spaces = len(self.t.board.spaces)
        if b in TROUGHS:
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
            self.mode = "play"
        elif b == "confirm":
            fixes = self.correction_fixes()
            problem = unreachable_die(self.t.board, Die(c.space, c.pips), self.t.apples)
            if fixes and problem:
                # checked before anything is applied: the trough and supply counts stay on the screen
                raise CommandError(f"the die cannot stand on space {c.space} showing {c.pips}: {problem}")
            self.correction = None
            self.mode = "play"
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

    def _pad_press(self, b: str) -> str | None:
        pad = self.pad
        assert pad is not None
        player, f = pad.cursor
        if len(b) == 1 and is_number(b):
            pad.typing += b
        elif b in ("comma", ",", "space", "blind"):
            if f < pad.varieties and pad.typing and not pad.typing.endswith(","):
                pad.typing += ","
        elif b == "backspace" or (b == "undo" and pad.typing):
            pad.typing = pad.typing[:-1]
        elif b == "clear":  # empty the field under the cursor
            pad.typing = ""
            name = self.data.varieties[f].id if f < pad.varieties else PAD_FIELDS_EXTRA[f - pad.varieties]
            return f"pad {player + 1} {name}"
        elif b in ("undo", "escape"):
            return "undo"  # back to the last turn; the pad keeps what was entered
        elif b in ("confirm", "next", "tab", "down"):
            cmd = self._pad_commit()
            if b == "confirm" and player == pad.players - 1 and f == pad.fields - 1:
                return cmd or "pad-done"  # the last field: confirm once more to score
            self._pad_move(+1)
            return cmd or ""
        elif b in ("prev", "up"):
            cmd = self._pad_commit()
            self._pad_move(-1)
            return cmd or ""
        elif b == "done":
            cmd = self._pad_commit()
            if cmd:
                self.do(cmd)
            return "pad-done"
        elif b.startswith("cell"):  # touch: cell<player>_<field>
            cmd = self._pad_commit()
            p, q = b[4:].split("_")
            pad.cursor = (int(p) % pad.players, int(q) % pad.fields)
            return cmd or ""
        else:
            return None
        return ""

    def _pad_spot(self) -> tuple[tuple[int, int], str] | None:
        return (self.pad.cursor, self.pad.typing) if self.mode == "pad" and self.pad is not None else None

    def _pad_at(self) -> str:
        assert self.pad is not None
        (player, f), typing = self.pad.cursor, self.pad.typing
        return f"pad-at {player + 1} {f + 1} {typing}".rstrip()

    def _pad_commit(self) -> str | None:
        pad = self.pad
        assert pad is not None
        if not pad.typing:
            return None
        player, f = pad.cursor
        text, pad.typing = pad.typing.strip(","), ""
        name = self.data.varieties[f].id if f < pad.varieties else PAD_FIELDS_EXTRA[f - pad.varieties]
        return f"pad {player + 1} {name} {text}"

    def _pad_move(self, step: int) -> None:
        pad = self.pad
        assert pad is not None
        player, f = pad.cursor
        f += step
        if f >= pad.fields:
            player, f = (player + 1) % pad.players, 0
        elif f < 0:
            player, f = (player - 1) % pad.players, pad.fields - 1
        pad.cursor = (player, f)

    # --- commands (journalled) ------------------------------------------------------------------
    def do(self, cmd: str) -> None:
        """Execute one command; raise CommandError / IllegalActionError when it cannot be done."""
        word, _, rest = cmd.strip().partition(" ")
        if word == "setup":
            if self.mode != "setup":
                raise CommandError("a game is running")
            self.setup = self._parse_setup(rest)
            self._changed()
            return
        if word == "start":
            if self.mode != "setup":
                raise CommandError("a game is running")
            self._start(self.setup, journal=True)
            return
        if word == "resume":
            if self.mode != "resume" or self._resume_payload is None:
                raise CommandError("no game to resume")
            if self.resume_refused:
                raise CommandError(f"cannot resume: {self.resume_refused}")
            setup, cmds = self._resume_payload
            self._resume_payload = None
            self.replay(setup, cmds)
            return
        if word == "discard":
            if self.mode != "resume":
                raise CommandError("no game to resume")
            self._resume_payload = None
            self.resume_refused, self.discard_armed = "", False
            self.mode = "setup"
            self._emit("discard", None)
            self._changed()
            return
        if word == "new-game":
            if self.mode not in ("result", "setup"):
                raise CommandError("finish this game first")
            self._reset()
            return
        if self.track is None:
            raise CommandError("start a game first (confirm)")
        if word == "hint":
            self._ask_hint()  # advice, not a game step: never journalled
            return
        journal = cmd.strip()
        if self.tracked is not None and word in ENGINE_VERBS:
            word, rest = "game", cmd.strip()  # in a tracked game ``draw 17`` means ``game draw 17``
        if word == "undo":
            if self.mode == "correct":
                self.mode, self.correction = "play", None
            self._undo_step()
            self.pending = []
            self.mode = "play"
            self._say(f"Undone. {self.turn_line()}")
        elif word == "game":
            journal = "game " + self._game_step(rest)
        elif word == "untrack":
            self._untrack()
        elif word == "ack":
            if not self.pending:
                raise CommandError("nothing to confirm")
            self.pending.pop(0)
            self._say_next()
            if not self.pending and self.t.is_terminal():
                self._open_pad()
        elif word == "pad-open":
            if not self.t.is_terminal() or self.pending:
                raise CommandError("the game is not over")
            self._open_pad()
        elif word == "pad":
            self._pad_set(rest)
        elif word == "pad-at":
            self._pad_place(rest)
        elif word == "pad-done":
            self._pad_done()  # journalled as the finished record, not as a step
            self._changed()
            return
        else:
            if self.mode not in ("play", "correct"):
                raise CommandError(f"{cmd!r}: not now")
            if self.tracked is not None:  # the engine's words went to the game above: a correction, or nothing
                raise CommandError(TRACKED_NO_FIX if word.startswith("fix-") else
                                   f"not a command: {cmd.strip()!r} (see --help-keys)")
            if self.pending and not word.startswith("fix-"):
                raise CommandError("confirm the announcement first")
            action = TrackAction.parse(cmd)
            events = self.t.apply(action)
            self.pending = announcements_for(events, self.data, self.t.state.die.space)
            self._say_action(action)
            if self.pending:
                self._say_next()
            else:
                self._say(self.turn_line())
        self._emit("cmd", journal)
        self._changed()

    # --- orchard tracking and hints ---------------------------------------------------------------
    def _game_step(self, text: str) -> str:
        """One engine action on the tracked game (and the Track's, when the turn ends); returns
        its normalized text, which is what the journal keeps."""
        if self.tracked is None:
            raise CommandError("this game does not track the orchards (setup tracked=on before the start)")
        if self.mode != "play":
            raise CommandError(f"game {text}: not now")
        if self.pending:
            raise CommandError("confirm the announcement first")
        step = self.tracked.apply(text)
        for line in step_lines(step):
            self._say(line)
        self.pending = announcements_for(list(step.track_events), self.data, self.t.state.die.space)
        if self.pending:
            self._say_next()
        elif step.track_events:
            self._say(self.turn_line())
        return step.text

    def _undo_step(self) -> None:
        try:
            if self.tracked is not None:
                self.tracked.undo()
            elif self._untracked and self._untracked[-1][0] == len(self.t.history):
                self.tracked = self._untracked.pop()[1]
                self._say("Orchard tracking is back on")
            else:
                self.t.undo()
        except IndexError:
            raise CommandError("nothing to undo: this is the start of the game") from None

    def _untrack(self) -> None:
        tg = self.tracked
        if tg is None:
            raise CommandError("this game does not track the orchards")
        if self.mode != "play" or self.pending or tg.mid_turn():
            raise CommandError("stop tracking between turns (after the placement, announcements confirmed)")
        self._untracked.append((len(self.t.history), tg))
        self.tracked = None
        self.advice = None
        self._say("Orchard tracking stopped: no more hints; corrections work again (undo brings tracking back)")

    def waiting_line(self) -> str:
        """In a tracked game: what the table must enter next (empty while an announcement waits)."""
        if self.tracked is None or self.mode != "play" or self.pending:
            return ""
        return self.tracked.waiting()

    def _hint_position(self) -> tuple[int, str]:
        """(seat, position key) of a tracked game at a seat's decision; CommandError otherwise."""
        tg = self.tracked
        if tg is None:
            raise CommandError("hints need orchard tracking: setup tracked=on hints=all before the start")
        if self.pending:
            raise CommandError("confirm the announcement first")
        st = tg.state
        if self.mode != "play" or st.is_terminal():
            raise CommandError("no hint now: the game is over")
        if st.is_chance():
            raise CommandError(f"no hint now: {tg.waiting()}")
        if st.seat not in self.setup.hints:
            raise CommandError(f"{seat_label(st.seat)} plays without hints (setup hints=…)")
        return st.seat, position_key(self.setup.to_dict(), st.history)

    def _ask_hint(self) -> None:
        _seat, key = self._hint_position()
        self._hint_asked = key
        shown = self.current_advice()
        if shown is not None:  # one is showing: say the rest of it again
            self._say(shown[0].line(shown[1]))
        self._changed()

    def current_advice(self) -> tuple[Hint, int] | None:
        """The hint to show and how many of its steps were made, while the table follows it."""
        if self.advice is None or self.tracked is None or self.pending:
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

    def give_hint(self, hint: Hint | None) -> bool:
        """A computed hint; shown only if the table still stands where it was asked (else dropped)."""
        if hint is None or self.tracked is None:
            return False
        try:
            _seat, key = self._hint_position()
        except CommandError:
            return False
        if hint.key != key:
            return False  # stale: asked for a position the table has left
        self.advice = hint
        self._say(hint.text)
        self._changed()
        return True

    def _emit(self, kind: str, payload: Any) -> None:
        if self.on_command is not None:
            self.on_command(kind, payload)

    def _say_action(self, action: TrackAction) -> None:
        if action.kind.startswith("fix-"):
            self._say(f"Corrected: {action}")

    def _say_next(self) -> None:
        if self.pending:
            self._say(self.pending[0].text)
        elif self.track is not None and not self.t.is_terminal():
            self._say(self.turn_line())

    def _parse_setup(self, text: str) -> Setup:
        s = self.setup
        words = text.split()
        for w in words:
            key, _, value = w.partition("=")
            if key == "players":
                n = int(value) if is_number(value) else 0
                if n not in self.data.boards:
                    raise CommandError(f"no board for {value} players")
                s = replace(s, players=n, hints=tuple(h for h in s.hints if h < n),
                            orchards=None if s.orchards is None or len(s.orchards) == n else self.b_sides(n),
                            campaign=s.campaign if n == 1 else 0, kept=s.kept if n == 1 else ())
            elif key == "orchards":
                if value in ("", "off", "none", "A", "a"):
                    s = replace(s, orchards=None)
                elif value in ("on", "B", "b"):
                    s = replace(s, orchards=self.b_sides(s.players))
                else:
                    sides = tuple(value.split(","))
                    unknown = [o for o in sides if o not in self.data.orchards]
                    if unknown or len(sides) != s.players:
                        raise CommandError(f"orchards=SIDES: one per seat ({s.players}) of "
                                           f"{', '.join(self.data.orchards)}, e.g. orchards=on or "
                                           f"orchards={','.join(self.b_sides(s.players))}")
                    s = replace(s, orchards=sides)
            elif key == "campaign":
                n = int(value) if is_number(value) else -1
                if value in ("off", "none"):
                    n = 0
                if not 0 <= n <= 4 or (n and s.players != 1):
                    raise CommandError("campaign=1..4 (or off): the solo campaign's game, after players=1")
                s = replace(s, campaign=n, kept=s.kept[: campaign_middle(n) if n > 1 else 0])
            elif key == "kept":
                tiles = parse_numbers(value)
                if s.campaign < 2 or len(tiles) != campaign_middle(s.campaign):
                    raise CommandError("kept=TILES: the tile numbers kept from the earlier campaign games "
                                       "(game 2: one, 3: two, 4: three), after campaign=N")
                s = replace(s, kept=tiles)
            elif key == "cottage":
                s = replace(s, cottage=value in ("1", "on", "yes", "true"))
            elif key == "sensor":
                s = replace(s, sensor=value in ("1", "on", "yes", "true"))
            elif key == "tracked":
                on = value in ("1", "on", "yes", "true")
                s = replace(s, tracked=on, hints=s.hints if on else ())
            elif key == "hints":
                if value in ("", "off", "none", "0"):
                    s = replace(s, hints=())
                elif value == "all":
                    s = replace(s, tracked=True, hints=tuple(range(s.players)))
                else:
                    seats = tuple(sorted({n - 1 for n in parse_numbers(value)}))
                    if not all(0 <= h < s.players for h in seats):
                        raise CommandError(f"hints=SEATS: seats 1-{s.players}, e.g. hints=1,3 or hints=all")
                    s = replace(s, tracked=True, hints=seats)
            elif key == "apples":
                if value in ("", "off", "none"):
                    tiles = None
                elif value == "shuffle":
                    tiles = self.shuffled_apples()
                else:
                    tiles = tuple(n - 1 for n in parse_numbers(value))
                    if sorted(tiles) != list(range(len(self.data.varieties))):
                        raise CommandError("apples=ORDER lists each variety number 1-7 once")
                s = replace(s, apple_tiles=tiles)
            else:
                raise CommandError("setup knows players=, cottage=, apples=, orchards=, campaign=, kept=, sensor=, "
                                   f"tracked=, hints=; not {w!r}")
        return s

    def honey_line(self) -> str:
        """Each seat's starting honey, in words: "Starting honey: ○ Circle 16, △ Triangle 20"."""
        honey = start_honey(self.data, self.setup.players)
        return "Starting honey: " + ", ".join(f"{seat_label(p)} {h}" for p, h in enumerate(honey))

    def _start(self, setup: Setup, *, journal: bool) -> None:
        if setup.tracked and setup.campaign > 1 and len(setup.kept) != campaign_middle(setup.campaign):
            raise CommandError(f"a tracked campaign game {setup.campaign} needs the kept tiles' numbers: "
                               f"setup kept=N,… ({plural(campaign_middle(setup.campaign), 'tile')})")
        setup = replace(setup, hints=tuple(sorted({h for h in setup.hints if 0 <= h < setup.players}))
                        if setup.tracked else ())
        self.setup = setup
        self.track = Track(self.data, setup.track_config())
        self.tracked = TrackedGame(self.data, self.track, orchards=setup.orchards,
                                   kept=setup.kept) if setup.tracked else None
        self._untracked = []
        self.advice = None
        self._hint_asked = None
        self.mode = "play"
        self.pending = []
        self.die_seen = None
        if journal:
            self._emit("game", setup.to_dict())
        variants = setup.variants_text()
        self._say(f"New game: {'solo' if setup.players == 1 else plural(setup.players, 'player')}"
                  + (f", {variants}" if variants else "")
                  + (", die sensor on" if setup.sensor else "")
                  + (f" ({self.sensor_note()}: the die is followed by turn count)" if self.sensor_note() else ""))
        self._say(self.honey_line())
        if setup.apple_tiles is not None:
            names = ", ".join(self.data.varieties[v].name for v in setup.apple_tiles)
            self._say(f"Apple tiles, first printed apple first: {names}")
        if setup.tracked:
            self._say(f"Orchard tracking on (hints: {setup.hints_text()}): enter every tile drawn, taken and placed")
        self._say(self.turn_line())
        self._changed()

    def _reset(self) -> None:
        self.mode = "setup"
        self.track = None
        self.tracked = None
        self._untracked = []
        self.advice = None
        self.pending = []
        self.pad = None
        self.results = []
        self.winners = ()
        self.record = None
        self._changed()

    # --- resume ---------------------------------------------------------------------------------
    def offer_resume(self, setup: Setup, cmds: list[str], info: str = "", *, refused: str = "") -> None:
        """An unfinished game was found: the resume screen asks (confirm = resume, undo twice =
        discard it). ``refused``: why it cannot be resumed (confirm then says so; only a discard
        clears it)."""
        self.mode = "resume"
        self._resume_payload = (setup, list(cmds))
        self.resume_refused, self.discard_armed = refused, False
        self.resume_info = (f"cannot resume: {refused}" if refused else
                            info or f"{plural(setup.players, 'player')}, {plural(len(cmds), 'step')} recorded")
        self._say(f"Unfinished game found ({self.resume_info}): "
                  + ("undo twice discards it" if refused else "confirm resumes it, undo twice starts a new one"))
        self._changed()

    def replay(self, setup: Setup, cmds: list[str]) -> None:
        """Rebuild a journalled game exactly: its setup, then every command without journalling."""
        hook, self.on_command = self.on_command, None
        start = len(self.log)
        try:
            self._start(setup, journal=False)
            for c in cmds:
                self.do(c)
        finally:
            self.on_command = hook
        del self.log[start:]  # the game so far is not told again: one summary line
        self._said = min(self._said, len(self.log))
        self.log.append(f"Resumed. {self.turn_line() if not self.pending else self.pending[0].text}")
        self._changed()

    # --- score pad ------------------------------------------------------------------------------
    def _open_pad(self) -> None:
        if self.pad is None:
            self.pad = ScorePad(self.setup.players, len(self.data.varieties))
        self.mode = "pad"
        self._say("Score pad: per player the apples of each area per variety, then blossoms and honey")

    def _pad_set(self, rest: str) -> None:
        if self.pad is None:
            raise CommandError("the score pad is not open")
        parts = rest.split(maxsplit=2)
        if len(parts) < 2:
            raise CommandError("pad PLAYER FIELD VALUE, e.g. 'pad 1 brown 5,3' or 'pad 2 honey 14'")
        player = int(parts[0]) - 1 if is_number(parts[0]) else -1
        if not 0 <= player < self.pad.players:
            raise CommandError(f"player 1..{self.pad.players}")
        name, value = parts[1], parts[2] if len(parts) > 2 else ""
        nums = parse_numbers(value)
        if name in PAD_FIELDS_EXTRA:
            if len(nums) > 1:
                raise CommandError(f"{name} is one number")
            target = self.pad.blossoms if name == "blossoms" else self.pad.honey
            target[player] = nums[0] if nums else 0
        else:
            try:
                v = self.data.variety(name)
            except KeyError as exc:
                raise CommandError(str(exc)) from None
            self.pad.areas[player][v.index] = tuple(n for n in nums if n > 0)
            big = [n for n in nums if n >= PAD_TOTAL_LOOKING]
            if big:
                self._say(f"Check {seat_label(player)} {v.name}: an area of {big[0]} apples? Enter each area on "
                          "its own (e.g. 5,3), not the total")

    def pad_help(self) -> str:
        """What goes into the score pad's field under the cursor, in words."""
        pad = self.pad
        if pad is None:
            return ""
        _player, f = pad.cursor
        if f < pad.varieties:
            name = self.data.varieties[f].name
            return (f"{name}: the apples of each {name} area, commas between areas (e.g. 5,3) — "
                    f"the app takes off the {FINAL_PIPS} pips")
        if f == pad.varieties:
            return "Blossoms: every blossom on the player's tree tiles"
        return "Honey: the honey the player has now"

    def pad_warnings(self) -> list[str]:
        """Entries that look like a total instead of the areas one by one (an area of 10+ apples)."""
        pad = self.pad
        if pad is None:
            return []
        out = []
        for p in range(pad.players):
            for v, areas in enumerate(pad.areas[p]):
                big = [a for a in areas if a >= PAD_TOTAL_LOOKING]
                if big:
                    name = self.data.varieties[v].name
                    out.append(f"{seat_label(p)} {name}: an area of {big[0]} apples? Enter each area on its own "
                               "(e.g. 5,3), not a total")
        return out

    def _pad_place(self, rest: str) -> None:
        """``pad-at PLAYER FIELD [TYPING]``: where the score pad's cursor stands and what is typed there."""
        if self.pad is None or self.mode != "pad":
            raise CommandError("the score pad is not open")
        parts = rest.split()
        if not 2 <= len(parts) <= 3 or not all(is_number(x) for x in parts[:2]):
            raise CommandError("pad-at PLAYER FIELD [TYPED], e.g. 'pad-at 1 3 5,'")
        player, f = int(parts[0]) - 1, int(parts[1]) - 1
        typing = parts[2] if len(parts) == 3 else ""
        if not (0 <= player < self.pad.players and 0 <= f < self.pad.fields):
            raise CommandError(f"pad-at: player 1..{self.pad.players}, field 1..{self.pad.fields}")
        if typing.strip("0123456789,"):
            raise CommandError("pad-at: what is typed is digits and commas")
        self.pad.cursor, self.pad.typing = (player, f), typing

    def _pad_done(self) -> None:
        if self.pad is None:
            raise CommandError("the score pad is not open")
        self.results = self.pad.breakdowns()
        self.winners = winners([r.total for r in self.results])
        self.mode = "result"
        for p, r in enumerate(self.results):
            self._say(f"{seat_label(p)}: harvest {r.harvest} ×2 = {r.harvest_doubled}, "
                      f"{plural(r.profitable_varieties, 'variety', 'varieties')} +{r.variety_bonus}, "
                      f"blossoms {r.blossoms}, honey {r.honey} → {r.total}")
        if self.pad.players == 1:  # the solo game has marks, not a winner
            self._say(f"Solo result: {solo_verdict(self.results[0].total)}")
        else:
            tie = " (tie)" if len(self.winners) > 1 else ""
            self._say("Winner: " + " and ".join(seat_label(s) for s in self.winners) + tie)
        self.record = self.track_record()
        self._emit("finished", self.record)

    def track_record(self) -> dict[str, Any]:
        """The finished game as JSON data: the engine's ``applejack-track/1`` record plus the score pad."""
        assert self.pad is not None
        record = track_record(self.t)  # the engine's applejack-track/1: config + actions (replay reads it)
        config = record["config"]
        assert isinstance(config, dict)
        config["sensor"] = self.setup.sensor
        extra: dict[str, Any] = {}
        if self.tracked is not None:  # the whole game as well: `applejack-table replay` reads it too
            extra["game"] = GameRecord.of(self.tracked.state).to_dict()
        return {
            **record,
            **extra,
            "score_pad": self.pad.to_dict(tuple(v.id for v in self.data.varieties)),
            "scores": [{"harvest": r.harvest, "harvest_doubled": r.harvest_doubled,
                        "profitable_varieties": r.profitable_varieties, "variety_bonus": r.variety_bonus,
                        "blossoms": r.blossoms, "honey": r.honey, "total": r.total,
                        "per_variety": list(r.per_variety)} for r in self.results],
            "winners": list(self.winners),
        }
