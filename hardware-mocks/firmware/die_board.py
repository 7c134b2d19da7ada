"""Die-position sensor board: the protocol and the sensor chain, for MicroPython on an RP2040.

One omnipolar hall switch under each path space of a *sensor plate*, a magnet in the die. The
switches feed a chain of 74HC165 shift registers; the first register of every plate is its
*ID register*, wired to say how many spaces the plate has (so the board side in play reaches
the firmware with the plate itself: see ``docs/die-sensor.md``). The board samples the chain every
``sample_ms`` milliseconds, accepts a new value only after ``stable_samples`` equal samples in a
row (debounce), and speaks ``docs/die-sensor-protocol.md`` (protocol 2, CRC-32):

- ``$HELLO,<firmware>,<spaces>`` at start, on ``$REQ,HELLO`` (then a snapshot) and whenever
  another plate is plugged in; ``spaces`` is 0 while no plate answers (repeated every
  ``snapshot_ms`` then, so the host knows the board is alive);
- ``$SNAP,<bits>`` every ``snapshot_ms`` and on ``$REQ,SNAP``;
- ``$CHG,<space>,<0|1>`` as soon as a debounced sensor changes.

No hardware here: the caller passes a reader (:class:`ChainReader`), a link (``any()``,
``read() -> bytes or None``, ``write(bytes)``: ``links.UsbLink`` or a ``machine.UART``) and the
tick functions. Only the MicroPython subset of Python is used (no dataclasses, no typing;
plain f-strings, which MicroPython has had since 1.17).
"""

FIRMWARE = "3.0.0"
MAX_LINE = 82
MAX_SPACES = 64
ID_MARK = 0x80
"""An ID byte is ``0b10xxxxxx``: bit 7 set, bit 6 clear, bits 5..0 = spaces - 1. A missing plate
reads 0x00 (the data line's pull-down) and a shorted one 0xFF: neither is a plate."""

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


def id_byte(spaces):
    """The ID register's value for a plate of ``spaces`` (1..64) spaces: ``0x80 | (spaces - 1)``."""
    if not 1 <= spaces <= MAX_SPACES:
        raise ValueError("a plate has 1..64 spaces")
    return ID_MARK | (spaces - 1)


def plate_spaces(byte):
    """Spaces of the plate whose ID register reads ``byte``; 0 for no plate (or a broken chain)."""
    if byte & 0xC0 != ID_MARK:
        return 0
    return (byte & 0x3F) + 1


