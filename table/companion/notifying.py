"""systemd notifications for every front end (``table.notify``, a no-op without $NOTIFY_SOCKET)."""

from __future__ import annotations

import logging
from typing import Any

from table.notify import Notifier

log = logging.getLogger("applejack.notify")


class SafeNotifier:
    """systemd notifications that never take the kiosk down: a failed send is logged once."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.failed = False

    def _call(self, name: str) -> None:
        try:
            getattr(self.inner, name)()
        except OSError as exc:
            if not self.failed:
                log.warning("systemd notify %s failed: %s", name, exc)
            self.failed = True

    def ready(self) -> None:
        self._call("ready")

    def watchdog(self) -> None:
        self._call("watchdog")

    def stopping(self) -> None:
        self._call("stopping")


def make_notifier() -> SafeNotifier | None:
    """systemd sd_notify (``table.notify.Notifier`` from the environment; a no-op without
    $NOTIFY_SOCKET). None when the environment is malformed (logged)."""
    try:
        return SafeNotifier(Notifier.from_environ())
    except ValueError as exc:  # a malformed $NOTIFY_SOCKET / $WATCHDOG_USEC
        log.warning("systemd notify disabled: %s", exc)
        return None
