"""Data sets: the default loads; every kind of malformed or inconsistent file gives a clear problem."""

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest

from table.engine.errors import DataError
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.events import Harvest
from table.games.applejack.rules.walk import apples_by_space, move_die, turn_positions


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    src = resources.files("table.games.applejack.rules").joinpath("data")
    for name in ("varieties.toml", "tiles.toml", "orchards.toml", "boards.toml"):
        (tmp_path / name).write_text(src.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` (a regular expression) by ``new`` in a data file, ``count`` times."""
    text = path.read_text(encoding="utf-8")
    assert re.search(old, text), old
    path.write_text(re.sub(old, new, text, count=count), encoding="utf-8")


def problems(directory: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_dataset(directory)
    return [str(p) for p in exc.value.problems]


def test_default_data_matches_the_box():
    ds = load_dataset()
    assert len(ds.tiles) == 100
    assert next(v.id for v in ds.varieties) == "brown" and ds.varieties[-1].id == "yellow"
    assert sorted(ds.boards) == [1, 2, 3, 4]
    assert all(1 <= len(t.hive_edges) <= 4 and 0 <= t.blossoms <= 3 for t in ds.tiles)
    assert all(len(t.apples) <= 2 for t in ds.tiles)
    assert any(not t.apples for t in ds.tiles)  # some tiles show blossoms only
    apples = [sum(n for t in ds.tiles for v, n in t.apples if v == i) for i in range(7)]
    assert max(apples) - min(apples) <= 2, apples  # varieties balanced
    # price rises with value
    by_price: dict[int, list[int]] = {}
    for t in ds.tiles:
        by_price.setdefault(t.price, []).append(sum(n for _, n in t.apples) + t.blossoms)
    means = [sum(v) / len(v) for _, v in sorted(by_price.items())]
    assert means == sorted(means)


def test_a_copy_of_the_default_data_loads(data_dir):
    assert len(load_dataset(data_dir).tiles) == 100


def test_missing_file(data_dir):
    (data_dir / "tiles.toml").unlink()
    assert problems(data_dir) == ["tiles.toml: -: file is missing"]


def test_not_toml(data_dir):
    (data_dir / "orchards.toml").write_text("[[orchard]\nid = ", encoding="utf-8")
    (msg,) = problems(data_dir)
    assert msg.startswith("orchards.toml: -: not valid TOML")


def test_every_problem_is_listed_with_file_and_key(data_dir):
    edit(data_dir / "tiles.toml", r"price = \d+", "price = \"two\"")
    edit(data_dir / "tiles.toml", r"blossoms = 0", "blossoms = 7")
    edit(data_dir / "tiles.toml", r"apples = \{ \w+ = ", "apples = { plum = ")
    edit(data_dir / "orchards.toml", r"NE = \{ hive = \d \}", "NE = { hive = 0 }")
    found = problems(data_dir)
    assert "tiles.toml: tile[0] (id 1).price: must be int, got str 'two'" in found
    assert any(p.startswith("tiles.toml: tile[") and "blossoms: must be 0..3, got 7" in p for p in found)
    assert any(p.startswith("tiles.toml: tile[") and ".apples.plum: unknown variety 'plum'" in p for p in found)
    assert "orchards.toml: orchard 'A'.corners.NE.hive: must be an integer 1..9, got 0" in found
    assert len(found) == 4


def test_duplicate_ids_and_bad_hives(data_dir):
    edit(data_dir / "tiles.toml", "id = 2\n", "id = 1\n")
    edit(data_dir / "tiles.toml", r"hives = \[[0-9, ]+\]", "hives = [4, 4, 9]")
    found = problems(data_dir)
    assert any("duplicate tile id 1" in p for p in found)
    assert any("edge 4 listed twice" in p for p in found)
    assert any("edges are 0..5, got 9" in p for p in found)


def test_board_that_breaks_the_nineteen_turns(data_dir):
    edit(data_dir / "boards.toml", "end_space = 6", "end_space = 8")
    found = problems(data_dir)
    assert "boards.toml: board 'two'.end_space: seat 1 gets 20 turns, not 19" in found


def test_board_seat_symbols_must_cycle(data_dir):
    edit(data_dir / "boards.toml", re.escape('{ seat = "triangle", troughs = [2, 3] }'),
         '{ seat = "circle", troughs = [2, 3] }')
    assert any("seat symbols do not cycle" in p for p in problems(data_dir))


def test_board_structure_errors(data_dir):
    edit(data_dir / "boards.toml", re.escape('troughs = [1, 2], apples = ["brown"] }'),
         'troughs = [1, 9], apples = ["x"] }')
    found = problems(data_dir)
    assert any("troughs: must be a list of trough numbers 1..7" in p for p in found)
    assert any("apples: unknown variety 'x'" in p for p in found)


def test_variety_problems(data_dir):
    edit(data_dir / "varieties.toml", 'colour = "#f5d90a"', 'colour = "yellow"')
    edit(data_dir / "varieties.toml", 'mark = "heart"', 'mark = "diamond"')
    found = problems(data_dir)
    assert any("colour: must be an RGB colour" in p for p in found)
    assert any("its own mark" in p for p in found)


def test_a_seat_symbol_is_no_variety_mark(data_dir):
    edit(data_dir / "varieties.toml", 'mark = "heart"', 'mark = "circle"')
    found = problems(data_dir)
    assert any("mark: must be one of diamond, heart, cross, hexagon, plus, moon, drop, got 'circle'" in p
               for p in found), found


def test_default_variety_marks_follow_the_final_harvest_order():
    ds = load_dataset()
    assert [v.mark for v in ds.varieties] == ["diamond", "heart", "cross", "hexagon", "plus", "moon", "drop"]
    assert not {v.mark for v in ds.varieties} & set(SEAT_SYMBOLS)


def test_variety_order_follows_the_final_scoring_example(data_dir):
    """Rows "from brown to yellow" 5, 5, 1, 6, 11, 6, 1: light green (third) and yellow did not pay."""
    ds = load_dataset()
    ids = [v.id for v in ds.varieties]
    assert ids[0] == "brown" and ids[2] == "lightgreen" and ids[6] == "yellow"
    assert ids.index("lightgreen") < ids.index("red")
    text = (data_dir / "varieties.toml").read_text(encoding="utf-8")
    blocks = text.split("[[variety]]")
    blocks[2], blocks[3] = blocks[3], blocks[2]  # orange and light green swapped: light green second
    (data_dir / "varieties.toml").write_text("[[variety]]".join(blocks), encoding="utf-8")
    assert any("'lightgreen' must be variety 3 of the final harvest" in p for p in problems(data_dir))


def test_every_board_crosses_light_green_then_red_in_one_move_on_the_first_loop(data_dir):
    ds = load_dataset()
    g, r = ds.variety("lightgreen").index, ds.variety("red").index
    for board in ds.boards.values():
        first_loop = [d for d in turn_positions(board) if d.pips == 1]
        moves = [move_die(board, d, apples_by_space(board))[1] for d in first_loop[:-1]]
        doubles = [[e.variety for e in ev if isinstance(e, Harvest)] for ev in moves]
        assert [g, r] in doubles, board.id
        assert all(e.pips == 1 for ev in moves for e in ev if isinstance(e, Harvest))
    edit(data_dir / "boards.toml", re.escape('apples = ["lightgreen", "red"]'), 'apples = ["red", "lightgreen"]')
    assert any("cross a lightgreen and then a red apple in one move" in p for p in problems(data_dir))


def test_solo_board_opens_one_trough_on_turn_2_and_turn_4(data_dir):
    """Caption: "In the solo game you may select from this trough in turn 2 and turn 4"."""
    board = load_dataset().boards[1]
    turns = list(turn_positions(board))
    assert len(turns) == 19
    assert set(board.space(turns[1].space).troughs) & set(board.space(turns[3].space).troughs)
    edit(data_dir / "boards.toml", re.escape('troughs = [3, 4], apples = ["pink"]'),
         'troughs = [2, 3], apples = ["pink"]')
    assert any("no trough is open on both turn 2 and turn 4" in p for p in problems(data_dir))


def test_every_trough_is_opened_on_every_loop(data_dir):
    ds = load_dataset()
    for board in ds.boards.values():
        for pips in (1, 2, 3):
            opened = {t for d in turn_positions(board) if d.pips == pips for t in board.space(d.space).troughs}
            assert opened == set(range(1, 8)), (board.id, pips)
    # the old solo board opened (1, 2), (2, 3), ... (6, 7): trough 1 only on turn 1, then it just collected tiles
    text = (data_dir / "boards.toml").read_text(encoding="utf-8")
    head, solo = text.split('id = "solo"')
    spaces = iter(range(1, 7))
    solo = re.sub(r"troughs = \[\d, \d\]", lambda _m: f"troughs = [{(k := next(spaces))}, {k + 1}]", solo)
    assert "troughs = [6, 7]" in solo and "troughs = [7, 1]" not in solo
    (data_dir / "boards.toml").write_text(head + 'id = "solo"' + solo, encoding="utf-8")
    found = problems(data_dir)
    assert any("board 'solo'.spaces: trough(s) 1 are never opened on loop 2" in p for p in found), found


def test_too_few_tiles(data_dir):
    text = (data_dir / "tiles.toml").read_text(encoding="utf-8")
    keep = text.split("[[tile]]")[:60]
    (data_dir / "tiles.toml").write_text("[[tile]]".join(keep), encoding="utf-8")
    assert any("tiles are too few" in p for p in problems(data_dir))


def test_check_data_command_lists_problems_without_a_traceback(data_dir, capsys):
    from table.cli import main

    assert main(["check-data"]) == 0
    edit(data_dir / "tiles.toml", r"price = \d+", "price = -1")
    shutil.copy(data_dir / "tiles.toml", data_dir / "tiles.bak")
    assert main(["check-data", str(data_dir)]) == 1
    err = capsys.readouterr().err
    assert "1 problem(s)" in err and "price: must be 0..9, got -1" in err and "Traceback" not in err
