"""The text front end of a game that needs no words of its own there (the registry's part
``text``): a game's ``text.py`` names its ``help_keys`` and takes the rest from here —
``from table.companion.plaintext import handle_line, screen_text, status_lines``.

Every line is a command of the game (``ctl.do``); an empty line, ``ok`` or ``confirm`` is the lid's
CONFIRM button; ``status`` shows what the table is asked (``status_lines``). A refusal is the
returned line, never a traceback (a ``TableError``)."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any, TypeVar

from table.companion.engine_module import EngineModule
from table.companion.protocol import GameCompanion
from table.engine.errors import TableError
from table.i18n import _

CONFIRM_WORDS = ("", "ok", "confirm")
"""The words that press CONFIRM."""
BUTTON_WORDS: dict[str, str] = {"": "confirm", "ok": "confirm", "enter": "confirm", "confirm": "confirm",
                                "u": "undo", "undo": "undo"}
"""The words a game's text front end reads as a lid button (its ``WORDS`` start from these): Enter
and ``ok`` are CONFIRM (a waiting announcement is done, else what CONFIRM means now); a command
word is the command itself, which passes a waiting announcement and is carried out (issue 33)."""

C = TypeVar("C", bound=GameCompanion)


def screen_text(ctl: EngineModule) -> str:
    """The setup screen's line (its setup words and values), the resume offer; "" in play."""
    if ctl.mode == "setup":
        values = ", ".join(f"{word}={_value(getattr(ctl.setup, word))}" for word in ctl.setup_words)
        return _("{game} setup: {values}; confirm starts").format(game=_(ctl.title), values=values)
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    return ""


def _value(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


def status_lines(ctl: EngineModule) -> list[str]:
    """``status``: what the table is asked now (in play), else the screen's line."""
    return [ctl.ask()] if ctl.mode == "play" else [screen_text(ctl)]


def typed(line: str) -> str:
    """A typed line as the games read it: lower case, one blank between words."""
    return " ".join(line.strip().lower().split())


def press_word(ctl: GameCompanion, button: str, word: str) -> str | None:
    """Press the button the typed ``word`` stands for; the refusal (or that it does nothing now)
    when it did nothing. Every game's text front end presses its words through this."""
    if ctl.press(button):
        return None
    return ctl.refusal or _("{word}: nothing to do now").format(word=word or "confirm")


def do_line(ctl: GameCompanion, word: str) -> str | None:
    """``word`` as a command: None when applied, its one-line refusal (any ``TableError``) otherwise."""
    try:
        ctl.do(word)
    except TableError as exc:
        return str(exc)
    return None


def handle_typed(ctl: C, line: str, words: Mapping[str, str], *, digits: Container[str] = (),
                 own: Callable[[C, str], str | None] = do_line) -> str | None:
    """One typed line as every game's ``handle_line`` reads it: ``status`` (nothing to do here: the
    front end prints it), a digit in the modes ``digits`` (its trough button), a word of ``words``
    (its button: :func:`press_word`), else ``own(ctl, word)`` — the game's own words, by default
    the word as a command (:func:`do_line`). Returns the refusal, or None."""
    word = typed(line)
    if word == "status":
        return None
    if ctl.mode in digits and len(word) == 1 and word.isascii() and word.isdigit():
        return press_word(ctl, f"trough{word}", word)
    if word in words:
        return press_word(ctl, words[word], word)
    return own(ctl, word)


def handle_line(ctl: GameCompanion, line: str) -> str | None:
    """One typed line: CONFIRM, ``status`` (nothing to do here), or a command; the refusal or None."""
    return handle_typed(ctl, line, dict.fromkeys(CONFIRM_WORDS, "confirm"))
