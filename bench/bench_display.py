"""Display benchmark (on demand): for every registered game with screens, CPU per frame at 800×480
of each of its sample screens (the registry's part ``screens``, drawn as the app draws them: the
screen ``help`` with the help page open), then process start → first frame of each game, and peak RSS.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/bench_display.py [--frames 300] [--starts 3]

A frame is the whole frame redrawn (``app.draw_frame``), its text already rendered once: what the
kiosk spends when something changed; the goal holds it. With nothing changed the app draws
nothing: ``idle_frame_ms`` is its loop body then (``App.step``), the worst screen of each game.
The first frame is timed as systemd sees it: the bench listens on ``NOTIFY_SOCKET`` for the READY=1 the app sends
right after flipping its first frame; each game is started into a new state dir and into one
already used, a few times each (best and median: on a shared machine other processes only add).

Goals on the 2-core build machine: ≤ 1.0 ms CPU per frame for the worst screen of each game,
≤ 0.3 s from start to the first frame (the best start), ≤ 80 MB peak RSS. Prints one JSON line;
exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CPU_MS_GOAL = 1.0
FIRST_FRAME_S_GOAL = 0.3
RSS_MB_GOAL = 80
BATCHES = 5
"""Each screen's frames in this many batches, taken in turns with every other screen's (so that
each screen is timed in several moments of the run); the fastest batch's mean counts."""


