"""The play as statistics-app import JSON and its QR code (table/history/statsexport.py).

segno cannot decode, so the QR matrix is checked against segno's own encoding of the same
payload, the terminal text is read back into that matrix, and the size limits are probed at
the edges of what a QR code holds."""

import json
import sqlite3
from urllib.parse import parse_qs, urlsplit

import pytest
import segno

from table.games import games
from table.history.finish import record_finished
from table.history.readers import Readers
from table.history.statsexport import (
    COMMENT_BUDGET,
    LINK,
    MAX_QR_BYTES,
    QUIET_ZONE,
    QRTooLarge,
    game_qr,
    link_json,
    make_qr,
    payload,
    play_json,
    play_link,
    qr_matrix,
    qr_text,
    text_to_matrix,
)
from table.history.store import History
from table.history.values import GameEntry, SeatResult

READERS = Readers(games())


def entry(*totals: int, names: tuple[str, ...] | None = None, solo: str | None = None) -> GameEntry:
    names = names or tuple(f"P{i}" for i in range(len(totals)))
    best = max(totals)
    seats = tuple(SeatResult(n, t, {"harvest": 1, "harvest_doubled": 2, "profitable_varieties": 1,
                                    "variety_bonus": 0, "blossoms": 3, "honey": t - 5, "total": t},
                             t == best and len(totals) > 1) for n, t in zip(names, totals, strict=True))
    return GameEntry(7, "applejack", {"players": len(totals)}, 1_800_000_000.0, solo, seats)


def test_the_play_json_fields():
    doc = play_json(entry(62, 70, 70, names=("Ada", "Bo", "Cy")), READERS, {"any": "record"})
    assert [p["name"] for p in doc["players"]] == ["Ada", "Bo", "Cy"]
    assert doc["games"] == [{"id": 1, "name": "Applejack", "bggId": 0, "highestWins": True, "cooperative": False,
                             "noPoints": False, "usesTeams": False}]
    (play,) = doc["plays"]
    assert play["playDate"] == "2027-01-15 08:00:00" and play["gameRefId"] == 1 and play["locationRefId"] == 1
    scores = play["playerScores"]
    assert [s["score"] for s in scores] == ["62", "70", "70"]  # text, as the app writes it
    assert [s["winner"] for s in scores] == [False, True, True]
    assert [s["rank"] for s in scores] == [3, 1, 1]  # ties share
    assert [s["seatOrder"] for s in scores] == [1, 2, 3] and [s["startPlayer"] for s in scores] == [True, False, False]
    assert "Ada: harvest 1x2 2" in play["comments"]
    again = play_json(entry(62, 70, 70, names=("Ada", "Bo", "Cy")), READERS, {"any": "record"})
    other = play_json(entry(62, 70, 70, names=("Ada", "Bo", "Cy")), READERS, {"other": "record"})
    assert play["uuid"] == again["plays"][0]["uuid"] != other["plays"][0]["uuid"]  # one play, one uuid


def test_a_seat_nobody_was_picked_for_is_anonymous():
    e = entry(50, 60)
    e = GameEntry(e.id, e.game, e.setup, e.played, e.solo,
                  (e.seats[0], SeatResult("Seat 2", 60, e.seats[1].breakdown, True, named=False)))
    assert [p["isAnonymous"] for p in play_json(e, READERS)["players"]] == [False, True]


def test_a_solo_play_wins_when_it_reaches_the_goal():
    assert play_json(entry(66, solo="goal"), READERS)["plays"][0]["playerScores"][0]["winner"] is True
    assert play_json(entry(64, solo="short"), READERS)["plays"][0]["playerScores"][0]["winner"] is False
    assert "(solo: goal)" in play_json(entry(66, solo="goal"), READERS)["plays"][0]["comments"]


def test_the_matrix_is_segnos_encoding_of_the_same_payload():
    data = payload(entry(62, 70, names=("Ada", "Bo")), READERS)
    assert json.loads(data) == play_json(entry(62, 70, names=("Ada", "Bo")), READERS)
    m = qr_matrix(data)
    ref = segno.make_qr(data, error="l", mode="byte", boost_error=True)
    assert m == [[bool(v) for v in row] for row in ref.matrix_iter(scale=1, border=QUIET_ZONE)]
    size = len(ref.matrix)
    assert len(m) == size + 2 * QUIET_ZONE and all(len(r) == len(m) for r in m)
    assert not any(m[0]) and not any(r[0] for r in m)  # the quiet zone is light
    assert m[QUIET_ZONE][QUIET_ZONE:QUIET_ZONE + 7] == [True] * 7  # a finder pattern's top edge
    # and the payload segno encodes is ours byte for byte (its own view of the data)
    assert segno.make_qr(data, error="l", mode="byte", boost_error=True).matrix == make_qr(data).matrix


@pytest.mark.parametrize("dark_on_light", [False, True])
def test_the_text_reads_back_into_the_matrix(dark_on_light):
    data = payload(entry(80, solo="outstanding", names=("Ada",)), READERS)
    text = qr_text(data, dark_on_light=dark_on_light)
    m = qr_matrix(data)
    back = text_to_matrix(text, dark_on_light=dark_on_light)
    assert back[:len(m)] == m and len(back) == len(m) + len(m) % 2
    assert set(text) <= set(" ▀▄█\n")
    lines = text.splitlines()
    assert len(lines) == (len(m) + 1) // 2 and all(len(line) == len(m) for line in lines)
    assert lines[0] == ("█" * len(m) if not dark_on_light else " " * len(m))  # the quiet zone's colour


