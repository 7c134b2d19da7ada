"""The on-screen letter keyboard a seat's name is typed on (:class:`Keyboard`, a frozen value), its
pages and bound, and the one error a name the table does not take raises. Below ``players.py``
(the named seats' job) and ``protocol.py`` (which names the keyboard a front end draws)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from table.engine.errors import TableError
from table.i18n import _

NAME_MAX = 20
"""The longest name the table takes (characters): it must fit a seat's button at 480×320 (the
history keeps up to 40)."""
LETTERS: tuple[tuple[str, ...], ...] = (
    tuple("ABCDEFGHIJ"), tuple("KLMNOPQRST"), (*"UVWXYZ", "-", "'", "."),
)
"""The keyboard's first page: A–Z in alphabetical order (no layout favours one language)."""
EXTRA: tuple[tuple[str, ...], ...] = (
    tuple("ÄÖÜßÉÈÊÀÂÇ"), tuple("ÑÅØÆÎÏÔÛŒÍ"), tuple("1234567890"),
)
"""The second page: the accented letters of the German and French editions, and digits."""
KEY_PREFIX = "kb:"
"""Touch targets of the keyboard: ``kb:A`` … and ``kb:space``, ``kb:back``, ``kb:shift``,
``kb:page``, ``kb:ok``, ``kb:cancel``; ``char:x`` is a character typed on a real keyboard."""


class PlayerNameError(TableError):
    """A name the table does not take (``str()`` is one line to show)."""



@dataclass(frozen=True, slots=True)
class Keyboard:
    """The on-screen letter keyboard typing seat ``seat``'s name: ``text`` so far, ``shift``
    (the next letter is a capital: on at the start and after a blank or hyphen), ``page``
    (0: A–Z, 1: accented letters and digits)."""

    seat: int
    text: str = ""
    shift: bool = True
    page: int = 0

    def rows(self) -> tuple[tuple[str, ...], ...]:
        keys = LETTERS if self.page == 0 else EXTRA
        return keys if self.shift else tuple(tuple(k.lower() for k in row) for row in keys)

    def type(self, chars: str) -> Keyboard:
        """``chars`` added (PlayerNameError past :data:`NAME_MAX`, or a control character)."""
        if any(not c.isprintable() for c in chars):
            raise PlayerNameError(_("A name cannot hold control characters"))
        text = self.text + chars
        if len(text) > NAME_MAX:
            raise PlayerNameError(_("A name has at most {n} characters").format(n=NAME_MAX))
        return replace(self, text=text, shift=chars[-1:] in (" ", "-"))

    def key(self, k: str) -> Keyboard:
        """A keyboard key by its target name (without :data:`KEY_PREFIX`)."""
        if k == "space":
            return self.type(" ") if self.text and not self.text.endswith(" ") else self
        if k == "back":
            text = self.text[:-1]
            return replace(self, text=text, shift=not text or text[-1] in " -")
        if k == "shift":
            return replace(self, shift=not self.shift)
        if k == "page":
            return replace(self, page=1 - self.page)
        return self.type(k)
