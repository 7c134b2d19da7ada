"""Die-position sensor board: the protocol logic, for MicroPython on an RP2040 (and CPython).

One hall-effect sensor under each path space, a magnet in the die. The board samples every
sensor every ``sample_ms`` milliseconds, accepts a new value only after ``stable_samples``
equal samples in a row (debounce), and speaks ``docs/die-sensor-protocol.md``:

- ``$HELLO,<firmware>,<spaces>`` at start and on ``$REQ,HELLO`` (followed by a snapshot);
- ``$SNAP,<bits>`` every ``snapshot_ms`` and on ``$REQ,SNAP``;
- ``$CHG,<space>,<0|1>`` as soon as a debounced sensor changes.

Firmware 2 ends every frame with ``*`` and the CRC-32 of the text between ``$`` and ``*`` (8 hex
digits, protocol 2); firmware 1 used an XOR (``*HH``). Requests are accepted with either.

No hardware here: the caller passes a reader (``read() -> list of bool``, space 1 first), a
UART-like object (``any()``, ``read()``, ``write(bytes)``) and the tick functions. Only the
MicroPython subset of Python is used (no dataclasses, no typing; plain f-strings, which
MicroPython has had since 1.17).
"""

FIRMWARE = "2.0.0"
MAX_LINE = 82

try:
    from binascii import crc32 as _crc32  # MicroPython (rp2 has it) and CPython
except ImportError:  # a MicroPython build without it
    _crc32 = None

_CRC_TABLE = None


def crc32_py(data):
    """CRC-32/ISO-HDLC (zlib's), table-driven, for builds whose binascii has no crc32."""
    global _CRC_TABLE
    if _CRC_TABLE is None:
        table = []
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            table.append(c)
        _CRC_TABLE = table
    c = 0xFFFFFFFF
    for b in data:
        c = _CRC_TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def crc(body):
    """Protocol 2's check: CRC-32 of the bytes between ``$`` and ``*``."""
    return (_crc32(body) if _crc32 is not None else crc32_py(body)) & 0xFFFFFFFF


def checksum(body):
    """Protocol 1's XOR (firmware 1.x); still accepted on requests from an old host."""
    x = 0
    for b in body:
        x ^= b
    return x


def frame(body):
    """``$<body>*CCCCCCCC\\r\\n`` as bytes (CRC-32, protocol 2); ``body`` is a str."""
    raw = body.encode()
    return b"$" + raw + f"*{crc(raw):08X}\r\n".encode()


def hello_frame(firmware, spaces):
    return frame(f"HELLO,{firmware},{spaces}")


def snap_frame(occupied):
    return frame("SNAP," + "".join("1" if o else "0" for o in occupied))


def chg_frame(space, occupied):
    return frame(f"CHG,{space},{1 if occupied else 0}")


def parse_request(line):
    """``"SNAP"`` / ``"HELLO"`` for a valid host request line (bytes, no line end), else None."""
    if line.endswith(b"\r"):
        line = line[:-1]
    if line[0:1] != b"$":
        return None
    if len(line) >= 11 and line[-9:-8] == b"*":  # protocol 2: CRC-32
        body, check = line[1:-9], crc
        digits = line[-8:]
    elif len(line) >= 5 and line[-3:-2] == b"*":  # protocol 1: XOR (an old host)
        body, check = line[1:-3], checksum
        digits = line[-2:]
    else:
        return None
    try:
        want = int(digits, 16)
    except ValueError:
        return None
    if check(body) != want:
        return None
    if body == b"REQ,SNAP":
        return "SNAP"
    if body == b"REQ,HELLO":
        return "HELLO"
    return None


class GpioHallReader:
    """Digital hall switches (e.g. DRV5032, A3144: open drain, low near a magnet), one GPIO each.

    ``pins``: ``machine.Pin`` objects set up as inputs with pull-ups, space 1 first.
    """

    def __init__(self, pins, active_low=True):
        self.pins = pins
        self.active_low = active_low

    def read(self):
        if self.active_low:
            return [p.value() == 0 for p in self.pins]
        return [p.value() == 1 for p in self.pins]


