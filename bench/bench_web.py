"""The phones' figures on loopback (docs/web.md): real uvicorn, the Unix socket, a kiosk thread
pumping at 30 frames/s (the screen's rate) with a Waldgärtner game.

    PYTHONPATH=. python bench/bench_web.py [--phones 8 --seconds 180]

1. GET /api/view 600 times (the same path as a choice: HTTP → socket → the next frame → answer).
2. Each card drawn in the seeded game's first rounds entered on the drawing seat's phone (POST
   choose, answered after the shell applied and journalled it); the lid's other lines entered on
   the kiosk thread. The process's RSS before and after.
3. With ``--phones N``: N update streams open for ``--seconds`` while the lid enters a line every
   ``--pace`` seconds (2); the RSS at the start and the end, and the events each phone received. ``--lid-only``:
   the same lid lines with no stream (the game's own growth, to compare).
"""

from __future__ import annotations

import argparse
import json
import queue
import socket
import sys
import tempfile
import threading
import time
import tracemalloc
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import uvicorn

from table.web.app import make_app
from table.web.bridge import Bridge, socket_path
from table.web.client import KioskSocket
from tests.web.tables import waldgaertner_draw

FRAME_S = 1 / 30


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS")).split()[1])


def quantile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


class Kiosk(threading.Thread):
    """The kiosk's main thread: the lid's lines (``lid`` queue), then the socket's pump, each frame."""

    def __init__(self, tmp: Path) -> None:
        super().__init__(daemon=True)
        self.tmp = tmp
        self.lid: queue.Queue[tuple[str, threading.Event]] = queue.Queue()
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.table: dict[str, Any] = {}

    def run(self) -> None:
        ctl, journal, door, lines, i = waldgaertner_draw(self.tmp)
        self.table.update(ctl=ctl, door=door, lines=lines, i=i)
        bridge = Bridge(door, socket_path(self.tmp))
        bridge.start()
        self.ready.set()
        while not self.stop.is_set():
            while not self.lid.empty():
                line, done = self.lid.get()
                ctl.do(line)
                done.set()
            bridge.pump()
            time.sleep(FRAME_S)
        bridge.close()
        journal.close()

    def enter(self, line: str) -> None:
        done = threading.Event()
        self.lid.put((line, done))
        done.wait()


