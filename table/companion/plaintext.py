"""The text front end of a game that needs no words of its own there (the registry's part
``text``): a game's ``text.py`` names its ``help_keys`` and takes the rest from here —
``from table.companion.plaintext import handle_line, screen_text, status_lines``.

Every line is a command of the game (``ctl.do``); an empty line, ``ok`` or ``confirm`` is the lid's
CONFIRM button; ``status`` shows what the table is asked (``status_lines``). A refusal is the
returned line, never a traceback (a ``TableError``)."""

from __future__ import annotations

from typing import Any

from table.companion.engine_module import EngineModule
from table.companion.protocol import Asks, GameCompanion
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.i18n import _

CONFIRM_WORDS = ("", "ok", "confirm")
"""The words that press CONFIRM."""


def screen_text(ctl: GameCompanion) -> str:
    """The setup screen's line (its setup words and values), the resume offer; "" in play."""
    module = game_module(ctl)
    if ctl.mode == "setup" and isinstance(module, EngineModule):
        values = ", ".join(f"{word}={_value(getattr(module.setup, word))}" for word in module.setup_words)
        return _("{game} setup: {values}; confirm starts").format(game=_(module.title), values=values)
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    return ""


def _value(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


def status_lines(ctl: GameCompanion) -> list[str]:
    """``status``: what the table is asked now (in play), else the screen's line."""
    return [ctl.ask()] if ctl.mode == "play" and isinstance(ctl, Asks) else [screen_text(ctl)]


def handle_line(ctl: GameCompanion, line: str) -> str | None:
    """One typed line: CONFIRM, ``status`` (nothing to do here), or a command; the refusal or None."""
    word = " ".join(line.strip().lower().split())
    if word == "status":
        return None
    if word in CONFIRM_WORDS:
        return None if ctl.press("confirm") else ctl.refusal or _("nothing to confirm now")
    try:
        ctl.do(word)
    except TableError as exc:
        return str(exc)
    return None
