"""The strong bot against three greedy bots, per game: win rate with its 95% interval, and the
strong bot's CPU time per decision and per turn (issue 23). Run on demand, not in the test suite.

    python bench/bots_vs_greedy.py --game zankapfel --games 500 [--seed 30000] [--players 4]
    python bench/bots_vs_greedy.py --game waldgaertner --games 500 --out wg.jsonl [--shard 0/2]
    python bench/bots_vs_greedy.py --game waldgaertner --games 500 --report wg.jsonl wg1.jsonl

Game ``g`` uses seed ``SEED + g`` for its chance and ``seat_seed(SEED + g, seat)`` for each bot
(as ``simulate`` does); the strong bot sits at seat ``g % players``, the greedy bots elsewhere.
A shared win counts 1/k. The interval is Wilson's score interval (95%). The fair share is
1/players.

**Incremental**: with ``--out FILE`` every finished game is appended to FILE as one JSON line
(seed, seat, win share, margin, the strong bot's CPU times, the batches it built), and a rerun
skips the games already in the file, so a stopped run goes on where it was. ``--shard i/n``
plays only the games ``g`` with ``g % n == i`` (two processes on two cores, each its own file);
or give several processes the same ``--out`` file and the same ``--claims DIR``: each claims a
game (a file in DIR, created once) before playing it and skips the games claimed or in the file,
so processes can be added or stopped at any time (a stopped one's claimed game is played again
by a run with a new DIR). ``--report FILE...`` sums files up without playing (a game found twice
counts once). The figures cover the games found.

Times are per ``choose`` call with two or more legal actions (a *decision*) and per *turn* (the
strong seat's decisions between two decisions of other seats), in CPU time of this process (the
machine is shared: wall-clock time measures the other jobs too); the moves do not depend on
them (a fixed budget). ``--set NAME=VALUE`` (tuning only) overrides a constant of the game's
``bots`` module before the games (``STRONG_WIDTH=4``, ``STRONG_BUDGET.iterations=60``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.bots.harness import seat_seed


def new_state(game: str, players: int, seed: int) -> tuple[Any, Any]:
    """The game's first state and the chance sampler (None: the state samples its own)."""
    if game == "zankapfel":
        from table.games.zankapfel.rules import Config, new_game
        return new_game(Config(players), random.Random(seed), keep_undo=False), None
    if game == "waldgaertner":
        from table.games.waldgaertner.files import load_cards
        from table.games.waldgaertner.rules import Config as WConfig
        from table.games.waldgaertner.rules import new_game as wnew
        return wnew(WConfig(players, load_cards()), random.Random(seed), keep_undo=False), None
    from table.games.draftcider.rules.game import Config as DConfig
    from table.games.draftcider.rules.game import new_game as dnew
    from table.games.draftcider.rules.game import sample_chance
    chance = random.Random(seed)
    return dnew(DConfig(players), chance), lambda state: sample_chance(state, chance)


def bots_module(game: str) -> Any:
    return __import__(f"table.games.{game}.bots", fromlist=["make_bot"])


def apply_settings(module: Any, settings: list[str]) -> None:
    """``NAME=VALUE`` or ``NAME.field=VALUE`` (a frozen dataclass constant) on ``module``."""
    for item in settings:
        name, _, raw = item.partition("=")
        value = json.loads(raw)
        if "." in name:
            const, fld = name.split(".", 1)
            setattr(module, const, dataclasses.replace(getattr(module, const), **{fld: value}))
        else:
            setattr(module, name, value)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play_one(game: str, players: int, seed: int, strong_seat: int) -> dict[str, Any]:
    """One game; its record line (see the module doc)."""
    module = bots_module(game)
    bots = [module.make_bot("strong" if s == strong_seat else "greedy", random.Random(seat_seed(seed, s)))
            for s in range(players)]
    state, chance = new_state(game, players, seed)
    times: list[float] = []
    turns: list[float] = []
    turn = 0.0
    while not state.is_terminal():
        if chance is not None and state.is_chance():
            state.apply(chance(state))
            continue
        seat = state.current_player()
        many = len(state.legal_actions()) > 1
        c = time.process_time()
        action = bots[seat].choose(state)
        spent = time.process_time() - c
        if seat == strong_seat and many:
            times.append(spent)
            turn += spent
        elif seat != strong_seat and many and turn:
            turns.append(turn)
            turn = 0.0
        state.apply(action)
    if turn:
        turns.append(turn)
    winners = state.winners()
    points = state.returns()
    return {"seed": seed, "seat": strong_seat, "win": 1 / len(winners) if strong_seat in winners else 0.0,
            "margin": points[strong_seat] - max(p for s, p in enumerate(points) if s != strong_seat),
            "times": [round(t, 5) for t in times], "turns": [round(t, 5) for t in turns],
            "cut": bots[strong_seat].cut_short, "built": built_by(game, state, strong_seat)}


