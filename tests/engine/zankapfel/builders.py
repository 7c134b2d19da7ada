"""Zankapfel states made to order: every card and die chosen by the test (no rng)."""

from __future__ import annotations

from collections.abc import Sequence

from table.games.zankapfel.rules import Config, State, new_game


def setup(players: int = 4, *, mayor: str = "b5", hands: Sequence[Sequence[str]] | None = None,
          face: str = "red", removes: Sequence[str] | None = None, **options: object) -> State:
    """A game after setup: the mayor on ``mayor``, ``hands`` dealt (4 kinds per seat, default
    red/yellow/green/blue each), ``face`` turned up, ``removes`` taken out (default: squares
    from a1 on, never the mayor's)."""
    state = new_game(Config(players, **options))  # type: ignore[arg-type]
    state.apply(f"mayor {mayor}")
    hands = hands or [["red", "yellow", "green", "blue"]] * players
    for i in range(4):
        for seat in range(players):
            state.apply(f"draw {hands[seat][i]}")
    state.apply(f"draw {face}")
    count = players * (2 if players == 3 else 1)
    if removes is None:
        removes = [sq for sq in (f"{c}{r}" for r in "12345" for c in "abcde") if sq != mayor][:count]
    for sq in removes:
        state.apply(f"remove {sq}")
    return state


def play(state: State, *actions: str) -> list[str]:
    """Apply ``actions`` (texts); returns the texts of the events they caused."""
    out: list[str] = []
    for a in actions:
        out += [str(e) for e in state.apply(a)]
    return out


def texts(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]
