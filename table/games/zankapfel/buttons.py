"""The lid's buttons, keys and touches as data: a table of (mode or stage, button) → handler, like
boardgame.io's moves. ``ZankapfelCompanion._command_for`` looks a button up here; the handler
returns the command it means (``""``: the screen changed, no command; None: nothing to do).

On the setup screen BLIND steps through the deck file's decks and PASS turns bribery (the optional
rule "Corruption") on and off. In a discord a seat's button chooses its dice (0→1→2→3→0) and
CONFIRM buys them; a purchase is final. While bribes are open a seat's button chooses that seat's
offer (1 point, 2, none), the arrows or a touch its square, CONFIRM offers it (with none chosen:
all have decided); then the first player accepts with the briber's button or refuses with PASS.

Buttons: ``confirm``, ``undo``, ``blind``, ``pass``, ``finish``, the cursor's ``up``/``down``/
``next``/``prev``, the lid's ``trough1`` … ``trough7`` (the seats; in a colour question 1-5 are
red, yellow, green, blue, joker; in a roll the die's face), the keys ``r y g b j`` and digits, and
the screen's touches ``sq:c3``, ``kind:red``, ``bid:buy``, ``dice:2``, ``card:8``, ``roll:4``,
``players:4``, ``deck``, ``bribery``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from table.companion.buttontable import SHELL_SCREENS, button_command, says
from table.companion.protocol import CommandError
from table.games.zankapfel.commands import FACES
from table.games.zankapfel.deal import Build, purchase_final
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules.decks import Decks
from table.games.zankapfel.setup import FINISHES, ZSetup, is_number
from table.games.zankapfel.words import KIND_LETTERS, kind_of
from table.i18n import _
from table.i18n.labels import seat_name


class ButtonsHost(Protocol):
    """What a button's handler reads and sets of the companion (``ZankapfelCompanion`` is one):
    named here, so the table of buttons sits below the module that looks buttons up in it."""

    b: Build | None
    cursor: int
    decks: Decks
    dice_chosen: dict[int, int]
    bribe_offer: tuple[int, int] | None
    setup: ZSetup

    @property
    def mode(self) -> str: ...

    def stage(self) -> str: ...


Handler = Callable[[ButtonsHost, str], "str | None"]
"""(the companion, the button's argument: ``3`` of ``trough3``, ``c3`` of ``sq:c3``) → the command."""

KIND_BUTTONS = {f"{i + 1}": k for i, k in enumerate(A.KINDS)}
"""In a colour question the lid's buttons 1-5 are red, yellow, green, blue, joker."""
_TOUCHES = ("players", "sq", "kind", "bid", "dice", "card", "roll", "offer", "accept")
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


LETTER_KEYS = sorted(set("".join(KIND_LETTERS.values())))
"""Every language's kind letters (a key press ``j``: jaune in French, the joker in English)."""


def _letter(key: str) -> Handler:
    """A kind's letter key in the table's language (``words.kind_of``); None for a letter that
    names no kind there."""
    return lambda ctl, arg: kind_of(key)


# --- the setup screen ----------------------------------------------------------------------------

def _players(ctl: ButtonsHost, arg: str) -> str | None:
    if not is_number(arg):
        return None
    ctl.setup = replace(ctl.setup, players=int(arg))
    return ""


def _next_finish(ctl: ButtonsHost, arg: str) -> str:
    i = FINISHES.index(ctl.setup.finish) if ctl.setup.finish in FINISHES else 0
    ctl.setup = replace(ctl.setup, finish=FINISHES[(i + 1) % len(FINISHES)])
    return ""


def _next_deck(ctl: ButtonsHost, arg: str) -> str:
    """BLIND (or the deck's touch) on the setup screen: the deck file's next deck."""
    ctl.setup = ctl.setup.with_deck(ctl.decks, ctl.decks.after(_deck_key(ctl)).key)
    return ""


def _deck_key(ctl: ButtonsHost) -> str:
    deck = ctl.decks.by_counts(ctl.setup.deck)
    return deck.key if deck is not None else ""


def _bribery(ctl: ButtonsHost, arg: str) -> str:
    """PASS (or the touch) on the setup screen: the optional rule "Corruption" on or off."""
    ctl.setup = replace(ctl.setup, bribery=not ctl.setup.bribery)
    return ""


def _setup_trough(ctl: ButtonsHost, arg: str) -> str | None:
    if arg == "7":
        return _next_finish(ctl, arg)
    return _players(ctl, arg) if arg in ("3", "4", "5", "6") else None


# --- the orchard's squares -----------------------------------------------------------------------

def square_command(ctl: ButtonsHost) -> str:
    """The cursor's square as the command asked now; CommandError when no square is."""
    name = A.square_name(ctl.cursor)
    if ctl.stage() in ("place", "move"):
        return f"mayor {name}"
    if ctl.stage() == "remove":
        return f"remove {name}"
    if ctl.stage() == "bribe":
        return ""  # the square of the offer being made (CONFIRM offers it)
    raise CommandError(_("no square is chosen now"))


def _touch_square(ctl: ButtonsHost, arg: str) -> str:
    ctl.cursor = A.parse_square(arg)
    return square_command(ctl)


def _arrow(rows: int, cols: int) -> Handler:
    def move(ctl: ButtonsHost, arg: str) -> str:
        row, col = divmod(ctl.cursor, 5)
        ctl.cursor = (row + rows) % 5 * 5 + (col + cols) % 5
        return ""
    return move


_ARROWS = {"up": _arrow(-1, 0), "down": _arrow(1, 0), "next": _arrow(0, 1), "prev": _arrow(0, -1)}


# --- phase 1: buy, lay or pass -------------------------------------------------------------------

def _bid_touch(ctl: ButtonsHost, arg: str) -> str | None:
    return arg if arg in ("buy", "lay", "pass") else None


def _bid_trough(ctl: ButtonsHost, arg: str) -> str:
    assert ctl.b is not None
    s = ctl.b.seat()
    if arg == f"{s + 1}":
        return "lay"
    raise CommandError(_("it is {seat}'s turn to buy or lay").format(seat=seat_name(s)))


# --- discords and dice ---------------------------------------------------------------------------

def _one_die_more(ctl: ButtonsHost, arg: str) -> str | None:
    """The seat's button chooses its dice, 0→1→2→3→0 (nothing bought yet: CONFIRM buys them);
    a seat that has bought is refused — a purchase is final, never undone by the cycle."""
    assert ctl.b is not None
    if not is_number(arg):
        return None
    s = int(arg) - 1
    if s not in ctl.b.fight_seats():
        raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
    bought = ctl.b.dice.get(s, 0)
    if bought:
        raise purchase_final(s, bought)
    chosen = (ctl.dice_chosen.get(s, 0) + 1) % (A.MAX_DICE + 1)
    ctl.dice_chosen = {**ctl.dice_chosen, s: chosen}
    return ""


def _dice_confirm(ctl: ButtonsHost, arg: str) -> str:
    """CONFIRM buys the dice chosen by a seat's button (one seat per press); with none chosen it
    closes the discord (everyone has decided)."""
    for s, k in ctl.dice_chosen.items():
        if k:
            return f"dice seat {s + 1} {k}"
    return "dice-done"


def _card(ctl: ButtonsHost, arg: str) -> str | None:
    return f"card {int(arg) or 10}" if is_number(arg) else None


def _roll(ctl: ButtonsHost, arg: str) -> str | None:
    return f"roll {arg}" if arg in FACES else None


# --- bribes (the optional rule "Corruption") ----------------------------------------------------------

def _briber(ctl: ButtonsHost, arg: str) -> str | None:
    """A seat's button while bribes are open: that seat offers, 1 point, again 2, again none;
    the square is the cursor's (arrows or a touch), CONFIRM makes the offer."""
    assert ctl.b is not None
    if not is_number(arg) or not 1 <= int(arg) <= ctl.setup.players:
        return None
    s = int(arg) - 1
    if s == ctl.b.preview.first:
        raise CommandError(_("{seat} holds the apple: the others bribe it").format(seat=seat_name(s)))
    if s in ctl.b.bribes.offers:
        raise CommandError(_("{seat} has offered already: an offer is final").format(seat=seat_name(s)))
    now = ctl.bribe_offer[1] if ctl.bribe_offer is not None and ctl.bribe_offer[0] == s else 0
    ctl.bribe_offer = (s, now + 1) if now < 2 else None
    return ""


def _bribe_confirm(ctl: ButtonsHost, arg: str) -> str:
    """CONFIRM while bribes are open: the chosen offer, or with none chosen, all have decided."""
    if ctl.bribe_offer is None:
        return "bribes-done"
    s, amount = ctl.bribe_offer
    return f"offer seat {s + 1} {amount} {A.square_name(ctl.cursor)}"


def _accept(ctl: ButtonsHost, arg: str) -> str | None:
    return f"accept seat {arg}" if is_number(arg) else None


BUTTONS: dict[tuple[str, str], Handler] = {
    **SHELL_SCREENS,
    ("setup", "trough"): _setup_trough,
    ("setup", "finish"): _next_finish,
    ("setup", "players"): _players,
    ("setup", "blind"): _next_deck,
    ("setup", "deck"): _next_deck,
    ("setup", "pass"): _bribery,
    ("setup", "bribery"): _bribery,
    ("play", "undo"): says("undo"),  # in every stage of a game
    ("play", "sq"): _touch_square,
    **{(st, arrow): move for st in SQUARE_STAGES for arrow, move in _ARROWS.items()},
    **{(st, "confirm"): lambda ctl, arg: square_command(ctl) for st in SQUARE_STAGES},
    **{(st, "trough"): lambda ctl, arg: KIND_BUTTONS.get(arg) for st in COLOUR_STAGES},
    **{(st, "kind"): lambda ctl, arg: arg for st in COLOUR_STAGES},
    **{(st, key): _letter(key) for st in COLOUR_STAGES for key in LETTER_KEYS},
    ("bid", "blind"): says("buy"),
    ("bid", "confirm"): says("lay"),
    ("bid", "pass"): says("pass"),
    ("bid", "bid"): _bid_touch,
    ("bid", "trough"): _bid_trough,
    ("dice", "confirm"): _dice_confirm,
    ("dice", "trough"): _one_die_more,
    ("dice", "dice"): _one_die_more,
    ("bribe", "trough"): _briber,
    ("bribe", "offer"): _briber,
    ("bribe", "confirm"): _bribe_confirm,
    **{("bribe", arrow): move for arrow, move in _ARROWS.items()},
    ("accept", "trough"): _accept,
    ("accept", "accept"): _accept,
    ("accept", "pass"): says("refuse"),
    ("accept", "refuse"): says("refuse"),
    ("card", "card"): _card,
    ("card", "digit"): _card,
    ("roll", "roll"): _roll,
    ("roll", "trough"): _roll,
    ("roll", "digit"): _roll,
}
"""(mode, button) outside a game, ("play", button) in every stage, else (stage, button) → handler."""


def command_for(ctl: ButtonsHost, button: str) -> str | None:
    """What ``button`` means now (see the module docstring)."""
    return button_command(ctl, button, split_button, BUTTONS, BUTTONS)
