"""A module game's kiosk demo with its bots thinking off the UI thread (``table/companion/botworker.py``).

A demo game is a fresh companion and the lines a table would enter for a seeded bots' game
(``lines(players, seed)``, the game's ``table_script``). With the strong bots a whole game's
lines take seconds (about 3-16 s of CPU here at four seats, four times that on a Raspberry Pi),
so :func:`worked_steps` hands each game's ``lines`` to a :class:`~table.companion.botworker.BotWorker`
keyed by the game's seed: while they are computed the companion's setup screen stays up and the
generator yields :data:`WAITING` (the screen keeps handling touches and drawing), and the next
game is computed while this one is shown. The lines depend only on the seed and the bots'
budgets, never on how long they took, so a seed gives the same demo game with or without a worker.
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import logging
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

from table.companion.botworker import BotWorker, Done
from table.companion.protocol import GameCompanion

log = logging.getLogger("applejack.demo")


class _Waiting:
    """The sentinel type of :data:`WAITING`."""

    def __repr__(self) -> str:
        return "WAITING"


WAITING: Any = _Waiting()
"""What :func:`worked_steps` yields while the bots still think: the screen stays as it is."""

DEMO_BOTS = ("strong",)
"""The kiosk demo's line-up of the module games: the strong bot in every seat (its Pi budget,
``docs/bots.md``)."""


def process_worker() -> BotWorker:
    """The kiosk's worker: one separate process (spawned, so it shares nothing with pygame), which
    thinks on another core of the Pi and is ended at once when someone wants to play."""
    executor = concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return BotWorker(executor)


AHEAD = 12
"""Lines a demo asks its worker for ahead of the one shown (one job a line, run in order)."""

_STREAMS: dict[Hashable, Iterator[str] | None] = {}
"""In the worker (its process, or the thread's): each demo game's lines being computed, by key;
None once the game's last line was given."""
_TOKENS = itertools.count()


def next_line(lines: Callable[[int, int], Iterable[str]], players: int, seed: int, token: Hashable) -> str | None:
    """Run in the worker: the next line of the game ``(players, seed)``, computed on from where the
    last call for the same ``token`` stopped (``lines`` may be a generator: then only the bots'
    moves up to this line are computed); None after the last line."""
    key = (token, seed)
    if key not in _STREAMS:
        _STREAMS[key] = iter(lines(players, seed))
    stream = _STREAMS[key]
    line = next(stream, None) if stream is not None else None
    if line is None:
        _STREAMS[key] = None
    return line


def forget(token: Hashable) -> None:
    """Drop a demo's streams (a thread worker's; a process worker's go with its process)."""
    for key in [k for k in _STREAMS if isinstance(k, tuple) and k[0] == token]:
        _STREAMS.pop(key, None)


class _Feed:
    """One demo's lines through the worker, a job a line: game ``i``'s line ``k`` is the key
    ``("demo", seed + i, k)``; up to :data:`AHEAD` are asked before they are shown, and the next
    game's first lines once this one's last line is there."""

    def __init__(self, worker: BotWorker, lines: Callable[[int, int], Iterable[str]],
                 count: Callable[[int], int], seed: int, games: int) -> None:
        self.worker, self.lines, self.count, self.seed, self.games = worker, lines, count, seed, games
        self.token = (os.getpid(), next(_TOKENS))
        self.asked: dict[int, int] = {}  # game → lines asked so far
        self.ends: dict[int, int] = {}  # game → its number of lines, once known

    def ask(self, game: int, shown: int) -> None:
        """Keep the lines after ``shown`` of ``game`` asked; once its end is computed, the next game's first."""
        if self.games and game >= self.games:
            return
        self._find_end(game, shown)
        end = self.ends.get(game)
        upto = shown + AHEAD if end is None else min(end + 1, shown + AHEAD)
        for k in range(self.asked.get(game, 0), upto):
            self.worker.ask(("demo", self.seed + game, k), functools.partial(
                next_line, self.lines, self.count(game), self.seed + game, self.token), keep_older=True)
        self.asked[game] = max(self.asked.get(game, 0), upto)
        if end is not None and game + 1 not in self.asked:
            self.ask(game + 1, 0)  # the next game is computed while this one is shown

    def _find_end(self, game: int, shown: int) -> None:
        """Whether a line computed ahead was the game's end (a job's value None)."""
        if game in self.ends:
            return
        for k in range(shown, self.asked.get(game, 0)):
            done = self.worker.peek(("demo", self.seed + game, k))
            if done is not None and done.value is None:
                self.ends[game] = k
                return

    def take(self, game: int, k: int) -> Done | None:
        """Line ``k`` of ``game`` once computed (its value None: the game's end)."""
        done = self.worker.take(("demo", self.seed + game, k), keep_others=True)
        if done is not None and done.value is None:
            self.ends[game] = k
        return done


def worked_steps(new: Callable[[int], Any], lines: Callable[[int, int], Iterable[str]], *, games: int,
                 players: int | None, seed: int, seats: Sequence[int],
                 worker: BotWorker | None = None) -> Iterator[Any]:
    """The companion after every entered command, game after game (0 = endless); with a
    ``worker`` the lines of game ``i`` (seed ``seed + i``, ``players`` or the seats going round
    ``seats``) are computed by it **a line at a time**
    (:func:`next_line`; ``lines`` must then be picklable for a process worker, and a generator
    makes the first move show as soon as it is computed): :data:`WAITING` is yielded while the
    line to show is not ready. The worker is closed when the generator is closed."""
    def count(i: int) -> int:
        return players or seats[(seed + i) % len(seats)]

    feed = _Feed(worker, lines, count, seed, games) if worker is not None else None
    try:
        i = 0
        while games == 0 or i < games:
            ctl = new(count(i))
            if feed is None:
                for line in lines(count(i), seed + i):
                    ctl.do(line)
                    yield ctl
            else:
                yield from _fed(ctl, feed, i)
            i += 1
    finally:
        if worker is not None:
            worker.close()
            assert feed is not None
            forget(feed.token)


def _fed(ctl: GameCompanion, feed: _Feed, game: int) -> Iterator[Any]:
    """Game ``game``'s lines from the feed into ``ctl``: the setup screen until the first is there."""
    k = 0
    feed.ask(game, 0)
    done = feed.take(game, 0)
    if done is None:
        yield ctl  # the setup screen while the bots think
    while True:
        while done is None:
            yield WAITING
            done = feed.take(game, k)
        if done.value is None:
            if done.error:
                log.warning("demo game %d stopped: %s", feed.seed + game, done.error)
            feed.ends[game] = k
            feed.ask(game, k)  # the next game's first lines
            return
        ctl.do(done.value)
        if ctl.mode == "result" and game + 1 not in feed.asked:
            feed.ask(game + 1, 0)  # the result is up: the next game is computed while it is shown
        yield ctl
        k += 1
        feed.ask(game, k)
        done = feed.take(game, k)


_END = object()


def ahead_steps(make: Callable[[], Iterator[Any]], *, keep: int = 64) -> Iterator[Any]:
    """A demo's steps computed ahead on a worker thread (Applejack's board demo, whose bots choose
    inside its steps generator and whose every step holds a copy of its own): ``make()`` is run on
    the thread, up to ``keep`` steps wait in a queue, and :data:`WAITING` is yielded while none is
    ready. The same steps in the same order as ``make()`` gives; closing this generator stops the
    thread after the bot's current decision."""
    ready: queue.Queue[Any] = queue.Queue(maxsize=keep)
    stop = threading.Event()

    def put(item: Any) -> bool:
        while not stop.is_set():
            try:
                ready.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def run() -> None:
        try:
            for step in make():
                if not put(step):
                    return
        except Exception as exc:  # nothing lost: the demo ends its games with one line in the log
            log.warning("the demo's bots stopped: %r", exc)
        put(_END)

    thread = threading.Thread(target=run, name="demo-bots", daemon=True)
    thread.start()
    try:
        while True:
            try:
                item = ready.get_nowait()
            except queue.Empty:
                yield WAITING
                continue
            if item is _END:
                return
            yield item
    finally:
        stop.set()


def game_steps(new: Callable[..., Any], stream: Callable[..., Iterable[str]], seats: Sequence[int],
               shared: Callable[[], dict[str, Any]] = dict) -> Callable[..., Iterator[Any]]:
    """A game's ``demo_steps`` registry part: ``steps(*, games=0, players=None, seed=0,
    bots=("greedy", "random"), worker=None)`` — the companion after every entered command, game
    after game (0 = endless), only the game in progress kept, the players going round ``seats``
    unless given (:func:`worked_steps`). ``new(**shared())`` makes the companion and
    ``stream(players, seed, bots=…, **shared())`` a game's lines (picklable, for a process
    worker); ``shared`` is read once per call (Waldgärtner's card file)."""

    def steps(*, games: int = 0, players: int | None = None, seed: int = 0,
              bots: tuple[str, ...] = ("greedy", "random"), worker: BotWorker | None = None) -> Iterator[Any]:
        given = shared()
        return worked_steps(lambda n: new(**given), functools.partial(stream, bots=bots, **given), games=games,
                            players=players, seed=seed, seats=seats, worker=worker)

    return steps
