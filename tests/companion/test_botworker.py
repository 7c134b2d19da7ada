"""The shell's worker for bots' thinking: results keyed by where the table stood, stale ones dropped."""

import threading
import time

from table.companion.botworker import AdviceReady, AdviceWorker, BotWorker
from table.companion.ports import feed


def _wait_for(worker: BotWorker, key, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done = worker.take(key, keep_others=True)
        if done is not None:
            return done
        time.sleep(0.005)
    raise AssertionError(f"no result for {key!r}")


def test_a_result_for_a_position_the_table_has_left_is_dropped():
    worker = BotWorker()
    try:
        gate = threading.Event()
        worker.ask("old", lambda: gate.wait(30) and "old move")
        worker.ask("new", lambda: "new move", keep_older=True)
        gate.set()
        assert _wait_for(worker, "new").value == "new move"
        time.sleep(0.05)
        assert worker.take("new") is None  # taken once
        worker.take("elsewhere")  # the table moves on: everything finished for another key is stale
        assert worker.take("old") is None
    finally:
        worker.close()


def test_a_job_asked_twice_is_computed_once_and_a_failure_is_one_line_not_a_traceback():
    calls = []
    worker = BotWorker()
    try:
        gate = threading.Event()
        assert worker.ask("k", lambda: calls.append(1) or gate.wait(30))
        assert not worker.ask("k", lambda: calls.append(2))
        gate.set()
        assert _wait_for(worker, "k").value is True and calls == [1]
        worker.ask("bad", lambda: 1 // 0)
        done = _wait_for(worker, "bad")
        assert done.value is None and done.error.startswith("ZeroDivisionError")
    finally:
        worker.close()


class _Hinted:
    """A controller with a hint to compute: advice is taken only for the key it still stands at."""

    def __init__(self) -> None:
        self.version = 0
        self.key = "pos-1"
        self.given = []

    def lid_hint_request(self):
        key = self.key

        class Request:
            def __init__(self):
                self.key = key

            def compute(self):
                return ("advice", key)

        return Request()

    def give_advice(self, advice):
        if advice is None or advice[1] != self.key:
            return False
        self.given.append(advice)
        return True


def test_the_advice_worker_brings_a_hint_back_into_the_controller_through_feed():
    ctl = _Hinted()
    aw = AdviceWorker()
    try:
        assert aw.poll(ctl) is not None
        end = time.monotonic() + 30
        while not ctl.given and time.monotonic() < end:
            time.sleep(0.005)
            aw.poll(ctl)
        assert ctl.given == [("advice", "pos-1")]
        assert not feed(ctl, AdviceReady(("advice", "pos-0")))  # stale: dropped by the controller
    finally:
        aw.close()
