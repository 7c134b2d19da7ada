"""Orchard tracking: a full engine ``GameState`` mirrors the table in lockstep with the Track.

``play`` normally follows the harvest board alone (:class:`~table.engine.track.Track`: counts,
no tiles). In a tracked game people also enter what the full game needs, in the engine's own
action texts (``table.engine.actions``): every tile turned over from the supply (``draw 17``:
setup, refills, blind draws, the middle trees, the cottages), which tile was taken
(``take 3:17``, ``middle 17``, ``cottage``, ``blind``), pay or pasture (``buy`` / ``pasture``),
where it went (``place 5/2``: orchard space 5, turned 2 steps) and the cottage restock
(``stock 3:17`` / ``stock-supply``).

The mirror is the one source of truth. The Track's action of a turn is derived from the
mirror's choices (``take 3:17`` → ``take 3``, ``middle 17`` → ``middle``, ``blind``,
``cottage``, ``stock 3:17`` → ``stock 3``, ``stock-supply``) and applied when the mirror's turn
ends, so both move the die with the same ``walk.move_die`` at the same moment; the
announcements still come from the Track's events, as in an untracked game. Every step checks
that the two walks agree. Undo takes back one mirror action and every Track action it caused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from table.companion.labels import is_number, seat_label
from table.engine import actions as A
from table.engine.cells import EMPTY, tile_of
from table.engine.data import DataSet
from table.engine.errors import IllegalActionError
from table.engine.events import (
    BlossomScoring,
    CottageStocked,
    DieMoved,
    Event,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
)
from table.engine.game import (
    BLIND_DRAW,
    OVER,
    PAY,
    PLACE,
    SELECT,
    SETUP,
    STOCK,
    STOCK_DRAW,
    GameConfig,
    GameState,
)
from table.engine.track import Track, TrackAction, TrackKind

WALK_EVENTS = (DieMoved, Harvest, BlossomScoring, LoopStarted, MiddleReached, RefillNeeded, GameEnded)
"""Events both faces emit from the die's walk: they must agree (payouts aside)."""
STEP_EVENTS = (TileDrawn, TileTaken, TilePaid, TileFlipped, TilePlaced, CottageStocked)
"""The mirror's own events of a step, told back to people (the Track's events are announced)."""


