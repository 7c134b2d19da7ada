"""The engine's text parsers raise only their own error types (issue 11).

``str.isdigit`` accepts ``²``, ``٣`` or ``１``, which ``int`` then refuses with a bare
ValueError; ``int`` refuses 5,000 digits the same way. The fuzzing therefore starts from the
real verbs and puts numbers of every script, huge numbers and random text after them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from hypothesis import given, settings
from hypothesis import strategies as st

import table.engine
from table.engine.errors import ActionParseError, EngineError, ScorePadError, TableError
from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.scorepad import find_variety, score_pad
from table.games.applejack.rules.track import KINDS, TrackAction

DATA = load_dataset()
ODD_DIGITS = "²³¹⁰₁₉٣१２"  # str.isdigit() is True for each; int() refuses the first six
ACTION_VERBS = ["take", "middle", "blind", "cottage", "buy", "pasture", "place", "stock", "stock-supply", "draw"]

ascii_number = st.text(alphabet="0123456789", min_size=1, max_size=3)
odd_number = st.tuples(st.text(alphabet="0123456789", max_size=2), st.sampled_from(ODD_DIGITS),
                       st.text(alphabet="0123456789" + ODD_DIGITS, max_size=2)).map("".join)
numbers = st.one_of(
    ascii_number,
    odd_number,
    st.tuples(st.integers(1, 9), st.integers(6, 5000)).map(lambda t: str(t[0]) * t[1]),  # up to 5,000 digits
)
argument = st.one_of(
    numbers,
    st.tuples(numbers, st.sampled_from([":", "/"]), numbers).map("".join),
    st.tuples(numbers, st.sampled_from(["::", "-", ":/", "\u00a0", "\u3000", ""]), numbers).map("".join),
    st.text(max_size=20),
)


def phrases(verbs: list[str]) -> st.SearchStrategy[str]:
    """A real verb with one or two numbers in the shapes the parsers expect, a real verb with
    random arguments or glued to random text, or random text alone."""
    verb = st.sampled_from(verbs)
    return st.one_of(
        st.tuples(verb, numbers).map(" ".join),
        st.tuples(verb, numbers, st.sampled_from([":", "/", " "]), numbers).map(lambda t: f"{t[0]} {''.join(t[1:])}"),
        st.tuples(verb, argument).map(" ".join),
        st.tuples(verb, argument, argument).map(" ".join),
        st.tuples(verb, st.text(max_size=30)).map("".join),
        st.text(max_size=40),
    )


@settings(max_examples=500)  # microseconds each; enough that "draw ²" comes up
@given(phrases(ACTION_VERBS))
def test_action_parser_raises_only_action_parse_error(text):
    try:
        code = A.from_text(text)
    except ActionParseError:
        return
    assert A.from_text(A.to_text(code)) == code


@settings(max_examples=500)
@given(phrases(list(KINDS)))
def test_track_action_parser_raises_only_action_parse_error(text):
    try:
        action = TrackAction.parse(text)
    except ActionParseError:
        return
    assert TrackAction.parse(str(action)) == action


def test_non_ascii_digits_are_parse_errors_not_value_errors():
    for text in ("draw ²", "take ²", "take 3:²", "place ١/٢", "middle １７", "draw " + "9" * 5000):
        try:
            A.from_text(text)
        except ActionParseError:
            pass
        else:  # pragma: no cover - the assertion is the point
            raise AssertionError(text)
    for text in ("take ²", "fix-die ٣ 1", "fix-supply " + "9" * 5000):
        try:
            TrackAction.parse(text)
        except ActionParseError:
            pass
        else:  # pragma: no cover
            raise AssertionError(text)


json_leaves = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
                        st.text(max_size=12), numbers)
json_values = st.recursive(json_leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                                st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4)), max_leaves=12)
variety_keys = st.one_of(st.sampled_from(["brown", "Light green", "light-green", "7", "0", "8", "²"]), numbers,
                         st.text(max_size=12))
players = st.fixed_dictionaries({"name": st.one_of(st.text(max_size=12), json_values),
                                 "areas": st.one_of(st.dictionaries(variety_keys, st.one_of(
                                     st.lists(st.one_of(st.integers(-5, 10**6), json_leaves), max_size=4),
                                     json_values), max_size=4), json_values),
                                 "blossoms": st.one_of(st.integers(-3, 10**20), json_leaves),
                                 "honey": st.one_of(st.integers(-3, 10**20), json_leaves)})


@given(st.one_of(json_values, st.fixed_dictionaries({"players": st.one_of(st.lists(players, max_size=5),
                                                                          json_values)})))
def test_score_pad_raises_only_score_pad_error(pad):
    try:
        result = score_pad(pad, DATA)
    except ScorePadError:
        return
    assert all(s.total >= 0 for s in result.scores)
    assert (result.solo is None) == (len(result.scores) > 1)


@given(variety_keys)
def test_find_variety_raises_only_key_error(key):
    try:
        index = find_variety(DATA, key)
    except KeyError:
        return
    assert 0 <= index < len(DATA.varieties)


def test_every_engine_error_class_is_an_engine_error():
    found = []
    for info in pkgutil.walk_packages(table.engine.__path__, "table.engine."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Exception) and cls.__module__.startswith("table.engine"):
                found.append(cls)
                assert issubclass(cls, EngineError) or cls in (EngineError, TableError), cls
                assert issubclass(cls, TableError) and issubclass(cls, ValueError)
    assert len(set(found)) >= 5
