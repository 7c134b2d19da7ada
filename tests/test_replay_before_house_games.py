"""Zankapfel's, Draft Cider's and Waldgärtner's behaviour as frozen before the house-of-peers
move (issue 19): the same records replay to the same events and scores, the same seeded bots
choose the same actions, and the same commands through a fresh companion give the same journal,
lines, LEDs, modes, refusals and finished record.

The fixtures in ``tests/fixtures/before_house/<game>/`` were written by
``tests/fixtures/make_before_house_games.py`` with main's code and committed before the move.
Never regenerate them to make this pass: a difference is a behaviour change to explain.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from table import i18n
from table.companion.announce import Told
from tests.engine.zankapfel import before_house as zankapfel_then
from tests.fixtures.make_before_house_games import (
    GAMES,
    STEP_KEYS,
    cards_text,
    compact_events,
    companion,
    drive,
    engine,
    finished_refs,
    freeze,
    make_config,
    module_look,
    plain_score,
    seat_bots,
    unfreeze,
)

FIXTURES = Path(__file__).parent / "fixtures" / "before_house"


def _load(prefix: str) -> list[Any]:
    out = []
    for game in GAMES:
        for path in sorted((FIXTURES / game).glob(f"{prefix}*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            for fx in data if isinstance(data, list) else [data]:
                name = f"{game}/{path.stem}" + (f"-{fx['bot']}-{fx['seed']}" if prefix == "bots" else "")
                out.append(pytest.param(game, fx, id=name))
    return out


RECORDS, BOTS, JOURNALS = _load("record-"), _load("bots"), _load("journal-")


@pytest.fixture(autouse=True)
def _english() -> Any:
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def test_there_are_fixtures_of_every_kind() -> None:
    for game in GAMES:
        assert sum(p.values[0] == game for p in RECORDS) >= 3, game
        assert sum(p.values[0] == game for p in JOURNALS) >= 2, game
        assert {p.values[1]["bot"] for p in BOTS if p.values[0] == game} == {"greedy", "random"}, game
    assert any(p.values[1]["kind"] == "pad" for p in JOURNALS)  # Draft Cider's end-only score pad


def test_the_card_file_is_the_frozen_one_but_for_the_partners_on_their_own_continent() -> None:
    """Waldgärtner's fixtures hold the card file once and replay on it; the shipped one differs only
    by issue 20's fix (a second crab apple and American chestnut for one cornelian cherry and
    black locust less, so each has its partner on its own continent)."""
    from collections import Counter

    from table.games.waldgaertner.files import load_cards
    from table.games.waldgaertner.rules.cards import parse_cards

    assert cards_text() == (FIXTURES / "waldgaertner" / "cards.toml").read_text(encoding="utf-8")
    frozen = Counter(c.name for c in parse_cards(cards_text()).cards)
    shipped = Counter(c.name for c in load_cards().cards)
    assert shipped - frozen == Counter({"Malus sylvestris": 1, "Castanea dentata": 1})
    assert frozen - shipped == Counter({"Cornus mas": 1, "Robinia pseudoacacia": 1})


@pytest.mark.parametrize(("game", "fx"), RECORDS)
def test_records_replay_to_the_same_events_and_scores(game: str, fx: dict[str, Any]) -> None:
    state = engine(game).replay(unfreeze(fx["record"]))
    assert [str(e) for e in state.events] == fx["events_text"]
    assert _json(compact_events([e.to_dict() for e in state.events])) == {"event_keys": fx["event_keys"],
                                                                          "events": fx["events"]}
    assert _json([plain_score(s) for s in state.scores()]) == fx["scores"]
    assert state.returns() == fx["returns"]
    assert list(state.winners()) == fx["winners"]
    assert state.is_terminal() and fx["terminal"]
    assert list(state.history) == fx["history"]
    assert str(state) == fx["text"]
    if "summary" in fx:
        assert _json(state.summary()) == fx["summary"]
    assert freeze(state.to_record()) == fx["record"]


@pytest.mark.parametrize(("game", "fx"), RECORDS)
def test_the_same_seeded_bots_play_the_same_game(game: str, fx: dict[str, Any]) -> None:
    """The record was a bot game: the bots module's ``play_game`` with the same seed plays it again."""
    from tests.fixtures.make_before_house_games import play_record_game

    state = play_record_game(game, make_config(game, fx["record"]["config"]), fx["seed"], tuple(fx["bots"]))
    assert freeze(state.to_record()) == fx["record"]
    assert [str(e) for e in state.events] == fx["events_text"]


@pytest.mark.parametrize(("game", "fx"), BOTS)
def test_bots_choose_as_before(game: str, fx: dict[str, Any]) -> None:
    config = make_config(game, fx["config"])
    state = engine(game).new_game(config)
    seats = seat_bots(game, fx["bot"], fx["seed"], config.players)
    chosen = iter(fx["chosen"])
    for action in fx["history"]:
        if not state.is_chance():
            at, seat, expected, text = next(chosen)
            assert (len(state.history), state.current_player()) == (at, seat)
            got = seats[seat].choose(state)
            assert (got, state.action_to_string(got)) == (expected, text), f"decision at action {at}"
        state.apply(action)
    assert next(chosen, None) is None
    assert state.is_terminal() and state.returns() == fx["returns"]


QUESTIONS_CHANGED = {"waldgaertner": re.compile(
    r"((?:Seat \d+|\w+) (plays|draws|searches|takes which|keeps one)|(?:Seat \d+|\w+)'s bonus draw"
    r"|Deck \d+: turn the top card) ")}  # a seat as Seat N or its player's name (issue 21)
"""Issue 20 changed these questions on purpose (hidden cards stay hidden, cards by name, not id):
Waldgärtner's question for a card drawn, kept or played from a hand named the hand's cards. They
are compared by kind, a refusal up to the question it quotes; every other line stays frozen."""


def _asked(game: str, value: Any, key: str) -> Any:
    pattern = QUESTIONS_CHANGED.get(game)
    if pattern is None:
        return value
    if key == "lines" and isinstance(value, list):
        return [(m.group(1).replace("keeps one", "takes which") if (m := pattern.match(ln)) else ln)
                if isinstance(ln, str) else ln for ln in value]
    if key == "refused" and isinstance(value, str):
        return value.split(" (now: ")[0]
    return value


EXPLAINED: tuple[tuple[re.Pattern[str], str], ...] = (
    # issue 20, Draft Cider: counted words through ngettext ("1 card", "1 point", never "1 cards")
    (re.compile(r"(?<![\d.])(-?1) (card|point)s\b"), r"\1 \2"),
    # issue 20, Draft Cider: the Special tree's price said before the pick and after it
    (re.compile(r" \([\d, ]+: −20 for your \w+ tree\)$"), ""),
    (re.compile(r": the \w+ tree's −20$"), ""),
    # issue 33, Waldgärtner: with 2-5 players the die's own 6 is the special action too
    (re.compile(r", 6 or 7 special$"), ", 7 special"),
)
"""Line changes made on purpose since the fixtures were frozen, each with its issue: applied to
the frozen and the new lines alike before they are compared (the new words have their own tests)."""


def _explained(lines: Any) -> Any:
    if not isinstance(lines, list):
        return lines
    out = []
    for line in lines:
        for pattern, repl in EXPLAINED:
            line = pattern.sub(repl, line) if isinstance(line, str) else line
        out.append(line)
    return out


SAID = ("refused", "lines", "hint")
"""What a person reads or hears of a step: issue 21 changed its words on purpose (see :func:`_as_now`)."""
_WORDS_NOW = (
    (re.compile(r"\bseat (\d)"), r"Seat \1"),  # one style for seats in Zankapfel's sentences
    (re.compile(r"\((\d+) cards, (-?\d+) points;"),  # Draft Cider's pad: plurals through ngettext
     lambda m: f"({m[1]} {'card' if m[1] == '1' else 'cards'}, {m[2]} {'point' if abs(int(m[2])) == 1 else 'points'};"),
    (re.compile(r" is a (\w+) card: this game plays"), r" belongs to the \1 deck: this game plays"),  # no "a AS card"
)


