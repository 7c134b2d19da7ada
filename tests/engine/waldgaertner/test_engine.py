"""Waldgärtner's engine mechanics: card data, config, action texts, records, rng, purity, invariants."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import table.games.waldgaertner.rules as wg_package
from table.engine.errors import ActionParseError, ConfigError, DataError, IllegalActionError, RecordError
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import Config, new_game, parse_cards, replay
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import COLOURS, COUNTS, FRUITS
from table.games.waldgaertner.rules.events import event_from_dict
from tests.engine.waldgaertner.builders import cards, game, to_step

PACKAGE = Path(wg_package.__file__).parent
CARD_TEXT = (PACKAGE / "data" / "cards.toml").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# the card data
def test_shipped_deck_has_the_texts_counts_and_every_field() -> None:
    cs = cards()
    assert len(cs.cards) == 224 and [c.id for c in cs.cards] == list(range(224))
    for (cont, size), n in COUNTS.items():
        assert sum(1 for c in cs.cards if (c.continent, c.size) == (cont, size)) == n
    assert sum(1 for c in cs.cards if c.continent == "AS") == 96
    assert {c.flower for c in cs.cards} == set(COLOURS), "all 7 flower colours appear"
    assert {c.fruit for c in cs.cards if c.fruit} == set(FRUITS), "all 12 fruit types appear"
    assert any(c.leaf for c in cs.cards) and any(c.nitrogen for c in cs.cards)
    assert any(c.male for c in cs.cards) and any(c.sex == "female" for c in cs.cards)
    assert all(c.fruit == "" and c.harvest == -1 for c in cs.cards if c.male)
    same = {c.name for c in cs.cards if c.fruit and c.harvest == c.flowering}
    assert {"Magnolia kobus", "Yucca filamentosa", "Cercis siliquastrum"} <= same, "flowers eaten"
    for c in cs.cards:
        if c.partner:
            assert any(o.pollinates(c) for o in cs.cards), c.name
    assert len(cs.tasks) == 9


def test_a_bad_card_file_lists_every_problem_at_once() -> None:
    bad = CARD_TEXT.replace('flower = "white"', 'flower = "blue"', 1).replace("size = 5", "size = 9", 1)
    bad = bad.replace('sex = "male"\n', 'sex = "male"\nfruit = "nut"\n', 1) + "\n[oops]\nx = 1\n"
    with pytest.raises(DataError) as exc:
        parse_cards(bad, "edited.toml")
    text = str(exc.value)
    assert "'blue' is not one of" in text and "size: must be a whole number 1..5, not 9" in text
    assert "a male plant bears no fruit" in text and "oops: unknown table" in text
    assert "cards, the rules' overview has" in text
    assert len(exc.value.problems) >= 5 and all(p.file == "edited.toml" for p in exc.value.problems)


def test_not_toml_and_a_missing_partner_are_data_errors() -> None:
    with pytest.raises(DataError, match="not TOML"):
        parse_cards("[[card]\n")
    lonely = CARD_TEXT.replace('partner = "Asimina triloba"\ncopies = 2', 'partner = "Asimina triloba"', 1)
    with pytest.raises(DataError) as exc:
        parse_cards(lonely)
    assert "no card can pollinate it" in str(exc.value)


def test_the_reader_reports_a_missing_file_as_one_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_cards(tmp_path / "nope.toml")
    (tmp_path / "c.toml").write_text(CARD_TEXT, encoding="utf-8")
    assert load_cards(tmp_path / "c.toml").cards == cards().cards


def test_a_broken_card_file_is_one_clear_message_from_outside(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(CARD_TEXT.replace("value = 7", "value = -1", 1), encoding="utf-8")
    code = ("import sys\nfrom table.engine.errors import DataError\n"
            "from table.games.waldgaertner.files import load_cards\n"
            "try:\n    load_cards(sys.argv[1])\nexcept DataError as e:\n    print(e); sys.exit(2)\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "value: must be a whole number 0..20, not -1" in out.stdout


HAND_EDITS = {"Robinia pseudoacacia": 1, "Castanea dentata": 2, "Cornus mas": 1, "Malus sylvestris": 2}
"""The shipped file's copies edited by hand after the generator (issue 20, docs/waldgaertner.md "The
card data"): each cross-pollinator has a partner on its own continent."""


