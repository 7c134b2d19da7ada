"""``--speak``: announcements read aloud by espeak-ng, never blocking the loop, with the voice of the
language in force (:data:`VOICES`; ``table.i18n``). espeak-ng's Japanese voice reads kana only:
it names every kanji as a "Chinese letter" (docs/i18n.md)."""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence

from table.companion.announce import Announced
from table.i18n import N_, _, current_language

log = logging.getLogger("applejack.speech")

SEAT_GLYPHS = ("○", "△", "□", "☆")
"""The seat symbols a game prints before a seat's name (Applejack's harvest board): not said."""

VOICES: dict[str, str] = {"en": "en", "de": "de", "fr": "fr", "ja": "ja"}
"""espeak-ng's voice (``-v``) for each of ``table.i18n.LANGUAGES`` (espeak-ng 1.51: en → en-gb,
fr → fr-fr)."""

_WORDS = {"−": N_("minus"), "×": N_("times"), "→": N_("total")}
"""Signs said as words (English source text, said in the current language)."""
_PAUSES = {"→": ", {word} ", "·": ", ", "—": ", ", "✓": "", "…": ""}
"""How each sign sounds: its word with pauses around it, a pause, or nothing."""


def voice(language: str | None = None) -> str:
    """espeak-ng's ``-v`` for ``language`` (the current one when None; English for any other)."""
    return VOICES.get(language or current_language(), VOICES["en"])


def spoken(text: str) -> str:
    """A screen line as it should sound: seat glyphs (○ △ □ ☆) dropped — the seat's name follows
    them — and signs said as words in the current language ("every Red area − 2" → "every Red
    area minus 2"; German "minus", French "moins", Japanese "マイナス")."""
    for glyph in SEAT_GLYPHS:
        text = text.replace(glyph + " ", "").replace(glyph, "")
    for sign in ("−", "×", "→", "·", "—", "✓", "…"):
        if sign not in text:
            continue
        word = _(_WORDS[sign]) if sign in _WORDS else ""
        text = text.replace(sign, _PAUSES.get(sign, " {word} ").format(word=word))
    card = _("card {number}").replace("{number}", r"\1")  # Waldgärtner's ids: "#17 Apple" → "card 17 Apple"
    text = re.sub(r"#(\d+)", card, text)
    return re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", text)).strip()


class Speaker:
    """Speaks new lines with ``espeak-ng`` (a subprocess each; a newer line cuts an older one
    short). Without espeak-ng it is silent and says so once in the log; when espeak-ng cannot be
    started, the log says why (once per reason)."""

    def __init__(self, program: str = "espeak-ng", *, which: Callable[[str], str | None] = shutil.which,
                 popen: Callable[..., subprocess.Popen[bytes]] = subprocess.Popen) -> None:
        self.path = which(program)
        self.popen = popen
        self.proc: subprocess.Popen[bytes] | None = None
        self.spoken = 0
        self._failures: set[str] = set()
        if self.path is None:
            log.info("%s is not installed: announcements stay silent", program)

    def say(self, text: str) -> None:
        if self.path is None:
            return
        try:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.terminate()
            self.proc = self.popen([self.path, "-v", voice(), "-s", "150", "--", spoken(text)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            if reason not in self._failures:
                self._failures.add(reason)
                log.warning("cannot speak %r: %s could not be started: %s", text, self.path, reason)
            self.proc = None

    def say_all(self, lines: Sequence[str]) -> None:
        """Speak the lines added to ``lines`` since the last call (only the last, to stay current)."""
        new = lines[self.spoken:]
        self.spoken = len(lines)
        if new:  # an indented line ("  Why: …", teach mode) is said after the line it belongs to
            head = max((i for i, line in enumerate(new) if not line.startswith("  ")), default=0)
            # an announcement is said from its line on, even when the next question follows it
            head = min(head, next((i for i, line in enumerate(new) if isinstance(line, Announced)), head))
            self.say(" ".join(line.strip() for line in new[head:]))
