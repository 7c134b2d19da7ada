"""Display benchmark (on demand): for every registered game with screens, CPU per frame at 800×480
of each of its sample screens (the registry's part ``screens``, drawn as the app draws them),
then process start → first frame of each game, and peak RSS.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_display.py [--frames 300]

Goals on the 2-core build machine: ≤ 1.0 ms CPU per frame for the worst screen of each game,
≤ 0.3 s from start to the first frame, ≤ 80 MB peak RSS. Prints one JSON line; exits 1 when a
goal is missed.
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

CPU_MS_GOAL = 1.0
FIRST_FRAME_S_GOAL = 0.3
RSS_MB_GOAL = 80
BATCHES = 3
"""Each screen's frames in this many batches; the fastest batch's mean counts."""


def cpu_per_frame(frames: int) -> dict[str, dict[str, float]]:
    """{game: {screen: CPU ms per frame}} at 800×480, each screen redrawn ``frames`` times in
    :data:`BATCHES` batches (its first frame, which renders its lines once, not counted)."""
    import pygame

    from table import games as registry
    from table.display.app import draw_frame

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    games = {g.key: g for g in registry.games()}
    out: dict[str, dict[str, float]] = {}
    for game in registry.games():
        if not (game.has_part("view") and game.has_part("screens")):
            continue
        view = game.part("view")((800, 480))
        out[game.key] = {}
        for name, build in game.part("screens")().items():
            ctl = build()
            choosing = ctl.mode == "setup"
            draw_frame(view, screen, ctl, games, choosing=choosing)  # warm the text cache
            best = float("inf")
            for _batch in range(BATCHES):  # the best batch: other processes on a shared machine only add
                t0 = time.process_time()
                for _ in range(frames // BATCHES):
                    draw_frame(view, screen, ctl, games, choosing=choosing)
                best = min(best, (time.process_time() - t0) / (frames // BATCHES) * 1000)
            out[game.key][name] = best
    pygame.display.quit()
    return out


def first_frame(game: str, state_dir: str) -> float:
    """Seconds from starting ``play --game`` to its first frame on screen (a screenshot of it)."""
    shot = Path(state_dir) / f"{game}.png"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "table", "play", "--game", game, "--display", "window", "--state-dir",
                    str(Path(state_dir) / game), "--screenshot", str(shot)], cwd=ROOT, check=True)
    return time.perf_counter() - t0


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
    ap.add_argument("--frames", type=int, default=300)
    args = ap.parse_args()
    cpu = cpu_per_frame(args.frames)
    from table import games as registry

    with tempfile.TemporaryDirectory() as tmp:
        first = {g.key: round(first_frame(g.key, tmp), 3) for g in registry.games() if g.has("companion")}
    _first, rss, _ = first_frame_and_rss()
    worst = {game: max(screens.items(), key=lambda kv: kv[1]) for game, screens in cpu.items()}
    result = {"cpu_ms_per_frame": {game: {k: round(v, 3) for k, v in screens.items()} for game, screens in cpu.items()},
              "worst_screen_ms": {game: [name, round(ms, 3)] for game, (name, ms) in worst.items()},
              "start_to_first_frame_s": first, "peak_rss_mb": round(rss, 1)}
    ok = all(ms <= CPU_MS_GOAL for _n, ms in worst.values()) and max(first.values()) <= FIRST_FRAME_S_GOAL \
        and rss <= RSS_MB_GOAL
    result["goals_met"] = ok
    print(json.dumps(result))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
