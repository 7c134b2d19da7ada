"""The result's short link (issue 33, 7): ``http://<the lid's phone address>/r/<token>``, which the
web server answers with a 303 to the play's BG Stats import link.

BG Stats' import link of a play of two seats is 506 bytes or more: on the 3.5" 480×320 screen its
code would need modules under 4 px (``table/display/qr_page.py``). With ``play --web`` the lid's
QR page draws instead the code of a short link (about 34 bytes: a version 3 code, 8 px modules
there) to the lid's own web server, which asks the kiosk for the link behind the token (op
``result``, :meth:`ResultLinks.answer`) and redirects the phone to BG Stats.

**The token** is ``secrets.token_urlsafe(7)`` (10 characters, 56 bits), one per link, made when
the QR page first draws that link's code and kept **in memory only** while the page shows it and
:data:`KEPT_S` seconds after it last did (every frame that draws the code keeps it); at most
:data:`MOST` tokens are kept (the oldest goes first). A wrong or expired token is the web server's
usual refusal (403, a counted guess: ``guard.Guesses``); at 10 guesses a minute per address, 56
bits are never found while a token lives. What a token opens is only the redirect to a link the
lid showed anyway; no page with the players' names is served.

Wiring: the door holds a :class:`ResultLinks` (``door.results``) and answers op ``result`` with
it; ``play --web`` gives the shell ``ctl.result_link`` (:class:`ShortQR`, at ``kiosk.site_address``),
which the QR page calls with the play's link and draws the code it returns.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from table.history.rows import ResultQR
from table.history.statsexport import LINK, matrix_text, qr_matrix

KEPT_S = 600.0
"""Seconds a token still opens its link after the QR page last drew it."""
MOST = 16
"""Tokens kept at once (each a finished game's result shown on the lid)."""
TOKEN_BYTES = 7
"""Random bytes in a token (``token_urlsafe``: 10 characters)."""
PATH = "/r/"
"""The web server's address of a short link, before its token (``app.py``)."""


class ResultLinks:
    """The kiosk's short-link tokens: token → (BG Stats link, when last shown; ``clock`` seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, kept_s: float = KEPT_S) -> None:
        self.clock = clock
        self.kept_s = kept_s
        self._by_link: OrderedDict[str, tuple[str, float]] = OrderedDict()
        """link → (token, last shown), the most recently shown last."""

    def _drop_old(self) -> None:
        now = self.clock()
        for link, (_token, at) in list(self._by_link.items()):
            if now - at > self.kept_s:
                del self._by_link[link]

    def token(self, link: str) -> str:
        """The token of ``link`` (a BG Stats import link), made on first use; showing it again keeps
        it :data:`KEPT_S` longer."""
        if not link.startswith(LINK):
            raise ValueError("not a BG Stats import link")
        self._drop_old()
        token = self._by_link[link][0] if link in self._by_link else secrets.token_urlsafe(TOKEN_BYTES)
        self._by_link[link] = (token, self.clock())
        self._by_link.move_to_end(link)
        while len(self._by_link) > MOST:
            self._by_link.popitem(last=False)
        return token

    def link(self, token: Any) -> str | None:
        """The link ``token`` opens now, or None (unknown, expired, not a string); compared in
        constant time with every live token."""
        self._drop_old()
        if not isinstance(token, str) or not token.isascii() or len(token) > 64:
            return None
        found = None
        for link, (mine, _at) in self._by_link.items():
            if hmac.compare_digest(mine.encode(), token.encode()):
                found = link
        return found

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Op ``result``: ``{"ok": true, "link": L}`` for a live token, else the door's refusal of a
        wrong token (``{"ok": false, "error": "token"}``)."""
        link = self.link(request.get("token"))
        return {"ok": True, "link": link} if link is not None else {"ok": False, "error": "token"}


class ShortQR:
    """``ctl.result_link`` with ``play --web``: the short link's code for a BG Stats link, as a
    :class:`ResultQR` (its ``link`` the short address ``<address>/r/<token>``); the matrix is
    made once per token (segno is pure Python; the page draws every frame)."""

    def __init__(self, links: ResultLinks, address: str) -> None:
        self.links = links
        self.address = address
        self._made: tuple[str, ResultQR] | None = None

    def __call__(self, link: str, gid: int | None = None) -> ResultQR:
        short = self.address + PATH + self.links.token(link)
        if self._made is None or self._made[0] != short:
            rows = qr_matrix(short.encode())
            self._made = (short, ResultQR(gid, tuple(tuple(r) for r in rows), matrix_text(rows), len(short),
                                          link=short))
        return self._made[1]
