"""Tell systemd how the kiosk is doing: the ``sd_notify`` protocol, by hand, on :mod:`socket`.

systemd (``Type=notify``) passes a unix datagram socket in ``$NOTIFY_SOCKET``; the service
sends newline-separated ``KEY=VALUE`` assignments to it, one message per datagram:

- ``READY=1`` once start-up is complete (here: the first frame is on the screen). Until then
  ``systemctl start`` waits, and ``TimeoutStartSec=`` counts.
- ``WATCHDOG=1`` at least every ``WatchdogSec=``; systemd passes that period in
  ``$WATCHDOG_USEC`` (microseconds). A service that stops sending is killed and restarted.
- ``STATUS=...`` a one-line text shown by ``systemctl status``.
- ``STOPPING=1`` when shutting down.

Use::

    notifier = Notifier.from_environ()      # a no-op outside systemd
    ...first frame drawn...
    notifier.ready(status="waiting for players")
    while running:
        ...one frame...
        notifier.watchdog()                 # cheap: sends at most every WATCHDOG_USEC / 2
    notifier.stopping()
    notifier.close()

Reference: sd_notify(3), sd_watchdog_enabled(3), systemd.service(5) (``WatchdogSec=``).
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping
from types import TracebackType

from table.engine.errors import TableError

#: Longest a single send may block, in seconds. systemd reads its notify socket promptly;
#: a full queue must not freeze the kiosk's frame loop for longer than this.
SEND_TIMEOUT_S = 0.5


class NotifyConfigError(TableError):
    """``$NOTIFY_SOCKET``, ``$WATCHDOG_USEC`` or ``$WATCHDOG_PID`` holds a value systemd never sets."""


class NotifierClosedError(TableError):
    """A message was sent after :meth:`Notifier.close`."""


def parse_notify_socket(value: str) -> str | bytes:
    """Turn ``$NOTIFY_SOCKET`` into an ``AF_UNIX`` address for :meth:`socket.socket.sendto`.

    An absolute path stays a path (``str``); ``@name`` names a socket in the abstract namespace
    and becomes ``b"\\0name"`` (``bytes``, so that Python does not pad or truncate it).

    Raises :class:`NotifyConfigError` for anything else (empty, relative, or another transport
    such as ``vsock:``, which a service on a Raspberry Pi is never given).
    """
    if value.startswith("@") and len(value) > 1:
        return b"\0" + os.fsencode(value[1:])
    if value.startswith("/"):
        return value
    raise NotifyConfigError(f"NOTIFY_SOCKET={value!r}: expected an absolute path or an abstract '@name'")


def parse_watchdog(environ: Mapping[str, str], pid: int) -> float | None:
    """The watchdog period in seconds from ``$WATCHDOG_USEC`` (microseconds), or ``None``.

    ``None`` when ``$WATCHDOG_USEC`` is unset, or when ``$WATCHDOG_PID`` is set and is not
    *pid*: the watchdog is then meant for another process (e.g. a wrapper that exec'd us
    through a fork), exactly as sd_watchdog_enabled(3) decides.

    Raises :class:`NotifyConfigError` if either variable is not a positive integer.
    """
    usec_text = environ.get("WATCHDOG_USEC")
    if usec_text is None:
        return None
    try:
        usec = int(usec_text)
    except ValueError:
        raise NotifyConfigError(f"WATCHDOG_USEC={usec_text!r} is not an integer") from None
    if usec <= 0:
        raise NotifyConfigError(f"WATCHDOG_USEC={usec_text!r} must be positive")
    pid_text = environ.get("WATCHDOG_PID")
    if pid_text is not None:
        try:
            watchdog_pid = int(pid_text)
        except ValueError:
            raise NotifyConfigError(f"WATCHDOG_PID={pid_text!r} is not an integer") from None
        if watchdog_pid <= 0:
            raise NotifyConfigError(f"WATCHDOG_PID={pid_text!r} must be positive")
        if watchdog_pid != pid:
            return None
    return usec / 1_000_000


class Notifier:
    """Sends sd_notify messages to one unix datagram socket; does nothing without one.

    *address* is an ``AF_UNIX`` address as returned by :func:`parse_notify_socket`, or ``None``
    for the no-op notifier. *watchdog_interval_s* is the systemd watchdog period in seconds
    (``None``: no watchdog); :meth:`watchdog` pings at most every half of it. *clock* returns
    monotonic seconds and is injected for tests.

    Every send method returns ``True`` if a datagram went out and ``False`` if there was nothing
    to do (no socket, no watchdog, or rate-limited). A send that fails raises :class:`OSError`
    (``ConnectionRefusedError`` or ``FileNotFoundError`` when systemd's socket is gone,
    ``TimeoutError`` after :data:`SEND_TIMEOUT_S`).
    """

    def __init__(
        self,
        address: str | bytes | None,
        *,
        watchdog_interval_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if watchdog_interval_s is not None and watchdog_interval_s <= 0:
            raise ValueError(f"watchdog_interval_s must be positive, got {watchdog_interval_s}")
        self._address = address
        self._watchdog_interval_s = watchdog_interval_s if address is not None else None
        self._clock = clock
        self._last_ping: float | None = None
        self._closed = False
        self._sock: socket.socket | None = None
        if address is not None:
            self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.settimeout(SEND_TIMEOUT_S)

    @classmethod
    def from_environ(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        pid: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> Notifier:
        """Build from ``$NOTIFY_SOCKET``, ``$WATCHDOG_USEC`` and ``$WATCHDOG_PID``.

        *environ* defaults to :data:`os.environ`, *pid* to :func:`os.getpid`. Without
        ``$NOTIFY_SOCKET`` (not started by systemd, or not ``Type=notify``) the result is a
        no-op notifier. Raises :class:`NotifyConfigError` for malformed values.
        """
        env = os.environ if environ is None else environ
        pid = os.getpid() if pid is None else pid
        raw = env.get("NOTIFY_SOCKET")
        if not raw:
            return cls(None, clock=clock)
        return cls(parse_notify_socket(raw), watchdog_interval_s=parse_watchdog(env, pid), clock=clock)

    @property
    def enabled(self) -> bool:
        """True when there is a socket to send to."""
        return self._address is not None

    @property
    def watchdog_interval_s(self) -> float | None:
        """The systemd watchdog period in seconds, or ``None`` when no watchdog applies."""
        return self._watchdog_interval_s

    def ready(self, status: str | None = None) -> bool:
        """Send ``READY=1`` (and ``STATUS=`` with *status*): start-up is complete."""
        fields = ["READY=1"]
        if status is not None:
            fields.append(_status_field(status))
        return self._send(fields)

    def status(self, text: str) -> bool:
        """Send ``STATUS=text``, the one line ``systemctl status`` shows. *text* has no newline."""
        return self._send([_status_field(text)])

    def stopping(self) -> bool:
        """Send ``STOPPING=1``: the kiosk is shutting down."""
        return self._send(["STOPPING=1"])

    def watchdog(self) -> bool:
        """Send ``WATCHDOG=1`` unless one was sent less than half a watchdog period ago.

        Meant to be called every frame. Returns ``True`` only when a ping went out.
        """
        self._check_open()
        if self._watchdog_interval_s is None:
            return False
        now = self._clock()
        if self._last_ping is not None and now - self._last_ping < self._watchdog_interval_s / 2:
            return False
        sent = self._send(["WATCHDOG=1"])
        self._last_ping = now
        return sent

    def close(self) -> None:
        """Close the socket. Calling it again does nothing; sending afterwards raises."""
        if self._closed:
            return
        self._closed = True
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise NotifierClosedError("Notifier is closed")

    def _send(self, fields: list[str]) -> bool:
        self._check_open()
        if self._sock is None or self._address is None:
            return False
        message = "\n".join(fields).encode("utf-8")
        self._sock.sendto(message, self._address)
        return True


def _status_field(text: str) -> str:
    if "\n" in text:
        raise ValueError("a STATUS= text must be a single line")
    return f"STATUS={text}"
