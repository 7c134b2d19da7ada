"""How lgpio came into this Python (issue 35: the Pi OS check says it): one line, e.g.

    lgpio 0.2.2.0: a PyPI wheel (cp311-cp311-manylinux_2_34_aarch64)
    lgpio 0.2.2.0: built from its source distribution (cp313-cp313-linux_aarch64)
    lgpio: python3-lgpio, the distribution's package (/usr/lib/python3/dist-packages/lgpio.py)
    lgpio: missing

    python scripts/lgpio_origin.py [--require] [--prefix DIR]

``--prefix``: the venv's directory (default ``sys.prefix``): a module outside it is the
distribution's. ``--require``: exit 1 when lgpio does not import. Runs on the Pi OS check's
arm64 roots and anywhere else (the decision is tested without a Pi).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import sys


def wheel_tags(dist: importlib.metadata.Distribution) -> list[str]:
    text = dist.read_text("WHEEL") or ""
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Tag:")]


def origin(prefix: str) -> str:
    try:
        module = importlib.import_module("lgpio")
    except ImportError as exc:
        return f"lgpio: missing ({exc})"
    where = os.path.realpath(getattr(module, "__file__", "") or "")
    if not where.startswith(os.path.realpath(prefix) + os.sep):
        return f"lgpio: python3-lgpio, the distribution's package ({where})"
    try:
        dist = importlib.metadata.distribution("lgpio")
    except importlib.metadata.PackageNotFoundError:
        return f"lgpio: in the venv without pip's metadata ({where})"
    tags = wheel_tags(dist)
    head = f"lgpio {dist.version}"
    if any("manylinux" in t or "musllinux" in t for t in tags):
        return f"{head}: a PyPI wheel ({', '.join(tags)})"
    return f"{head}: built from its source distribution ({', '.join(tags) or 'no wheel tag'})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="lgpio_origin.py")
    p.add_argument("--require", action="store_true", help="exit 1 when lgpio does not import")
    p.add_argument("--prefix", default=sys.prefix, help="the venv's directory (default: this Python's)")
    args = p.parse_args(argv)
    line = origin(args.prefix)
    print(line)
    return 1 if args.require and line.startswith("lgpio: missing") else 0


if __name__ == "__main__":
    sys.exit(main())
