from __future__ import annotations

import random
import re
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table.hardware.die_protocol import (
    MAX_LINE,
    Change,
    FrameParser,
    FrameValueError,
    Hello,
    Request,
    Snapshot,
    checksum,
    crc,
    encode,
)

REPO = Path(__file__).resolve().parents[2]

spaces_st = st.integers(1, 64)
frames_st = st.one_of(
    st.builds(Hello, st.from_regex(r"[0-9A-Za-z._+-]{1,16}", fullmatch=True), spaces_st),
    st.lists(st.booleans(), min_size=1, max_size=64).map(lambda b: Snapshot(tuple(b))),
    st.builds(Change, spaces_st, st.booleans()),
    st.sampled_from([Request("SNAP"), Request("HELLO")]),
)


def line(body: bytes, cs: int | None = None) -> bytes:
    return b"$%s*%08X\n" % (body, crc(body) if cs is None else cs)


def legacy_line(body: bytes, cs: int | None = None) -> bytes:
    return b"$%s*%02X\n" % (body, checksum(body) if cs is None else cs)


@given(st.lists(frames_st, max_size=20))
@settings(deadline=None)
def test_roundtrip_any_frames(frames):
    parser = FrameParser()
    # spaces from a HELLO restrict later frames; compute what a correct parser must accept
    expected, limit = [], None
    for f in frames:
        ok = True
        if isinstance(f, Change):
            ok = f.space <= (limit or 64)
        elif isinstance(f, Snapshot):
            ok = limit is None or len(f.occupied) == limit
        elif isinstance(f, Hello):
            limit = f.spaces
        if ok:
            expected.append(f)
    assert parser.feed(b"".join(encode(f) for f in frames)) == expected
    assert parser.stats.frames == len(expected)
    assert parser.stats.out_of_range == len(frames) - len(expected)


@given(st.lists(st.builds(Change, st.integers(1, 64), st.booleans()), max_size=30), st.data())
@settings(deadline=None)
def test_any_split_of_the_stream_gives_the_same_frames(frames, data):
    stream = b"".join(encode(f) for f in frames)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    parser = FrameParser()
    out, start = [], 0
    for cut in [*cuts, len(stream)]:
        out += parser.feed(stream[start:cut])
        start = cut
    assert out == frames


@given(st.binary(max_size=300))
@settings(deadline=None)
def test_random_bytes_never_crash_and_are_counted(blob):
    parser = FrameParser()
    frames = parser.feed(blob) + parser.feed(b"\n")
    s = parser.stats
    assert s.frames == len(frames)
    lines = blob.count(b"\n") + 1
    assert s.frames + s.rejected + s.blank <= lines


@given(frames_st.filter(lambda f: not isinstance(f, Hello)), st.data())
@settings(max_examples=300, deadline=None)
def test_one_changed_byte_never_gives_a_different_frame(frame, data):
    raw = bytearray(encode(frame))
    pos = data.draw(st.integers(0, len(raw) - 3))  # any byte but the line end
    new = data.draw(st.integers(0, 255).filter(lambda v: v != raw[pos]))
    raw[pos] = new
    got = FrameParser().feed(bytes(raw) + b"\n")
    assert got in ([], [frame])  # dropped, or (hex digit changed case) the very same frame


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"hello world\n", "garbage"),
        (b"$CHG,3,1\n", "garbage"),  # no checksum
        (b"$CHG,3,1*ZZ\n", "garbage"),
        (b"$CHG,3,1* 1\n", "garbage"),
        (line(b"CHG,3,1", 0x00), "bad_checksum"),
        (line(b"MOVE,3,1"), "unknown_type"),
        (line(b"chg,3,1"), "unknown_type"),
        (line(b"CHG,3"), "bad_fields"),
        (line(b"CHG,3,2"), "bad_fields"),
        (line(b"CHG,-3,1"), "bad_fields"),
        (line(b"CHG,+3,1"), "bad_fields"),
        (line(b"CHG,3,1,9"), "bad_fields"),
        (line(b"SNAP,0102"), "bad_fields"),
        (line(b"SNAP,"), "bad_fields"),
        (line(b"HELLO,fw 1,20"), "bad_fields"),
        (line(b"HELLO,\xff,20"), "bad_fields"),
        (line(b"REQ,DIE"), "bad_fields"),
        (line(b"CHG,0,1"), "out_of_range"),
        (line(b"CHG,65,1"), "out_of_range"),
        (line(b"SNAP," + b"0" * 65), "out_of_range"),
        (line(b"HELLO,1.0,65"), "out_of_range"),
        (b"$" + b"0" * 200 + b"\n", "too_long"),
    ],
)
def test_each_reject_reason_is_counted(data, reason):
    parser = FrameParser()
    assert parser.feed(data) == []
    counts = parser.stats.as_dict()
    assert counts[reason] == 1, counts
    assert parser.stats.rejected == 1


