"""``--speak``: announcements read aloud by espeak-ng, never blocking the loop."""

from __future__ import annotations

import logging
import shutil
import subprocess
from collections.abc import Callable, Sequence

log = logging.getLogger("applejack.speech")


class Speaker:
    """Speaks new lines with ``espeak-ng`` (a subprocess each; a newer line cuts an older one
    short). Without espeak-ng it is silent and says so once in the log."""

    def __init__(self, program: str = "espeak-ng", *, which: Callable[[str], str | None] = shutil.which,
                 popen: Callable[..., subprocess.Popen[bytes]] = subprocess.Popen) -> None:
        self.path = which(program)
        self.popen = popen
        self.proc: subprocess.Popen[bytes] | None = None
        self.spoken = 0
        if self.path is None:
            log.info("%s is not installed: announcements stay silent", program)

    def say(self, text: str) -> None:
        if self.path is None:
            return
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
        self.proc = self.popen([self.path, "-s", "150", "--", text.replace("−", "minus")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def say_all(self, lines: Sequence[str]) -> None:
        """Speak the lines added to ``lines`` since the last call (only the last, to stay current)."""
        new = lines[self.spoken:]
        self.spoken = len(lines)
        if new:
            self.say(new[-1])
