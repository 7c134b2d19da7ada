"""Figures for docs/die-sensor.md: the firmware on the stand-in Pico, read by ``DieSensor`` over a pty.

    python hardware-mocks/rp2_standin/bench.py [--placements 40]

Prints the delay from the die coming to rest to the host's reading (p50 / p90 / worst), and the
frames per second on the link at rest and while the die is slid across the board without a stop.
The stand-in shares the host's CPU with the host, so the figures are an upper bound for a Pico.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from usb_host import UsbBoard  # noqa: E402

from table.hardware.die_sensor import DieSensor  # noqa: E402
from table.hardware.events import DieReading, SensorStatus  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--placements", type=int, default=40)
    ap.add_argument("--spaces", type=int, default=33)
    args = ap.parse_args(argv)
    frames: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, UsbBoard(ROOT / "hardware-mocks" / "firmware", Path(tmp)) as board:
        board.plate.insert(args.spaces)
        q: queue.Queue = queue.Queue()
        with DieSensor(str(board.link), q, on_frame=lambda f: frames.append(time.monotonic())) as sensor:
            while not isinstance(e := q.get(timeout=30), SensorStatus) or e.state != "connected":
                pass
            time.sleep(0.5)
            delays = []
            for k in range(args.placements):
                board.plate.place(1 + (k * 7) % args.spaces)
                while not isinstance(e := q.get(timeout=30), DieReading):
                    pass
                delays.append(e.t - board.plate.rested_at)
            t0, n0 = time.monotonic(), len(frames)
            time.sleep(5)
            idle = (len(frames) - n0) / (time.monotonic() - t0)
            t0, n0 = time.monotonic(), len(frames)
            for k in range(100):
                board.plate.place(1 + k % args.spaces)
                time.sleep(0.02)
            busy = (len(frames) - n0) / (time.monotonic() - t0)
            rejected = sensor.parser.stats.rejected
    delays.sort()
    print(f"rest -> reading over {len(delays)} placements: p50 {statistics.median(delays):.3f} s, "
          f"p90 {delays[int(0.9 * (len(delays) - 1))]:.3f} s, worst {delays[-1]:.3f} s")
    print(f"frames/s: at rest {idle:.1f}, die slid without stopping (a space every 20 ms) {busy:.1f}; "
          f"rejected lines {rejected}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
