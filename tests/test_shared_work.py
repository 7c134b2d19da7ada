"""Work the product did again and again for the same answer (issue 19: the suite's time is mostly
the product's time): a scripted game kept an undo snapshot (a deep copy of the whole table) per
step it never takes back, every Waldgärtner game parsed the same shipped card file again (every
load of Applejack's data set its four files, and built the engine's tables for it again), and
every sample screen had the bots play the same scripted game again."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from table.engine.state import copy_table
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.tables import rules_for
from table.games.waldgaertner import samples as wsamples
from table.games.waldgaertner.files import load_cards
from table.games.waldgaertner.rules import Config, new_game
from table.games.waldgaertner.script import table_script as wscript
from table.games.zankapfel import samples as zsamples
from table.games.zankapfel.script import table_script as zscript


@pytest.mark.parametrize("script", [wscript, zscript], ids=["waldgaertner", "zankapfel"])
def test_a_scripted_game_keeps_no_undo_snapshots(script):
    lines, final = script(3, 1)
    assert final.is_terminal() and len(lines) > 20
    assert final.keep_undo is False  # nobody takes a script back: no deep copy of the table per step
    with pytest.raises(RuntimeError):
        final.undo()


def test_the_same_card_file_is_parsed_once_and_an_edited_one_again(tmp_path: Path):
    assert load_cards() is load_cards()  # every game, demo and pad shares the shipped deck's one parse
    path = tmp_path / "cards.toml"
    shipped = (Path(wsamples.__file__).parent / "rules" / "data" / "cards.toml").read_text(encoding="utf-8")
    path.write_text(shipped, encoding="utf-8")
    first = load_cards(path)
    assert load_cards(path) is first and first.cards == load_cards().cards
    path.write_text(shipped.rstrip("\n") + "\n# edited by a person at the table\n", encoding="utf-8")
    again = load_cards(path)  # the file is read at every call: the edit is seen
    assert again is not first and again.text.endswith("# edited by a person at the table\n")


def test_the_same_data_set_is_parsed_once_and_an_edited_one_again(tmp_path: Path):
    shipped = load_dataset()
    assert load_dataset() is shipped and rules_for(load_dataset()) is rules_for(shipped)  # the engine's tables too
    ds = tmp_path / "ds"
    ds.mkdir()
    for name in ("varieties.toml", "tiles.toml", "orchards.toml", "boards.toml"):
        (ds / name).write_text((Path(shipped_dir()) / name).read_text(encoding="utf-8"), encoding="utf-8")
    copy = load_dataset(ds)
    assert copy is not shipped and copy.source == str(ds) and copy.tiles == shipped.tiles  # its own source
    assert load_dataset(ds) is copy
    with (ds / "tiles.toml").open("a", encoding="utf-8") as f:
        f.write("# edited by a person at the table\n")
    assert load_dataset(ds) is not copy  # the files are read at every load: the edit is seen


def shipped_dir() -> Path:
    from table.games.applejack.rules import data

    return Path(data.__file__).parent / "data"


@pytest.mark.parametrize("samples", [wsamples, zsamples], ids=["waldgaertner", "zankapfel"])
def test_the_sample_screens_have_the_bots_play_their_game_once(samples, monkeypatch):
    played = []
    real = samples.table_script
    monkeypatch.setattr(samples, "table_script", lambda *a, **k: played.append(a) or real(*a, **k))
    samples._script.cache_clear()
    try:
        builders = samples.screens()
        first, last = builders["reveal"](), builders["result"]()
        assert first.mode == "play" and last.mode != first.mode
        assert played == [(4, 3)]  # two screens (and every other one), one scripted game
    finally:
        samples._script.cache_clear()


def test_a_game_s_undo_snapshots_and_clones_copy_its_table_without_deepcopy(monkeypatch):
    """``copy.deepcopy`` of the table was most of a step's cost (0.39 ms of Waldgärtner's); the
    pickle round trip gives the same independent copy."""
    deep = []
    real = copy.deepcopy
    monkeypatch.setattr(copy, "deepcopy", lambda *a, **k: deep.append(1) or real(*a, **k))
    state = new_game(Config(3, load_cards()), random.Random(5))
    rng = random.Random(6)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.clone()
    before = copy_table(state.t)
    state.undo()
    assert deep == []
    assert twin.t == before and twin.t is not state.t
    twin.t.garden[0][(9, 9)] = 99  # nested all the way down: the clone's table is its own
    assert (9, 9) not in state.t.garden[0] and (9, 9) not in before.garden[0]