def test_the_generator_tool_reproduces_the_shipped_file_but_for_its_hand_edits() -> None:
    import re

    tool = Path(__file__).resolve().parents[3] / "tools" / "make_waldgaertner_cards.py"
    out = subprocess.run([sys.executable, str(tool)], capture_output=True, text=True, timeout=60).stdout
    for name, copies in HAND_EDITS.items():
        start = out.index(f'name = "{name}"')
        end = out.find("[[card]]", start)
        entry = re.sub(r"copies = \d+\n", "", out[start:end]).rstrip("\n") + (
            f"\ncopies = {copies}" if copies > 1 else "") + "\n\n"
        out = out[:start] + entry + out[end:]
    assert parse_cards(out).cards == cards().cards


# ---------------------------------------------------------------------------------------------
# config, actions, records
def test_config_rejects_impossible_setups_and_round_trips() -> None:
    for bad in ({"players": 1}, {"players": 8}, {"players": 3, "choice": "AS"}):
        with pytest.raises(ValueError):
            Config(cards=cards(), **bad)  # type: ignore[arg-type]
    c = Config(5, cards(), choice="NA", tasks=True, direct_sale=True)
    assert Config.from_dict(json.loads(json.dumps(c.to_dict()))) == c


def test_action_texts_round_trip_and_garbage_is_a_parse_error() -> None:
    for a in [A.CARD + 17, A.TASK + 2, A.DECK + 6, A.SPECIAL, A.PASS, A.ALT, A.FORGO, A.BUY, A.DECLINE,
              A.SEARCH + 3, A.SEARCH + A.DISCARD_PILE, A.BONUS, A.CHOOSE + 223, A.SELL + 5, A.offer(9, 6),
              A.plant(200, 6, 0), A.plant(3, 1, 5)]:
        assert A.from_text(A.to_text(a)) == a
    assert A.from_text("  Plant 17 AT 3.2 ") == A.plant(17, 3, 1)
    for junk in ("", "deck 0", "deck 8", "plant 1 at 7.1", "plant 1 at 1.7", "offer 3 to 9", "dance", "card 999"):
        with pytest.raises(ActionParseError):
            A.from_text(junk)
    for junk in (-5, A.END, A.OFFER + 7, A.PLANT + 0):
        with pytest.raises(ActionParseError):
            A.to_text(junk)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = to_step(game(3), "die")
    before = s.summary()
    with pytest.raises(IllegalActionError):
        s.apply("sell 3")
    with pytest.raises(ActionParseError):
        s.apply("flap")
    assert s.summary() == before


def test_records_replay_and_bad_records_are_record_errors() -> None:
    s = new_game(Config(4, cards(), tasks=True, direct_sale=True), random.Random(5))
    rng = random.Random(6)
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])
    rec = json.loads(json.dumps(s.to_record()))
    again = replay(rec)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in s.events]
    assert again.scores() == s.scores()
    for broken in ({}, {"format": "x"}, {**rec, "config": {"players": 3}}, {**rec, "actions": "deck 1"},
                   {**rec, "actions": [*rec["actions"][:5], "sell 999"]},
                   {**rec, "config": {**rec["config"], "cards": "[[card]]"}}):
        with pytest.raises(RecordError):
            replay(broken)


def test_with_an_rng_chance_is_sampled_and_seeds_repeat() -> None:
    a = new_game(Config(3, cards()), random.Random(1))
    b = new_game(Config(3, cards()), random.Random(1))
    assert not a.is_chance() and a.history == b.history
    assert a.step == "start"


