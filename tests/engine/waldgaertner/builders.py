"""Building Waldgärtner positions for rule tests (the shipped card file, states set up by hand)."""

from __future__ import annotations

from functools import cache

from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import CardSet, Config, State, new_game


@cache
def cards() -> CardSet:
    return load_cards()


def cid(name: str, sex: str = "", nth: int = 0) -> int:
    """The id of the ``nth`` card with this scientific name (and sex, if given)."""
    found = [c.id for c in cards().cards if c.name == name and (not sex or c.sex == sex)]
    return found[nth]


def game(players: int = 3, **kw: object) -> State:
    return new_game(Config(players, cards(), **kw))  # type: ignore[arg-type]


def to_step(state: State, step: str) -> State:
    """Play the first legal action (chance or choice) until the state waits at ``step``."""
    while state.step != step:
        state.apply(state.legal_actions()[0])
    return state


def plant(state: State, seat: int, card: int, row: int, pos: int, rnd: int = 1) -> None:
    """Put a card into a seat's garden by hand (no fee, no bonus)."""
    state.t.garden[seat][(row, pos)] = card
    state.t.planted[seat][card] = rnd


def at_play(state: State, seat: int, hand: int, new: int) -> State:
    """Make ``seat`` hold ``hand`` and ``new`` and be the one to play now."""
    t = state.t
    t.hand[seat], t.new[seat] = hand, new
    t.jobs.insert(0, ("play", seat, 0))
    return state
