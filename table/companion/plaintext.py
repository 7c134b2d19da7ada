"""The text front end of a game that needs no words of its own there (the registry's part
``text``): a game's ``text.py`` names its ``help_keys`` and takes the rest from here —
``from table.companion.plaintext import handle_line, screen_text, status_lines``.

Every line is a command of the game (``ctl.do``); an empty line, ``ok`` or ``confirm`` is the lid's
CONFIRM button; ``status`` shows what the table is asked (``status_lines``). A refusal is the
returned line, never a traceback (a ``TableError``)."""

from __future__ import annotations

from typing import Any

from table.engine.errors import TableError
from table.i18n import _

CONFIRM_WORDS = ("", "ok", "confirm")
"""The words that press CONFIRM."""


def screen_text(ctl: Any) -> str:
    """The setup screen's line (its setup words and values), the resume offer; "" in play."""
    if ctl.mode == "setup":
        values = ", ".join(f"{word}={_value(getattr(ctl.setup, word))}" for word in ctl.setup_words)
        return _("{game} setup: {values}; confirm starts").format(game=_(ctl.title), values=values)
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    return ""


def _value(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


def status_lines(ctl: Any) -> list[str]:
    """``status``: what the table is asked now (in play), else the screen's line."""
    return [ctl.ask()] if ctl.mode == "play" else [screen_text(ctl)]


def handle_line(ctl: Any, line: str) -> str | None:
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
