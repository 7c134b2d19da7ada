"""A die-position sensor board simulator that speaks ``docs/die-sensor-protocol.md``.

Serves on a pty (prints the device path; ``--link`` keeps a stable symlink to it, like
``/dev/serial/by-id``) or on a loopback TCP port (127.0.0.1 only; the driver URL is then
``socket://127.0.0.1:PORT``). Driven by commands typed on stdin or read from a script file,
one per line::

    place N | p N        the die on space N (moves it if it is elsewhere)
    lift | l             take the die off the board
    slide A B C ... | s  slide the die over A, B, C..., resting on the last one
    garbage [N] | g      N random bytes (default 40) and a line end
    badsum | b           a CHG frame with a wrong checksum
    noise P | n P        corrupt one byte of each outgoing frame with probability P (0 = off)
    unplug [S] | u [S]   close the port, reopen it after S seconds (default 1)
    snap | hello         send a snapshot / hello now
    sleep S              wait S seconds (for scripts)
    quit | q

``--keys`` drives it with single key presses in a terminal instead (``a``/``d`` or arrows
move the die one space, digits put it on a space, ``l`` lift, ``u`` unplug, ``q`` quit...).

Importable for tests: :class:`DieSensorSim` is driven programmatically::

    sim = DieSensorSim(spaces=20)
    url = sim.serve_tcp()          # "socket://127.0.0.1:41234"
    sim.place(4); sim.slide([5, 6, 7]); sim.unplug(0.3)
    sim.close()

Run: ``python hardware-mocks/die_sensor_sim.py --tcp 0`` or ``--pty --link /tmp/die``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import select
import socket
import sys
import threading
import time
import tty
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

try:
    from table.hardware.die_protocol import Change, FrameParser, Hello, Request, Snapshot, encode
except ModuleNotFoundError:  # run as a script from a checkout: make the repo importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from table.hardware.die_protocol import Change, FrameParser, Hello, Request, Snapshot, encode


class DieSensorSim:
    """A simulated sensor board: ``spaces`` path spaces, one die, a serial-like transport.

    Times are seconds. ``snapshot_interval_s``: how often an unasked SNAP is sent.
    ``legacy``: speak protocol 1 (XOR ``*HH`` checksums) like firmware 1.x; else CRC-32 frames.
    """

    def __init__(
        self,
        spaces: int = 20,
        firmware: str = "sim-1.0",
        snapshot_interval_s: float = 1.0,
        seed: int | None = None,
        legacy: bool = False,
    ) -> None:
        self.spaces = spaces
        self.legacy = legacy
        self.firmware = firmware
        self.snapshot_interval_s = snapshot_interval_s
        self.occupied: set[int] = set()
        self.noise = 0.0
        self.requests: list[str] = []
        """Every request received from the host ("SNAP", "HELLO"), in order."""
        self.opened = 0
        """How many times the transport has been (re)opened."""
        self.opened_at = 0.0
        """``time.monotonic()`` when the transport was last (re)opened (the cable plugged back in)."""
        self._rng = random.Random(seed)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._kind: str | None = None
        self._link: Path | None = None
        self._tcp_port = 0
        self._down_until = 0.0
        # pty
        self._master: int | None = None
        self._slave: int | None = None
        self.device: str | None = None
        # tcp
        self._listener: socket.socket | None = None
        self._client: socket.socket | None = None
        self._parser = FrameParser(legacy_said=True)  # requests: an old host asks with the XOR

    # -- transports ---------------------------------------------------------------------------
    def serve_pty(self, link: str | Path | None = None) -> str:
        """Serve on a new pty; return the path to open (``link``, a symlink kept up to date, if given)."""
        self._kind = "pty"
        self._link = Path(link) if link is not None else None
        self._open()
        self._start()
        return str(self._link) if self._link is not None else str(self.device)

    def serve_tcp(self, port: int = 0) -> str:
        """Serve on 127.0.0.1:``port`` (0: any free port); return the ``socket://`` URL."""
        self._kind = "tcp"
        self._tcp_port = port
        self._open()
        self._start()
        return self.url

    @property
    def url(self) -> str:
        if self._kind == "tcp":
            return f"socket://127.0.0.1:{self._tcp_port}"
        return str(self._link) if self._link is not None else str(self.device)

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._serve, name="die-sensor-sim", daemon=True)
        self._thread.start()

    def _open(self) -> None:
        with self._lock:
            if self._kind == "pty":
                master, slave = os.openpty()
                tty.setraw(slave)
                self._master, self._slave = master, slave
                self.device = os.ttyname(slave)
                if self._link is not None:
                    tmp = self._link.with_name(self._link.name + ".new")
                    with contextlib.suppress(FileNotFoundError):
                        tmp.unlink()
                    tmp.symlink_to(self.device)
                    os.replace(tmp, self._link)
            else:
                listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                listener.bind(("127.0.0.1", self._tcp_port))
                listener.listen(1)
                self._tcp_port = listener.getsockname()[1]
                self._listener = listener
            self.opened += 1
            self.opened_at = time.monotonic()
            self._parser.reset()
            self._say_hello()

    def _shut(self) -> None:
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            for sock in (self._client, self._listener):
                if sock is not None:
                    with contextlib.suppress(OSError):
                        sock.shutdown(socket.SHUT_RDWR)
                    sock.close()
            self._client = self._listener = None

    def unplug(self, down_s: float = 1.0) -> None:
        """Close the port now (the host sees the cable pulled); reopen it after ``down_s`` seconds."""
        with self._lock:
            self._shut()
            self._down_until = time.monotonic() + down_s

    def close(self) -> None:
        """Stop serving and close everything (the ``--link`` symlink is removed). Idempotent."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._shut()
        if self._link is not None:
            with contextlib.suppress(FileNotFoundError):
                self._link.unlink()

    def __enter__(self) -> DieSensorSim:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def is_open(self) -> bool:
        with self._lock:
            return self._master is not None or self._listener is not None

    # -- the board ----------------------------------------------------------------------------
    def _serve(self) -> None:
        next_snap = time.monotonic() + self.snapshot_interval_s
        while not self._stop.is_set():
            now = time.monotonic()
            if not self.is_open:
                if now >= self._down_until:
                    try:
                        self._open()
                    except OSError:  # the TCP port is still taken: try again shortly
                        self._down_until = now + 0.05
                self._stop.wait(0.01)
                continue
            with self._lock:
                fds: list[int] = []
                if self._master is not None:
                    fds.append(self._master)
                if self._listener is not None:
                    fds.append(self._listener.fileno())
                if self._client is not None:
                    fds.append(self._client.fileno())
            try:
                ready, _, _ = select.select(fds, [], [], 0.02)
            except (OSError, ValueError):  # closed under us by unplug()
                continue
            for fd in ready:
                self._readable(fd)
            if time.monotonic() >= next_snap:
                self.send_snapshot()
                next_snap = time.monotonic() + self.snapshot_interval_s

    def _readable(self, fd: int) -> None:
        with self._lock:
            if self._listener is not None and fd == self._listener.fileno():
                client, _ = self._listener.accept()
                if self._client is not None:
                    self._client.close()
                self._client = client
                self._parser.reset()
                self._say_hello()
                return
            try:
                if self._client is not None and fd == self._client.fileno():
                    data = self._client.recv(1024)
                    if not data:
                        self._client.close()
                        self._client = None
                        return
                elif fd == self._master:
                    data = os.read(fd, 1024)
                else:
                    return
            except OSError:
                return
            for frame in self._parser.feed(data):
                if isinstance(frame, Request):
                    self.requests.append(frame.what)
                    if frame.what == "HELLO":
                        self._say_hello()
                    else:
                        self.send_snapshot()

    def _say_hello(self) -> None:
        self._write(encode(Hello(self.firmware, self.spaces), legacy=self.legacy))
        self.send_snapshot()

    def _write(self, data: bytes, corrupt: bool = True) -> bool:
        if corrupt and self.noise and self._rng.random() < self.noise:
            raw = bytearray(data)
            pos = self._rng.randrange(len(raw) - 2)
            raw[pos] = (raw[pos] + self._rng.randrange(1, 256)) % 256
            data = bytes(raw)
        with self._lock:
            try:
                if self._master is not None:
                    os.write(self._master, data)
                    return True
                if self._client is not None:
                    self._client.sendall(data)
                    return True
            except OSError:
                return False
        return False

    # -- what a person does with the die --------------------------------------------------------
    def _check(self, space: int) -> int:
        if not 1 <= space <= self.spaces:
            raise ValueError(f"space must be 1..{self.spaces}, got {space}")
        return space

    def _set(self, space: int, occupied: bool) -> None:
        with self._lock:
            if occupied == (space in self.occupied):
                return
            if occupied:
                self.occupied.add(space)
            else:
                self.occupied.discard(space)
            self._write(encode(Change(space, occupied), legacy=self.legacy))

    def place(self, space: int) -> None:
        """Put the die on ``space`` (taking it off wherever it was)."""
        self._check(space)
        with self._lock:
            for old in sorted(self.occupied - {space}):
                self._set(old, False)
            self._set(space, True)

    def lift(self) -> None:
        with self._lock:
            for old in sorted(self.occupied):
                self._set(old, False)

    def slide(self, path: Sequence[int], step_s: float = 0.05) -> None:
        """Slide the die over ``path``: each next space is covered before the last one is left."""
        for space in path:
            self._check(space)
        for space in path:
            with self._lock:
                before = set(self.occupied)
                self._set(space, True)
                for old in sorted(before - {space}):
                    self._set(old, False)
            time.sleep(step_s)

    # -- faults ---------------------------------------------------------------------------------
    def send_snapshot(self) -> bool:
        with self._lock:
            return self._write(encode(Snapshot.of(self.spaces, frozenset(self.occupied)), legacy=self.legacy))

    def send_hello(self) -> bool:
        return self._write(encode(Hello(self.firmware, self.spaces), legacy=self.legacy))

    def send_garbage(self, nbytes: int = 40) -> bool:
        return self._write(self._rng.randbytes(nbytes) + b"\n", corrupt=False)

    def send_bad_checksum(self, space: int = 1) -> bool:
        good = encode(Change(self._check(space), True), legacy=self.legacy)
        star = good.index(b"*")
        digits = good[star + 1 :].rstrip()
        wrong = int(digits, 16) ^ 0x5A
        return self._write(good[: star + 1] + b"%0*X\r\n" % (len(digits), wrong), corrupt=False)

    def send_raw(self, data: bytes) -> bool:
        return self._write(data, corrupt=False)

    # -- commands (keys or a script) ------------------------------------------------------------
    def key(self, key: str) -> bool:
        """One key of ``--keys`` mode (see KEYS_HELP); False for quit. Unknown keys do nothing."""
        where = min(self.occupied) if self.occupied else None
        if key in ("d", "RIGHT"):
            self.slide([min(self.spaces, (where or 0) + 1)], step_s=0.0)
        elif key in ("a", "LEFT"):
            self.slide([max(1, (where or 2) - 1)], step_s=0.0)
        elif key.isdigit() and len(key) == 1:
            self.place(int(key) or 10)
        elif key == "l":
            if where is not None:
                self._resting = where
            self.lift()
        elif key == "p":
            self.place(getattr(self, "_resting", 1))
        elif key == "g":
            self.send_garbage()
        elif key == "b":
            self.send_bad_checksum()
        elif key == "n":
            self.noise = 0.0 if self.noise else 0.3
        elif key == "u":
            self.unplug(1.0)
        elif key == "s":
            self.send_snapshot()
        elif key == "h":
            self.send_hello()
        elif key in ("q", "ESC"):
            return False
        return True

    def command(self, line: str) -> bool:
        """Run one command line (see the module doc); False for quit. Raises ValueError if bad."""
        words = line.split("#", 1)[0].split()
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        nums = [float(a) for a in args]
        if cmd in ("place", "p"):
            self.place(int(nums[0]))
        elif cmd in ("lift", "l"):
            self.lift()
        elif cmd in ("slide", "s"):
            self.slide([int(n) for n in nums])
        elif cmd in ("garbage", "g"):
            self.send_garbage(int(nums[0]) if nums else 40)
        elif cmd in ("badsum", "b"):
            self.send_bad_checksum()
        elif cmd in ("noise", "n"):
            self.noise = nums[0] if nums else 0.0
        elif cmd in ("unplug", "u"):
            self.unplug(nums[0] if nums else 1.0)
        elif cmd == "snap":
            self.send_snapshot()
        elif cmd == "hello":
            self.send_hello()
        elif cmd == "sleep":
            time.sleep(nums[0])
        elif cmd in ("quit", "q", "exit"):
            return False
        else:
            raise ValueError(f"unknown command {cmd!r}")
        return True

    def run_commands(self, lines: Iterable[str], echo: bool = False) -> None:
        for line in lines:
            if echo and line.strip():
                print(f"> {line.strip()}", flush=True)
            try:
                if not self.command(line):
                    return
            except (ValueError, IndexError) as exc:
                print(f"bad command {line.strip()!r}: {exc}", file=sys.stderr, flush=True)


KEYS_HELP = (
    "keys: a/d or arrows move the die a space, 1-9 and 0 put it on space 1-10, l lift, p put back, "
    "g garbage, b bad checksum, n noise on/off, u unplug 1 s, s snapshot, h hello, q quit"
)


def read_keys(stream: TextIO) -> Iterator[str]:
    """Single key presses from a terminal in cbreak mode; arrows as "LEFT"/"RIGHT"."""
    while True:
        ch = stream.read(1)
        if not ch:
            return
        if ch == "\x1b":
            seq = stream.read(2)
            yield {"[C": "RIGHT", "[D": "LEFT"}.get(seq, "ESC")
        else:
            yield ch


def run_keys(sim: DieSensorSim) -> None:
    import termios

    print(KEYS_HELP, flush=True)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        for key in read_keys(sys.stdin):
            if not sim.key(key):
                return
            print(f"\rdie on {sorted(sim.occupied) or 'nothing'}   ", end="", flush=True)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Die-position sensor board simulator.")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--pty", action="store_true", help="serve on a pty (prints its path)")
    where.add_argument("--tcp", type=int, metavar="PORT", help="serve on 127.0.0.1:PORT (0: any)")
    parser.add_argument("--link", help="with --pty: keep a symlink at this path (stable across unplugs)")
    parser.add_argument("--spaces", type=int, default=20, help="path spaces (default 20)")
    parser.add_argument("--script", help="read commands from this file instead of stdin")
    parser.add_argument("--keys", action="store_true", help="drive the die with single keys (a terminal)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between snapshots")
    args = parser.parse_args(argv)
    sim = DieSensorSim(spaces=args.spaces, snapshot_interval_s=args.interval)
    with sim:
        where_to = sim.serve_pty(args.link) if args.pty else sim.serve_tcp(args.tcp)
        print(f"die sensor simulator on {where_to} ({args.spaces} spaces); 'help' lists commands", flush=True)
        try:
            if args.script:
                with open(args.script, encoding="utf-8") as f:
                    sim.run_commands(f, echo=True)
            elif args.keys and sys.stdin.isatty():
                run_keys(sim)
            else:
                for line in sys.stdin:
                    words = line.split()
                    if words and words[0].lower() == "help":
                        print(__doc__)
                    elif words and words[0].lower() in ("q", "quit", "exit"):
                        break
                    else:
                        sim.run_commands([line])
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
