"""The owner's code for the settings page (issue 24; issue 34: :class:`OwnerCode`, new each time the
lid shows it, good for a while, ended when a game begins).

*Issue 24's token* (below, :func:`owner_token`): one per box, kept across games in a file; ``play
--web`` no longer uses it (a photo of the lid opened the settings for good), only the tests'
fixed tokens do.

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
import time
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


class FixedPage:
    """A fixed owner's page ``link`` (the tests' lid screens; ``play --web`` gives the lid an
    :class:`OwnerCode`): the same address, shown or not (``protocol.OwnerPage``)."""

    def __init__(self, link: str) -> None:
        self.link = link

    def __call__(self) -> str:
        return self.link

    def show(self) -> str:
        return self.link


def owner_page(address: str, token: str) -> FixedPage:
    """A fixed owner's page at ``address`` (``http://host:port``) for ``token``."""
    return FixedPage(f"{address}/o/{token}")


LIFE_S = 900.0
"""Seconds an owner's code opens the settings page after the lid showed it (15 minutes)."""


class OwnerCode:
    """The owner's code of ``play --web`` (issue 34): **shown only after an action at the lid** —
    the setup screen's help page ▸ **Settings** —, **new each time** that screen opens
    (:meth:`show`, called by the display app; the code before it opens nothing any more), good for
    :data:`LIFE_S` seconds, and **ended when the lid says so**: a game begins (:meth:`end`, from
    the door). The export and the settings need the current code. Called (``ctl.owner_page()``) it
    is the settings page's address with the current code (a new one when none is current: the help
    page asks whether there is a settings page at all, and only the Settings screen shows it).
    ``clock`` in seconds, injectable."""

    def __init__(self, address: str, life_s: float = LIFE_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.address = address
        self.life_s = life_s
        self.clock = clock
        self._token: str | None = None
        self._until = float("-inf")

    def show(self) -> str:
        """A new code (the last one ends), good for :data:`LIFE_S`; the page's address with it."""
        self._token = secrets.token_urlsafe(TOKEN_BYTES)
        self._until = self.clock() + self.life_s
        return f"{self.address}/o/{self._token}"

    def end(self) -> None:
        """The lid says so: no code opens the settings page until the screen shows a new one."""
        self._token = None

    def current(self) -> str | None:
        """The code that opens the settings page now, None when none does."""
        return self._token if self._token is not None and self.clock() < self._until else None

    def __call__(self) -> str:
        token = self.current()
        return f"{self.address}/o/{token}" if token is not None else self.show()


TOKEN_REFUSED: dict[str, Any] = {"ok": False, "error": "token"}
OPS = ("owner-view", "owner-set", "owner-export")
"""The requests :class:`OwnerDesk` answers in the kiosk (``settings.py`` says what they hold)."""


class OwnerDesk:
    """The kiosk's side of the settings page, for the owner's token ``token``; ``state_dir``: where
    the kept settings and the history are (None: the language only)."""

    def __init__(self, token: str | OwnerCode, state_dir: Path | None = None) -> None:
        """``token``: the owner's code of the moment (:class:`OwnerCode`, ``play --web``) or a fixed one."""
        self.code = token if isinstance(token, OwnerCode) else None
        self.token = token if isinstance(token, str) else None
        self.state_dir = None if state_dir is None else Path(state_dir)
        self.exports = Exports(self.state_dir)

    def handle(self, shell: TableShell, request: Mapping[str, Any]) -> dict[str, Any]:
        """One owner request (see the module docstring); never raises for bad input. Only the
        current code opens anything (an old, ended or expired one is refused as any wrong token)."""
        expected = self.code.current() if self.code is not None else self.token
        if expected is None or not is_owner(request.get("token"), expected):
            return dict(TOKEN_REFUSED)
        if request.get("op") == "owner-export":
            return self.exports.answer(shell, request)
        if request.get("op") == "owner-set":
            form = request.get("form")
            refused = owner_form.apply(shell, self.state_dir, form if isinstance(form, dict) else {"language": None})
            if refused is not None:
                return {"ok": False, "error": "refused", "line": refused}
        return {"ok": True, "view": owner_form.view(shell, self.state_dir)}
