"""Run the die-sensor firmware unchanged on CPython as if on a Pico: ``python board.py FIRMWARE_DIR``.

stdin/stdout of this process are the USB serial (the master side of a pty; ``usb_host.py`` sets
that up). What MicroPython on the RP2040 does and this reproduces:

- ``machine``, ``micropython``, ``utime`` come from this folder; ``time`` gains ``ticks_ms``
  (wrapping at 2**30 like the port's), ``ticks_diff``, ``ticks_add`` and ``sleep_ms``;
- ``sys.stdout.write`` turns ``\\n`` into ``\\r\\n`` (the port's text stdout); ``sys.stdout.buffer``
  writes bytes unchanged; both block until written;
- ``sys.stdin`` can be registered with ``select.poll``; ``sys.stdin.buffer.read(n)`` is unbuffered
  (a poll that says "readable" means a read of 1 byte returns at once);
- Ctrl-C (0x03) arriving on stdin raises ``KeyboardInterrupt`` unless
  ``micropython.kbd_intr(-1)`` turned it off;
- the firmware's ``main.py`` runs as ``__main__``; when it returns or raises, the board sits in
  the REPL: it prints the traceback and a ``>>>`` prompt and answers nothing else, until the
  watchdog (if started) resets it.
"""

import os
import runpy
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _install_time():
    mask = (1 << 30) - 1

    def ticks_ms():
        return int(time.monotonic() * 1000) & mask

    def ticks_diff(a, b):
        return ((a - b + (1 << 29)) & mask) - (1 << 29)

    def ticks_add(a, d):
        return (a + d) & mask

    time.ticks_ms = ticks_ms
    time.ticks_diff = ticks_diff
    time.ticks_add = ticks_add
    time.sleep_ms = lambda ms: time.sleep(ms / 1000)
    time.sleep_us = lambda us: time.sleep(us / 1_000_000)
    sys.modules["utime"] = time


class _RawOut:
    def __init__(self, fd):
        self.fd = fd

    def write(self, data):
        view = memoryview(bytes(data))
        while view:
            n = os.write(self.fd, view)
            view = view[n:]
        return len(data)

    def flush(self):
        pass


class UsbStdout:
    """The RP2040 port's stdout on USB: text with ``\\n`` -> ``\\r\\n``, and a binary ``buffer``."""

    def __init__(self, fd):
        self.buffer = _RawOut(fd)

    def write(self, text):
        self.buffer.write(str(text).replace("\n", "\r\n").encode())
        return len(text)

    def flush(self):
        pass

    def fileno(self):
        return self.buffer.fd


class _RawIn:
    def __init__(self, fd):
        self.fd = fd

    def read(self, n=-1):
        data = os.read(self.fd, 1 if n is None or n < 0 else n)
        import micropython

        intr = micropython.interrupt_char()
        if intr >= 0 and bytes([intr]) in data:
            raise KeyboardInterrupt
        return data


class UsbStdin:
    """The port's stdin on USB: pollable, unbuffered."""

    def __init__(self, fd):
        self.buffer = _RawIn(fd)

    def fileno(self):
        return self.buffer.fd

    def read(self, n=-1):
        return self.buffer.read(n).decode("latin-1")


def main(argv):
    firmware = Path(argv[1]).resolve()
    _install_time()
    sys.path[:0] = [str(HERE), str(firmware)]
    log = sys.stderr
    sys.stdin = UsbStdin(0)  # type: ignore[assignment]
    sys.stdout = UsbStdout(1)  # type: ignore[assignment]
    try:
        runpy.run_path(str(firmware / "main.py"), run_name="__main__")
    except BaseException:  # the REPL shows it and waits
        sys.stdout.write(traceback.format_exc())
        log.write(traceback.format_exc())
    sys.stdout.write("MicroPython (stand-in); Raspberry Pi Pico with RP2040\n>>> ")
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main(sys.argv)
