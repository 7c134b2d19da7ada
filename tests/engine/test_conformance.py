"""One conformance test for every game engine: the protocol of ``table.engine.protocol``.

Adding a game is one ``GameSpec`` line in ``GAMES``: how to start it (waiting at its chance
nodes, no rng), how to record and replay it, and a summary that tells two states apart.
Seeded random playouts go to the end checking, at every step, everything the protocol promises.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from table.engine import protocol
from table.engine.errors import IllegalActionError
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.game import GameState
from table.games.applejack.rules.record import Applejack
from table.games.draftcider import rules as dc
from table.games.waldgaertner import rules as wg
from table.games.waldgaertner.files import load_cards
from table.games.zankapfel import rules as zk
from tests.engine.helpers import default_data


@dataclass(frozen=True)
class GameSpec:
    """A game for the conformance test. ``to_record``/``replay`` adapt a game whose names differ
    from the protocol's (``native`` says the state meets :class:`protocol.GameState` itself)."""

    name: str
    new: Callable[[], Any]
    to_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[dict[str, Any]], Any]
    summary: Callable[[Any], Any]
    native: bool


def _native(name: str, game: ModuleType | Applejack, config: Any,
            summary: Callable[[Any], Any] | None = None) -> GameSpec:
    """A game package that meets the whole protocol: ``game.new_game(config)``, ``state.to_record()``,
    ``game.replay(record)`` (Applejack's engine is bound to its data set first:
    ``table.games.applejack.rules.record.Applejack(data)``). ``summary``: a full description of a state
    (default: its record, scores and text), used to check that undo restores it exactly."""
    look = summary or (lambda s: (s.to_record(), s.scores(), str(s)))
    return GameSpec(name, lambda: game.new_game(config), lambda s: s.to_record(), game.replay,
                    lambda s: (look(s), str(s)), native=True)


GAMES: list[GameSpec] = [
    _native("applejack-2p", Applejack(default_data()), GameConfig(2), GameState.summary),
    _native("applejack-4p", Applejack(default_data()), GameConfig(4), GameState.summary),
    _native("applejack-1p-cottage", Applejack(default_data()), GameConfig(1, cottage=True), GameState.summary),
    _native("zankapfel-3p", zk, zk.Config(3), zk.State.summary),
    _native("zankapfel-4p-bribery", zk, zk.Config(4, bribery=True), zk.State.summary),
    _native("zankapfel-6p", zk, zk.Config(6), zk.State.summary),
    _native("draftcider-2p", dc, dc.Config(2)),
    _native("draftcider-3p-easy", dc, dc.Config(3, easy=True)),
    _native("draftcider-6p", dc, dc.Config(6)),
    *[_native(f"waldgaertner-{n}p", wg, wg.Config(n, load_cards(), tasks=n > 2, direct_sale=n != 5),
              wg.State.summary) for n in (2, 5, 7)],
]


def _look(spec: GameSpec, state: Any) -> tuple[Any, ...]:
    """Everything observable: summary, history, events (as JSON), whose turn, what is legal."""
    return (spec.summary(state), list(state.history), [e.to_dict() for e in state.events],
            state.current_player(), state.legal_actions(), state.returns())


def _check_node(state: Any) -> None:
    n = state.players
    cur = state.current_player()
    legal = state.legal_actions()
    assert state.is_chance() == (cur == protocol.CHANCE)
    assert state.is_terminal() == (cur == protocol.TERMINAL)
    assert legal and len(set(legal)) == len(legal)
    assert state.returns() == [0.0] * n, "returns only at the end"
    outcomes = state.chance_outcomes()
    if state.is_chance():
        assert sorted(a for a, _ in outcomes) == sorted(legal)
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
    else:
        assert 0 <= cur < n
        assert outcomes == []
    for a in legal:
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a, text


def _an_illegal_action(state: Any, rng: random.Random) -> int:
    legal = set(state.legal_actions())
    return rng.choice([a for a in range(-3, 400) if a not in legal])


@pytest.mark.parametrize("spec", GAMES, ids=[g.name for g in GAMES])
@pytest.mark.parametrize("seed", [1, 2])
def test_game_meets_the_protocol(spec: GameSpec, seed: int) -> None:
    rng = random.Random(seed)
    state = spec.new()
    start = _look(spec, state)
    assert isinstance(state, protocol.PlayState)
    assert isinstance(state, protocol.GameState) == spec.native
    steps = 0
    while not state.is_terminal():
        _check_node(state)
        before = _look(spec, state)
        with pytest.raises(IllegalActionError):
            state.apply(_an_illegal_action(state, rng))
        assert _look(spec, state) == before, "a refused action changed the state"
        if state.is_chance():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if steps % 7 == 0:  # clone independence, both ways
            twin = state.clone()
            twin.apply(action)
            assert _look(spec, state) == before
            twin_look = _look(spec, twin)
            state.apply(action)
            assert state.undo() == action
            assert _look(spec, twin) == twin_look
        new_events = state.apply(state.action_to_string(action) if steps % 2 else action)
        assert list(state.events[len(state.events) - len(new_events):]) == list(new_events)
        assert state.history[-1] == action
        if steps % 3 == 0:  # undo restores the exact earlier state, then redo
            after = _look(spec, state)
            assert state.undo() == action
            assert _look(spec, state) == before
            state.apply(action)
            assert _look(spec, state) == after
        steps += 1
    # the end
    assert state.current_player() == protocol.TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        state.apply(0)
    totals = [s.total for s in state.scores()]
    assert all(isinstance(t, int) for t in totals)
    assert state.returns() == [float(t) for t in totals]
    # record -> JSON -> replay gives the identical events and state
    record = json.loads(json.dumps(spec.to_record(state)))
    again = spec.replay(record)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
    assert _look(spec, again) == _look(spec, state)
    # undo all the way back to the start
    while state.history:
        state.undo()
    assert _look(spec, state) == start
    with pytest.raises(IndexError):
        state.undo()


def test_protocol_constants_are_every_games_constants() -> None:
    from table.games.applejack.rules import game as applejack
    assert (protocol.CHANCE, protocol.TERMINAL) == (applejack.CHANCE, applejack.TERMINAL) == (zk.CHANCE, zk.TERMINAL)
