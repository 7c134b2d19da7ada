"""Many seeded bot games, in parallel processes, and their summary.

Game ``i`` of a run with seed ``S`` uses seed ``S + i`` for its chance draws and
:func:`~table.games.applejack.bots.base.seat_seed` for each seat's bot, so the results do not depend on the
number of worker processes or on the order in which games finish.
"""

from __future__ import annotations

import csv
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from table.csvsafe import cell
from table.games.applejack.bots.base import BotChoiceError, make_bot, play_game, seat_seed
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.data import DataSet


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of one game (a CSV row)."""

    game: int
    seed: int
    players: int
    seat: int
    bot: str
    score: int
    win: float  # 1 for a sole winner, 1/k for a k-way tie, else 0
    harvest_final: int
    variety_bonus: int
    blossoms_final: int
    honey_final: int
    honey_harvests: int
    honey_blossoms: int
    honey_links: int
    honey_pasture: int
    honey_paid: int
    moves: int
    seconds: float


FIELDS = tuple(SeatResult.__dataclass_fields__)

_DATA: dict[str | None, DataSet] = {}


def _data(path: str | None) -> DataSet:
    d = _DATA.get(path)
    if d is None:
        d = load_dataset(path)
        _DATA[path] = d
    return d


def run_game(job: tuple[int, int, int, tuple[str, ...], str | None]) -> list[SeatResult]:
    """Play game number ``index`` (seed ``seed``) with the named bots; one result per seat."""
    index, seed, players, bot_names, data_path = job
    data = _data(data_path)
    bots = [make_bot(name, random.Random(seat_seed(seed, s))) for s, name in enumerate(bot_names)]
    seconds = [0.0] * players
    moves = [0] * players

    class _Timed:
        def __init__(self, seat: int) -> None:
            self.seat = seat
            self.name = bots[seat].name

        def choose(self, state):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            a = bots[self.seat].choose(state)
            seconds[self.seat] += time.perf_counter() - t
            moves[self.seat] += 1
            return a

    state = play_game(data, GameConfig(players), [_Timed(s) for s in range(players)], seed)
    scores = state.scores()
    totals = [sc.total for sc in scores]
    best = max(totals)
    n_best = totals.count(best)
    st = state.stats
    return [
        SeatResult(index, seed, players, s, bot_names[s], sc.total, (1.0 / n_best) if sc.total == best else 0.0,
                   sc.harvest_doubled, sc.variety_bonus, sc.blossoms, sc.honey, st.harvests[s], st.blossoms[s],
                   st.links[s], st.pasture[s], st.paid[s], moves[s], round(seconds[s], 6))
        for s, sc in enumerate(scores)
    ]


def seat_bots(names: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of each seat: the list repeated (``random,greedy`` for 4 seats: r, g, r, g)."""
    if not names:
        raise BotChoiceError("name at least one bot")
    return tuple(names[s % len(names)] for s in range(players))


