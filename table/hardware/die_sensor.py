"""The die-position sensor driver: serial link, reconnects, settle window -> events.

::

    events = panel.events                         # the one queue the app reads
    with DieSensor("/dev/serial0", events, allowed=lambda s: s in legal) as sensor:
        ...                                        # DieReading / SensorStatus arrive in `events`

The port is opened with ``serial.serial_for_url``, so a device path (``/dev/ttyACM0``,
``/dev/serial/by-id/...``, ``/dev/serial0`` for the Pi's UART on BCM 14/15), a pty,
``loop://`` and ``socket://host:port`` all work. A supervised reader thread owns the link:
when the port fails (unplugged, socket closed, no valid frame for ``silence_s``) it reports
``SensorStatus("disconnected")``, then retries with exponential back-off (``backoff_initial_s``
doubling up to ``backoff_max_s``), reporting ``"reconnecting"`` before each wait, and
``"connected"`` once the port is open again. Nothing in the link can end the thread but
:meth:`DieSensor.close`.

Where the die is, is decided by :class:`DieSettler` (pure, clock passed in): see
``docs/die-sensor-protocol.md``.
"""

from __future__ import annotations

import importlib.util
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import serial

from table.hardware.die_protocol import Change, Frame, FrameParser, Hello, Request, Snapshot, encode
from table.hardware.errors import HardwareError, HardwareSettingError
from table.hardware.events import DieReading, SensorStatus

log = logging.getLogger(__name__)

DEFAULT_BAUDRATE = 115200
RESYNC_S = 0.5
"""After a rejected line, ask for a snapshot, at most once per this many seconds."""
BACKOFF_INITIAL_S = 0.1
BACKOFF_MAX_S = 0.5
"""Longest wait between two attempts to reopen the port: a board plugged back in is read again
within this (plus the time to open it), however long it was away. Trying to open a missing
device twice a second costs nothing measurable; ``bench/bench_reconnect.py`` measures it."""


class DieSensorUrlError(HardwareError, ValueError):
    """The port URL names a scheme pyserial does not know (a typo such as ``sockt://``)."""


class DieSensorClosedError(HardwareError, RuntimeError):
    """:meth:`DieSensor.start` was called after :meth:`DieSensor.close`."""


class DieSettler:
    """Turns snapshots and changes into settled die readings. Pure: time comes in as ``t`` (s).

    The occupancy picture must stand still ``settle_s`` seconds before it is judged. Exactly one
    occupied space, within 1..N (N from HELLO) and allowed by ``allowed(space)``, gives a
    :class:`DieReading`, once per resting place; none occupied is "lifted", two or more
    "ambiguous" — neither is a reading.
    """

    def __init__(self, settle_s: float = 0.3, allowed: Callable[[int], bool] | None = None) -> None:
        if settle_s < 0:
            raise HardwareSettingError(f"settle_s must be >= 0, got {settle_s}")
        self.settle_s = settle_s
        self.allowed = allowed
        self.spaces: int | None = None
        self.occupied: frozenset[int] | None = None
        """The current picture, None until the first snapshot of a connection."""
        self.state = "unknown"
        """"unknown", "moving", "lifted", "ambiguous", "rejected" or "settled"."""
        self.last_reading: int | None = None
        self.rejected = 0
        """Settled single spaces that were outside 1..N or not allowed."""
        self._changed_at = 0.0
        self._decided = True

    def new_link(self) -> None:
        """A new connection: the picture is unknown until its first snapshot."""
        self.occupied = None
        self.spaces = None
        self.state = "unknown"
        self._decided = True

    def hello(self, frame: Hello) -> None:
        self.spaces = frame.spaces

    def apply(self, frame: Snapshot | Change, t: float) -> bool:
        """Take a frame seen at ``t``; return False for a change that came before any snapshot."""
        if isinstance(frame, Snapshot):
            new = frozenset(frame.occupied_spaces)
        elif self.occupied is None:
            return False
        elif frame.occupied:
            new = self.occupied | {frame.space}
        else:
            new = self.occupied - {frame.space}
        if new != self.occupied:
            self.occupied = new
            self._changed_at = t
            self._decided = False
            self.state = "moving"
        return True

    def tick(self, t: float) -> DieReading | None:
        """Judge the picture if it has stood still long enough; a reading at most once per rest."""
        if self._decided or self.occupied is None or t - self._changed_at < self.settle_s:
            return None
        self._decided = True
        if not self.occupied:
            self.state = "lifted"
            self.last_reading = None
            return None
        if len(self.occupied) > 1:
            self.state = "ambiguous"
            return None
        (space,) = self.occupied
        if not self._is_allowed(space):
            self.state = "rejected"
            self.rejected += 1
            return None
        self.state = "settled"
        if space == self.last_reading:
            return None
        self.last_reading = space
        return DieReading(space, t)

    def _is_allowed(self, space: int) -> bool:
        if self.spaces is not None and not 1 <= space <= self.spaces:
            return False
        if self.allowed is None:
            return True
        try:
            return bool(self.allowed(space))
        except Exception:  # the consumer's predicate failed: not a reading, and not our crash
            log.exception("die sensor: allowed(%d) raised; reading dropped", space)
            return False


