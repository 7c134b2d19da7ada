"""The web server on a crowded or hostile Wi-Fi: nobody on it can lock the table's phones out.

uvicorn (h11) times out only a keep-alive connection between two requests: a connection that
opens and sends nothing, or half a request head, is held for ever, and its ``limit_concurrency``
counts those too — 63 idle connections made every page answer 503 (issue 34). So the server runs
:class:`GuardedH11`, uvicorn's own h11 protocol with two rules of its own:

- **A request head in :data:`REQUEST_S` seconds**: from the moment a connection opens, or a
  kept-alive one begins its next request, the whole head (request line and headers, at most
  :data:`MAX_HEAD` bytes: h11's bound) must have come, else the connection is closed. The
  body is timed by the app's guard (``guard.BODY_S``); between requests uvicorn's keep-alive
  timeout (:data:`KEEP_ALIVE_S`) closes an idle connection.
- **At most :data:`CONNECTIONS_PER_ADDRESS` connections per client address** (a phone's
  browser opens up to six): one more is closed at once, before it costs anything.

The event streams are limited in the app (``app.StreamLimits``: per address, and the spectators'
share), so the seats always get theirs. :func:`server_config` is the whole uvicorn setting
(``serve.py``; the tests run the same). Measured in ``docs/web.md`` ("The Wi-Fi cannot lock the
table out").
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_S = 4.0
"""Seconds a connection has to send a whole request head (from its opening or its last answer)."""
KEEP_ALIVE_S = 5
"""Seconds an idle kept-alive connection stays open between two requests (uvicorn's own timeout)."""
MAX_HEAD = 8192
"""Bytes of a request head (h11's bound on an incomplete event: a longer one is 400)."""
CONNECTIONS_PER_ADDRESS = 16
"""Open connections one client address may hold (a phone's page needs two or three)."""
CONCURRENCY = 256
"""uvicorn's bound on open connections and running requests in all (a 503 past it)."""


class Doorman:
    """Open connections per client address (one per server, shared by its connections)."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self.open: Counter[str] = Counter()
        self.refused = 0
        """Connections closed at once for their address's bound (for the measurements)."""
        self.timed_out = 0
        """Connections closed for a request head that did not come in time."""

    def admit(self, address: str) -> bool:
        if self.open[address] >= self.per_address:
            self.refused += 1
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the request-head timeout and the per-address bound (see the
    module docstring); made per server by :func:`protocol_for`."""

    doorman: Doorman
    request_s: float = REQUEST_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._waiting: asyncio.TimerHandle | None = None
        self._address = self.client[0] if self.client else "?"
        self._admitted = self.doorman.admit(self._address)
        if not self._admitted:
            transport.close()
            return
        self._arm()

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
        self._waiting = self.loop.call_later(self.request_s, self._too_slow)

    def _disarm(self) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None

    def _too_slow(self) -> None:
        self._waiting = None
        if self._between_requests() and not self.transport.is_closing():
            self.doorman.timed_out += 1
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if not self._admitted:
            return
        if self._waiting is None and self._between_requests():
            self._arm()  # a kept-alive connection begins its next request: its head is timed
        super().data_received(data)
        if not self._between_requests():
            self._disarm()  # the head has come: the app (and its guard) take it from here

    def on_response_complete(self) -> None:
        super().on_response_complete()  # uvicorn's keep-alive timeout runs until the next request

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._admitted:
            self._admitted = False
            self.doorman.release(self._address)
        super().connection_lost(exc)


def protocol_for(doorman: Doorman, request_s: float = REQUEST_S) -> type[GuardedH11]:
    """The protocol class of one server, bound to its :class:`Doorman`."""
    return type("GuardedH11", (GuardedH11,), {"doorman": doorman, "request_s": request_s})


def server_config(app: Any, host: str, port: int, doorman: Doorman | None = None, **more: Any) -> Any:
    """The uvicorn ``Config`` of the phones' server: the guarded protocol, the bounds above, no
    access log (the tokens are in the addresses), nothing uvicorn adds of its own."""
    import uvicorn

    settings: dict[str, Any] = dict(
        host=host, port=port, http=protocol_for(doorman or Doorman()), loop="asyncio", ws="none",
        lifespan="off", log_level="warning", access_log=False, proxy_headers=False, server_header=False,
        date_header=False, limit_concurrency=CONCURRENCY, timeout_keep_alive=KEEP_ALIVE_S,
        h11_max_incomplete_event_size=MAX_HEAD)
    settings.update(more)
    return uvicorn.Config(app, **settings)
