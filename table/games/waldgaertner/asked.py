"""What one frame of the play screen asks of a game of Waldgärtner, worked out once per change
(issue 21): the cards the table has seen, the guided choice's step and the question in words.

The play screen asked them several times a frame (the question, its guided step, the Plant/Sell
buttons: five scans of every event for the cards seen and the guided step twice), and the
screen's question is asked again at every redraw. :class:`Asked` keeps them on the companion for
one *key* — its ``version`` (which moves on every command, undo and language switch) with the
engine's state and the lid's guided choice — and works them out anew when the key differs. No
global state: each companion holds its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from table.games.waldgaertner import questions, tasks
from table.games.waldgaertner.hidden import hidden_held, public_cards
from table.games.waldgaertner.naming import guide_options, step_line
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.words import card_label
from table.i18n import _
from table.i18n.labels import seat_name

T = TypeVar("T")


class AskedOf(Protocol):
    """What the answers read of the companion (``WaldgaertnerCompanion`` is one; the shell showing
    it forwards the same): named here, because the companion imports this module."""

    e: State | None
    version: int
    guide: tuple[str, ...]
    named: int
    cmds: list[str]
    task_page: int
    asked: Asked

    @property
    def mode(self) -> str: ...

    @property
    def setup(self) -> Any: ...

    @property
    def state(self) -> State: ...

    def seat(self) -> int: ...


class Asked:
    """The answers kept for one key (:func:`now_key` of ``owner``, the companion holding them),
    each made at its first asking."""

    def __init__(self, owner: AskedOf) -> None:
        self.owner = owner
        """The companion: its own version counts, not the shell's (which adds the games before)."""
        self.key: tuple[Any, ...] = ()
        self.kept: dict[str, Any] = {}

    def get(self, key: tuple[Any, ...], name: str, make: Callable[[], T]) -> T:
        """The answer ``name`` for ``key``: kept, or made by ``make()`` (all kept ones dropped when
        the key moved)."""
        if key != self.key:
            self.key, self.kept = key, {}
        if name not in self.kept:
            self.kept[name] = make()
        return self.kept[name]  # type: ignore[no-any-return]


def now_key(ctl: AskedOf) -> tuple[Any, ...]:
    """What the answers depend on: the version, the mode, the engine's state (which object, how
    many actions, events and cards) and the lid's passing state (guided choice, named card, task
    page), so that a change made without moving ``version`` is seen as well."""
    e = ctl.e
    game = (id(e), len(e.history), len(e.events), len(e.cards)) if e is not None else ()
    return (ctl.version, ctl.mode, game, ctl.guide, ctl.named, len(ctl.cmds), ctl.task_page)


def _get(ctl: AskedOf, name: str, make: Callable[[], T]) -> T:
    """``Asked.get`` of ``ctl``'s companion (``ctl``: it, or the shell showing it) for its key."""
    kept: Asked = ctl.asked
    return kept.get(now_key(kept.owner), name, make)


def seen(ctl: AskedOf) -> set[int]:
    """The cards the table has seen face up (``hidden.public_cards``), once per key."""
    return _get(ctl, "seen", lambda: public_cards(ctl.state.events))


def hidden(ctl: AskedOf, seat: int) -> list[int]:
    """The cards ``seat`` holds that the table has not seen (``hidden.hidden_held``)."""
    return hidden_held(ctl.state, seat, seen(ctl))


def guide(ctl: AskedOf) -> tuple[str, list[tuple[str, str]]]:
    """The guided choice's next step (``naming.guide_options``), once per key."""
    return _get(ctl, "guide", lambda: guide_options(ctl.state, ctl.guide))


def ask(ctl: AskedOf) -> str:
    """What the table must enter now in a game played along, in words, once per key (the
    companion's ``ask``: with the guided choice's step once begun, and while a hidden card
    played waits to be named)."""
    return _get(ctl, "ask", lambda: _ask(ctl))


def _ask(ctl: AskedOf) -> str:
    e = ctl.e
    if e is None or ctl.mode != "play":
        return questions.ask(e)
    shown = seen(ctl)
    line = questions.ask(e, shown)
    showing = tasks.seat_showing(e, ctl.setup, ctl.cmds)
    if showing >= 0:
        return tasks.question(e, showing)
    if ctl.named >= 0:
        return _("{seat} plays {card}: CONFIRM plants it, BLIND sells it").format(
            seat=seat_name(ctl.seat()), card=card_label(e.card(ctl.named)))
    if ctl.guide or (e.step == "play" and hidden_held(e, ctl.seat(), shown)):
        return f"{line} — {step_line(*guide(ctl))}"
    return line