def cpu_per_frame(frames: int) -> dict[str, dict[str, float]]:
    """{game: {screen: CPU ms per frame}} at 800×480, each screen redrawn ``frames`` times in
    :data:`BATCHES` batches (its first frame, which renders its lines once, not counted).

    The batches go round every screen of every game in turn rather than one screen's batches back
    to back: on the shared development machine the same code runs in a fast and a slow state for
    seconds at a time (about 0.8 against 1.1 ms a frame, measured 2026-11-26 with the code of
    two sessions apart alike), and the best of batches taken within one such stretch measured
    the machine's state, not the frame."""
    import pygame

    from table import games as registry
    from table.display.app import draw_frame

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    games = {g.key: g for g in registry.games()}
    shown: list[tuple[str, str, Any, Any, bool, bool]] = []
    for game in registry.games():
        if not (game.has_part("view") and game.has_part("screens")):
            continue
        view = game.part("view")((800, 480))
        for name, build in game.part("screens")().items():
            ctl = build()
            # as the app shows it (and the goldens hold it): the screen "help" is the help page open
            choosing, help_open = ctl.mode == "setup", name == "help"
            draw_frame(view, screen, ctl, games, choosing=choosing, help_open=help_open)  # warm the text cache
            shown.append((game.key, name, view, ctl, choosing, help_open))
    out: dict[str, dict[str, float]] = {key: {} for key, *_rest in shown}
    per_batch = max(1, frames // BATCHES)
    for _batch in range(BATCHES):  # the best batch: other processes on a shared machine only add
        for key, name, view, ctl, choosing, help_open in shown:
            t0 = time.process_time()
            for _ in range(per_batch):
                draw_frame(view, screen, ctl, games, choosing=choosing, help_open=help_open)
            ms = (time.process_time() - t0) / per_batch * 1000
            out[key][name] = min(out[key].get(name, float("inf")), ms)
    pygame.display.quit()
    return out


def cpu_per_idle_frame(frames: int) -> dict[str, float]:
    """{game: CPU ms} of the app's loop body (``App.step``: inputs, workers, LEDs, the screen saver,
    and a draw only when something changed) once a screen is up and nothing changes, the worst
    screen of each game, at 800×480 (the games' workers polled as on the kiosk)."""
    import pygame

    from table import games as registry
    from table.display.app import App, screen_workers

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    every = registry.games()
    workers = screen_workers(every)
    out: dict[str, float] = {}
    for game in every:
        if not (game.has_part("view") and game.has_part("screens")):
            continue
        for name, build in game.part("screens")().items():
            app = App(build(), screen, games=every, workers=workers, clock=lambda: 0.0)
            app.help_open = name == "help"
            app.step()
            t0 = time.process_time()
            for _ in range(frames):
                app.step()
            out[game.key] = max(out.get(game.key, 0.0), (time.process_time() - t0) / frames * 1000)
    for worker in workers:
        worker.close()
    pygame.display.quit()
    return out


def _child_env(notify: Path | None = None) -> dict[str, str]:
    """The started program's environment: bytecode cached as an installed kiosk has it (a shell
    with ``PYTHONDONTWRITEBYTECODE`` would have every start compile the package again, some 0.5 s),
    and ``NOTIFY_SOCKET`` when the bench listens for READY."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if notify is not None:
        env["NOTIFY_SOCKET"] = str(notify)
    return env


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_frame(game: str, state_dir: Path, timeout_s: float = 60.0) -> tuple[float, float]:
    """Seconds from starting ``play --game`` (a window; the state dir as given: new or already
    used) to its first frame on screen: the app tells systemd READY=1 right after it flips its
    first frame (``display/app.first_frame``), so the bench is systemd's notify socket. The
    program is then stopped (SIGTERM, as ``systemctl stop``). Returns the seconds and the CPU
    seconds the program had used by then (what the other processes of a shared machine do not add to)."""
    notify = state_dir.parent / f"{state_dir.name}.notify"
    notify.unlink(missing_ok=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(notify))
        sock.settimeout(timeout_s)
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "table", "play", "--game", game, "--display", "window",
                                 "--state-dir", str(state_dir)], cwd=ROOT, env=_child_env(notify),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while b"READY=1" not in sock.recv(4096).split(b"\n"):
                pass
            return time.perf_counter() - t0, cpu_seconds(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def first_frames(keys: list[str], starts: int) -> dict[str, dict[str, float]]:
    """Each game's start to first frame, ``starts`` times into a new state dir and ``starts``
    times into the one it made (the kiosk's every later start), after one start not counted
    (bytecode written, files in the page cache): {game: {"new_best", "new_median", "again_best",
    "again_median", "cpu_best"}} in seconds (``cpu_best``: the least CPU time a start used by its
    first frame). The best is what the program costs; the median what the shared machine gave it
    (other processes only add)."""
    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for key in keys:
            first_frame(key, Path(tmp) / f"{key}-warm")
            new = [first_frame(key, Path(tmp) / f"{key}-{n}") for n in range(starts)]
            again = [first_frame(key, Path(tmp) / f"{key}-0") for _n in range(starts)]
            out[key] = {"new_best": min(s for s, _c in new), "new_median": statistics.median(s for s, _c in new),
                        "again_best": min(s for s, _c in again),
                        "again_median": statistics.median(s for s, _c in again),
                        "cpu_best": min(c for _s, c in new + again)}
    return out


def first_frame_and_rss() -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        shot = Path(tmp) / "first.png"
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "table", "play", "--display", "window", "--state-dir", tmp,
                        "--screenshot", str(shot)], cwd=ROOT, check=True, env=_child_env())
        first = time.perf_counter() - t0
        script = Path(tmp) / "game.txt"
        from table.games.applejack.companion.api import Setup
        from table.games.applejack.files import load_dataset
        from table.games.applejack.session import auto_script

        script.write_text("\n".join(auto_script(load_dataset(), Setup(4, cottage=True), seed=9)) + "\n")
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run([sys.executable, "-m", "table", "play", "--display", "window", "--state-dir", tmp + "/g",
                        "--script", str(script), "--screenshot", str(shot)], cwd=ROOT, check=True,
                       env=_child_env())
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        return first, max(rss, before / 1024), before / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--starts", type=int, default=3, help="timed starts of each game, each way (default 3)")
    args = ap.parse_args()
    from table import games as registry

    # the kiosk's starts and peak RSS first: a child started by a big parent counts the parent's
    # pages in its peak (``RUSAGE_CHILDREN``), and the frames below hold every game's screens
    first = first_frames([g.key for g in registry.games() if g.has("companion")], args.starts)
    _first, rss, _ = first_frame_and_rss()
    cpu = cpu_per_frame(args.frames)
    idle = cpu_per_idle_frame(args.frames)
    worst = {game: max(screens.items(), key=lambda kv: kv[1]) for game, screens in cpu.items()}
    result = {"cpu_ms_per_frame": {game: {k: round(v, 3) for k, v in screens.items()} for game, screens in cpu.items()},
              "worst_screen_ms": {game: [name, round(ms, 3)] for game, (name, ms) in worst.items()},
              "idle_frame_ms": {game: round(ms, 4) for game, ms in idle.items()},
              "start_to_first_frame_s": {game: {k: round(v, 3) for k, v in f.items()} for game, f in first.items()},
              "peak_rss_mb": round(rss, 1)}
    slowest = max(max(f["new_best"], f["again_best"]) for f in first.values())
    ok = all(ms <= CPU_MS_GOAL for _n, ms in worst.values()) and slowest <= FIRST_FRAME_S_GOAL and rss <= RSS_MB_GOAL
    result["goals_met"] = ok
    print(json.dumps(result))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
