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
SETTLE_S = 0.25
"""How long the picture must stand still before it is judged (s). Firmware 3 debounces in 15 ms,
so a die at rest is read about 0.27 s later, inside issue 31's 0.4 s with room for a busy host;
a die slid over a space and resting there less than this gives no reading for that space."""
RESYNC_S = 0.1
"""After a rejected or doubtful line the host asks for a snapshot at once; it asks again only
when this many seconds have passed (one request in flight at a time) and no snapshot came."""
HELLO_S = 1.0
"""How long an opened port may stay without a HELLO before the try counts as failed (the host
asks for one on opening, and again every :data:`HELLO_ASK_S`)."""
HELLO_ASK_S = 0.3
HELLO_TRIES = 3
"""After this many opened-but-silent tries in a row the port is reported, once."""
SILENT_BACKOFF_S = 5.0
"""Between tries on a port that opens but never says HELLO (after the report)."""
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

    def __init__(
        self, settle_s: float = SETTLE_S, allowed: Callable[[int], bool] | None = None,
        side_spaces: int | None = None,
    ) -> None:
        if settle_s < 0:
            raise HardwareSettingError(f"settle_s must be >= 0, got {settle_s}")
        self.settle_s = settle_s
        self.allowed = allowed
        self.side_spaces = side_spaces
        """Spaces of the board side in play (its last space's number), None if not told."""
        self.doubtful = False
        """A frame was lost or doubtful: no reading until a snapshot has come (issue 35)."""
        self.spaces: int | None = None
        self.occupied: frozenset[int] | None = None
        """The current picture, None until the first snapshot of a connection."""
        self.state = "unknown"
        """"unknown", "moving", "doubtful", "lifted", "ambiguous", "rejected" or "settled"."""
        self.last_reading: int | None = None
        self.rejected = 0
        """Settled single spaces that were outside 1..N or not allowed."""
        self._changed_at = 0.0
        self._decided = True
        self._state_before_doubt = "unknown"

    def new_link(self) -> None:
        """A new connection: the picture is unknown until its first snapshot."""
        self.occupied = None
        self.spaces = None
        self.state = "unknown"
        self.doubtful = False
        self._decided = True

    def hello(self, frame: Hello) -> None:
        self.spaces = frame.spaces

    def doubt(self) -> None:
        """A frame may have been lost: judge nothing until the next snapshot."""
        if not self.doubtful:
            self._state_before_doubt = self.state
        self.doubtful = True
        if self.occupied is not None:
            self.state = "doubtful"

    def apply(self, frame: Snapshot | Change, t: float) -> bool:
        """Take a frame seen at ``t``; return False when it shows a frame was lost: a change
        before any snapshot, or one that changes nothing (the picture is then doubtful)."""
        if isinstance(frame, Snapshot):
            new = frozenset(frame.occupied_spaces)
            if self.doubtful:
                self.doubtful = False
                if new == self.occupied:  # it agrees: carry on where the doubt stopped us
                    self.state = self._state_before_doubt
        elif self.occupied is None:
            return False
        elif (frame.space in self.occupied) == frame.occupied:
            self.doubt()  # "became occupied" for a space already occupied: a change went missing
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
        if self.doubtful or self._decided or self.occupied is None or t - self._changed_at < self.settle_s:
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

    def wait_s(self, t: float) -> float | None:
        """Seconds from ``t`` until the picture is due to be judged, None if nothing is pending."""
        if self.doubtful or self._decided or self.occupied is None:
            return None
        return max(0.0, self._changed_at + self.settle_s - t)

    def _is_allowed(self, space: int) -> bool:
        if self.spaces is not None and not 1 <= space <= self.spaces:
            log.warning("die sensor: space %d is beyond the sensor plate's %d spaces; reading ignored",
                        space, self.spaces)
            return False
        if self.side_spaces is not None and not 1 <= space <= self.side_spaces:
            log.warning("die sensor: space %d is beyond the last space (%d) of the board side in play; "
                        "reading ignored", space, self.side_spaces)
            return False
        if self.allowed is None:
            return True
        try:
            return bool(self.allowed(space))
        except Exception:  # the consumer's predicate failed: not a reading, and not our crash
            log.exception("die sensor: allowed(%d) raised; reading dropped", space)
            return False


