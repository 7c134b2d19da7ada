"""Reading a data set from disk: the I/O half of ``table.engine.data`` (which stays pure).

``load_dataset()`` reads the data set shipped in ``table/engine/data/``; ``load_dataset(DIR)``
reads the four TOML files of a directory (``applejack-table check-data DIR``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from table.engine.data import FILES, DataSet, parse_dataset


def _read(directory: Path | None, name: str) -> str | None:
    """The file's text, or None when it is missing; other read errors become DataErrors."""
    from table.engine.errors import DataError, Problem

    try:
        if directory is None:
            return resources.files("table.engine").joinpath("data", name).read_text(encoding="utf-8")
        return (directory / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(name, "-", f"cannot read: {exc}")]) from None


def load_dataset(directory: str | Path | None = None) -> DataSet:
    """Load and validate a data set; ``None`` loads the default one shipped with the package.

    Raises :class:`~table.engine.errors.DataError` listing every problem found.
    """
    path = Path(directory) if directory is not None else None
    texts = {name: _read(path, name) for name in FILES}
    return parse_dataset(texts, source=str(path) if path else "<default data>")
