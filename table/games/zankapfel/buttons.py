"""The lid's buttons, keys and touches as data: a table of (mode or stage, button) → handler, like
boardgame.io's moves. ``ZankapfelCompanion._command_for`` looks a button up here; the handler
returns the command it means (``""``: the screen changed, no command; None: nothing to do).

Buttons: ``confirm``, ``undo``, ``blind``, ``pass``, ``finish``, the cursor's ``up``/``down``/
``next``/``prev``, the lid's ``trough1`` … ``trough7`` (the seats; in a colour question 1-5 are
red, yellow, green, blue, joker; in a roll the die's face), the keys ``r y g b j`` and digits, and
the screen's touches ``sq:c3``, ``kind:red``, ``bid:buy``, ``dice:2``, ``card:8``, ``roll:4``,
``players:4``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from table.companion.labels import seat_name
from table.companion.module import button_command
from table.companion.module import says as shell_says
from table.companion.protocol import CommandError
from table.games.zankapfel.commands import FACES, KIND_KEYS
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.setup import FINISHES, is_number
from table.i18n import _

if TYPE_CHECKING:
    from table.games.zankapfel.companion import ZankapfelCompanion

Handler = Callable[["ZankapfelCompanion", str], "str | None"]
"""(the companion, the button's argument: ``3`` of ``trough3``, ``c3`` of ``sq:c3``) → the command."""

KIND_BUTTONS = {f"{i + 1}": k for i, k in enumerate(A.KINDS)}
"""In a colour question the lid's buttons 1-5 are red, yellow, green, blue, joker."""
_TOUCHES = ("players", "sq", "kind", "bid", "dice", "card", "roll")
"""The screen's touch targets, ``name:argument``."""
SQUARE_STAGES = ("place", "move", "remove")
COLOUR_STAGES = ("turn", "reveal", "joker")


def split_button(button: str) -> tuple[str, str]:
    """``trough3`` → (``trough``, ``3``); ``sq:c3`` → (``sq``, ``c3``); ``8`` → (``digit``, ``8``);
    any other button is its own name, with no argument."""
    name, colon, arg = button.partition(":")
    if colon and name in _TOUCHES:
        return name, arg
    if button.startswith("trough"):
        return "trough", button[6:]
    if button.isascii() and button.isdigit():
        return "digit", button
    return button, ""


def _says(command: str) -> Handler:
    """A button that always means ``command`` (``help`` names it: the shell's ``Says``)."""
    return shell_says(command)


# --- the setup screen ----------------------------------------------------------------------------

def _players(ctl: ZankapfelCompanion, arg: str) -> str | None:
    if not is_number(arg):
        return None
    ctl.setup = replace(ctl.setup, players=int(arg))
    return ""


def _next_finish(ctl: ZankapfelCompanion, arg: str) -> str:
    i = FINISHES.index(ctl.setup.finish) if ctl.setup.finish in FINISHES else 0
    ctl.setup = replace(ctl.setup, finish=FINISHES[(i + 1) % len(FINISHES)])
    return ""


def _setup_trough(ctl: ZankapfelCompanion, arg: str) -> str | None:
    if arg == "7":
        return _next_finish(ctl, arg)
    return _players(ctl, arg) if arg in ("3", "4", "5", "6") else None


# --- the orchard's squares -----------------------------------------------------------------------

def square_command(ctl: ZankapfelCompanion) -> str:
    """The cursor's square as the command asked now; CommandError when no square is."""
    name = A.square_name(ctl.cursor)
    if ctl.stage() in ("place", "move"):
        return f"mayor {name}"
    if ctl.stage() == "remove":
        return f"remove {name}"
    raise CommandError(_("no square is chosen now"))


def _touch_square(ctl: ZankapfelCompanion, arg: str) -> str:
    ctl.cursor = A.parse_square(arg)
    return square_command(ctl)


def _arrow(rows: int, cols: int) -> Handler:
    def move(ctl: ZankapfelCompanion, arg: str) -> str:
        row, col = divmod(ctl.cursor, 5)
        ctl.cursor = (row + rows) % 5 * 5 + (col + cols) % 5
        return ""
    return move


_ARROWS = {"up": _arrow(-1, 0), "down": _arrow(1, 0), "next": _arrow(0, 1), "prev": _arrow(0, -1)}


# --- phase 1: buy, lay or pass -------------------------------------------------------------------

def _bid_touch(ctl: ZankapfelCompanion, arg: str) -> str | None:
    return arg if arg in ("buy", "lay", "pass") else None


def _bid_trough(ctl: ZankapfelCompanion, arg: str) -> str:
    assert ctl.b is not None
    s = ctl.b.seat()
    if arg == f"{s + 1}":
        return "lay"
    raise CommandError(_("it is {seat}'s turn to buy or lay").format(seat=seat_name(s)))


# --- discords and dice ---------------------------------------------------------------------------

def _one_die_more(ctl: ZankapfelCompanion, arg: str) -> str | None:
    assert ctl.b is not None
    if not is_number(arg):
        return None
    s = int(arg) - 1
    if s not in ctl.b.fight_seats():
        raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
    return f"dice seat {s + 1} {(ctl.b.dice.get(s, 0) + 1) % 4}"


def _card(ctl: ZankapfelCompanion, arg: str) -> str | None:
    return f"card {int(arg) or 10}" if is_number(arg) else None


def _roll(ctl: ZankapfelCompanion, arg: str) -> str | None:
    return f"roll {arg}" if arg in FACES else None


BUTTONS: dict[tuple[str, str], Handler] = {
    ("resume", "confirm"): _says("resume"),
    ("resume", "undo"): _says("discard"),
    ("result", "confirm"): _says("new"),  # the finished game is recorded: no undo past it
    ("setup", "trough"): _setup_trough,
    ("setup", "finish"): _next_finish,
    ("setup", "players"): _players,
    ("setup", "confirm"): _says("start"),
    ("play", "undo"): _says("undo"),  # in every stage of a game
    ("play", "sq"): _touch_square,
    **{(st, arrow): move for st in SQUARE_STAGES for arrow, move in _ARROWS.items()},
    **{(st, "confirm"): lambda ctl, arg: square_command(ctl) for st in SQUARE_STAGES},
    **{(st, "trough"): lambda ctl, arg: KIND_BUTTONS.get(arg) for st in COLOUR_STAGES},
    **{(st, "kind"): lambda ctl, arg: arg for st in COLOUR_STAGES},
    **{(st, key): _says(kind) for st in COLOUR_STAGES for key, kind in KIND_KEYS.items()},
    ("bid", "blind"): _says("buy"),
    ("bid", "confirm"): _says("lay"),
    ("bid", "pass"): _says("pass"),
    ("bid", "bid"): _bid_touch,
    ("bid", "trough"): _bid_trough,
    ("dice", "confirm"): _says("dice-done"),
    ("dice", "trough"): _one_die_more,
    ("dice", "dice"): _one_die_more,
    ("card", "card"): _card,
    ("card", "digit"): _card,
    ("roll", "roll"): _roll,
    ("roll", "trough"): _roll,
    ("roll", "digit"): _roll,
}
"""(mode, button) outside a game, ("play", button) in every stage, else (stage, button) → handler."""


def command_for(ctl: ZankapfelCompanion, button: str) -> str | None:
    """What ``button`` means now (see the module docstring)."""
    return button_command(ctl, button, split_button, BUTTONS, BUTTONS)
