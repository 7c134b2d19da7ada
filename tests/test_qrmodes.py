"""Issue 33 (7): BG Stats' import link in the QR code's cheapest modes (table/history/qrmodes.py):
the pieces are the link, each mode holds only its characters, the bits are never more than the
byte mode's, and a play with Japanese names (their percent-escapes alphanumeric) takes a smaller
code that reads back the very same link."""

from __future__ import annotations

import itertools

import pytest
import segno

from table.games import games
from table.history.qrmodes import ALNUM, HEADER, _bits, segments
from table.history.readers import Readers
from table.history.statsexport import make_qr, play_link
from table.history.values import GameEntry, SeatResult

READERS = Readers(games())
NAMES = {"en": ("Christopher", "Elizabeth", "Alexander", "Josephine"), "ja": ("さくら", "たろう", "はなこ", "けんじ")}


def link(lang: str) -> str:
    seats = tuple(SeatResult(name, 40 + i, {}, i == 0) for i, name in enumerate(NAMES[lang]))
    return play_link(GameEntry(3, "zankapfel", {"players": 4}, 1_764_405_517.0, None, seats,
                               started=1_764_402_817.0), READERS)


def cost(segs: list[tuple[str, str]]) -> int:
    return sum(HEADER[mode] + _bits(mode, len(piece)) for piece, mode in segs)


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_segments_are_the_link_in_fewer_bits(lang: str) -> None:
    text = link(lang)
    segs = segments(text)
    assert "".join(piece for piece, _mode in segs) == text
    assert all(set(piece) <= ALNUM for piece, mode in segs if mode == "alphanumeric")
    assert all(a[1] != b[1] for a, b in itertools.pairwise(segs))  # neighbours differ in mode
    assert cost(segs) <= cost([(text, "byte")])


def test_short_runs_stay_in_the_byte_segment() -> None:
    assert segments("a%22b") == [("a%22b", "byte")]
    assert segments("%22%3A%22%3A%22%3A%22") == [("%22%3A%22%3A%22%3A%22", "alphanumeric")]


def test_a_japanese_play_takes_a_smaller_code_that_reads_back_the_same_link() -> None:
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes the QR codes")
    text = link("ja")
    plain = segno.make_qr(text.encode(), error="l", mode="byte", boost_error=True)
    code = make_qr(text.encode())
    assert code.version < plain.version, (code.version, plain.version)
    rows = [bytes(0 if dark else 255 for dark in row) for row in code.matrix_iter(scale=4, border=4)]
    img = memoryview(b"".join(rows)).cast("B", (len(rows), len(rows[0])))
    assert [b.text for b in zxingcpp.read_barcodes(img)] == [text]
    latin = link("en")
    assert make_qr(latin.encode()).version == segno.make_qr(latin.encode(), error="l", mode="byte").version
