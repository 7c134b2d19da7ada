"""The state directory: which paths are refused, the one-instance lock, and what a storage error means.

* :func:`check_state_dir` refuses an empty path and the root directory (``STATE_DIRECTORY=/``,
  ``--state-dir ''``): the journal, its lock and ``records/`` would be spread over ``/``.
* :class:`StateLock` is an exclusive ``fcntl.flock`` on the state directory itself: a stray
  ``rm`` of a file cannot take it away (a lock on ``DIR/lock`` was gone with the file, and a
  second instance played on the same journal). ``DIR/lock`` only tells the holder's pid. The
  kernel drops the lock when the process dies (SIGKILL and power loss included), so nothing
  stale ever blocks a start; a second process on the same directory gets
  :class:`AlreadyRunning` naming the holder's pid (when the file still tells it).
* The players' names are nobody else's business: :func:`make_private_dir` creates the state
  directory (and ``records/``) 0700 and :func:`create_private` / :func:`connect_private` its
  files 0600, whatever the umask (SQLite gives a database's ``-wal`` and ``-shm`` its mode).
* :func:`is_damage` tells a damaged journal (SQLite says the file is corrupt or not a
  database) from a passing error (disk full, I/O error, read-only, no permission): only damage
  moves a journal aside, a passing error never does.
"""

from __future__ import annotations

import errno
import fcntl
import os
import sqlite3
from pathlib import Path
from typing import Any

from table.engine.errors import TableError

LOCK_NAME = "lock"
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600

DAMAGE_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
"""SQLite error names (prefixes) that mean the file itself is damaged."""


class StateDirRefused(TableError):
    """A state directory that must not be used (empty, ``/``)."""


class AlreadyRunning(TableError, RuntimeError):
    """Another process holds the state directory's lock; ``pid`` is its pid (None: unknown)."""

    def __init__(self, directory: Path, pid: int | None) -> None:
        self.directory = directory
        self.pid = pid
        who = f"pid {pid}" if pid is not None else "another process"
        super().__init__(f"{who} already uses the state directory {directory} (one table per directory: "
                         "stop it first, or choose another --state-dir)")


def check_state_dir(path: str | os.PathLike[str], source: str = "--state-dir") -> Path:
    """The state directory as a Path; StateDirRefused for an empty path or the root directory."""
    text = os.fspath(path)
    if not text.strip():
        raise StateDirRefused(f"{source} is empty: give the directory for the journal and records")
    if os.path.abspath(text) == os.path.abspath(os.sep):
        raise StateDirRefused(f"{source} is the root directory {text!r}: give a directory of its own "
                              "(the service uses /var/lib/applejack-table)")
    return Path(text)


def make_private_dir(path: str | os.PathLike[str]) -> Path:
    """``path`` as a directory, created 0700 when missing whatever the umask (its missing
    parents get the usual mode); an existing directory is left as it is."""
    p = Path(path)
    if p.is_dir():
        return p
    try:
        try:
            os.mkdir(p, PRIVATE_DIR)
        except FileNotFoundError:
            p.parent.mkdir(parents=True, exist_ok=True)
            os.mkdir(p, PRIVATE_DIR)
    except FileExistsError:
        if p.is_dir():  # made by another process meanwhile: its mode is its maker's
            return p
        raise
    os.chmod(p, PRIVATE_DIR)  # the umask may have taken bits away
    return p


def create_private(path: str | os.PathLike[str]) -> None:
    """Create ``path`` empty and 0600 when it does not exist (whatever the umask); an existing
    file is left as it is, and a file that cannot be made is left to whoever opens it next to
    report in their words (SQLite's, the OS's)."""
    _write_private(path, os.O_EXCL, b"")


def replace_private(path: Path, data: bytes) -> None:
    """``data`` into ``path`` (0600) whole or not at all: a temporary file beside it, flushed to
    the disk, renamed over it, the folder flushed; OSError when it cannot be written."""
    part = path.with_name(path.name + ".part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(part, path)
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """The folder's entries flushed to the disk (a rename or a removal in it kept)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_private(path: str | os.PathLike[str], flags: int, text: bytes) -> None:
    """``path`` made 0600 and holding ``text`` (``flags``: ``O_EXCL`` only when missing); best
    effort: a file that cannot be opened or written is left as it is."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | flags,
                     PRIVATE_FILE)
    except OSError:
        return
    try:
        os.fchmod(fd, PRIVATE_FILE)
        if text:
            os.ftruncate(fd, 0)
            os.pwrite(fd, text, 0)
    except OSError:
        pass  # a full disk: the lock holds all the same, only the pid is not written
    finally:
        os.close(fd)


def connect_private(path: str | os.PathLike[str], **kwargs: Any) -> sqlite3.Connection:
    """``sqlite3.connect(path, **kwargs)``, the database file created 0600 first when missing."""
    create_private(path)
    db: sqlite3.Connection = sqlite3.connect(path, **kwargs)
    return db


class StateLock:
    """An exclusive ``flock`` on the state directory while the journal is open (see the module
    doc); the directory is created 0700 when missing.

    Raises AlreadyRunning when another process holds it, OSError when the directory can be
    neither made nor opened (a passing storage problem: the caller retries)."""

    def __init__(self, directory: Path) -> None:
        self.directory = make_private_dir(directory)
        self.path = self.directory / LOCK_NAME
        self.fd: int | None = None
        fd = os.open(self.directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AlreadyRunning(self.directory, _read_pid(self.path)) from None
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        _write_pid(self.path)

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops the flock
            self.fd = None

    def __del__(self) -> None:  # a Journal dropped without close() must not keep the directory
        self.release()


def _write_pid(path: Path) -> None:
    """Tell the holder's pid in ``path`` (best effort: a read-only or full disk leaves it out,
    and the lock holds all the same)."""
    _write_private(path, 0, f"{os.getpid()}\n".encode())


def _read_pid(path: Path) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None  # deleted, or never written: "another process"
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)
    return int(text) if text.isdigit() else None


def is_damage(exc: BaseException) -> bool:
    """True when ``exc`` says the journal file is damaged, False for a passing error."""
    if isinstance(exc, UnicodeDecodeError):  # text that is not UTF-8 (or an error message about it)
        return True
    if isinstance(exc, sqlite3.OperationalError) and "Could not decode to UTF-8" in str(exc):
        return True
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        name = getattr(exc, "sqlite_errorname", "") or ""
        if name.startswith(DAMAGE_CODES):
            return True
        return "malformed" in str(exc) or "not a database" in str(exc)
    if isinstance(exc, sqlite3.DatabaseError):
        name = getattr(exc, "sqlite_errorname", "") or ""
        return name.startswith(DAMAGE_CODES)
    return False


def describe(exc: BaseException) -> str:
    """A short text for a storage error: the OS's words, or SQLite's."""
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def problem_line(directory: Path, exc: BaseException | None, waiting: int, previous: str = "") -> str:
    """One line for a passing storage error: what, where, what to do."""
    if exc is None:
        head = previous.split(" — ")[0] if previous else f"cannot write the game journal in {directory}"
    else:
        head = f"cannot write the game journal in {directory}: {describe(exc)}"
    text = str(exc or previous).lower()
    if "full" in text or (isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)):
        todo = "free space on the card"
    elif "read-only" in text or "readonly" in text or (isinstance(exc, OSError) and exc.errno in (
            errno.EROFS, errno.EACCES, errno.EPERM)):
        todo = "make the directory writable"
    else:
        todo = "check the card and the directory"
    unsaved = f"{waiting} step(s) not saved yet, " if waiting else ""
    return f"{head} — {todo}; {unsaved}retrying"
