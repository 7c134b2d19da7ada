"""The owner's token for the settings page (issue 24): one per box, kept across games.

The settings page (``/o/<token>``, ``settings.py``; so far the language) is opened with this
token; the lid's settings screen is to print it (not built yet: the owner reads the file). It is
separate from the seats' tokens (those are new for each game and end with it): 128 random bits
(``secrets.token_urlsafe(16)``), written once to ``<state dir>/web-owner`` (0600, created with
``O_EXCL``: an existing file is never replaced, a file that is not a token is one clear error)
and read again after every restart. A presented token is compared in constant time
(``hmac.compare_digest``). :class:`OwnerDesk` answers the settings page in the kiosk.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from table import i18n
from table.i18n import _
from table.web.tokens import LONGEST_TOKEN, TOKEN_BYTES

FILE_NAME = "web-owner"
"""The owner's token beside the journal (not in the socket's folder the web server's unit sees)."""
SHAPE = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What a token written by :func:`owner_token` looks like (``token_urlsafe``'s alphabet)."""


class OwnerTokenError(ValueError):
    """The owner's token file is there but holds no token (one line for the owner)."""


def owner_token(state_dir: Path) -> str:
    """The box's owner token: read from ``state_dir``, or made and written (0600) the first time."""
    path = Path(state_dir) / FILE_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return _read(path)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(token + "\n")
        f.flush()
        os.fsync(f.fileno())
    return token


def _read(path: Path) -> str:
    if path.is_symlink() or not path.is_file():
        raise OwnerTokenError(_("{path} is not the owner's token file: remove it to make a new token").format(
            path=path))
    text = path.read_bytes()[:LONGEST_TOKEN + 2].decode("ascii", errors="replace").strip()
    if not SHAPE.fullmatch(text):
        raise OwnerTokenError(_("{path} holds no owner token: remove it to make a new token").format(path=path))
    return text


def is_owner(presented: object, token: str) -> bool:
    """Whether ``presented`` is the owner's token (constant time; anything not a short string is not)."""
    if not isinstance(presented, str) or len(presented) > LONGEST_TOKEN:
        return False
    return hmac.compare_digest(presented.encode(), token.encode())


TOKEN_REFUSED: dict[str, Any] = {"ok": False, "error": "token"}
OPS = ("owner-view", "owner-set")
"""The requests :class:`OwnerDesk` answers in the kiosk (``settings.py`` says what they hold)."""


class OwnerDesk:
    """The kiosk's side of the settings page, for the owner's token ``token``."""

    def __init__(self, token: str) -> None:
        self.token = token

    def handle(self, shell: Any, request: Mapping[str, Any]) -> dict[str, Any]:
        """One owner request (see the module docstring); never raises for bad input."""
        if not is_owner(request.get("token"), self.token):
            return dict(TOKEN_REFUSED)
        if request.get("op") == "owner-set":
            form = request.get("form")
            code = form.get("language") if isinstance(form, dict) else None
            if not isinstance(code, str) or code not in i18n.LANGUAGES:
                return {"ok": False, "error": "refused",
                        "line": _("language: {codes}").format(codes=", ".join(i18n.LANGUAGES))}
            shell.set_language(code)
        return {"ok": True, "view": self.view()}

    def view(self) -> dict[str, Any]:
        return {"language": i18n.current_language(),
                "languages": [[c, i18n.LANGUAGE_NAMES[c]] for c in i18n.LANGUAGES],
                "labels": {"title": _("Settings"), "language": _("Language"), "save": _("Save"),
                           "saved": _("Saved."), "refused": _("Not taken:")}}
