"""Game records: setup + seed + every action (chance draws included), as JSON.

A record replays to the identical event stream. ``data_digest`` names the data set the game
was played with, so a record replayed against edited tile data is refused instead of silently
giving other scores.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from table.engine.errors import ActionParseError, IllegalActionError, RecordError
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.config import FORMAT, GameConfig, record_data
from table.games.applejack.rules.data import DataSet, data_digest
from table.games.applejack.rules.events import Event
from table.games.applejack.rules.game import GameState, new_game


@dataclass(frozen=True)
class GameRecord:
    config: GameConfig
    actions: tuple[str, ...]
    seed: int | None = None
    data_digest: str | None = None
    names: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState, seed: int | None = None, names: tuple[str, ...] = ()) -> GameRecord:
        return cls(state.config, tuple(A.to_text(a) for a in state.history), seed, data_digest(state.data), names)

    def to_dict(self) -> dict[str, Any]:
        return record_data(self.config, self.actions, self.seed, self.data_digest, self.names, self.meta)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        if not isinstance(d, dict):
            raise RecordError("a game record is a JSON object")
        if d.get("format") != FORMAT:
            raise RecordError(f"not a game record (format {d.get('format')!r}, expected {FORMAT!r})")
        try:
            config = GameConfig.from_dict(d["config"])
            actions = d["actions"]
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise RecordError("actions must be a list of action texts")
            seed = d.get("seed")
            if seed is not None and not isinstance(seed, int):
                raise RecordError("seed must be an integer or null")
            names = d.get("names") or []
            meta = d.get("meta") or {}
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"malformed record: {exc!r}") from None
        return cls(config, tuple(actions), seed, d.get("data_digest"), tuple(str(n) for n in names), dict(meta))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None

    def replay(self, data: DataSet, *, check_digest: bool = True) -> GameState:
        """Rebuild the game by applying every action; RecordError on any mismatch."""
        if check_digest and self.data_digest and self.data_digest != data_digest(data):
            raise RecordError(f"record was played with data {self.data_digest}, this data set is "
                              f"{data_digest(data)} ({data.source})")
        try:
            state = GameState(data, self.config)
        except ValueError as exc:
            raise RecordError(f"bad config: {exc}") from None
        for i, text in enumerate(self.actions, start=1):
            try:
                state.apply(text)
            except (ActionParseError, IllegalActionError) as exc:
                raise RecordError(f"action {i} ({text!r}): {exc}") from None
        return state


def replay(record: Any, data: DataSet) -> GameState:
    """The protocol's module-level ``replay``: a record's JSON data (``GameState.to_record()``)
    back to the identical game on ``data``; RecordError on anything malformed or mismatched."""
    return GameRecord.from_dict(record).replay(data)


@dataclass(frozen=True)
class Applejack:
    """Applejack's engine on one data set, in the shape of ``table.engine.protocol`` step 4:
    ``Config``, ``new_game(config, rng=None)`` and ``replay(record)``. The engine reads no files,
    so the data set (``table.games.applejack.files.load_dataset()``) is bound here once instead of being
    every call's first argument."""

    data: DataSet
    Config: ClassVar[type[GameConfig]] = GameConfig

    def new_game(self, config: GameConfig, rng: random.Random | None = None) -> GameState:
        """A new game; with ``rng`` the setup draws are made, else it waits at their chance nodes."""
        return new_game(self.data, config, rng)

    def replay(self, record: Any) -> GameState:
        return replay(record, self.data)


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A state as JSON data: its record plus a summary that replay must reproduce."""
    return {"record": GameRecord.of(state).to_dict(), "summary": state.summary()}


def state_from_dict(data: DataSet, d: Any) -> GameState:
    if not isinstance(d, dict) or "record" not in d:
        raise RecordError("a saved state is an object with 'record' and 'summary'")
    state = GameRecord.from_dict(d["record"]).replay(data)
    if "summary" in d and state.summary() != d["summary"]:
        raise RecordError("the saved state does not match its replayed record")
    return state


def events_json_lines(events: list[Event]) -> str:
    return "\n".join(json.dumps(e.to_dict(), ensure_ascii=False) for e in events)
