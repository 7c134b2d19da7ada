"""The printable sensor-plate templates: one per board side in boards.toml, sensors at 1:1 (mm).

Each SVG is read as a printer would: its size in mm against its viewBox gives the scale, and the
sensor circles' centres, measured from the board outline, must be the board side's path spaces
(``table.hardware.plate_geometry`` over ``boards.toml``'s space count). The PDF's first page is
measured the same way from its drawing operators.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from table.hardware.board_sides import BOARDS_TOML, board_sides
from table.hardware.plate_geometry import BOARD_MM, MIN_PITCH_MM, pitch_mm, space_centres

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "docs" / "templates"
SIDES = board_sides()
NS = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4


def load_tool():
    import sys

    name = "tools_make_plate_templates"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "make_plate_templates.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def mm(value: str) -> float:
    assert value.endswith("mm"), value
    return float(value[:-2])


def test_the_sides_are_read_from_boards_toml():
    import tomllib

    data = tomllib.loads(BOARDS_TOML.read_text())
    assert sorted(len(b["spaces"]) for b in data["board"]) == [s.spaces for s in SIDES]
    assert [s.spaces for s in SIDES] == [7, 17, 25, 33]  # the shipped data, as issue 31 lists it


@pytest.mark.parametrize("side", SIDES, ids=[s.id for s in SIDES])
def test_svg_sensor_centres_are_the_sides_path_at_1_to_1(side):
    root = ET.parse(TEMPLATES / f"plate-{side.id}.svg").getroot()
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    scale_x, scale_y = mm(root.get("width", "")) / vw, mm(root.get("height", "")) / vh
    assert (vx, vy) == (0, 0) and scale_x == pytest.approx(1.0) and scale_y == pytest.approx(1.0)
    for el in root.iter():
        assert "transform" not in el.attrib  # nothing moves or scales the drawing behind our back
    board = root.find(f".//{NS}rect[@id='board']")
    assert board is not None
    bx, by = float(board.get("x", "nan")) * scale_x, float(board.get("y", "nan")) * scale_y
    assert float(board.get("width", "0")) * scale_x == pytest.approx(BOARD_MM)
    circles = {c.get("id"): c for c in root.iter(f"{NS}circle") if (c.get("id") or "").startswith("space-")}
    assert sorted(circles) == sorted(f"space-{n}" for n in range(1, side.spaces + 1))
    measured = [
        (float(circles[f"space-{n}"].get("cx", "nan")) * scale_x - bx,
         float(circles[f"space-{n}"].get("cy", "nan")) * scale_y - by)
        for n in range(1, side.spaces + 1)
    ]  # fmt: skip
    for n, (got, want) in enumerate(zip(measured, space_centres(side), strict=True), start=1):
        assert math.dist(got, want) < 0.01, (n, got, want)
    assert pitch_mm(measured) >= MIN_PITCH_MM
    # the path walks space to space: consecutive spaces are the nearest along it, never a jump back
    steps = [math.dist(a, b) for a, b in itertools.pairwise(measured)]
    if side.bridge:
        assert max(steps) - min(steps) < 2.0  # spaces evenly spread along the spiral


def _pdf_pages(data: bytes) -> list[tuple[tuple[float, float], bytes]]:
    pages = []
    for m in re.finditer(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\] /Contents (\d+) 0 R", data):
        obj = re.search(rb"\n%s 0 obj\n<< /Length (\d+) /Filter /FlateDecode >>\nstream\n" % m.group(3), data)
        assert obj is not None
        start = obj.end()
        stream = zlib.decompress(data[start : start + int(obj.group(1))])
        pages.append(((float(m.group(1)) / PT, float(m.group(2)) / PT), stream))
    return pages


@pytest.mark.parametrize("side", SIDES, ids=[s.id for s in SIDES])
def test_pdf_first_page_is_a3_with_the_same_centres_and_a4_tiles_follow(side):
    tool = load_tool()
    data = (TEMPLATES / f"plate-{side.id}.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    xref = int(re.search(rb"startxref\n(\d+)\n", data).group(1))  # type: ignore[union-attr]
    assert data[xref : xref + 4] == b"xref"
    pages = _pdf_pages(data)
    (w, h), first = pages[0]
    assert (w, h) == (pytest.approx(297, abs=0.01), pytest.approx(420, abs=0.01))
    assert len(pages) == 5 and all(size == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))
                                   for size, _ in pages[1:])  # fmt: skip
    bx, by = tool.BOARD_AT
    found = re.findall(rb"% space-(\d+) [\d.]+ [\d.]+\n[\d.]+ w ([\d.]+) ([\d.]+) m", first)
    assert len(found) == side.spaces
    for (n, x, y), want in zip(found, space_centres(side), strict=True):
        cx = float(x) / PT - tool.SENSOR_R - bx  # a circle starts at its rightmost point
        cy = h - float(y) / PT - by
        assert math.dist((cx, cy), want) < 0.02, (n, cx, cy, want)


def test_the_committed_templates_are_what_the_tool_makes_now(tmp_path):
    """A change to boards.toml or the geometry without re-running the tool is caught here."""
    tool = load_tool()
    assert tool.main(["--out", str(tmp_path)]) == 0
    for path in sorted(tmp_path.iterdir()):
        assert (TEMPLATES / path.name).read_bytes() == path.read_bytes(), (
            f"{path.name} is stale: run python tools/make_plate_templates.py"
        )


def test_a_measured_board_and_a_too_tight_one(tmp_path):
    tool = load_tool()
    solo = SIDES[0]
    rows = ["# space,x_mm,y_mm"] + [f"{n},{40 + 30 * n},{50 + 10 * n}" for n in range(1, solo.spaces + 1)]
    (tmp_path / "solo.csv").write_text("\n".join(rows) + "\n")
    assert tool.main(["--out", str(tmp_path), "--side", "solo", "--centres", str(tmp_path / "solo.csv")]) == 0
    root = ET.parse(tmp_path / "plate-solo.svg").getroot()
    c3 = root.find(f".//{NS}circle[@id='space-3']")
    assert c3 is not None and float(c3.get("cx", "0")) - tool.BOARD_AT[0] == pytest.approx(130)
    (tmp_path / "tight.csv").write_text("\n".join(f"{n},{10 + 5 * n},20" for n in range(1, 8)) + "\n")
    with pytest.raises(SystemExit, match="under 25 mm"):
        tool.main(["--out", str(tmp_path), "--side", "solo", "--centres", str(tmp_path / "tight.csv")])
    with pytest.raises(SystemExit, match="missing"):
        (tmp_path / "short.csv").write_text("1,10,10\n")
        tool.main(["--out", str(tmp_path), "--side", "solo", "--centres", str(tmp_path / "short.csv")])


def test_the_schematic_names_the_parts_and_pins():
    text = (TEMPLATES / "sensor-schematic.svg").read_text()
    ET.fromstring(text)  # well-formed
    for needle in ("DRV5032FA", "74HC165", "GP2", "GP3", "GP4", "3V3 OUT", "USB", "SER", "QH", "0x80 | (spaces - 1)"):
        assert needle in text, needle
    assert "5V" not in text.replace(" ", "") or "Never 5 V" in text
