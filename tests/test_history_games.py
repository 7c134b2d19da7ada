"""Zankapfel, Draft Cider (live and its end-only pad) and Waldgärtner in the player history
(docs/history.md): seeded bot games played to the end through each companion, stored through the
journal's finish hook, replayed by the game's engine; a tampered total is refused with one line
and play goes on; the history screen's words in four languages; ``history --csv`` lists them."""

import csv
import dataclasses
import io
import json
import logging
import re
import subprocess
import sys
from pathlib import Path

import pytest

from table.companion.journal import Journal
from table.games import games
from table.games.draftcider import companion as draftcider
from table.games.draftcider import script as draftcider_script
from table.games.waldgaertner import companion as waldgaertner
from table.games.waldgaertner import script as waldgaertner_script
from table.games.zankapfel import companion as zankapfel
from table.games.zankapfel.script import table_script as zankapfel_script
from table.history.book import summary_rows
from table.history.finish import record_finished
from table.history.readers import Readers, RecordReader
from table.history.statsexport import play_json
from table.history.store import History
from table.history.values import HistoryInputError
from table.i18n import gettext_in, using
from tests.games import every_game

READERS = Readers(games())

ROOT = Path(__file__).parents[1]
GAMES = ("zankapfel", "draftcider", "draftcider-pad", "waldgaertner")
TITLES = {"zankapfel": "Zankapfel", "draftcider": "Draft Cider", "waldgaertner": "Waldgärtner"}
FIELDS = {"zankapfel": ["bribes", "cards", "dice", "harvest", "total"],
          "draftcider": ["bad", "feather", "fortepiano", "monochrome", "special", "steady", "sweet", "total",
                         "unlucky"],
          "waldgaertner": ["partners", "plants", "storage", "task", "total"]}


@pytest.fixture(scope="module")
def cards():
    return waldgaertner.WaldgaertnerCompanion().cards


def game_key(name: str) -> str:
    return name.removesuffix("-pad")


def script_for(name: str, cards, *, easy: bool = False):
    """The table's commands for a seeded bot game, the companion that takes them, the engine's end."""
    if name == "zankapfel":
        script, final = zankapfel_script(3, 1)
        return script, lambda hook: zankapfel.ZankapfelCompanion(on_command=hook), final
    if name == "waldgaertner":
        script, final = waldgaertner_script.table_script(3, 8, cards=cards)
        return script, lambda hook: waldgaertner.WaldgaertnerCompanion(cards=cards, on_command=hook), final
    script, final = draftcider_script.table_script(4, 6, easy=easy)
    if name == "draftcider-pad":
        script = draftcider_script.pad_script(final)
    return script, lambda hook: draftcider.DraftCiderCompanion(on_command=hook), final


def play(name: str, cards, hook, **kw):
    script, make, final = script_for(name, cards, **kw)
    ctl = make(hook)
    for line in script:
        ctl.do(line)
    assert ctl.mode == "result"
    return ctl, final


def finished_record(name: str, cards, **kw) -> tuple[dict, object]:
    got: list = []
    _ctl, final = play(name, cards, lambda k, p: got.append((k, p)), **kw)
    records = [p for k, p in got if k == "finished"]
    assert len(records) == 1
    return records[0], final


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_is_stored_through_the_journal_and_replayed_by_its_engine(tmp_path, cards, name):
    with Journal(tmp_path, readers=READERS) as journal:
        ctl, final = play(name, cards, journal.hook)
        gid = journal.last_history_id
        assert gid is not None and journal.last_record is not None and journal.unfinished() is None
    key = game_key(name)
    totals = [s.total for s in final.scores()]
    with History(tmp_path) as history:
        (entry,) = history.games()
        assert entry.id == gid and entry.game == key and entry.solo is None
        assert [s.total for s in entry.seats] == totals
        assert {i for i, s in enumerate(entry.seats) if s.winner} == set(final.winners())
        assert [s.player for s in entry.seats] == [f"Seat {i + 1}" for i in range(len(totals))]
        assert not any(s.named for s in entry.seats)
        for seat in entry.seats:
            assert sorted(seat.breakdown) == FIELDS[key] and seat.breakdown["total"] == seat.total
        assert entry.setup["players"] == len(totals)
        assert history.bests() == []  # nobody was named: no personal bests
    if name == "draftcider-pad":
        assert entry.setup["pad"] == "end"
    # the stored record is what the companion emitted: stored once, however often it comes again
    assert record_finished(tmp_path, ctl.record, READERS) is None


