"""The one bounded TOML reader for every game's data files (text in, a table or one DataError out).

The rules parse their data files (Applejack's data set, Draft Cider's deck, Waldgärtner's cards)
from text handed to them; the reading from disk stays in each game's ``files.py``. Python's TOML
reader recurses once per level of nesting, so a file of arrays inside arrays hundreds deep would
end in a RecursionError; here it, an oversized text and a nesting deeper than any data file needs
are each a :class:`DataError` naming the file.
"""

from __future__ import annotations

import tomllib
from typing import Any

from table.engine.errors import DataError, Problem

MAX_TEXT = 1024 * 1024
"""Characters in a data file: the shipped ones are under 20 KB, a megabyte is room for any edit."""
MAX_DEPTH = 16
"""Tables and arrays inside each other: the data files use four levels at most."""


def _depth(doc: Any) -> int:
    """How deep tables and arrays nest in ``doc`` (iteratively: no recursion to run out of)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(doc, 1)]
    while todo:
        value, level = todo.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        if isinstance(value, dict):
            todo += [(v, level + 1) for v in value.values() if isinstance(v, dict | list)]
        elif isinstance(value, list):
            todo += [(v, level + 1) for v in value if isinstance(v, dict | list)]
    return deepest


def load_toml(text: Any, source: str) -> dict[str, Any]:
    """``text`` read as TOML; :class:`DataError` (one problem naming ``source``) for anything
    that is not a bounded TOML document."""
    if not isinstance(text, str):
        raise DataError([Problem(source, "-", f"not text but {type(text).__name__}")])
    if len(text) > MAX_TEXT:
        raise DataError([Problem(source, "-", f"larger than {MAX_TEXT // 1024} KB, not a data file")])
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([Problem(source, "-", f"not TOML: {exc}")]) from None
    except RecursionError:
        raise DataError([Problem(source, "-", "nested too deeply (arrays or tables inside each other "
                                              "hundreds of levels deep)")]) from None
    if _depth(doc) > MAX_DEPTH:
        raise DataError([Problem(source, "-", f"nested more than {MAX_DEPTH} levels deep, not a data file")])
    return doc