def test_hello_sets_the_range_for_what_follows():
    p = FrameParser()
    assert p.feed(encode(Hello("2.1", 12))) == [Hello("2.1", 12)]
    assert p.spaces == 12
    assert p.feed(encode(Change(12, True)) + encode(Change(13, True))) == [Change(12, True)]
    assert p.feed(encode(Snapshot.of(20, {3})) + encode(Snapshot.of(12, {3}))) == [Snapshot.of(12, {3})]
    assert p.stats.out_of_range == 2
    p.reset()
    assert p.spaces is None
    assert p.feed(encode(Change(13, True))) == [Change(13, True)]


def test_lowercase_checksum_and_crlf_accepted():
    body = b"CHG,7,0"
    raw = b"$%s*%08x\r\n" % (body, crc(body))
    assert FrameParser().feed(raw) == [Change(7, False)]
    legacy = b"$%s*%02x\r\n" % (body, checksum(body))
    old = FrameParser()
    assert old.feed(encode(Hello("1.2.0", 20), legacy=True)) == [Hello("1.2.0", 20)]
    assert old.feed(legacy) == [Change(7, False)]


def test_the_two_byte_error_that_xor_let_through_is_caught():
    # die onto space 5 / die off space 4: two bytes differ by the same bit, so the XOR is equal
    assert checksum(b"CHG,5,1") == checksum(b"CHG,4,0")
    sent = encode(Change(5, True))
    hit = sent.replace(b"CHG,5,1", b"CHG,4,0")
    p = FrameParser()
    assert p.feed(hit) == [] and p.stats.bad_checksum == 1
    assert p.feed(sent) == [Change(5, True)]


@pytest.mark.parametrize("frame", [Change(5, True), Change(17, False), Snapshot.of(20, {4}), Hello("2.0.0", 20)])
def test_every_xor_blind_two_byte_error_is_caught(frame):
    """Every pair of bytes flipped by the same bits (what an XOR cannot see) is rejected."""
    raw = encode(frame)
    star = raw.index(b"*")
    for i in range(1, star):
        for j in range(i + 1, star):
            for mask in range(1, 256):
                bad = bytearray(raw)
                bad[i] ^= mask
                bad[j] ^= mask
                assert zlib.crc32(bytes(bad[1:star])) != crc(raw[1:star])


def test_crc32_detects_every_error_confined_to_two_bytes_of_a_line():
    """The CRC is linear: an error pattern e goes undetected iff e(x) is a multiple of the generator.
    For an error in two bytes d apart, e = a(x)·x^(8d) + b(x) with a, b nonzero bytes; it is a
    multiple iff (a·x^(8d) mod g) == b, i.e. the remainder fits in one byte. Checked for every
    distance on a line of MAX_LINE bytes and every a (bit order does not matter: reflecting
    maps two-byte patterns to two-byte patterns)."""
    poly, top = 0x04C11DB7, 1 << 32
    rems = list(range(256))
    for _distance in range(1, MAX_LINE):
        for k, r in enumerate(rems):
            for _ in range(8):
                r <<= 1
                if r & top:
                    r ^= top | poly
            rems[k] = r
        assert not any(0 < r < 256 for r in rems[1:])


def test_old_firmware_frames_are_read_until_the_board_speaks_crc():
    p = FrameParser()
    old = encode(Hello("1.0.0", 20), legacy=True) + encode(Snapshot.of(20, {3}), legacy=True)
    assert old.endswith(b"*%02X\r\n" % checksum(b"SNAP," + b"00100000000000000000"))
    assert p.feed(old) == [Hello("1.0.0", 20), Snapshot.of(20, {3})]
    assert p.stats.legacy == 2 and not p.crc_seen
    assert p.feed(encode(Change(4, True))) == [Change(4, True)] and p.crc_seen
    # from now on an XOR-checked line may be a corrupted CRC frame: rejected
    assert p.feed(encode(Change(5, True), legacy=True)) == []
    assert p.stats.bad_checksum == 1
    p.reset()  # a reconnect: the board that spoke CRC never gets the weaker check again
    assert p.feed(encode(Change(6, True), legacy=True)) == []
    assert p.stats.bad_checksum == 2 and p.crc_seen
    assert p.feed(encode(Change(6, True))) == [Change(6, True)]


