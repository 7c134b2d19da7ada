"""Refusals of the Applejack companion: :class:`CommandError`, :class:`SetupUnreadable` and the number lists
commands carry."""

from __future__ import annotations

from table.companion.protocol import CommandError
from table.engine.errors import TableError
from table.i18n import _
from table.i18n.labels import is_number

__all__ = ["CommandError", "SetupUnreadable", "parse_numbers"]


class SetupUnreadable(TableError):
    """A journalled game setup this program cannot read (one line saying what is wrong)."""


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if not all(is_number(p) for p in parts):
        raise CommandError(_("not a list of numbers: {text}").format(text=repr(text)))
    return tuple(int(p) for p in parts)

