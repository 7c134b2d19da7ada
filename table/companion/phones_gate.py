"""The lid's command and the phones' held choices (``play --web``, ``table/web/door.py``).

A seat's phone may hold a secret choice until the others have chosen (Zankapfel's discord card
and dice, Waldgärtner's die) or say its score pad is complete. When the lid enters the command
that closes such a choice — Zankapfel's CONFIRM (``dice-done``), a Waldgärtner die, a discord
card, a score pad's ``pad-done`` or Waldgärtner's ``next`` —, the phones' door is asked first
(``module.phones_gate(command)``, set on the game's module by the door while a game's tokens are
open): it answers None (go on as usual), or the commands to enter **instead** — what the phones
hold, in the table's order, with the lid's own command at its place —, or refuses with one line
saying who is still choosing on a phone (:class:`~table.companion.protocol.CommandError`).
Nothing chosen on a phone is lost by the lid's CONFIRM.

Every game's module calls :func:`lid_first` with the command in its one form before applying it,
and :func:`enter_instead` with the answer (a journal's replay has no gate: ``replay_quietly``).
"""

from __future__ import annotations

from collections.abc import Callable

from table.companion.protocol import GameCompanion

GATE = "phones_gate"
"""The module's attribute the door sets: ``gate(command) -> list[str] | None`` (None: no phones)."""


def install(game: GameCompanion, gate: Callable[[str], list[str] | None] | None) -> None:
    """Set (None: take away) the door's gate on a game's module (the door, when a game begins)."""
    vars(game)[GATE] = gate


def lid_first(game: GameCompanion, command: str) -> list[str] | None:
    """What the phones' door says of the lid's ``command`` (see the module docstring)."""
    gate = vars(game).get(GATE)
    return gate(command) if callable(gate) else None


def enter_instead(game: GameCompanion, commands: list[str], run: Callable[[str], object]) -> None:
    """``run`` each command with the gate off (they are the phones' and the lid's own); a refusal
    takes back the ones entered before it (``undo``, as at the lid) and is raised again."""
    gate = vars(game).get(GATE)
    vars(game)[GATE] = None
    done = 0
    try:
        for command in commands:
            run(command)
            done += 1
    except Exception:
        for _i in range(done):
            run("undo")
        raise
    finally:
        vars(game)[GATE] = gate
