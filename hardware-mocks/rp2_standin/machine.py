"""Stand-in for MicroPython's ``machine`` module on a Raspberry Pi Pico, for CPython.

Only what the die-sensor firmware touches, with the board's behaviour: ``Pin`` (with the
74HC165 sensor chain wired to the pins named in ``$RP2_STANDIN_CHAIN``, "load,clock,data",
default "2,3,4", reading the plate from the control file ``$RP2_STANDIN_PLATE``), ``WDT`` (a
watchdog thread that resets the board when not fed in time), ``reset()`` (the process ends
with :data:`RESET_EXIT`: the USB host stand-in, ``usb_host.py``, re-plugs and starts the firmware
again, as a real reset re-enumerates the USB device) and ``UART`` (on a pty when the firmware is
set to ``LINK = "uart"``; not used by the tests).

The plate file (written by ``usb_host.Plate``): byte 0 = the ID register's inputs (0 = no plate
on the cable), byte 1 = a fault to inject (1: the next read of the data pin raises ``OSError``,
as a glitch in the read path would; 2: it never returns), bytes 2.. = one per space, ``1`` where the magnet is over
that space's hall switch (the switch then pulls its input low).
"""

import mmap
import os
import sys
import threading
import time

RESET_EXIT = 75
"""Exit status meaning "machine.reset()" (or a watchdog reset) to the USB host stand-in."""
PLATE_BYTES = 2 + 64


def reset():
    """Restart the board: flush nothing more, end the process with :data:`RESET_EXIT`."""
    os._exit(RESET_EXIT)


class _Chain:
    """A chain of 74HC165 registers as wired on a sensor plate (see ``die_board.ChainReader``)."""

    def __init__(self, path):
        self.path = path
        self._map = None
        self.bits = []  # the registers' contents in shift order (QH of register 0 first)
        self.loading = False

    def _plate(self):
        if self._map is None:
            fd = os.open(self.path, os.O_RDWR)
            try:
                self._map = mmap.mmap(fd, PLATE_BYTES)
            finally:
                os.close(fd)
        return self._map

    def latch(self):
        """SH/LD low: copy every input into the registers."""
        plate = self._plate()
        ident = plate[0]
        if ident == 0:  # no plate on the cable: QH floats, the Pico's pull-down reads 0
            self.bits = []
            return
        spaces = (ident & 0x3F) + 1 if ident & 0xC0 == 0x80 else 64
        registers = 1 + (spaces + 7) // 8
        bits = [(ident >> (7 - i)) & 1 for i in range(8)]
        for r in range(1, registers):
            inputs = []  # A..H; unused inputs are tied to 3V3 (no magnet)
            for k in range(8):
                space = 8 * (r - 1) + k + 1
                magnet = space <= spaces and plate[1 + space] == 1
                inputs.append(0 if magnet else 1)
            bits.extend(reversed(inputs))  # H leaves first
        self.bits = bits

    def clock(self):
        """CLK rising edge (SH/LD high): shift one place; SER of the last register is GND."""
        if self.bits and not self.loading:
            self.bits = [*self.bits[1:], 0]

    def data(self):
        plate = self._plate()
        if plate[1] == 1:
            plate[1] = 0
            raise OSError("stand-in: injected fault on the data line")
        if plate[1] == 2:  # the read path hangs (a stuck bus): only the watchdog gets out of it
            plate[1] = 0
            while True:
                time.sleep(1)
        if self.loading:
            self.latch()
        return self.bits[0] if self.bits else 0


_CHAIN = None
_CHAIN_PINS = tuple(int(n) for n in os.environ.get("RP2_STANDIN_CHAIN", "2,3,4").split(","))


def _chain():
    global _CHAIN
    if _CHAIN is None:
        _CHAIN = _Chain(os.environ["RP2_STANDIN_PLATE"])
    return _CHAIN


class Pin:
    IN, OUT, OPEN_DRAIN = 0, 1, 2
    PULL_UP, PULL_DOWN = 1, 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int) or not 0 <= id <= 29:
            raise ValueError("invalid pin")
        self.id = id
        self.mode = mode
        self.pull = pull
        self._level = 0
        if value is not None:
            self.value(value)

    def value(self, v=None):
        load, clock, data = _CHAIN_PINS
        if v is None:
            if self.id == data:
                return _chain().data()
            if self.mode == Pin.OUT:
                return self._level
            return 1 if self.pull == Pin.PULL_UP else 0  # nothing else is wired
        if self.mode != Pin.OUT:
            return None  # writing an input's output latch: no effect on the line
        old, self._level = self._level, 1 if v else 0
        if self.id == load:
            chain = _chain()
            chain.loading = self._level == 0
            if chain.loading:
                chain.latch()
        elif self.id == clock and old == 0 and self._level == 1:
            _chain().clock()
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class WDT:
    """The RP2040 watchdog: once started it cannot be stopped; not fed for ``timeout`` ms, the
    board resets."""

    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout too large")
        self.timeout_s = timeout / 1000
        self._fed = time.monotonic()
        threading.Thread(target=self._watch, name="wdt", daemon=True).start()

    def feed(self):
        self._fed = time.monotonic()

    def _watch(self):
        while True:
            time.sleep(0.05)
            if time.monotonic() - self._fed > self.timeout_s:
                sys.stderr.write("stand-in: watchdog reset\n")
                reset()


class UART:
    """UART on the pty named by ``$RP2_STANDIN_UART`` (``any``/``read``/``write``)."""

    def __init__(self, id, baudrate=115200, tx=None, rx=None, **kw):
        self.fd = os.open(os.environ["RP2_STANDIN_UART"], os.O_RDWR | os.O_NONBLOCK)

    def any(self):
        import select

        return 1 if select.select([self.fd], [], [], 0)[0] else 0

    def read(self, n=-1):
        try:
            return os.read(self.fd, 256 if n < 0 else n) or None
        except BlockingIOError:
            return None

    def write(self, data):
        return os.write(self.fd, data)
