"""The history's export for the owner's settings page, in pieces over the kiosk's socket.

The socket takes one JSON line of at most 8 KiB a request (``bridge.MAX_REQUEST``), and an answer
is one line too: a history of a few hundred games is hundreds of kilobytes. So the export goes in
pieces: ``{"op": "owner-export", "token": T, "kind": "csv" | "json", "part": 0}`` makes the file
once in the kiosk (read-only, ``companion/history_export.py``: the same bytes as ``history --csv``)
and answers its first :data:`PIECE` bytes (base64) with the export's id and its number of parts;
``{"part": k, "export": id}`` answers the next ones. The web server streams them to the phone as
one download (``settings.py``). The file is dropped from the kiosk after its last part, when
another export begins, or :data:`KEPT_S` seconds after it was made.

Why not a file the web server reads: its unit sees of the state directory only the socket's
folder (``systemd/applejack-web.service``: ``TemporaryFileSystem=/var/lib:ro`` and
``BindPaths=`` of that folder), so the kiosk would have to put the players' names and scores in
that folder, where a file lies until someone removes it, and the web server would open a file
named by a request — it opens none today (its static files are read once into a table). In
pieces, the history never leaves the kiosk's private directory but to the owner's request.
"""

from __future__ import annotations

import base64
import math
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from table.companion.history_export import ExportProblem, history_export
from table.companion.protocol import TableShell
from table.history.readers import Readers
from table.i18n import _

PIECE = 4096
"""Bytes of the file in one answer (5,464 in base64: an answer line stays under 8 KiB)."""
KEPT_S = 120.0
"""Seconds an export waits in the kiosk for its next part."""
KINDS: dict[str, tuple[str, str]] = {"csv": ("applejack-history.csv", "text/csv; charset=utf-8"),
                                     "json": ("applejack-history.bgsplay.json", "application/json")}
"""Each export's file name and media type."""


class Exports:
    """The kiosk's one export under way (see the module docstring)."""

    def __init__(self, state_dir: Path | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.state_dir = state_dir
        self.clock = clock
        self._id = ""
        self._kind = ""
        self._data = b""
        self._at = 0.0

    def answer(self, shell: TableShell, request: Mapping[str, Any]) -> dict[str, Any]:
        """One part of an export (the token was checked by the caller); never raises for bad input."""
        if self._id and self.clock() - self._at > KEPT_S:
            self._id, self._data = "", b""  # nobody came for the rest: not kept in memory
        kind, part = request.get("kind"), request.get("part")
        if kind not in KINDS or not isinstance(part, int) or isinstance(part, bool) or part < 0:
            return {"ok": False, "error": "bad-request"}
        if part == 0:
            problem = self._make(shell, str(kind))
            if problem is not None:
                return {"ok": False, "error": "refused", "line": problem}
        elif not self._id or request.get("export") != self._id or kind != self._kind:
            return {"ok": False, "error": "refused", "line": _("The export was stopped: download it again.")}
        parts = max(1, math.ceil(len(self._data) / PIECE))
        if part >= parts:
            return {"ok": False, "error": "bad-request"}
        name, media = KINDS[str(kind)]
        answer = {"ok": True, "export": self._id, "parts": parts, "part": part, "name": name, "type": media,
                  "data": base64.b64encode(self._data[part * PIECE:(part + 1) * PIECE]).decode("ascii")}
        if part == parts - 1:
            self._id, self._data = "", b""  # the last part: nothing of the history stays in memory
        return answer

    def _make(self, shell: TableShell, kind: str) -> str | None:
        if self.state_dir is None:
            return _("This table keeps no history.")
        try:
            self._data = history_export(self.state_dir, kind, Readers(shell.games))
        except ExportProblem as exc:
            self._id, self._data = "", b""
            return str(exc)
        self._id, self._kind, self._at = secrets.token_urlsafe(8), kind, self.clock()
        return None
