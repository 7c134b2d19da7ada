"""Waiting on the die sensor's events in tests: on events, never on wall-clock deadlines that a slow
machine could miss. ``PATIENCE`` is only ever reached when a test fails anyway (emulated arm64 on a
busy host needed more than 3 s)."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

PATIENCE = 60.0
"""Seconds a test waits for what must come (reached only when it fails)."""


def wait_until(predicate: Callable[[], object], what: str, timeout: float = PATIENCE) -> None:
    """Poll ``predicate`` every 5 ms until it holds; AssertionError naming ``what`` after ``timeout`` s."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.005)


def get_event(q: queue.Queue[Any], kind: type, timeout: float = PATIENCE,
              where: Callable[[Any], bool] = lambda e: True) -> Any:
    """The first event of ``kind`` on ``q`` that ``where`` accepts (the others are dropped);
    AssertionError with what was seen after ``timeout`` s."""
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        try:
            e = q.get(timeout=max(0.0, end - time.monotonic()))
        except queue.Empty:
            break
        seen.append(e)
        if isinstance(e, kind) and where(e):
            return e
    raise AssertionError(f"no {kind.__name__} within {timeout} s; saw {seen}")


def drain(q: queue.Queue[Any]) -> list[Any]:
    """Everything queued on ``q`` now, oldest first (the queue is left empty)."""
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out
