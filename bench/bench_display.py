"""Display benchmark (on demand): CPU per frame at 800×480, process start → first frame, peak RSS.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_display.py [--frames 2000]

Goals on the 2-core build machine: ≤ 1.7 ms CPU per frame, ≤ 1.0 s to the first frame,
≤ 80 MB peak RSS. Prints one JSON line; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def cpu_per_frame(frames: int) -> dict[str, float]:
    import pygame

    from table import games as registry
    from table.display.app import App
    from table.games.applejack.files import load_dataset
    from table.games.applejack.view.samples import NAMES, sample

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    data = load_dataset()
    out = {}
    for name in ("play", "harvest", "refill", "pad", "result"):
        assert name in NAMES
        ctl = sample(data, name)
        app = App(ctl, screen, games=registry.games())
        app.step()  # warm caches: the first frame of a screen renders its text once
        t0 = time.process_time()
        for _ in range(frames):
            ctl.version += 1
            app.draw_if_changed()
        out[name] = (time.process_time() - t0) / frames * 1000
    # a game being played: every press changes the screen (new counts, announcements)
    from table.games.applejack.companion.api import Controller, Setup
    from table.games.applejack.session import auto_script

    script = auto_script(data, Setup(4, cottage=True), seed=9)
    ctl = Controller(data)
    ctl.setup = Setup(4, cottage=True)
    app = App(ctl, screen, games=registry.games())
    t0 = time.process_time()
    n = 0
    for cmd in script:
        ctl.do(cmd)
        if app.draw_if_changed():
            n += 1
    out["game"] = (time.process_time() - t0) / n * 1000
    pygame.display.quit()
    return out


def first_frame_and_rss() -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        shot = Path(tmp) / "first.png"
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "table", "play", "--display", "window", "--state-dir", tmp,
                        "--screenshot", str(shot)], cwd=ROOT, check=True)
        first = time.perf_counter() - t0
        script = Path(tmp) / "game.txt"
        from table.games.applejack.companion.api import Setup
        from table.games.applejack.files import load_dataset
        from table.games.applejack.session import auto_script

        script.write_text("\n".join(auto_script(load_dataset(), Setup(4, cottage=True), seed=9)) + "\n")
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run([sys.executable, "-m", "table", "play", "--display", "window", "--state-dir", tmp + "/g",
                        "--script", str(script), "--screenshot", str(shot)], cwd=ROOT, check=True)
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        return first, max(rss, before / 1024), before / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=1000)
    args = ap.parse_args()
    cpu = cpu_per_frame(args.frames)
    first, rss, _ = first_frame_and_rss()
    worst = max(cpu.values())
    result = {"cpu_ms_per_frame": {k: round(v, 3) for k, v in cpu.items()}, "cpu_ms_worst": round(worst, 3),
              "start_to_first_frame_s": round(first, 3), "peak_rss_mb": round(rss, 1)}
    ok = worst <= 1.7 and first <= 1.0 and rss <= 80
    result["goals_met"] = ok
    print(json.dumps(result))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
