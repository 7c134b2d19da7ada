"""table.notify against a real unix datagram socket standing in for systemd's notify socket."""

from __future__ import annotations

import itertools
import os
import socket
import struct
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.notify import (
    Notifier,
    NotifierClosedError,
    NotifyConfigError,
    parse_notify_socket,
    parse_watchdog,
)


class FakeClock:
    """Monotonic seconds that move only when the test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


class Systemd:
    """The listening end: a bound AF_UNIX datagram socket and the NOTIFY_SOCKET value naming it."""

    def __init__(self, sock: socket.socket, notify_socket: str) -> None:
        self.sock = sock
        self.notify_socket = notify_socket

    def receive(self) -> bytes:
        self.sock.settimeout(2.0)
        return self.sock.recv(4096)

    def assert_nothing_pending(self) -> None:
        # unix datagrams are queued on the receiver during sendto(): nothing there now means
        # nothing was sent, no waiting needed
        self.sock.setblocking(False)
        with pytest.raises(BlockingIOError):
            self.sock.recv(4096)


@pytest.fixture
def path_systemd() -> Iterator[Systemd]:
    # sun_path holds at most 107 bytes: pytest's tmp_path can be longer than that
    with tempfile.TemporaryDirectory(prefix="ajt-") as directory:
        path = os.path.join(directory, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        try:
            yield Systemd(sock, path)
        finally:
            sock.close()


@pytest.fixture
def abstract_systemd() -> Iterator[Systemd]:
    name = f"applejack-test-{os.getpid()}-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    try:
        yield Systemd(sock, "@" + name)
    finally:
        sock.close()


@pytest.fixture(params=["path", "abstract"])
def systemd(request: pytest.FixtureRequest) -> Systemd:
    fixture: Systemd = request.getfixturevalue(f"{request.param}_systemd")
    return fixture


def test_ready_status_stopping_send_exact_datagrams(systemd: Systemd) -> None:
    with Notifier.from_environ({"NOTIFY_SOCKET": systemd.notify_socket}) as notifier:
        assert notifier.enabled
        assert notifier.ready() is True
        assert systemd.receive() == b"READY=1"
        assert notifier.ready(status="waiting for players") is True
        assert systemd.receive() == b"READY=1\nSTATUS=waiting for players"
        assert notifier.status("round 3 – harvest") is True
        assert systemd.receive() == "STATUS=round 3 – harvest".encode()
        assert notifier.stopping() is True
        assert systemd.receive() == b"STOPPING=1"
        systemd.assert_nothing_pending()


def test_watchdog_is_rate_limited_to_half_the_period(systemd: Systemd) -> None:
    clock = FakeClock()
    env = {"NOTIFY_SOCKET": systemd.notify_socket, "WATCHDOG_USEC": "30000000"}  # 30 s
    with Notifier.from_environ(env, clock=clock) as notifier:
        assert notifier.watchdog_interval_s == 30.0
        assert notifier.watchdog() is True  # the first call always pings
        assert systemd.receive() == b"WATCHDOG=1"

        # called every frame (60 fps) for just under 15 s: nothing more goes out
        for _ in range(899):
            clock.now += 1 / 60
            assert notifier.watchdog() is False
        systemd.assert_nothing_pending()

        clock.now = 1000.0 + 15.0  # half the period after the first ping
        assert notifier.watchdog() is True
        assert systemd.receive() == b"WATCHDOG=1"
        assert notifier.watchdog() is False

        # a long stall (e.g. a slow frame) pings on the next call, and the limit restarts from there
        clock.now += 100.0
        assert notifier.watchdog() is True
        assert systemd.receive() == b"WATCHDOG=1"
        clock.now += 14.9
        assert notifier.watchdog() is False
        systemd.assert_nothing_pending()


def test_other_messages_do_not_count_as_watchdog_pings(path_systemd: Systemd) -> None:
    clock = FakeClock()
    env = {"NOTIFY_SOCKET": path_systemd.notify_socket, "WATCHDOG_USEC": "2000000"}
    with Notifier.from_environ(env, clock=clock) as notifier:
        notifier.ready()
        assert path_systemd.receive() == b"READY=1"
        assert notifier.watchdog() is True
        assert path_systemd.receive() == b"WATCHDOG=1"


def test_watchdog_pid_of_this_process_keeps_the_watchdog(path_systemd: Systemd) -> None:
    env = {
        "NOTIFY_SOCKET": path_systemd.notify_socket,
        "WATCHDOG_USEC": "1000000",
        "WATCHDOG_PID": str(os.getpid()),
    }
    with Notifier.from_environ(env) as notifier:
        assert notifier.watchdog_interval_s == 1.0
        assert notifier.watchdog() is True
        assert path_systemd.receive() == b"WATCHDOG=1"


def test_watchdog_pid_mismatch_disables_the_watchdog_only(path_systemd: Systemd) -> None:
    env = {
        "NOTIFY_SOCKET": path_systemd.notify_socket,
        "WATCHDOG_USEC": "1000000",
        "WATCHDOG_PID": str(os.getpid() + 1),
    }
    with Notifier.from_environ(env) as notifier:
        assert notifier.watchdog_interval_s is None
        assert notifier.watchdog() is False
        path_systemd.assert_nothing_pending()
        # the notify socket itself is not tied to a PID: READY still goes out
        assert notifier.ready() is True
        assert path_systemd.receive() == b"READY=1"


def test_explicit_pid_argument_is_compared_with_watchdog_pid(path_systemd: Systemd) -> None:
    env = {"NOTIFY_SOCKET": path_systemd.notify_socket, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "4242"}
    with Notifier.from_environ(env, pid=4242) as notifier:
        assert notifier.watchdog_interval_s == 1.0
    with Notifier.from_environ(env, pid=4243) as notifier:
        assert notifier.watchdog_interval_s is None


def test_no_watchdog_usec_means_no_pings(path_systemd: Systemd) -> None:
    with Notifier.from_environ({"NOTIFY_SOCKET": path_systemd.notify_socket}) as notifier:
        assert notifier.watchdog_interval_s is None
        assert notifier.watchdog() is False
        path_systemd.assert_nothing_pending()


def test_without_notify_socket_everything_is_a_no_op() -> None:
    clock = FakeClock()
    notifier = Notifier.from_environ({"WATCHDOG_USEC": "1000000"}, clock=clock)
    assert not notifier.enabled
    assert notifier.watchdog_interval_s is None
    assert notifier.ready(status="x") is False
    assert notifier.status("x") is False
    assert notifier.watchdog() is False
    assert notifier.stopping() is False
    notifier.close()
    notifier.close()


def test_empty_notify_socket_is_a_no_op() -> None:
    assert not Notifier.from_environ({"NOTIFY_SOCKET": ""}).enabled


def test_from_environ_reads_os_environ_by_default(
    path_systemd: Systemd, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", path_systemd.notify_socket)
    monkeypatch.setenv("WATCHDOG_USEC", "4000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    with Notifier.from_environ() as notifier:
        assert notifier.watchdog_interval_s == 4.0
        notifier.ready()
        assert path_systemd.receive() == b"READY=1"


def test_close_is_idempotent_and_later_sends_raise(path_systemd: Systemd) -> None:
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": path_systemd.notify_socket, "WATCHDOG_USEC": "1"})
    notifier.close()
    notifier.close()
    for send in (notifier.ready, notifier.stopping, notifier.watchdog):
        with pytest.raises(NotifierClosedError):
            send()
    with pytest.raises(NotifierClosedError):
        notifier.status("x")
    path_systemd.assert_nothing_pending()


def test_send_to_a_vanished_socket_raises_oserror() -> None:
    with tempfile.TemporaryDirectory(prefix="ajt-") as directory:
        path = Path(directory) / "gone"
        with Notifier.from_environ({"NOTIFY_SOCKET": str(path)}) as notifier, pytest.raises(OSError):
            notifier.ready()


def test_status_with_newline_is_refused(path_systemd: Systemd) -> None:
    with Notifier.from_environ({"NOTIFY_SOCKET": path_systemd.notify_socket}) as notifier:
        with pytest.raises(ValueError, match="single line"):
            notifier.status("two\nlines")
        with pytest.raises(ValueError, match="single line"):
            notifier.ready(status="READY=1\nWATCHDOG=1")
        path_systemd.assert_nothing_pending()


def test_parse_notify_socket() -> None:
    assert parse_notify_socket("/run/systemd/notify") == "/run/systemd/notify"
    assert parse_notify_socket("@abstract/name") == b"\0abstract/name"
    for bad in ("relative/path", "@", "vsock:2:1234"):
        with pytest.raises(NotifyConfigError):
            parse_notify_socket(bad)


@pytest.mark.parametrize(
    "env",
    [
        {"WATCHDOG_USEC": "soon"},
        {"WATCHDOG_USEC": "0"},
        {"WATCHDOG_USEC": "-5"},
        {"WATCHDOG_USEC": "1000", "WATCHDOG_PID": "me"},
        {"WATCHDOG_USEC": "1000", "WATCHDOG_PID": "0"},
    ],
)
def test_malformed_watchdog_variables_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(NotifyConfigError):
        parse_watchdog(env, pid=1)
    with pytest.raises(NotifyConfigError):
        Notifier.from_environ({"NOTIFY_SOCKET": "/run/systemd/notify", **env})


def test_parse_watchdog_units() -> None:
    assert parse_watchdog({}, pid=1) is None
    assert parse_watchdog({"WATCHDOG_USEC": "30000000"}, pid=1) == 30.0
    assert parse_watchdog({"WATCHDOG_USEC": "250000", "WATCHDOG_PID": "7"}, pid=7) == 0.25
    assert parse_watchdog({"WATCHDOG_USEC": "250000", "WATCHDOG_PID": "7"}, pid=8) is None


def test_nonpositive_interval_is_refused() -> None:
    with pytest.raises(ValueError):
        Notifier("/run/systemd/notify", watchdog_interval_s=0)


def test_a_service_process_as_systemd_starts_it(path_systemd: Systemd) -> None:
    """A separate process, WATCHDOG_PID set to its own PID before exec (as systemd does).

    The datagrams carry the sender's credentials; with NotifyAccess=main systemd accepts them
    only from the main PID, which must be the process that was exec'd, not a helper.
    """
    path_systemd.sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    code = (
        "from table.notify import Notifier\n"
        "with Notifier.from_environ() as n:\n"
        "    assert n.watchdog_interval_s == 30.0, n.watchdog_interval_s\n"
        "    n.ready(status='first frame')\n"
        "    n.watchdog(); n.watchdog()\n"
        "    n.stopping()\n"
    )
    env = {key: value for key, value in os.environ.items() if key not in ("WATCHDOG_PID", "WATCHDOG_USEC")}
    env.update(NOTIFY_SOCKET=path_systemd.notify_socket, WATCHDOG_USEC="30000000", PYTHON=sys.executable)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    # `exec` keeps the shell's PID, so $$ is the PID of the Python process that sends
    child = subprocess.Popen(
        ["sh", "-c", 'WATCHDOG_PID=$$ exec "$PYTHON" -c "$0"', code],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, stderr = child.communicate(timeout=30)
    assert child.returncode == 0, stderr

    received = []
    path_systemd.sock.setblocking(False)
    ucred = struct.Struct("3i")
    while True:
        try:
            data, ancillary, _, _ = path_systemd.sock.recvmsg(4096, socket.CMSG_SPACE(ucred.size))
        except BlockingIOError:
            break
        ((level, kind, cred),) = ancillary
        assert (level, kind) == (socket.SOL_SOCKET, socket.SCM_CREDENTIALS)
        pid, _, _ = ucred.unpack(cred[: ucred.size])
        received.append((pid, data))
    assert [data for _, data in received] == [b"READY=1\nSTATUS=first frame", b"WATCHDOG=1", b"STOPPING=1"]
    assert {pid for pid, _ in received} == {child.pid}


@settings(max_examples=60, deadline=None)
@given(
    watchdog_usec=st.integers(min_value=10_000, max_value=120_000_000),
    frame_fractions=st.lists(st.floats(min_value=0.0, max_value=0.49), min_size=1, max_size=300),
)
def test_frequent_calls_never_let_the_watchdog_expire(
    watchdog_usec: int, frame_fractions: list[float]
) -> None:
    """What systemd needs: called at least every period/2, a ping goes out well within every period.

    Each gap between calls is a fraction (< 1/2) of the period. Pings must then be spaced by at
    least period/2 (the rate limit) and at most period/2 + the longest gap (< the period).
    """
    period = watchdog_usec / 1_000_000
    clock = FakeClock(start=0.0)
    with tempfile.TemporaryDirectory(prefix="ajt-") as directory:
        path = os.path.join(directory, "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as receiver:
            receiver.bind(path)
            receiver.setblocking(False)
            env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": str(watchdog_usec)}
            sent_at = []
            with Notifier.from_environ(env, clock=clock) as notifier:
                for fraction in [0.0, *frame_fractions]:
                    clock.now += fraction * period
                    if notifier.watchdog():
                        sent_at.append(clock.now)
                        assert receiver.recv(64) == b"WATCHDOG=1"
                    else:
                        with pytest.raises(BlockingIOError):
                            receiver.recv(64)
    longest_gap = max(frame_fractions) * period
    for earlier, later in itertools.pairwise(sent_at):
        assert later - earlier >= period / 2 - 1e-9
        assert later - earlier <= period / 2 + longest_gap + 1e-9
    assert clock.now - sent_at[-1] < period / 2
