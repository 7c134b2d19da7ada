"""Waldgärtner's buttons as data: what a lid button, a key or a touch target means on each screen
and in each stage of play, like boardgame.io's moves (a table, not a chain of ifs).

A button name is read as (button, argument) (:func:`split_button`): ``trough3`` is ("trough", "3"),
``players:4`` is ("players", "4"), a digit typed on the keys or the keypad (``5``, ``key:5``) is
("digit", "5"), a touch target carrying its command (``cmd:sell 17``) is ("cmd", "sell 17"); any
other name is itself. :data:`SCREENS` maps (mode, button) and :data:`STAGES` maps (engine stage,
button) — the latter only while a game is played — to a handler that returns the command to run,
``""`` when the press changed only the screen (the setup, the digits typed), or None when the
button means nothing now.

The lid's seven buttons are the die's choices (decks 1-6 and, 7, the special action); CONFIRM
plants, buys or takes the alternative offer; BLIND sells, declines, forgoes or passes; UNDO
clears the digits typed, else takes back the last command. On the setup screen BLIND switches
between playing along and the end-only score pad; on the pad (mode ``pad``) the seven buttons are
the guided choice of a plant, the cubes or the task card, CONFIRM the next step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from table.companion.buttontable import SHELL_SCREENS, button_command, says
from table.companion.protocol import CommandError
from table.games.waldgaertner import other_card, tasks
from table.games.waldgaertner.hidden import hidden_held, secret_cards
from table.games.waldgaertner.naming import card_for, guide_line, guide_pick, plant_key
from table.games.waldgaertner.padentry import PadEntry
from table.games.waldgaertner.questions import CHANCE_STAGES, CHOOSE_STAGES, seat_now, special_face
from table.games.waldgaertner.rules import CardSet, State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.setup import CHOICE_MATTERS, WSetup
from table.i18n import _


class ButtonsHost(Protocol):
    """What a button's handler reads and sets of the companion (``WaldgaertnerCompanion`` is one):
    named here, so the table of buttons sits below the module that looks buttons up in it."""

    e: State | None
    pad: PadEntry | None
    typed: str
    guide: tuple[str, ...]
    task_page: int
    named: int
    other: tuple[str, ...] | None
    setup: WSetup
    cmds: list[str]
    secret: frozenset[int]

    @property
    def cards(self) -> CardSet: ...

    @property
    def state(self) -> State: ...

    @property
    def mode(self) -> str: ...

    def stage(self) -> str: ...


Handler = Callable[[ButtonsHost, str], "str | None"]
"""``handler(companion, argument)`` → the command, ``""`` (the screen changed), or None."""

KEYPAD_STAGES = CHANCE_STAGES + CHOOSE_STAGES
"""The stages that take a card id typed digit by digit (confirm enters it)."""
HIDDEN_STAGES = {"draw": "drawn", "bdraw": "kept", "sdeal": "kept", "bchoose": "kept", "schoose": "kept"}
"""The stages where CONFIRM says the card went into a hand unseen (``unseen.HIDDEN_STAGES``)."""
MAX_TYPED = 3
"""Card ids have at most three digits."""
_WITH_ARGUMENT = frozenset({"cmd", "digit", "trough", "players"})
"""The buttons that carry an argument: without one (a bare ``trough``) they mean nothing."""


def split_button(button: str) -> tuple[str, str]:
    """A button name as (button, argument); see the module docstring."""
    if button.startswith("cmd:"):
        return "cmd", button[4:]
    if button.startswith("other:"):
        return "other", button[6:]
    digit = button[4:] if button.startswith("key:") else button
    if len(digit) == 1 and digit.isascii() and digit.isdigit():
        return "digit", digit
    for name, sep in (("trough", ""), ("players", ":")):
        head = name + sep
        rest = button[len(head):].split(":")[0] if sep else button[len(head):]
        if button.startswith(head) and rest.isascii() and rest.isdigit():
            return name, rest
    return ("", "") if button in _WITH_ARGUMENT else (button, "")


def command_for(ctl: ButtonsHost, button: str) -> str | None:
    """What ``button`` means now (``TableModule.press`` runs it)."""
    return button_command(ctl, button, split_button, SCREENS, STAGES)


# --- the setup screen ---------------------------------------------------------------------------------
def _setup_trough(ctl: ButtonsHost, arg: str) -> str | None:
    """Buttons 2-7 pick the players, button 1 the continent."""
    if arg in ("2", "3", "4", "5", "6", "7"):
        ctl.setup = replace(ctl.setup, players=int(arg))
        return ""
    return _toggle_choice(ctl, arg) if arg == "1" else None


def _setup_players(ctl: ButtonsHost, arg: str) -> str:
    ctl.setup = replace(ctl.setup, players=int(arg))
    return ""


def _toggle_choice(ctl: ButtonsHost, arg: str) -> str | None:
    """Button 1: the continent the rules leave open — only where the seat count's decks depend on it."""
    if ctl.setup.players not in CHOICE_MATTERS:
        return None
    ctl.setup = replace(ctl.setup, choice="NA" if ctl.setup.choice == "EU" else "EU")
    return ""


