"""Outside the engine nobody unpacks Applejack's ints by hand (issue 12 §1).

Actions are read with ``table.games.applejack.rules.actions.decode`` (and ``is_draw``), orchard cells with
``table.games.applejack.rules.cells``, beehive edge masks with ``hexgrid.mask_edges``; the draws still due with
``GameState.next_draw_for``. This scans the companion, the screens and Applejack's bots for the
arithmetic those replace, and the screens for imports from ``engine/game.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "table"
APPLEJACK = ROOT / "games" / "applejack"
CHECKED = sorted([*ROOT.glob("companion/**/*.py"), *ROOT.glob("display/**/*.py"),
                  *APPLEJACK.glob("companion/*.py"), *APPLEJACK.glob("*.py"),
                  *(APPLEJACK / "bots" / name for name in ("base.py", "demo.py", "evaluate.py", "greedy.py",
                                                           "simulate.py", "strong.py", "fair_target.py"))])
FORBIDDEN = {
    "TILE_SPAN": r"\bTILE_SPAN\b",
    "a cell's rotation bits": r"&\s*7\b",
    "a cell's tile bits": r">>\s*3\b",
    "a hive mask shifted by an edge": r"mask\s*>>\s*e\b",
    "the game's draw destinations": r"\bD_(MIDDLE|COTTAGE)\b",
}


def test_the_checked_files_exist() -> None:
    assert len(CHECKED) > 20 and all(p.is_file() for p in CHECKED)


def test_no_bit_arithmetic_on_engine_ints_outside_the_engine() -> None:
    found = []
    for path in CHECKED:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for what, pattern in FORBIDDEN.items():
                if re.search(pattern, line):
                    found.append(f"{path.relative_to(ROOT.parent)}:{n}: {what}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_screens_import_nothing_from_game_py() -> None:
    pattern = r"from table\.games\.applejack\.rules\.game import|from table\.games\.applejack\.rules import game\b"
    found = [str(p.relative_to(ROOT.parent)) for p in ROOT.glob("display/**/*.py")
             if re.search(pattern, p.read_text("utf-8"))]
    assert not found
