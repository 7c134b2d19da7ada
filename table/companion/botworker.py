"""The shell's one worker for bots' thinking: a bot's move, a whole demo game's script or a hint
is computed off the UI thread, and its result is used on the main thread only if the table still
stands where it was asked.

A job is a plain callable with a **key** that names where the table stood when it was asked (a
demo game's seed, a position's hash). :meth:`BotWorker.ask` hands it to one worker thread (a
newer job cancels the queued ones that have not started); the result comes back through a
``queue.Queue`` as a :class:`Done` and the main thread takes it with :meth:`BotWorker.take` —
for the key it is waiting for; results for any other key are stale and dropped. Nothing here
reads a clock: the bots work to fixed budgets, so a key gives the same result however long it
took (the demo of a seed is the same game on a Pi as here).

:class:`AdviceWorker` is the same worker as the pygame app polls it for a game's hints (the
registry part ``workers``): it asks the controller for a request (``lid_hint_request()``, and on
the result screen ``lid_coach_request()`` for the module games' coach: an object with ``key`` and
``compute()``), and the computed advice goes back into the controller through
the input queue (``ports.feed`` of an item with ``advice``), which drops it unless the table
still stands at that key. Applejack's ``HintWorker`` (``games/applejack/companion/hints.py``)
was the first of these; the newer games use this one.

A thread, not a process: the bots are pure Python, so the worker shares the interpreter lock
with the UI, which switches every 5 ms (``sys.getswitchinterval``); the demo draws a frame only
when something changed, far less often than that.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from table.companion.ports import drain
from table.companion.protocol import CoachesLid, GameCompanion, HintsLid

log = logging.getLogger("applejack.botworker")


@dataclass(frozen=True)
class Done:
    """A finished job: its ``key``, its ``value`` (None when it failed: ``error`` says why)."""

    key: Hashable
    value: Any
    error: str = ""


@dataclass(frozen=True)
class AdviceReady:
    """A computed hint back through the input queue (``ports.feed`` gives it to ``give_advice``)."""

    advice: Any


class BotWorker:
    """One thread computing bots' jobs, each keyed by where the table stood when it was asked."""

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        self.results: queue.Queue[Done] = queue.Queue()
        self._lock = threading.Lock()
        self._inflight: dict[Hashable, Future[Any]] = {}
        self._kept: dict[Hashable, Done] = {}

    def asked(self, key: Hashable) -> bool:
        """Whether ``key``'s job is queued, running or done and not yet taken."""
        self._collect()
        with self._lock:
            return key in self._inflight or key in self._kept

    def ask(self, key: Hashable, job: Callable[[], Any], *, keep_older: bool = False) -> bool:
        """Compute ``job()`` off the UI thread for ``key`` (nothing when that key was asked already).
        Queued jobs for other keys that have not started are cancelled unless ``keep_older``.
        Returns whether the job was handed over."""
        if self.asked(key):
            return False
        with self._lock:
            older = [] if keep_older else list(self._inflight.values())
            future = self.executor.submit(job)
            self._inflight[key] = future
        for old in older:
            old.cancel()  # only one that has not started; a running one finishes and is dropped as stale
        future.add_done_callback(lambda f: self._finish(key, f))
        return True

    def _finish(self, key: Hashable, future: Future[Any]) -> None:
        with self._lock:
            self._inflight.pop(key, None)
        if future.cancelled():
            return
        exc = future.exception()
        if exc is not None:
            log.warning("a bot's job failed: %r", exc)
            self.results.put(Done(key, None, f"{type(exc).__name__}: {exc}"))
            return
        self.results.put(Done(key, future.result()))

    def _collect(self) -> None:
        while True:
            try:
                done = self.results.get_nowait()
            except queue.Empty:
                return
            with self._lock:
                self._kept[done.key] = done

    def take(self, key: Hashable, *, keep_others: bool = False) -> Done | None:
        """The finished job for ``key`` (None while it is still computing or was never asked);
        other finished results are dropped as stale unless ``keep_others`` (a demo's next game
        computed ahead)."""
        self._collect()
        with self._lock:
            done = self._kept.pop(key, None)
            if not keep_others:
                self._kept.clear()
        return done

    def peek(self, key: Hashable) -> Done | None:
        """The finished job for ``key`` if it is there, left for :meth:`take`."""
        self._collect()
        with self._lock:
            return self._kept.get(key)

    def finished(self) -> list[Done]:
        """Every finished job not yet taken, oldest first (each given once)."""
        self._collect()
        with self._lock:
            done = list(self._kept.values())
            self._kept.clear()
        return done

    def close(self) -> None:
        """Stop: queued jobs are cancelled; a process worker's running job is ended at once (a
        thread's runs to its end and is dropped)."""
        # ``shutdown`` forgets the pool's processes and manager thread: both are taken first
        processes = list((getattr(self.executor, "_processes", None) or {}).values())
        manager = getattr(self.executor, "_executor_manager_thread", None)
        self.executor.shutdown(wait=False, cancel_futures=True)
        # ProcessPoolExecutor has no public way to end a running job before Python 3.14
        # (``terminate_workers``); its processes are ended by hand
        for process in processes:
            process.terminate()
        # Python 3.11's exit hook wakes every process pool's manager thread through a pipe that the
        # thread closes as it ends, unlocked: a thread still ending at exit printed "Exception
        # ignored … Bad file descriptor". Waiting for it (it ends within milliseconds once its
        # process is gone) leaves the hook a closed pipe, which it skips.
        if manager is not None:
            manager.join(timeout=5.0)


class AdviceWorker:
    """A game's lid hints as the pygame app polls them (the game's ``workers`` part): the results
    into the controller first (stale ones are dropped there), then a new request out. Only while
    ``game`` is the table's game (the app polls every game's workers with the one shell)."""

    def __init__(self, game: str | None = None, worker: BotWorker | None = None) -> None:
        self.game = game
        self.worker = worker or BotWorker()
        self.ready: queue.Queue[AdviceReady] = queue.Queue()
        self._checked = -1

    def poll(self, ctl: GameCompanion) -> object:
        """Once a frame: hand finished advice to ``ctl``; ask for a new request when its version moved."""
        if self.game is not None and ctl.game != self.game:
            return None
        for d in self.worker.finished():
            self.ready.put(AdviceReady(d.value))
        drain(ctl, self.ready)
        if ctl.version == self._checked:
            return None
        self._checked = ctl.version
        asked = None
        requests = [ctl.lid_hint_request() if isinstance(ctl, HintsLid) else None,  # a hint
                    ctl.lid_coach_request() if isinstance(ctl, CoachesLid) else None]  # the result's coach
        for request in requests:
            if request is not None:
                self.worker.ask(request.key, request.compute)
                asked = request
        return asked

    def close(self) -> None:
        self.worker.close()