def serve(tmp: Path) -> tuple[uvicorn.Server, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(make_app(KioskSocket(socket_path(tmp))), host="127.0.0.1", port=port,
                                           http="h11", loop="asyncio", ws="none", lifespan="off",
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def views(base: str, token: str, n: int = 600) -> None:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        urllib.request.urlopen(f"{base}/api/view/{token}").read()
        times.append(time.perf_counter() - t)
    print(f"GET view x{n}: p50 {quantile(times, .5) * 1000:.1f} ms, p99 {quantile(times, .99) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms")


def draws(kiosk: Kiosk, base: str, lines: list[str]) -> None:
    ctl, door = kiosk.table["ctl"], kiosk.table["door"]
    taps = []
    for line in lines:
        if ctl.mode != "play":
            break
        if ctl.stage() == "draw" and line.startswith("card "):
            body = json.dumps({"card": line.split()[1]}).encode()
            req = urllib.request.Request(f"{base}/api/choose/{door.tokens.token(ctl.seat())}", data=body,
                                         method="POST", headers={"Origin": base, "Content-Type": "application/json"})
            t = time.perf_counter()
            urllib.request.urlopen(req).read()
            taps.append(time.perf_counter() - t)
            assert ctl.cmds[-1] == line, (ctl.cmds[-1], line)
        else:
            kiosk.enter(line)
    print(f"POST choose (a card drawn) x{len(taps)}: p50 {quantile(taps, .5) * 1000:.1f} ms, "
          f"p99 {quantile(taps, .99) * 1000:.1f} ms, max {max(taps) * 1000:.1f} ms")


def phones(kiosk: Kiosk, base: str, lines: list[str], count: int, seconds: float, pace: float) -> None:
    """``count`` phones on the update stream for ``seconds`` (each opens a new stream when one ends,
    as a browser does) while the lid enters a line every ``pace`` seconds; the RSS once a minute."""
    ctl, door = kiosk.table["ctl"], kiosk.table["door"]
    got = [0] * count
    opened = [0] * count
    end = time.monotonic() + seconds + 5

    def phone(k: int) -> None:
        token = door.tokens.token(door.tokens.seats()[k % len(door.tokens.seats())])
        while time.monotonic() < end:
            opened[k] += 1
            try:
                with urllib.request.urlopen(f"{base}/api/events/{token}", timeout=60) as r:
                    while time.monotonic() < end:
                        line = r.readline()
                        if not line:
                            break
                        got[k] += line.startswith(b"data:")
            except OSError:
                time.sleep(3)  # as the page does: ask again a little later

    threads = [threading.Thread(target=phone, args=(k,), daemon=True) for k in range(count)]
    for t in threads:
        t.start()
    time.sleep(5)
    start_rss = rss_kb()
    first = tracemalloc.take_snapshot() if tracemalloc.is_tracing() else None
    start = time.monotonic()
    n = 0
    samples: list[int] = []
    while time.monotonic() < start + seconds:
        if n < len(lines) and ctl.mode == "play" and time.monotonic() >= start + n * pace:
            kiosk.enter(lines[n])
            n += 1
        if time.monotonic() - start >= 60 * len(samples):
            samples.append(rss_kb())
        time.sleep(0.2)
    samples.append(rss_kb())
    for t in threads:
        t.join(65)
    print(f"{count} phones, {seconds:.0f} s, {n} lid lines: RSS {start_rss} -> {rss_kb()} kB; events per phone {got}; "
          f"streams opened per phone {opened}; threads now {threading.active_count()}")
    print(f"RSS once a minute (kB): {samples}")
    if first is not None:
        grown(first, tracemalloc.take_snapshot())


def grown(first: tracemalloc.Snapshot, last: tracemalloc.Snapshot, top: int = 15) -> None:
    """What Python allocated between two snapshots and still holds: by file, then by line."""
    for kind in ("filename", "lineno"):
        stats = last.compare_to(first, kind)
        total = sum(s.size_diff for s in stats)
        print(f"tracemalloc, grown by {kind}: {total / 1024:+.0f} kB in all")
        for s in stats[:top]:
            print(f"  {s.size_diff / 1024:+8.1f} kB {s.count_diff:+6d} blocks  {s.traceback}")
    for s in last.compare_to(first, "traceback")[:4]:  # who allocated the most of what grew
        print(f"grown {s.size_diff / 1024:+.1f} kB at:")
        for line in s.traceback.format()[-16:]:
            print(f"    {line}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phones", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=180)
    ap.add_argument("--pace", type=float, default=2.0, help="seconds between two lid lines")
    ap.add_argument("--lid-only", action="store_true", help="the same lid lines and time with no stream open (the "
                                                            "game's own growth, to compare)")
    ap.add_argument("--trace", action="store_true", help="tracemalloc snapshots at the start and the end of the "
                                                         "streams' run: what grew, by file and by line")
    args = ap.parse_args()
    if args.trace:
        tracemalloc.start(8)
    tmp = Path(tempfile.mkdtemp())
    kiosk = Kiosk(tmp)
    kiosk.start()
    kiosk.ready.wait()
    print(f"RSS before: {rss_kb()} kB")
    server, base = serve(tmp)
    lines, i = kiosk.table["lines"], kiosk.table["i"]
    views(base, kiosk.table["door"].tokens.token(1))
    draws(kiosk, base, lines[i:i + 150])
    print(f"RSS after: {rss_kb()} kB")
    if args.phones or args.lid_only:
        phones(kiosk, base, lines[i + 150:], 0 if args.lid_only else args.phones, args.seconds,
               args.pace)
    server.should_exit = True
    kiosk.stop.set()
    time.sleep(0.3)


if __name__ == "__main__":
    main()
