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

import contextlib
import errno
import fcntl
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from table.engine.errors import TableError
from table.storage.regularfile import odd_kind

log = logging.getLogger("applejack.storage")

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


def set_aside_odd(path: str | os.PathLike[str], clock: Callable[[], float] = time.time) -> Path | None:
    """Nothing in the state dir makes a start wait (issue 35): when ``path`` is there and is no
    regular file — a named pipe (whose ``open()`` waits for a writer for ever), a socket, a
    device, a directory, a symbolic link — it is renamed ``NAME.not-a-file-<unix time>`` (never
    over another name) with one log line, and where it is now is returned (itself when the
    rename failed, one log line too): the caller must not open it. None for a regular file or
    nothing there."""
    p = Path(path)
    what = odd_kind(p)
    if what is None:
        return None
    stamp = int(clock())
    target = p.with_name(f"{p.name}.not-a-file-{stamp}")
    k = 1
    while os.path.lexists(target):
        k += 1
        target = p.with_name(f"{p.name}.not-a-file-{stamp}-{k}")
    try:
        os.rename(p, target)
    except OSError as exc:
        log.warning("%s is %s, not a regular file, and cannot be moved aside (%s): it is not read", p, what,
                    describe(exc))
        return p
    log.warning("%s is %s, not a regular file: moved aside to %s (never read)", p, what, target.name)
    return target


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
    """A short text for a storage error: the OS's words (never the path: a folder named "full"
    must not read as a full card), or SQLite's."""
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return str(exc)


FULL, READ_ONLY, PERMISSION, NOT_A_FOLDER, DAMAGED, FAULT = (
    "full", "read-only", "permission", "not a folder", "damaged", "fault")
TODO = {
    FULL: "the card is full: free space on it (old files, logs)",
    READ_ONLY: "the card is read-only (a worn card, or a read-only mount): check it, or use another card",
    PERMISSION: "the table may not write there: give its user the state directory (chown/chmod)",
    NOT_A_FOLDER: "a file stands where a folder belongs: move it away",
    DAMAGED: "a file there is damaged: restart the table, it moves the file aside",
    FAULT: "the card or its slot may be failing: check the card",
}
"""What to do, by what happened (:func:`storage_kind`)."""
_ERRNO = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EFBIG: FULL, errno.EROFS: READ_ONLY,
          errno.EACCES: PERMISSION, errno.EPERM: PERMISSION, errno.ENOTDIR: NOT_A_FOLDER,
          errno.EEXIST: NOT_A_FOLDER}
PROBE_BEYOND = 64 * 1024
"""The probe writes one byte this far past the largest database file (a full card or a file size
limit refuses it; a sparse byte costs one block where there is room)."""


def probe(directory: Path) -> OSError | None:
    """Why ``directory`` takes no write, asked of the file system itself: a new file with one byte
    written past the size of the largest database there (so a file size limit is met as SQLite
    met it), then removed; None when it takes it."""
    sizes = [0]
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "history.sqlite3", "history.sqlite3-wal"):
        with contextlib.suppress(OSError):
            sizes.append(os.stat(directory / name).st_size)
    path = directory / f".probe-{os.getpid()}"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                     PRIVATE_FILE)
    except OSError as exc:
        return exc
    try:
        os.pwrite(fd, b"\0", max(sizes) + PROBE_BEYOND)
        os.fsync(fd)
    except OSError as exc:
        return exc
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(path)
    try:
        st = os.statvfs(directory)
    except OSError:
        return None
    if st.f_bavail * st.f_frsize < PROBE_BEYOND:
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return None


def storage_kind(directory: Path, exc: BaseException | None) -> str:
    """What happened, in one of :data:`TODO`'s keys: by the OS's error number, SQLite's error
    name, and where neither tells (SQLite's "disk I/O error", "unable to open database file")
    by a probe write into ``directory`` (:func:`probe`)."""
    if isinstance(exc, OSError) and exc.errno in _ERRNO:
        return _ERRNO[exc.errno]
    if exc is not None and is_damage(exc):
        return DAMAGED
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_FULL") or "database or disk is full" in str(exc):
        return FULL
    if name.startswith("SQLITE_READONLY") or "readonly database" in str(exc):
        why = probe(directory)
        return _ERRNO.get(why.errno or 0, READ_ONLY) if why is not None else READ_ONLY
    if name.startswith(("SQLITE_PERM", "SQLITE_AUTH")):
        return PERMISSION
    why = probe(directory)
    if why is not None and why.errno in _ERRNO:
        return _ERRNO[why.errno]
    return FAULT


WAITING_WORDS = {"cmd": "step(s)", "game": "a new game's start", "finished": "a finished game's end",
                 "discard": "a discarded game", "unfinish": "an undone result"}


def unsaved(waiting: Sequence[tuple[str, Any]] | int) -> str:
    """What waits to be written, counted by kind: ``3 step(s) and a finished game's end`` ("" for
    nothing). A finished game's end is no step: its steps are saved, the next start ends it again."""
    if isinstance(waiting, int):
        return f"{waiting} step(s)" if waiting else ""
    counts: dict[str, int] = {}
    for kind, _payload in waiting:
        counts[kind] = counts.get(kind, 0) + 1
    parts = []
    for kind, words in WAITING_WORDS.items():
        n = counts.get(kind, 0)
        if n:
            parts.append(f"{n} {words}" if kind == "cmd" else words if n == 1 else f"{words} ×{n}")
    return " and ".join(parts)


def problem_line(directory: Path, exc: BaseException | None, waiting: Sequence[tuple[str, Any]] | int,
                 previous: str = "") -> str:
    """One line for a passing storage error: what happened, where, what to do, what waits."""
    if exc is None:
        head = previous.split(" — ")[0] if previous else f"cannot write the game journal in {directory}"
        todo = previous.split(" — ")[1].split("; ")[0] if " — " in previous else TODO[FAULT]
    else:
        head = f"cannot write the game journal in {directory}: {describe(exc)}"
        todo = TODO[storage_kind(directory, exc)]
    what = unsaved(waiting)
    return f"{head} — {todo}; {what + ' not saved yet, ' if what else ''}retrying"