def _lines(data: bytes) -> list[bytes]:
    """``data`` cut after each ``\n`` (the last piece may be a partial line)."""
    if data.count(b"\n") <= 1:  # at most one whole line: nothing to cut
        return [data]
    pieces = [p + b"\n" for p in data.split(b"\n")]
    pieces[-1] = pieces[-1][:-1]
    return [p for p in pieces if p]


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
    ``start``: begin reading at once (else call :meth:`start`). ``side_spaces``: spaces of the
    board side in play (its last space), readings beyond it are refused (:meth:`set_side`).
    ``hello_s``: seconds an opened port has to say HELLO.

    "connected" is reported when the board has said HELLO, not when the port opens; a port that
    opens but stays silent is reported once ("disconnected", after :data:`HELLO_TRIES` tries)
    and then tried every :data:`SILENT_BACKOFF_S` seconds without a word, so neither the log nor
    the speech repeats it. Every report is a change of state: one event, one log line.
    """

    def __init__(
        self,
        url: str,
        events: queue.Queue[Any] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        settle_s: float = SETTLE_S,
        allowed: Callable[[int], bool] | None = None,
        baudrate: int = DEFAULT_BAUDRATE,
        backoff_initial_s: float = BACKOFF_INITIAL_S,
        backoff_max_s: float = BACKOFF_MAX_S,
        silence_s: float | None = 5.0,
        hello_s: float = HELLO_S,
        side_spaces: int | None = None,
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
        self.settler = DieSettler(settle_s, allowed, side_spaces)
        self.hello_s = hello_s
        self.parser = FrameParser()
        self.baudrate = baudrate
        self.backoff_initial_s = backoff_initial_s
        self.backoff_max_s = backoff_max_s
        self.silence_s = silence_s
        self.read_timeout_s = read_timeout_s
        self.on_frame = on_frame
        self._open_port = open_port
        self.hello: Hello | None = None
        self.status = "starting"
        """The last reported state: "starting" (nothing reported yet), then as SensorStatus."""
        self.detail = ""
        self.connects = 0
        """How many times the port has been opened."""
        self.silent_tries = 0
        """Opened-but-no-HELLO tries in a row (reported once, at :data:`HELLO_TRIES`)."""
        self._plate_checked: tuple[int, int | None] | None = None
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

    def set_side(self, spaces: int | None) -> None:
        """The board side in play has ``spaces`` spaces (from ``boards.toml``); None: not known."""
        self.settler.side_spaces = spaces
        self._check_plate()

    def _check_plate(self) -> None:
        """One line when the plate on the cable does not fit the side in play (once per pairing,
        not once per reconnect)."""
        hello, side = self.hello, self.settler.side_spaces
        if hello is None or (hello.spaces, side) == self._plate_checked:
            return
        self._plate_checked = (hello.spaces, side)
        if hello.spaces == 0:
            log.warning("die sensor: %s has no sensor plate on its cable (firmware %s)", self.url, hello.firmware)
        elif side is not None and hello.spaces != side:
            log.warning("die sensor: the sensor plate has %d spaces but the board side in play has %d: "
                        "put that side's plate under the board", hello.spaces, side)

    # -- host -> board ------------------------------------------------------------------------
    def request_snapshot(self) -> bool:
        """Ask the board for a full snapshot now; False if there is no open link."""
        return self._send(Request("SNAP"))

    def _send(self, frame: Request) -> bool:
        """Write a request in the form the board reads: CRC (protocol 2), or the XOR once the board
        said it is firmware 1.x. A HELLO request to a board not heard yet goes in both forms
        (firmware 2 and later read either and answer each; firmware 1 reads only the XOR)."""
        parser = self.parser
        if parser.crc_seen or not parser.legacy_said:
            data = encode(frame)
            if frame.what == "HELLO" and not parser.crc_seen and not parser.legacy_said:
                data += encode(frame, legacy=True)
        else:
            data = encode(frame, legacy=True)
        with self._port_lock:
            port = self._port
            if port is None:
                return False
            try:
                port.write(data)
                return True
            except (serial.SerialException, OSError) as exc:
                log.debug("die sensor: write failed: %s", exc)
                return False

    # -- the reader thread --------------------------------------------------------------------
    def _report(self, state: str, detail: str) -> None:
        """Post ``SensorStatus(state)`` if the state changed (one event and one log line each)."""
        self.detail = detail
        if state == self.status:
            return
        self.status = state
        log.info("die sensor %s: %s", state, detail)
        self.events.put(SensorStatus(state, detail, self.clock()))

    def _close_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:  # closing a port that is already gone
                log.debug("die sensor: close failed", exc_info=True)

    def _wait(self, backoff: float) -> tuple[bool, float]:
        """Sleep ``backoff`` (or the silent port's longer wait); (stopped, next back-off)."""
        if self.silent_tries >= HELLO_TRIES:
            backoff = max(backoff, SILENT_BACKOFF_S)
        stopped = self._stop.wait(backoff)
        return stopped, min(backoff * 2, self.backoff_max_s)

    def _supervise(self) -> None:
        backoff = self.backoff_initial_s
        while not self._stop.is_set():
            try:
                port = self._open_port(
                    self.url, baudrate=self.baudrate, timeout=self.read_timeout_s, write_timeout=0.5
                )
            except Exception as exc:  # SerialException, OSError, ValueError from a bad device
                if self.status == "connected":
                    self._report("disconnected", f"{self.url}: {exc}")
                self.silent_tries = 0  # the device went away: whatever comes back is tried afresh
                self._report("reconnecting", f"{self.url}: {exc}")
                stopped, backoff = self._wait(backoff)
                if stopped:
                    break
                continue
            with self._port_lock:
                self._port = port
            self.connects += 1
            self.parser.reset()
            self.settler.new_link()
            self.hello = None
            try:
                reason = self._pump(port)
            except Exception as exc:  # a bug or a surprise from the port: drop the link, not the thread
                log.exception("die sensor: reader failed")
                reason = f"reader failed: {type(exc).__name__}: {exc}"
            self._close_port()
            if reason is None:
                break
            if self.hello is not None:
                backoff = self.backoff_initial_s
                self._report("disconnected", f"{self.url}: {reason}")
                self._report("reconnecting", f"{self.url}: {reason}")
            else:
                self.silent_tries += 1
                if self.silent_tries == HELLO_TRIES:
                    log.warning("die sensor: %s opens but never says HELLO (%d tries): is the sensor "
                                "firmware on the board, at %d baud?", self.url, HELLO_TRIES, self.baudrate)
                    self._report("disconnected", f"{self.url}: opens but never says HELLO ({HELLO_TRIES} tries)")
            stopped, backoff = self._wait(backoff)
            if stopped:
                break

    def _pump(self, port: Any) -> str | None:
        """Read until the link fails (return why) or close() (return None)."""
        opened = last_frame = self.clock()
        self._send(Request("HELLO"))
        self._send(Request("SNAP"))
        ask_hello = opened
        last_ask: float | None = None
        while not self._stop.is_set():
            wait = self.settler.wait_s(self.clock())
            timeout = self.read_timeout_s if wait is None else min(self.read_timeout_s, max(wait, 0.002))
            try:
                if port.timeout != timeout:
                    port.timeout = timeout  # wake when the settle window ends, not up to 50 ms later
                data = port.read(port.in_waiting or 1)
            except (serial.SerialException, OSError) as exc:
                return f"read failed: {exc}"
            now = self.clock()
            if data:
                unsure = False
                for piece in _lines(data):  # line by line: a rejection is judged in its order
                    rejected = self.parser.stats.rejected
                    for frame in self.parser.feed(piece):
                        self._observe(frame)
                        if isinstance(frame, Request):
                            continue  # our own request echoed (a loopback): not a sign of a board
                        last_frame = now
                        if isinstance(frame, Hello):
                            self._hello(frame)
                        elif isinstance(frame, Snapshot | Change) and not self.settler.apply(frame, now):
                            unsure = True  # a change before any snapshot, or one that changed nothing
                    if self.parser.stats.rejected > rejected:
                        unsure = True  # a dropped line may have been a change: judge nothing
                        self.settler.doubt()  # until a snapshot agrees
                if unsure and (last_ask is None or now - last_ask >= RESYNC_S):
                    last_ask = now
                    self.request_snapshot()
            if self.hello is None:
                if now - opened > self.hello_s:
                    return f"no HELLO within {self.hello_s:g} s"
                if now - ask_hello >= HELLO_ASK_S:
                    ask_hello = now
                    self._send(Request("HELLO"))
                continue
            if self.settler.doubtful and last_ask is not None and now - last_ask >= RESYNC_S:
                last_ask = now  # the snapshot asked for did not come (lost too): ask again
                self.request_snapshot()
            reading = self.settler.tick(now)
            if reading is not None:
                self.events.put(reading)
            if self.silence_s is not None and now - last_frame > self.silence_s:
                return f"no valid frame for {self.silence_s:g} s"
        return None

    def _hello(self, frame: Hello) -> None:
        first = self.hello is None
        changed = self.hello != frame
        self.hello = frame
        self.settler.hello(frame)
        if first:
            self.silent_tries = 0
            plate = "no sensor plate" if frame.spaces == 0 else f"{frame.spaces} spaces"
            self._report("connected", f"{self.url}: firmware {frame.firmware}, {plate}")
        if changed:
            self._check_plate()

    def _observe(self, frame: Frame) -> None:
        if self.on_frame is None:
            return
        try:
            self.on_frame(frame)
        except Exception:
            log.exception("die sensor: on_frame callback failed")
