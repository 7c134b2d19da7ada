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
import logging
import multiprocessing
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from table.companion.botworker import BotWorker

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


def worked_steps(new: Callable[[int], Any], lines: Callable[[int, int], Sequence[str]], *, games: int,
                 players: int | None, seed: int, seats: Sequence[int],
                 worker: BotWorker | None = None) -> Iterator[Any]:
    """The companion after every entered command, game after game (0 = endless), like
    ``display.demo.module_steps``; with a ``worker`` the lines of game ``i`` (seed ``seed + i``,
    ``players`` or the seats going round ``seats``) are computed by it — ``lines`` must then be
    picklable for a process worker — and :data:`WAITING` is yielded until they are ready. The worker
    is closed when the generator is closed."""
    def count(i: int) -> int:
        return players or seats[(seed + i) % len(seats)]

    def ask(i: int) -> None:
        if worker is not None and (games == 0 or i < games):
            worker.ask(("demo", seed + i), functools.partial(lines, count(i), seed + i), keep_older=True)

    try:
        ask(0)
        i = 0
        while games == 0 or i < games:
            n = count(i)
            ctl = new(n)
            if worker is None:
                script: Sequence[str] | None = lines(n, seed + i)
            else:
                done = worker.take(("demo", seed + i), keep_others=True)
                if done is None:
                    yield ctl  # the setup screen while the bots think
                while done is None:
                    yield WAITING
                    done = worker.take(("demo", seed + i), keep_others=True)
                script = done.value
                ask(i + 1)  # the next game is computed while this one is shown
                if script is None:
                    log.warning("demo game %d skipped: %s", seed + i, done.error)
            for line in script or ():
                ctl.do(line)
                yield ctl
            i += 1
    finally:
        if worker is not None:
            worker.close()


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
