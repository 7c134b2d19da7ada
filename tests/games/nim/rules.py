"""Nim's rules (pure, ``table.engine.protocol``): heaps of apples; a seat takes 1 or more from one
heap; whoever takes the last apple wins. Actions are ``heap * 100 + count``, texts ``take H N``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from table.engine.config import PlainConfig
from table.engine.errors import ActionParseError, ConfigError
from table.engine.eventcodec import decode_event
from table.engine.events import Event, event, one_based
from table.engine.protocol import TERMINAL
from table.engine.state import SnapshotState, replay_record

FORMAT = "nim-record/1"


@dataclass(frozen=True)
class Config(PlainConfig):
    """``to_dict``/``from_dict``: the house's :class:`~table.engine.config.PlainConfig`."""

    TITLE = "Nim"
    players: int = 2
    heaps: tuple[int, ...] = (3, 4, 5)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ConfigError(f"Nim is for 2 to 4 players, not {self.players}")
        if not 1 <= len(self.heaps) <= 7 or not all(1 <= h <= 9 for h in self.heaps):
            raise ConfigError("1 to 7 heaps of 1 to 9 apples each")


@event("nim_started", "{players} players, heaps {heaps}")
class Started(Event):
    players: int
    heaps: tuple[int, ...]


WORDS = {"seat": one_based, "heap": one_based}


@event("nim_took", "seat {seat} takes {count} from heap {heap}", WORDS)
class Took(Event):
    seat: int
    heap: int
    count: int


EVENTS = {e.kind: e for e in (Started, Took)}


def event_from_dict(d: Any) -> Event:
    return decode_event(EVENTS, d, "Nim")


@dataclass(frozen=True)
class Score:
    total: int


@dataclass
class Table:
    heaps: list[int]
    turn: int = 0
    last: int = -1


class State(SnapshotState[Table]):
    RECORD_FORMAT = FORMAT

    def __init__(self, config: Config, rng: random.Random | None = None, keep_undo: bool = True) -> None:
        self._begin(config, Table(list(config.heaps)), Started(config.players, config.heaps), rng, keep_undo)

    def current_player(self) -> int:
        return TERMINAL if not any(self.t.heaps) else self.t.turn

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [h * 100 + n for h, size in enumerate(self.t.heaps) for n in range(1, size + 1)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def sample_chance(self, rng: random.Random) -> int:
        raise AssertionError("Nim has no chance nodes")

    def action_to_string(self, action: int) -> str:
        heap, count = divmod(action, 100)
        if action < 0 or count < 1 or heap >= len(self.config.heaps):
            raise ActionParseError(f"not a Nim action: {action}")
        return f"take {heap + 1} {count}"

    def string_to_action(self, text: str) -> int:
        words = text.split()
        if len(words) != 3 or words[0] != "take" or not all(w.isascii() and w.isdigit() and len(w) < 3
                                                            for w in words[1:]):
            raise ActionParseError(f"take HEAP COUNT, not {text[:40]!r}")
        heap, count = int(words[1]) - 1, int(words[2])
        if not 0 <= heap < len(self.config.heaps) or count < 1:
            raise ActionParseError(f"no heap {words[1]} or no count {words[2]}")
        return heap * 100 + count

    def _advance(self, action: int) -> None:
        heap, count = divmod(action, 100)
        self.t.heaps[heap] -= count
        self.t.last = self.t.turn
        self._emit(Took(self.t.turn, heap, count))
        self.t.turn = (self.t.turn + 1) % self.players

    def _where(self) -> str:
        return f"heaps {self.t.heaps}"

    def winners(self) -> tuple[int, ...]:
        return (self.t.last,) if self.is_terminal() else ()

    def scores(self) -> tuple[Score, ...]:
        return tuple(Score(int(s in self.winners())) for s in range(self.players))

    def returns(self) -> list[float]:
        return [float(s.total) for s in self.scores()]

    def __str__(self) -> str:
        return f"heaps {self.t.heaps}, seat {self.t.turn + 1} to take"


def new_game(config: Config, rng: random.Random | None = None, keep_undo: bool = True) -> State:
    return State(config, rng, keep_undo)


def replay(record: Any) -> State:
    return replay_record(record, fmt=FORMAT, title="Nim", read_config=Config.from_dict, start=new_game,
                         max_actions=1000, strict=True)


__all__ = ["Config", "State", "event_from_dict", "new_game", "replay"]
