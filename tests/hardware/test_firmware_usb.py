"""Issue 31's "done when": the firmware files, unchanged, on a stand-in Pico, over a pty to ``DieSensor``.

``hardware-mocks/rp2_standin/`` gives CPython the board: ``machine`` (pins wired to a 74HC165
chain model of the sensor plate, the watchdog, ``reset()``), ``micropython.kbd_intr``, the
``time.ticks_*`` functions and the RP2040's USB serial (binary ``sys.stdout.buffer``, text
``sys.stdout.write`` turning ``\\n`` into ``\\r\\n``, a pollable unbuffered stdin, Ctrl-C). A reset
ends the board's process; the USB host stand-in closes the pty (the host's reads fail, as when a
Pico re-enumerates) and starts the firmware again on a new pty behind the same link path.

Each die placement must be read within 0.4 s of the die coming to rest (debounce 15 ms + the
host's settle window 0.25 s + the link).
"""

from __future__ import annotations

import contextlib
import os
import queue
import time
from pathlib import Path

import pytest

from table.hardware.board_sides import board_sides
from table.hardware.die_protocol import Hello, Request, encode
from table.hardware.die_sensor import DieSensor
from table.hardware.events import DieReading, SensorStatus
from table.hardware.mocks import MOCKS_DIR, load_mock
from tests.hardware.waiting import get_event, wait_until

FIRMWARE_DIR = MOCKS_DIR / "firmware"
usb_host = load_mock("rp2_standin/usb_host", MOCKS_DIR / "rp2_standin" / "usb_host.py")
SIDES = board_sides()
LATENCY_S = 0.4




@pytest.fixture
def rig(tmp_path: Path):
    board = usb_host.UsbBoard(FIRMWARE_DIR, tmp_path)
    frames: list = []
    q: queue.Queue = queue.Queue()
    sensor = DieSensor(str(board.link), q, on_frame=frames.append,
                       backoff_initial_s=0.05, start=False)  # fmt: skip
    try:
        yield board, sensor, q, frames
    finally:
        sensor.close()
        board.close()
        log = (tmp_path / "board-stderr.log").read_text()
        print(log)


TRIES = 3
"""A placement whose reading misses :data:`LATENCY_S` is made again, up to this many times in all:
the test machine's scheduling can hold up one thread for a moment (seen once at 0.59 s with three
test workers on two cores), while a firmware or host that is slow misses every try."""


def read_at(board, q: queue.Queue, space: int) -> float:
    """Put the die on ``space``; the reading's delay after the die came to rest, in seconds (the
    best of up to :data:`TRIES` placements, each from a neighbouring space, while one misses)."""
    best = float("inf")
    for attempt in range(TRIES):
        if attempt:  # from a neighbour, so that the die comes to rest on ``space`` again
            board.plate.place(space - 1 if space > 1 else space + 1)
            get_event(q, DieReading)
        board.plate.place(space)
        reading = get_event(q, DieReading)
        assert reading.space == space
        best = min(best, reading.t - board.plate.rested_at)
        if best <= LATENCY_S:
            break
    return best


def slid_over(board, q: queue.Queue, path: list[int]) -> float:
    """Slide the die over ``path`` from space 2: one reading, of the last space, and its delay
    after the die came to rest (the best of up to :data:`TRIES` slides while one misses)."""
    best = float("inf")
    for _attempt in range(TRIES):
        board.plate.place(2)
        assert get_event(q, DieReading).space == 2
        board.plate.slide(path, step_s=0.06)
        reading = get_event(q, DieReading)
        assert reading.space == path[-1]
        best = min(best, reading.t - board.plate.rested_at)
        time.sleep(0.4)
        assert not any(isinstance(e, DieReading) for e in list(q.queue))  # one reading for the slide
        if best <= LATENCY_S:
            break
    return best


