"""The language chosen at the table, kept in the state directory so the kiosk speaks it after a
reboot: ``DIR/language``, one line holding a code of ``table.i18n.LANGUAGES`` (``de``).

Which language a ``play`` starts in (:func:`starting_language`): ``--language`` when given, else
the saved choice, else ``APPLEJACK_LANGUAGE`` (``table.i18n.language_from_env``), else English.
A saved file that is damaged (not text, an unknown code) is one log line and is ignored; it is
never fatal. A ``language`` that is no regular file (a named pipe would make every start wait) is
moved aside with one line (:func:`table.storage.statedir.set_aside_odd`). Writing is atomic
(a temporary file in the same directory, fsync, rename), and a failed write (read-only card,
full disk) is one log line: the language still changes for this run.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from table import i18n
from table.storage.regularfile import NotRegularFile, open_regular
from table.storage.statedir import set_aside_odd

log = logging.getLogger("applejack.language")

FILE_NAME = "language"
"""The file beside the journal that holds the chosen language's code."""
MAX_BYTES = 64
"""A language file longer than this is not one this program wrote."""


def language_file(state_dir: Path) -> Path:
    return Path(state_dir) / FILE_NAME


def load_language(state_dir: Path) -> str | None:
    """The saved language's code, or None when none was saved or the file is damaged (one log line)."""
    path = language_file(state_dir)
    if set_aside_odd(path) is not None:  # a named pipe would make the start wait for ever (issue 35)
        return None
    try:
        with open_regular(path) as fp:
            raw = fp.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except (OSError, NotRegularFile) as exc:  # a storage problem is the journal's to report (one line, on the screen)
        log.debug("cannot read the saved language %s (%s): ignored", path, getattr(exc, "strerror", None) or exc)
        return None
    try:
        if len(raw) > MAX_BYTES:
            raise ValueError("too long")
        text = raw.decode("ascii").strip()
        if text not in i18n.LANGUAGES:  # the file holds a code exactly as written, nothing looser
            raise i18n.UnknownLanguage(text)
    except (UnicodeDecodeError, ValueError) as exc:
        log.warning("the saved language %s is damaged (%s): ignored", path, exc)
        return None
    return text


def save_language(state_dir: Path, code: str) -> bool:
    """Keep ``code`` as the table's language (atomic); False (and one log line) when it cannot be written."""
    code = i18n.parse_language(code)
    path = language_file(state_dir)
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".language-", dir=path.parent)
        with os.fdopen(fd, "wb") as fp:
            fp.write(f"{code}\n".encode("ascii"))
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, path)
        tmp = None
        with contextlib.suppress(OSError):  # the rename itself survives a power cut
            dfd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
    except OSError as exc:
        log.warning("cannot save the language in %s (%s): it holds until the table restarts", path,
                    exc.strerror or exc)
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return True


def starting_language(state_dir: Path | None, given: str | None = None,
                      environ: Mapping[str, str] | None = None) -> str:
    """The language a ``play`` starts in: ``given`` (``--language``, already checked), else the
    saved choice in ``state_dir``, else ``APPLEJACK_LANGUAGE``, else English."""
    if given:
        return i18n.parse_language(given)
    saved = load_language(state_dir) if state_dir is not None else None
    return saved or i18n.language_from_env(environ)
