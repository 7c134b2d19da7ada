"""The additional tasks at the table (the text's extension, ruling W14): each player is dealt a task
card face down at the start and keeps it secret; after the last round every player shows theirs,
in seat order, and the companion scores them.

The engine deals the tasks as chance actions; the companion fills them with placeholders (the
table's cards are hidden, like a hand card: ``hidden.py``) and, when a player shows a task, puts
it in that seat's deal (swapping it with the seat that held its placeholder), then rebuilds the
game: the same actions, the scores now with the tasks shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from table.companion.labels import is_number, seat_name
from table.companion.protocol import CommandError
from table.games.waldgaertner.hidden import rebuilt
from table.games.waldgaertner.naming import fold
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.setup import WSetup
from table.i18n import _


def deal(e: State) -> None:
    """The task cards dealt face down, one per seat (placeholders: the first ones left)."""
    while not e.is_terminal() and e.step == "task":
        e.apply(e.legal_actions()[0])


def seat_showing(e: State | None, setup: WSetup, cmds: Sequence[str]) -> int:
    """The seat that shows its task card now (after the last round, in seat order), -1 for none."""
    if e is None or not setup.tasks or not e.is_terminal():
        return -1
    shown = sum(1 for c in cmds if c.startswith("task "))
    return shown if shown < e.players else -1


def question(e: State, seat: int) -> str:
    """What the table is asked while the tasks are shown."""
    listed = "; ".join(f"{k + 1} {t.name}" for k, t in enumerate(e.config.cards.tasks))
    return _("{seat} shows their task card: task N ({tasks})").format(seat=seat_name(seat), tasks=listed)


def canonical(e: State, words: list[str], seat: int) -> str:
    """``task 3`` or ``task nitrogen`` (a few letters of the task's words) → ``task 3``."""
    if seat < 0:
        raise CommandError(_("the task cards are shown after the last round"))
    tasks = e.config.cards.tasks
    text = " ".join(words)
    if is_number(text, 2) and 1 <= int(text) <= len(tasks):
        return f"task {int(text)}"
    q = fold(text)
    found = [k for k, t in enumerate(tasks) if q and all(any(w.startswith(p) for w in fold(t.name).split())
                                                          for p in q.split())]
    if len(found) != 1:
        raise CommandError(_("{text}: which task? {tasks}").format(
            text=repr(text), tasks="; ".join(f"{k + 1} {tasks[k].name}" for k in (found or range(len(tasks))))))
    return f"task {found[0] + 1}"


def show(e: State, setup: WSetup, seat: int, task: int, shown: int) -> State:
    """Seat ``seat`` shows task card ``task`` (0-based); ``shown``: how many seats showed before it.
    The game rebuilt with it dealt to that seat (swapped with the placeholder's holder)."""
    deals = [i for i, a in enumerate(e.history) if A.TASK <= a < A.TASK + 16]
    have = [e.history[i] - A.TASK for i in deals]
    if task in have[:shown]:
        raise CommandError(_("task {n} was shown by {seat}").format(n=task + 1, seat=seat_name(have.index(task))))
    history = list(e.history)
    if task in have:
        history[deals[have.index(task)]] = A.TASK + have[seat]
    history[deals[seat]] = A.TASK + task
    return rebuilt(setup, e.config.cards, history)
