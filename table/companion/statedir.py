"""The state directory: which paths are refused, the one-instance lock, and what a storage error means.

* :func:`check_state_dir` refuses an empty path and the root directory (``STATE_DIRECTORY=/``,
  ``--state-dir ''``): the journal, its lock and ``records/`` would be spread over ``/``.
* :class:`StateLock` is an exclusive ``fcntl.flock`` on ``DIR/lock`` that holds the holder's pid
  as text. The kernel drops it when the process dies (SIGKILL and power loss included), so a
  stale lock file never blocks a start; a second process on the same directory gets
  :class:`AlreadyRunning` naming the holder's pid.
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

LOCK_NAME = "lock"

DAMAGE_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
"""SQLite error names (prefixes) that mean the file itself is damaged."""


class StateDirRefused(ValueError):
    """A state directory that must not be used (empty, ``/``)."""


class AlreadyRunning(RuntimeError):
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


class StateLock:
    """An exclusive ``flock`` on ``directory/lock`` while the journal is open (see the module doc).

    Raises AlreadyRunning when another process holds it, OSError when the lock file can be
    neither made nor opened (a passing storage problem: the caller retries)."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK_NAME
        self.fd: int | None = None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            writable = True
        except OSError as exc:
            if exc.errno not in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT):
                raise
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)  # a read-only directory: lock what is there
            writable = False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise AlreadyRunning(Path(directory), pid) from None
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        if writable:
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
            except OSError:
                pass  # a full disk: the lock holds all the same, only the pid is not written

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops the flock
            self.fd = None

    def __del__(self) -> None:  # a Journal dropped without close() must not keep the directory
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
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
