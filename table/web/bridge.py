"""The kiosk's Unix socket for the web server: requests queued for the kiosk's main thread.

:class:`Bridge` listens on ``<state dir>/web/bridge.sock`` (the directory 0750, the socket
0660: the web server's unit sees only this directory of the state dir). One request per
connection: a JSON object on one line of at most :data:`MAX_REQUEST` bytes, answered by one JSON
line. A listener thread per connection puts the request in a queue and waits; the kiosk calls
:meth:`Bridge.pump` every frame (``play --web`` wraps the hardware's per-frame ``follow``), which
answers every queued request with the :class:`~table.web.door.Door` on the main thread, so
the shell is never touched from two threads. ``{"op": "version"}`` is answered at once from
the last frame's figure (the web server's update streams ask it often).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import socketserver
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.web.door import Door

MAX_REQUEST = 8192
"""Bytes of one request line; a longer one is answered ``too-long`` and dropped."""
WAIT_S = 3.0
"""How long a request waits for the kiosk's next frame before it is answered ``busy`` (seconds)."""
READ_S = 5.0
"""Seconds a connection to the socket has to send its request line (then it is closed: 200 idle
connections no longer hold 200 threads). The web server sends its line at once."""
SOCKET_NAME = "bridge.sock"
LOG_EVERY_S = 10.0
"""A failure of the phones' side is logged at most once per kind in this many seconds (seconds)."""
FAILED: dict[str, Any] = {"ok": False, "error": "busy"}
"""The answer to a request the door failed on (logged once per kind; the kiosk plays on)."""

log = logging.getLogger("applejack.web")


def socket_path(state_dir: Path) -> Path:
    """Where the kiosk's socket lives in the state directory."""
    return Path(state_dir) / "web" / SOCKET_NAME


class _Pending:
    """One request waiting for the main thread's answer."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.request = request
        self.answer: dict[str, Any] | None = None
        self.done = threading.Event()


class _Handler(socketserver.StreamRequestHandler):
    server: _Server
    timeout = READ_S  # the socket's timeout: a connection that sends no whole line is let go

    def handle(self) -> None:
        with contextlib.suppress(OSError):  # the web server gave up (timed out, closed, restarted)
            self._answer()

    def _answer(self) -> None:
        line = self.rfile.readline(MAX_REQUEST + 1)
        if len(line) > MAX_REQUEST:
            self._send({"ok": False, "error": "too-long"})
            return
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            self._send({"ok": False, "error": "bad-request"})
            return
        self._send(self.server.bridge.ask(request))

    def _send(self, answer: dict[str, Any]) -> None:
        self.wfile.write(json.dumps(answer, ensure_ascii=False).encode() + b"\n")


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    request_queue_size = 128  # socketserver's 5 refuses the 6th phone's stream opening at the same moment
    bridge: Bridge

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed is one debug line, never socketserver's traceback on the kiosk's
        output (the handler lets a closed or timed-out connection go quietly already)."""
        log.debug("phones: a connection to the kiosk's socket failed", exc_info=False)


class Bridge:
    """The socket, its queue and the door (see the module docstring)."""

    def __init__(self, door: Door, path: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.door = door
        self.path = Path(path)
        self.requests: queue.Queue[_Pending] = queue.Queue()
        self._version: list[int] = door.version()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.clock = clock
        self._failed: dict[str, tuple[float, int]] = {}
        """Per kind of failure: when it was last logged, and how many since were not."""

    def start(self) -> None:
        """Listen (a stale socket file of an earlier run is replaced; any other file is refused)."""
        self.path.parent.mkdir(mode=0o750, parents=True, exist_ok=True)
        if self.path.is_symlink() or (self.path.exists() and not stat.S_ISSOCK(self.path.lstat().st_mode)):
            raise OSError(f"{self.path} exists and is not a socket: not replaced")
        if self.path.exists():
            self.path.unlink()
        server = _Server(str(self.path), _Handler)
        os.chmod(self.path, 0o660)
        server.bridge = self
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name="web-bridge", daemon=True)
        self._thread.start()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """A listener thread's request: the version at once, anything else on the next frame."""
        if request.get("op") == "version":
            return {"ok": True, "version": list(self._version)}
        pending = _Pending(request)
        self.requests.put(pending)
        if not pending.done.wait(WAIT_S) or pending.answer is None:
            return {"ok": False, "error": "busy"}
        return pending.answer

    def pump(self) -> int:
        """On the kiosk's main thread, once a frame: follow the game, answer what waits; how many."""
        self._guarded("follow", self.door.follow)
        n = 0
        while True:
            try:
                pending = self.requests.get_nowait()
            except queue.Empty:
                break
            answer = self._guarded("request", lambda p=pending: self.door.handle(p.request))
            pending.answer = answer if isinstance(answer, dict) else dict(FAILED)
            pending.done.set()
            n += 1
        self._version = self.door.version()
        return n

    def _guarded(self, kind: str, job: Any) -> Any:
        """``job()``; a failure of the phones' side is one log line (never a traceback: the kiosk's
        output is the table's) and never stops the kiosk: the lid plays on, the phone is answered
        ``busy``. Every failure is logged, at most one line per kind every :data:`LOG_EVERY_S`
        seconds (the next line counts those not written)."""
        try:
            return job()
        except Exception as exc:
            now = self.clock()
            last, quiet = self._failed.get(kind, (float("-inf"), 0))
            if now - last < LOG_EVERY_S:
                self._failed[kind] = (last, quiet + 1)
                return None
            self._failed[kind] = (now, 0)
            where = exc.__traceback__
            while where is not None and where.tb_next is not None:
                where = where.tb_next
            at = f"{where.tb_frame.f_code.co_filename.rsplit('/', 1)[-1]}:{where.tb_lineno}" if where else "?"
            log.error("phones: the %s failed: %s: %s (%s)%s; the lid plays on", kind, type(exc).__name__,
                      str(exc)[:120], at, f" ({quiet} more not logged)" if quiet else "")
            return None

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
