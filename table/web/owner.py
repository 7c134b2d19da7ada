"""The owner's token for the settings page (issue 24): one per box, kept across games.

The settings page (not built yet: ``docs/web.md``, "Not done yet") is opened with this token,
which the lid's settings screen is to print. It is separate from the seats' tokens (those are new
for each game and end with it): 128 random bits (``secrets.token_urlsafe(16)``), written once to
``<state dir>/web-owner`` (0600, created with ``O_EXCL``: an existing file is never replaced, a
file that is not a token is one clear error) and read again after every restart. A presented
token is compared in constant time (``hmac.compare_digest``).
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from pathlib import Path

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
