"""The engine's action history at each command, kept without a copy of the whole history per
command.

The companion marks, before every command, where the engine stood (``companion.py``'s marks), so
that undo or a refused command goes back exactly there — and the history itself may be rewritten
by a command (a card the box has but the file lacks, a turned card that stands in for another:
``hidden.py`` rebuilds the engine on other actions). A mark therefore needs the history as it was,
not only its length. Copying it per command made a game's marks grow with the square of its
length (a 7-player game: 660 commands, 217,000 history entries, 1.8 MB).

:class:`HistoryChain` keeps the histories as a chain of shared links: a command that only added
actions keeps a link holding just the added ones, pointing at the link before it; a rewritten
history starts a new chain. A link's whole history is read back only when a mark is restored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, eq=False)
class HistoryLink:
    """The history at one mark: ``parent``'s actions followed by ``added`` (``length`` in all)."""

    parent: HistoryLink | None
    added: tuple[int, ...]
    length: int

    def actions(self) -> tuple[int, ...]:
        """The whole history this link stands for (walks the chain: once per restore)."""
        parts: list[tuple[int, ...]] = []
        link: HistoryLink | None = self
        while link is not None:
            parts.append(link.added)
            link = link.parent
        return tuple(a for part in reversed(parts) for a in part)


class HistoryChain:
    """Makes the :class:`HistoryLink` for the history at each mark, sharing the longest prefix
    with the last link made. ``last_actions`` is the one whole history kept (the last link's), so
    telling an extension from a rewrite costs one comparison of the prefix, not a walk."""

    def __init__(self) -> None:
        self.last: HistoryLink | None = None
        self.last_actions: tuple[int, ...] = ()

    def link(self, history: Sequence[int]) -> HistoryLink:
        """The link for ``history`` (the engine's list of actions now)."""
        n = len(self.last_actions)
        last = self.last
        if last is not None and len(history) >= n and tuple(history[:n]) == self.last_actions:
            made = HistoryLink(last, tuple(history[n:]), len(history)) if len(history) > n else last
        else:
            made = HistoryLink(None, tuple(history), len(history))  # rewritten (or the first): a new chain
        self.last, self.last_actions = made, tuple(history)
        return made

    def back_to(self, link: HistoryLink, actions: tuple[int, ...]) -> None:
        """The history went back to ``link`` (``actions`` is its whole history, just read): the
        next link shares its prefix with it, not with the history that was taken back."""
        self.last, self.last_actions = link, actions
