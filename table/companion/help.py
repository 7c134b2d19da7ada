"""``help`` in every game and mode: what can be typed and pressed now, derived from the game's
buttons as data (``button_tables``: (mode or stage, button) → handler, each game's
``buttons.py``) at the places the table is at (``help_places()``: the mode, in play the stage),
the shell's own buttons of the screen (:data:`SHELL_BUTTONS`), and what the game asks now.
Text mode prints :func:`help_lines`; on screen the help button shows the same lines
(``table/display/help_view.py``). A button whose handler always means one command (the shell's
``Says``) is listed with that command, which can also be typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from table.companion.buttontable import Says
from table.companion.gamedef import UnknownGameError, registered
from table.companion.protocol import Asks, ExplainsButtons, GameCompanion, Titled
from table.i18n import N_, _
from table.i18n.labels import is_number, listed

LID_BUTTONS: Mapping[str, str] = {"confirm": N_("CONFIRM"), "undo": N_("UNDO"), "blind": N_("BLIND")}
"""The lid's named buttons as the box prints them."""
SAID_WORDS: Mapping[str, str] = {
    "new-game": N_("a new game"), "unfinish": N_("back to the score pad"), "next": N_("go on"),
    "resume": N_("resume the game"), "discard": N_("discard the game"),
}
"""What a lid button does, for the commands whose names are the program's, not what a person types
(issue 33 (9)): the help says "CONFIRM (a new game)", never "CONFIRM (new-game)", and leaves them
off its "Type:" line (in text mode the button's own word, ``ok`` / ``undo``, presses it)."""
SHELL_BUTTONS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "setup": (("history", N_("the history")), ("language", N_("the next language"))),
    "result": (("qr", N_("the QR code for BG Stats")), ("history", N_("the history"))),
}
"""The shell's buttons on a screen of every game (touch targets; text mode: type the word)."""
KEYBOARD_KEYS = frozenset({"backspace", "space", "tab", "escape", "comma", "up", "down"})
"""Buttons named after a key of the keyboard (the games' key maps press them): listed with the keys,
never as something on the screen (a screen's keypad may show one too, ⌫ or ",": its own label says it)."""
TOUCH_WORDS: Mapping[str, str] = {
    "batch": N_("a batch"), "bid": N_("a bid"), "bribery": N_("Corruption"), "campaign": N_("Campaign"),
    "card": N_("a discord card"), "choice": N_("a deck choice"), "clear": N_("Clear"), "colour": N_("a colour"),
    "cottage": N_("Cottage"), "deck": N_("Deck"), "dice": N_("dice"), "directsale": N_("Direct sale"),
    "done": N_("Score ✓"), "easy": N_("Easy mode"), "finish": N_("Finish"), "hint": N_("Hint"),
    "kind": N_("an apple card"), "middle": N_("the middle trees"), "next": N_("Next"), "orchards": N_("Orchards"),
    "other": N_("Other card… (a card not in the card file)"),
    "padmode": N_("Entering"), "pass": N_("Pass"), "pip": N_("a pip"), "player": N_("a player"),
    "players": N_("Players"), "prev": N_("Back"), "roll": N_("a roll"), "skip": N_("Skip"),
    "sq": N_("a square of the orchard"), "tasks": N_("Extra tasks"), "teach": N_("Teach mode"),
    "tracked": N_("Orchard tracking"), "names": N_("Names"),
}
"""The screens' touch targets as the help names them: the button's words, or what is touched — never
the target's internal name (``sq``, ``padmode``); a name missing here is listed as it is."""
MODE_WORDS: Mapping[str, str] = {
    "setup": N_("setup"), "play": N_("play"), "pad": N_("score pad"), "result": N_("result"),
    "resume": N_("resume"), "correct": N_("correction"),
}
"""The screens' names in the help's heading, in the table's language."""
EVERY_SCREEN = N_("Every screen: help (this list), language [en|de|fr|ja], quit")
ON_SETUP = N_("Setup: setup name SEAT NAME (a player for a seat), players, history, g (the next game)")


