"""What every game state shares: apply, undo, clone, the record and its replay (issue 19).

A game's ``State`` keeps everything that changes during a game in one table ``t`` (a plain
dataclass) and subclasses :class:`SnapshotState`, which gives it :meth:`~SnapshotState.apply`
(refusing what ``legal_actions()`` does not list, sampling chance nodes with the state's rng),
:meth:`~SnapshotState.undo` (a snapshot of ``t`` per action), :meth:`~SnapshotState.clone`,
``is_chance``/``is_terminal`` and :meth:`~SnapshotState.to_record`. The game writes only what
differs: ``current_player``, ``legal_actions``, ``chance_outcomes``, ``sample_chance``, the action
texts, and ``_advance(action)`` — the rules' step for one action, changing ``t`` and emitting
events with ``_emit``.

:func:`replay_record` is every game's ``replay(record)``: it checks the record's shape, reads the
config and applies the action texts, turning any refusal into one :class:`RecordError` line. A
state that undoes some other way (Draft Cider's undoes incrementally) uses it alone.

Applejack can adopt both later the same way: its ``GameState`` keeps its changing parts in one
table and its ``record.replay`` is ``replay_record`` with a config reader bound to its data set
(``start=lambda config: new_game(data, config)``).
"""

from __future__ import annotations

import copy
import pickle
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from table.engine.errors import ActionParseError, IllegalActionError, RecordError, TableError, short_repr
from table.engine.events import Event
from table.engine.protocol import CHANCE, TERMINAL


class _Applies(Protocol):
    def apply(self, action: int | str) -> Sequence[Any]: ...


T = TypeVar("T")
C = TypeVar("C")
S = TypeVar("S", bound=_Applies)


class ActionCodec(Protocol):
    """A game's action texts (its ``rules/actions.py`` module): ``to_text(17) == "take 17"`` and back."""

    def to_text(self, action: int) -> str: ...

    def from_text(self, text: str) -> int: ...


def _frozen(table: T) -> bytes:
    """A snapshot of a table as pickled bytes: a deep copy that cannot change, about a fifth of
    the objects' memory and an eighth of ``copy.deepcopy``'s time (a Waldgärtner table
    mid-game: 1.4 kB against 7.1 kB, 42 µs for the round trip against 334 µs). A companion keeps
    one per action of the game, so this is most of what a long game holds."""
    return pickle.dumps(table, pickle.HIGHEST_PROTOCOL)


def _thawed(blob: bytes) -> Any:
    """The table a :func:`_frozen` snapshot holds, as a new object graph."""
    return pickle.loads(blob)  # only our own snapshots, made in this process


def copy_table(table: T) -> T:
    """An independent copy of a game's table ``t``, all the way down: what ``copy.deepcopy``
    gives for the plain data a table holds, by a pickle round trip (6-8 times faster)."""
    copied: T = _thawed(_frozen(table))
    return copied


class Seated:
    """A state's seat count read off its config: every game's ``players`` (a :class:`SnapshotState`,
    and the states that undo their own way — Applejack's, Draft Cider's — name it a base and
    declare their ``config``'s type)."""

    config: Any

    @property
    def players(self) -> int:
        return int(self.config.players)


