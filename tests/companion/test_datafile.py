"""The one reader of a game's data file: the shipped file or a given one; anything unreadable is
one DataError line naming the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from table.companion.datafile import MAX_BYTES, load_data_file, read_text
from table.engine.errors import DataError
from table.games.draftcider.files import load_deck
from table.games.waldgaertner.files import load_cards


def _problem(exc: pytest.ExceptionInfo[DataError], path: Path) -> str:
    (problem,) = exc.value.problems
    assert problem.file == str(path)
    return problem.message


def test_a_given_file_is_read_as_text(tmp_path: Path) -> None:
    p = tmp_path / "d.toml"
    p.write_text("a = 'ä'\n", encoding="utf-8")
    assert read_text(p, str(p)) == "a = 'ä'\n"
    assert load_data_file(p, package="x", shipped="-", shipped_name="-", parse=lambda t, n: (t, n)) == (
        "a = 'ä'\n", str(p))


@pytest.mark.parametrize("load", [load_deck, load_cards])
def test_the_shipped_file_loads(load: object) -> None:
    assert callable(load) and load().cards


@pytest.mark.parametrize("load", [load_deck, load_cards])
def test_missing_directory_large_and_binary_files_are_one_line_each(tmp_path: Path, load: object) -> None:
    assert callable(load)
    with pytest.raises(DataError) as exc:
        load(tmp_path / "missing.toml")
    assert _problem(exc, tmp_path / "missing.toml") == "cannot read: No such file or directory"
    with pytest.raises(DataError) as exc:
        load(tmp_path)
    assert _problem(exc, tmp_path) == "cannot read: not a regular file"
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(DataError) as exc:
        load(big)
    assert "larger than" in _problem(exc, big)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataError) as exc:
        load(binary)
    assert _problem(exc, binary).startswith("cannot read: ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(DataError) as exc:
        load_deck(fifo)
    assert _problem(exc, fifo) == "cannot read: not a regular file"
