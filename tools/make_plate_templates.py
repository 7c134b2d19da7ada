"""Write the die-sensor plate's printable templates and its schematic into ``docs/templates/``.

    python tools/make_plate_templates.py            # every board side in boards.toml
    python tools/make_plate_templates.py --centres my-four.csv --side four   # a measured board

For each harvest-board side (``table.hardware.board_sides``: the space counts come from
``boards.toml``) it writes ``plate-<side>.svg`` and ``plate-<side>.pdf``: the board's outline at
1:1 (mm) with a circle and cross-hair where each space's hall switch goes, numbered, the 74HC165
register and input each one is wired to, the ID register's wiring for that side, and two 100 mm
scale bars to check the print. The PDF's first page is A3 (the whole board); the pages after it
are the same drawing cut into A4 tiles for a home printer (butt the tiles along their frames).
``sensor-schematic.svg`` is the circuit: the Pico, its USB link, the register chain, the switches.

The PDF is written by the ~80 lines below (vector lines, Bézier circles and the standard
Helvetica font: nothing to embed), not by a library: the drawing is a few hundred strokes, and a
pip dependency (reportlab, fpdf2) for that would be one more thing for a builder's checkout to
install, for no gain in what prints. Print at 100 % ("actual size"), never "fit to page".
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from table.hardware.board_sides import BoardSide, board_sides  # noqa: E402
from table.hardware.plate_geometry import BOARD_MM, MIN_PITCH_MM, pitch_mm, space_centres  # noqa: E402

OUT = ROOT / "docs" / "templates"
A3 = (297.0, 420.0)
A4 = (210.0, 297.0)
A4_MARGIN = 10.0
BOARD_AT = ((A3[0] - BOARD_MM) / 2, 24.0)
"""Top-left corner of the board on the A3 sheet (mm)."""
SENSOR_R = 6.0
"""Radius of the circle drawn round a sensor (mm): the area the hall switch's body must sit in."""
PT = 72 / 25.4


# -- drawing -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    width: float = 0.3
    ident: str = ""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    width: float = 0.3
    ident: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    size: float
    text: str
    anchor: str = "start"  # or "middle"


Shape = Line | Circle | Rect | Text


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg(shapes: list[Shape], size: tuple[float, float], title: str) -> str:
    """An SVG whose user unit is 1 mm (``width``/``height`` in mm, the same ``viewBox``)."""
    w, h = size
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" viewBox="0 0 {w:g} {h:g}">',
        f"<title>{_esc(title)}</title>",
        '<g fill="none" stroke="black" font-family="Helvetica, Arial, sans-serif">',
    ]
    for s in shapes:
        if isinstance(s, Line):
            out.append(f'<line x1="{s.x1:.3f}" y1="{s.y1:.3f}" x2="{s.x2:.3f}" y2="{s.y2:.3f}" '
                       f'stroke-width="{s.width:g}"/>')
        elif isinstance(s, Circle):
            ident = f' id="{s.ident}"' if s.ident else ""
            out.append(f'<circle{ident} cx="{s.cx:.3f}" cy="{s.cy:.3f}" r="{s.r:g}" stroke-width="{s.width:g}"/>')
        elif isinstance(s, Rect):
            ident = f' id="{s.ident}"' if s.ident else ""
            out.append(f'<rect{ident} x="{s.x:.3f}" y="{s.y:.3f}" width="{s.w:.3f}" height="{s.h:.3f}" '
                       f'stroke-width="{s.width:g}"/>')  # fmt: skip
        else:
            out.append(f'<text x="{s.x:.3f}" y="{s.y:.3f}" font-size="{s.size:g}" text-anchor="{s.anchor}" '
                       f'fill="black" stroke="none">{_esc(s.text)}</text>')  # fmt: skip
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)