class SnapshotState(Seated, ABC, Generic[T]):
    """apply/undo/clone/record for a state whose changing part is the one table ``t``.

    Subclasses set :attr:`RECORD_FORMAT`, call :meth:`_begin` from ``__init__`` and write the
    rules. ``REFUSAL`` is the refused action's line (``{action}``, ``{where}`` — :meth:`_where` —
    and ``{legal}``, the first ``SHOWN_LEGAL`` legal actions).
    """

    RECORD_FORMAT: ClassVar[str]
    ACTIONS: ClassVar[ActionCodec | None] = None
    """The game's action codec; a game that sets it gets :meth:`action_to_string` and
    :meth:`string_to_action` from it (one that does not writes them)."""
    REFUSAL: ClassVar[str] = "{action} is not allowed now ({where}; legal: {legal})"
    SHOWN_LEGAL: ClassVar[int] = 10

    config: Any
    t: T
    rng: random.Random | None
    keep_undo: bool
    events: list[Event]
    history: list[int]
    _undo: list[tuple[bytes, int]]

    def _begin(self, config: Any, table: T, first: Event, rng: random.Random | None, keep_undo: bool) -> None:
        """Set the shared parts: the config, the table, the first event, no history yet."""
        self.config = config
        self.rng = rng
        self.keep_undo = keep_undo
        self.t = table
        self.events = [first]
        self.history = []
        self._undo = []

    # the rules' part -----------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def legal_actions(self) -> list[int]: ...

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> int: ...

    def action_to_string(self, action: int) -> str:
        if self.ACTIONS is None:
            raise NotImplementedError(f"{type(self).__name__} sets no ACTIONS codec")
        return self.ACTIONS.to_text(action)

    def string_to_action(self, text: str) -> int:
        if self.ACTIONS is None:
            raise NotImplementedError(f"{type(self).__name__} sets no ACTIONS codec")
        return self.ACTIONS.from_text(text)

    @abstractmethod
    def _advance(self, action: int) -> None:
        """The rules' step for one legal action: change ``t``, emit the events."""

    @abstractmethod
    def _where(self) -> str:
        """Where the game stands, for a refusal's line (a phase, a step)."""

    # shared ------------------------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def apply(self, action: int | str) -> list[Event]:
        """Apply one action (int or text); returns the events it caused (and, with an rng, the
        chance actions sampled after it). IllegalActionError if the rules do not allow it."""
        if isinstance(action, str):
            action = self.string_to_action(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._refusal(action, legal))
        n = len(self.events)
        self._step(action)
        self._sample_chances()
        return self.events[n:]

    def _refusal(self, action: int, legal: Sequence[int]) -> str:
        try:
            text = self.action_to_string(action)
        except ActionParseError:
            text = repr(action)
        shown = ", ".join(self.action_to_string(a) for a in legal[: self.SHOWN_LEGAL])
        return self.REFUSAL.format(action=text, where=self._where(), legal=shown or "nothing, the game is over")

    def _sample_chances(self) -> None:
        """With an rng, every chance node is sampled as soon as it comes up."""
        if self.rng is not None:
            while self.is_chance():
                self._step(self.sample_chance(self.rng))

    def _step(self, action: int) -> None:
        if self.keep_undo:
            self._undo.append((_frozen(self.t), len(self.events)))
        self.history.append(action)
        self._advance(action)

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def undo(self) -> int:
        """Take back the last action (chance outcomes included, one at a time even when an rng
        sampled them); returns it. IndexError at the start."""
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the game")
        if not self.keep_undo:
            raise RuntimeError("this state was made with keep_undo=False")
        table, n = self._undo.pop()
        self.t = _thawed(table)  # snapshots are bytes: shared with clones, never changed
        del self.events[n:]
        return self.history.pop()

    def clone(self) -> Self:
        """An independent copy without an rng (search supplies its own chance outcomes)."""
        new = copy.copy(self)
        new.rng = None
        new.t = copy_table(self.t)
        new.events = self.events[:]
        new.history = self.history[:]
        new._undo = self._undo[:]
        return new

    def to_record(self) -> dict[str, Any]:
        """The game as JSON data: the config and every action's text (chance outcomes included)."""
        return {"format": self.RECORD_FORMAT, "config": self.config.to_dict(),
                "actions": [self.action_to_string(a) for a in self.history]}


def replay_record(record: Any, *, fmt: str, title: str, read_config: Callable[[Any], C],
                  start: Callable[[C], S], max_actions: int | None = None, strict: bool = False) -> S:
    """Rebuild a game from its record (``{"format", "config", "actions"}``); one RecordError line
    on anything malformed. ``read_config`` raises a TableError on a bad config; ``start`` makes
    the state; ``strict`` refuses keys beyond the three; ``max_actions`` bounds the list."""
    if not isinstance(record, dict):
        raise RecordError(f"a {title} record is a JSON object")
    if record.get("format") != fmt:
        raise RecordError(f"not a {title} record (format {short_repr(record.get('format'))}, expected {fmt!r})")
    unknown = [k for k in record if k not in ("format", "config", "actions")] if strict else []
    if unknown:
        raise RecordError(f"unknown record key {short_repr(unknown[0])}")
    try:
        config = read_config(record.get("config"))
    except TableError as exc:
        raise RecordError(f"bad config: {exc}") from None
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) \
            or (max_actions is not None and len(actions) > max_actions):
        bound = f"at most {max_actions} " if max_actions is not None else ""
        raise RecordError(f"actions must be a list of {bound}action texts")
    state = start(config)
    for i, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except (ActionParseError, IllegalActionError) as exc:
            raise RecordError(f"action {i} ({short_repr(text)}): {exc}") from None
    return state
