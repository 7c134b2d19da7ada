"""The engine's text parsers raise only their own error types (issue 11).

``str.isdigit`` accepts ``²``, ``٣`` or ``１``, which ``int`` then refuses with a bare
ValueError; ``int`` refuses 5,000 digits the same way. The fuzzing therefore starts from the
real verbs and puts numbers of every script, huge numbers and random text after them.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import pkgutil
import tempfile
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import table.engine
import table.games.draftcider.rules as DC
import table.games.waldgaertner.rules as WG
import table.games.zankapfel.rules as ZK
from table.engine.errors import (
    ActionParseError,
    ConfigError,
    DataError,
    EngineError,
    RecordError,
    ScorePadError,
    TableError,
)
from table.engine.tomlfile import load_toml
from table.games.applejack.files import load_dataset
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.data import FILES as APPLEJACK_FILES
from table.games.applejack.rules.scorepad import find_variety, score_pad
from table.games.applejack.rules.track import KINDS, TrackAction
from table.games.draftcider.rules import parse_deck
from table.games.waldgaertner.rules import actions as WGA
from table.games.waldgaertner.rules import parse_cards
from table.games.zankapfel.rules import actions as ZKA

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


# ------------------------------------------------------------------------------------------------
# every game's data-file parser: TOML text in, a data set or one DataError out (issue 19)

def _applejack_tiles(text: str) -> object:
    """Applejack's data set with ``tiles.toml`` replaced by ``text`` (its loader reads a directory)."""
    with tempfile.TemporaryDirectory() as tmp:
        for name in APPLEJACK_FILES:
            original = resources.files("table.games.applejack.rules").joinpath("data", name).read_text(encoding="utf-8")
            Path(tmp, name).write_text(text if name == "tiles.toml" else original, encoding="utf-8")
        return load_dataset(tmp)


DATA_PARSERS = {"applejack": _applejack_tiles, "draftcider": parse_deck, "waldgaertner": parse_cards,
                "engine": lambda text: load_toml(text, "fuzz.toml")}
toml_keys = st.sampled_from(["deck", "card", "task", "cards", "name", "colour", "height", "x", "a.b", '"q"'])
toml_values = st.sampled_from(['"x"', "1", "-1", "true", "1.5", "[]", "{}", "[1, [2]]", '{ a = 1 }', "1979-05-27"])


def nested(depth: int, kind: str) -> str:
    """A value ``depth`` levels deep: arrays, inline tables or both in turn."""
    opens = {"array": "[", "table": "{ a = ", "mixed": "[{ a = "}[kind]
    closes = {"array": "]", "table": " }", "mixed": " }]"}[kind]
    return f"x = {opens * depth}1{closes * depth}\n"


toml_texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.tuples(st.sampled_from(["", "[deck]\n", "[[card]]\n", "[[task]]\n", "[x]\n"]), toml_keys,
                       toml_values).map(lambda t: f"{t[0]}{t[1]} = {t[2]}\n"), max_size=8).map("".join),
    st.tuples(st.integers(1, 3000), st.sampled_from(["array", "table", "mixed"])).map(lambda t: nested(*t)),
)


@pytest.mark.parametrize("game", sorted(DATA_PARSERS))
@settings(max_examples=60, deadline=None)
@given(text=toml_texts)
def test_data_parsers_raise_only_data_error(game, text):
    try:
        DATA_PARSERS[game](text)
    except DataError as exc:
        assert str(exc).strip()


@pytest.mark.parametrize("game", sorted(DATA_PARSERS))
def test_deeply_nested_toml_is_one_data_error(game):
    for kind in ("array", "table", "mixed"):
        with pytest.raises(DataError, match="nested"):
            DATA_PARSERS[game](nested(5000, kind))


# every game's record reader and action words: only their own refusals
RULES = {"zankapfel": (ZK.replay, ZK.Config.from_dict, ZKA.from_text),
         "draftcider": (DC.replay, DC.Config.from_dict, DC.new_game(DC.Config(4)).string_to_action),
         "waldgaertner": (WG.replay, WG.Config.from_dict, WGA.from_text)}
records = st.one_of(json_values, st.fixed_dictionaries({
    "format": st.sampled_from(["zankapfel-record/1", "draftcider-record/1", "waldgaertner-record/1", "x"]),
    "config": st.one_of(json_values, st.fixed_dictionaries({"players": st.one_of(st.integers(-3, 10**20),
                                                                                   json_leaves)})),
    "actions": st.one_of(json_values, st.lists(st.text(max_size=12), max_size=4))}))


@pytest.mark.parametrize("game", sorted(RULES))
@settings(max_examples=150, deadline=None)
@given(record=records)
def test_record_readers_raise_only_record_error(game, record):
    try:
        RULES[game][0](record)
    except RecordError as exc:
        assert "\n" not in str(exc)


@pytest.mark.parametrize("game", sorted(RULES))
@settings(max_examples=150, deadline=None)
@given(config=st.one_of(json_values, st.dictionaries(st.sampled_from(["players", "deck", "cards", "choice",
                                                                      "track_length", "easy"]), json_values)))
def test_config_readers_raise_only_table_errors(game, config):
    with contextlib.suppress(ConfigError, DataError):
        RULES[game][1](config)


@pytest.mark.parametrize("game", sorted(RULES))
@settings(max_examples=300, deadline=None)
@given(text=st.one_of(phrases(["draw", "roll", "mayor", "remove", "lay", "joker", "discord", "dice", "bribe",
                                "accept", "deal", "play", "card", "task", "deck", "plant", "sell", "offer",
                                "choose", "search"]), json_leaves))
def test_action_words_raise_only_action_parse_error(game, text):
    with contextlib.suppress(ActionParseError):
        RULES[game][2](text)