@pytest.mark.parametrize("name", ["zankapfel", "draftcider", "waldgaertner"])
def test_a_tampered_total_is_refused_with_one_line_and_play_goes_on(tmp_path, cards, name, caplog):
    def tamper(record: dict) -> dict:
        bad = json.loads(json.dumps(record))
        if "scores" in bad:
            bad["scores"][0] += 1
        else:  # Draft Cider's record holds no scores: one stored beside the actions must agree too
            bad["scores"] = [99] + [0] * (bad["config"]["players"] - 1)
        return bad

    with caplog.at_level(logging.WARNING, logger="applejack"), Journal(tmp_path, readers=READERS) as journal:
        ctl, _final = play(name, cards, lambda k, p: journal.hook(k, tamper(p) if k == "finished" else p))
        assert journal.last_history_id is None and journal.last_record.is_file() and journal.unfinished() is None
        assert journal.problem == ""
    lines = [r.getMessage() for r in caplog.records if r.name == "applejack.history"]
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert lines[0].startswith("history: the finished game was not stored: the record's stored scores")
    assert "disagree with the game replayed" in lines[0]
    assert ctl.mode == "result"  # play was never stopped: the result is on the screen
    with History(tmp_path) as history:
        assert history.games() == []


def test_read_finished_refuses_short_forged_and_unknown_records(cards):
    record, final = finished_record("zankapfel", cards)
    cut = {**record, "actions": record["actions"][:-5]}
    cut.pop("scores"), cut.pop("winners")
    with pytest.raises(HistoryInputError, match="does not reach the end of the game"):
        READERS.read(cut)
    with pytest.raises(HistoryInputError, match="stored winners"):
        READERS.read({**record, "winners": [s for s in range(3) if s not in final.winners()]})
    wrecord, _ = finished_record("waldgaertner", cards)
    pad = json.loads(json.dumps(wrecord["score_pad"]))
    pad[0]["plants"] += 1
    with pytest.raises(HistoryInputError, match="score pad disagrees"):
        READERS.read({**wrecord, "score_pad": pad})
    with pytest.raises(HistoryInputError, match=r"zankapfel-record/1.*waldgaertner-record/1"):
        READERS.read({"format": "tetris-record/1"})
    drecord, _ = finished_record("draftcider", cards)
    with pytest.raises(HistoryInputError, match="Draft Cider: unknown record key"):
        READERS.read({**drecord, "extra": 1})
    pad_record, _ = finished_record("draftcider-pad", cards)
    with pytest.raises(HistoryInputError, match=r"1 player; Draft Cider is for 2-6 players"):
        READERS.read({"players": pad_record["players"][:1]})
    for bad in (cut, {"format": "tetris-record/1"}, {**drecord, "extra": 1}):
        with pytest.raises(HistoryInputError) as info:
            READERS.read(bad)
        assert "\n" not in str(info.value)