def check_url(url: str) -> str:
    """Return ``url`` if pyserial can open that kind of port; raise :class:`DieSensorUrlError`."""
    if "://" in url:
        scheme = url.split("://", 1)[0]
        handler = f"serial.urlhandler.protocol_{scheme}"
        if not scheme.isidentifier() or importlib.util.find_spec(handler) is None:
            raise DieSensorUrlError(
                f"unknown port URL scheme {scheme!r} in {url!r}; use a device path, "
                "loop://, socket://HOST:PORT or another pyserial URL"
            )
    elif not url:
        raise DieSensorUrlError("empty die sensor port")
    return url


class DieSensor:
    """The die-position sensor on ``url``; puts DieReading and SensorStatus events in ``events``.

    ``events``: the queue shared with the panel (created if None). ``clock``: seconds, monotonic.
    ``settle_s``: seconds the picture must stand still. ``allowed``: predicate on space numbers
    (may be replaced at any time via ``sensor.settler.allowed``). ``on_frame``: called in the
    reader thread with every valid frame (for ``hw-test``; exceptions are logged, not raised).
    ``start``: begin reading at once (else call :meth:`start`).
    """

    def __init__(
        self,
        url: str,
        events: queue.Queue[Any] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        settle_s: float = 0.3,
        allowed: Callable[[int], bool] | None = None,
        baudrate: int = DEFAULT_BAUDRATE,
        backoff_initial_s: float = BACKOFF_INITIAL_S,
        backoff_max_s: float = BACKOFF_MAX_S,
        silence_s: float | None = 5.0,
        read_timeout_s: float = 0.05,
        on_frame: Callable[[Frame], None] | None = None,
        open_port: Callable[..., Any] = serial.serial_for_url,
        start: bool = True,
    ) -> None:
        if not 0 < backoff_initial_s <= backoff_max_s:
            raise HardwareSettingError(
                f"need 0 < backoff_initial_s <= backoff_max_s, got {backoff_initial_s}, {backoff_max_s}"
            )
        self.url = check_url(url)
        self.events: queue.Queue[Any] = queue.Queue() if events is None else events
        self.clock = clock
        self.settler = DieSettler(settle_s, allowed)
        self.parser = FrameParser()
        self.baudrate = baudrate
        self.backoff_initial_s = backoff_initial_s
        self.backoff_max_s = backoff_max_s
        self.silence_s = silence_s
        self.read_timeout_s = read_timeout_s
        self.on_frame = on_frame
        self._open_port = open_port
        self.hello: Hello | None = None
        self.status = "disconnected"
        self.connects = 0
        """How many times the port has been opened."""
        self._port: Any = None
        self._port_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False
        if start:
            self.start()

    # -- life cycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the reader thread (done by the constructor unless ``start=False``)."""
        if self._closed:
            raise DieSensorClosedError("die sensor is closed")
        if self._thread is None:
            self._thread = threading.Thread(target=self._supervise, name="die-sensor", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop the reader thread and close the port. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._close_port()

    def __enter__(self) -> DieSensor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connected(self) -> bool:
        return self.status == "connected"

    # -- host -> board ------------------------------------------------------------------------
    def request_snapshot(self) -> bool:
        """Ask the board for a full snapshot now; False if there is no open link."""
        return self._send(Request("SNAP"))

    def _send(self, frame: Request) -> bool:
        with self._port_lock:
            port = self._port
            if port is None:
                return False
            try:  # old firmware understands only the XOR form: use it until the board speaks CRC
                port.write(encode(frame, legacy=not self.parser.crc_seen))
                return True
            except (serial.SerialException, OSError) as exc:
                log.debug("die sensor: write failed: %s", exc)
                return False

    # -- the reader thread --------------------------------------------------------------------
    def _report(self, state: str, detail: str) -> None:
        self.status = state
        self.events.put(SensorStatus(state, detail, self.clock()))

    def _close_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:  # closing a port that is already gone
                log.debug("die sensor: close failed", exc_info=True)

    def _supervise(self) -> None:
        backoff = self.backoff_initial_s
        attempt = 0
        while not self._stop.is_set():
            try:
                port = self._open_port(
                    self.url, baudrate=self.baudrate, timeout=self.read_timeout_s, write_timeout=0.5
                )
            except Exception as exc:  # SerialException, OSError, ValueError from a bad device
                attempt += 1
                if attempt == 1 and self.status != "disconnected":
                    self._report("disconnected", f"{self.url}: {exc}")
                self._report(
                    "reconnecting", f"{self.url}: attempt {attempt} failed ({exc}); retry in {backoff:g} s"
                )
                if self._stop.wait(backoff):
                    break
                backoff = min(backoff * 2, self.backoff_max_s)
                continue
            attempt = 0
            backoff = self.backoff_initial_s
            with self._port_lock:
                self._port = port
            self.connects += 1
            self.parser.reset()
            self.settler.new_link()
            self.hello = None
            self._report("connected", self.url)
            self._send(Request("HELLO"))
            self._send(Request("SNAP"))
            try:
                reason = self._pump(port)
            except Exception as exc:  # a bug or a surprise from the port: drop the link, not the thread
                log.exception("die sensor: reader failed")
                reason = f"reader failed: {type(exc).__name__}: {exc}"
            self._close_port()
            if reason is not None:
                self._report("disconnected", f"{self.url}: {reason}")
                attempt = 1
                self._report("reconnecting", f"{self.url}: retry in {backoff:g} s")
                if self._stop.wait(backoff):
                    break
                backoff = min(backoff * 2, self.backoff_max_s)
        if self.status != "disconnected":
            self.status = "disconnected"

    def _pump(self, port: Any) -> str | None:
        """Read until the link fails (return why) or close() (return None)."""
        last_frame = self.clock()
        last_ask: float | None = None
        while not self._stop.is_set():
            try:
                data = port.read(port.in_waiting or 1)
            except (serial.SerialException, OSError) as exc:
                return f"read failed: {exc}"
            now = self.clock()
            if data:
                rejected = self.parser.stats.rejected
                unsure = False
                for frame in self.parser.feed(data):
                    last_frame = now
                    self._observe(frame)
                    if isinstance(frame, Hello):
                        self.hello = frame
                        self.settler.hello(frame)
                    elif isinstance(frame, Snapshot | Change) and not self.settler.apply(frame, now):
                        unsure = True  # a change came before any snapshot
                # a dropped line may have been a change: ask for the full picture (rate-limited)
                unsure = unsure or self.parser.stats.rejected > rejected
                if unsure and (last_ask is None or now - last_ask >= RESYNC_S):
                    last_ask = now
                    self.request_snapshot()
            reading = self.settler.tick(now)
            if reading is not None:
                self.events.put(reading)
            if self.silence_s is not None and now - last_frame > self.silence_s:
                return f"no valid frame for {self.silence_s:g} s"
        return None

    def _observe(self, frame: Frame) -> None:
        if self.on_frame is None:
            return
        try:
            self.on_frame(frame)
        except Exception:
            log.exception("die sensor: on_frame callback failed")
