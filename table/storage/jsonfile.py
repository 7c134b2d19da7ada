"""The one JSON reader for every pad and record a person or the table hands in (issue 35).

``applejack-table score``, ``history import``, ``replay``, every game's pad command
(:mod:`table.companion.padfile`) and the history's index of ``records/`` read JSON through
:func:`parse_json`: every number finite and at most :data:`MAX_INT_DIGITS` digits, nesting at most
:data:`MAX_JSON_DEPTH` deep, every string valid Unicode, and **each key once in an object**
(``"honey": 5, "honey": 62`` is refused: Python's ``json`` keeps the last value without a word,
so a pad typed twice would score the second number). Anything else is a :class:`JsonError`
whose ``str()`` is one line naming the file.
"""

from __future__ import annotations

import json
import math
from typing import Any

from table.engine.errors import TableError

MAX_JSON_DEPTH = 32
"""Records and pads nest five levels deep; anything much deeper is not one of ours."""
MAX_INT_DIGITS = 18
"""No count, seed or index in a record or pad comes near 10**18."""


class JsonError(TableError):
    """JSON that is not taken; ``str()`` is one line naming the file (when a name was given)."""


def _no_constant(text: str) -> Any:
    raise JsonError(f"{text} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError(f"number {text[:20]} is out of range")
    return value


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise JsonError(f"number {text[:12]}… has {len(digits)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonError(f"the key {key[:40]!r} appears twice in one object; each key once")
        out[key] = value
    return out


def parse_json(text: str, name: str) -> Any:
    """The JSON value of ``text`` (read from ``name``) with every bound in the module doc;
    JsonError (``NAME: what is wrong``) otherwise."""
    try:
        doc = json.loads(text, parse_int=_bounded_int, parse_float=_finite, parse_constant=_no_constant,
                         object_pairs_hook=_unique_keys)
    except JsonError as exc:
        raise JsonError(f"{name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise JsonError(f"{name}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise JsonError(f"{name}: nested deeper than {MAX_JSON_DEPTH} levels") from None
    except ValueError as exc:  # anything else json refuses (a number of thousands of digits)
        raise JsonError(f"{name}: not JSON: {str(exc)[:100]}") from None
    check_tree(doc, name)
    return doc


def check_tree(doc: Any, name: str) -> None:
    """Walk parsed JSON without recursion: depth bound, strings encodable as UTF-8."""
    todo: list[tuple[Any, int]] = [(doc, 1)]
    while todo:
        node, depth = todo.pop()
        if depth > MAX_JSON_DEPTH:
            raise JsonError(f"{name}: nested deeper than {MAX_JSON_DEPTH} levels")
        if isinstance(node, str):
            _check_str(node, name)
        elif isinstance(node, dict):
            for k, v in node.items():
                _check_str(k, name)
                todo.append((v, depth + 1))
        elif isinstance(node, list):
            todo.extend((v, depth + 1) for v in node)


def _check_str(s: str, name: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise JsonError(f"{name}: text {s[max(0, exc.start - 10):exc.start]!r}… holds a lone surrogate "
                        f"{s[exc.start]!r}, not a character") from None
