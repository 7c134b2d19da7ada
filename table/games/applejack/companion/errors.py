"""Refusals of the Applejack companion: :class:`CommandError` and the number lists commands carry."""

from __future__ import annotations

from table.companion.labels import is_number
from table.companion.protocol import CommandError
from table.i18n import _

__all__ = ["CommandError", "parse_numbers"]


def parse_numbers(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if not all(is_number(p) for p in parts):
        raise CommandError(_("not a list of numbers: {text}").format(text=repr(text)))
    return tuple(int(p) for p in parts)

