"""The web server's side of the kiosk's socket: one request, one answer (asyncio)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from table.web.bridge import MAX_REQUEST, WAIT_S

LONGEST_ANSWER = 256 * 1024
"""Bytes of one answer line read at most (a view is a few kilobytes)."""


class KioskSocket:
    """``await KioskSocket(path)(request)``: the kiosk's answer, or ``{"ok": false, "error":
    "table"}`` when the kiosk is not listening (not started with ``--web``, or restarting)."""

    def __init__(self, path: Path, timeout_s: float = WAIT_S + 1.0) -> None:
        self.path = Path(path)
        self.timeout_s = timeout_s

    async def __call__(self, request: dict[str, Any]) -> dict[str, Any]:
        line = json.dumps(request).encode() + b"\n"
        if len(line) > MAX_REQUEST:
            return {"ok": False, "error": "too-long"}
        try:
            return await asyncio.wait_for(self._ask(line), self.timeout_s)
        except (TimeoutError, OSError, ValueError):
            return {"ok": False, "error": "table"}

    async def _ask(self, line: bytes) -> dict[str, Any]:
        reader, writer = await asyncio.open_unix_connection(str(self.path), limit=LONGEST_ANSWER)
        try:
            writer.write(line)
            await writer.drain()
            answer = json.loads(await reader.readline())
        finally:
            writer.close()
        return answer if isinstance(answer, dict) else {"ok": False, "error": "table"}
