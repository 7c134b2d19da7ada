"""What a rules' ``Config`` may take from the house instead of writing (``table.engine.protocol``).

:class:`PlainConfig` is the JSON form of a config whose fields are whole numbers, switches and
tuples of whole numbers (the tests' Nim and Colour Die): ``to_dict`` writes every field (a tuple
as a list) and ``from_dict`` reads them back, every field present and of its type, else one
:class:`~table.engine.errors.ConfigError` line naming the form. The game's frozen dataclass
subclasses it, names its ``TITLE`` and checks its own ranges in ``__post_init__``. A config with
more than that (a deck, a card file, keys older records lack) writes its own, as the house's
games do."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, ClassVar, Self

from table.engine.errors import ConfigError


def _kind(hint: Any) -> str:
    """``int``, ``bool`` or ``ints`` (a tuple of whole numbers): the field types a plain config holds."""
    if hint is int or hint is bool:
        return hint.__name__
    if typing.get_origin(hint) is tuple and typing.get_args(hint) == (int, Ellipsis):
        return "ints"
    raise TypeError(f"a PlainConfig field is int, bool or tuple[int, ...], not {hint!r}")


_SHOWN = {"int": "N", "bool": "true|false", "ints": "[N, …]"}
"""How the refusal shows each kind of field."""


class PlainConfig:
    """``to_dict``/``from_dict`` for a frozen dataclass config of whole numbers, switches and
    tuples of whole numbers (see the module doc)."""

    TITLE: ClassVar[str]
    """The game's name in the refusal: "a Nim config is {players: N, heaps: [N, …]}"."""

    @classmethod
    def _kinds(cls) -> dict[str, str]:
        hints = typing.get_type_hints(cls)
        return {f.name: _kind(hints[f.name]) for f in dataclasses.fields(cls)}  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        """Every field by name, a tuple as a list (JSON)."""
        values = {name: getattr(self, name) for name in self._kinds()}
        return {name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}

    @classmethod
    def from_dict(cls, d: Any) -> Self:
        """Read :meth:`to_dict`'s form; :class:`ConfigError` unless every field is there with its
        type (a whole number is not a switch, nor a switch a number)."""
        kinds = cls._kinds()
        if not isinstance(d, dict) or not all(_fits(kind, d.get(name)) for name, kind in kinds.items()):
            shown = ", ".join(f"{name}: {_SHOWN[kind]}" for name, kind in kinds.items())
            raise ConfigError(f"a {cls.TITLE} config is {{{shown}}}")
        return cls(**{name: tuple(d[name]) if kind == "ints" else d[name] for name, kind in kinds.items()})


def _fits(kind: str, value: Any) -> bool:
    if kind == "ints":
        return isinstance(value, list) and all(type(v) is int for v in value)
    return type(value) is (int if kind == "int" else bool)