def built_by(game: str, state: Any, seat: int) -> dict[str, list[int]]:
    """Draft Cider: per seat, per batch ``[cards, points]`` at the end (else nothing)."""
    if game != "draftcider":
        return {}
    from table.games.draftcider.rules.scoring import BATCHES, batch_points
    out: dict[str, list[int]] = {}
    for s, orchard in enumerate(state.orchards):
        who = "strong" if s == seat else f"greedy{s}"
        for b, name in enumerate(BATCHES):
            out[f"{who}:{name}"] = [len(orchard[b]), batch_points(orchard, b, easy=state.config.easy)]
    return out


def batch_lines(games: list[dict[str, Any]]) -> list[str]:
    """Draft Cider: per batch, the share of games in which the strong bot (and a greedy seat)
    put cards there and in which it scored more than 0, and its mean points when it scored."""
    if not games or not games[0]["built"]:
        return []
    names = [k.split(":", 1)[1] for k in games[0]["built"] if k.startswith("strong:")]
    lines = ["  batches per game (strong | greedy seats): cards there / scored > 0 / mean points when scored"]
    for name in names:
        cols = []
        for who in ("strong", "greedy"):
            rows = [v for g in games for k, v in g["built"].items() if k.startswith(who) and k.endswith(":" + name)]
            scored = [p for _c, p in rows if p > 0]
            cols.append(f"{sum(1 for c, _p in rows if c) / len(rows):4.0%} / {len(scored) / len(rows):4.0%} / "
                        f"{statistics.fmean(scored) if scored else 0:5.1f}")
        lines.append(f"    {name:11s} {cols[0]}  |  {cols[1]}")
    return lines


def read_lines(paths: list[Path]) -> list[dict[str, Any]]:
    """The games in the files, each seed once (the first line found)."""
    out: dict[int, dict[str, Any]] = {}
    for path in paths:
        if path.exists():
            for line in path.read_text().splitlines():
                if line.strip():
                    game = json.loads(line)
                    out.setdefault(game["seed"], game)
    return list(out.values())


def claim(claims: Path | None, seed: int) -> bool:
    """Whether this process may play game ``seed`` (always, without a claims folder)."""
    if claims is None:
        return True
    claims.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(claims / str(seed), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def report(game: str, players: int, games: list[dict[str, Any]]) -> str:
    n = len(games)
    if not n:
        return f"{game}: no games"
    wins = sum(g["win"] for g in games)
    lo, hi = wilson(wins, n)
    times = sorted(t for g in games for t in g["times"])
    turns = sorted(t for g in games for t in g["turns"])
    seeds = sorted(g["seed"] for g in games)
    lines = [f"{game}: strong vs {players - 1} greedy, {n} games (seeds {seeds[0]}..{seeds[-1]}): "
             f"win rate {wins / n:.3f} (95% {lo:.3f}-{hi:.3f}; fair share {1 / players:.3f}); "
             f"margin over the best other {statistics.fmean(g['margin'] for g in games):+.2f} points"]
    for label, xs in (("decision", times), ("turn", turns)):
        lines.append(f"  strong bot per {label}, CPU time: mean {1000 * statistics.fmean(xs):.0f} ms, "
                     f"p99 {1000 * xs[int(0.99 * (len(xs) - 1))]:.0f} ms, max {1000 * xs[-1]:.0f} ms "
                     f"over {len(xs)} {label}s")
    lines.append(f"  safety net fired {sum(g['cut'] for g in games)} time(s)")
    lines += batch_lines(games)
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=("zankapfel", "draftcider", "waldgaertner"))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=30000)
    ap.add_argument("--out", type=Path, help="append each game to this JSON-lines file; skip the games in it")
    ap.add_argument("--shard", default="0/1", help="i/n: play only the games g with g %% n == i")
    ap.add_argument("--claims", type=Path, help="a folder shared by the processes playing into one --out file")
    ap.add_argument("--report", type=Path, nargs="+", help="sum these files up, play nothing")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE on the game's bots module (tuning)")
    args = ap.parse_args()
    if args.report:
        wanted = set(range(args.seed, args.seed + args.games))
        print(report(args.game, args.players, [g for g in read_lines(args.report) if g["seed"] in wanted]))
        return
    apply_settings(bots_module(args.game), args.set)
    shard, shards = (int(x) for x in args.shard.split("/"))
    start = time.perf_counter()
    played: list[dict[str, Any]] = []
    for g in range(shard, args.games, shards):
        seed = args.seed + g
        if args.out and any(x["seed"] == seed for x in read_lines([args.out])):
            continue
        if not claim(args.claims, seed):
            continue
        line = play_one(args.game, args.players, seed, g % args.players)
        played.append(line)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(line) + "\n")
        if len(played) % 20 == 0:
            wins = sum(x["win"] for x in played)
            print(f"  {len(played)} games here, win rate {wins / len(played):.3f}, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    games = read_lines([args.out]) if args.out else played
    print(report(args.game, args.players, [x for x in games if args.seed <= x["seed"] < args.seed + args.games]))


if __name__ == "__main__":
    main()