def _pdf_ops(shapes: list[Shape], page_h: float, dx: float = 0.0, dy: float = 0.0) -> list[str]:
    """PDF content operators for ``shapes`` moved by (dx, dy) mm on a page ``page_h`` mm high."""
    ops = []

    def p(x: float, y: float) -> str:
        return f"{(x + dx) * PT:.2f} {(page_h - y - dy) * PT:.2f}"

    k = 0.5523  # Bézier handle for a quarter circle
    for s in shapes:
        if isinstance(s, Line):
            ops.append(f"{s.width * PT:.2f} w {p(s.x1, s.y1)} m {p(s.x2, s.y2)} l S")
        elif isinstance(s, Circle):
            cx, cy, r = s.cx, s.cy, s.r
            if s.ident:
                ops.append(f"% {s.ident} {cx:.3f} {cy:.3f}")
            ops.append(
                f"{s.width * PT:.2f} w {p(cx + r, cy)} m "
                f"{p(cx + r, cy + k * r)} {p(cx + k * r, cy + r)} {p(cx, cy + r)} c "
                f"{p(cx - k * r, cy + r)} {p(cx - r, cy + k * r)} {p(cx - r, cy)} c "
                f"{p(cx - r, cy - k * r)} {p(cx - k * r, cy - r)} {p(cx, cy - r)} c "
                f"{p(cx + k * r, cy - r)} {p(cx + r, cy - k * r)} {p(cx + r, cy)} c S"
            )
        elif isinstance(s, Rect):
            x, y = p(s.x, s.y + s.h).split()
            ops.append(f"{s.width * PT:.2f} w {x} {y} {s.w * PT:.2f} {s.h * PT:.2f} re S")
        else:
            width = 0.5 * s.size * len(s.text) if s.anchor == "middle" else 0.0  # Helvetica, roughly
            text = s.text.encode("latin-1", "replace").decode("latin-1")
            text = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"BT /F1 {s.size * PT:.2f} Tf {p(s.x - width / 2, s.y)} Td ({text}) Tj ET")
    return ops


def pdf(pages: list[tuple[tuple[float, float], list[str]]]) -> bytes:
    """A PDF of ``pages``: each (size in mm, content operators). Helvetica is font /F1."""
    objects: list[bytes] = [b"", b""]  # 1: catalog, 2: pages (filled in below)
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    kids = []
    for (w, h), ops in pages:
        stream = zlib.compress("\n".join(ops).encode("latin-1"))
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(stream), stream))
        content = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Contents %d 0 R "
            b"/Resources << /Font << /F1 3 0 R >> >> >>" % (w * PT, h * PT, content)
        )
        kids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def tiled_pdf(shapes: list[Shape], size: tuple[float, float]) -> bytes:
    """Page 1: the whole sheet; then A4 tiles of it (printable area inside a 10 mm margin)."""
    pages = [(size, _pdf_ops(shapes, size[1]))]
    tw, th = A4[0] - 2 * A4_MARGIN, A4[1] - 2 * A4_MARGIN
    cols, rows = math.ceil(size[0] / tw), math.ceil(size[1] / th)
    for row in range(rows):
        for col in range(cols):
            x0, y0 = col * tw, row * th
            clip = (f"q {A4_MARGIN * PT:.2f} {A4_MARGIN * PT:.2f} {tw * PT:.2f} {th * PT:.2f} re W n")
            ops = [clip, *_pdf_ops(shapes, A4[1], A4_MARGIN - x0, A4_MARGIN - y0), "Q"]
            frame = Rect(A4_MARGIN, A4_MARGIN, tw, th, 0.2)
            label = Text(A4_MARGIN, A4_MARGIN - 3, 3.0,
                         f"tile {row * cols + col + 1} of {rows * cols}: row {row + 1}, column {col + 1}. "
                         "Cut along the frame and butt the tiles edge to edge. Print at 100 %.")  # fmt: skip
            ops += _pdf_ops([frame, label], A4[1])
            pages.append((A4, ops))
    return pdf(pages)


