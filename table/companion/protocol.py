"""What the companion's shell needs from one game's companion module (issue 12 §1).

The shell — ``play`` (kiosk loop, text front end, journal and resume, LEDs, buttons, speech,
idle demo) — drives every game through this one shape. A game's companion module (Applejack's
``Controller`` today; Zankapfel's next) is a pure state machine: no pygame, GPIO, SQLite,
threads or clock. Its screens are drawn by a per-game view in ``table/display/`` and printed by
a per-game text renderer; both read the module's public attributes only.

Inputs: ``press(button)`` takes a lid button (``trough1`` … ``trough7``, ``confirm``, ``undo``,
``blind``, ``correct``), a key or a touch target and maps it to a command for the current
``mode``; ``do(command)`` applies one command text (what a script line or the journal holds).
Refusals raise this module's ``CommandError`` (or an engine error) inside ``do``; ``press`` catches them and
puts the reason in ``refusal`` until the next key.

Journal: every command that changed the game is reported to ``on_command(kind, payload)``
after it was applied: ``("game", setup_dict)`` when a game starts, ``("cmd", text)`` per step,
``("discard", None)``, ``("finished", record_dict)``, and ``("unfinish", UNFINISH)`` when undo on
the result reopened the score pad (the journal appends it as the game's next step and withdraws
the finished record and its history entry). Replaying the same commands through
``replay(setup_dict, commands)`` on a fresh module rebuilds the exact state (power cut).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from table.engine.errors import TableError


class CommandError(TableError):
    """A command the table cannot have meant now: one line (shown, spoken), nothing changes.
    Every game's companion module raises this one class."""


CommandHook = Callable[[str, Any], None]
"""``on_command(kind, payload)``: "game" (setup dict), "cmd" (command text), "discard", "finished",
"unfinish" (the step text :data:`UNFINISH`)."""
UNFINISH = "unfinish"
"""The journalled step that reopens a finished game's score pad (undo on its result): a game
whose steps hold it had its result withdrawn; replayed, it leaves the pad open again."""


@runtime_checkable
class LedView(Protocol):
    """What the seven trough LEDs show: ``kind`` is ``open`` (``troughs`` lit), ``refill``
    (blink ``troughs`` in this order), ``chase`` or ``off``. A game without troughs uses the
    seven lamps as it likes (Zankapfel: seats) through the same four kinds."""

    kind: str
    troughs: tuple[int, ...]


@runtime_checkable
class GameCompanion(Protocol):
    """One game's companion module, as the shell sees it."""

    game: str
    """The game's key in ``table.games`` (``"applejack"``, ``"zankapfel"`` …)."""
    mode: str
    """The screen: ``setup``, ``resume`` and ``result`` are shared names (the idle demo may take
    over from ``setup`` and ``result``); every other mode is the game's own."""
    version: int
    """Bumped on every visible change: front ends redraw only when it moved."""
    refusal: str
    """The last refusal, one line; cleared by the next key."""
    storage_problem: str
    """Set by the session when the journal cannot be written (shown on every screen)."""
    on_command: CommandHook | None

    def press(self, button: str) -> bool: ...

    def do(self, command: str) -> None: ...

    def leds(self) -> LedView: ...

    def new_lines(self) -> list[str]:
        """Announcement lines since the last call: printed in text mode, spoken with --speak."""
        ...

    def offer_resume(self, setup: Any, cmds: list[str], info: str = "", *, refused: str = "") -> None: ...

    def replay(self, setup: Any, cmds: list[str]) -> None: ...