def _ranges(numbers: Iterable[int]) -> str:
    """``2-6``, ``1, 3, 5-7``: sorted numbers with runs joined."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = []
        run.append(n)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def buttons_now(ctl: GameCompanion) -> dict[str, Any]:
    """The buttons that mean something now (name → handler), in the tables' order."""
    if not isinstance(ctl, ExplainsButtons):
        return {}
    places = ctl.help_places()
    found: dict[str, Any] = {}
    for table in ctl.button_tables:
        for (where, button), handler in table.items():
            if where in places and button not in found:
                found[button] = handler
    return found


def _pressed_words(buttons: Mapping[str, Any]) -> list[str]:
    """The lid's buttons (with the command they mean, when it is always the same), the troughs."""
    words: list[str] = []
    troughs: list[int] = []
    for button, handler in buttons.items():
        if button.startswith("trough") and is_number(button[6:]):
            troughs.append(int(button[6:]))
        elif button == "trough":
            troughs.extend(range(1, 8))
        elif button in LID_BUTTONS:
            said = "" if not isinstance(handler, Says) else f" ({_(SAID_WORDS[handler.command])})" \
                if handler.command in SAID_WORDS else f" ({handler.command})"
            words.append(_(LID_BUTTONS[button]) + said)
    if troughs:
        words.append(_("trough buttons {numbers}").format(numbers=_ranges(troughs)))
    return words


def _keys_and_touches(buttons: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    keys = [b for b in buttons if len(b) == 1 or b == "digit" or b in KEYBOARD_KEYS]
    touches = [b.rstrip(":") for b in buttons
               if b not in LID_BUTTONS and not b.startswith("trough") and b not in keys and b not in ("cmd",)]
    words = [_("0-9") if k == "digit" else "comma" if k == "," else k for k in keys]
    shown = [_(TOUCH_WORDS[t]) if t in TOUCH_WORDS else t for t in touches]
    return list(dict.fromkeys(words)), list(dict.fromkeys(shown))  # "," and "comma" are one key


def _game_title(ctl: GameCompanion) -> str:
    """The game's name as its box says it ("Applejack", not its key)."""
    try:
        return registered(ctl.game).title
    except UnknownGameError:  # a lone module of a game the registry does not hold
        return ctl.title if isinstance(ctl, Titled) else ctl.game


def help_lines(ctl: GameCompanion) -> list[str]:
    """What can be typed and pressed now (see the module doc), in the table's language."""
    title = _game_title(ctl)
    mode = str(ctl.mode)
    lines = [_("Help — {game}, {screen}").format(game=title, screen=_(MODE_WORDS[mode]) if mode in MODE_WORDS
                                                   else mode)]
    if isinstance(ctl, Asks) and ctl.mode in ("play", "pad"):
        lines.append(_("Now: {ask}").format(ask=ctl.ask()))
    buttons = buttons_now(ctl)
    pressed = _pressed_words(buttons)
    if pressed:
        lines.append(_("Press: {buttons}").format(buttons=listed(pressed)))
    keys, touches = _keys_and_touches(buttons)
    if keys:
        lines.append(_("Keys: {keys}").format(keys=listed(keys)))
    shell = SHELL_BUTTONS.get(ctl.mode, ())
    if touches or shell:
        lines.append(_("On the screen: {targets}").format(targets=listed(
            [*touches, *(f"{name} ({_(what)})" for name, what in shell)])))
    commands = sorted({h.command for h in buttons.values() if isinstance(h, Says)} - set(SAID_WORDS))
    if commands:
        lines.append(_("Type: {commands}").format(commands=listed(commands)))
    if ctl.mode == "setup":
        lines.append(_(ON_SETUP))
    lines.append(_(EVERY_SCREEN))
    return lines
