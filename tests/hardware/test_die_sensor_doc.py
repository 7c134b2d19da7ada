"""docs/die-sensor.md stays true: its parts table follows boards.toml, its wiring the firmware's
settings, and every file it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from table.hardware.board_sides import board_sides
from table.hardware.mocks import MOCKS_DIR

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "die-sensor.md").read_text()


def test_the_sides_table_follows_boards_toml():
    row = r"^\| (\w+) \| (\d+) \| (\d+) \| (\d+) \(1 \+ (\d+)\) \| 0x([0-9A-F]{2}) \| ([01 ]+) \|$"
    rows = re.findall(row, DOC, re.M)
    got = {r[0]: r for r in rows}
    sides = board_sides()
    assert sorted(got) == sorted(s.id for s in sides)
    for side in sides:
        _, spaces, switches, registers, sensor_regs, ident, bits = got[side.id]
        assert int(spaces) == int(switches) == side.spaces
        assert int(sensor_regs) == (side.spaces + 7) // 8 and int(registers) == 1 + int(sensor_regs)
        assert int(ident, 16) == 0x80 | (side.spaces - 1)
        assert bits.split() == list(f"{0x80 | (side.spaces - 1):08b}")
    total = sum(s.spaces for s in sides)
    assert f"for all four sides: {total} switches, {sum(1 + (s.spaces + 7) // 8 for s in sides)} registers" in DOC


def test_the_wiring_is_the_firmwares():
    main = (MOCKS_DIR / "firmware" / "main.py").read_text()
    load, clock, data = re.search(r"PIN_LOAD, PIN_CLOCK, PIN_DATA = (\d+), (\d+), (\d+)", main).groups()  # type: ignore[union-attr]
    maint = re.search(r"PIN_MAINTENANCE = (\d+)", main).group(1)  # type: ignore[union-attr]
    pico_pin = {"2": 4, "3": 5, "4": 6, "22": 29}  # GPn -> the Pico's header pin
    for gp, role in ((load, "SH/LD"), (clock, "CLK"), (data, "QH")):
        assert f"GP{gp} (pin {pico_pin[gp]})" in DOC, role
    assert f"GP{maint} (pin {pico_pin[maint]})" in DOC
    assert 'LINK = "usb"' in main and 'LINK = "uart"' in DOC


def test_every_file_the_doc_names_exists():
    path = r"(?<![\w/.-])((?:docs|hardware-mocks|table|tools|tests)/[\w./-]+)"
    named = {t.rstrip(".") for t in re.findall(path, DOC)}
    named = {t for t in named if not t.endswith("-")}  # "plate-<side>.pdf": checked below
    named |= {f"docs/{m}" for m in re.findall(r"\]\(([\w.-]+\.md)\)", DOC)}
    assert len(named) > 8
    for name in sorted(named):
        path = ROOT / name.split(" ")[0]
        assert path.exists(), name
    for side in board_sides():
        for ext in ("svg", "pdf"):
            assert (ROOT / "docs" / "templates" / f"plate-{side.id}.{ext}").is_file()