def _toggle_direct_sale(ctl: ButtonsHost, arg: str) -> str:
    ctl.setup = replace(ctl.setup, direct_sale=not ctl.setup.direct_sale)
    return ""


def _toggle_tasks(ctl: ButtonsHost, arg: str) -> str:
    ctl.setup = replace(ctl.setup, tasks=not ctl.setup.tasks)
    return ""


def _toggle_pad(ctl: ButtonsHost, arg: str) -> str:
    """BLIND (or the touch target): played along, or an end-only score pad."""
    ctl.setup = replace(ctl.setup, pad=not ctl.setup.pad)
    return ""


# --- the end-only score pad (padentry.py) ---------------------------------------------------------
def _pad_trough(ctl: ButtonsHost, arg: str) -> str | None:
    """The pad's trough buttons: a garden's plant by the guided choice, the storage's cubes (1/2 add
    a light/dark cube, 3/4 take one away), the task card (7 turns to the next ones)."""
    pad = ctl.pad
    if pad is None:
        return None
    if pad.step == "garden":
        pad.candidates = []
        ctl.guide, plant = guide_pick(pad.pool, ctl.guide, int(arg))
        return f"add {next(c.id for c in pad.cards.cards if plant_key(c) == plant)}" if plant else ""
    if pad.step == "cubes":
        return pad.cube_command(int(arg))
    if pad.step == "task":
        ctl.task_page, command = tasks.lid_pick(pad.cards.tasks, ctl.task_page, int(arg))
        return command
    return None


# --- every stage of play ---------------------------------------------------------------------------
def _undo(ctl: ButtonsHost, arg: str) -> str:
    """UNDO clears the digits typed first, then steps back in the guided choice (the plant named),
    then takes back the last command."""
    if ctl.typed:
        ctl.typed = ""
        return ""
    if ctl.other is not None:  # the chooser of a card the file lacks: one question back, then closed
        ctl.other = ctl.other[:-1] if ctl.other else None
        return ""
    if ctl.task_page:
        ctl.task_page = 0
        return ""
    if ctl.pad is not None and ctl.pad.candidates:  # the plants a typed name left open
        ctl.pad.candidates = []
        return ""
    if ctl.named >= 0:
        ctl.named = -1
        return ""
    if ctl.guide:
        ctl.guide = ctl.guide[:-1]
        return ""
    return "undo"


def _touch(ctl: ButtonsHost, arg: str) -> str:
    """A touch target carrying its command."""
    return arg


# --- a card id on the keypad -------------------------------------------------------------------------
def _digit(ctl: ButtonsHost, arg: str) -> str:
    if len(ctl.typed) < MAX_TYPED:
        ctl.typed += arg
    return ""


def hidden_word(ctl: ButtonsHost) -> str | None:
    """``drawn`` / ``kept`` where a card goes into a hand unseen now, else None."""
    word = HIDDEN_STAGES.get(ctl.stage())
    if word is None or (ctl.stage() == "schoose" and ctl.state.t.jobs[0][2] == A.DISCARD_PILE):
        return None
    return word


def _backspace(ctl: ButtonsHost, arg: str) -> str:
    ctl.typed = ctl.typed[:-1]
    return ""


def _enter_typed(ctl: ButtonsHost, arg: str) -> str | None:
    """CONFIRM enters the card id typed; nothing typed: a card drawn or kept hidden (``drawn`` /
    ``kept``), else nothing to do."""
    if not ctl.typed:
        return hidden_word(ctl)
    typed, ctl.typed = ctl.typed, ""
    return typed


# --- the die's choices and the decks ---------------------------------------------------------------------
def _die_trough(ctl: ButtonsHost, arg: str) -> str:
    """A seat's die: decks 1-6, 7 the special action (die face 6 is decks 6 and 7 with 7 players,
    ruling W1: the one with an offer)."""
    k = int(arg)
    e = ctl.state
    if k == 7 or special_face(e, k):  # button 6 too where no deck 6 lies out: the die's "6"
        return "special"
    if k == 6 and e.players == 7 and e.offer(5) < 0 and e.offer(6) >= 0:
        return "deck 7"
    return f"deck {k}"


def _pass(ctl: ButtonsHost, arg: str) -> str | None:
    return "pass" if A.PASS in ctl.state.legal_actions() else None


def _search_trough(ctl: ButtonsHost, arg: str) -> str | None:
    """The special action: buttons 1-6 search that deck, 7 takes the alternative offer."""
    k = int(arg)
    if k <= 6:
        return f"search {k}"
    return "alternative offer" if k == 7 else None


def _new_card(ctl: ButtonsHost) -> int:
    """The card the seat at play plays by CONFIRM or BLIND: the one named by the guided choice, else
    the one just received (else the one in its hand); -1 when that one is hidden (to be named)."""
    e = ctl.state
    s = seat_now(e)
    if ctl.named >= 0:
        return ctl.named
    cid = e.pending(s) if e.pending(s) >= 0 else e.hand(s)
    return -1 if cid in hidden_held(e, s) else cid


