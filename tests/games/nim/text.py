"""play --game nim --text: every line a command (``take 2 3`` or ``2 3``), ``undo``, an empty
line confirms; ``status`` shows the heaps."""

from __future__ import annotations

from typing import Any

from table.engine.errors import TableError

WORDS = {"": "confirm", "ok": "confirm", "confirm": "confirm"}


def help_keys() -> str:
    return __doc__ or ""


def screen_text(ctl: Any) -> str:
    if ctl.mode == "setup":
        return f"Nim setup: players {ctl.setup.players}, heaps {list(ctl.setup.heaps)}; confirm starts"
    if ctl.mode == "resume":
        return f"Unfinished game: {ctl.resume_info}"
    return ""


def status_lines(ctl: Any) -> list[str]:
    return [ctl.ask()] if ctl.mode == "play" else [screen_text(ctl)]


def handle_line(ctl: Any, line: str) -> str | None:
    word = " ".join(line.strip().lower().split())
    if word == "status":
        return None
    if word in WORDS:
        return None if ctl.press(WORDS[word]) else ctl.refusal or "nothing to do now"
    try:
        ctl.do(word)
    except TableError as exc:
        return str(exc)
    return None
