"""Test doubles shared across the suite."""


class ManualClock:
    """Monotonic seconds that move only when the test says so (inject it wherever a clock goes)."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt
