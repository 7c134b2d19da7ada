"""Bounded input, fuzzed: any name and any JSON where a record should be is stored or refused
with one HistoryInputError line — never another exception."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.games import games
from table.games.applejack.files import load_dataset
from table.history.readers import Readers
from table.history.store import History
from table.history.values import MAX_NAME, HistoryInputError, clean_name

READERS = Readers(games())

DATA = load_dataset()

JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                    | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)


def base() -> dict:
    return {"format": "applejack-track/1", "config": {"players": 2}, "actions": [],
            "score_pad": {"players": [{"name": "Ada", "areas": {"Brown": [5]}, "blossoms": 1, "honey": 20},
                                      {"name": "Bo", "areas": {}, "blossoms": 0, "honey": 30}]}}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_name_is_clean_or_one_line_refused(name):
    try:
        text = clean_name(name)
    except HistoryInputError as exc:
        assert "\n" not in str(exc)
        return
    assert 0 < len(text) <= MAX_NAME and text.isprintable() and text == text.strip()
    assert clean_name(text) == text  # stable


PATHS = [("format",), ("config",), ("score_pad",), ("score_pad", "players"), ("score_pad", "players", 0),
         ("score_pad", "players", 0, "areas"), ("score_pad", "players", 0, "honey"),
         ("score_pad", "players", 1, "name"),
         ("scores",), ("winners",)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSON)
def test_any_record_is_read_or_one_line_refused(path, value):
    record = base()
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        finished = READERS.read(json.loads(json.dumps(record)), DATA)
    except HistoryInputError as exc:
        assert "\n" not in str(exc)
        return
    assert len(finished.breakdowns) == len(finished.names) >= 1


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(max_size=45), min_size=1, max_size=3))
def test_names_given_to_a_game_are_stored_or_refused(tmp_path, names):
    record = base()
    record["score_pad"]["players"] = [{"name": "X", "areas": {}, "blossoms": 0, "honey": 10 + i}
                                      for i in range(len(names))]
    record["config"] = {"players": len(names), "names": names}  # a different game for every example
    with History(tmp_path) as h:
        try:
            gid = h.add(READERS.read(record, DATA), names=names)
        except HistoryInputError as exc:
            assert "\n" not in str(exc)
            return
        if gid is not None:
            assert [s.player for s in h.game(gid).seats] == [clean_name(n) for n in names]
