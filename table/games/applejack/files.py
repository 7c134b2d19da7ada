"""Reading a data set from disk: the I/O half of ``table.games.applejack.rules.data`` (which stays pure).

``load_dataset()`` reads the data set shipped in ``table/games/applejack/rules/data/``; ``load_dataset(DIR)``
reads the four TOML files of a directory (``applejack-table check-data DIR``, ``--data DIR``).
Every way a directory can be wrong — missing, not a directory, a file too large, not UTF-8,
nested so deep that the TOML reader runs out of stack — is a :class:`DataError` naming the
file, never another exception.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from table.companion.gamedef import SampleGame, config_games
from table.engine.errors import DataError, Problem
from table.games.applejack.rules.data import FILES, DataSet
from table.games.applejack.rules.dataparse import parse_dataset
from table.storage.regularfile import NotRegularFile, open_regular

MAX_FILE_BYTES = 1024 * 1024
"""The shipped files are under 10 KB each; a megabyte is room for any honest edit."""


def _read(directory: Path | None, name: str) -> str | None:
    """The file's text, or None when it is missing; other read errors become DataErrors."""
    try:
        if directory is None:
            return resources.files("table.games.applejack.rules").joinpath("data", name).read_text(encoding="utf-8")
        with open_regular(directory / name) as f:  # a named pipe is refused, never waited on
            raw = f.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise DataError([Problem(name, "-", f"larger than {MAX_FILE_BYTES // 1024} KB, not a data file")])
        return raw.decode("utf-8")
    except FileNotFoundError:
        return None
    except NotRegularFile as exc:
        raise DataError([Problem(name, "-", f"is {exc.kind}, not a TOML file")]) from None
    except UnicodeDecodeError as exc:
        raise DataError([Problem(name, "-", f"not UTF-8 text (byte {exc.start + 1})")]) from None
    except OSError as exc:
        raise DataError([Problem(name, "-", f"cannot read: {exc.strerror or exc}")]) from None


def _too_deep(texts: dict[str, str | None]) -> list[Problem]:
    """The files the TOML reader cannot parse for their nesting (it recurses per level)."""
    problems = []
    for name, text in texts.items():
        if text is None:
            continue
        try:
            tomllib.loads(text)
        except RecursionError:
            problems.append(Problem(name, "-", "nested too deeply (arrays or tables inside each other "
                                               "hundreds of levels deep)"))
        except tomllib.TOMLDecodeError:
            pass  # parse_dataset reports it
    return problems


def load_dataset(directory: str | Path | None = None) -> DataSet:
    """Load and validate a data set; ``None`` loads the default one shipped with the package.

    Raises :class:`~table.engine.errors.DataError` listing every problem found.
    """
    path = Path(directory) if directory is not None else None
    if path is not None and not path.is_dir():
        what = "is not a directory" if path.exists() else "no such directory"
        raise DataError([Problem(str(path), "-", f"{what} (a data set is a directory of {', '.join(FILES)})")])
    texts = {name: _read(path, name) for name in FILES}
    source = str(path) if path else "<default data>"
    try:
        return _parsed(tuple(texts[name] for name in FILES), source)
    except RecursionError:
        problems = _too_deep(texts) or [Problem(source, "-", "nested too deeply")]
        raise DataError(problems) from None


@lru_cache(maxsize=8)
def _parsed(texts: tuple[str | None, ...], source: str) -> DataSet:
    """:func:`parse_dataset` of the files' ``texts`` (in ``FILES`` order), once per texts and
    source. The files are read at every :func:`load_dataset` (an edited file is parsed anew); the
    same texts give the same data set, which is frozen, so every game and replay shares it and the
    tables the engine derives from it (``DataSet.memo``): some 25 ms a parse, and those tables
    built again for each. An error is never kept: it is raised again at the next load."""
    return parse_dataset(dict(zip(FILES, texts, strict=True)), source=source)


def sample_games() -> list[SampleGame]:
    """The set-ups the registry suite plays to the end (``tests/test_every_game.py``): two and four
    seats and the solo cottage game on the shipped data set, each as (name, new state, replay)."""
    from table.games.applejack.rules.config import GameConfig
    from table.games.applejack.rules.record import Applejack

    bound = Applejack(load_dataset())
    return config_games(bound, [GameConfig(2), GameConfig(4), ("1p-cottage", GameConfig(1, cottage=True))])
