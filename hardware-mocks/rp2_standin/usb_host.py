"""The USB side of the stand-in Pico: plugs a board running the firmware into a pty.

::

    with UsbBoard(FIRMWARE_DIR, tmp_path) as board:   # spawns ``board.py`` on a pty
        sensor = DieSensor(str(board.link), ...)       # a stable path, like /dev/serial/by-id/...
        board.plate.insert(33)                         # a 33-space sensor plate on the cable
        board.plate.place(12)                          # the die's magnet over space 12
        board.plate.fault()                            # the next read of the chain raises

A reset of the board (``machine.reset()``, the watchdog) ends its process; like a Pico dropping
off the USB bus and enumerating again, the pty is closed (the host's reads fail), and after
``enumerate_s`` a new pty is linked at the same path and the firmware starts again from
``main.py``. :attr:`UsbBoard.resets` counts them.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import subprocess
import sys
import threading
import time
import tty
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESET_EXIT = 75
PLATE_BYTES = 2 + 64


class Plate:
    """The sensor plate under the board, as the stand-in chain reads it (file layout: ``machine.py``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.write_bytes(bytes(PLATE_BYTES))
        fd = os.open(path, os.O_RDWR)
        try:
            self._map = mmap.mmap(fd, PLATE_BYTES)
        finally:
            os.close(fd)
        self.spaces = 0
        self.rested_at = 0.0
        """``time.monotonic()`` when the die last came to rest (for latency figures)."""

    def insert(self, spaces: int, ident: int | None = None) -> None:
        """A plate of ``spaces`` spaces on the cable; ``ident``: its ID register's value if not
        the correct ``0x80 | (spaces - 1)`` (0 = unplug the plate)."""
        self.lift()
        self.spaces = spaces
        self._map[0] = (0x80 | (spaces - 1)) if ident is None else ident

    def remove(self) -> None:
        self._map[0] = 0
        self.spaces = 0

    def _set(self, spaces: set[int]) -> None:
        self._map[2:] = bytes(1 if n + 1 in spaces else 0 for n in range(64))

    def place(self, space: int) -> None:
        self._set({space})
        self.rested_at = time.monotonic()

    def lift(self) -> None:
        self._set(set())

    def slide(self, path: Sequence[int], step_s: float = 0.05) -> None:
        """Over each space of ``path`` in turn (between two spaces both see the magnet for a
        moment), resting on the last."""
        prev: int | None = None
        for space in path:
            if prev is not None:
                self._set({prev, space})
                time.sleep(step_s / 3)
            self._set({space})
            prev = space
            time.sleep(step_s)
        self.rested_at = time.monotonic() - step_s

    def fault(self) -> None:
        """The next read of the chain raises (the firmware must reset the board)."""
        self._map[1] = 1

    def hang(self) -> None:
        """The next read of the chain never returns (the watchdog must reset the board)."""
        self._map[1] = 2

    def close(self) -> None:
        self._map.close()


class NullModem:
    """Two ptys whose master sides are joined by a thread: a serial cable between two programs
    that each open a tty by path (``a`` and ``b``), e.g. the Pico's UART0 and the Pi's ``/dev/serial0``."""

    def __init__(self) -> None:
        self._ends = [os.openpty(), os.openpty()]
        for _, slave in self._ends:
            tty.setraw(slave)
        self.a, self.b = (os.ttyname(slave) for _, slave in self._ends)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._relay, name="null-modem", daemon=True)
        self._thread.start()

    def _relay(self) -> None:
        import select

        (ma, _), (mb, _) = self._ends
        peer = {ma: mb, mb: ma}
        while not self._stop.is_set():
            ready, _, _ = select.select([ma, mb], [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if data:
                    os.write(peer[fd], data)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        for master, slave in self._ends:
            os.close(master)
            os.close(slave)


class UsbBoard:
    """A stand-in Pico running ``firmware_dir/main.py`` on a pty linked at ``workdir/ttyACM``."""

    def __init__(
        self, firmware_dir: Path, workdir: Path, *, enumerate_s: float = 0.3, env: dict[str, str] | None = None
    ) -> None:
        self.firmware_dir = Path(firmware_dir)
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.link = self.workdir / "ttyACM"
        self.plate = Plate(self.workdir / "plate.bin")
        self.enumerate_s = enumerate_s
        self.env = dict(env or {})
        """More environment for the board (``RP2_STANDIN_UART``: the pty its UART0 is wired to)."""
        self.resets = 0
        self.stderr = self.workdir / "board-stderr.log"
        self._proc: subprocess.Popen[bytes] | None = None
        self._slave: int | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._plug()
        self._thread = threading.Thread(target=self._supervise, name="usb-host", daemon=True)
        self._thread.start()

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # the host (pyserial) sets it raw too; no echo before it opens
        tmp = self.link.with_suffix(".new")
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        tmp.symlink_to(os.ttyname(slave))
        tmp.replace(self.link)
        env = dict(os.environ, RP2_STANDIN_PLATE=str(self.plate.path), PYTHONDONTWRITEBYTECODE="1", **self.env)
        with open(self.stderr, "ab") as err:
            self._proc = subprocess.Popen(
                [sys.executable, str(HERE / "board.py"), str(self.firmware_dir)],
                stdin=master, stdout=master, stderr=err, env=env, close_fds=True,
            )
        os.close(master)  # the board holds it; the pty goes when the board's process ends
        self._slave = slave  # like the kernel's tty: the device stays while plugged in

    def _unplug(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.link.unlink()
        if self._slave is not None:
            os.close(self._slave)
            self._slave = None

    def _supervise(self) -> None:
        while not self._stop.is_set():
            proc = self._proc
            assert proc is not None
            while proc.poll() is None:
                if self._stop.wait(0.02):
                    return
            with self._lock:
                if self._stop.is_set():
                    return
                self._unplug()
                if proc.returncode != RESET_EXIT:
                    return  # the board died some other way: stay unplugged
                self.resets += 1
            time.sleep(self.enumerate_s)
            with self._lock:
                if self._stop.is_set():
                    return
                self._plug()

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            proc = self._proc
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
            self._unplug()
        self._thread.join()
        self.plate.close()

    def __enter__(self) -> UsbBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
