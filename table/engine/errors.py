"""Precise exception classes of the rules engine (all subclass ValueError, as python-chess does)."""

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


class DataError(ValueError):
    """A data set (tiles, orchards, harvest boards) is malformed or inconsistent.

    ``problems`` lists every problem found; ``str()`` gives one line per problem.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state."""


class ActionParseError(ValueError):
    """Text that is not an action (see ``table.engine.actions``)."""


class RecordError(ValueError):
    """A game record or saved state that cannot be read."""


class ScorePadError(ValueError):
    """A score pad (final scoring input) that cannot be scored."""