def test_size_limits():
    assert make_qr(b"x" * MAX_QR_BYTES).designator == "40-L"  # the most one code holds …
    with pytest.raises(QRTooLarge):
        make_qr(b"x" * (MAX_QR_BYTES + 1))  # … and one byte more is one clear error
    # eight long names: the comments go first, the play stays
    big = entry(*range(60, 68), names=tuple(f"{'Name' * 9}{i:03d}" for i in range(8)))
    assert len(json.dumps(play_json(big, READERS), separators=(",", ":")).encode()) > COMMENT_BUDGET
    data = payload(big, READERS)
    assert "comments" not in json.loads(data)["plays"][0] and len(data) <= MAX_QR_BYTES
    make_qr(data)


def test_usual_games_make_codes_a_screen_can_show():
    two = payload(entry(62, 70, names=("Ada", "Bo")), READERS)
    assert len(two) <= COMMENT_BUDGET and "comments" in json.loads(two)["plays"][0]
    four = payload(entry(62, 70, 55, 71, names=("Ada", "Bo", "Cy", "Dee")), READERS)
    # 25: 117 modules + the quiet zone, 3.6 px a module on a 480-line screen
    assert make_qr(two).version <= 25 and make_qr(four).version <= 25


def test_game_qr_for_the_result_screen(tmp_path, caplog):
    from table.games.applejack.files import load_dataset

    record = {"format": "applejack-track/1", "config": {"players": 1}, "actions": [],
              "score_pad": {"players": [{"name": "Ada", "areas": {}, "blossoms": 0, "honey": 70}]}}
    gid = record_finished(tmp_path, record, READERS, data=load_dataset())
    assert gid == 1
    with History(tmp_path) as h:
        assert game_qr(tmp_path, gid, READERS) == qr_matrix(play_link(h.game(1), READERS).encode())
    assert game_qr(tmp_path, 2, READERS) is None  # logged, not raised
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert game_qr(blocker, 1, READERS) is None
    assert len([r for r in caplog.records if r.name == "applejack.history"]) == 2


def decoded(link: str) -> dict:
    """The JSON a BG Stats import link carries (what the app reads from ``data``)."""
    assert link.startswith(LINK)
    (data,) = parse_qs(urlsplit(link).query, strict_parsing=True)["data"]
    return json.loads(data)


def test_the_link_is_bg_stats_documented_create_play():
    e = entry(62, 70, 70, names=("Ada", "Bo", "Cy"))
    doc = decoded(play_link(e, READERS))
    assert doc == link_json(e, READERS)
    assert set(doc) == {"sourceName", "game", "playDate", "players"}  # only what the import needs (issue 33)
    assert doc["sourceName"] == "Applejack Table"
    assert doc["game"] == {"name": "Applejack", "sourceGameId": "applejack", "highestWins": True, "noPoints": False}
    assert [(p["name"], p["sourcePlayerId"], p["score"], p["winner"], p["startPlayer"]) for p in doc["players"]] == [
        ("Ada", "Ada", 62, False, True), ("Bo", "Bo", 70, True, False), ("Cy", "Cy", 70, True, False)]
    assert all(set(p) == {"name", "sourcePlayerId", "score", "winner", "startPlayer"} for p in doc["players"])
    assert " " not in play_link(e, READERS) and "+" not in play_link(e, READERS)  # one token a scanner opens


def test_the_link_dates_the_play_from_the_journal_times():
    e = entry(62, 70)
    timed = GameEntry(e.id, e.game, e.setup, e.played, e.solo, e.seats, started=e.played - 47 * 60 - 20)
    doc = decoded(play_link(timed, READERS))
    assert doc["durationMin"] == 47 and doc["playDate"] == "2027-01-15 07:12:40"  # the start, UTC


def test_a_four_seat_link_is_short_enough_to_scan_from_the_lid():
    """Issue 33 (7): the link was 835-1,047 bytes (a version 20-23 code at 2-3 px a module on the
    3.5" screen); without the breakdown and the fields the app has defaults for a 4-seat play with
    long names is a version 19 code (101 modules with the quiet zone: 4 px each in the recommended
    7" screen's 468 px, 3 px in the 3.5" screen's 308) and a 2-seat play a version 15."""
    link = play_link(entry(62, 70, 55, 71, names=("Annabelle", "Bo", "Cy", "Dominique")), READERS)
    assert len(link) <= 800 and "comments" not in decoded(link)
    assert make_qr(link.encode()).version <= 19
    assert make_qr(play_link(entry(62, 70, names=("Ada", "Bo")), READERS).encode()).version <= 15


def test_the_history_keeps_the_duration_and_reads_an_old_file(tmp_path):
    from table.games.applejack.files import load_dataset

    record = {"format": "applejack-track/1", "config": {"players": 1}, "actions": [],
              "score_pad": {"players": [{"name": "Ada", "areas": {}, "blossoms": 0, "honey": 70}]}}
    gid = record_finished(tmp_path, record, READERS, data=load_dataset(), duration=33 * 60)
    with History(tmp_path) as h:
        assert h.game(gid).duration_min == 33
        h.db.execute("ALTER TABLE games DROP COLUMN started")  # a file written by schema version 1
        h.db.execute("PRAGMA user_version=1")
    with History(tmp_path) as h:  # gains the column, keeps the game
        assert h.moved_aside is None and h.game(gid).duration_min == 0
        assert h.db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert sqlite3.sqlite_version_info >= (3, 35)