def test_hello_then_every_board_side_read_within_0_4_s(rig):
    board, sensor, q, frames = rig
    board.plate.insert(SIDES[0].spaces)
    sensor.start()
    status = get_event(q, SensorStatus)
    assert status.state == "connected" and "firmware 3.0.0" in status.detail
    delays = []
    for side in SIDES:  # 7, 17, 25, 33 spaces, from boards.toml
        board.plate.insert(side.spaces)  # that side's plate on the cable
        wait_until(lambda side=side: sensor.hello == Hello("3.0.0", side.spaces), f"HELLO {side.spaces}")
        sensor.set_side(side.spaces)
        for space in (1, side.spaces // 2, side.spaces):
            delays.append(read_at(board, q, space))
        # slid over three spaces and left on the third: one reading, the third
        delays.append(slid_over(board, q, [3, 4, 5]))
    assert max(delays) <= LATENCY_S, delays
    assert board.resets == 0
    assert sensor.parser.stats.rejected == 0 and sensor.parser.crc_seen
    assert not [f for f in frames if isinstance(f, Request)]  # no echo: a real serial line


def test_a_reading_beyond_the_side_in_play_is_refused_with_one_line(rig, caplog):
    board, sensor, q, _ = rig
    board.plate.insert(33)  # the 4-player plate under a 2-player game
    sensor.set_side(17)
    with caplog.at_level("WARNING", logger="table.hardware.die_sensor"):
        sensor.start()
        get_event(q, SensorStatus, where=lambda e: e.state == "connected")
        wait_until(lambda: sensor.hello is not None and sensor.settler.occupied is not None, "a snapshot")
        board.plate.place(30)
        wait_until(lambda: sensor.settler.state == "rejected", "the reading judged")
        assert read_at(board, q, 17) <= LATENCY_S
    lines = [r.getMessage() for r in caplog.records]
    assert sum("space 30 is beyond the last space (17)" in m for m in lines) == 1, lines
    assert sum("plate has 33 spaces but the board side in play has 17" in m for m in lines) == 1, lines


def test_garbage_and_half_requests_are_ignored(rig):
    board, sensor, q, frames = rig
    board.plate.insert(17)
    sensor.start()
    get_event(q, SensorStatus, where=lambda e: e.state == "connected")
    wait_until(lambda: sensor.settler.occupied is not None, "a snapshot")
    time.sleep(0.5)  # the answers to the host's own HELLO requests (CRC and XOR form) are in
    fd = os.open(board.link, os.O_WRONLY | os.O_NOCTTY)  # a second writer on the host's side
    try:
        hellos = sum(isinstance(f, Hello) for f in frames)
        os.write(fd, b"\x03\x00\xff garbage \x03\n$REQ,HEL")  # Ctrl-C bytes, noise, half a request
        time.sleep(0.05)
        os.write(fd, b"$REQ,HELLO*297A05B3\n")  # the rest of the line, then a wrong CRC
        os.write(fd, b"$REQ,HELLO*" + b"0" * 100 + b"\n$REQ,HELLO*2\n$REQ,HELLO")  # overlong, short, cut
        time.sleep(0.6)
        assert sum(isinstance(f, Hello) for f in frames) == hellos  # nothing answered
        os.write(fd, b"\n" + encode(Request("HELLO")))  # the cut line ends; then a whole request
        wait_until(lambda: sum(isinstance(f, Hello) for f in frames) == hellos + 1, "the answer")
    finally:
        os.close(fd)
    assert board.resets == 0 and sensor.connects == 1  # Ctrl-C did not stop it, nothing reset
    assert read_at(board, q, 9) <= LATENCY_S


@pytest.mark.parametrize("fault", ["exception", "hang"])
def test_a_fault_in_the_read_path_resets_the_board_and_the_host_reconnects(rig, fault):
    """An exception in the loop: ``machine.reset()``; a hang: the watchdog (2 s). Either way the
    board drops off the USB, comes back, and the host reconnects and reads the die by itself."""
    board, sensor, q, _ = rig
    board.plate.insert(25)
    sensor.start()
    get_event(q, SensorStatus, where=lambda e: e.state == "connected")
    assert read_at(board, q, 4) <= LATENCY_S
    board.plate.fault() if fault == "exception" else board.plate.hang()
    assert get_event(q, SensorStatus).state == "disconnected"
    assert get_event(q, SensorStatus).state == "reconnecting"
    assert get_event(q, SensorStatus).state == "connected"
    assert board.resets == 1 and sensor.connects >= 2
    assert read_at(board, q, 21) <= LATENCY_S


def test_the_stand_in_has_the_rp2040_usb_text_semantics(tmp_path):
    """Why the firmware writes to ``sys.stdout.buffer``: the port's text stdout sends ``\\r\\n``."""
    board_mod = load_mock("rp2_standin/board", MOCKS_DIR / "rp2_standin" / "board.py")
    r, w = os.pipe()
    try:
        out = board_mod.UsbStdout(w)
        out.write("$X\r\n")
        out.buffer.write(b"$Y\r\n")
        assert os.read(r, 100) == b"$X\r\r\n$Y\r\n"
    finally:
        os.close(r)
        os.close(w)


def test_the_uart_option_speaks_on_uart0_and_leaves_the_usb_to_the_repl(tmp_path):
    """``LINK = "uart"`` (the one setting changed in a copy of the firmware): frames on UART0,
    nothing on the USB serial, and the host reads the die over the UART's pty."""
    firmware = tmp_path / "firmware"
    firmware.mkdir()
    for path in FIRMWARE_DIR.glob("*.py"):
        text = path.read_text()
        if path.name == "main.py":
            assert 'LINK = "usb"' in text
            text = text.replace('LINK = "usb"', 'LINK = "uart"')
        (firmware / path.name).write_text(text)
    cable = usb_host.NullModem()  # UART0 on one end, the Pi's serial port on the other
    q: queue.Queue = queue.Queue()
    board = usb_host.UsbBoard(firmware, tmp_path / "usb", env={"RP2_STANDIN_UART": cable.a})
    try:
        board.plate.insert(17)
        usb = os.open(board.link, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
        with DieSensor(cable.b, q) as sensor:
            get_event(q, SensorStatus, where=lambda e: e.state == "connected")
            assert sensor.hello == Hello("3.0.0", 17)
            assert read_at(board, q, 11) <= LATENCY_S
        with contextlib.suppress(BlockingIOError):  # nothing to read: what we want
            assert os.read(usb, 4096) == b""  # the USB serial stays quiet: it is the REPL's
        os.close(usb)
        assert board.resets == 0
    finally:
        board.close()
        cable.close()