def bit_index(space):
    """Position of ``space``'s bit in the chain's read order (space 1 = register 1, input A).

    Register 0 (nearest the Pico, its QH on the data pin) is the ID register; sensor spaces
    1..8 are on register 1 inputs A..H, 9..16 on register 2, and so on. A 74HC165 shifts out
    H first, so input A of register ``r`` is read as bit ``8 * r + 7``.
    """
    k = space - 1
    return 8 * (1 + k // 8) + 7 - k % 8


class ChainReader:
    """A chain of 74HC165 parallel-in shift registers on three pins.

    ``load`` (SH/LD, output, idle high), ``clock`` (CLK, output, idle low) and ``data`` (QH of
    register 0, input with a pull-down) are ``machine.Pin`` objects. CLK INH of every register is
    tied to GND, SER of register ``r`` to QH of register ``r + 1`` and SER of the last one to GND.
    Hall switches pull their input low when the magnet is over them (``active_low``).
    """

    def __init__(self, load, clock, data, active_low=True):
        self.load = load
        self.clock = clock
        self.data = data
        self.active_low = active_low
        self.load.value(1)
        self.clock.value(0)

    def _latch(self):
        self.load.value(0)  # parallel load: every input is copied into the registers
        self.load.value(1)

    def _shift(self, n):
        """The next ``n`` bits, in read order (1 = high)."""
        data, clock = self.data, self.clock
        out = []
        for _ in range(n):
            out.append(data.value())
            clock.value(1)  # rising edge: the next bit moves to QH
            clock.value(0)
        return out

    def read(self):
        """``(spaces, occupied)``: the plate's size (0 = none) and, space 1 first, True where a
        magnet is seen (an empty list without a plate). One latch: the ID and the sensors are
        from the same instant."""
        self._latch()
        byte = 0
        for bit in self._shift(8):
            byte = (byte << 1) | (1 if bit else 0)
        spaces = plate_spaces(byte)
        if spaces == 0:
            return 0, []
        bits = self._shift(8 * ((spaces + 7) // 8))
        low = self.active_low
        out = []
        for space in range(1, spaces + 1):
            level = bits[bit_index(space) - 8]
            out.append((level == 0) if low else (level == 1))
        return spaces, out


class SensorBoard:
    """The board's main loop body: call :meth:`poll` often (every millisecond or so).

    ``reader``: ``read() -> (spaces, occupied)``; ``link``: ``any()``, ``read()``, ``write(bytes)``;
    ``ticks_ms``/``ticks_diff``: MicroPython's ``time.ticks_ms``/``time.ticks_diff``. Times in ms.
    """

    def __init__(self, reader, link, ticks_ms, ticks_diff, firmware=FIRMWARE,
                 sample_ms=5, stable_samples=3, snapshot_ms=1000):
        self.reader = reader
        self.link = link
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.firmware = firmware
        self.sample_ms = sample_ms
        self.stable_samples = stable_samples
        self.snapshot_ms = snapshot_ms
        self.frames = 0
        """Frames written since the start (for a bench; wraps harmlessly on MicroPython)."""
        self._rx = b""
        self._skipping = False
        spaces, first = reader.read()
        self._set_plate(spaces, first)
        now = ticks_ms()
        self._last_sample = now
        self.say_hello()

    def _set_plate(self, spaces, sample):
        self.spaces = spaces
        self.state = list(sample)
        self._candidate = list(sample)
        self._count = [0] * spaces
        self._plate_candidate = spaces
        self._plate_count = 0

    def _write(self, data):
        self.link.write(data)
        self.frames += 1

    def say_hello(self):
        """``HELLO`` and, with a plate, a snapshot."""
        if self.spaces:
            self._write(hello_frame(self.firmware, self.spaces))
        self.send_snapshot()  # without a plate this is the HELLO

    def send_snapshot(self):
        if self.spaces:
            self._write(snap_frame(self.state))
        else:  # no plate: there is nothing to snapshot; say HELLO 0 so the host knows we are here
            self._write(hello_frame(self.firmware, 0))
        self._last_snap = self.ticks_ms()

    def poll(self):
        self._read_requests()
        now = self.ticks_ms()
        if self.ticks_diff(now, self._last_sample) >= self.sample_ms:
            self._last_sample = now
            spaces, sample = self.reader.read()
            if self._plate_settled(spaces, sample):
                self._debounce(sample)
        if self.ticks_diff(self.ticks_ms(), self._last_snap) >= self.snapshot_ms:
            self.send_snapshot()

    def _plate_settled(self, spaces, sample):
        """False while another plate (or none) is being read; after ``stable_samples`` reads of
        it, switch to it and say HELLO."""
        if spaces == self.spaces:
            self._plate_count = 0
            return True
        if spaces != self._plate_candidate:
            self._plate_candidate = spaces
            self._plate_count = 1
        else:
            self._plate_count += 1
        if self._plate_count >= self.stable_samples:
            self._set_plate(spaces, sample)
            self.say_hello()
        return False

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
                self._write(chg_frame(i + 1, value))

    def _read_requests(self):
        if not self.link.any():
            return
        data = self.link.read()
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
                self.say_hello()
            elif what == "SNAP":
                self.send_snapshot()
        if len(tail) > MAX_LINE + 1:
            tail = b""
            self._skipping = True
        self._rx = tail
