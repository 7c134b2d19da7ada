"""The reference sensor-board firmware, run on CPython with a fake ``machine`` module."""

from __future__ import annotations

import sys
import types

import pytest

from table.hardware.die_protocol import Change, FrameParser, Hello, Request, Snapshot, encode
from table.hardware.mocks import MOCKS_DIR, load_mock

FIRMWARE_DIR = MOCKS_DIR / "firmware"


class FakePin:
    IN, OUT, PULL_UP = "in", "out", "pull_up"

    def __init__(self, n, mode=None, pull=None):
        self.n, self.mode, self.pull = n, mode, pull
        self.level = 1 if pull == self.PULL_UP else 0

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        return None


class FakeUART:
    def __init__(self, *args, **kwargs):
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


class FakeADC:
    def __init__(self, pin, levels=None):
        self.pin = pin
        self.select: list[FakePin] = []
        self.levels = levels or {}

    def read_u16(self):
        ch = sum(p.level << i for i, p in enumerate(self.select))
        return self.levels.get(ch, 32768)


class Ticks:
    def __init__(self):
        self.ms = 0

    def __call__(self):
        return self.ms

    @staticmethod
    def diff(a, b):
        return a - b


@pytest.fixture
def fw(monkeypatch):
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.UART = FakeUART
    machine.ADC = FakeADC
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.syspath_prepend(str(FIRMWARE_DIR))
    monkeypatch.delitem(sys.modules, "die_board", raising=False)
    board_mod = load_mock("firmware/die_board", FIRMWARE_DIR / "die_board.py")
    main = load_mock("firmware/main", FIRMWARE_DIR / "main.py")
    yield types.SimpleNamespace(board=board_mod, main=main)
    for name in ("hardware_mocks_firmware_main", "hardware_mocks_firmware_die_board", "die_board"):
        sys.modules.pop(name, None)


def make_board(fw, spaces=20, **kw):
    ticks = Ticks()
    fw.main.ticks_ms = ticks
    fw.main.ticks_diff = Ticks.diff
    board = fw.main.build_board(spaces=spaces, **kw)
    return board, ticks


def run_ms(board, ticks, ms):
    for _ in range(ms):
        ticks.ms += 1
        board.poll()


def parse(data: bytes) -> list:
    p = FrameParser()
    return p.feed(data)


def test_encoders_match_the_host_encoders_byte_for_byte(fw):
    b = fw.board
    assert b.hello_frame("2.0.0", 20) == encode(Hello("2.0.0", 20))
    for occupied in ([False] * 20, [True] + [False] * 19, [i % 3 == 0 for i in range(64)]):
        assert b.snap_frame(occupied) == encode(Snapshot(tuple(occupied)))
    for space in (1, 9, 64):
        for o in (True, False):
            assert b.chg_frame(space, o) == encode(Change(space, o))


def test_boot_says_hello_and_snapshot(fw):
    board, _ = make_board(fw)
    assert parse(board.uart.take()) == [Hello("2.0.0", 20), Snapshot.of(20)]


def test_die_placed_gives_debounced_change_and_periodic_snapshot(fw):
    board, ticks = make_board(fw)
    board.uart.take()
    pin5 = board.reader.pins[4]
    pin5.level = 0  # magnet over space 5
    run_ms(board, ticks, 25)  # two samples: not yet stable
    assert board.uart.take() == b""
    run_ms(board, ticks, 10)
    assert parse(board.uart.take()) == [Change(5, True)]
    run_ms(board, ticks, 1000)
    assert parse(board.uart.take()) == [Snapshot.of(20, {5})]


def test_a_glitch_shorter_than_the_debounce_is_not_reported(fw):
    board, ticks = make_board(fw)
    board.uart.take()
    pin = board.reader.pins[2]
    for _ in range(5):
        pin.level = 0
        run_ms(board, ticks, 10)
        pin.level = 1
        run_ms(board, ticks, 10)
    assert board.uart.take() == b""


def test_slide_reports_every_change_in_order(fw):
    board, ticks = make_board(fw)
    board.uart.take()
    pins = board.reader.pins
    pins[2].level = 0
    run_ms(board, ticks, 40)
    pins[3].level = 0
    run_ms(board, ticks, 40)
    pins[2].level = 1
    run_ms(board, ticks, 40)
    assert parse(board.uart.take()) == [Change(3, True), Change(4, True), Change(3, False)]


def test_requests_answered_and_garbage_ignored(fw):
    board, ticks = make_board(fw)
    board.uart.take()
    board.uart.rx += b"\xff\x00noise\n" + encode(Request("SNAP"))[:5]
    run_ms(board, ticks, 1)
    assert board.uart.take() == b""
    board.uart.rx += encode(Request("SNAP"))[5:] + b"$REQ,SNAP*00\n" + encode(Request("HELLO"))
    run_ms(board, ticks, 1)
    assert parse(board.uart.take()) == [Snapshot.of(20), Hello("2.0.0", 20), Snapshot.of(20)]
    board.uart.rx += b"x" * 500
    run_ms(board, ticks, 1)
    board.uart.rx += b"tail of the long line\n" + encode(Request("SNAP"))
    run_ms(board, ticks, 1)
    assert parse(board.uart.take()) == [Snapshot.of(20)]


def test_firmware_2_sends_crc_frames_and_takes_requests_either_way(fw):
    import zlib

    board, ticks = make_board(fw)
    out = board.uart.take()
    assert out.startswith(b"$HELLO,2.0.0,20*%08X\r\n" % zlib.crc32(b"HELLO,2.0.0,20"))
    parser = FrameParser()
    parser.feed(out)
    assert parser.crc_seen and parser.stats.legacy == 0
    # an old host's XOR request and a new host's CRC request are both answered
    board.uart.rx += encode(Request("SNAP"), legacy=True) + encode(Request("SNAP"))
    run_ms(board, ticks, 1)
    assert parse(board.uart.take()) == [Snapshot.of(20), Snapshot.of(20)]
    # a CRC request with a two-byte error the XOR would not see is ignored
    board.uart.rx += encode(Request("HELLO")).replace(b"HELLO", b"HELMN")  # L^M == O^N
    run_ms(board, ticks, 1)
    assert board.uart.take() == b""


def test_pure_python_crc_matches_zlib(fw):
    import random
    import zlib

    rng = random.Random(7)
    for n in (0, 1, 7, 82, 300):
        data = rng.randbytes(n)
        assert fw.board.crc32_py(data) == zlib.crc32(data)


def test_analog_mux_reader(fw):
    board, ticks = make_board(fw, spaces=16, mode="mux")
    adc = board.reader.adc
    adc.select = board.reader.select_pins
    board.uart.take()
    adc.levels = {6: 52000}  # a magnet over space 7 (channel 6)
    run_ms(board, ticks, 40)
    adc.levels = {6: 52000, 11: 9000}  # other pole facing down also counts
    run_ms(board, ticks, 40)
    assert parse(board.uart.take()) == [Change(7, True), Change(12, True)]


def test_bad_configuration_raises(fw):
    with pytest.raises(ValueError):
        make_board(fw, mode="spi")
    with pytest.raises(ValueError):
        fw.board.MuxHallReader([FakePin(1)], FakeADC(None), channels=3)
    with pytest.raises(ValueError):
        fw.board.SensorBoard(fw.board.GpioHallReader([]), FakeUART(), Ticks(), Ticks.diff, spaces=0)
