"""The table's one error family, and the rules engine's precise classes in it.

:class:`TableError` is the base of every error that means "this input was refused" — a bad
command, record, data file, score pad, name, argument — with a one-line message for the person
at the table. It is a ``ValueError`` (as python-chess's errors are), so callers that relied on
that keep working; front ends catch ``TableError``, so a plain ``ValueError`` or ``TypeError``
escaping a parser is a bug, not bad input. The engine's own errors subclass :class:`EngineError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a data file: which file, which key, and what."""

    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}"


def short_repr(value: Any, limit: int = 40) -> str:
    """A short repr of untrusted input for a refusal's one line (huge ints and long texts cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a huge number"
    text = repr(value) if isinstance(value, str | int | float | bool) or value is None else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


class TableError(ValueError):
    """The base of every refusal of bad input on this table: one line, nothing changed."""


class EngineError(TableError):
    """The base class of the rules engine's errors: bad input the engine refused."""


class DataError(EngineError):
    """A data set (tiles, orchards, harvest boards) is malformed or inconsistent.

    ``problems`` lists every problem found; ``str()`` gives one line per problem.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ConfigError(EngineError):
    """A game set-up (players, options, deck in a record's config) that cannot be played."""


class IllegalActionError(EngineError):
    """An action that the rules do not allow in the current state."""


class ActionParseError(EngineError):
    """Text that is not an action (see ``table.games.applejack.rules.actions``)."""


class RecordError(EngineError):
    """A game record or saved state that cannot be read."""


class ScorePadError(EngineError):
    """A score pad (final scoring input) that cannot be scored."""
