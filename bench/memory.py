"""Resident memory of this process, for the soak benchmarks (Linux /proc)."""


def rss_kb() -> int:
    """VmRSS in KiB, 0 where /proc is not there."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
