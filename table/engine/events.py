"""The one base of every game's events (issue 19: no game's events subclass another game's).

An event is a small frozen value with a one-line text form (``str(event)``) and a JSON form:
``to_dict()`` gives ``{"type": kind, field: value, …}`` (tuples as lists) and
``table.engine.eventcodec.decode_event`` reads it back.

A game declares an event with :func:`event`: its kind, and its text as a template whose
``{field}`` places the game's words fill in (a seat's name, a card's)::

    @event("zk_mayor_placed", "{seat} places the mayor on {square}", WORDS)
    class MayorPlaced(Event):
        seat: int
        square: int
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

Words = Mapping[str, Callable[[Any], str]]
"""A game's words for event fields by field name (``{"seat": seat_word, "deck": one_based}``)."""

E = TypeVar("E", bound="Event")


def one_based(n: int) -> str:
    """A 0-based index in a record's text, counted from 1 (a deck, a position, a seat's number)."""
    return str(n + 1)


def seat_word(seat: int) -> str:
    """Seat ``seat`` (0-based) in a record's text: ``seat 1`` (English: the record's words; the
    table hears the companion's ``event_words``)."""
    return f"seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class Event:
    """Subclasses are frozen dataclasses with a ``kind`` (their JSON ``type``) and ``__str__``."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d


class _Filled(Mapping[str, str]):
    """An event's fields as words, for ``str.format_map``."""

    def __init__(self, ev: Event, words: Words) -> None:
        self.ev, self.words = ev, words

    def __getitem__(self, name: str) -> str:
        return self.words.get(name, str)(getattr(self.ev, name))

    def __iter__(self) -> Any:
        return iter(f.name for f in dataclasses.fields(self.ev))

    def __len__(self) -> int:
        return len(dataclasses.fields(self.ev))


@dataclass_transform(frozen_default=True)
def event(kind: str, text: str | None = None, words: Words | None = None) -> Callable[[type[E]], type[E]]:
    """Make the class a frozen event of ``kind``; with ``text`` its ``str`` is that template, each
    ``{field}`` filled in by ``words[field]`` where the game has a word for it, else ``str``."""

    def make(cls: type[E]) -> type[E]:
        cls.kind = kind
        if text is not None:
            used = words or {}

            def __str__(self: Event) -> str:
                return text.format_map(_Filled(self, used))

            cls.__str__ = __str__  # type: ignore[method-assign,assignment]
        return dataclass(frozen=True, slots=True)(cls)

    return make