def test_names_bests_and_the_history_screen_in_four_languages(tmp_path, cards):
    names = {"zankapfel": ["Ada", "Bo", None], "draftcider": ["Ada", None, "Cy", "Bo"],
             "waldgaertner": [None, "Bo", "Ada"]}
    for key in names:
        record, _final = finished_record(key, cards, **({"easy": True} if key == "draftcider" else {}))
        assert record_finished(tmp_path, record, READERS, names=names[key]) is not None
    pad, _ = finished_record("draftcider-pad", cards)
    named_pad = {**pad, "players": [{**p, "name": n} for p, n in zip(pad["players"], ("Ada", "Bo", "Cy", "Di"),
                                                                         strict=True)]}
    assert READERS.read(named_pad).names == ("Ada", "Bo", "Cy", "Di")  # a pad typed with people's names
    assert READERS.read(pad).names == (None,) * 4  # the companion's "Seat N" labels are no names
    with History(tmp_path) as history:
        games, marks = history.games(), history.solo_marks()
        bests = {(b.player, b.game): b.games for b in history.bests()}
        assert bests == {("Ada", "zankapfel"): 1, ("Ada", "draftcider"): 1, ("Ada", "waldgaertner"): 1,
                         ("Bo", "zankapfel"): 1, ("Bo", "draftcider"): 1, ("Bo", "waldgaertner"): 1,
                         ("Cy", "draftcider"): 1}
        assert marks == []
        export = play_json(games[-1], READERS, history.record(games[-1].id))
        assert export["games"][0]["name"] == "Waldgärtner" and "Waldgärtner play" in export["about"]
        assert [p["name"] for p in export["players"]] == ["Seat 1", "Bo", "Ada"]
        assert "plants " in export["plays"][0]["comments"]
    for lang in ("en", "de", "fr", "ja"):
        with using(lang):
            rows = [r.text for r in summary_rows(games, marks, READERS)]
        text = "\n".join(rows)
        for title in TITLES.values():  # a personal best per player, game (its display name) and variant
            assert any(r.startswith("Ada") and f"{title}" in r for r in rows), (lang, text)
        assert gettext_in(lang, "easy mode") in text  # the Draft Cider game was played in easy mode
        waldgaertner_row = next(r for r in rows if r.startswith(f"#{games[-1].id} "))
        assert "Waldgärtner" in waldgaertner_row and "Bo " in waldgaertner_row
        if lang != "en":
            assert gettext_in(lang, "easy mode") != "easy mode"
            assert gettext_in(lang, "{date} · {game}: {seats}") != ""


def history_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "table", "history", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_history_csv_lists_every_game(tmp_path, cards):
    expected = {}
    with Journal(tmp_path, readers=READERS) as journal:
        for name in GAMES:
            _ctl, final = play(name, cards, journal.hook)
            assert journal.last_history_id is not None
            expected[journal.last_history_id] = (game_key(name), [s.total for s in final.scores()])
    r = history_cli("--csv", "--state-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    got: dict[int, tuple[str, list[int]]] = {}
    for row in rows:
        key, totals = got.setdefault(int(row["game_id"]), (row["game"], []))
        assert row["game"] == key and row["player"] == f"Seat {row['seat']}" and row["named"] == "0"
        breakdown = json.loads(row["breakdown"])
        assert sorted(breakdown) == FIELDS[key] and breakdown["total"] == int(row["total"])
        assert row["harvest_doubled"] == "" and row["solo"] == ""
        totals.append(int(row["total"]))
    assert got == expected
    tables = history_cli("--state-dir", str(tmp_path))
    assert tables.returncode == 0, tables.stderr
    for key in ("zankapfel", "draftcider", "waldgaertner"):
        assert f"  {key}" in tables.stdout
    export = history_cli("--export", str(max(expected)), "--state-dir", str(tmp_path))
    assert export.returncode == 0, export.stderr
    assert json.loads(export.stdout)["games"][0]["name"] == "Waldgärtner"


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.key)
def test_every_registered_game_has_a_record_reader(game):
    """A game on the table whose finished games the history could not read would have them all
    refused, one log line each: the registry's ``read_record`` part is required (the test games too)."""
    assert game.has_part("read_record"), f"{game.key} has no read_record part: its finished games are refused"
    assert isinstance(game.part("read_record"), RecordReader)
    readers = Readers(every_game())
    for fmt in (game.record_format, *game.record_formats):
        assert readers._game_of({"format": fmt}) is game


def test_a_game_missing_from_the_table_is_one_clear_refusal(cards):
    record, _ = finished_record("zankapfel", cards)
    others = [g for g in games() if g.key != "zankapfel"]
    without = Readers(others)
    titles = ", ".join(g.title for g in others)
    refusal = f"not a finished game of {titles} (format 'zankapfel-record/1'"
    with pytest.raises(HistoryInputError, match=re.escape(refusal)):
        without.read(record)
    no_reader = [dataclasses.replace(g, parts={k: v for k, v in g.parts.items() if k != "read_record"})
                 if g.key == "zankapfel" else g for g in games()]
    with pytest.raises(HistoryInputError, match="Zankapfel has no record reader on this table"):
        Readers(no_reader).read(record)
    assert READERS.read(record).game == "zankapfel"