# -- the plate template -----------------------------------------------------------------------
def register_input(space: int) -> tuple[int, str]:
    """(register, input letter) of ``space``'s switch: register 0 is the ID register."""
    k = space - 1
    return 1 + k // 8, "ABCDEFGH"[k % 8]


def id_wiring(spaces: int) -> str:
    """Which ID-register inputs go to 3V3 (1) and which to GND (0): ``0x80 | (spaces - 1)``."""
    value = 0x80 | (spaces - 1)
    bits = [(value >> (7 - i)) & 1 for i in range(8)]  # H first
    return " ".join(f"{letter}={'3V3' if bit else 'GND'}" for letter, bit in zip("HGFEDCBA", bits, strict=True))


def plate_shapes(side: BoardSide, centres: list[tuple[float, float]]) -> list[Shape]:
    bx, by = BOARD_AT
    shapes: list[Shape] = [
        Text(bx, 10, 6, f"Applejack die sensor plate: {side.name} side ({side.spaces} spaces)"),
        Text(bx, 17, 3.2, "Print at 100 % (actual size). Check both scale bars measure 100 mm. "
             "Board corner stops: top-left, the two thick lines."),
        Rect(bx, by, BOARD_MM, BOARD_MM, 0.4, ident="board"),
        Line(bx - 2, by - 2, bx + 60, by - 2, 1.2),  # corner stops: the board is pushed into them
        Line(bx - 2, by - 2, bx - 2, by + 60, 1.2),
    ]
    for n, (x, y) in enumerate(centres, start=1):
        cx, cy = bx + x, by + y
        reg, letter = register_input(n)
        shapes += [
            Circle(cx, cy, SENSOR_R, 0.35, ident=f"space-{n}"),
            Line(cx - SENSOR_R - 2, cy, cx + SENSOR_R + 2, cy, 0.15),
            Line(cx, cy - SENSOR_R - 2, cx, cy + SENSOR_R + 2, 0.15),
            Text(cx + SENSOR_R + 0.8, cy - 1.2, 4.2, str(n)),
            Text(cx + SENSOR_R + 0.8, cy + 3.2, 2.6, f"U{reg}.{letter}"),
        ]
    y = by + BOARD_MM + 10
    shapes += [
        Line(bx, y, bx + 100, y, 0.4), Line(bx, y - 2, bx, y + 2, 0.4), Line(bx + 100, y - 2, bx + 100, y + 2, 0.4),
        Text(bx + 50, y + 5, 3.2, "100 mm", "middle"),
        Line(bx + BOARD_MM, y, bx + BOARD_MM, y + 100, 0.4),
        Line(bx + BOARD_MM - 2, y, bx + BOARD_MM + 2, y, 0.4),
        Line(bx + BOARD_MM - 2, y + 100, bx + BOARD_MM + 2, y + 100, 0.4),
        Text(bx + BOARD_MM - 3, y + 50, 3.2, "100 mm", "middle"),
    ]
    registers = 1 + (side.spaces + 7) // 8
    lines = [
        f"Sensor: one DRV5032FA (omnipolar, push-pull, 3.3 V) per circle, centred on the cross, "
        f"marked face up; {side.spaces} in all.",
        f"Chain: {registers} x 74HC165: U0 = ID register, U1..U{registers - 1} = sensors "
        f"(Un.A = input A of register n). Smallest sensor pitch {pitch_mm(centres):.1f} mm.",
        f"ID register U0 for this side: {id_wiring(side.spaces)} "
        f"(0x{0x80 | (side.spaces - 1):02X}).",
        "Unused sensor inputs of the last register: to 3V3. SER of the last register: to GND.",
        "Space centres: table/hardware/plate_geometry.py (a reconstruction: lay the real board on "
        "this sheet and check each space sits over its circle).",
    ]
    for i, text in enumerate(lines):
        shapes.append(Text(bx, y + 16 + 6 * i, 3.0, text))
    return shapes


