"""The harvest board alone: the engine's face for a physical table.

The track cannot see tiles; it knows the seats, where the die stands, its pips, and how many
tiles lie in each trough, on the middle trees (solo), beside each cottage and in the supply.
People tell it what they took (:class:`TrackAction`); it tells them, as events, whose turn
it is, which troughs are open, when to harvest which apples, when and in which order to
refill the troughs, what the blossom scorings pay and when the game ends.

Undo is push/pop: every applied action can be taken back, back to the start of the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from table.engine.errors import ActionParseError, IllegalActionError, RecordError
from table.games.applejack.rules.data import Board, DataSet, data_digest
from table.games.applejack.rules.events import (
    Corrected,
    Event,
    GameEnded,
    GameStarted,
    TileTaken,
    TurnStarted,
)
from table.games.applejack.rules.phase import Phase
from table.games.applejack.rules.walk import (
    Die,
    apples_by_space,
    can_restock,
    choosable_troughs,
    is_last_turn,
    is_middle_space,
    middle_reached,
    move_die,
    refill_needed,
    unreachable_die,
)


class TrackKind(StrEnum):
    """What a :class:`TrackAction` says happened (its first word)."""

    TAKE = "take"
    BLIND = "blind"
    COTTAGE = "cottage"
    MIDDLE = "middle"
    STOCK = "stock"
    STOCK_SUPPLY = "stock-supply"
    FIX_DIE = "fix-die"
    FIX_TROUGH = "fix-trough"
    FIX_SUPPLY = "fix-supply"

    @property
    def is_correction(self) -> bool:
        """A correction (``fix-…``): the table is told how it stands, no turn is taken."""
        return self in (TrackKind.FIX_DIE, TrackKind.FIX_TROUGH, TrackKind.FIX_SUPPLY)

    @property
    def numbers(self) -> int:
        """How many numbers follow the word in the text form."""
        return 2 if self in (TrackKind.FIX_DIE, TrackKind.FIX_TROUGH) else \
            1 if self in (TrackKind.TAKE, TrackKind.STOCK, TrackKind.FIX_SUPPLY) else 0


KINDS = tuple(TrackKind)


@dataclass(frozen=True, slots=True)
class TrackAction:
    """What happened at the table, in a text form that round-trips::

        take 3        took a tile from trough 3
        blind         drew blind from the supply
        cottage       took the tile beside the cottage (variant); then:
        stock 3       restocked the cottage from trough 3, or
        stock-supply  restocked it from the supply
        middle        (solo) took a tile from the middle space's trees
        fix-die 5 2   correction: the die stands on space 5 showing 2
        fix-trough 3 2  correction: trough 3 holds 2 tiles
        fix-supply 40   correction: the supply holds 40 tiles
    """

    kind: TrackKind
    a: int | None = None
    b: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, TrackKind):  # a plain word ("take") becomes its kind
            object.__setattr__(self, "kind", TrackKind(self.kind))

    def __str__(self) -> str:
        return " ".join(str(x) for x in (self.kind, self.a, self.b) if x is not None)

    @classmethod
    def parse(cls, text: str) -> TrackAction:
        """The text form back; :class:`ActionParseError` (never another error) on anything else.

        Numbers are ASCII digits 0-9, at most 6 of them (``str.isdigit`` alone also accepts
        ``²``, which ``int`` refuses with a bare ValueError)."""
        parts = text.split()
        if not parts or parts[0] not in KINDS:
            raise ActionParseError(f"not a track action: {text!r} (one of {', '.join(KINDS)})")
        kind, args = TrackKind(parts[0]), parts[1:]
        want = kind.numbers
        if len(args) != want or not all(a.isascii() and a.isdigit() and len(a) <= 6 for a in args):
            raise ActionParseError(f"{kind!r} takes {want} number(s) (digits 0-9): {text!r}")
        nums = [int(a) for a in args] + [None, None]
        return cls(kind, nums[0], nums[1])


def take(trough: int) -> TrackAction:
    return TrackAction(TrackKind.TAKE, trough)


@dataclass(frozen=True, slots=True)
class TrackConfig:
    """``apple_tiles``: variety indexes covering the first printed apples (variant);
    ``middle_start``: tiles on the middle trees at the start (solo; campaign games start with
    the kept tiles there, 0-3: ruling R14 lets a player keep fewer)."""

    players: int
    cottage: bool = False
    apple_tiles: tuple[int, ...] | None = None
    middle_start: int | None = None


@dataclass(frozen=True, slots=True)
class TrackState:
    die: Die
    turn: int  # turns taken so far
    troughs: tuple[int, ...]  # tile count per trough 1..7 (index trough-1)
    supply: int
    middle: int
    cottage: tuple[bool, ...]
    phase: Phase  # TAKE, STOCK (the cottage to restock) or OVER

    def to_dict(self) -> dict[str, object]:
        d = dataclasses.asdict(self)
        d["die"] = {"space": self.die.space, "pips": self.die.pips}
        return d


class Track:
    """A game on the harvest board. ``apply`` returns the events the action caused."""

    def __init__(self, data: DataSet, config: TrackConfig) -> None:
        if config.players not in data.boards:
            raise ValueError(f"no harvest board for {config.players} players")
        self.data = data
        self.config = config
        self.board: Board = data.boards[config.players]
        self.apples = apples_by_space(self.board, config.apple_tiles)
        b = self.board
        middle = (config.middle_start if config.middle_start is not None else b.middle_start_tiles) \
            if b.middle_slots else 0
        cottages = config.players if config.cottage else 0
        in_troughs = b.troughs * b.tiles_per_trough
        self.state = TrackState(
            die=Die(1, 1),
            turn=0,
            troughs=(b.tiles_per_trough,) * b.troughs,
            supply=len(data.tiles) - in_troughs - middle - cottages,
            middle=middle,
            cottage=(config.cottage,) * config.players,
            phase=Phase.TAKE,
        )
        self.history: list[TrackAction] = []
        self.events: list[Event] = []
        self._stack: list[tuple[TrackState, int]] = []
        self.events.append(GameStarted(config.players, b.id, ()))
        self.events.append(self._turn_started())

    # --- queries ----------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        seat = self.board.space(self.state.die.space).seat
        return seat if seat is not None else 0

    @property
    def on_middle(self) -> bool:
        return is_middle_space(self.board, self.state.die.space)

    def open_troughs(self) -> tuple[int, ...]:
        return () if self.on_middle else self.board.space(self.state.die.space).troughs

    def is_terminal(self) -> bool:
        return self.state.phase == Phase.OVER

    def is_last_turn(self) -> bool:
        return is_last_turn(self.board, self.state.die)

    def choosable_troughs(self) -> tuple[int, ...]:
        """The troughs a tile may come from now (ruling R3: any with tiles when all is empty)."""
        s = self.state
        return choosable_troughs(self.open_troughs(), s.troughs, s.supply, s.middle, self.on_middle)

    def fallback_troughs(self) -> tuple[int, ...]:
        """Ruling R3 in force: the troughs, none of them open, that a tile may come from now."""
        open_ = self.open_troughs()
        return tuple(a.a for a in self.legal_actions()
                     if a.kind in (TrackKind.TAKE, TrackKind.STOCK) and a.a is not None and a.a not in open_)

    def legal_actions(self) -> list[TrackAction]:
        s = self.state
        out: list[TrackAction] = []
        if s.phase == Phase.TAKE:
            out += [TrackAction(TrackKind.TAKE, t) for t in self.choosable_troughs() if s.troughs[t - 1] > 0]
            if self.on_middle and s.middle:
                out.append(TrackAction(TrackKind.MIDDLE))
            if s.supply:
                out.append(TrackAction(TrackKind.BLIND))
            if s.cottage[self.seat]:
                out.append(TrackAction(TrackKind.COTTAGE))
        elif s.phase == Phase.STOCK:
            out += [TrackAction(TrackKind.STOCK, t) for t in self.choosable_troughs() if s.troughs[t - 1] > 0]
            if s.supply:
                out.append(TrackAction(TrackKind.STOCK_SUPPLY))
        return out

    # --- actions ----------------------------------------------------------------------------
    def apply(self, action: TrackAction | str) -> list[Event]:
        if isinstance(action, str):
            action = TrackAction.parse(action)
        before = self.state
        if action.kind.is_correction:
            return self._push(before, action, self._fix(action))
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not allowed now (legal: "
                                     f"{', '.join(map(str, self.legal_actions())) or 'nothing, the game is over'})")
        s = self.state
        seat = self.seat
        events: list[Event] = []
        troughs = list(s.troughs)
        supply, middle, cottage = s.supply, s.middle, list(s.cottage)
        restock = False
        if action.kind == TrackKind.TAKE:
            assert action.a is not None
            troughs[action.a - 1] -= 1
            events.append(TileTaken(seat, "trough", action.a, None))
        elif action.kind == TrackKind.BLIND:
            supply -= 1
            events.append(TileTaken(seat, "blind", None, None))
        elif action.kind == TrackKind.MIDDLE:
            middle -= 1
            events.append(TileTaken(seat, "middle", None, None))
        elif action.kind == TrackKind.COTTAGE:
            cottage[seat] = False
            events.append(TileTaken(seat, "cottage", None, None))
            restock = True
        elif action.kind == TrackKind.STOCK:
            assert action.a is not None
            troughs[action.a - 1] -= 1
            cottage[seat] = True
        elif action.kind == TrackKind.STOCK_SUPPLY:
            supply -= 1
            cottage[seat] = True
        new = dataclasses.replace(s, troughs=tuple(troughs), supply=supply, middle=middle, cottage=tuple(cottage))
        if restock and can_restock(new.troughs, new.supply):  # ruling R4: else the cottage stays empty
            self.state = dataclasses.replace(new, phase=Phase.STOCK)
            return self._push(before, action, events)
        events += self._end_turn(new)
        return self._push(before, action, events)

    def _end_turn(self, s: TrackState) -> list[Event]:
        """Step 5 and what follows; sets ``self.state`` to the next turn's state."""
        events: list[Event] = []
        turn = s.turn + 1
        if is_last_turn(self.board, s.die):
            self.state = dataclasses.replace(s, turn=turn, phase=Phase.OVER)
            events.append(GameEnded(turn))
            return events
        die, walk_events = move_die(self.board, s.die, self.apples)
        events += walk_events
        troughs, supply, middle = list(s.troughs), s.supply, s.middle
        b = self.board
        if is_middle_space(b, die.space):
            reached = middle_reached(b, middle, supply)
            events.append(reached)
            middle += reached.fill
            supply -= reached.fill
        else:
            refill = refill_needed(b, die.space, troughs, middle, supply)
            if refill is not None:
                events.append(refill)
                for t in refill.order:
                    if supply:
                        troughs[t - 1] += 1
                        supply -= 1
                if refill.middle and supply:
                    middle += 1
                    supply -= 1
        self.state = TrackState(die, turn, tuple(troughs), supply, middle, s.cottage, Phase.TAKE)
        events.append(self._turn_started())
        return events

    def _turn_started(self) -> TurnStarted:
        s = self.state
        return TurnStarted(s.turn + 1, self.seat, s.die.space, s.die.pips, self.open_troughs(),
                           self.on_middle, self.is_last_turn())

    def _fix(self, action: TrackAction) -> list[Event]:
        s = self.state
        if s.phase != Phase.TAKE:
            raise IllegalActionError("corrections are made at the start of a turn")
        a, b = action.a, action.b
        assert a is not None
        if action.kind == TrackKind.FIX_DIE:
            assert b is not None
            problem = unreachable_die(self.board, Die(a, b), self.apples)
            if problem:
                raise IllegalActionError(f"the die cannot stand on space {a} showing {b}: {problem}")
            self.state = dataclasses.replace(s, die=Die(a, b))
            corrected = Corrected("die", f"space {a}, {b} pip(s)")
        elif action.kind == TrackKind.FIX_TROUGH:
            assert b is not None
            if not 1 <= a <= self.board.troughs:
                raise IllegalActionError(f"trough {a} does not exist")
            troughs = list(s.troughs)
            troughs[a - 1] = b
            self.state = dataclasses.replace(s, troughs=tuple(troughs))
            corrected = Corrected(f"trough {a}", f"{b} tile(s)")
        else:
            self.state = dataclasses.replace(s, supply=a)
            corrected = Corrected("supply", f"{a} tile(s)")
        # the turn is shown again from where the table now stands (same turn number)
        return [corrected, self._turn_started()]

    def _push(self, before: TrackState, action: TrackAction, events: Sequence[Event]) -> list[Event]:
        self._stack.append((before, len(self.events)))
        self.history.append(action)
        self.events.extend(events)
        return list(events)

    def undo(self) -> TrackAction:
        """Take back the last action (push/pop); IndexError at the start of the game."""
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the game")
        state, n_events = self._stack.pop()
        self.state = state
        del self.events[n_events:]
        return self.history.pop()


