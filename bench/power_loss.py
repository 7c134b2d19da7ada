"""Power-loss drill with 1,000 kill points (on demand): see table/games/applejack/powerloss.py.

    .venv/bin/python bench/power_loss.py [--kills 1000] [--seed 7]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table.games.applejack.powerloss import main

if __name__ == "__main__":
    args = sys.argv[1:]
    if not any(a.startswith("--kills") for a in args):
        args = ["--kills", "1000", *args]
    sys.exit(main(args))