def run_games(players: int, games: int, bot_names: Sequence[str], seed: int, jobs: int = 1,
              data_path: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> list[list[SeatResult]]:
    """Play ``games`` seeded games (``jobs`` worker processes); results in game order."""
    names = seat_bots(bot_names, players)
    work = [(i, seed + i, players, names, data_path) for i in range(games)]
    results: list[list[SeatResult] | None] = [None] * games
    done = 0
    if jobs <= 1:
        it: Iterator[list[SeatResult]] = map(run_game, work)
        for res in it:
            results[res[0].game] = res
            done += 1
            if progress:
                progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for res in pool.map(run_game, work, chunksize=max(1, min(16, games // (jobs * 8) or 1))):
                results[res[0].game] = res
                done += 1
                if progress:
                    progress(done, games)
    return [r for r in results if r is not None]


def _pct(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method."""
    s = sorted(values)
    if not s:
        return 0.0
    k = max(0, min(len(s) - 1, round(q * (len(s) - 1))))
    return float(s[k])


def summary_rows(results: Sequence[Sequence[SeatResult]]) -> list[dict[str, float | str | int]]:
    """Per seat: bot, score mean/median/p10/p90, win rate, mean honey by source, time per move."""
    if not results:
        return []
    players = len(results[0])
    rows: list[dict[str, float | str | int]] = []
    for s in range(players):
        seat = [g[s] for g in results]
        scores = [r.score for r in seat]
        moves = sum(r.moves for r in seat)
        rows.append({
            "seat": s + 1, "bot": seat[0].bot, "games": len(seat),
            "mean": statistics.fmean(scores), "median": float(statistics.median(scores)),
            "p10": _pct(scores, 0.10), "p90": _pct(scores, 0.90),
            "wins": sum(r.win for r in seat) / len(seat),
            "harvests": statistics.fmean(r.honey_harvests for r in seat),
            "blossoms": statistics.fmean(r.honey_blossoms for r in seat),
            "links": statistics.fmean(r.honey_links for r in seat),
            "ms_move": 1000 * sum(r.seconds for r in seat) / moves if moves else 0.0,
        })
    return rows


def format_summary(results: Sequence[Sequence[SeatResult]]) -> str:
    rows = summary_rows(results)
    if not rows:
        return "no games"
    head = (f"{'seat':>4} {'bot':<8} {'games':>6} {'mean':>7} {'median':>7} {'p10':>6} {'p90':>6} {'win%':>6} "
            f"{'harvest':>8} {'blossom':>8} {'links':>7} {'ms/move':>8}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['seat']:>4} {r['bot']!s:<8} {r['games']:>6} {r['mean']:>7.1f} {r['median']:>7.1f} "
                     f"{r['p10']:>6.0f} {r['p90']:>6.0f} {100 * float(r['wins']):>6.1f} {r['harvests']:>8.1f} "
                     f"{r['blossoms']:>8.1f} {r['links']:>7.1f} {r['ms_move']:>8.2f}")
    lines.append("(win% shares ties; harvest/blossom/links: mean honey earned during the game from each source)")
    return "\n".join(lines)


def write_csv(results: Sequence[Sequence[SeatResult]], out: TextIO) -> None:
    w = csv.DictWriter(out, fieldnames=FIELDS)
    w.writeheader()
    for game in results:
        for r in game:
            w.writerow({k: cell(v) for k, v in asdict(r).items()})


def plot_scores(results: Sequence[Sequence[SeatResult]], path: str | Path, width: int = 800,
                height: int = 480) -> None:
    """Score histograms per seat (one colour per seat) into a PNG, headless with pygame-ce."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # deferred: pygame is heavy and optional, only the plot needs it

    pygame.font.init()
    colours = [(215, 38, 61), (143, 209, 79), (242, 140, 40), (123, 63, 160)]
    surf = pygame.Surface((width, height))
    surf.fill((250, 248, 240))
    margin_l, margin_b, margin_t, margin_r = 50, 40, 56, 20
    scores = [r.score for g in results for r in g]
    if not scores:
        pygame.image.save(surf, str(path))
        return
    lo, hi = min(scores), max(scores)
    bins = 30
    width_bin = max(1.0, (hi - lo + 1) / bins)
    players = len(results[0])
    counts = [[0] * bins for _ in range(players)]
    for g in results:
        for r in g:
            counts[r.seat][min(bins - 1, int((r.score - lo) / width_bin))] += 1
    top = max(max(c) for c in counts) or 1
    pw, ph = width - margin_l - margin_r, height - margin_t - margin_b
    axis = (60, 60, 60)
    pygame.draw.line(surf, axis, (margin_l, height - margin_b), (width - margin_r, height - margin_b))
    pygame.draw.line(surf, axis, (margin_l, margin_t), (margin_l, height - margin_b))
    bar_w = pw / bins
    for s in range(players):
        sub_w = max(1, int(bar_w / players))
        for b, c in enumerate(counts[s]):
            if not c:
                continue
            h = int(ph * c / top)
            x = margin_l + int(b * bar_w) + s * sub_w
            pygame.draw.rect(surf, colours[s % 4], (x, height - margin_b - h, sub_w, h))
    font = pygame.font.Font(None, 20)
    for i in range(6):
        v = lo + (hi - lo) * i / 5
        x = margin_l + int(pw * i / 5)
        surf.blit(font.render(f"{v:.0f}", True, axis), (x - 8, height - margin_b + 6))
    surf.blit(font.render(f"games per bin (highest bar: {top})", True, axis), (4, 34))
    label = "  ".join(f"seat {r.seat + 1}: {r.bot}" for r in results[0])
    surf.blit(font.render(f"final scores, {len(results)} games — {label}", True, axis), (4, 8))
    for s in range(players):
        pygame.draw.rect(surf, colours[s % 4], (width - margin_r - 100 + 0, margin_t + 16 * s, 12, 12))
        surf.blit(font.render(f"seat {s + 1}", True, axis), (width - margin_r - 84, margin_t + 16 * s))
    pygame.image.save(surf, str(path))
