"""Colour Die's rules (pure, ``table.engine.protocol``): a cooperative orchard race for 2–8 players.

Apples of four colours hang in the orchard (``apples`` of each); a raven walks ``raven`` steps to
it. In turn each seat rolls the colour die (a chance action the table types, ``roll red``): a
colour picks one apple of it (nothing when none is left), the basket lets the seat pick one apple
of any colour left (``pick green``), the raven steps once. The table wins together when the last
apple is picked, and loses together when the raven arrives. Actions: ``roll FACE`` (0-5),
``pick COLOUR`` (10-13)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from table.engine.config import PlainConfig
from table.engine.errors import ActionParseError, ConfigError
from table.engine.eventcodec import decode_event
from table.engine.events import Event, event, one_based
from table.engine.protocol import CHANCE, TERMINAL
from table.engine.state import SnapshotState, replay_record

FORMAT = "colourdie-record/1"
COLOURS = ("red", "yellow", "green", "blue")
FACES = (*COLOURS, "basket", "raven")
BASKET, RAVEN = 4, 5
PICK = 10
"""``PICK + colour``: the seat's choice after the basket."""


@dataclass(frozen=True)
class Config(PlainConfig):
    """``to_dict``/``from_dict``: the house's :class:`~table.engine.config.PlainConfig`."""

    TITLE = "Colour Die"
    players: int = 2
    apples: int = 3
    raven: int = 6

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 8:
            raise ConfigError(f"Colour Die is for 2 to 8 players, not {self.players}")
        if not 1 <= self.apples <= 9 or not 1 <= self.raven <= 12:
            raise ConfigError("1 to 9 apples of each colour, a raven 1 to 12 steps away")


@event("colourdie_started", "{players} players, {apples} apples of each colour, the raven {raven} steps away")
class Started(Event):
    players: int
    apples: int
    raven: int


SEAT = {"seat": one_based}


@event("colourdie_rolled", "seat {seat} rolls {face}", SEAT)
class Rolled(Event):
    seat: int
    face: str


@event("colourdie_picked", "seat {seat} picks a {colour} apple", SEAT)
class Picked(Event):
    seat: int
    colour: str


@event("colourdie_raven", "the raven steps to {step} of {steps}")
class RavenStep(Event):
    step: int
    steps: int


@event("colourdie_over", "the table {outcome} together")
class Over(Event):
    outcome: str


EVENTS = {e.kind: e for e in (Started, Rolled, Picked, RavenStep, Over)}


def event_from_dict(d: Any) -> Event:
    return decode_event(EVENTS, d, "Colour Die")


@dataclass(frozen=True)
class Score:
    """The table's result, the same for every seat: apples picked, raven's steps, the total
    (the apples picked, and a bonus of the raven's steps still to go when the table won)."""

    apples: int
    raven: int
    total: int


@dataclass
class Table:
    left: list[int]
    raven: int = 0
    turn: int = 0
    basket: bool = False
    picked: int = 0


class State(SnapshotState[Table]):
    RECORD_FORMAT = FORMAT

    def __init__(self, config: Config, rng: random.Random | None = None, keep_undo: bool = True) -> None:
        self._begin(config, Table([config.apples] * len(COLOURS)),
                    Started(config.players, config.apples, config.raven), rng, keep_undo)

    def won(self) -> bool:
        return not any(self.t.left)

    def lost(self) -> bool:
        return self.t.raven >= self.config.raven

    def current_player(self) -> int:
        if self.won() or self.lost():
            return TERMINAL
        return self.t.turn if self.t.basket else CHANCE

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.t.basket:
            return [PICK + c for c, n in enumerate(self.t.left) if n]
        return list(range(len(FACES)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(f, 1 / len(FACES)) for f in range(len(FACES))] if self.is_chance() else []

    def sample_chance(self, rng: random.Random) -> int:
        return rng.randrange(len(FACES))

    def action_to_string(self, action: int) -> str:
        if 0 <= action < len(FACES):
            return f"roll {FACES[action]}"
        if PICK <= action < PICK + len(COLOURS):
            return f"pick {COLOURS[action - PICK]}"
        raise ActionParseError(f"not a Colour Die action: {action}")

    def string_to_action(self, text: str) -> int:
        verb, _sep, what = text.strip().partition(" ")
        if verb == "roll" and what in FACES:
            return FACES.index(what)
        if verb == "pick" and what in COLOURS:
            return PICK + COLOURS.index(what)
        raise ActionParseError(f"roll FACE or pick COLOUR, not {text[:40]!r}")

    def _advance(self, action: int) -> None:
        seat = self.t.turn
        if action >= PICK:
            self._pick(seat, action - PICK)
        else:
            self._emit(Rolled(seat, FACES[action]))
            if action == BASKET:
                self.t.basket = True
                return
            if action == RAVEN:
                self.t.raven += 1
                self._emit(RavenStep(self.t.raven, self.config.raven))
            elif self.t.left[action]:
                self._pick(seat, action)
        self.t.basket = False
        self.t.turn = (seat + 1) % self.players
        if self.won() or self.lost():
            self._emit(Over("won" if self.won() else "lost"))

    def _pick(self, seat: int, colour: int) -> None:
        self.t.left[colour] -= 1
        self.t.picked += 1
        self._emit(Picked(seat, COLOURS[colour]))

    def _where(self) -> str:
        return "the basket's pick" if self.t.basket else "the roll"

    def winners(self) -> tuple[int, ...]:
        return tuple(range(self.players)) if self.won() else ()

    def scores(self) -> tuple[Score, ...]:
        bonus = self.config.raven - self.t.raven if self.won() else 0
        return (Score(self.t.picked, self.t.raven, self.t.picked + bonus),) * self.players

    def returns(self) -> list[float]:
        """Every seat the table's total, at the end (0 before)."""
        return [float(s.total) for s in self.scores()] if self.is_terminal() else [0.0] * self.players

    def __str__(self) -> str:
        return f"apples left {self.t.left}, raven {self.t.raven}/{self.config.raven}, seat {self.t.turn + 1}"


def new_game(config: Config, rng: random.Random | None = None, keep_undo: bool = True) -> State:
    return State(config, rng, keep_undo)


def replay(record: Any) -> State:
    return replay_record(record, fmt=FORMAT, title="Colour Die", read_config=Config.from_dict, start=new_game,
                         max_actions=2000, strict=True)


__all__ = ["Config", "State", "event_from_dict", "new_game", "replay"]