def _play_card(verb: str) -> Handler:
    """CONFIRM plants, BLIND sells the card played (a hidden one must be named first)."""
    def handler(ctl: ButtonsHost, arg: str) -> str:
        cid = _new_card(ctl)
        if cid < 0:
            raise CommandError(_("name the card played first: {guide}").format(guide=guide_line(ctl.state, ctl.guide)))
        return f"{verb} {cid}"
    return handler


def _guide_trough(ctl: ButtonsHost, arg: str) -> str | None:
    """A card turned face up, or a hidden card played, named on the lid: size class, continent,
    flower colour, then the plant (``naming.guide_pick``)."""
    e = ctl.state
    st = ctl.stage()
    if st == "play" and (not hidden_held(e, seat_now(e)) or ctl.named >= 0):
        return None
    ctl.guide, plant = guide_pick(e, ctl.guide, int(arg))
    if not plant:
        return ""
    cid = card_for(e, ctl.cards, plant, "card" if st == "reveal" else "sell")
    if st == "play":
        ctl.named = cid
        return ""
    return f"card {cid}"


def offers_other(ctl: ButtonsHost, held: Callable[[], list[int]] | None = None) -> bool:
    """Whether "Other card…" (a card the file lacks, ``other_card.py``) is offered now: where the
    lid names a card turned up (``other_card.OFFERED``), and while a seat plays a card drawn
    unseen (``drawn``/``kept``: one the companion holds a stand-in for, ``ctl.secret``) not yet
    named — never a card drawn into a hand unseen. ``held``: the seat's hidden cards as the
    screen has them worked out (``asked.hidden``)."""
    st = ctl.stage()
    if st not in other_card.OFFERED:
        return False
    if st == "reveal":
        return True
    if ctl.named >= 0 or not ctl.secret:
        return False
    hidden = held() if held is not None else hidden_held(ctl.state, seat_now(ctl.state))
    return bool(set(hidden) & secret_cards(ctl.state, ctl.secret))


def _other(ctl: ButtonsHost, arg: str) -> str | None:
    """``other`` opens the chooser of a card the file lacks; ``other:VALUE`` answers its question
    now; the last answer enters the ``unknown …`` line the typed path enters."""
    if not offers_other(ctl):
        return None
    if not arg:
        ctl.other = ()
        return ""
    if ctl.other is None:
        return None
    ctl.other, command = other_card.answer(ctl.other, arg)
    if command:
        ctl.other = None
    return command


def _task_trough(ctl: ButtonsHost, arg: str) -> str | None:
    """After the last round: the task card the seat shows, on the trough buttons (button 7 turns to
    the next tasks where there are more than seven, ``tasks.lid_pick``)."""
    if tasks.seat_showing(ctl.e, ctl.setup, ctl.cmds) < 0:
        return None
    ctl.task_page, command = tasks.lid_pick(ctl.state.config.cards.tasks, ctl.task_page, int(arg))
    return command


SCREENS: dict[tuple[str, str], Handler] = {
    **SHELL_SCREENS,
    ("setup", "trough"): _setup_trough,
    ("setup", "players"): _setup_players,
    ("setup", "choice"): _toggle_choice,
    ("setup", "directsale"): _toggle_direct_sale,
    ("setup", "tasks"): _toggle_tasks,
    ("setup", "padmode"): _toggle_pad,
    ("setup", "blind"): _toggle_pad,
    ("pad", "trough"): _pad_trough,
    ("pad", "confirm"): says("next"),
    ("pad", "undo"): _undo,
    ("pad", "cmd"): _touch,
    ("play", "undo"): _undo,
    ("play", "cmd"): _touch,
}
"""(mode, button) → handler; in mode ``play`` these come before the stage's own buttons."""

STAGES: dict[tuple[str, str], Handler] = {
    **{(st, "digit"): _digit for st in KEYPAD_STAGES},
    **{(st, "backspace"): _backspace for st in KEYPAD_STAGES},
    **{(st, "confirm"): _enter_typed for st in KEYPAD_STAGES},
    ("start", "trough"): lambda ctl, arg: f"deck {int(arg)}",
    ("bonus", "trough"): lambda ctl, arg: f"bonus {int(arg)}",
    ("die", "trough"): _die_trough,
    ("die", "blind"): _pass,
    ("special", "trough"): _search_trough,
    ("special", "confirm"): says("alternative offer"),
    ("special", "blind"): says("forgo"),
    ("buyer", "confirm"): says("buy"),
    ("buyer", "blind"): says("decline"),
    ("play", "confirm"): _play_card("plant"),
    ("play", "blind"): _play_card("sell"),
    ("play", "trough"): _guide_trough,
    ("reveal", "trough"): _guide_trough,
    ("reveal", "other"): _other,
    ("play", "other"): _other,
    ("over", "trough"): _task_trough,
}
"""(engine stage, button) → handler while a game is played."""