# -- the schematic -------------------------------------------------------------------------------
def schematic_shapes() -> tuple[list[Shape], tuple[float, float]]:
    """The circuit as a block diagram with pin numbers (mm units, A3 landscape)."""
    s: list[Shape] = [Text(10, 12, 6, "Applejack die sensor: schematic (firmware 3, docs/die-sensor.md)")]

    def box(x: float, y: float, w: float, h: float, title: str, pins: list[tuple[str, str]], left: bool) -> None:
        s.append(Rect(x, y, w, h, 0.5))
        s.append(Text(x + w / 2, y + 6, 4, title, "middle"))
        for i, (num, name) in enumerate(pins):
            py = y + 14 + 7 * i
            px = x if left else x + w
            s.append(Line(px, py, px - 6 if left else px + 6, py, 0.35))
            s.append(Text(x + 2 if left else x + w - 2 - 2.0 * len(name), py + 1.2, 3, name))
            s.append(Text(px - 6 if left else px + 1, py - 1, 2.5, num))

    # the Pi, the USB cable, the Pico
    box(10, 40, 50, 30, "Raspberry Pi", [], left=False)
    s.append(Line(60, 54, 96, 54, 0.8))
    s.append(Text(62, 51, 3, "USB-A to micro-USB"))
    s.append(Text(62, 60, 2.6, "(a data cable)"))
    pico_pins = [("4", "GP2"), ("5", "GP3"), ("6", "GP4"), ("36", "3V3 OUT"), ("38", "GND"), ("29", "GP22")]
    box(96, 40, 55, 60, "Raspberry Pi Pico", pico_pins, left=False)
    s.append(Text(98, 108, 3, "GP22: jumper to GND at power-on = firmware stays off (for mpremote)"))
    s.append(Text(98, 114, 3, "Never 5 V (VBUS, VSYS) on the plate: RP2040 pins take 3.3 V only"))
    # the cable to the plate: straight into U0's pins of the same name
    for i, name in enumerate(("SH/LD", "CLK", "QH", "3V3", "GND")):
        y = 54 + 7 * i
        s.append(Line(157, y, 184, y, 0.35))
        s.append(Text(160, y - 1.2, 2.6, name))
    s.append(Text(157, 96, 2.6, "5 wires, <= 1 m"))
    # the chain: SH/LD, CLK, 3V3 and GND go to every register; QH of U(n+1) feeds SER of U(n)
    for n, title in enumerate(("U0: ID", "U1: 1-8", "U2: 9-16", "Un: ...")):
        bx = 190 + n * 55
        pins = [("1", "SH/LD"), ("2", "CLK"), ("9", "QH"), ("16", "VCC"), ("8", "GND"), ("15", "CLK INH")]
        box(bx, 40, 42, 62, "74HC165 " + title, pins, left=True)
        s.append(Line(bx + 42, 89, bx + 48, 89, 0.35))  # SER on the right
        s.append(Text(bx + 33, 90.2, 3, "SER"))
        s.append(Text(bx + 43, 88, 2.5, "10"))
        s.append(Text(bx + 2, 110, 2.6, "inputs A-H: pins 11,12,13,14,3,4,5,6"))
        s.append(Text(bx + 2, 115, 2.6, "CLK INH to GND; 100 nF VCC-GND"))
        if n < 3:
            s.append(Line(bx + 49, 68, bx + 48, 89, 0.35))  # U(n+1).QH -> U(n).SER
    s.append(Text(190, 32, 3, "SH/LD, CLK, 3V3 and GND go to every register; "
                              "QH of each register feeds SER of the one before."))
    s.append(Text(190, 124, 3, "U0 inputs H..A: the plate's ID, 0x80 | (spaces - 1): 1 = to 3V3, 0 = to GND "
                               "(7: 0x86, 17: 0x90, 25: 0x98, 33: 0xA0)"))  # fmt: skip
    s.append(Text(190, 130, 3, "SER of the last register to GND; sensor inputs it does not use to 3V3."))
    # a hall switch
    hx, hy = 200, 150
    s.append(Rect(hx, hy, 30, 22, 0.5))
    s.append(Text(hx + 15, hy + 7, 3.4, "DRV5032FA", "middle"))
    s.append(Text(hx + 15, hy + 13, 2.6, "omnipolar, push-pull", "middle"))
    for i, name in enumerate(("VCC 3V3 (LPG 1, DBZ 1)", "OUT -> Un.x (LPG 3, DBZ 2)", "GND (LPG 2, DBZ 3)")):
        s.append(Line(hx + 30, hy + 5 + 7 * i, hx + 40, hy + 5 + 7 * i, 0.35))
        s.append(Text(hx + 41, hy + 6 + 7 * i, 2.8, name))
    s.append(Text(hx, hy + 30, 3, "one per space, under the centre of the space, marked face up;"))
    s.append(Text(hx, hy + 36, 3, "OUT low while a magnet (either pole, > 4.8 mT) is over it."))
    s.append(Text(10, 150, 3.4, "Magnets in the die: 3 x N42 disc 6 x 2 mm, flush in the centres of faces 4, 5, 6."))
    s.append(Text(10, 157, 3.4, "The die shows 1, 2 or 3: face 6, 5 or 4 rests down, its magnet 3-5 mm over a switch."))
    return s, (420.0, 200.0)


