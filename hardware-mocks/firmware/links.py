"""The sensor board's serial links (MicroPython): USB CDC (the default) or the Pico's UART0.

Both have the interface ``SensorBoard`` uses: ``any()``, ``read() -> bytes or None`` and
``write(bytes)``; neither blocks on reading.

USB: frames go to ``sys.stdout.buffer`` (binary: on the RP2040 port ``sys.stdout.write`` turns
``\\n`` into ``\\r\\n``, which would end every frame ``\\r\\r\\n``); requests come from
``sys.stdin.buffer``, read only as far as ``select.poll`` says bytes are waiting. The caller turns
Ctrl-C off (``micropython.kbd_intr(-1)``) so a 0x03 in the byte stream cannot stop the game.

UART: ``machine.UART`` already has ``any``/``read``/``write``; :func:`uart_link` only sets it up.
"""

import select
import sys

MAX_READ = 64
"""Most bytes taken from stdin per call: a flood of input cannot starve the sensor loop."""


class UsbLink:
    """The USB serial (``/dev/ttyACM0`` on the host). ``stdin``/``stdout``: ``sys.stdin`` and
    ``sys.stdout`` (passed in for tests)."""

    def __init__(self, stdin=None, stdout=None):
        self.stdin = sys.stdin if stdin is None else stdin
        self.stdout = sys.stdout if stdout is None else stdout
        self.rx = self.stdin.buffer
        self.tx = self.stdout.buffer
        self.poller = select.poll()
        self.poller.register(self.stdin, select.POLLIN)

    def any(self):
        return 1 if self.poller.poll(0) else 0

    def read(self):
        out = b""
        while len(out) < MAX_READ and self.poller.poll(0):
            b = self.rx.read(1)
            if not b:
                break
            out += b
        return out or None

    def write(self, data):
        return self.tx.write(data)


def uart_link(machine, uart_id, tx, rx, baudrate):
    """UART ``uart_id`` on GP``tx``/GP``rx`` (8N1); ``machine`` is the ``machine`` module."""
    return machine.UART(uart_id, baudrate=baudrate, tx=machine.Pin(tx), rx=machine.Pin(rx))