def walk_events(events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """The die's walk in ``events``, payouts removed, for comparing the Track with the mirror."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, Harvest | BlossomScoring):
            out.append(replace(e, payouts=None))
        elif isinstance(e, WALK_EVENTS):
            out.append(e)
    return out


def track_action_for(action: int) -> TrackAction | None:
    """The Track's action for a mirror action that takes or restocks a tile (None for the rest)."""
    d = A.decode(action)
    if d.verb in _TRACK_KIND:
        return TrackAction(_TRACK_KIND[d.verb], d.trough)
    return None


_TRACK_KIND = {A.Verb.BLIND: TrackKind.BLIND, A.Verb.COTTAGE: TrackKind.COTTAGE,
               A.Verb.STOCK_SUPPLY: TrackKind.STOCK_SUPPLY, A.Verb.TAKE: TrackKind.TAKE,
               A.Verb.MIDDLE: TrackKind.MIDDLE, A.Verb.STOCK: TrackKind.STOCK}
"""The mirror's verbs that take or restock a tile, as the Track's kinds (the trough goes along)."""


@dataclass(frozen=True, slots=True)
class TrackedStep:
    """One applied mirror action: its text (normalized), the mirror's events and the Track's."""

    text: str
    events: tuple[Event, ...]
    track_events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class _Undo:
    turn_before: tuple[TrackAction, ...]
    track_applied: int


class OrchardMirror:
    """The mirror of a tracked game, driving the controller's ``track`` (see the module doc).

    Named apart from the engine's ``Track`` (the harvest board's counts, which it drives): the
    mirror is a full ``GameState`` of the orchards entered at the table.

    Made at the start of a game (the Track without history); the mirror then waits for the
    setup draws: every trough's tiles, the middle trees (solo), the cottages (variant).
    """

    def __init__(self, data: DataSet, track: Track, *, orchards: tuple[str, ...] | None = None,
                 kept: tuple[int, ...] = ()) -> None:
        """``orchards``: the side per seat (variant "Individual orchards"); ``kept``: the solo
        campaign's kept tiles, on the middle trees instead of a drawn one."""
        if track.history:
            raise ValueError("orchard tracking starts with the game")
        c = track.config
        self.data = data
        self.track = track
        self.state = GameState(data, GameConfig(c.players, orchards=orchards, apple_tiles=c.apple_tiles,
                                                cottage=c.cottage, kept_tiles=kept))
        self._turn: list[TrackAction] = []  # the Track's actions of the turn in progress
        self._undo: list[_Undo] = []
        self._ids = frozenset(t.id for t in data.tiles)

    # --- queries ------------------------------------------------------------------------------------
    # --- what the screen shows of the mirror --------------------------------------------------------
    def trough_tiles(self, trough: int) -> list[int]:
        """The tiles entered into trough 1-7, by number."""
        return sorted(self.state.troughs[trough - 1])

    def middle_tiles(self) -> list[int]:
        """Solo: the tiles entered onto the middle trees, by number."""
        return sorted(self.state.middle)

    def supply_left(self) -> int:
        """Tiles still in the supply."""
        return len(self.state.supply)

    def choosing(self) -> bool:
        """A tile is to be chosen (a trough's, the middle trees', the cottage's or blind)."""
        return self.state.phase == SELECT

    def mid_turn(self) -> bool:
        """A tile was taken this turn and the turn is not over (the Track has not moved yet)."""
        return bool(self._turn)

    def can_undo(self) -> bool:
        return bool(self._undo)

    def waiting(self) -> str:
        """What the table must enter next, in words (with the command to type)."""
        st = self.state
        ph = st.phase
        who = seat_label(st.seat)
        due = st.next_draw_for()
        if due is not None:
            place, n = due
            where = "the middle trees" if place == "middle" else \
                f"{seat_label(n)}'s cottage" if place == "cottage" else f"trough {n}"
            left = min(len(st.draws_due), len(st.supply))
            what = "Set up" if ph == SETUP else "Refill"
            return f"{what}: enter the tile drawn for {where} — draw N ({left} to enter)"
        if ph == BLIND_DRAW:
            return f"Enter the tile {who} drew blind — draw N"
        if ph == STOCK_DRAW:
            return f"Enter the tile put beside {who}'s cottage from the supply — draw N"
        if ph == SELECT:
            legal = st.legal_actions()
            options = ["take TROUGH:TILE"] if any(A.TAKE <= a < A.MIDDLE for a in legal) else []
            options += ["middle TILE"] if any(A.MIDDLE <= a < A.PLACE for a in legal) else []
            options += [A.to_text(a) for a in legal if a in (A.BLIND, A.COTTAGE)]
            return f"{who}: enter the tile taken — {', '.join(options)}"
        if ph == PAY:
            price = st.rules.price[st.held]
            pay = "buy or pasture" if st.honey[st.seat] >= price else f"pasture (honey {st.honey[st.seat]} < {price})"
            return f"{who} holds tile {st.held} (price {price}): {pay}"
        if ph == PLACE:
            if st.held_pasture:
                return f"{who}: place tile {st.held} pasture side up — place SPACE (1-19)"
            return f"{who}: place tile {st.held} tree side up — place SPACE/TURN (1-19 / 0-5)"
        if ph == STOCK:
            return f"{who}: restock the cottage — stock TROUGH:TILE or stock-supply"
        return ""

    def where_is(self, tile: int) -> str:
        """Where a tile is, for a refusal: "is in trough 3", "is in △ Triangle's orchard" …"""
        st = self.state
        if tile not in self._ids:
            return f"does not exist (tiles {min(self._ids)}–{max(self._ids)})"
        if tile in st.supply:
            return "is in the supply"
        for n, tiles in enumerate(st.troughs, start=1):
            if tile in tiles:
                return f"is in trough {n}"
        if tile in st.middle:
            return "is on the middle trees"
        if tile in st.cottage:
            return f"is beside {seat_label(st.cottage.index(tile))}'s cottage"
        if tile == st.held:
            return "is in hand"
        for seat, cells in enumerate(st.cells):
            if any(v != EMPTY and tile_of(v) == tile for v in cells):
                return f"is in {seat_label(seat)}'s orchard"
        return "is out of the game"

    def disagreement(self) -> str | None:
        """At a turn boundary: how the Track differs from the mirror (None when they agree)."""
        st, tr = self.state, self.track.state
        if self._turn or st.phase not in (SELECT, OVER):
            return None  # inside a turn or while tiles are being drawn the Track is ahead or behind
        checks = {
            "die": (tr.die, st.die), "turn": (tr.turn, st.turn),
            "troughs": (tr.troughs, tuple(len(t) for t in st.troughs)),
            "supply": (tr.supply, len(st.supply)), "middle": (tr.middle, len(st.middle)),
            "cottage": (tr.cottage, tuple(c != EMPTY for c in st.cottage)),
            "over": (self.track.is_terminal(), st.is_terminal()),
        }
        wrong = [f"{k} {a} ≠ {b}" for k, (a, b) in checks.items() if a != b]
        return "; ".join(wrong) or None

    # --- actions ------------------------------------------------------------------------------------
    def parse(self, text: str) -> int:
        """An engine action text checked against the mirror, with a clear refusal for people.

        A placement turned to a look the tile shows anyway (two opposite beehives turned by 3)
        becomes the rotation the engine lists; a pasture ignores the turn.
        Raises ActionParseError (not an action) or IllegalActionError (not now / not there).
        """
        action = A.from_text(_spelled(text))
        st = self.state
        if st.is_terminal():
            raise IllegalActionError("the game is over")
        d = A.decode(action)
        is_draw = d.verb is A.Verb.DRAW
        if st.is_chance() != is_draw:
            raise IllegalActionError(f"{A.to_text(action)}: not now — {self.waiting()}")
        if is_draw:
            tile = d.tile
            assert tile is not None
            if tile not in st.supply:
                raise IllegalActionError(f"tile {tile} {self.where_is(tile)}, not in the supply")
            return action
        if st.phase == PLACE and d.verb is A.Verb.PLACE and d.cell is not None:
            cell = d.cell
            if st.cells[st.seat][cell] != EMPTY:
                raise IllegalActionError(f"space {cell + 1} of {seat_label(st.seat)}'s orchard is taken")
            parts = text.split()
            turn_left_out = len(parts) == 2 and "/" not in parts[1]
            if turn_left_out and not st.held_pasture and len(st.rules.rotations[st.held]) > 1:
                raise IllegalActionError(f"place {cell + 1}: say how tile {st.held} is turned too — "
                                         f"place {cell + 1}/TURN (0-5)")
            action = st.normalise(action)  # R10: every rotation the tile was laid in is accepted
        elif d.verb in (A.Verb.TAKE, A.Verb.STOCK) and d.trough is not None:
            trough, tile = d.trough, d.tile
            if 1 <= trough <= len(st.troughs) and tile not in st.troughs[trough - 1]:
                held = ", ".join(map(str, st.troughs[trough - 1])) or "nothing"
                raise IllegalActionError(f"trough {trough} holds {held}, not tile {tile}")
            verb = A.Verb.TAKE if st.phase == SELECT else A.Verb.STOCK
            open_ = sorted({o.trough for o in map(A.decode, st.legal_actions())
                            if o.verb is verb and o.trough is not None})
            if action not in st.legal_actions() and open_ and trough not in open_:
                raise IllegalActionError(f"trough {trough} is not open now (open: {', '.join(map(str, open_))})")
        elif d.verb is A.Verb.MIDDLE and d.tile is not None and d.tile not in st.middle:
            raise IllegalActionError(f"tile {d.tile} {self.where_is(d.tile)}, not on the middle trees")
        if action not in st.legal_actions():
            raise IllegalActionError(f"{A.to_text(action)}: not now — {self.waiting()}")
        return action

    def apply(self, text: str) -> TrackedStep:
        """Apply one engine action text to the mirror and, when the turn ends, the Track's actions."""
        action = self.parse(text)
        st = self.state
        turn = st.turn
        before = tuple(self._turn)
        events = st.apply(action)
        derived = track_action_for(action)
        if derived is not None:
            self._turn.append(derived)
        track_events: list[Event] = []
        applied = 0
        if st.turn != turn:  # the turn ended: the die moves on the harvest board too
            problem = ""
            try:
                for ta in self._turn:
                    track_events += self.track.apply(ta)
                    applied += 1
            except ValueError as exc:
                problem = f"the harvest board refused {ta}: {exc}"
            if not problem and walk_events(track_events) != walk_events(events):
                problem = "the harvest board's walk differs from the orchards' game"
            if problem:  # cannot happen while both follow the rules; never leave them apart
                for _ in range(applied):
                    self.track.undo()
                st.undo()
                self._turn = list(before)
                raise IllegalActionError(f"{A.to_text(action)}: {problem}")
            self._turn = []
        self._undo.append(_Undo(before, applied))
        return TrackedStep(A.to_text(action), tuple(events), tuple(track_events))

    def undo(self) -> str:
        """Take back the last mirror action and the Track actions it caused; IndexError at the start."""
        if not self._undo:
            raise IndexError("nothing to undo: this is the start of the game")
        step = self._undo.pop()
        for _ in range(step.track_applied):
            self.track.undo()
        action = self.state.undo()
        self._turn = list(step.turn_before)
        return A.to_text(action)

    # --- buttons ------------------------------------------------------------------------------------
    def action_for_button(self, button: str) -> str:
        """The engine action a trough / blind / cottage / middle / confirm button means now.

        A button cannot name a tile: a trough holding two tiles is refused with the commands to
        type. Raises IllegalActionError when the button means nothing now.
        """
        st = self.state
        if st.phase not in (SELECT, STOCK):
            raise IllegalActionError(self.waiting() or "the game is over")
        stock = st.phase == STOCK
        if button.startswith("trough") and is_number(button[6:]):
            n = int(button[6:])
            tiles = sorted(st.troughs[n - 1]) if 1 <= n <= len(st.troughs) else []
            verb = "stock" if stock else "take"
            if len(tiles) == 1:
                return f"{verb} {n}:{tiles[0]}"
            if not tiles:
                raise IllegalActionError(f"trough {n} is empty")
            raise IllegalActionError(f"trough {n} holds tiles {' and '.join(map(str, tiles))}: type "
                                     + " or ".join(f"{verb} {n}:{t}" for t in tiles))
        if button == "blind":
            return "stock-supply" if stock else "blind"
        if button == "cottage" and not stock:
            return "cottage"
        if button in ("middle", "confirm") and not stock and st.on_middle and st.middle:
            if len(st.middle) == 1:
                return f"middle {st.middle[0]}"
            raise IllegalActionError("the middle trees hold tiles " + " and ".join(map(str, sorted(st.middle)))
                                     + ": type middle TILE")
        if button == "confirm" and not stock and st.cottage[st.seat] != EMPTY:
            return "cottage"
        raise IllegalActionError(self.waiting())


def _spelled(text: str) -> str:
    """People's spellings of the engine's texts: ``place 5 2`` / ``place 5`` (a pasture) → ``place 5/2`` /
    ``place 5/0``; ``take 3 17`` → ``take 3:17`` (likewise ``stock``)."""
    parts = text.split()
    if parts and parts[0] == "place":
        if len(parts) == 3:
            return f"place {parts[1]}/{parts[2]}"
        if len(parts) == 2 and "/" not in parts[1]:
            return f"place {parts[1]}/0"
    if len(parts) == 3 and parts[0] in ("take", "stock"):
        return f"{parts[0]} {parts[1]}:{parts[2]}"
    return text


def step_lines(step: TrackedStep) -> list[str]:
    """What the mirror did, one line per tile moved (the Track's events become announcements)."""
    return [str(e).strip() for e in step.events if isinstance(e, STEP_EVENTS)]
