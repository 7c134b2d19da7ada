"""Data sets: the default loads; every kind of malformed or inconsistent file gives a clear problem."""

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest

from table.datafiles import load_dataset
from table.engine.errors import DataError


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    src = resources.files("table.engine").joinpath("data")
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
    edit(data_dir / "varieties.toml", 'mark = "triangle"', 'mark = "circle"')
    found = problems(data_dir)
    assert any("colour: must be an RGB colour" in p for p in found)
    assert any("its own mark" in p for p in found)


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
