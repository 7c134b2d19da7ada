"""What the phones' desks hold and the journal does not have yet, kept on disk at once.

A seat's discord card and dice (Zankapfel) or die (Waldgärtner) chosen on its phone are held by
the game's desk until the last seat has chosen; only then are they entered as the lid's commands
(and journalled with them). A score pad's ``done`` marks (Applejack, Draft Cider, Waldgärtner)
and Waldgärtner's pad entries for a seat the lid's pad has not reached are held the same way.
:class:`HeldFile` keeps what is held in between, so a power cut after one seat chose loses
nothing typed on a phone: ``<state dir>/phones-held.json``, 0600, written
to a temporary file, flushed to the disk and renamed over the old one (the directory flushed
too), removed when nothing is held. It sits beside the journal in the kiosk's private state
directory, never in ``web/`` (the web server's unit sees that folder), and the lid shows only who
holds something (``table/web/progress.py``), never what.

Its content: ``{"position": P, "held": {...}}`` — ``P`` names the game and the moment of the
choice (:func:`position`: the game — the journal's id for it and its key — and the desk's
``moment`` — the engine's actions so far, or for a pad the open pad and the game's setup —,
hashed), ``held`` is the desk's own (``desk.held(ctl)``); after a restart the door hands it back
(``desk.restore``) only when the table is at that very moment again, and removes it otherwise
(a game discarded, another begun).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from table.storage.statedir import replace_private as write_private
from table.storage.statedir import sync_folder

log = logging.getLogger("applejack.web")

NAME = "phones-held.json"
MAX_BYTES = 16384
"""A file longer than this is not read (held choices take a few hundred bytes)."""


def position(game: str, moment: Any) -> str:
    """The game's key and the desk's moment of the choice (its engine's actions so far), as one hash."""
    text = json.dumps([game, moment], sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


class HeldFile:
    """``folder/phones-held.json`` (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / NAME
        self._written: bytes | None = None
        """What this kiosk last wrote (the same again is not written: a pad entry that changes no
        mark costs no second flush to the disk after the journal's)."""

    def save(self, where: str, held: dict[str, Any]) -> None:
        """Keep ``held`` for the moment ``where``, flushed to the disk before returning (an
        empty ``held`` removes the file). A storage error is one log line: the choice stays held
        in memory and is entered as usual once everybody has chosen."""
        if not held:
            self.clear()
            return
        data = json.dumps({"position": where, "held": held}, sort_keys=True).encode()
        if data == self._written and self.path.exists():
            return
        try:
            write_private(self.path, data)
            self._written = data
        except OSError as exc:
            log.warning("phones: a held choice was not written to %s: %s", self.path, exc)

    def load(self, where: str) -> dict[str, Any] | None:
        """What was held at the moment ``where``; None when nothing was, or at another moment,
        or the file does not read (one log line; it is then removed)."""
        try:
            data = read_private(self.path)
        except ValueError as exc:
            log.warning("phones: %s does not read (%s): removed", self.path, exc)
            self.clear()
            return None
        if not isinstance(data, dict) or data.get("position") != where or not isinstance(data.get("held"), dict):
            return None
        return dict(data["held"])

    def clear(self) -> None:
        """Nothing held any more: the file goes."""
        self._written = None
        remove_private(self.path)


def read_private(path: Path) -> Any:
    """The JSON in ``path``; None when there is no file; ValueError when it is not a small regular
    file of JSON (a symlink, too long, damaged)."""
    try:
        if path.is_symlink() or path.stat().st_size > MAX_BYTES or not path.is_file():  # a named pipe: no wait
            raise ValueError("not a small regular file")
        return json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(str(exc)) from None


def remove_private(path: Path) -> None:
    """``path`` removed (the folder flushed); a storage error is one log line."""
    try:
        path.unlink()
        sync_folder(path.parent)
    except FileNotFoundError:
        return
    except OSError as exc:
        log.warning("phones: %s was not removed: %s", path, exc)
