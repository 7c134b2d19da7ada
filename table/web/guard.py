"""The web server's safety rules, as one ASGI middleware and a guess counter.

- **Bodies bounded**: a request body over :data:`MAX_BODY` bytes is answered 413 before the app
  reads it (a ``Content-Length`` over the bound, or a streamed body that grows past it); a body
  that has not come whole in :data:`BODY_S` seconds is 408 (the head is timed by ``wifi.py``).
- **Host checked** (when the server names its own): a request for another host name is 400
  (a page elsewhere whose name was pointed at the box, "DNS rebinding", reads nothing).
- **Origin checked**: a request that may change something (anything but GET and HEAD) must
  carry an ``Origin`` equal to the page's own (``http://`` + its ``Host``); otherwise 403.
- **Headers**: a strict content security policy (nothing but this server's own files), no
  referrer (the token is in the page's address), no framing, no caching, no sniffing.
- :class:`Guesses`: wrong tokens counted per client address; past :data:`GUESSES` in
  :data:`GUESS_WINDOW_S` seconds that address is answered 429 on every token address.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

MAX_BODY = 2048
"""Bytes of a request body (a seat's choice is a few dozen)."""
BODY_S = 4.0
"""Seconds a request's body may take to come whole (after its head; 408 past it)."""
GUESSES = 10
"""Wrong tokens one address may present in :data:`GUESS_WINDOW_S` before it is refused."""
GUESS_WINDOW_S = 60.0
"""The window of the guess count (seconds)."""
ADDRESSES_KEPT = 1024
"""Client addresses the guess count remembers at most (the oldest is forgotten first)."""

HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                                 b"base-uri 'none'; form-action 'self'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]
"""Added to every answer."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guesses:
    """Wrong tokens per client address in a sliding window (``clock`` in seconds, injectable)."""

    def __init__(self, limit: int = GUESSES, window_s: float = GUESS_WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window_s = window_s
        self.clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, address: str) -> deque[float]:
        times = self._wrong.get(address)
        if times is None:
            return deque()
        now = self.clock()
        while times and now - times[0] > self.window_s:
            times.popleft()
        return times

    def blocked(self, address: str) -> bool:
        return len(self._recent(address)) >= self.limit

    def retry_after(self, address: str) -> int:
        """Whole seconds until ``address`` may try again (its oldest guess in the window leaves it)."""
        times = self._recent(address)
        if len(times) < self.limit:
            return 0
        return max(1, math.floor(self.window_s - (self.clock() - times[0])) + 1)  # past the window's edge

    def wrong(self, address: str) -> None:
        times = self._recent(address)
        times.append(self.clock())
        self._wrong[address] = times
        self._wrong.move_to_end(address)
        while len(self._wrong) > ADDRESSES_KEPT:
            self._wrong.popitem(last=False)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


async def _refuse(send: Send, status: int, error: str) -> None:
    body = json.dumps({"ok": False, "error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *HEADERS]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The ASGI middleware of the module docstring around ``app``."""

    def __init__(self, app: App, max_body: int = MAX_BODY, hosts: frozenset[str] | None = None,
                 body_s: float = BODY_S) -> None:
        """``hosts``: the ``Host`` values this server answers (None: any, as in the tests)."""
        self.app = app
        self.max_body = max_body
        self.hosts = hosts
        self.body_s = body_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if self.hosts is not None and (host or "").lower() not in self.hosts:
            await _refuse(send, 400, "host")
            return
        changing = scope["method"] not in ("GET", "HEAD")
        if changing and (host is None or _header(scope, b"origin") != f"http://{host}"):
            await _refuse(send, 403, "origin")
            return
        length = _header(scope, b"content-length")
        if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > self.max_body):
            await _refuse(send, 413, "too-large")
            return
        body = b""
        more = scope["method"] not in ("GET", "HEAD")
        deadline = time.monotonic() + self.body_s
        while more:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                await _refuse(send, 408, "too-slow")  # a half-sent body holds no connection for long
                return
            body += message.get("body", b"")
            if len(body) > self.max_body:
                await _refuse(send, 413, "too-large")
                return
            more = message.get("more_body", False)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # the disconnect, for a streamed answer

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, replay, send_with_headers)
