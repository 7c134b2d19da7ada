"""Headless text-demo soak: N games through the demo generator and text formatter, RSS measured.

    python bench/soak_demo.py [--games 10000] [--bots greedy,random] [--report-every 500]

Goal: 10,000 games with RSS growth < 5 MB (growth measured from after the first game, once the
caches are warm). Output lines go to a counter, not the terminal.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memory import rss_kb  # bench/memory.py (the script folder is on sys.path)

from table.games.applejack.bots.demo import run_text_demo
from table.games.applejack.files import load_dataset


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--bots", default=None, help="seat bots (default: the demo's varied line-up)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--report-every", type=int, default=500)
    p.add_argument("--seconds", type=float, default=0.0, help="stop after this long (0: no limit)")
    args = p.parse_args()
    data = load_dataset()
    bots = args.bots.split(",") if args.bots else None
    lines = 0

    def count(_line: str) -> None:
        nonlocal lines
        lines += 1

    start = time.perf_counter()
    run_text_demo(data, count, games=1, players=args.players, bots=bots, seed=0)
    gc.collect()
    base = rss_kb()
    peak = base
    done = 1
    print(f"after 1 game: RSS {base / 1024:.1f} MB", flush=True)
    while done < args.games:
        n = min(args.report_every, args.games - done)
        run_text_demo(data, count, games=n, players=args.players, bots=bots, seed=done)
        done += n
        gc.collect()
        now = rss_kb()
        peak = max(peak, now)
        print(f"{done} games, {lines} lines, RSS {now / 1024:.1f} MB (growth {(now - base) / 1024:+.2f} MB), "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
    print(f"soak: {done} games, RSS growth {(rss_kb() - base) / 1024:+.2f} MB (peak {(peak - base) / 1024:+.2f} MB)")


if __name__ == "__main__":
    main()