TRACK_FORMAT = "applejack-track/1"


def track_record(track: Track) -> dict[str, object]:
    """A track game as JSON data: config + every action; :func:`replay_track` rebuilds it."""
    c = track.config
    return {"format": TRACK_FORMAT,
            "data_digest": data_digest(track.data),
            "config": {"players": c.players, "cottage": c.cottage,
                       "apple_tiles": list(c.apple_tiles) if c.apple_tiles is not None else None,
                       "middle_start": c.middle_start},
            "actions": [str(a) for a in track.history]}


def replay_track(data: DataSet, record: object) -> Track:
    """Rebuild a track game from :func:`track_record` data; RecordError on anything wrong."""
    if not isinstance(record, dict) or record.get("format") != TRACK_FORMAT:
        raise RecordError(f"not a track record (format {TRACK_FORMAT!r} expected)")
    digest = record.get("data_digest")
    if digest is not None and digest != data_digest(data):
        raise RecordError(f"record was played with data {digest}, this data set is {data_digest(data)} "
                          f"({data.source})")
    try:
        c = record["config"]
        apple_tiles = c.get("apple_tiles")
        config = TrackConfig(int(c["players"]), bool(c.get("cottage", False)),
                             tuple(int(v) for v in apple_tiles) if apple_tiles is not None else None,
                             c.get("middle_start"))
        track = Track(data, config)
        actions = record["actions"]
        if not isinstance(actions, list):
            raise RecordError("actions must be a list of action texts")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed track record: {exc!r}") from None
    for i, text in enumerate(actions, start=1):
        try:
            track.apply(str(text))
        except (ActionParseError, IllegalActionError) as exc:
            raise RecordError(f"action {i} ({text!r}): {exc}") from None
    return track