def test_undo_at_the_start_is_an_index_error_and_keep_undo_false_refuses() -> None:
    s = game(3)
    with pytest.raises(IndexError):
        s.undo()
    q = new_game(Config(3, cards()), keep_undo=False)
    q.apply("deck 1")
    with pytest.raises(RuntimeError):
        q.undo()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), tasks=st.booleans(), sale=st.booleans(),
       choice=st.sampled_from(["EU", "NA"]))
def test_invariants_hold_at_every_step_of_a_random_game(seed: int, players: int, tasks: bool, sale: bool,
                                                        choice: str) -> None:
    rng = random.Random(seed)
    s = new_game(Config(players, cards(), choice=choice, tasks=tasks, direct_sale=sale), keep_undo=False)
    conts = sorted(set(s.decks))
    total = sum(1 for c in cards().cards if c.continent in conts)
    while not s.is_terminal():
        t = s.t
        where = (sum(len(p) for p in t.pools.values()) + sum(len(k) for k in t.known)
                 + sum(c >= 0 for c in t.offer) + sum(c >= 0 for c in t.hand) + sum(c >= 0 for c in t.new)
                 + sum(len(g) for g in t.garden) + len(t.discard) + len(t.drawn))
        assert where == total, "every card is somewhere: pools, decks, offers, hands, gardens, discard"
        assert all(v >= 0 for v in t.storage) and s.dark_left() >= 0
        assert all(t.unknown[d] >= 0 for d in range(players))
        for g in t.garden:
            for (row, _pos), c in g.items():
                assert s.card(c).size == row or (row == 6 and s.card(c).size == 5)
            for row, cap in ((1, 5), (2, 4), (3, 3), (4, 2), (5, 1)):
                assert sum(1 for r, _ in g if r == row) <= cap + 1
        assert all(v in (1, 2) for f in t.cubes for v in f.values())
        assert s.round <= 21
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            la = s.legal_actions()
            s.apply(la[rng.randrange(len(la))])
    sc = s.scores()
    assert all(x.total == x.plants + x.partners + x.storage + x.task for x in sc)
    assert s.returns() == [float(x.total) for x in sc]
    assert set(s.winners()) == {p for p in range(players) if sc[p].total == max(x.total for x in sc)}


def test_chance_and_terminal_are_the_protocols() -> None:
    from table.engine import protocol
    from table.games.waldgaertner.rules import CHANCE, TERMINAL

    assert (CHANCE, TERMINAL) == (protocol.CHANCE, protocol.TERMINAL)
    s = game(2)
    assert isinstance(s, protocol.GameState)


def test_every_test_the_doc_cites_exists() -> None:
    import re

    root = Path(__file__).resolve().parents[3]
    doc = (root / "docs" / "waldgaertner.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`(test_\w+)`", doc))
    source = "".join(p.read_text(encoding="utf-8") for p in [*Path(__file__).parent.glob("test_*.py"),
                                                              root / "tests" / "bots" / "test_waldgaertner.py"])
    assert len(cited) > 25
    assert {name for name in cited if f"def {name}(" not in source} == set()
    assert all(f"W{i} " in doc for i in range(1, 18))


def test_events_read_back_through_the_engine_codec() -> None:
    state = new_game(Config(3, load_cards(), tasks=True, direct_sale=True), random.Random(5))
    rng = random.Random(6)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert all(event_from_dict(json.loads(json.dumps(e.to_dict()))) == e for e in state.events)
    with pytest.raises(RecordError, match="not a Waldgärtner event type"):
        event_from_dict({"type": "zk_passed", "seat": 1})
    with pytest.raises(RecordError, match="malformed wg_task_dealt"):
        event_from_dict({"type": "wg_task_dealt"})


def test_a_config_that_is_not_one_is_a_config_error() -> None:
    for bad in (None, [], {"cards": "x"}, {"players": "two", "cards": load_cards().text},
                {"players": 9, "cards": load_cards().text}):
        with pytest.raises(ConfigError):
            Config.from_dict(bad)
