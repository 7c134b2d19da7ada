"""The owner's token for the settings page (issue 24): one per box, kept across games.

The settings page (``/o/<token>``, ``settings.py``: the language, the screen's hours, the demo's
games, the names list, the history's export) is opened with this token; the lid's settings screen
prints it (``table/display/owner_view.py``, reached from the setup screen's help page). It is
separate from the seats' tokens (those are new for each game and end with it): 128 random bits
(``secrets.token_urlsafe(16)``), written once to ``<state dir>/web-owner`` (0600, created with
``O_EXCL``: an existing file is never replaced, a file that is not a token is one clear error)
and read again after every restart. A presented token is compared in constant time
(``hmac.compare_digest``). :class:`OwnerDesk` answers the settings page in the kiosk (``owner_form.py``: the form;
``exports.py``: the export in pieces).
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from table.companion.protocol import TableShell
from table.engine.errors import TableError
from table.i18n import _
from table.web import owner_form
from table.web.exports import Exports
from table.web.tokens import LONGEST_TOKEN, TOKEN_BYTES

FILE_NAME = "web-owner"
"""The owner's token beside the journal (not in the socket's folder the web server's unit sees)."""
SHAPE = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What a token written by :func:`owner_token` looks like (``token_urlsafe``'s alphabet)."""


class OwnerTokenError(TableError):
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


def owner_page(address: str, token: str) -> Callable[[], str]:
    """What the lid's settings screen shows (``ctl.owner_page()``): the page's address at ``address``
    (``http://host:port``, ``kiosk.site_address``)."""
    link = f"{address}/o/{token}"
    return lambda: link


TOKEN_REFUSED: dict[str, Any] = {"ok": False, "error": "token"}
OPS = ("owner-view", "owner-set", "owner-export")
"""The requests :class:`OwnerDesk` answers in the kiosk (``settings.py`` says what they hold)."""


class OwnerDesk:
    """The kiosk's side of the settings page, for the owner's token ``token``; ``state_dir``: where
    the kept settings and the history are (None: the language only)."""

    def __init__(self, token: str, state_dir: Path | None = None) -> None:
        self.token = token
        self.state_dir = None if state_dir is None else Path(state_dir)
        self.exports = Exports(self.state_dir)

    def handle(self, shell: TableShell, request: Mapping[str, Any]) -> dict[str, Any]:
        """One owner request (see the module docstring); never raises for bad input."""
        if not is_owner(request.get("token"), self.token):
            return dict(TOKEN_REFUSED)
        if request.get("op") == "owner-export":
            return self.exports.answer(shell, request)
        if request.get("op") == "owner-set":
            form = request.get("form")
            refused = owner_form.apply(shell, self.state_dir, form if isinstance(form, dict) else {"language": None})
            if refused is not None:
                return {"ok": False, "error": "refused", "line": refused}
        return {"ok": True, "view": owner_form.view(shell, self.state_dir)}
