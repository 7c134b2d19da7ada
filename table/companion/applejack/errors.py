"""Refusals of the Applejack companion: :class:`CommandError` and the number lists commands carry."""

from __future__ import annotations

from table.companion.labels import is_number


class CommandError(ValueError):
    """A command that cannot be executed now (the view shows ``str()`` as a hint)."""


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if not all(is_number(p) for p in parts):
        raise CommandError(f"not a list of numbers: {text!r}")
    return tuple(int(p) for p in parts)

