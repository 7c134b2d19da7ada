"""Applejack's jobs off the UI thread while its screen is up (the registry part ``workers``): the
tracked game's hints and, after it, the result's fair target and coach."""

from __future__ import annotations

from typing import Any

from table.companion.ports import drain
from table.games.applejack.companion.api import Controller
from table.games.applejack.companion.coach import CoachWorker
from table.games.applejack.companion.hints import HintWorker


class ScreenHints:
    """The hint worker as the app polls it: hints computed off the UI thread come back into the
    controller (stale ones are dropped), then a new request goes out."""

    def __init__(self, hints: HintWorker) -> None:
        self.hints = hints

    def poll(self, ctl: Controller) -> None:
        drain(ctl, self.hints.results)
        self.hints.poll(ctl)

    def close(self) -> None:
        self.hints.close()


def screen_workers() -> list[Any]:
    """The hints, then the coach (it starts its job after a tracked game and brings back its results)."""
    return [ScreenHints(HintWorker()), CoachWorker()]