def read_centres(path: Path, side: BoardSide) -> list[tuple[float, float]]:
    """A measured board: CSV rows ``space,x_mm,y_mm`` (from the board's top-left corner)."""
    rows: dict[int, tuple[float, float]] = {}
    with path.open(newline="") as f:
        for row in csv.reader(f):
            if not row or row[0].strip().startswith("#") or not row[0].strip().isdigit():
                continue
            rows[int(row[0])] = (float(row[1]), float(row[2]))
    missing = [n for n in range(1, side.spaces + 1) if n not in rows]
    if missing or len(rows) != side.spaces:
        raise SystemExit(f"{path}: need spaces 1..{side.spaces} of the {side.id} side; missing {missing}")
    return [rows[n] for n in range(1, side.spaces + 1)]


def write_side(side: BoardSide, out: Path, centres: list[tuple[float, float]] | None = None) -> list[Path]:
    centres = space_centres(side) if centres is None else centres
    if pitch_mm(centres) < MIN_PITCH_MM:
        raise SystemExit(f"{side.id}: two spaces {pitch_mm(centres):.1f} mm apart, under {MIN_PITCH_MM:g} mm")
    shapes = plate_shapes(side, centres)
    title = f"Die sensor plate, {side.name} side: print at 100 %"
    paths = [out / f"plate-{side.id}.svg", out / f"plate-{side.id}.pdf"]
    paths[0].write_text(svg(shapes, A3, title))
    paths[1].write_bytes(tiled_pdf(shapes, A3))
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--side", help="only this side (solo, two, three, four)")
    ap.add_argument("--centres", type=Path, help="CSV space,x_mm,y_mm measured on your own board (with --side)")
    args = ap.parse_args(argv)
    sides = [s for s in board_sides() if args.side in (None, s.id)]
    if not sides:
        raise SystemExit(f"no board side {args.side!r}: {', '.join(s.id for s in board_sides())}")
    if args.centres and len(sides) != 1:
        raise SystemExit("--centres needs --side")
    args.out.mkdir(parents=True, exist_ok=True)
    for side in sides:
        for path in write_side(side, args.out, read_centres(args.centres, side) if args.centres else None):
            print(path)
    shapes, size = schematic_shapes()
    (args.out / "sensor-schematic.svg").write_text(svg(shapes, size, "Applejack die sensor: schematic"))
    print(args.out / "sensor-schematic.svg")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
