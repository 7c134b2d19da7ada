"""Precise exception classes of the rules engine.

Every one subclasses :class:`EngineError`, itself a ``ValueError`` (as python-chess does), so a
front end can catch "the engine refused this input" in one clause and a plain ``ValueError``
escaping a parser is a bug, not bad input.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a data file: which file, which key, and what."""

    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}"


class EngineError(ValueError):
    """The base class of the rules engine's errors: bad input the engine refused."""


class DataError(EngineError):
    """A data set (tiles, orchards, harvest boards) is malformed or inconsistent.

    ``problems`` lists every problem found; ``str()`` gives one line per problem.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(EngineError):
    """An action that the rules do not allow in the current state."""


class ActionParseError(EngineError):
    """Text that is not an action (see ``table.games.applejack.rules.actions``)."""


class RecordError(EngineError):
    """A game record or saved state that cannot be read."""


class ScorePadError(EngineError):
    """A score pad (final scoring input) that cannot be scored."""