def _as_now(value: Any, game: str, m: Any) -> Any:
    """A frozen line as issue 21 words it: Zankapfel's end names each seat's points (no raw
    list), the fixed word changes above, and a named seat said by its player's name."""
    if isinstance(value, list):
        return [_as_now(v, game, m) for v in value]
    if not isinstance(value, str):
        return value
    end = re.fullmatch(r"Game over \((.+)\): points \[([-\d, ]+)\]; winner (.+)", value)
    if end is not None:
        points = [int(p) for p in end[2].split(", ")]
        winners = end[3].replace("seat", "Seat")
        many = " and " in winners
        value = (f"Game over ({end[1]}): " + ", ".join(f"Seat {s + 1} {p}" for s, p in enumerate(points))
                 + f"; winner{'s' if many else ''} {winners}")
    command = value.startswith("Undone: ")  # a command as it was typed keeps its words
    for pattern, repl in _WORDS_NOW:
        if not command and (game == "zankapfel" or pattern.pattern != r"\bseat (\d)"):
            value = pattern.sub(repl, value)
    return m.named_line(value)


def _same_steps(got: list[list[Any]], expected: list[list[Any]], game: str = "", m: Any = None) -> None:
    for n, (g, e) in enumerate(zip(got, expected, strict=True), start=1):
        pad = len(STEP_KEYS)
        for key, gv, ev in zip(STEP_KEYS, (g + [None] * pad)[:pad], (e + [None] * pad)[:pad], strict=True):
            if m is not None and key in SAID:
                ev = _as_now(ev, game, m)
            if game == "zankapfel" and key == "lines":  # issue 20's announcements (zankapfel/before_house.py)
                assert zankapfel_then.same_lines(gv, ev), f"step {n} ({e[0]!r}): {key}: {gv} vs {ev}"
                continue
            if key == "lines":
                gv, ev = _explained(gv), _explained(ev)
            assert _asked(game, gv, key) == _asked(game, ev, key), f"step {n} ({e[0]!r}): {key}"


def _without_told(steps: list[list[Any]]) -> list[list[Any]]:
    """The one change since the fixtures were frozen (issue 21): announcements the game never
    said before (Zankapfel's discord results and the harvests they give, settled silently by the
    engine) are said now, as lines marked ``Told``; every other line is as it was."""
    for step in steps:
        step[2] = [line for line in step[2] if not isinstance(line, Told)]
    return steps


@pytest.mark.parametrize(("game", "fx"), JOURNALS)
def test_journals_play_and_resume_the_same(game: str, fx: dict[str, Any]) -> None:
    journal: list[list[Any]] = []
    m = companion(game)(on_command=lambda kind, payload: journal.append([kind, payload]))
    cmds_in = [s[0] for s in fx["steps"]]
    if game == "zankapfel":  # issue 20: the old deck and order chosen on setup (before_house.py says why)
        cmds_in, at = zankapfel_then.with_old_rules(cmds_in, fx["steps"])
    steps = _without_told(drive(game, cmds_in, m))
    if game == "zankapfel":
        del steps[at]
    frozen_journal = freeze(journal)
    _same_steps(_json(finished_refs(steps, frozen_journal)), fx["steps"], game, m)
    assert frozen_journal == fx["journal"]
    # the power cut half way: a fresh module rebuilt from the journal's first half
    setup = next(p for k, p in fx["journal"] if k == "game")
    cmds = [p for k, p in fx["journal"] if k == "cmd"]
    resumed = companion(game)()
    resumed.replay(unfreeze(setup), cmds[:fx["cut"]])
    was = fx["resumed"]
    look = _json({"lines": resumed.new_lines(), **module_look(resumed)})
    want = {**was, "lines": _as_now(was["lines"], game, resumed), "hint": _as_now(was["hint"], game, resumed)}
    assert _asked(game, [ln.removeprefix("Resumed. ") for ln in look.pop("lines")], "lines") == _asked(
        game, [ln.removeprefix("Resumed. ") for ln in want.pop("lines")], "lines")
    assert look == want