def test_overlong_partial_line_is_dropped_across_reads_and_parser_resyncs():
    p = FrameParser()
    for _ in range(10):
        assert p.feed(b"x" * (MAX_LINE // 3)) == []
    assert p.feed(b"more junk " + encode(Change(2, True))) == []  # same line: dropped whole
    assert p.stats.too_long == 1
    assert p.feed(encode(Change(3, True))) == [Change(3, True)]
    assert p.stats.garbage == 0


def test_partial_line_waits_for_its_end():
    p = FrameParser()
    raw = encode(Snapshot.of(20, {4}))
    assert p.feed(raw[:7]) == []
    assert p.feed(raw[7:-1]) == []
    assert p.feed(raw[-1:]) == [Snapshot.of(20, {4})]
    assert Snapshot.of(20, {4}).occupied_spaces == (4,)


def test_encoder_rejects_out_of_range():
    assert encode(Hello("3.0.0", 0)) == b"$HELLO,3.0.0,0*%08X\r\n" % crc(b"HELLO,3.0.0,0")  # no plate
    for bad in (Hello("1 0", 5), Hello("1.0", -1), Hello("1.0", 65), Change(0, True), Change(65, True),
                Snapshot(()), Snapshot((False,) * 65), Request("DIE")):  # fmt: skip
        with pytest.raises(FrameValueError):
            encode(bad)
    with pytest.raises(FrameValueError):
        encode("CHG,1,1")  # type: ignore[arg-type]
    assert issubclass(FrameValueError, ValueError)


def test_examples_in_the_protocol_doc_are_real():
    doc = (REPO / "docs" / "die-sensor-protocol.md").read_text()
    examples = re.findall(r"^(\$[A-Z]+,[^*\s]*\*[0-9A-F]{8})$", doc, flags=re.M)
    examples += re.findall(r"`(\$REQ,[A-Z]+\*[0-9A-F]{8})`", doc)
    assert len(examples) == 7
    p = FrameParser()
    for ex in examples:
        (frame,) = p.feed(ex.encode() + b"\n")
        assert encode(frame).rstrip() == ex.encode()
    old = re.findall(r"`(\$REQ,[A-Z]+\*[0-9A-F]{2})`", doc)  # what old firmware understands
    assert len(old) == 2
    for ex in old:
        parser = FrameParser(legacy_said=True)  # as after an old board's HELLO
        (frame,) = parser.feed(ex.encode() + b"\n")
        assert encode(frame, legacy=True).rstrip() == ex.encode()


FUZZ_FRAMES = 1_000_000
BLOCK_FRAMES = 10_000


def test_fuzz_a_million_random_and_mutated_frames():
    """>= 1,000,000 frames: valid ones, a third of them mutated once, some replaced by garbage.

    No crash; the stream parser gives exactly the untouched frames plus, for a mutated line,
    nothing or (a hex digit changed case, a "\r" lost) the very frame that was sent: never a
    false reading. Each mutated line is also parsed alone to know what it must give.
    """
    rng = random.Random(20261122)
    spaces = 20
    templates = [Change(n, o) for n in range(1, spaces + 1) for o in (True, False)]
    templates += [Snapshot.of(spaces, {n}) for n in range(1, spaces + 1)]
    templates += [Snapshot.of(spaces), Snapshot.of(spaces, {3, 9})]
    encoded = [encode(f) for f in templates]
    hello = encode(Hello("fuzz", spaces))
    parser, solo = FrameParser(), FrameParser()
    assert parser.feed(hello) == solo.feed(hello) == [Hello("fuzz", spaces)]
    sent = false_readings = 0
    for _ in range(FUZZ_FRAMES // BLOCK_FRAMES):
        picks = [rng.randrange(len(templates)) for _ in range(BLOCK_FRAMES)]
        lines = [encoded[i] for i in picks]
        expected: list[object] = [templates[i] for i in picks]
        for k in rng.sample(range(BLOCK_FRAMES), BLOCK_FRAMES // 3):
            raw = bytearray(lines[k])
            kind = rng.random()
            if kind < 0.6:  # substitute one byte (any byte but the final line end)
                pos = rng.randrange(len(raw) - 1)
                raw[pos] = (raw[pos] + rng.randrange(1, 256)) % 256
            elif kind < 0.8:  # lose one byte on the wire
                del raw[rng.randrange(len(raw) - 1)]
            else:  # random garbage
                raw = bytearray(rng.randbytes(rng.randrange(1, 120)).replace(b"\n", b"") + b"\n")
            lines[k] = bytes(raw)
            alone = solo.feed(lines[k])
            if alone not in ([], [templates[picks[k]]]):
                false_readings += 1
            expected[k] = alone[0] if alone else None
        got = parser.feed(b"".join(lines))
        sent += BLOCK_FRAMES
        assert got == [f for f in expected if f is not None]
    assert sent >= 1_000_000
    assert false_readings == 0
    s = parser.stats
    assert s.frames > sent * 0.6  # the untouched two thirds all got through
    assert s.bad_checksum > 0 and s.garbage > 0 and s.too_long > 0