class MuxHallReader:
    """Analog hall sensors (e.g. DRV5055, output mid-supply without a field) behind a 16-way
    analog multiplexer (CD74HC4067): ``select_pins`` (S0..S3 outputs) choose the channel, ``adc``
    (``machine.ADC``) reads it. A space is occupied when ``|reading - mid| > threshold``
    (``read_u16`` units). ``channels``: number of spaces wired, space 1 on channel 0.
    """

    def __init__(self, select_pins, adc, channels, mid=32768, threshold=6000):
        if channels > 1 << len(select_pins):
            raise ValueError("more channels than the select pins can address")
        self.select_pins = select_pins
        self.adc = adc
        self.channels = channels
        self.mid = mid
        self.threshold = threshold

    def read(self):
        out = []
        for ch in range(self.channels):
            for bit, pin in enumerate(self.select_pins):
                pin.value((ch >> bit) & 1)
            out.append(abs(self.adc.read_u16() - self.mid) > self.threshold)
        return out


class SensorBoard:
    """The board's main loop body: call :meth:`poll` often (every millisecond or so)."""

    def __init__(self, reader, uart, ticks_ms, ticks_diff, spaces, firmware=FIRMWARE,
                 sample_ms=10, stable_samples=3, snapshot_ms=1000):
        if not 1 <= spaces <= 64:
            raise ValueError("spaces must be 1..64")
        self.reader = reader
        self.uart = uart
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.spaces = spaces
        self.firmware = firmware
        self.sample_ms = sample_ms
        self.stable_samples = stable_samples
        self.snapshot_ms = snapshot_ms
        first = self._sample()
        self.state = first
        self._candidate = list(first)
        self._count = [0] * spaces
        now = ticks_ms()
        self._last_sample = now
        self._last_snap = now
        self._rx = b""
        self._skipping = False
        self.uart.write(hello_frame(firmware, spaces))
        self.send_snapshot()

    def _sample(self):
        values = self.reader.read()
        if len(values) != self.spaces:
            raise ValueError(f"reader gave {len(values)} values for {self.spaces} spaces")
        return [bool(v) for v in values]

    def send_snapshot(self):
        self.uart.write(snap_frame(self.state))
        self._last_snap = self.ticks_ms()

    def poll(self):
        self._read_requests()
        now = self.ticks_ms()
        if self.ticks_diff(now, self._last_sample) >= self.sample_ms:
            self._last_sample = now
            self._debounce(self._sample())
        if self.ticks_diff(now, self._last_snap) >= self.snapshot_ms:
            self.send_snapshot()

    def _debounce(self, sample):
        for i in range(self.spaces):
            value = sample[i]
            if value == self.state[i]:
                self._count[i] = 0
                continue
            if value != self._candidate[i]:
                self._candidate[i] = value
                self._count[i] = 1
            else:
                self._count[i] += 1
            if self._count[i] >= self.stable_samples:
                self.state[i] = value
                self._count[i] = 0
                self.uart.write(chg_frame(i + 1, value))

    def _read_requests(self):
        if not self.uart.any():
            return
        data = self.uart.read()
        if not data:
            return
        lines = (self._rx + data).split(b"\n")
        tail = lines.pop()
        for line in lines:
            if self._skipping:
                self._skipping = False
                continue
            what = parse_request(line) if len(line) <= MAX_LINE + 1 else None
            if what == "HELLO":
                self.uart.write(hello_frame(self.firmware, self.spaces))
                self.send_snapshot()
            elif what == "SNAP":
                self.send_snapshot()
        if len(tail) > MAX_LINE + 1:
            tail = b""
            self._skipping = True
        self._rx = tail
