"""Headless soak of the screen demo: N games through ApplejackDemoScreen at pace 0, RSS measured.

    SDL_VIDEODRIVER=dummy python bench/soak_demo_screen.py [--games 1000] [--size 800x480]
        [--bots random] [--report-every 50] [--seconds 0]

Every frame is drawn onto a real (dummy-driver) display surface and flipped, exactly as on the
kiosk; LEDs go to the recording fake. With ``--bots`` the seats cycle solo, 2, 3, 4 players,
game after game; without it the demo's own varied line-up (strong, greedy, random) plays. RSS is
reported from after ``--warmup`` games (warm caches, every seat count) to the end; the goal is growth < 5 MB.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from memory import rss_kb  # bench/memory.py (the script folder is on sys.path)

from table.games.applejack.bots.demo import DemoStep, demo_steps
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.data import DataSet
from table.games.applejack.view.demo import ApplejackDemoScreen


def cycling(data: DataSet, bots: list[str]) -> Iterator[DemoStep]:
    """Endless games of ``bots``, solo to four seats in turn (one game kept at a time)."""
    for i in itertools.count():
        for step in demo_steps(data, games=1, players=1 + i % 4, seed=i, bots=bots):
            yield DemoStep(i + 1, step.seed, step.players, step.names, step.seat, step.action, step.events,
                           step.state)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--size", default="800x480")
    p.add_argument("--bots", default=None, help="seat bots, e.g. random (default: the demo's line-up)")
    p.add_argument("--warmup", type=int, default=4, help="games before the RSS baseline (one of each seat count)")
    p.add_argument("--report-every", type=int, default=50)
    p.add_argument("--seconds", type=float, default=0.0, help="stop after this long (0: no limit)")
    args = p.parse_args()
    w, _, h = args.size.partition("x")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((int(w), int(h)))
    data = load_dataset()
    steps = cycling(data, args.bots.split(",")) if args.bots else demo_steps(data)
    screen = ApplejackDemoScreen(data, surface, steps, pace=0, clock=lambda: 0.0)
    start = time.perf_counter()

    def games(n: int) -> None:
        target = screen.games + n
        while screen.games < target:
            pygame.event.pump()
            if screen.step() is not None:
                raise SystemExit("the demo stopped")

    games(args.warmup)
    gc.collect()
    base = peak = rss_kb()
    print(f"after {screen.games} games: RSS {base / 1024:.1f} MB, {screen.frames} frames", flush=True)
    while screen.games < args.games:
        games(min(args.report_every, args.games - screen.games))
        gc.collect()
        now = rss_kb()
        peak = max(peak, now)
        took = time.perf_counter() - start
        print(f"{screen.games} games, {screen.frames} frames, {took:.0f} s: RSS {now / 1024:.1f} MB "
              f"({(now - base) / 1024:+.2f} MB)", flush=True)
        if args.seconds and took > args.seconds:
            break
    end = rss_kb()
    # the cost of one frame alone: redraw the current step a few hundred times
    t = time.perf_counter()
    for _ in range(200):
        screen.drawn_version = -1
        screen.draw_if_changed()
    per_frame = (time.perf_counter() - t) / 200 * 1000
    print(f"RESULT games={screen.games} frames={screen.frames} rss_start_mb={base / 1024:.1f} "
          f"rss_end_mb={end / 1024:.1f} growth_mb={(end - base) / 1024:+.2f} peak_mb={peak / 1024:.1f} "
          f"draw_ms_per_frame={per_frame:.2f} seconds={time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
