"""Test doubles shared across the suite."""


class ManualClock:
    """Monotonic seconds that move only when the test says so (inject it wherever a clock goes)."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt


class ManualExecutor:
    """A ``concurrent.futures`` executor that runs the submitted calls only when told (``run_all``),
    on the test's thread, so a test decides when background work finishes."""

    def __init__(self) -> None:
        self.jobs: list = []

    def submit(self, fn, /, *args, **kwargs):
        from concurrent.futures import Future

        future: Future = Future()
        self.jobs.append((future, fn, args, kwargs))
        return future

    def run_all(self) -> int:
        jobs, self.jobs = self.jobs, []
        for future, fn, args, kwargs in jobs:
            if future.set_running_or_notify_cancel():
                future.set_result(fn(*args, **kwargs))
        return len(jobs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for future, *_ in self.jobs:
                future.cancel()
        self.jobs = []
